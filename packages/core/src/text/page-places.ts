/**
 * Where each claim is in the chapter's *source*, for the page transform: the
 * prose container that holds it (by the container's source offsets, which
 * the page's parse shares with the model's) and where its words are in that
 * container's folded text. With these the page needs no text of its own:
 * it visits only the containers named here, and the model's anchoring stays
 * the one answer to where a claim is.
 *
 * Also the chapter's body, from the first character after its frontmatter:
 * its offset and digest. A page is handed the body (Astro's MDX pipeline
 * blanks the frontmatter, its content layer cuts it off and trims), so the
 * digest says whether the page is the revision the model read, and the
 * offsets say how far the page's positions are shifted from the file's.
 */
import { hash } from 'node:crypto';
import type { ChapterText, ClaimAnchor } from './chapter-text.js';
import { leafBounds, leafIndexAt, leafOffsetAt } from './leaf-map.js';
import { fold, foldText, type FoldedText } from './normalize.js';
import { fromFolded, toFolded } from './quote-search.js';
import { buildTextIndex } from './text-index.js';
import type { IndexNode, IndexUnit, TextIndex } from './text-index-types.js';

/** Where a claim is in the chapter's source. Plain data. */
export interface ClaimPlace {
  /** The prose container that holds the claim: its node type and its source offsets (the file's, frontmatter included). */
  container: { type: string; start: number; end: number };
  /** Where the claim's words are in the folded text of the container (see `fold`): `[from, to)`. */
  from: number;
  to: number;
  /**
   * A directive claim the page can mark on its own directive node: not in a
   * heading, not inside a link, and its container holds no quote claim and
   * no other claim that needs the container rebuilt.
   */
  simple: boolean;
  /**
   * A quote claim whose words lie in one text node: where that node is, so
   * the page cuts the node alone instead of rebuilding its container. Set
   * only when every claim of the container has one (the container holds no
   * directive, no link around the words, no claims that overlap).
   */
  leaf?: LeafPlace;
}

/**
 * One text node of a container, read on its own (a paragraph holding only
 * it, as `buildTextIndex` reads it), and where a quote's words are in it.
 * The page reads its own node the same way and checks it folds to the same
 * text before it trusts the offsets: the model parses without smart
 * punctuation, the page may parse with it.
 */
export interface LeafPlace {
  /** The text node's start offset in the source (the file's). */
  start: number;
  /** Where the words are in the node's folded text: `[from, to)`. */
  from: number;
  to: number;
  /** The length of the node's folded text. */
  length: number;
  /** The words, folded: the node's folded text from `from` to `to`. */
  text: string;
}

/** A chapter's body as the page sees it: where it starts in the file and its digest. */
export interface ChapterBody {
  /** Offset in the source of the body's first character that is not whitespace. */
  start: number;
  /** sha256 hex of the body from that character on, trailing whitespace removed. */
  digest: string;
}

/** Frontmatter as Astro finds it (`@astrojs/internal-helpers/frontmatter`): YAML between `---` fences, or TOML between `+++`. */
const FRONTMATTER = /^(?:\uFEFF?|\s*\n)(?:---|\+\+\+)[\s\S]*?\n(?:---|\+\+\+)/;

/**
 * The body of a chapter source: after its frontmatter (when it still has
 * one) and the whitespace that follows.
 * @param source a chapter file's text, or a page's: with its frontmatter, blanked, or cut off.
 * @returns where the body starts and its digest; equal digests mean the same prose.
 */
export function chapterBody(source: string): ChapterBody {
  const frontmatter = FRONTMATTER.exec(source);
  let start = frontmatter ? frontmatter[0].length : 0;
  while (start < source.length && /\s/.test(source[start]!)) start++;
  return { start, digest: hash('sha256', source.slice(start).trimEnd(), 'hex') };
}

/** Containers the page can find by type and position and rebuild on their own. */
const PLACEABLE = new Set(['paragraph', 'heading', 'tableCell', 'mdxJsxFlowElement', 'leafDirective']);

/**
 * The place of every anchored claim, or undefined when the page cannot be
 * marked by places (a claim in a container without positions, or in one the
 * page cannot find on its own): then the page reads its whole tree.
 * @param text the chapter's text, from `extractChapterText` (with its index).
 * @param anchors the claims' anchors, from `anchorClaims`.
 * @returns places by claim id.
 */
export function claimPlaces(text: ChapterText, anchors: ReadonlyMap<string, ClaimAnchor>): Map<string, ClaimPlace> | undefined {
  const index = text.index;
  if (!index) return undefined;
  const units = index.units;
  const directives = new Map<string, IndexNode>();
  for (const claim of index.claims) if (claim.id !== undefined && !directives.has(claim.id)) directives.set(claim.id, claim.node);
  const places = new Map<string, ClaimPlace>();
  // Containers whose claims must all be marked by rebuilding the container.
  const rebuilt = new Set<IndexNode>();
  const byContainer = new Map<IndexNode, string[]>();
  for (const anchor of anchors.values()) {
    const unit = unitAt(units, anchor.location.start, anchor.location.end);
    const node = unit?.node;
    const start = node?.position?.start.offset;
    const end = node?.position?.end.offset;
    if (!unit || unit.kind !== 'prose' || !node || start === undefined || end === undefined || !PLACEABLE.has(node.type)) return undefined;
    const unitText = text.snapshot.slice(unit.start, unit.end);
    const from = fold(unitText.slice(0, anchor.location.start - unit.start)).length;
    const to = from + fold(unitText.slice(anchor.location.start - unit.start, anchor.location.end - unit.start)).length;
    const directive = anchor.anchoring === 'directive' ? directives.get(anchor.id) : undefined;
    const simple = directive !== undefined && node.type !== 'heading' && !insideLink(node, directive);
    places.set(anchor.id, { container: { type: node.type, start, end }, from, to, simple });
    if (!simple) rebuilt.add(node);
    byContainer.set(node, [...(byContainer.get(node) ?? []), anchor.id]);
  }
  for (const node of rebuilt) for (const id of byContainer.get(node) ?? []) places.get(id)!.simple = false;
  placeLeaves(index, anchors, places, byContainer);
  return places;
}

/** Containers whose claims can be marked in their text nodes alone: no directive inside them, the claims never rebuilt (`simple`). */
const LEAF_CONTAINERS = new Set(['paragraph', 'tableCell']);

/**
 * Give each quote claim its text node (`leaf`), in the containers where
 * every claim has one and no two claims overlap.
 */
function placeLeaves(index: TextIndex, anchors: ReadonlyMap<string, ClaimAnchor>, places: Map<string, ClaimPlace>, byContainer: Map<IndexNode, string[]>): void {
  const directives = [...index.claims.map((claim) => claim.node), ...index.restored.map((entry) => entry.node)].map((node) => node.position?.start.offset);
  // Each unit's folded text, once for all its claims.
  const folds = new Map<number, FoldedText>();
  for (const [node, ids] of byContainer) {
    const place = places.get(ids[0]!)!;
    const { start, end } = place.container;
    if (!LEAF_CONTAINERS.has(node.type) || directives.some((offset) => offset === undefined || (offset >= start && offset < end))) continue;
    const ranges = ids.map((id) => anchors.get(id)!.location);
    const overlap = ranges.some((a, i) => ranges.some((b, j) => i !== j && a.start < b.end && b.start < a.end));
    if (overlap) continue;
    const leaves = ids.map((id) => (anchors.get(id)!.anchoring === 'directive' ? undefined : leafPlace(index, node, places.get(id)!, anchors.get(id)!.location, folds)));
    if (leaves.some((leaf) => leaf === undefined)) continue;
    ids.forEach((id, i) => (places.get(id)!.leaf = leaves[i]!));
  }
}

/**
 * A quote's text node, when its words lie in one and the page would cut the
 * same characters from the node read on its own as from the whole container.
 */
function leafPlace(index: TextIndex, container: IndexNode, place: ClaimPlace, location: { start: number; end: number }, folds: Map<number, FoldedText>): LeafPlace | undefined {
  const bounds = leafBounds(index, location.start, location.end);
  const leaf = bounds && bounds.startLeaf === bounds.endLeaf ? index.leaves[bounds.startLeaf] : undefined;
  const start = leaf?.node.position?.start.offset;
  if (!bounds || !leaf || leaf.kind !== 'text' || leaf.node.type !== 'text' || start === undefined || insideLink(container, leaf.node)) return undefined;
  // Where the page cuts, from the model's place in the container's folded text.
  const unit = index.units[leaf.unit]!;
  let unitFolded = folds.get(leaf.unit);
  if (!unitFolded) folds.set(leaf.unit, (unitFolded = foldText(index.text.slice(unit.start, unit.end))));
  const inUnit = fromFolded(unitFolded, place.from, place.to);
  const cut = leafBounds(index, unit.start + inUnit.start, unit.start + inUnit.end);
  if (!cut || cut.startLeaf !== bounds.startLeaf || cut.endLeaf !== bounds.startLeaf || cut.startOffset !== bounds.startOffset || cut.endOffset !== bounds.endOffset) return undefined;
  // The node read on its own: the first and last characters of the words in its index.
  const own = buildTextIndex({ type: 'root', children: [{ type: 'paragraph', children: [leaf.node] }] });
  let first = -1;
  let last = -1;
  for (let at = 0; at < own.text.length; at++) {
    if (leafIndexAt(own, at) < 0) continue;
    const offset = leafOffsetAt(own, at);
    if (first === -1 && offset >= bounds.startOffset) first = at;
    if (offset < bounds.endOffset) last = at;
  }
  if (first === -1 || last < first) return undefined;
  const folded = foldText(own.text);
  const from = toFolded(folded, first);
  const to = toFolded(folded, last + 1);
  // The page's cut from these offsets must be the same characters.
  const back = fromFolded(folded, from, to);
  const again = leafBounds(own, back.start, back.end);
  if (!again || again.startOffset !== bounds.startOffset || again.endOffset !== bounds.endOffset) return undefined;
  return { start, from, to, length: folded.text.length, text: folded.text.slice(from, to) };
}

/** The unit that holds `[start, end)` (units are in document order and do not overlap). */
function unitAt(units: readonly IndexUnit[], start: number, end: number): IndexUnit | undefined {
  // The last unit that starts at or before `start`.
  let low = 0;
  let high = units.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (units[middle]!.start <= start) low = middle;
    else high = middle - 1;
  }
  const unit = units[low];
  return unit && unit.start <= start && end <= unit.end ? unit : undefined;
}

/** Whether `target` sits inside a link within `container`. */
function insideLink(container: IndexNode, target: IndexNode): boolean {
  const walk = (node: IndexNode, inLink: boolean): boolean | undefined => {
    if (node === target) return inLink;
    const link = inLink || node.type === 'link' || node.type === 'linkReference' || (node.type === 'mdxJsxTextElement' && node.name === 'a');
    for (const child of node.children ?? []) {
      const found = walk(child, link);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(container, false) ?? true;
}
