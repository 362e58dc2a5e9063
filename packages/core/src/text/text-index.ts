/**
 * The text index: a chapter's text as the reader reads it, with a map from
 * every character back to the syntax tree leaf it came from.
 *
 * One walk over plain mdast gives both the snapshot (the index's `text` plus
 * a final line feed) and what the page transform needs to wrap a claim: for
 * each character its leaf and offset in that leaf. The model and the page
 * build their index with this same function, so a quote found in one is found
 * in the other (up to smart punctuation, which anchoring folds away).
 *
 * What is in: headings, paragraphs, list items, block quotes, table cells (a
 * row's cells joined with ` | `), footnote definitions, code blocks (lines
 * verbatim, trailing spaces trimmed), MDX JSX elements' text, the text of
 * claim directives. Non-claim directives are read as their source text (they
 * are restored on the page). What is out: frontmatter, ESM, MDX expressions
 * and comments, raw HTML, images and their alt text, definitions; where an
 * MDX expression or a childless component stood in prose is kept
 * (`omitted`), so that a claim holding one can be told of it.
 *
 * This file is the walk; a unit's text is joined in `unit-text.ts`, the map
 * back to the leaves is `leaf-map.ts`, directives read as text in
 * `directive-text.ts`.
 */
import type { Root } from 'mdast';
import { containerFences, directiveId, isDirectiveLabel, isHandled, serializeDirective, sourceText } from './directive-text.js';
import { createTextIndex } from './leaf-map.js';
import { normalizeWithMap } from './normalize.js';
import type { IndexLeaf, IndexNode, IndexUnit, IndexedClaimDirective, OmittedInline, RestoredDirective, Segment, TextIndex, TextIndexOptions } from './text-index-types.js';
import { codeText, fenceText, joinPieces, type Gap, type Marker, type Piece, type UnitText } from './unit-text.js';

export type { IndexLeaf, IndexNode, IndexUnit, IndexedClaimDirective, OmittedInline, RestoredDirective, TextIndex, TextIndexOptions } from './text-index-types.js';

const SKIPPED_FLOW = new Set(['yaml', 'toml', 'mdxjsEsm', 'mdxFlowExpression', 'html', 'thematicBreak', 'definition', 'math']);
const SKIPPED_PHRASING = new Set([
  'image',
  'imageReference',
  'html',
  'mdxTextExpression',
  'footnoteReference',
  'inlineMath',
  // Childless nodes a plugin made (claim markers and popovers on a re-run).
  'researchClaimMarker',
  'researchClaimPopover',
]);
const FLOW_TYPES = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'list',
  'listItem',
  'code',
  'table',
  'thematicBreak',
  'html',
  'definition',
  'footnoteDefinition',
  'mdxJsxFlowElement',
  'mdxFlowExpression',
  'mdxjsEsm',
  'containerDirective',
  'leafDirective',
  'math',
  'yaml',
  'toml',
]);

/**
 * Inline content whose output only the rendered page knows: an MDX
 * expression that is not a comment nor a string of spaces (`{count}`), or a
 * component without children (`<Version />`; not an HTML element such as
 * `<br />`, `<wbr />` or `<img />`, whose name is in lower case).
 */
function isOmittedInline(node: IndexNode): boolean {
  // Not a comment, nor a string of spaces (`{" "}`, JSX's way to keep a space).
  if (node.type === 'mdxTextExpression') return !/^\s*(?:\/\*[\s\S]*\*\/\s*|(["'`])\s*\1\s*)?$/.test(node.value ?? '');
  // A component (`<Version />`, `<ui.Price />`), not an HTML element (`<wbr />`, `<a id="x" />`), whose name is in lower case.
  return node.type === 'mdxJsxTextElement' && typeof node.name === 'string' && /^[A-Z]|\./.test(node.name) && (node.children?.length ?? 0) === 0;
}

/** `<br>` as raw HTML, or `<br />` as an MDX element: a line break. */
function isLineBreakTag(node: IndexNode): boolean {
  if (node.type === 'html') return /^<br\s*\/?>$/i.test(node.value ?? '');
  return node.type === 'mdxJsxTextElement' && node.name === 'br' && (node.children?.length ?? 0) === 0;
}

/**
 * Build the text index of a chapter's mdast.
 * @param root the mdast root (from Sätteri or remark; read only).
 * @param options the source, for restoring directives exactly.
 * @returns the index.
 */
export function buildTextIndex(root: Root | IndexNode, options: TextIndexOptions = {}): TextIndex {
  const builder = new IndexBuilder(options);
  builder.flow(root as IndexNode);
  return createTextIndex({ text: builder.text, leaves: builder.leaves, units: builder.units, claims: builder.claims, restored: builder.restored, omitted: builder.omitted }, builder.segments);
}

/**
 * The leaves of a prose container (a paragraph, heading, table cell or JSX
 * element of phrasing) as `buildTextIndex` reads them: its text and inline
 * code nodes, in document order, and its claim directives. A page that
 * knows where the model found a claim among them (`ClaimPlace.leaves`) cuts
 * them there, with no index.
 * @param node the container (read only).
 * @param directive the name of the claim directive (default `claim`).
 * @returns the leaves and claim directives, or undefined when the container holds another directive or flow content (only its index says how those read).
 */
export function proseLeaves(node: IndexNode, directive = 'claim'): ProseLeaves | undefined {
  const found: ProseLeaves = { leaves: [], claims: [] };
  const walk = (children: readonly IndexNode[]): boolean => {
    for (const child of children) {
      const type = child.type;
      if (SKIPPED_PHRASING.has(type)) continue;
      if (type === 'text' || type === 'inlineCode') found.leaves.push(child);
      else if (FLOW_TYPES.has(type) || (type === 'textDirective' && child.name !== directive)) return false;
      else {
        if (type === 'textDirective') found.claims.push(child);
        if (child.children && !walk(child.children)) return false;
      }
    }
    return true;
  };
  return walk(node.children ?? []) ? found : undefined;
}

/** What `proseLeaves` finds in a container. */
export interface ProseLeaves {
  /** Text and inline code nodes, in document order. */
  leaves: IndexNode[];
  /** Claim directives, in document order. */
  claims: IndexNode[];
}

/** The walk: reads the tree once, placing each unit's text in the index as it goes. */
class IndexBuilder {
  readonly source: string | undefined;
  readonly directiveName: string;
  text = '';
  segments: Segment[] = [];
  leaves: IndexLeaf[] = [];
  units: IndexUnit[] = [];
  claims: IndexedClaimDirective[] = [];
  restored: RestoredDirective[] = [];
  omitted: OmittedInline[] = [];
  /** The claim directives the walk is inside, innermost last. */
  open: number[] = [];

  constructor(options: TextIndexOptions) {
    this.source = options.source;
    this.directiveName = options.directive ?? 'claim';
  }

  /** Walk flow content: everything that is not inside a paragraph-like container. */
  flow(node: IndexNode): void {
    const type = node.type;
    if (SKIPPED_FLOW.has(type)) return;
    switch (type) {
      case 'paragraph':
      case 'heading':
        this.block([this.prose(node, node.children ?? [])]);
        return;
      case 'code':
        this.block([codeText(node, this.leaf(node, node.value ?? '', 'code'))]);
        return;
      case 'table': {
        // One block: rows on their own lines, a row's cells joined with ` | `.
        const parts: Array<UnitText | string> = [];
        for (const row of node.children ?? []) {
          if (parts.length > 0) parts.push('\n');
          (row.children ?? []).forEach((cell, column) => {
            if (column > 0) parts.push(' | ');
            parts.push(this.prose(cell, cell.children ?? []));
          });
        }
        this.block(parts);
        return;
      }
      case 'leafDirective':
        if (!isHandled(node)) {
          const text = this.restore(node);
          const leaf = this.leaf(node, text, 'directive');
          this.block([joinPieces(node, 'prose', [{ leaf, text, map: undefined }], [leaf])]);
          return;
        }
        this.block([this.prose(node, node.children ?? [])]);
        return;
      case 'containerDirective':
        if (!isHandled(node)) {
          const fences = containerFences(node, this.source);
          const restored: RestoredDirective = { node, kind: 'containerDirective', text: fences.text };
          if (fences.close !== undefined) restored.close = fences.close;
          this.restored.push(restored);
          this.block([fenceText(node, fences.text)]);
          const children = node.children ?? [];
          const first = children[0];
          const label = first && isDirectiveLabel(first);
          for (const child of label ? children.slice(1) : children) this.flow(child);
          if (fences.close !== undefined) this.block([fenceText(node, fences.close)]);
          return;
        }
        break;
      case 'mdxJsxFlowElement': {
        const children = node.children ?? [];
        if (children.length > 0 && !children.some((child) => FLOW_TYPES.has(child.type))) {
          this.block([this.prose(node, children)]);
          return;
        }
        break;
      }
      default:
        break;
    }
    const children = node.children;
    if (!children) return;
    let run: IndexNode[] = [];
    for (const child of children) {
      if (FLOW_TYPES.has(child.type) || child.type === 'root') {
        if (run.length > 0) this.block([this.prose(node, run)]);
        run = [];
        this.flow(child);
      } else {
        // Phrasing content directly in a flow container (rare: MDX, or a plugin's node).
        run.push(child);
      }
    }
    if (run.length > 0) this.block([this.prose(node, run)]);
  }

  /** Place one block's units (and separators between them) in the index, after a blank line. */
  block(parts: Array<UnitText | string>): void {
    if (parts.every((part) => typeof part === 'string' || part.text.length === 0)) {
      // Still register units so claim directives inside empty containers are known.
      for (const part of parts) if (typeof part !== 'string') this.place(part);
      return;
    }
    if (this.text.length > 0) this.text += '\n\n';
    for (const part of parts) {
      if (typeof part === 'string') this.text += part;
      else this.place(part);
    }
  }

  /** Append a unit's text to the index, with its leaves, segments and directive edges. */
  place(part: UnitText): void {
    const start = this.text.length;
    const unit = this.units.length;
    this.units.push({ node: part.node, kind: part.kind, start, end: start + part.text.length });
    for (const leaf of part.leaves) {
      const entry = this.leaves[leaf];
      if (entry) entry.unit = unit;
    }
    this.text += part.text;
    for (const segment of part.segments) {
      segment.start += start;
      this.segments.push(segment);
    }
    for (const edge of part.edges) {
      const claim = this.claims[edge.directive];
      if (!claim) continue;
      if (edge.edge === 'start') claim.start = start + edge.offset;
      else claim.end = start + edge.offset;
    }
    if (part.gaps) for (const gap of part.gaps) {
      const omitted = this.omitted[gap.omitted];
      if (omitted) omitted.offset = start + gap.offset;
    }
  }

  leaf(node: IndexNode, value: string, kind: IndexLeaf['kind']): number {
    this.leaves.push({ node, value, kind, unit: -1 });
    return this.leaves.length - 1;
  }

  /** Text of a prose container from its phrasing children. */
  prose(node: IndexNode, children: IndexNode[]): UnitText {
    const pieces: Array<Piece | Marker | Gap> = [];
    const leaves: number[] = [];
    this.phrasing(children, pieces, leaves);
    return joinPieces(node, 'prose', pieces, leaves);
  }

  phrasing(children: IndexNode[], pieces: Array<Piece | Marker | Gap>, leaves: number[]): void {
    for (const child of children) {
      const type = child.type;
      // A line break written as HTML (`<br>`, `<br />` in MDX) reads as the Markdown one does: a space.
      if (isLineBreakTag(child)) {
        pieces.push({ leaf: -1, text: ' ', map: undefined });
        continue;
      }
      if (isOmittedInline(child)) {
        pieces.push({ omitted: this.omitted.length });
        this.omitted.push({ node: child, offset: -1, claims: [...this.open] });
        continue;
      }
      if (SKIPPED_PHRASING.has(type)) continue;
      if (type === 'text' || type === 'inlineCode') {
        const value = child.value ?? '';
        const leaf = this.leaf(child, value, type);
        leaves.push(leaf);
        const { text, map } = normalizeWithMap(value);
        pieces.push({ leaf, text, map });
        continue;
      }
      if (type === 'break') {
        pieces.push({ leaf: -1, text: ' ', map: undefined });
        continue;
      }
      if (type === 'textDirective') {
        if (child.name === this.directiveName) {
          const directive = this.claims.length;
          const point = child.position?.start;
          this.claims.push({
            node: child,
            id: directiveId(child),
            start: -1,
            end: -1,
            line: point?.line ?? 0,
            column: point?.column ?? 0,
          });
          pieces.push({ directive, edge: 'start' });
          this.open.push(directive);
          this.phrasing(child.children ?? [], pieces, leaves);
          this.open.pop();
          pieces.push({ directive, edge: 'end' });
          continue;
        }
        if (!isHandled(child)) {
          const value = this.restore(child);
          const leaf = this.leaf(child, value, 'directive');
          leaves.push(leaf);
          const { text, map } = normalizeWithMap(value);
          pieces.push({ leaf, text, map });
          continue;
        }
      }
      if (child.children) this.phrasing(child.children, pieces, leaves);
    }
  }

  /** The text a text or leaf directive that is not ours reads as, recorded as restored. */
  restore(node: IndexNode): string {
    const text = sourceText(node, this.source) ?? serializeDirective(node);
    this.restored.push({ node, kind: node.type as RestoredDirective['kind'], text });
    return text;
  }
}
