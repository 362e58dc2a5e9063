/**
 * The search engine of anchoring: finding a quote in a text index the way
 * Hypothesis finds an annotation. The exact quote first, then, when the prose
 * has changed, a bounded approximate match (Myers' algorithm,
 * `approx-string-match`). Matching runs on the folded text (`normalize.ts`),
 * inside one prose unit: a quote never crosses a paragraph, a table cell or a
 * code block. Which of several places is meant is `occurrence.ts`'s call.
 */
import search from 'approx-string-match';
import { fold, foldText, normalizeProse, type FoldedText } from './normalize.js';
import { chooseByContext, foldContext, occurrencesOf, scoreCandidate } from './occurrence.js';
import type { IndexUnit, TextIndex } from './text-index-types.js';

/**
 * The largest number of edits a fuzzy match may need.
 * @param length length of the folded quote.
 * @returns min(256, floor(length / 4)).
 */
export function maxFuzzyErrors(length: number): number {
  return Math.min(256, Math.floor(length / 4));
}

/** A place in the folded text where a quote may be. */
export interface Candidate {
  /** Offsets in the folded text. */
  start: number;
  end: number;
  errors: number;
  score: number;
}

/** The folded text with what anchoring needs to search it. */
export interface SearchText {
  index: TextIndex;
  folded: FoldedText;
  /** Prose units in folded coordinates. */
  units: Array<{ start: number; end: number }>;
}

/**
 * Prepare a text index for searching.
 * @param index the text index (model or page).
 * @returns the folded text and its prose units.
 */
export function prepareSearch(index: TextIndex): SearchText {
  const folded = foldText(index.text);
  const units = index.units
    .filter((unit: IndexUnit) => unit.kind === 'prose' && unit.end > unit.start)
    .map((unit) => ({ start: toFolded(folded, unit.start), end: toFolded(folded, unit.end) }));
  return { index, folded, units };
}

/**
 * Map an offset of the unfolded text to the folded text.
 * @param folded the folded text.
 * @param offset an offset in the unfolded text.
 * @returns the first folded offset at or after it.
 */
export function toFolded(folded: FoldedText, offset: number): number {
  let low = 0;
  let high = folded.text.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (folded.sourceOffset(middle) < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Map a folded range back to the unfolded text.
 * @param folded the folded text.
 * @param start folded start.
 * @param end folded end.
 * @returns the unfolded range.
 */
export function fromFolded(folded: FoldedText, start: number, end: number): { start: number; end: number } {
  return { start: folded.sourceOffset(start), end: folded.sourceOffset(end) };
}

/**
 * Every exact place of a folded quote that lies inside one prose unit.
 * @param text the prepared text.
 * @param quote the folded quote.
 * @returns start offsets in the folded text, in document order.
 */
export function findExact(text: SearchText, quote: string): number[] {
  return occurrencesOf(text.folded.text, quote).filter((start) => inProse(text, start, start + quote.length));
}

/**
 * Whether a folded range lies entirely inside one prose unit.
 * @param text the prepared text.
 * @param start folded start.
 * @param end folded end.
 * @returns true when a claim could be marked there.
 */
export function inProse(text: SearchText, start: number, end: number): boolean {
  const units = text.units;
  let low = 0;
  let high = units.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const unit = units[middle]!;
    if (start < unit.start) high = middle - 1;
    else if (start >= unit.end) low = middle + 1;
    else return end <= unit.end;
  }
  return false;
}

/**
 * Approximate places of a folded quote, best first, one per prose unit at most.
 * @param text the prepared text.
 * @param quote the folded quote.
 * @param maxErrors the most edits allowed.
 * @returns candidates with their edit counts (score not yet set).
 */
export function findFuzzy(text: SearchText, quote: string, maxErrors: number): Candidate[] {
  const found: Candidate[] = [];
  const haystack = text.folded.text;
  for (const unit of text.units) {
    if (unit.end - unit.start < quote.length - maxErrors) continue;
    const slice = haystack.slice(unit.start, unit.end);
    let best: Candidate | undefined;
    for (const match of search(slice, quote, maxErrors)) {
      if (!best || match.errors < best.errors) best = { start: unit.start + match.start, end: unit.start + match.end, errors: match.errors, score: 0 };
    }
    if (best) found.push(best);
  }
  return found;
}

/** What `locateQuote` found. */
export type QuoteResult =
  | { kind: 'exact' | 'fuzzy'; start: number; end: number; errors: number; occurrence: number; occurrences: number }
  | { kind: 'ambiguous'; ranges: Array<{ start: number; end: number }> }
  | { kind: 'orphan' };

/**
 * Find a quote in a prepared text (folded coordinates in, unfolded coordinates out).
 * @param text the prepared text.
 * @param quote the quote, prefix and suffix as the sidecar gives them.
 * @param options `fuzzy: false` to look for exact matches only.
 * @returns where it is, or why not.
 */
export function locateQuote(
  text: SearchText,
  quote: { quote: string; prefix?: string | undefined; suffix?: string | undefined },
  options: { fuzzy?: boolean } = {},
): QuoteResult {
  const needle = fold(normalizeProse(quote.quote));
  const prefix = foldContext(quote.prefix);
  const suffix = foldContext(quote.suffix);
  const starts = findExact(text, needle);
  if (starts.length > 0) {
    let chosen = 0;
    if (starts.length > 1) {
      const range = (start: number) => fromFolded(text.folded, start, start + needle.length);
      if (!prefix && !suffix) return { kind: 'ambiguous', ranges: starts.map(range) };
      const choice = chooseByContext(text.folded.text, starts, needle.length, prefix, suffix);
      if (choice.tied.length > 1) return { kind: 'ambiguous', ranges: choice.tied.map((place) => range(starts[place]!)) };
      chosen = choice.best;
    }
    const start = starts[chosen]!;
    const range = fromFolded(text.folded, start, start + needle.length);
    return { kind: 'exact', ...range, errors: 0, occurrence: chosen, occurrences: starts.length };
  }
  if (options.fuzzy === false) return { kind: 'orphan' };
  const maxErrors = maxFuzzyErrors(needle.length);
  if (maxErrors === 0) return { kind: 'orphan' };
  const candidates = findFuzzy(text, needle, maxErrors);
  if (candidates.length === 0) return { kind: 'orphan' };
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    candidate.score = scoreCandidate(text.folded.text, candidate, needle.length, prefix, suffix);
    if (!best || candidate.score > best.score) best = candidate;
  }
  const chosen = best!;
  const range = snapRange(text.index.text, trimRange(text.index.text, fromFolded(text.folded, chosen.start, chosen.end)), quote.quote);
  return { kind: 'fuzzy', ...range, errors: chosen.errors, occurrence: 0, occurrences: 1 };
}

/** A claim the model anchored by quote, as the page is told of it (`QuoteAnnotationAnchor`). */
export interface AnchoredQuote {
  /** The claim's text in the model's snapshot. */
  exact: string;
  /** The snapshot's text just before and after it. */
  prefix: string;
  suffix: string;
  /** Which occurrence of `exact` (folded) in the snapshot it is, from 0, and how many there are (`quoteOccurrence`). */
  occurrence: number;
  occurrences: number;
}

/**
 * Find again, in another text of the same chapter (the page's), a claim the
 * model anchored by quote: the same occurrence of its text, counted the same
 * way. Only when this text holds the claim's words a different number of
 * times (another plugin changed the page) does the model's scoring choose,
 * from the snapshot's prefix and suffix.
 * @param text the prepared text.
 * @param anchor the claim's text, context and occurrence.
 * @returns the range in the unfolded text, or undefined when the words are not there.
 */
export function relocateQuote(text: SearchText, anchor: AnchoredQuote): { start: number; end: number } | undefined {
  const needle = fold(normalizeProse(anchor.exact));
  const haystack = text.folded.text;
  const all = occurrencesOf(haystack, needle);
  if (all.length === anchor.occurrences) {
    const start = all[anchor.occurrence];
    if (start !== undefined && inProse(text, start, start + needle.length)) return fromFolded(text.folded, start, start + needle.length);
  }
  const starts = all.filter((start) => inProse(text, start, start + needle.length));
  if (starts.length === 0) return undefined;
  const chosen = starts.length === 1 ? 0 : chooseByContext(haystack, starts, needle.length, fold(anchor.prefix), fold(anchor.suffix)).best;
  const start = starts[chosen]!;
  return fromFolded(text.folded, start, start + needle.length);
}

/**
 * Drop spaces an approximate match picked up at its edges.
 * @param value the unfolded text.
 * @param range a range of it.
 * @returns the range without spaces at either end.
 */
export function trimRange(value: string, range: { start: number; end: number }): { start: number; end: number } {
  let { start, end } = range;
  while (start < end && value[start] === ' ') start++;
  while (end > start && value[end - 1] === ' ') end--;
  return { start, end };
}

const WORD = /[\p{L}\p{M}\p{N}_]/u;
/** Scripts written without spaces between words: a run of their letters is no word to snap to. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
/** Where one sentence may end and the next begin: a stop, closing marks, space, then a capital or a digit. */
const SENTENCE_BREAK = /[.!?]["'”’)\]]*\s+(?=["'“‘(\[]?[\p{Lu}\p{N}])/gu;
/** Words a stop follows that end no sentence: "Dr. Smith", "e.g. Python", "U.S. Army", "p. 42". */
const ABBREVIATION = /(?:^|[\s(])(?:\p{L}|[Dd]r|[Mm]rs?|[Mm]s|[Ss]t|[Pp]rof|[Ss]r|[Jj]r|vs|etc|e\.g|i\.e|cf|[Pp]p?|[Nn]o|[Ff]ig|[Ee]d|[Vv]ol|[Cc]h|[Ss]ec|[Ee]q|(?:\p{L}\.)+\p{L})\.$/u;

/**
 * An approximate match as a reader would mark it: never inside a word (an
 * outside author saw a claim's marker split "an|d"), and without a word or
 * two of the sentence before or after that the quote does not have (one took
 * "them." from the end of the sentence before). A word cut at an edge is
 * taken whole when the match holds most of it, else left out; in scripts
 * written without spaces, where a run of letters is no one word, the edges
 * stay. Only a short fragment at an edge, beyond a sentence break that is no
 * abbreviation's stop, and none of whose words the quote has, is left out.
 * @param value the unfolded text.
 * @param range the match, trimmed of spaces.
 * @param quote the quote looked for, as the sidecar gives it.
 * @returns the range on word boundaries, without such fragments.
 */
export function snapRange(value: string, range: { start: number; end: number }, quote: string): { start: number; end: number } {
  const isWord = (at: number) => at >= 0 && at < value.length && WORD.test(value[at]!);
  const unspaced = (at: number) => at >= 0 && at < value.length && UNSPACED.test(value[at]!);
  // An edge of the match inside a word: the whole word is taken when the match holds most of it (`held`), else left out.
  const snap = (at: number, held: (word: { start: number; end: number }) => number, edge: 'start' | 'end'): number => {
    if (!isWord(at - 1) || !isWord(at) || unspaced(at - 1) || unspaced(at)) return at;
    const word = { start: at, end: at };
    while (isWord(word.start - 1)) word.start--;
    while (isWord(word.end)) word.end++;
    const taken = held(word) * 2 >= word.end - word.start;
    return (edge === 'start') === taken ? word.start : word.end;
  };
  const start = snap(range.start, (word) => word.end - range.start, 'start');
  const end = snap(range.end, (word) => range.end - word.start, 'end');
  const snapped = trimRange(value, { start, end });
  if (snapped.end <= snapped.start) return range;
  const text = value.slice(snapped.start, snapped.end);
  const breaks = [...text.matchAll(SENTENCE_BREAK)].filter((found) => !ABBREVIATION.test(text.slice(0, found.index + 1)));
  if (breaks.length === 0) return snapped;
  const quoted = new Set(words(quote));
  // A fragment at an edge: at most two words, none of them the quote's.
  const stray = (part: string) => {
    const found = words(part);
    return found.length > 0 && found.length <= 2 && !found.some((word) => quoted.has(word));
  };
  let { start: from, end: to } = snapped;
  const first = breaks[0]!;
  const head = text.slice(0, first.index + first[0].trimEnd().length);
  if (stray(head)) from = snapped.start + first.index + first[0].length;
  const last = breaks.at(-1)!;
  const tail = text.slice(last.index + last[0].length);
  if (stray(tail) && snapped.start + last.index + last[0].length > from) to = snapped.start + last.index + last[0].trimEnd().length;
  const kept = trimRange(value, { start: from, end: to });
  return kept.end > kept.start ? kept : snapped;
}

/** The words of a text, folded, for comparing a fragment with a quote. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}
