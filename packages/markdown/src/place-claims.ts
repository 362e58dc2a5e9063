/**
 * Where each claim is on the page: the claim directives matched to the
 * chapter's directive claims, each quote claim found again in the page's
 * text where the model anchored it (`relocateQuote`, the core's one choice
 * of occurrence), and what that means for the tree: which prose containers
 * must be rebuilt and where their leaves are cut.
 */
import type { ChapterAnnotations, ClaimAnnotation } from '@research-pack/core/render';
import {
  leafIndexAt,
  leafRange,
  prepareSearch,
  relocateQuote,
  type IndexLeaf,
  type IndexNode,
  type InlineRange,
  type RestoredDirective,
  type SearchText,
  type TextIndex,
} from '@research-pack/core/internal';
import { directiveWithoutIdError, duplicateDirectiveError, missingDirectiveError, overlapError, pageOrphanError, unknownDirectiveError } from './page-errors.js';

/** A quote claim located on the page: its offsets in the index text and the leaf boundaries of its words. */
export interface PlacedQuote extends InlineRange<ClaimAnnotation> {
  start: number;
  end: number;
}

/** Every claim of a page placed, and what must change for it. */
export interface ClaimPlacement {
  /** The text index the claims were found in (none when the model's leaves placed them, `placeByLeaves`). */
  index: TextIndex | undefined;
  /** Claim directive node → its annotation. */
  directiveClaims: Map<IndexNode, ClaimAnnotation>;
  /** Restored directive node → how it reads (empty when directives are not restored). */
  restored: Map<IndexNode, RestoredDirective>;
  /** Leaves that stand for restored directives. */
  restoredLeaves: Map<IndexNode, IndexLeaf>;
  /** Prose containers of the index. */
  proseUnits: Set<IndexNode>;
  /** Container → the quotes in it, in document order, outer before inner. */
  quotes: Map<IndexNode, PlacedQuote[]>;
  /** Containers that must be rebuilt. */
  dirty: Set<IndexNode>;
  /** Leaf → offsets where its value is cut. */
  cuts: Map<IndexNode, Set<number>>;
}

/** Where a quote claim's words are in the index text, or undefined when they are not there. */
export type LocateQuote = (index: TextIndex, annotation: ClaimAnnotation) => { start: number; end: number } | undefined;

/** Which claims a placement is for, when it is for part of a page. */
export interface PlacementScope {
  /** The claims that must be found in this part: the others of the chapter are elsewhere. */
  claims: readonly ClaimAnnotation[];
  /** How quote claims are found (default: in the index text, with the model's choice of occurrence). */
  locate?: LocateQuote | undefined;
}

/** Quote claims found again in the page's text with the model's choice of occurrence. */
function relocateInText(): LocateQuote {
  let search: SearchText | undefined;
  return (index, annotation) => {
    if (annotation.anchor.type !== 'quote') return undefined;
    search ??= prepareSearch(index);
    return relocateQuote(search, annotation.anchor) ?? undefined;
  };
}

/**
 * Place every claim of a chapter on its page (or those of a part of it).
 * @param root the (part of the) page the index was built from.
 * @param index the page's text index.
 * @param annotations the chapter's annotations.
 * @param restore whether directives that are not claims are restored.
 * @param scope the claims of this part of the page and how to find their quotes; default every claim, found in the index text.
 * @returns the placement.
 * @throws {ClaimAnchorError} when a claim cannot be found on the page, or a claim directive is unknown.
 */
export function placeClaims(root: IndexNode, index: TextIndex, annotations: ChapterAnnotations, restore: boolean, scope?: PlacementScope): ClaimPlacement {
  const placement: ClaimPlacement = {
    index,
    directiveClaims: new Map(),
    restored: new Map(),
    restoredLeaves: new Map(),
    proseUnits: new Set(),
    quotes: new Map(),
    dirty: new Set(),
    cuts: new Map(),
  };
  for (const unit of index.units) if (unit.kind === 'prose') placement.proseUnits.add(unit.node);
  if (restore) {
    for (const restored of index.restored) placement.restored.set(restored.node, restored);
    for (const leaf of index.leaves) {
      if (leaf.kind !== 'directive') continue;
      placement.restoredLeaves.set(leaf.node, leaf);
      const unit = index.units[leaf.unit];
      if (unit) placement.dirty.add(unit.node);
    }
  }
  const claims = scope?.claims ?? annotations.claims;
  placeDirectives(root, index, placement, annotations, claims);
  placeQuotes(index, placement, annotations.file, claims, scope?.locate ?? relocateInText());
  return placement;
}

/** Match claim directives in the page to directive claims, failing on unknown or repeated ids. */
function placeDirectives(root: IndexNode, index: TextIndex, placement: ClaimPlacement, annotations: ChapterAnnotations, expected: readonly ClaimAnnotation[]): void {
  const byId = new Map<string, ClaimAnnotation>();
  for (const claim of annotations.claims) byId.set(claim.id, claim);
  const seen = new Set<string>();
  const file = annotations.file;
  for (const directive of index.claims) {
    if (!directive.id) throw directiveWithoutIdError(file, directive);
    const annotation = byId.get(directive.id);
    if (!annotation || annotation.anchor.type !== 'directive') throw unknownDirectiveError(file, directive, directive.id);
    if (seen.has(directive.id)) throw duplicateDirectiveError(file, directive, directive.id);
    seen.add(directive.id);
    placement.directiveClaims.set(directive.node, annotation);
  }
  for (const container of containersOf(root, placement.proseUnits, new Set(placement.directiveClaims.keys())).values()) placement.dirty.add(container);
  for (const annotation of expected) {
    if (annotation.anchor.type === 'directive' && !seen.has(annotation.id)) throw missingDirectiveError(file, annotation);
  }
}

/** The prose container of each of the given nodes, in one walk. */
function containersOf(root: IndexNode, proseUnits: ReadonlySet<IndexNode>, targets: ReadonlySet<IndexNode>): Map<IndexNode, IndexNode> {
  const found = new Map<IndexNode, IndexNode>();
  const walk = (node: IndexNode, container: IndexNode | undefined): void => {
    if (container && targets.has(node)) found.set(node, container);
    const inside = proseUnits.has(node) ? node : container;
    for (const child of node.children ?? []) walk(child, inside);
  };
  if (targets.size > 0) walk(root, undefined);
  return found;
}

/** Find every quote claim on the page and note where its text must be cut. */
function placeQuotes(index: TextIndex, placement: ClaimPlacement, file: string, claims: readonly ClaimAnnotation[], locate: LocateQuote): void {
  const placed: PlacedQuote[] = [];
  for (const annotation of claims) {
    if (annotation.anchor.type !== 'quote') continue;
    const range = locate(index, annotation);
    if (!range) throw pageOrphanError(file, annotation, 'missing');
    placed.push(toLeaves(index, file, annotation, range.start, range.end));
  }
  placed.sort((a, b) => a.start - b.start || b.end - a.end);
  // Claims may nest but not cross: a wrapper is one element.
  const ranges: Array<{ id: string; start: number; end: number }> = [
    ...placed.map((quote) => ({ id: quote.key.id, start: quote.start, end: quote.end })),
    ...index.claims.filter((directive) => directive.id).map((directive) => ({ id: directive.id!, start: directive.start, end: directive.end })),
  ];
  const crossing = crossingClaims(placed, ranges);
  if (crossing) throw overlapError(file, crossing.quote.key, crossing.other);
  for (const quote of placed) {
    const leaf = index.leaves[leafIndexAt(index, quote.start)];
    const unit = leaf ? index.units[leaf.unit] : undefined;
    if (!unit) continue;
    placement.dirty.add(unit.node);
    const list = placement.quotes.get(unit.node) ?? [];
    list.push(quote);
    placement.quotes.set(unit.node, list);
    cut(placement.cuts, quote.startLeaf, quote.startOffset);
    cut(placement.cuts, quote.endLeaf, quote.endOffset);
  }
}

/**
 * The first quote that crosses another claim (overlaps it without either
 * holding the other): claims may nest but not cross, as a wrapper is one element.
 * @param quotes the placed quotes.
 * @param ranges every claim's range in the same text (the quotes' too), by id.
 * @returns the quote and the id of the claim it crosses, or undefined.
 */
export function crossingClaims(quotes: readonly PlacedQuote[], ranges: ReadonlyArray<{ id: string; start: number; end: number }>): { quote: PlacedQuote; other: string } | undefined {
  for (const quote of quotes) {
    for (const other of ranges) {
      if (other.id === quote.key.id) continue;
      const crosses = quote.start < other.end && other.start < quote.end && !(quote.start <= other.start && other.end <= quote.end) && !(other.start <= quote.start && quote.end <= other.end);
      if (crosses) return { quote, other: other.id };
    }
  }
  return undefined;
}

/**
 * Records where a leaf is cut (a quote starts or ends in it).
 * @param cuts the cuts so far, by leaf.
 * @param leaf the leaf.
 * @param offset where in its value.
 */
export function cut(cuts: Map<IndexNode, Set<number>>, leaf: IndexNode, offset: number): void {
  const set = cuts.get(leaf) ?? new Set<number>();
  set.add(offset);
  cuts.set(leaf, set);
}

/** Turn an index range into leaf boundaries. */
function toLeaves(index: TextIndex, file: string, annotation: ClaimAnnotation, start: number, end: number): PlacedQuote {
  const range = leafRange(index, start, end);
  if (!range) throw pageOrphanError(file, annotation, 'empty');
  const { startOffset, endOffset } = range;
  return { key: annotation, start, end, startLeaf: index.leaves[range.startLeaf]!.node, startOffset, endLeaf: index.leaves[range.endLeaf]!.node, endOffset };
}
