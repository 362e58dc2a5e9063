/**
 * Whether the page could mark a quote claim where the model found it, as far
 * as raw HTML goes: the page wraps the claim's words with `wrapInline`,
 * which refuses to cut a raw HTML element in two (`<b>` in one wrapper,
 * `</b>` outside it). `research-pack check` and the model run the same
 * function on the claim's container, with wrappers that make nothing, so
 * that they report what the build would fail on. Only a container that
 * holds raw HTML is looked at.
 */
import { leafRange } from './leaf-map.js';
import type { IndexNode, TextIndex } from './text-index-types.js';
import { wrapInline } from './wrap-inline.js';

/** Thrown by the wrapping options below when `wrapInline` refuses the range. */
class Refused {
  constructor(readonly why: 'unplaced' | 'raw-html') {}
}

/**
 * Whether wrapping `[start, end)` of the index text would cut a raw HTML element in two.
 * @param index the chapter's text index.
 * @param start where the quote starts in `index.text`.
 * @param end where it ends (exclusive).
 * @returns true when the page would refuse it (`anchor/raw-html`).
 */
export function cutsRawHtml(index: TextIndex, start: number, end: number): boolean {
  const range = leafRange(index, start, end);
  if (!range) return false;
  const first = index.leaves[range.startLeaf]!;
  const last = index.leaves[range.endLeaf]!;
  const unit = index.units[first.unit];
  if (!unit || unit.kind !== 'prose' || first.unit !== last.unit || !holdsHtml(unit.node)) return false;
  // As the page reads the container: directives read as their source text, claim directives as wrappers.
  const restored = new Map<IndexNode, string>();
  for (const leaf of index.leaves) if (leaf.unit === first.unit && leaf.kind === 'directive') restored.set(leaf.node, leaf.value);
  const claimDirectives = new Set(index.claims.map((claim) => claim.node));
  const cuts = new Map<IndexNode, Set<number>>([[first.node, new Set([range.startOffset])]]);
  cuts.set(last.node, (cuts.get(last.node) ?? new Set()).add(range.endOffset));
  try {
    wrapInline(unit.node.children ?? [], [{ key: 0, startLeaf: first.node, startOffset: range.startOffset, endLeaf: last.node, endOffset: range.endOffset }], {
      cuts,
      textOf: (node) => restored.get(node),
      isWrapper: (node) => claimDirectives.has(node),
      wrapRange: (_key, children) => ({ type: 'claim', children }),
      wrapNode: (node, children) => ({ ...node, children }),
      isOpaque: (node) => node.type === 'image' || node.type === 'imageReference',
      fail: (_key, why) => {
        throw new Refused(why);
      },
    });
  } catch (error) {
    if (error instanceof Refused) return error.why === 'raw-html';
    throw error;
  }
  return false;
}

/** Whether some inline content holds raw HTML. */
function holdsHtml(node: IndexNode): boolean {
  return (node.children ?? []).some((child) => child.type === 'html' || holdsHtml(child));
}
