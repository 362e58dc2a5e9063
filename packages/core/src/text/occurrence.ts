/**
 * Which occurrence of a quote is meant: the one scoring of Research Pack.
 *
 * Candidates are scored the way Hypothesis scores them: how well the quote
 * matches (50), and how well the text before and after it matches the
 * prefix (20) and suffix (20). The model chooses a sidecar quote's place with
 * it (`locateQuote`), and records which occurrence of the claim's text it
 * is; the page takes that occurrence (`relocateQuote`) and uses this same
 * scoring only when its text holds the claim's words a different number of
 * times than the model's did.
 */
import search from 'approx-string-match';
import { fold } from './normalize.js';

/** Hypothesis's weights for scoring a candidate. */
const WEIGHT = { quote: 50, prefix: 20, suffix: 20 } as const;

/**
 * How well a piece of context matches: 1 for equal, 0 for nothing alike.
 * @param expected the context the sidecar gives (folded).
 * @param actual the text found there (folded).
 * @returns a score between 0 and 1.
 */
function contextScore(expected: string, actual: string): number {
  if (expected.length === 0) return 0;
  if (actual === expected) return 1;
  if (actual.length === 0) return 0;
  const matches = search(actual, expected, expected.length);
  let errors = expected.length;
  for (const match of matches) errors = Math.min(errors, match.errors);
  return 1 - errors / expected.length;
}

/**
 * A prefix or suffix from a claims sidecar, folded, with whitespace as in the prose.
 * @param value the context as the author wrote it.
 * @returns the folded context ('' when there is none).
 */
export function foldContext(value: string | undefined): string {
  if (value === undefined) return '';
  return fold(value.normalize('NFC').replace(/[ \t\n\r\f\v]+/g, ' '));
}

/**
 * The context part of a candidate's score: prefix 20, suffix 20.
 * @param haystack the folded text.
 * @param candidate the candidate's folded range.
 * @param prefix the folded prefix.
 * @param suffix the folded suffix.
 * @returns a score between 0 and 40.
 */
function scoreContext(haystack: string, candidate: { start: number; end: number }, prefix: string, suffix: string): number {
  let score = 0;
  if (prefix) score += WEIGHT.prefix * contextScore(prefix, haystack.slice(Math.max(0, candidate.start - prefix.length), candidate.start));
  if (suffix) score += WEIGHT.suffix * contextScore(suffix, haystack.slice(candidate.end, candidate.end + suffix.length));
  return score;
}

/**
 * The score of an approximate match: quote 50 × (1 − edits / length), plus its context.
 * @param haystack the folded text.
 * @param candidate the match's folded range and edit count.
 * @param length the folded quote's length.
 * @param prefix the folded prefix.
 * @param suffix the folded suffix.
 * @returns a score between 0 and 90.
 */
export function scoreCandidate(haystack: string, candidate: { start: number; end: number; errors: number }, length: number, prefix: string, suffix: string): number {
  return WEIGHT.quote * (1 - candidate.errors / length) + scoreContext(haystack, candidate, prefix, suffix);
}

/**
 * Choose among exact places of a quote by their context.
 * @param haystack the folded text.
 * @param starts the places' folded starts.
 * @param length the folded quote's length.
 * @param prefix the folded prefix.
 * @param suffix the folded suffix.
 * @returns the first best place, and every place that scores as well (one when the context decides).
 */
export function chooseByContext(haystack: string, starts: readonly number[], length: number, prefix: string, suffix: string): { best: number; tied: number[] } {
  const scores = starts.map((start) => scoreContext(haystack, { start, end: start + length }, prefix, suffix));
  let top = -Infinity;
  for (const score of scores) if (score > top) top = score;
  const tied: number[] = [];
  scores.forEach((score, place) => {
    if (score === top) tied.push(place);
  });
  return { best: tied[0] ?? 0, tied };
}

/**
 * Every place a folded quote occurs in a folded text, overlapping ones
 * included and wherever they lie: how both the model and the page count.
 * @param haystack the folded text.
 * @param needle the folded quote.
 * @returns folded starts, in document order.
 */
export function occurrencesOf(haystack: string, needle: string): number[] {
  const starts: number[] = [];
  if (needle.length === 0) return starts;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) starts.push(at);
  return starts;
}

/**
 * Which occurrence of its text an anchored claim is, for the page to take the same one.
 * @param haystack the folded snapshot.
 * @param needle the claim's text, folded.
 * @param start where the claim starts in the folded snapshot.
 * @returns the occurrence (from 0) and how many there are.
 */
export function quoteOccurrence(haystack: string, needle: string, start: number): { occurrence: number; occurrences: number } {
  const starts = occurrencesOf(haystack, needle);
  const before = starts.filter((at) => at < start).length;
  return { occurrence: Math.min(before, Math.max(0, starts.length - 1)), occurrences: starts.length };
}
