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
import { leafRange } from './leaf-map.js';
import { fold } from './normalize.js';
import type { IndexNode, IndexUnit, TextIndex } from './text-index-types.js';
import { holdsInteractiveTag, isLink, isWholeElement } from './wrap-inline.js';

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
   * Where a quote claim's words are among the container's leaves (its text
   * and inline code nodes in document order, as the text index reads them):
   * the ordinal of the first and last leaf, the offset in the first and the
   * offset after the words in the last, the lengths of those two leaves, and
   * how many leaves the container has. A page whose container has as many
   * leaves, those two as long as the model's (smart punctuation shortens
   * `--` and `...`, which would move the words), with the claim's words
   * there, cuts its own leaves at these without reading the container's
   * text again. Only for a quote found exactly, in a container that holds
   * no directive read as text.
   */
  leaves?: ContainerLeaves;
}

/** Where a quote claim's words are among its container's leaves (see `ClaimPlace.leaves`). */
export interface ContainerLeaves {
  /** How many leaves the container has. */
  count: number;
  /** Ordinal of the leaf the words start in, where in its value, and the length of its value. */
  start: number;
  startOffset: number;
  startLength: number;
  /** Ordinal of the leaf they end in, the offset after them in its value, and the length of its value. */
  end: number;
  endOffset: number;
  endLength: number;
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
 * marked by places (a claim in a container without positions, in one the
 * page cannot find on its own, or in a directive block the page restores):
 * then the page reads its whole tree.
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
  // A directive block that is not ours (`:::note`) is replaced on the page by
  // what its author wrote, its content copied: an edit made inside it, on its
  // own node, would be dropped. A claim in one is marked with the whole tree.
  const blocks = index.restored.filter((entry) => entry.kind === 'containerDirective').map((entry) => entry.node.position);
  const places = new Map<string, ClaimPlace>();
  // Containers whose claims must all be marked by rebuilding the container.
  const rebuilt = new Set<IndexNode>();
  const byContainer = new Map<IndexNode, string[]>();
  let leavesOf: UnitLeaves | undefined;
  for (const anchor of anchors.values()) {
    const at = unitAt(units, anchor.location.start, anchor.location.end);
    const unit = at === undefined ? undefined : units[at];
    const node = unit?.node;
    const start = node?.position?.start.offset;
    const end = node?.position?.end.offset;
    if (!unit || unit.kind !== 'prose' || !node || start === undefined || end === undefined || !PLACEABLE.has(node.type)) return undefined;
    if (blocks.some((block) => !block || block.start.offset === undefined || block.end.offset === undefined || (block.start.offset <= start && start < block.end.offset))) return undefined;
    const unitText = text.snapshot.slice(unit.start, unit.end);
    const from = fold(unitText.slice(0, anchor.location.start - unit.start)).length;
    const to = from + fold(unitText.slice(anchor.location.start - unit.start, anchor.location.end - unit.start)).length;
    const directive = anchor.anchoring === 'directive' ? directives.get(anchor.id) : undefined;
    const simple = directive !== undefined && node.type !== 'heading' && !insideLink(node, directive);
    const place: ClaimPlace = { container: { type: node.type, start, end }, from, to, simple };
    if (anchor.anchoring === 'exact') {
      leavesOf ??= unitLeaves(index);
      const leaves = containerLeaves(index, leavesOf, at!, anchor.location.start, anchor.location.end);
      if (leaves) place.leaves = leaves;
    }
    places.set(anchor.id, place);
    if (!simple) rebuilt.add(node);
    byContainer.set(node, [...(byContainer.get(node) ?? []), anchor.id]);
  }
  for (const node of rebuilt) for (const id of byContainer.get(node) ?? []) places.get(id)!.simple = false;
  return places;
}

/** The first leaf and the number of leaves of each unit, when its leaves are consecutive and none is a directive read as text; by unit. */
type UnitLeaves = Map<number, { first: number; count: number }>;

function unitLeaves(index: TextIndex): UnitLeaves {
  const found: UnitLeaves = new Map();
  const unplaceable = new Set<number>();
  index.leaves.forEach((leaf, at) => {
    if (leaf.unit < 0) return;
    const entry = found.get(leaf.unit);
    if (leaf.kind === 'directive' || (entry && entry.first + entry.count !== at)) unplaceable.add(leaf.unit);
    if (entry) entry.count += 1;
    else found.set(leaf.unit, { first: at, count: 1 });
  });
  for (const unit of unplaceable) found.delete(unit);
  return found;
}

/** Where `[start, end)` of the index text is among the leaves of unit `unit`, or undefined. */
function containerLeaves(index: TextIndex, leavesOf: UnitLeaves, unit: number, start: number, end: number): ContainerLeaves | undefined {
  const entry = leavesOf.get(unit);
  const range = entry && leafRange(index, start, end);
  if (!entry || !range) return undefined;
  const first = range.startLeaf - entry.first;
  const last = range.endLeaf - entry.first;
  if (first < 0 || last < first || last >= entry.count) return undefined;
  const { startLeaf, startOffset, endLeaf, endOffset } = range;
  return { count: entry.count, start: first, startOffset, startLength: index.leaves[startLeaf]!.value.length, end: last, endOffset, endLength: index.leaves[endLeaf]!.value.length };
}

/** The index of the unit that holds `[start, end)` (units are in document order and do not overlap). */
function unitAt(units: readonly IndexUnit[], start: number, end: number): number | undefined {
  // The last unit that starts at or before `start`.
  let low = 0;
  let high = units.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (units[middle]!.start <= start) low = middle;
    else high = middle - 1;
  }
  const unit = units[low];
  return unit && unit.start <= start && end <= unit.end ? low : undefined;
}

/**
 * Whether `target` may sit inside a link, a button or a label within
 * `container`: it is inside a Markdown link or an MDX `<a>`, `<button>` or
 * `<label>`, or the container holds raw HTML tags of one (whose text is
 * their siblings', not their children's: the page's rebuild of the
 * container with `wrapInline` finds out).
 */
function insideLink(container: IndexNode, target: IndexNode): boolean {
  const walk = (node: IndexNode, inLink: boolean): boolean | undefined => {
    if (node === target) return inLink || holdsInteractiveTag(container);
    const link = inLink || isLink(node) || isWholeElement(node);
    for (const child of node.children ?? []) {
      const found = walk(child, link);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(container, false) ?? true;
}
