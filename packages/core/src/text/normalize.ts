/**
 * Text normalization shared by the snapshot, the text index and anchoring.
 *
 * Two forms exist. The *normalized* form is what the snapshot stores:
 * Unicode NFC, LF line endings, and in prose every run of whitespace made one
 * space. The *folded* form is only ever compared, never shown: it also makes
 * typographic punctuation equal to the ASCII an author types, because Sätteri
 * applies smart punctuation while parsing the page (`"a"` arrives as `“a”`)
 * but the model's parse keeps the source characters.
 */

/** ASCII whitespace as Markdown knows it; NBSP and friends are content, not layout. */
const ASCII_WHITESPACE = /[ \t\n\r\f\v]+/g;

/**
 * Normalize Unicode to NFC and line endings to LF.
 * @param value any text.
 * @returns the text in NFC with `\r\n` and `\r` replaced by `\n`.
 */
export function normalizeLines(value: string): string {
  return value.replace(/\r\n?/g, '\n').normalize('NFC');
}

/**
 * Normalize a piece of prose: NFC, every run of ASCII whitespace one space, trimmed.
 * @param value prose, such as a quote from a claims sidecar.
 * @returns the normalized prose.
 */
export function normalizeProse(value: string): string {
  return value.normalize('NFC').replace(ASCII_WHITESPACE, ' ').trim();
}

/**
 * Count a text's characters as Unicode code points, as `Array.from(text).length`
 * counts them (a surrogate pair is one, a lone surrogate one too), without an
 * array of the whole text.
 * @param value any text.
 * @returns the number of code points.
 */
export function codePointCount(value: string): number {
  let pairs = 0;
  for (const _ of value.matchAll(SURROGATE_PAIR)) pairs += 1;
  return value.length - pairs;
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * Whether a UTF-16 code unit is ASCII whitespace.
 * @param code a char code.
 * @returns true for space, tab, LF, CR, FF and VT.
 */
export function isAsciiWhitespace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/**
 * NFC-normalize a string and keep, for every output character, the offset in
 * the input it came from. Characters are composed per base character plus its
 * combining marks (and Hangul jamo), so an offset never points inside a
 * composed character.
 * @param value text as it appears in a syntax tree leaf.
 * @returns the NFC text and its map back to `value` (one entry per output code unit), or no map when the text was already NFC.
 */
export function normalizeWithMap(value: string): { text: string; map: number[] | undefined } {
  if (isNfcFast(value)) return { text: value, map: undefined };
  const map: number[] = [];
  let text = '';
  const cluster = /[\s\S][\p{M}\u1160-\u11FF]*/gu;
  for (const match of value.matchAll(cluster)) {
    const piece = match[0].normalize('NFC');
    for (let index = 0; index < piece.length; index++) map.push(match.index);
    text += piece;
  }
  return { text, map };
}

function isNfcFast(value: string): boolean {
  // Pure ASCII (the common case) is always NFC; checking avoids a copy.
  // eslint-disable-next-line no-control-regex
  return /^[\u0000-\u007f]*$/.test(value) || value.normalize('NFC') === value;
}

/** Text in folded form with a map back to the unfolded text. */
export interface FoldedText {
  /** The folded text. */
  text: string;
  /**
   * Where folded character `offset` starts in the unfolded text;
   * `sourceOffset(text.length)` is the unfolded length.
   */
  sourceOffset(offset: number): number;
}

/**
 * Replacement for one typographic character. Dashes all fold to one hyphen
 * because smart-punctuation engines disagree on whether `--` is an en or an
 * em dash; `--` and `---` fold to the same hyphen below.
 */
const FOLD: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u2026': '...',
  // Hyphens that look like "-" and are not (an outside author's quote missed "write\u2011ahead" by a character no one could see).
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u00A0': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
};

const FOLDABLE = /[\u2018\u2019\u201A\u201B\u2032\u201C-\u201F\u2033\u2026\u2010-\u2014\u2212\u00A0\u2007\u2009\u202F]|-{2,3}/g;

/**
 * Fold text for comparison: curly quotes become straight, `…` becomes `...`,
 * hyphens (U+2010–U+2012), the minus sign, en and em dashes, `--` and `---`
 * become `-`, non-breaking spaces become spaces.
 *
 * The map back is kept per replacement, not per character: a chapter of
 * 20,000 characters with a handful of dashes stores a handful of entries.
 * @param value normalized text.
 * @returns the folded text and its offset map back to `value`.
 */
export function foldText(value: string): FoldedText {
  // Runs of the folded text: from `folded[k]` on, characters are copied from
  // `source[k]` on (`copied[k]`), or all stand for the replaced character at `source[k]`.
  const folded: number[] = [0];
  const source: number[] = [0];
  const copied: boolean[] = [true];
  let text = '';
  let last = 0;
  FOLDABLE.lastIndex = 0;
  for (let match = FOLDABLE.exec(value); match; match = FOLDABLE.exec(value)) {
    const start = match.index;
    text += value.slice(last, start);
    const replacement = match[0].startsWith('-') ? '-' : (FOLD[match[0]] ?? match[0]);
    folded.push(text.length);
    source.push(start);
    copied.push(false);
    text += replacement;
    last = start + match[0].length;
    folded.push(text.length);
    source.push(last);
    copied.push(true);
  }
  if (last === 0) return { text: value, sourceOffset: (offset) => offset };
  text += value.slice(last);
  const length = value.length;
  return {
    text,
    sourceOffset(offset: number): number {
      if (offset >= text.length) return length;
      // The last run starting at or before `offset`.
      let low = 0;
      let high = folded.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (folded[middle]! <= offset) low = middle;
        else high = middle - 1;
      }
      return copied[low] ? source[low]! + (offset - folded[low]!) : source[low]!;
    },
  };
}

/**
 * Fold a short string without keeping the map (quotes, prefixes, suffixes).
 * @param value normalized text.
 * @returns the folded text.
 */
export function fold(value: string): string {
  return value.replace(FOLDABLE, (match) => (match.startsWith('-') ? '-' : (FOLD[match] ?? match)));
}

/**
 * A text as a regular expression that matches it literally.
 * @param value the text.
 * @returns the pattern source.
 */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
