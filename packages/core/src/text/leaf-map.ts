/**
 * The leaf map of a text index: from every character of the index text back
 * to the syntax tree leaf it came from, the offset in that leaf, and the
 * position in the source.
 *
 * The index keeps runs (segments) rather than one entry per character: the
 * per-character arrays (`leafAt`, `offsetAt`) are only read when a claim is
 * wrapped on a page or a position is reported, and are built on first use.
 */
import { location } from 'vfile-location';
import type { IndexLeaf, IndexUnit, IndexedClaimDirective, OmittedInline, RestoredDirective, Segment, TextIndex } from './text-index-types.js';

/** The segments of an index made by `createTextIndex`, sorted by start and not overlapping. */
const SEGMENTS = new WeakMap<TextIndex, Segment[]>();

/** What an index is made of, before its leaf map is attached. */
export interface IndexParts {
  text: string;
  leaves: IndexLeaf[];
  units: IndexUnit[];
  claims: IndexedClaimDirective[];
  restored: RestoredDirective[];
  omitted: OmittedInline[];
}

/**
 * Make a text index from its parts and segments, with `leafAt` and
 * `offsetAt` built on first read.
 * @param parts the text, leaves, units and directives.
 * @param segments runs of the text that come from leaves, sorted by start.
 * @returns the index.
 */
export function createTextIndex(parts: IndexParts, segments: Segment[]): TextIndex {
  const text = parts.text;
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
  const index = { ...parts } as Omit<TextIndex, 'leafAt' | 'offsetAt'> as TextIndex;
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

/**
 * Append a segment, extending the last one when it continues it in both the text and the leaf.
 * @param segments the segments so far.
 * @param start where the run starts in the text.
 * @param length its length.
 * @param leaf the leaf it comes from.
 * @param from where it starts in the leaf's (normalized) value.
 * @param map the leaf's offset map, if its normalized value differs from its value.
 */
export function pushSegment(segments: Segment[], start: number, length: number, leaf: number, from: number, map: number[] | undefined): void {
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

/** Where a range of the index text is in its leaves: the first leaf and the offset in it, the last leaf and the offset after the range in it. */
export interface LeafRange {
  /** Index into `index.leaves` of the range's first character's leaf. */
  startLeaf: number;
  startOffset: number;
  /** Index into `index.leaves` of its last character's leaf. */
  endLeaf: number;
  /** The offset in that leaf's value right after the range (a combining mark or a surrogate pair kept whole). */
  endOffset: number;
}

/**
 * The leaves a range of the index text lies in, and where in them it starts
 * and ends: what a page cuts its leaves at to wrap a claim's words.
 * @param index a text index.
 * @param start the range's start in `index.text`.
 * @param end its end (exclusive).
 * @returns the leaf range, or undefined when no leaf holds the range.
 */
export function leafRange(index: TextIndex, start: number, end: number): LeafRange | undefined {
  let first = start;
  let last = end - 1;
  // Spaces made from line breaks have no leaf; a quote never starts or ends on one, but be safe.
  while (first < last && leafIndexAt(index, first) < 0) first++;
  while (last > first && leafIndexAt(index, last) < 0) last--;
  const startLeaf = leafIndexAt(index, first);
  const endLeaf = leafIndexAt(index, last);
  const endValue = index.leaves[endLeaf]?.value;
  if (!index.leaves[startLeaf] || endValue === undefined) return undefined;
  const startOffset = leafOffsetAt(index, first);
  let endOffset = leafOffsetAt(index, last) + 1;
  // Keep combining marks with the character they belong to.
  while (endOffset < endValue.length && /\p{M}/u.test(endValue[endOffset] ?? '')) endOffset++;
  // A surrogate pair is one character.
  const code = endValue.charCodeAt(endOffset - 1);
  if (code >= 0xd800 && code <= 0xdbff) endOffset++;
  return { startLeaf, startOffset, endLeaf, endOffset };
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
  const leaf = index.leaves[leafIndexAt(index, at)];
  const start = leaf?.node.position?.start;
  if (!leaf || !start) return undefined;
  // The line and column within the leaf's value, then placed where the leaf starts.
  const within = location(leaf.value).toPoint(leafOffsetAt(index, at));
  if (!within) return undefined;
  // Fenced code starts on the line after the fence.
  if (leaf.kind === 'code') return { line: start.line + within.line, column: within.column };
  if (within.line > 1) return { line: start.line + within.line - 1, column: within.column };
  // Inline code starts after its opening backtick.
  const lead = leaf.kind === 'inlineCode' ? 1 : 0;
  return { line: start.line, column: start.column + lead + within.column - 1 };
}
