/**
 * What an anchoring problem suggests to the author: the text closest to a
 * quote that is not in the chapter (when it shares a word with it), where a
 * quote runs from one block into the next, and the prefix or suffix that
 * would choose one place of a quote found several times.
 */
import { escapeRegExp, fold, normalizeProse } from './normalize.js';
import { findFuzzy, fromFolded, trimRange, type Candidate, type SearchText } from './quote-search.js';

/** Texts longer than this are narrowed down before the closest text is searched for. */
const CLOSEST_SCAN_LIMIT = 20_000;
/** How many prose units are compared in full when a text is narrowed down. */
const CLOSEST_UNITS = 8;

/**
 * The text closest to a quote that could not be anchored.
 * @param text the prepared text.
 * @param quote the quote as the sidecar gives it.
 * @returns the closest text (unfolded) and where it starts, or undefined when nothing resembles it.
 */
export function closestText(text: SearchText, quote: string): { text: string; start: number; errors: number } | undefined {
  const needle = fold(normalizeProse(quote));
  // Any edit count: this only runs for a quote that did not anchor, to show the author what is there instead.
  // With any edit count every place matches, which costs a quarter of a second
  // per quote in a long chapter: there, only the units sharing the most
  // three-letter pieces with the quote are compared.
  const candidates = findFuzzy(text.folded.text.length > CLOSEST_SCAN_LIMIT ? likelyUnits(text, needle) : text, needle, needle.length);
  let best: Candidate | undefined;
  for (const candidate of candidates) if (!best || candidate.errors < best.errors) best = candidate;
  if (!best) return undefined;
  const value = text.index.text;
  let { start, end } = trimRange(value, fromFolded(text.folded, best.start, best.end));
  // Show whole words: an approximate match may start or end inside one.
  while (start > 0 && !/[\s]/.test(value[start - 1]!)) start--;
  while (end < value.length && !/[\s]/.test(value[end]!)) end++;
  ({ start, end } = wholeSentences(value, start, end));
  return { text: value.slice(start, end), start, errors: best.errors };
}

/** How far the closest text is widened to whole sentences, at each end. */
const SENTENCE_REACH = 300;
/** Where a sentence ends: its closing mark (and a closing quote or bracket), then space; not the period of an initial or a short title ("J. Smith", "Dr. Smith", "e.g. this"). */
const SENTENCE_END = /(?<!(?:^|[\s(])(?:\p{L}|Dr|Mr|Mrs|Ms|Mx|St|Jr|Sr|Prof|Fig|Figs|No|Vol|Inc|Ltd|Co|vs|cf|e\.g|i\.e))[.!?…]["'’”)\]]*(?=\s)/gu;
/** The same, at the end of the text too: where the sentence the closest text ends in ends. */
const SENTENCE_CLOSE = new RegExp(SENTENCE_END.source.replace('(?=\\s)', '(?=\\s|$)'), 'u');

/**
 * The closest text as whole sentences, what the author can copy into
 * `anchor.quote` (an outside author copied "it. Read them with care …", the
 * end of one sentence and most of the next): a piece of a sentence before
 * the first sentence end in it is dropped when the rest is longer, and then
 * each end reaches out, within its block, to where its sentence starts or
 * ends (at most `SENTENCE_REACH` characters).
 * @param value the text.
 * @param start where the closest text starts.
 * @param end where it ends.
 * @returns the widened range.
 */
function wholeSentences(value: string, start: number, end: number): { start: number; end: number } {
  const previousBlock = value.lastIndexOf('\n\n', start - 1);
  const blockStart = previousBlock === -1 ? 0 : previousBlock + 2;
  const nextBlock = value.indexOf('\n\n', end);
  const blockEnd = nextBlock === -1 ? value.length : nextBlock;
  // "it. Read them …": the tail of the sentence before, then the sentence meant.
  for (const match of value.slice(start, end).matchAll(SENTENCE_END)) {
    const after = start + match.index + match[0].length;
    if (after - start < end - after && /^\s+\p{Lu}/u.test(value.slice(after, after + 3))) start = after + (/^\s+/.exec(value.slice(after))?.[0].length ?? 0);
    break;
  }
  // Back to where the sentence starts: after the last sentence end before it, or the block's start.
  const from = Math.max(blockStart, start - SENTENCE_REACH);
  let sentenceStart = from === blockStart ? from : -1;
  for (const match of value.slice(from, start).matchAll(SENTENCE_END)) sentenceStart = from + match.index + match[0].length;
  if (sentenceStart !== -1) start = Math.min(start, sentenceStart + (/^\s*/.exec(value.slice(sentenceStart, start))?.[0].length ?? 0));
  // On to where it ends: its first sentence end at or after the closest text's end, or the block's end.
  const tail = value.slice(Math.max(start, end - 1), Math.min(blockEnd, end + SENTENCE_REACH));
  const close = SENTENCE_CLOSE.exec(tail);
  if (close) end = Math.max(end, Math.max(start, end - 1) + close.index + close[0].length);
  else if (blockEnd - end <= SENTENCE_REACH) end = blockEnd;
  return { start, end };
}

/** The same text with only the prose units most like the quote (by shared trigrams), in document order. */
function likelyUnits(text: SearchText, needle: string): SearchText {
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= needle.length; index++) grams.add(needle.slice(index, index + 3));
  const haystack = text.folded.text;
  const scored = text.units.map((unit, order) => {
    const seen = new Set<string>();
    for (let index = unit.start; index + 3 <= unit.end; index++) {
      const gram = haystack.slice(index, index + 3);
      if (grams.has(gram)) seen.add(gram);
    }
    return { unit, order, score: grams.size === 0 ? 0 : seen.size / grams.size };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const kept = scored.slice(0, CLOSEST_UNITS).sort((a, b) => a.order - b.order);
  return { ...text, units: kept.map((entry) => entry.unit) };
}

/**
 * The shortest run of whole words just before (or else just after) the first
 * place that no other place shares: what the author can add as prefix or suffix.
 * @param text the prepared text.
 * @param ranges the places of the quote, unfolded, in document order.
 * @returns the context to add, or undefined when no run of up to eight words tells the first place apart.
 */
export function suggestContext(text: SearchText, ranges: Array<{ start: number; end: number }>): { kind: 'prefix' | 'suffix'; text: string } | undefined {
  const value = text.index.text;
  for (let words = 1; words <= 8; words++) {
    for (const kind of ['prefix', 'suffix'] as const) {
      const contexts = ranges.map((range) => (kind === 'prefix' ? wordsBefore(value, range.start, words) : wordsAfter(value, range.end, words)));
      const first = contexts[0];
      if (first && first.trim() && contexts.filter((context) => fold(context) === fold(first)).length === 1) return { kind, text: first };
    }
  }
  return undefined;
}

function wordsBefore(value: string, end: number, words: number): string {
  const blockStart = value.lastIndexOf('\n\n', end - 1);
  const parts = value.slice(blockStart === -1 ? 0 : blockStart + 2, end).split(' ');
  // The last part is what directly precedes the quote (empty when a space does).
  return parts.slice(Math.max(0, parts.length - words - 1)).join(' ');
}

function wordsAfter(value: string, start: number, words: number): string {
  const blockEnd = value.indexOf('\n\n', start);
  const parts = value.slice(start, blockEnd === -1 ? value.length : blockEnd).split(' ');
  return parts.slice(0, words + 1).join(' ');
}

/**
 * Whether two texts share a word of four letters or more (case aside); for
 * a quote with no such word (short words, numbers, a script written without
 * spaces), any two letters or digits in a row.
 */
export function sharesAWord(text: string, other: string): boolean {
  const words = (value: string) => new Set(value.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []);
  const wanted = words(other);
  const pairs = (value: string) => {
    const found = new Set<string>();
    const chars = [...value.toLowerCase()];
    for (let index = 0; index + 1 < chars.length; index++) if (/[\p{L}\p{N}]/u.test(chars[index]!) && /[\p{L}\p{N}]/u.test(chars[index + 1]!)) found.add(chars[index]! + chars[index + 1]!);
    return found;
  };
  const spaceless = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u.test(other);
  const [mine, theirs] = wanted.size === 0 || spaceless ? [pairs(text), pairs(other)] : [words(text), wanted];
  for (const word of theirs) if (mine.has(word)) return true;
  return false;
}

/**
 * Where a quote stands in the snapshot when the blank line between blocks
 * reads as a space: the quote then runs from one block into the next, which
 * anchoring never matches. Its text there (white space as one space) and the
 * offset of its start; undefined when it does not stand there either. Only
 * for the message: words as written (typographic quotes as the prose has
 * them), not folded as the search compares.
 */
export function acrossBlocks(snapshot: string, quote: string): { text: string; start: number } | undefined {
  const words = normalizeProse(quote).split(' ').filter((word) => word !== '');
  if (words.length < 2 || !snapshot.includes('\n\n')) return undefined;
  const match = new RegExp(words.map((word) => escapeRegExp(word)).join('\\s+')).exec(snapshot);
  if (!match || !match[0].includes('\n\n')) return undefined;
  return { text: match[0].replace(/\s+/g, ' '), start: match.index };
}
