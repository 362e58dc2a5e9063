/**
 * The processor-neutral claim transform. It reads an mdast tree (never
 * changes it) and says what to change: which prose containers get new
 * children (claims wrapped, directives that are not ours restored as text),
 * and which directive blocks are replaced. The Sätteri and remark adapters
 * only apply these edits, so both pipelines produce the same tree.
 */
import {
  buildTextIndex,
  leafIndexAt,
  leafOffsetAt,
  findExact,
  fold,
  fromFolded,
  normalizeProse,
  prepareSearch,
  type ChapterAnnotations,
  type ClaimAnnotation,
  type IndexLeaf,
  type IndexNode,
  type QuoteAnnotationAnchor,
  type RestoredDirective,
  type SearchText,
  type TextIndex,
} from '@research-pack/core';
import type { Element } from 'hast';
import type { Root } from 'mdast';
import type { ResearchClaim, ResearchClaimMarker, ResearchClaimPopover } from './types.js';

/** Replace the children of a prose container (paragraph, heading, table cell, JSX element). */
export interface ChildrenEdit {
  kind: 'children';
  node: IndexNode;
  children: IndexNode[];
}

/** Replace a node (a directive that is not ours) by other nodes. */
export interface ReplaceEdit {
  kind: 'replace';
  node: IndexNode;
  parent: IndexNode;
  nodes: IndexNode[];
}

/** One change to the tree. Edits never overlap: no edit's node is inside another's. */
export type ClaimEdit = ChildrenEdit | ReplaceEdit;

/** Options for `planClaimEdits`. */
export interface PlanOptions {
  /** The document's source, to restore directives exactly as written. */
  source?: string | undefined;
  /** Name of the claim directive. Default `claim`. */
  directive?: string | undefined;
  /** Restore directives that are not claims as their source text. Default true. */
  restoreDirectives?: boolean | undefined;
  /**
   * Where claim popovers go: `'inline'` (default) puts each popover in the
   * claim's wrapper, after its marker; `'page'` leaves it out, for the page to
   * render once elsewhere (the marker's `popovertarget` still names its id).
   */
  popovers?: 'inline' | 'page' | undefined;
  /**
   * Read every block of the page. By default only the blocks that hold a
   * claim (where the model placed it) or may hold a directive are read, and
   * the whole page only when that could differ; the edits are the same.
   */
  wholeTree?: boolean | undefined;
}

/** Annotations of a file that is not a chapter: nothing to mark. */
const NO_CLAIMS: ChapterAnnotations = { chapter: '', file: '', claims: [] };

/**
 * Compute the edits that only restore directives, in a file that is not a
 * chapter: every directive, `:claim` included, reads as its source text.
 * @param root the file's mdast (read only).
 * @param options the source.
 * @returns the edits.
 */
export function planDirectiveRestoration(root: Root | IndexNode, options: Pick<PlanOptions, 'source'> = {}): ClaimEdit[] {
  // No directive has an empty name, so every directive is restored.
  return new Planner(root as IndexNode, NO_CLAIMS, { source: options.source, directive: '' }).plan();
}

/** A claim that cannot be placed on the page, with where it is. */
export class ClaimAnchorError extends Error {
  /** 1-based line in the chapter (0 when unknown). */
  line: number;
  /** 1-based column in the chapter (0 when unknown). */
  column: number;
  /** The claim, when the error is about one. */
  claim: string | undefined;
  /** Stable rule id, e.g. `anchor/page-orphan`. */
  ruleId: string;

  constructor(message: string, place: { line: number; column: number; claim?: string | undefined; ruleId: string }) {
    super(message);
    this.name = 'ClaimAnchorError';
    this.line = place.line;
    this.column = place.column;
    this.claim = place.claim;
    this.ruleId = place.ruleId;
  }
}

/** A quote claim located on the page: leaf boundaries of its text. */
interface PlacedQuote {
  annotation: ClaimAnnotation;
  /** Offsets in the index text. */
  start: number;
  end: number;
  startLeaf: IndexNode;
  startOffset: number;
  endLeaf: IndexNode;
  endOffset: number;
}

/** A piece of inline content after splitting, with the inline parents it sits in. */
interface Atom {
  node: IndexNode;
  /** Original inline parents (and claim directives), outermost first; quote wrappers are inserted later. */
  chain: object[];
  /** For text pieces: the original leaf and the piece's offsets in its value. */
  leaf?: IndexNode;
  from?: number;
  to?: number;
}

/** Stands for a quote claim's wrapper in an atom's chain. */
interface QuoteKey {
  quote: PlacedQuote;
}

/**
 * Compute the edits that mark a chapter's claims and restore the directives that are not claims.
 * @param root the chapter's mdast (read only).
 * @param annotations the chapter's annotations from the core.
 * @param options the source, and the claim directive's name.
 * @returns the edits, in document order.
 * @throws {ClaimAnchorError} when a claim cannot be found on the page, or a claim directive is unknown.
 */
export function planClaimEdits(root: Root | IndexNode, annotations: ChapterAnnotations, options: PlanOptions = {}): ClaimEdit[] {
  const blocks = options.wholeTree ? undefined : claimBlocks(root, annotations, options.source);
  if (blocks) {
    try {
      return new Planner(blocks, annotations, options, root as IndexNode).plan();
    } catch (error) {
      // Whatever went wrong, the whole page says it precisely (or finds the claim after all).
      if (!(error instanceof ClaimAnchorError)) throw error;
    }
  }
  return new Planner(root as IndexNode, annotations, options).plan();
}

/**
 * Where a directive can start: a colon, then a letter, mark or digit of any
 * script (`:name`, `::name`, `:::name`; Sätteri reads `10:30` as a directive
 * named `30`).
 */
const DIRECTIVE_LIKE = /:[\p{L}\p{M}\p{N}]/gu;

/**
 * The top-level blocks of a chapter that hold a claim or may hold a
 * directive, as a root of their own: the only ones the plan must read. The
 * model placed every claim in the chapter's source, so the page need not be
 * indexed (and, on Sätteri, copied into JavaScript) as a whole.
 *
 * Undefined, for the whole tree to be read, when that is not certain to give
 * the same edits: no source or positions, a claim whose place is unknown or in
 * no block, or a quote that occurs more than once in the chapter (telling its
 * occurrences apart needs the whole text).
 * @param root the page's mdast (read only; on Sätteri, only the blocks kept are copied into JavaScript).
 * @param annotations the chapter's annotations, with each claim's line and column in `source`.
 * @param source the text the page was parsed from.
 * @returns a root whose children are the blocks to read, or undefined.
 */
export function claimBlocks(root: Root | IndexNode, annotations: ChapterAnnotations, source: string | undefined): IndexNode | undefined {
  if (source === undefined || annotations.claims.length === 0) return undefined;
  if (annotations.claims.some((claim) => claim.anchor.type === 'quote' && claim.anchor.occurrences !== 1)) return undefined;
  const lineStarts = [0];
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const places: number[] = [];
  for (const claim of annotations.claims) {
    const lineStart = lineStarts[claim.line - 1];
    if (claim.line < 1 || claim.column < 1 || lineStart === undefined) return undefined;
    places.push(lineStart + claim.column - 1);
  }
  const directives: number[] = [];
  DIRECTIVE_LIKE.lastIndex = 0;
  for (let match = DIRECTIVE_LIKE.exec(source); match; match = DIRECTIVE_LIKE.exec(source)) directives.push(match.index);
  const kept: IndexNode[] = [];
  let placed = 0;
  for (const block of (root as IndexNode).children ?? []) {
    const position = block.position;
    const start = position?.start.offset;
    const end = position?.end.offset;
    if (start === undefined || end === undefined) return undefined;
    let holds = 0;
    for (const place of places) if (place >= start && place < end) holds++;
    placed += holds;
    if (holds > 0 || directives.some((at) => at >= start && at < end)) kept.push(block);
  }
  if (placed !== places.length) return undefined;
  return { type: 'root', children: kept };
}

class Planner {
  readonly root: IndexNode;
  readonly annotations: ChapterAnnotations;
  readonly restore: boolean;
  readonly index: TextIndex;
  readonly byId = new Map<string, ClaimAnnotation>();
  /** Claim directive node → its annotation. */
  readonly directiveClaims = new Map<IndexNode, ClaimAnnotation>();
  /** Restored directive node → how it reads. */
  readonly restored = new Map<IndexNode, RestoredDirective>();
  /** Leaves that stand for restored directives. */
  readonly restoredLeaves = new Map<IndexNode, IndexLeaf>();
  /** Prose containers of the index. */
  readonly proseUnits = new Set<IndexNode>();
  /** Container → quotes in it. */
  readonly quotes = new Map<IndexNode, PlacedQuote[]>();
  /** Containers that must be rebuilt. */
  readonly dirty = new Set<IndexNode>();
  /** Leaf → cut offsets. */
  readonly cuts = new Map<IndexNode, Set<number>>();
  /** Where popovers go. */
  readonly popovers: 'inline' | 'page';

  /** The tree's real root, when `root` holds only some of its blocks: the parent of replaced top-level nodes. */
  readonly treeRoot: IndexNode;

  constructor(root: IndexNode, annotations: ChapterAnnotations, options: PlanOptions, treeRoot: IndexNode = root) {
    this.root = root;
    this.treeRoot = treeRoot;
    this.annotations = annotations;
    this.restore = options.restoreDirectives !== false;
    this.popovers = options.popovers === 'page' ? 'page' : 'inline';
    this.index = buildTextIndex(root, { source: options.source, directive: options.directive });
    for (const claim of annotations.claims) this.byId.set(claim.id, claim);
  }

  plan(): ClaimEdit[] {
    const index = this.index;
    for (const unit of index.units) if (unit.kind === 'prose') this.proseUnits.add(unit.node);
    if (this.restore) {
      for (const restored of index.restored) this.restored.set(restored.node, restored);
      for (const leaf of index.leaves) {
        if (leaf.kind !== 'directive') continue;
        this.restoredLeaves.set(leaf.node, leaf);
        this.markDirty(leaf);
      }
    }
    this.placeDirectives();
    this.placeQuotes();
    const edits: ClaimEdit[] = [];
    this.visitFlow(this.root, edits);
    return edits;
  }

  markDirty(leaf: IndexLeaf): void {
    const unit = this.index.units[leaf.unit];
    if (unit) this.dirty.add(unit.node);
  }

  /** Match claim directives in the page to directive claims, failing on unknown or repeated ids. */
  placeDirectives(): void {
    const seen = new Set<string>();
    const file = this.annotations.file;
    for (const directive of this.index.claims) {
      const place = { line: directive.line, column: directive.column };
      if (!directive.id) {
        throw new ClaimAnchorError(`${file}:${place.line}:${place.column}: this :claim directive has no id; write :claim[the sentence]{#claim-id}`, {
          ...place,
          ruleId: 'anchor/directive-without-id',
        });
      }
      const annotation = this.byId.get(directive.id);
      if (!annotation || annotation.anchor.type !== 'directive') {
        throw new ClaimAnchorError(
          `${file}:${place.line}:${place.column}: :claim directive names "${directive.id}", which is not a directive claim of this chapter's claims sidecar`,
          { ...place, claim: directive.id, ruleId: 'anchor/unknown-directive' },
        );
      }
      if (seen.has(directive.id)) {
        throw new ClaimAnchorError(`${file}:${place.line}:${place.column}: claim "${directive.id}" is marked twice in the prose`, {
          ...place,
          claim: directive.id,
          ruleId: 'anchor/duplicate-directive',
        });
      }
      seen.add(directive.id);
      this.directiveClaims.set(directive.node, annotation);
    }
    for (const container of this.containersOf(new Set(this.directiveClaims.keys())).values()) this.dirty.add(container);
    for (const annotation of this.annotations.claims) {
      if (annotation.anchor.type === 'directive' && !seen.has(annotation.id)) {
        throw new ClaimAnchorError(`${file}:${annotation.line}:${annotation.column}: claim "${annotation.id}" is anchored by directive, but the page has no :claim[...]{#${annotation.id}}`, {
          line: annotation.line,
          column: annotation.column,
          claim: annotation.id,
          ruleId: 'anchor/missing-directive',
        });
      }
    }
  }

  /** The prose container of each of the given nodes, in one walk. */
  containersOf(targets: Set<IndexNode>): Map<IndexNode, IndexNode> {
    const found = new Map<IndexNode, IndexNode>();
    const walk = (node: IndexNode, container: IndexNode | undefined): void => {
      if (container && targets.has(node)) found.set(node, container);
      const inside = this.proseUnits.has(node) ? node : container;
      for (const child of node.children ?? []) walk(child, inside);
    };
    if (targets.size > 0) walk(this.root, undefined);
    return found;
  }

  /** Find every quote claim on the page and note where its text must be cut. */
  placeQuotes(): void {
    let search: SearchText | undefined;
    const placed: PlacedQuote[] = [];
    for (const annotation of this.annotations.claims) {
      if (annotation.anchor.type !== 'quote') continue;
      search ??= prepareSearch(this.index);
      const range = chooseQuote(search, annotation.anchor);
      const file = this.annotations.file;
      if (!range) {
        throw new ClaimAnchorError(
          `${file}:${annotation.line}:${annotation.column}: claim "${annotation.id}" could not be found on the page: "${shorten(annotation.anchor.exact)}" is not in the rendered text`,
          { line: annotation.line, column: annotation.column, claim: annotation.id, ruleId: 'anchor/page-orphan' },
        );
      }
      const quote = this.toLeaves(annotation, range.start, range.end);
      placed.push(quote);
    }
    placed.sort((a, b) => a.start - b.start || b.end - a.end);
    // Claims may nest but not cross: a wrapper is one element.
    const ranges: Array<{ id: string; start: number; end: number }> = [
      ...placed.map((quote) => ({ id: quote.annotation.id, start: quote.start, end: quote.end })),
      ...this.index.claims.filter((directive) => directive.id).map((directive) => ({ id: directive.id!, start: directive.start, end: directive.end })),
    ];
    for (const quote of placed) {
      for (const other of ranges) {
        if (other.id === quote.annotation.id) continue;
        const crosses = quote.start < other.end && other.start < quote.end && !(quote.start <= other.start && other.end <= quote.end) && !(other.start <= quote.start && quote.end <= other.end);
        if (crosses) {
          const annotation = quote.annotation;
          throw new ClaimAnchorError(
            `${this.annotations.file}:${annotation.line}:${annotation.column}: claims "${annotation.id}" and "${other.id}" overlap without one containing the other; a claim must be inside another or apart from it`,
            { line: annotation.line, column: annotation.column, claim: annotation.id, ruleId: 'anchor/overlap' },
          );
        }
      }
    }
    for (const quote of placed) {
      const leaf = this.index.leaves[leafIndexAt(this.index, quote.start)];
      const unit = leaf ? this.index.units[leaf.unit] : undefined;
      if (!unit) continue;
      this.dirty.add(unit.node);
      const list = this.quotes.get(unit.node) ?? [];
      list.push(quote);
      this.quotes.set(unit.node, list);
      this.cut(quote.startLeaf, quote.startOffset);
      this.cut(quote.endLeaf, quote.endOffset);
    }
  }

  cut(leaf: IndexNode, offset: number): void {
    const set = this.cuts.get(leaf) ?? new Set<number>();
    set.add(offset);
    this.cuts.set(leaf, set);
  }

  /** Turn an index range into leaf boundaries. */
  toLeaves(annotation: ClaimAnnotation, start: number, end: number): PlacedQuote {
    const index = this.index;
    let first = start;
    let last = end - 1;
    // Spaces made from line breaks have no leaf; a quote never starts or ends on one, but be safe.
    while (first < last && leafIndexAt(index, first) < 0) first++;
    while (last > first && leafIndexAt(index, last) < 0) last--;
    const startLeaf = index.leaves[leafIndexAt(index, first)];
    const endLeaf = index.leaves[leafIndexAt(index, last)];
    if (!startLeaf || !endLeaf) {
      throw new ClaimAnchorError(`${this.annotations.file}:${annotation.line}:${annotation.column}: claim "${annotation.id}" has no text on the page`, {
        line: annotation.line,
        column: annotation.column,
        claim: annotation.id,
        ruleId: 'anchor/page-orphan',
      });
    }
    const startOffset = leafOffsetAt(index, first);
    let endOffset = leafOffsetAt(index, last) + 1;
    // Keep combining marks with the character they belong to.
    while (endOffset < endLeaf.value.length && /\p{M}/u.test(endLeaf.value[endOffset] ?? '')) endOffset++;
    // A surrogate pair is one character.
    const code = endLeaf.value.charCodeAt(endOffset - 1);
    if (code >= 0xd800 && code <= 0xdbff) endOffset++;
    return { annotation, start, end, startLeaf: startLeaf.node, startOffset, endLeaf: endLeaf.node, endOffset };
  }

  /** Walk flow content, emitting edits for dirty containers and directive blocks. */
  visitFlow(node: IndexNode, edits: ClaimEdit[]): void {
    for (const child of node.children ?? []) {
      const parent = node === this.root ? this.treeRoot : node;
      if (this.restore && this.restored.has(child) && child.type !== 'textDirective') {
        edits.push({ kind: 'replace', node: child, parent, nodes: this.resolveFlow(child) });
        continue;
      }
      if (this.proseUnits.has(child)) {
        if (!this.dirty.has(child)) continue;
        if (child.type === 'heading') edits.push({ kind: 'replace', node: child, parent, nodes: this.resolveHeading(child) });
        else edits.push({ kind: 'children', node: child, children: this.rebuild(child) });
        continue;
      }
      if (child.children) this.visitFlow(child, edits);
    }
  }

  /** A flow node with every change applied, as new nodes (inside a replaced directive block). */
  resolveFlow(node: IndexNode): IndexNode[] {
    const restored = this.restore ? this.restored.get(node) : undefined;
    if (restored && node.type === 'leafDirective') {
      return [{ type: 'paragraph', children: this.rebuild(node), ...(node.position ? { position: node.position } : {}) }];
    }
    if (restored && node.type === 'containerDirective') {
      const children = node.children ?? [];
      const first = children[0];
      const label = first && first.type === 'paragraph' && Boolean((first.data as { directiveLabel?: unknown } | undefined)?.directiveLabel);
      const nodes: IndexNode[] = [fenceParagraph(restored.text)];
      for (const child of label ? children.slice(1) : children) nodes.push(...this.resolveFlow(child));
      if (restored.close !== undefined) nodes.push(fenceParagraph(restored.close));
      return nodes;
    }
    if (this.proseUnits.has(node)) {
      if (!this.dirty.has(node)) return [node];
      return node.type === 'heading' ? this.resolveHeading(node) : [{ ...node, children: this.rebuild(node) }];
    }
    if (!node.children || !this.changesInside(node)) return [node];
    return [{ ...node, children: node.children.flatMap((child) => this.resolveFlow(child)) }];
  }

  changesInside(node: IndexNode): boolean {
    if (this.dirty.has(node) || (this.restore && this.restored.has(node) && node.type !== 'textDirective')) return true;
    return (node.children ?? []).some((child) => this.changesInside(child));
  }

  /**
   * A heading with claims: the claims are wrapped in the heading, but their
   * markers and popovers follow it in a paragraph of their own, so that the
   * heading's text (its id, the table of contents) stays the author's words.
   */
  resolveHeading(node: IndexNode): IndexNode[] {
    const detached: IndexNode[] = [];
    const detach = (nodes: IndexNode[]): IndexNode[] =>
      nodes.map((child) => {
        if (!child.children) return child;
        const children = detach(child.children.filter((grandchild) => {
          if (grandchild.type !== 'researchClaimMarker' && grandchild.type !== 'researchClaimPopover') return true;
          detached.push(grandchild);
          return false;
        }));
        return { ...child, children };
      });
    const heading = { ...node, children: detach(this.rebuild(node)) };
    if (detached.length === 0) return [heading];
    return [heading, { type: 'paragraph', data: { hProperties: { className: ['rp-heading-claims'] } }, children: detached }];
  }

  /** New children for a prose container: claims wrapped, restored directives as text. */
  rebuild(container: IndexNode): IndexNode[] {
    const atoms: Atom[] = [];
    const content = container.type === 'leafDirective' && this.restoredLeaves.has(container) ? [container] : (container.children ?? []);
    this.linearize(content, [], atoms);
    this.hoistDirectivesOutOfLinks(atoms);
    const quotes = this.quotes.get(container) ?? [];
    if (quotes.length > 0) this.insertQuoteKeys(atoms, quotes);
    return this.build(atoms, 0);
  }

  linearize(nodes: IndexNode[], chain: object[], atoms: Atom[]): void {
    for (const node of nodes) {
      const restoredLeaf = this.restoredLeaves.get(node);
      if (restoredLeaf) {
        this.pushText({ type: 'text', value: restoredLeaf.value }, node, restoredLeaf.value, chain, atoms);
        continue;
      }
      if (node.type === 'text' || node.type === 'inlineCode') {
        this.pushText(node, node, node.value ?? '', chain, atoms);
        continue;
      }
      if (this.directiveClaims.has(node)) {
        this.linearize(node.children ?? [], [...chain, node], atoms);
        continue;
      }
      if (node.children && !isOpaque(node)) {
        if (node.children.length === 0) {
          atoms.push({ node, chain });
          continue;
        }
        this.linearize(node.children, [...chain, node], atoms);
        continue;
      }
      atoms.push({ node, chain });
    }
  }

  /**
   * A claim directive inside a link's text would put the marker (a button)
   * inside the link: move its wrapper outside the outermost link, which is
   * then split around it.
   */
  hoistDirectivesOutOfLinks(atoms: Atom[]): void {
    for (const atom of atoms) {
      const link = atom.chain.findIndex((entry) => isLink(entry as IndexNode));
      if (link === -1) continue;
      const directives = atom.chain.filter((entry, index) => index > link && this.directiveClaims.has(entry as IndexNode));
      if (directives.length === 0) continue;
      const rest = atom.chain.filter((entry) => !directives.includes(entry));
      atom.chain = [...rest.slice(0, link), ...directives, ...rest.slice(link)];
    }
  }

  /** Push a text-like leaf, split at its cut offsets. */
  pushText(node: IndexNode, leaf: IndexNode, value: string, chain: object[], atoms: Atom[]): void {
    const cuts = this.cuts.get(leaf);
    if (!cuts || cuts.size === 0) {
      atoms.push({ node, chain, leaf, from: 0, to: value.length });
      return;
    }
    const points = [0, ...[...cuts].filter((cut) => cut > 0 && cut < value.length).sort((a, b) => a - b), value.length];
    for (let index = 0; index < points.length - 1; index++) {
      const from = points[index]!;
      const to = points[index + 1]!;
      if (to <= from) continue;
      const { position: _position, ...rest } = node;
      void _position;
      atoms.push({ node: { ...rest, value: value.slice(from, to) }, chain, leaf, from, to });
    }
  }

  /** Put each quote's wrapper in the chains of its atoms, outside any link. */
  insertQuoteKeys(atoms: Atom[], quotes: PlacedQuote[]): void {
    // Outer claims first, so that a nested claim's wrapper ends up inside.
    const ordered = [...quotes].sort((a, b) => a.start - b.start || b.end - a.end);
    const spans = ordered.map((quote) => {
      const first = atoms.findIndex((atom) => atom.leaf === quote.startLeaf && atom.from === quote.startOffset);
      const last = atoms.findIndex((atom) => atom.leaf === quote.endLeaf && atom.to === quote.endOffset);
      if (first === -1 || last === -1 || last < first) {
        const annotation = quote.annotation;
        throw new ClaimAnchorError(`${this.annotations.file}:${annotation.line}:${annotation.column}: claim "${annotation.id}" could not be marked on the page`, {
          line: annotation.line,
          column: annotation.column,
          claim: annotation.id,
          ruleId: 'anchor/page-orphan',
        });
      }
      if (!balancedHtml(atoms, first, last)) {
        const annotation = quote.annotation;
        throw new ClaimAnchorError(
          `${this.annotations.file}:${annotation.line}:${annotation.column}: claim "${annotation.id}" starts or ends inside raw HTML; quote text that opens and closes its HTML elements, or mark the claim with :claim[...]{#${annotation.id}}`,
          { line: annotation.line, column: annotation.column, claim: annotation.id, ruleId: 'anchor/raw-html' },
        );
      }
      return { quote, first, last, depth: 0 };
    });
    // Each wrapper goes as deep as the inline parents all its atoms share, but never inside a link.
    for (const span of spans) {
      let common = atoms[span.first]!.chain;
      for (let index = span.first + 1; index <= span.last; index++) common = commonPrefix(common, atoms[index]!.chain);
      let depth = common.length;
      const link = common.findIndex((entry) => isLink(entry as IndexNode));
      if (link !== -1) depth = Math.min(depth, link);
      span.depth = depth;
    }
    for (const span of spans) {
      const key: QuoteKey = { quote: span.quote };
      for (let index = span.first; index <= span.last; index++) {
        const atom = atoms[index]!;
        // Insert after the wrappers already placed at this depth (outer claims come first).
        let at = 0;
        let original = 0;
        while (at < atom.chain.length && (original < span.depth || isQuoteKey(atom.chain[at]!))) {
          if (!isQuoteKey(atom.chain[at]!)) original++;
          at++;
        }
        atom.chain = [...atom.chain.slice(0, at), key, ...atom.chain.slice(at)];
      }
    }
  }

  /** Rebuild nodes from atoms: consecutive atoms sharing a chain entry share one (copied) parent. */
  build(atoms: Atom[], level: number): IndexNode[] {
    const nodes: IndexNode[] = [];
    let index = 0;
    while (index < atoms.length) {
      const atom = atoms[index]!;
      const key = atom.chain[level];
      if (key === undefined) {
        nodes.push(atom.node);
        index++;
        continue;
      }
      let end = index + 1;
      while (end < atoms.length && atoms[end]!.chain[level] === key) end++;
      const children = this.build(atoms.slice(index, end), level + 1);
      nodes.push(this.parentFor(key, children));
      index = end;
    }
    return nodes;
  }

  parentFor(key: object, children: IndexNode[]): IndexNode {
    if (isQuoteKey(key)) return claimNode(key.quote.annotation, children, this.popovers);
    const node = key as IndexNode;
    const annotation = this.directiveClaims.get(node);
    if (annotation) return claimNode(annotation, children, this.popovers);
    return { ...node, children };
  }
}

/**
 * Choose where a quote claim is on the page: the same occurrence as in the
 * model when the page has as many; otherwise the best prefix/suffix match.
 */
function chooseQuote(search: SearchText, anchor: QuoteAnnotationAnchor): { start: number; end: number } | undefined {
  const needle = fold(normalizeProse(anchor.exact));
  const starts = findExact(search, needle);
  if (starts.length === 0) return undefined;
  let chosen = starts[0]!;
  if (starts.length === anchor.occurrences) chosen = starts[anchor.occurrence] ?? chosen;
  else if (starts.length > 1) {
    const prefix = fold(anchor.prefix);
    const suffix = fold(anchor.suffix);
    const text = search.folded.text;
    let best = -1;
    for (const start of starts) {
      const before = text.slice(Math.max(0, start - prefix.length), start);
      const after = text.slice(start + needle.length, start + needle.length + suffix.length);
      const score = commonSuffixLength(before, prefix) + commonPrefixLength(after, suffix);
      if (score > best) {
        best = score;
        chosen = start;
      }
    }
  }
  return fromFolded(search.folded, chosen, chosen + needle.length);
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Whether the raw HTML tags among some atoms open and close in step (a wrapper must not cut an element in two). */
function balancedHtml(atoms: Atom[], first: number, last: number): boolean {
  let depth = 0;
  for (let index = first; index <= last; index++) {
    const node = atoms[index]!.node;
    if (node.type !== 'html') continue;
    const tag = /^<(\/?)([A-Za-z][\w-]*)[^>]*?(\/?)>$/.exec((node.value ?? '').trim());
    if (!tag || tag[3] || VOID_ELEMENTS.has(tag[2]!.toLowerCase())) continue;
    depth += tag[1] ? -1 : 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

function commonPrefixLength(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

function commonSuffixLength(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[a.length - 1 - index] === b[b.length - 1 - index]) index++;
  return index;
}

function commonPrefix(a: object[], b: object[]): object[] {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index === a.length ? a : a.slice(0, index);
}

function isQuoteKey(value: object): value is QuoteKey {
  return 'quote' in value && !('type' in value);
}

function isLink(node: IndexNode): boolean {
  return node.type === 'link' || node.type === 'linkReference' || (node.type === 'mdxJsxTextElement' && node.name === 'a');
}

/** Inline nodes whose content is not prose: kept whole. */
function isOpaque(node: IndexNode): boolean {
  return node.type === 'image' || node.type === 'imageReference' || node.type === 'researchClaimMarker' || node.type === 'researchClaimPopover';
}

function fenceParagraph(text: string): IndexNode {
  return { type: 'paragraph', children: [{ type: 'text', value: text }] };
}

/**
 * The wrapper node of a claim: its text, then its marker and (unless the
 * page renders popovers itself) its popover.
 * @param annotation the claim's annotation.
 * @param children the claim's text, with its inline markup.
 * @param popovers `'inline'` (default) to include the popover, `'page'` to leave it out.
 * @returns a `researchClaim` node.
 */
export function claimNode(annotation: ClaimAnnotation, children: IndexNode[], popovers: 'inline' | 'page' = 'inline'): IndexNode {
  const node: ResearchClaim = {
    type: 'researchClaim',
    data: { hName: 'span', hProperties: { ...annotation.wrapper }, claimId: annotation.id },
    children: [
      ...(children as ResearchClaim['children']),
      elementNode('researchClaimMarker', annotation.marker),
      ...(popovers === 'page' ? [] : [elementNode('researchClaimPopover', annotation.popover)]),
    ],
  };
  return node as unknown as IndexNode;
}

function elementNode<T extends 'researchClaimMarker' | 'researchClaimPopover'>(type: T, element: Element): T extends 'researchClaimMarker' ? ResearchClaimMarker : ResearchClaimPopover {
  return {
    type,
    data: { hName: element.tagName, hProperties: { ...element.properties }, hChildren: clonePlain(element.children) as Element['children'] },
  } as T extends 'researchClaimMarker' ? ResearchClaimMarker : ResearchClaimPopover;
}

/**
 * A deep copy of plain data (hast: objects, arrays, strings, numbers,
 * booleans, null), several times faster than `structuredClone` for many small trees.
 * @param value plain data.
 * @returns its copy.
 */
function clonePlain(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) copy[index] = clonePlain(value[index]);
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = clonePlain((value as Record<string, unknown>)[key]);
  return copy;
}

function shorten(value: string): string {
  return value.length <= 80 ? value : `${value.slice(0, 79)}…`;
}
