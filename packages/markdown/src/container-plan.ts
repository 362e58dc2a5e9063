/**
 * The edits of one prose container the model placed claims in: each claim
 * placed where the model found it, and the same edits the whole page's plan
 * makes for that container. The model says which of the container's leaves
 * a quote's words are in (`ClaimPlace.leaves`); the page checks that its
 * container has as many leaves, that the two the words start and end in are
 * as long as the model's and that the words are there, and cuts them;
 * claim directives are marked on their nodes. Only where that is not so (a
 * directive that is not a claim, leaves that smart punctuation shortened
 * before the words, a quote found approximately) is the container's text
 * read again, on its own, and the quote found in it near the model's place.
 */
import type { ChapterAnnotations, ClaimAnnotation } from '@research-pack/core/render';
import { buildTextIndex, directiveId, fold, normalizeProse, proseLeaves, type IndexNode } from '@research-pack/core/internal';
import type { MarkerForm } from './claim-nodes.js';
import { emitEdits, type ClaimEdit } from './emit-edits.js';
import { locateByPlace, type PlacedContainer } from './model-places.js';
import { crossingClaims, cut, placeClaims, type ClaimPlacement, type PlacedQuote } from './place-claims.js';

/** Options of `planContainer`. */
export interface ContainerPlanOptions {
  /** The page's source, to restore directives exactly as written. */
  source: string | undefined;
  /** Name of the claim directive. */
  directive: string | undefined;
  /** Whether directives that are not claims are restored. */
  restore: boolean;
  /** Where popovers go. */
  popovers: 'inline' | 'page';
  /** How markers go into the page. */
  markers: MarkerForm;
}

/**
 * The edits that mark the claims of one container.
 * @param node the container on the page (read only).
 * @param container the claims the model placed in it.
 * @param annotations the chapter's annotations.
 * @param options the source and how to build.
 * @returns the edits (of the container itself).
 * @throws {ClaimAnchorError} when a claim cannot be placed in it.
 */
export function planContainer(node: IndexNode, container: PlacedContainer, annotations: ChapterAnnotations, options: ContainerPlanOptions): ClaimEdit[] {
  const root = wrap(node);
  const placement = placeByLeaves(node, container, options.directive) ?? placeByText(node, container, annotations, options);
  return emitEdits(placement, { root, treeRoot: root, file: annotations.file, restore: options.restore, popovers: options.popovers, markers: options.markers });
}

/**
 * The placement of a container's claims where the model found them: each
 * quote at the leaves the model named, each claim directive on its node;
 * or undefined when the page's container is not the one the model read
 * there (then its index says more, and reports what is wrong).
 * @param node the container on the page.
 * @param container the claims the model placed in it.
 * @param directive the name of the claim directive.
 * @returns the placement, as `placeClaims` would make it for the container.
 */
export function placeByLeaves(node: IndexNode, container: PlacedContainer, directive = 'claim'): ClaimPlacement | undefined {
  if (node.type === 'leafDirective') return undefined;
  const found = proseLeaves(node, directive);
  if (!found) return undefined;
  const { leaves } = found;
  const quotes: PlacedQuote[] = [];
  const directives = new Map<string, ClaimAnnotation>();
  for (const claim of container.claims) {
    const place = claim.place!;
    if (claim.anchor.type === 'directive') {
      directives.set(claim.id, claim);
      continue;
    }
    const at = place.leaves;
    const startLeaf = at && leaves[at.start];
    const endLeaf = at && leaves[at.end];
    if (!at || at.count !== leaves.length || !startLeaf || !endLeaf) return undefined;
    // A leaf of another length (smart punctuation made `...` one character) has the words elsewhere, or a repeat of them.
    if ((startLeaf.value ?? '').length !== at.startLength || (endLeaf.value ?? '').length !== at.endLength) return undefined;
    if (!wordsAt(leaves, at.start, at.startOffset, at.end, at.endOffset, claim)) return undefined;
    quotes.push({ key: claim, start: place.from, end: place.to, startLeaf, startOffset: at.startOffset, endLeaf, endOffset: at.endOffset });
  }
  // Each claim directive of the container, once, and no other.
  const directiveClaims = new Map<IndexNode, ClaimAnnotation>();
  for (const claimNode of found.claims) {
    const id = directiveId(claimNode);
    const claim = id === undefined ? undefined : directives.get(id);
    if (!claim) return undefined;
    directives.delete(claim.id);
    directiveClaims.set(claimNode, claim);
  }
  if (directives.size > 0) return undefined;
  quotes.sort((a, b) => a.start - b.start || b.end - a.end);
  // Claims that cross are the index's to report (`placeClaims`).
  const ranges = container.claims.map((claim) => ({ id: claim.id, start: claim.place!.from, end: claim.place!.to }));
  if (crossingClaims(quotes, ranges)) return undefined;
  const cuts = new Map<IndexNode, Set<number>>();
  for (const quote of quotes) {
    cut(cuts, quote.startLeaf, quote.startOffset);
    cut(cuts, quote.endLeaf, quote.endOffset);
  }
  return {
    index: undefined,
    directiveClaims,
    restored: new Map(),
    restoredLeaves: new Map(),
    proseUnits: new Set([node]),
    quotes: new Map(quotes.length > 0 ? [[node, quotes]] : []),
    dirty: new Set([node]),
    cuts,
  };
}

/** ASCII whitespace at the start or the end of a string (what `normalizeProse` trims). */
const EDGE_SPACE = /^[\t\n\v\f\r ]|[\t\n\v\f\r ]$/;

/** Whether the claim's words are in the leaves from `start` at `startOffset` to `end` before `endOffset`, as the text index reads them. */
function wordsAt(leaves: readonly IndexNode[], start: number, startOffset: number, end: number, endOffset: number, claim: ClaimAnnotation): boolean {
  if (claim.anchor.type !== 'quote') return false;
  let text = '';
  for (let at = start; at <= end; at++) {
    const value = leaves[at]!.value ?? '';
    text += value.slice(at === start ? startOffset : 0, at === end ? endOffset : value.length);
  }
  // The words and nothing around them: a quote starts and ends on a character that is not a space.
  if (EDGE_SPACE.test(text)) return false;
  const words = fold(normalizeProse(text));
  return words.length > 0 && words === fold(normalizeProse(claim.anchor.exact));
}

/**
 * The placement of a container's claims from the container's own text index, each quote found near the model's place.
 * @param node the container on the page.
 * @param container the claims the model placed in it.
 * @param annotations the chapter's annotations.
 * @param options the source and how to build.
 * @returns the placement.
 * @throws {ClaimAnchorError} when a claim cannot be placed in it.
 */
export function placeByText(node: IndexNode, container: PlacedContainer, annotations: ChapterAnnotations, options: ContainerPlanOptions): ClaimPlacement {
  const root = wrap(node);
  const index = buildTextIndex(root, { source: options.source, directive: options.directive });
  return placeClaims(root, index, annotations, options.restore, { claims: container.claims, locate: locateByPlace() });
}

/**
 * A root the text index reads the container in as the page's own walk would: a cell inside its row and table.
 * @param node the container.
 * @returns a root holding it.
 */
export function wrap(node: IndexNode): IndexNode {
  if (node.type === 'tableCell') return { type: 'root', children: [{ type: 'table', children: [{ type: 'tableRow', children: [node] }] }] };
  return { type: 'root', children: [node] };
}
