/**
 * Whether the page could mark a quote claim where the model found it, as far
 * as raw HTML goes: the page wraps the claim's words with `wrapInline`,
 * which refuses to cut a raw HTML element in two (`<b>` in one wrapper,
 * `</b>` outside it). `research-pack check` and the model run the same
 * function on the claim's container, with wrappers that make nothing, so
 * that they report what the build would fail on. Only a container that
 * holds raw HTML is looked at, and not one whose tags another Markdown
 * parser might read otherwise (the page's parse then decides).
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
  if (!unit || unit.kind !== 'prose' || first.unit !== last.unit || rawHtmlIn(unit.node) !== 'plain') return false;
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

/**
 * Text that one Markdown parser may read as a tag where another reads prose,
 * and a tag with an unquoted attribute value: Sätteri (which parses the
 * chapter for the model) and micromark (which parses it for a unified site's
 * page) differ on some unquoted values (`href=/search` is a tag to micromark
 * and text to Sätteri; `href=a=b` the other way round).
 */
const TAG_LIKE_TEXT = /<[A-Za-z/!?]/;
const UNQUOTED_VALUE = /=[ \t\n]*[^ \t\n"'=<>`]/;
/** Quoted attribute values, set aside before looking for an unquoted one. */
const QUOTED = /"[^"]*"|'[^']*'/g;

/**
 * The raw HTML of some inline content: none, tags that every parser reads
 * alike (`plain`), or some whose reading depends on the parser (`ambiguous`):
 * then the page's own parse decides, and the model says nothing.
 */
function rawHtmlIn(node: IndexNode): 'none' | 'plain' | 'ambiguous' {
  let found: 'none' | 'plain' = 'none';
  for (const child of node.children ?? []) {
    if (child.type === 'text' && TAG_LIKE_TEXT.test(child.value ?? '')) return 'ambiguous';
    if (child.type === 'html') {
      if (UNQUOTED_VALUE.test((child.value ?? '').replace(QUOTED, '""'))) return 'ambiguous';
      found = 'plain';
    }
    const inner = rawHtmlIn(child);
    if (inner === 'ambiguous') return inner;
    if (inner === 'plain') found = inner;
  }
  return found;
}
