/**
 * The text of one unit of the text index, before it is placed: prose pieces
 * joined with every run of whitespace made one space, code lines kept
 * verbatim, and the segments that map the result back to the leaves.
 */
import { pushSegment } from './leaf-map.js';
import { isAsciiWhitespace, normalizeProse, normalizeWithMap } from './normalize.js';
import type { IndexNode, IndexUnit, Segment } from './text-index-types.js';

/** One character source while a unit's text is assembled. */
export interface Piece {
  /** Index of the leaf, or -1 for text no leaf holds (a hard break's space). */
  leaf: number;
  text: string;
  /** Offset in the leaf's value of each character of `text`; none when they are equal. */
  map: number[] | undefined;
}

/** Marks where a claim directive starts or ends within a unit's pieces. */
export interface Marker {
  directive: number;
  edge: 'start' | 'end';
}

/** Marks where inline content the text leaves out stands within a unit's pieces (an index into the index's `omitted`). */
export interface Gap {
  omitted: number;
}

/** A unit's text before it is placed in the index. */
export interface UnitText {
  node: IndexNode;
  kind: IndexUnit['kind'];
  text: string;
  /** Runs of `text` that come from leaves, with `start` relative to the unit. */
  segments: Segment[];
  leaves: number[];
  /** Directive edges as offsets in `text`. */
  edges: Array<{ directive: number; edge: 'start' | 'end'; offset: number }>;
  /** Where left-out inline content stands, as offsets in `text` (of the text that follows it). */
  gaps?: Array<{ omitted: number; offset: number }>;
}

/** Two ASCII whitespace characters in a row. */
const DOUBLE_WHITESPACE = /[ \t\n\r\f\v]{2}/;
/** A run of ASCII whitespace (searched from `lastIndex`). */
const WHITESPACE_RUN = /[ \t\n\r\f\v]+/g;
/** ASCII whitespace other than the space. */
const OTHER_WHITESPACE = /[\t\n\r\f\v]/;
const OTHER_WHITESPACE_ALL = /[\t\n\r\f\v]/g;

/**
 * The text of a prose unit: its pieces joined, every run of whitespace one
 * space, the ends trimmed, with the directive edges moved to match.
 * @param node the unit's container.
 * @param kind the unit's kind.
 * @param pieces the unit's text pieces, directive markers and gaps, in document order.
 * @param leaves the leaves the pieces come from.
 * @returns the unit's text.
 */
export function joinPieces(node: IndexNode, kind: IndexUnit['kind'], pieces: Array<Piece | Marker | Gap>, leaves: number[]): UnitText {
  const segments: Segment[] = [];
  const edges: UnitText['edges'] = [];
  let gaps: UnitText['gaps'];
  // Concatenation, not an array joined at the end: V8 builds it as a rope.
  let text = '';
  // The first whitespace of a pending run: it becomes one space if more text follows.
  let pendingLeaf = -2;
  let pendingOffset = 0;
  for (const piece of pieces) {
    if ('omitted' in piece) {
      // Where the text that follows will start: past a pending space.
      (gaps ??= []).push({ omitted: piece.omitted, offset: text.length + (pendingLeaf !== -2 && text.length > 0 ? 1 : 0) });
      continue;
    }
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
  if (gaps) for (const gap of gaps) if (gap.offset > text.length) gap.offset = text.length;
  return gaps ? { node, kind, text, segments, leaves, edges, gaps } : { node, kind, text, segments, leaves, edges };
}

/**
 * The text of a code block: lines verbatim, trailing spaces (and a CR before
 * the LF) trimmed, blank lines at the end left out.
 * @param node the `code` node.
 * @param leaf the index of its leaf.
 * @returns the unit's text.
 */
export function codeText(node: IndexNode, leaf: number): UnitText {
  const { text: nfc, map } = normalizeWithMap(node.value ?? '');
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

/**
 * The text of a directive fence line (`:::name` or `:::`): prose that no claim may mark.
 * @param node the container directive.
 * @param value the fence line as written.
 * @returns the unit's text.
 */
export function fenceText(node: IndexNode, value: string): UnitText {
  return { node, kind: 'fence', text: normalizeProse(value), segments: [], leaves: [], edges: [] };
}
