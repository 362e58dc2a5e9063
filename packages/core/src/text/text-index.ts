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
 * and comments, raw HTML, images and their alt text, definitions.
 */
import type { Node, Root } from 'mdast';
import { isAsciiWhitespace, normalizeLines, normalizeProse, normalizeWithMap } from './normalize.js';

/** Any mdast node, as the walk sees it: the shape shared by mdast, MDX and directive nodes. */
export interface IndexNode {
  type: string;
  children?: IndexNode[];
  value?: string;
  name?: string | null;
  attributes?: unknown;
  data?: unknown;
  position?: Node['position'];
}

/** A text-bearing leaf of the tree. */
export interface IndexLeaf {
  /** The node: `text`, `inlineCode`, `code`, or a directive read as its source text. */
  node: IndexNode;
  /** The string offsets refer to: the node's value, or a directive's restored source. */
  value: string;
  /** What kind of leaf. `directive` leaves are restored directives. */
  kind: 'text' | 'inlineCode' | 'code' | 'directive';
  /** Index of the unit the leaf belongs to. */
  unit: number;
}

/**
 * A stretch of text that a claim may not cross: one prose container (its
 * children are phrasing content), one code block, or one directive fence line.
 */
export interface IndexUnit {
  /** The container: paragraph, heading, table cell, JSX element, leaf directive, code, or container directive (fences). */
  node: IndexNode;
  /** `prose` can be wrapped; `code` and `fence` cannot. */
  kind: 'prose' | 'code' | 'fence';
  /** Offsets of the unit's text in `TextIndex.text`. */
  start: number;
  end: number;
}

/** A directive in the prose with the claim directive's name. */
export interface IndexedClaimDirective {
  node: IndexNode;
  /** `{#id}` or `{id=...}`; undefined when missing. */
  id: string | undefined;
  /** Offsets of its text in `TextIndex.text`. */
  start: number;
  end: number;
  /** Position of the directive in the source, 1-based (0 when unknown). */
  line: number;
  column: number;
}

/** A directive that is not ours, read back as the text its author wrote. */
export interface RestoredDirective {
  node: IndexNode;
  kind: 'textDirective' | 'leafDirective' | 'containerDirective';
  /** Text (text and leaf directives) or opening fence line (containers). */
  text: string;
  /** Closing fence line of a container directive, when it has one. */
  close?: string;
}

/** The index. */
export interface TextIndex {
  /** Normalized text: blocks separated by one blank line, no final line feed. */
  text: string;
  leaves: IndexLeaf[];
  /** Per character of `text`: index into `leaves`, or -1 for separators and collapsed whitespace from breaks. */
  leafAt: Int32Array;
  /** Per character of `text`: offset in the leaf's `value`. */
  offsetAt: Int32Array;
  /** Units in document order. */
  units: IndexUnit[];
  /** Claim directives in document order. */
  claims: IndexedClaimDirective[];
  /** Directives that are not claims, in document order. */
  restored: RestoredDirective[];
}

/** Options for `buildTextIndex`. */
export interface TextIndexOptions {
  /**
   * The document's source. When given, non-claim directives read as the exact
   * source text (sliced by position); otherwise they are serialized from the node.
   */
  source?: string | undefined;
  /** Name of the claim directive. Default `claim`. */
  directive?: string | undefined;
}

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

/** One character source while a unit's text is assembled. */
interface Piece {
  leaf: number;
  text: string;
  /** Offset in the leaf's value of each character of `text`; none when they are equal. */
  map: number[] | undefined;
}

/** Marks where a claim directive starts or ends within a unit's pieces. */
interface Marker {
  directive: number;
  edge: 'start' | 'end';
}

/**
 * A run of index text that comes from one leaf: character `i` of the run is
 * at `map ? map[from + i] : from + i` in the leaf's value.
 */
interface Segment {
  start: number;
  length: number;
  leaf: number;
  from: number;
  map: number[] | undefined;
}

/** A unit's text before it is placed in the index. */
interface UnitText {
  node: IndexNode;
  kind: IndexUnit['kind'];
  text: string;
  /** Runs of `text` that come from leaves, with `start` relative to the unit. */
  segments: Segment[];
  leaves: number[];
  /** Directive edges as offsets in `text`. */
  edges: Array<{ directive: number; edge: 'start' | 'end'; offset: number }>;
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
  return builder.finish();
}

class IndexBuilder {
  readonly source: string | undefined;
  readonly directiveName: string;
  text = '';
  segments: Segment[] = [];
  leaves: IndexLeaf[] = [];
  units: IndexUnit[] = [];
  claims: IndexedClaimDirective[] = [];
  restored: RestoredDirective[] = [];

  constructor(options: TextIndexOptions) {
    this.source = options.source;
    this.directiveName = options.directive ?? 'claim';
  }

  finish(): TextIndex {
    // The per-character maps are only read when a claim is wrapped on a page
    // or a position is reported; build them on first use.
    const text = this.text;
    const segments = this.segments;
    let leafAt: Int32Array | undefined;
    let offsetAt: Int32Array | undefined;
    const build = (): void => {
      leafAt = new Int32Array(text.length).fill(-1);
      offsetAt = new Int32Array(text.length);
      for (const segment of segments) {
        const { start, length, leaf, from, map } = segment;
        leafAt.fill(leaf, start, start + length);
        if (map) for (let index = 0; index < length; index++) offsetAt[start + index] = map[from + index] ?? from + index;
        else for (let index = 0; index < length; index++) offsetAt[start + index] = from + index;
      }
    };
    const index = {
      text,
      leaves: this.leaves,
      units: this.units,
      claims: this.claims,
      restored: this.restored,
    } as Omit<TextIndex, 'leafAt' | 'offsetAt'> as TextIndex;
    SEGMENTS.set(index, segments);
    Object.defineProperty(index, 'leafAt', {
      enumerable: true,
      configurable: true,
      get(): Int32Array {
        if (!leafAt) build();
        return leafAt as Int32Array;
      },
      set(value: Int32Array) {
        leafAt = value;
      },
    });
    Object.defineProperty(index, 'offsetAt', {
      enumerable: true,
      configurable: true,
      get(): Int32Array {
        if (!offsetAt) build();
        return offsetAt as Int32Array;
      },
      set(value: Int32Array) {
        offsetAt = value;
      },
    });
    return index;
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
        this.block([this.code(node)]);
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
          this.block([this.pieces(node, 'prose', [{ leaf, text, map: undefined }], [leaf])]);
          return;
        }
        this.block([this.prose(node, node.children ?? [])]);
        return;
      case 'containerDirective':
        if (!isHandled(node)) {
          const restored = this.restoreContainer(node);
          this.block([this.fence(node, restored.text)]);
          const children = node.children ?? [];
          const first = children[0];
          const label = first && isDirectiveLabel(first);
          for (const child of label ? children.slice(1) : children) this.flow(child);
          if (restored.close !== undefined) this.block([this.fence(node, restored.close)]);
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
    if (this.text.length > 0) this.emitSeparator('\n\n');
    for (const part of parts) {
      if (typeof part === 'string') this.emitSeparator(part);
      else this.place(part);
    }
  }

  emitSeparator(value: string): void {
    this.text += value;
  }

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
  }

  leaf(node: IndexNode, value: string, kind: IndexLeaf['kind']): number {
    this.leaves.push({ node, value, kind, unit: -1 });
    return this.leaves.length - 1;
  }

  /** Text of a code block: lines verbatim with trailing spaces trimmed. */
  code(node: IndexNode): UnitText {
    const value = node.value ?? '';
    const leaf = this.leaf(node, value, 'code');
    const { text: nfc, map } = normalizeWithMap(value);
    const lines: string[] = [];
    const segments: Segment[] = [];
    let length = 0;
    let lineStart = 0;
    for (;;) {
      let lineEnd = nfc.indexOf('\n', lineStart);
      if (lineEnd === -1) lineEnd = nfc.length;
      let contentEnd = lineEnd;
      // Trailing spaces (and a CR before the LF) are layout, not code.
      while (contentEnd > lineStart && isAsciiWhitespace(nfc.charCodeAt(contentEnd - 1))) contentEnd--;
      if (lines.length > 0) length += 1;
      lines.push(nfc.slice(lineStart, contentEnd));
      if (contentEnd > lineStart) segments.push({ start: length, length: contentEnd - lineStart, leaf, from: lineStart, map });
      length += contentEnd - lineStart;
      if (lineEnd === nfc.length) break;
      lineStart = lineEnd + 1;
    }
    // Blank lines at the end of a code block are layout.
    while (lines.length > 1 && lines.at(-1) === '') lines.pop();
    const text = lines.join('\n');
    return { node, kind: 'code', text, segments: segments.filter((segment) => segment.start < text.length), leaves: [leaf], edges: [] };
  }

  fence(node: IndexNode, value: string): UnitText {
    const text = normalizeProse(value);
    return { node, kind: 'fence', text, segments: [], leaves: [], edges: [] };
  }

  /** Text of a prose container from its phrasing children. */
  prose(node: IndexNode, children: IndexNode[]): UnitText {
    const pieces: Array<Piece | Marker> = [];
    const leaves: number[] = [];
    this.phrasing(children, pieces, leaves);
    return this.pieces(node, 'prose', pieces, leaves);
  }

  phrasing(children: IndexNode[], pieces: Array<Piece | Marker>, leaves: number[]): void {
    for (const child of children) {
      const type = child.type;
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
          this.phrasing(child.children ?? [], pieces, leaves);
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

  /** Join pieces, making every run of whitespace one space and trimming the ends. */
  pieces(node: IndexNode, kind: IndexUnit['kind'], pieces: Array<Piece | Marker>, leaves: number[]): UnitText {
    const segments: Segment[] = [];
    const edges: UnitText['edges'] = [];
    // Concatenation, not an array joined at the end: V8 builds it as a rope.
    let text = '';
    // The first whitespace of a pending run: it becomes one space if more text follows.
    let pendingLeaf = -2;
    let pendingOffset = 0;
    for (const piece of pieces) {
      if ('directive' in piece) {
        const pendingSpace = pendingLeaf !== -2 && text.length > 0;
        edges.push({ directive: piece.directive, edge: piece.edge, offset: text.length + (piece.edge === 'start' && pendingSpace ? 1 : 0) });
        continue;
      }
      const value = piece.text;
      const size = value.length;
      if (size === 0) continue;
      if (!DOUBLE_WHITESPACE.test(value)) {
        // Common case: single whitespace characters only. One at either end
        // starts a pending space; each inside becomes a space at its offset.
        const lead = isAsciiWhitespace(value.charCodeAt(0)) ? 1 : 0;
        if (lead === 1 && pendingLeaf === -2) {
          pendingLeaf = piece.leaf;
          pendingOffset = piece.map ? (piece.map[0] ?? 0) : 0;
        }
        if (lead === size) continue;
        const end = isAsciiWhitespace(value.charCodeAt(size - 1)) ? size - 1 : size;
        if (pendingLeaf !== -2 && text.length > 0) {
          if (pendingLeaf >= 0) pushSegment(segments, text.length, 1, pendingLeaf, pendingOffset, undefined);
          text += ' ';
        }
        const body = lead === 0 && end === size ? value : value.slice(lead, end);
        if (piece.leaf >= 0) pushSegment(segments, text.length, end - lead, piece.leaf, lead, piece.map);
        text += OTHER_WHITESPACE.test(body) ? body.replace(OTHER_WHITESPACE_ALL, ' ') : body;
        if (end < size) {
          pendingLeaf = piece.leaf;
          pendingOffset = piece.map ? (piece.map[end] ?? end) : end;
        } else {
          pendingLeaf = -2;
        }
        continue;
      }
      let at = 0;
      for (;;) {
        // The next run of ASCII whitespace: [runEnd, next).
        WHITESPACE_RUN.lastIndex = at;
        const run = WHITESPACE_RUN.exec(value);
        const runEnd = run ? run.index : size;
        if (runEnd > at) {
          if (pendingLeaf !== -2 && text.length > 0) {
            if (pendingLeaf >= 0) pushSegment(segments, text.length, 1, pendingLeaf, pendingOffset, undefined);
            text += ' ';
          }
          pendingLeaf = -2;
          if (piece.leaf >= 0) pushSegment(segments, text.length, runEnd - at, piece.leaf, at, piece.map);
          text += at === 0 && runEnd === size ? value : value.slice(at, runEnd);
        }
        if (runEnd === size) break;
        if (pendingLeaf === -2) {
          pendingLeaf = piece.leaf;
          pendingOffset = piece.map ? (piece.map[runEnd] ?? runEnd) : runEnd;
        }
        at = WHITESPACE_RUN.lastIndex;
      }
    }
    // An edge recorded past trimmed trailing whitespace points at the end, and
    // an empty directive starts where it ends.
    const ends = new Map<number, number>();
    for (const edge of edges) {
      if (edge.offset > text.length) edge.offset = text.length;
      if (edge.edge === 'end') ends.set(edge.directive, edge.offset);
    }
    for (const edge of edges) {
      const end = ends.get(edge.directive);
      if (edge.edge === 'start' && end !== undefined && edge.offset > end) edge.offset = end;
    }
    return { node, kind, text, segments, leaves, edges };
  }

  /** The text a directive that is not ours reads as. */
  restore(node: IndexNode): string {
    const kind = node.type as RestoredDirective['kind'];
    const sliced = this.slice(node);
    const text = sliced ?? serializeDirective(node);
    this.restored.push({ node, kind, text });
    return text;
  }

  restoreContainer(node: IndexNode): { text: string; close?: string } {
    const sliced = this.slice(node);
    let text: string;
    let close: string | undefined;
    if (sliced === undefined) {
      text = serializeDirective(node);
      close = ':::';
    } else {
      const lines = normalizeLines(sliced).split('\n');
      text = lines[0] ?? '';
      const last = lines.length > 1 ? lines.at(-1) : undefined;
      if (last !== undefined && /^\s*:{3,}\s*$/.test(last)) close = last.trim();
    }
    const restored: RestoredDirective = { node, kind: 'containerDirective', text };
    if (close !== undefined) restored.close = close;
    this.restored.push(restored);
    return close === undefined ? { text } : { text, close };
  }

  slice(node: IndexNode): string | undefined {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (this.source === undefined || start === undefined || end === undefined || end < start) return undefined;
    return this.source.slice(start, end);
  }
}

/** Two ASCII whitespace characters in a row. */
const DOUBLE_WHITESPACE = /[ \t\n\r\f\v]{2}/;
/** A run of ASCII whitespace (searched from `lastIndex`). */
const WHITESPACE_RUN = /[ \t\n\r\f\v]+/g;
/** ASCII whitespace other than the space. */
const OTHER_WHITESPACE = /[\t\n\r\f\v]/;
const OTHER_WHITESPACE_ALL = /[\t\n\r\f\v]/g;

/** The segments of an index built by `buildTextIndex`, sorted by start and not overlapping. */
const SEGMENTS = new WeakMap<TextIndex, Segment[]>();

/** Append a segment, extending the last one when it continues it in both the text and the leaf. */
function pushSegment(segments: Segment[], start: number, length: number, leaf: number, from: number, map: number[] | undefined): void {
  const last = segments[segments.length - 1];
  if (last && last.leaf === leaf && last.map === map && last.start + last.length === start && last.from + last.length === from) {
    last.length += length;
    return;
  }
  segments.push({ start, length, leaf, from, map });
}

/** The segment holding character `offset` of the index text, or undefined (separators). */
function segmentAt(segments: Segment[], offset: number): Segment | undefined {
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const segment = segments[middle] as Segment;
    if (offset < segment.start) high = middle - 1;
    else if (offset >= segment.start + segment.length) low = middle + 1;
    else return segment;
  }
  return undefined;
}

/**
 * The leaf a character of the index comes from: `index.leafAt[offset]`
 * without building the per-character map.
 * @param index a text index.
 * @param offset an offset in `index.text`.
 * @returns an index into `index.leaves`, or -1 (separators, out of range).
 */
export function leafIndexAt(index: TextIndex, offset: number): number {
  const segments = SEGMENTS.get(index);
  if (!segments) return index.leafAt[offset] ?? -1;
  if (!(offset >= 0 && offset < index.text.length)) return -1;
  return segmentAt(segments, offset)?.leaf ?? -1;
}

/**
 * Where a character of the index is in its leaf's value: `index.offsetAt[offset]`
 * without building the per-character map.
 * @param index a text index.
 * @param offset an offset in `index.text`.
 * @returns the offset in the leaf's value (0 for separators and out of range).
 */
export function leafOffsetAt(index: TextIndex, offset: number): number {
  const segments = SEGMENTS.get(index);
  if (!segments) return index.offsetAt[offset] ?? 0;
  if (!(offset >= 0 && offset < index.text.length)) return 0;
  const segment = segmentAt(segments, offset);
  if (!segment) return 0;
  const within = segment.from + (offset - segment.start);
  return segment.map ? (segment.map[within] ?? within) : within;
}

/**
 * Whether another plugin already turned a directive into something
 * (Starlight's convention: it set `data`). Such directives are left alone.
 */
function isHandled(node: IndexNode): boolean {
  const data = node.data as { hName?: unknown; hProperties?: unknown } | undefined;
  return Boolean(data && (data.hName !== undefined || data.hProperties !== undefined));
}

function isDirectiveLabel(node: IndexNode): boolean {
  const data = node.data as { directiveLabel?: unknown } | undefined;
  return node.type === 'paragraph' && Boolean(data?.directiveLabel);
}

/**
 * The id of a claim directive: `{#id}` or `{id=id}` (both give the `id` attribute).
 * @param node a directive node.
 * @returns the id, or undefined.
 */
export function directiveId(node: IndexNode): string | undefined {
  const attributes = node.attributes as Record<string, unknown> | null | undefined;
  const id = attributes?.['id'];
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

/**
 * Serialize a directive back to Markdown-like source when no source text is
 * at hand: `:name[label]{attributes}` with `::` for leaf and `:::` for container directives.
 * @param node a directive node.
 * @returns its source form.
 */
export function serializeDirective(node: IndexNode): string {
  const colons = node.type === 'containerDirective' ? ':::' : node.type === 'leafDirective' ? '::' : ':';
  let label = '';
  const children = node.type === 'containerDirective' ? (node.children?.[0] && isDirectiveLabel(node.children[0]) ? node.children[0].children : []) : node.children;
  if (children && children.length > 0) label = `[${plainText(children)}]`;
  const attributes = node.attributes as Record<string, unknown> | null | undefined;
  const pairs = Object.entries(attributes ?? {}).filter(([, value]) => typeof value === 'string');
  let attrs = '';
  if (pairs.length > 0) {
    attrs = `{${pairs
      .map(([key, value]) => (key === 'id' ? `#${String(value)}` : key === 'class' ? String(value).split(/\s+/).map((name) => `.${name}`).join(' ') : value === '' ? key : `${key}="${String(value)}"`))
      .join(' ')}}`;
  }
  return `${colons}${node.name ?? ''}${label}${attrs}`;
}

function plainText(nodes: IndexNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node.value === 'string' && (node.type === 'text' || node.type === 'inlineCode')) text += node.value;
    else if (node.children) text += plainText(node.children);
  }
  return text;
}

/**
 * The source position of a character of the index (approximate inside leaves
 * whose value differs from the source, e.g. after character references).
 * @param index the text index.
 * @param offset an offset in `index.text`.
 * @returns 1-based line and column, or undefined when the tree has no positions.
 */
export function locateOffset(index: TextIndex, offset: number): { line: number; column: number } | undefined {
  let at = Math.min(Math.max(offset, 0), index.text.length - 1);
  // Separators have no leaf: use the next character that has one.
  while (at < index.text.length && leafIndexAt(index, at) < 0) at++;
  const leafIndex = leafIndexAt(index, at);
  const leaf = index.leaves[leafIndex];
  const start = leaf?.node.position?.start;
  if (!leaf || !start) return undefined;
  const within = leafOffsetAt(index, at);
  const before = leaf.value.slice(0, within);
  const newlines = before.split('\n').length - 1;
  const lead = leaf.kind === 'inlineCode' ? 1 : 0;
  // Fenced code starts on the line after the fence.
  if (leaf.kind === 'code') return { line: start.line + 1 + newlines, column: within - before.lastIndexOf('\n') };
  if (newlines === 0) return { line: start.line, column: start.column + lead + within };
  return { line: start.line + newlines, column: within - before.lastIndexOf('\n') };
}
