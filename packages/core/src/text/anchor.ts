/**
 * Anchoring: finding each claim of a claims sidecar in the chapter's prose.
 *
 * Directive claims are where their `:claim[...]{#id}` is. Quote claims are
 * found like Hypothesis finds an annotation: the exact quote first, using the
 * prefix and suffix to choose between several places; when the prose has
 * changed, a bounded approximate match (Myers' algorithm, `approx-string-match`)
 * scored on quote, prefix and suffix. Matching runs on the folded text
 * (`normalize.ts`), inside one prose unit: a claim never crosses a paragraph,
 * a table cell or a code block.
 */
import search from 'approx-string-match';
import type { ChapterText, ClaimAnchor, ClaimSelectors } from './chapter-text.js';
import { hashClaimText } from './fingerprint.js';
import { fold, foldText, normalizeProse, type FoldedText } from './normalize.js';
import type { Claim } from '../schema/sidecars.js';
import { appendProblems, quote, shorten, type Problem } from '../problems/problem.js';
import { locateOffset, type IndexUnit, type TextIndex } from './text-index.js';

/** Paths used in problems, and where a claim's fields are in the sidecar. */
export interface AnchorFiles {
  /** The chapter file, relative to the project root. */
  chapter: string;
  /** The claims sidecar, relative to the project root. */
  claims: string;
  /** Position of `claims[index]` (or of one of its fields, e.g. `anchor.quote`) in the sidecar. */
  locate: (index: number, field?: string) => { line: number; column: number };
}

/** Characters of context kept in a TextQuoteSelector's prefix and suffix. */
export const SELECTOR_CONTEXT = 32;

/** Hypothesis's weights for scoring a candidate. */
const WEIGHT = { quote: 50, prefix: 20, suffix: 20 } as const;

/**
 * The largest number of edits a fuzzy match may need.
 * @param length length of the folded quote.
 * @returns min(256, floor(length / 4)).
 */
export function maxFuzzyErrors(length: number): number {
  return Math.min(256, Math.floor(length / 4));
}

/** A place in the folded text where a quote may be. */
interface Candidate {
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
  const starts: number[] = [];
  if (quote.length === 0) return starts;
  const haystack = text.folded.text;
  for (let at = haystack.indexOf(quote); at !== -1; at = haystack.indexOf(quote, at + 1)) {
    if (unitAt(text, at, at + quote.length) !== -1) starts.push(at);
  }
  return starts;
}

/** The prose unit holding a folded range entirely, or -1. */
function unitAt(text: SearchText, start: number, end: number): number {
  const units = text.units;
  let low = 0;
  let high = units.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const unit = units[middle]!;
    if (start < unit.start) high = middle - 1;
    else if (start >= unit.end) low = middle + 1;
    else return end <= unit.end ? middle : -1;
  }
  return -1;
}

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

/** Context of the sidecar, folded, with whitespace as in the prose. */
function foldContext(value: string | undefined): string {
  if (value === undefined) return '';
  return fold(value.normalize('NFC').replace(/[ \t\n\r\f\v]+/g, ' '));
}

function scoreContext(text: SearchText, candidate: { start: number; end: number }, prefix: string, suffix: string): number {
  const haystack = text.folded.text;
  let score = 0;
  if (prefix) score += WEIGHT.prefix * contextScore(prefix, haystack.slice(Math.max(0, candidate.start - prefix.length), candidate.start));
  if (suffix) score += WEIGHT.suffix * contextScore(suffix, haystack.slice(candidate.end, candidate.end + suffix.length));
  return score;
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
      if (!prefix && !suffix) return { kind: 'ambiguous', ranges: starts.map((start) => fromFolded(text.folded, start, start + needle.length)) };
      const scores = starts.map((start) => scoreContext(text, { start, end: start + needle.length }, prefix, suffix));
      const best = Math.max(...scores);
      const top = scores.filter((score) => score === best).length;
      if (top > 1) {
        const tied = starts.filter((_, index) => scores[index] === best);
        return { kind: 'ambiguous', ranges: tied.map((start) => fromFolded(text.folded, start, start + needle.length)) };
      }
      chosen = scores.indexOf(best);
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
    candidate.score = WEIGHT.quote * (1 - candidate.errors / needle.length) + scoreContext(text, candidate, prefix, suffix);
    if (!best || candidate.score > best.score) best = candidate;
  }
  const chosen = best!;
  const range = trimRange(text.index.text, fromFolded(text.folded, chosen.start, chosen.end));
  return { kind: 'fuzzy', ...range, errors: chosen.errors, occurrence: 0, occurrences: 1 };
}

/** Drop spaces an approximate match picked up at its edges. */
function trimRange(value: string, range: { start: number; end: number }): { start: number; end: number } {
  let { start, end } = range;
  while (start < end && value[start] === ' ') start++;
  while (end > start && value[end - 1] === ' ') end--;
  return { start, end };
}

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
  return { text: value.slice(start, end), start, errors: best.errors };
}

/** Texts longer than this are narrowed down before the closest text is searched for. */
const CLOSEST_SCAN_LIMIT = 20_000;
/** How many prose units are compared in full when a text is narrowed down. */
const CLOSEST_UNITS = 8;

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
 * W3C selectors for a range of the snapshot.
 * @param snapshot the snapshot (or index text).
 * @param start start offset.
 * @param end end offset.
 * @returns TextQuoteSelector (with 32 characters of context) and TextPositionSelector.
 */
export function selectorsFor(snapshot: string, start: number, end: number): ClaimSelectors {
  return {
    quote: {
      type: 'TextQuoteSelector',
      exact: snapshot.slice(start, end),
      prefix: snapshot.slice(Math.max(0, start - SELECTOR_CONTEXT), start),
      suffix: snapshot.slice(end, end + SELECTOR_CONTEXT).replace(/\n$/, ''),
    },
    position: { type: 'TextPositionSelector', start, end },
  };
}

/**
 * Anchor every claim of a chapter in its text.
 * @param text from `extractChapterText`.
 * @param claims the claims sidecar's claims.
 * @param files paths used in problems: the chapter file and the claims sidecar, plus a locator for a claim's position in the sidecar.
 * @returns one anchor per claim that could be anchored, and positioned problems for the rest (orphan, ambiguous, unknown directive id, directive claim without directive).
 */
export function anchorClaims(
  text: ChapterText,
  claims: readonly Claim[],
  files: AnchorFiles,
): { anchors: Map<string, ClaimAnchor>; problems: Problem[] } {
  const index = text.index ?? indexFromSnapshot(text.snapshot);
  const anchors = new Map<string, ClaimAnchor>();
  const problems: Problem[] = [];
  let prepared: SearchText | undefined;
  const searchText = () => (prepared ??= prepareSearch(index));

  const byId = new Map<string, { claim: Claim; index: number }>();
  claims.forEach((claim, position) => byId.set(claim.id, { claim, index: position }));

  // Directives in the prose: each must name a directive claim of the sidecar, once.
  const directives = new Map<string, (typeof text.directives)[number]>();
  for (const directive of text.directives) {
    const at = { file: files.chapter, line: directive.line, column: directive.column };
    if (!directive.id) {
      problems.push({
        ...at,
        path: '',
        rule: 'anchor/directive-without-id',
        severity: 'error',
        message: directive.start === directive.end ? 'this :claim directive has no id and no text' : 'this :claim directive has no id',
        hint:
          directive.start === directive.end
            ? 'write :claim[the sentence]{#claim-id} on one line: Sätteri (Astro\'s Markdown processor) ends a directive label at a line break, so a label that wraps loses its text and its id'
            : 'give it the id of a claim in the claims sidecar: :claim[the sentence]{#claim-id}',
      });
      continue;
    }
    const entry = byId.get(directive.id);
    if (!entry) {
      problems.push({
        ...at,
        path: '',
        rule: 'anchor/unknown-directive',
        severity: 'error',
        message: `:claim directive names ${quote(directive.id)}, which is not a claim in ${files.claims}`,
        hint: nearestIdHint(directive.id, [...byId.keys()]) ?? `add a claim with id ${quote(directive.id)} and anchor: directive to ${files.claims}, or remove the markup`,
      });
      continue;
    }
    if (directives.has(directive.id)) {
      const first = directives.get(directive.id)!;
      problems.push({
        ...at,
        path: '',
        rule: 'anchor/duplicate-directive',
        severity: 'error',
        message: `claim ${quote(directive.id)} is marked twice in the prose (first at ${files.chapter}:${first.line}:${first.column})`,
        hint: 'a claim is one place in the prose: keep one :claim directive with this id and give the other claim its own id',
      });
      continue;
    }
    if (entry.claim.anchor !== 'directive') {
      const place = files.locate(entry.index, 'anchor');
      problems.push({
        ...at,
        path: '',
        rule: 'anchor/directive-for-quote-claim',
        severity: 'error',
        message: `claim ${quote(directive.id)} is marked in the prose, but ${files.claims}:${place.line}:${place.column} anchors it by quote`,
        hint: 'use one of the two: set its anchor to "directive", or remove the :claim markup',
      });
      continue;
    }
    if (directive.start === directive.end) {
      // Nothing to mark, hash or show: a claim is some of the prose.
      problems.push({
        ...at,
        path: '',
        rule: 'anchor/empty-directive',
        severity: 'error',
        message: `:claim directive ${quote(directive.id)} marks no text`,
        hint: `put the claim's words between the brackets, on one line: :claim[the sentence]{#${directive.id}}`,
      });
      continue;
    }
    directives.set(directive.id, directive);
  }

  claims.forEach((claim, position) => {
    if (claim.anchor === 'directive') {
      const directive = directives.get(claim.id);
      if (!directive) {
        if (text.directives.some((found) => found.id === claim.id)) return; // already reported
        const place = files.locate(position, 'anchor');
        problems.push({
          file: files.claims,
          ...place,
          path: `claims[${position}].anchor`,
          rule: 'anchor/missing-directive',
          severity: 'error',
          message: `claim "${claim.id}" is anchored by directive, but ${files.chapter} has no :claim[...]{#${claim.id}}`,
          hint: `mark the sentence in the chapter as :claim[the sentence]{#${claim.id}}, or anchor the claim by quote`,
        });
        return;
      }
      const start = Math.max(0, directive.start);
      const end = Math.max(start, directive.end);
      anchors.set(claim.id, makeAnchor(index, text.snapshot, claim.id, 'directive', start, end, directive));
      return;
    }

    const anchor = claim.anchor;
    const found = locateQuote(searchText(), anchor);
    if (found.kind === 'exact' || found.kind === 'fuzzy') {
      anchors.set(claim.id, makeAnchor(index, text.snapshot, claim.id, found.kind, found.start, found.end));
      return;
    }
    const place = files.locate(position, 'anchor.quote');
    const quoted = quote(shorten(normalizeProse(anchor.quote), 80), Infinity);
    if (found.kind === 'ambiguous') {
      // Only the first places are named (a common word can be found thousands of times).
      const lines = found.ranges.slice(0, 11).map((range) => {
        const at = locateOffset(index, range.start);
        return at ? `${at.line}:${at.column}` : `offset ${range.start}`;
      });
      const suggestion = suggestContext(searchText(), found.ranges);
      problems.push({
        file: files.claims,
        ...place,
        path: `claims[${position}].anchor.quote`,
        rule: 'anchor/ambiguous',
        severity: 'error',
        message: `the quote of claim "${claim.id}" (${quoted}) is found ${found.ranges.length} times in ${files.chapter} (at ${lines.slice(0, 10).join(', ')}${found.ranges.length > 10 ? `, and ${(found.ranges.length - 10).toLocaleString('en')} more` : ''}), and ${anchor.prefix || anchor.suffix ? 'its prefix and suffix do not tell them apart' : 'no prefix or suffix says which one is meant'}`,
        hint: suggestion
          ? `add ${suggestion.kind}: ${JSON.stringify(suggestion.text)} to choose the one at ${lines[0]}, or quote a longer passage`
          : 'add a prefix or suffix (the words just before or after the quote), or quote a longer passage',
      });
      return;
    }
    const closest = closestText(searchText(), anchor.quote);
    const closestAt = closest ? locateOffset(index, closest.start) : undefined;
    problems.push({
      file: files.claims,
      ...place,
      path: `claims[${position}].anchor.quote`,
      rule: 'anchor/orphan',
      severity: 'error',
      message: `the quote of claim "${claim.id}" (${quoted}) is not in ${files.chapter}${
        closest
          ? `; the closest text${closestAt ? ` (${files.chapter}:${closestAt.line}:${closestAt.column})` : ''} is ${quote(shorten(closest.text, 80), Infinity)}`
          : '; the chapter has no prose to compare it with'
      }`,
      hint: 'copy the sentence as it now reads in the chapter into anchor.quote, then review the verdict: the prose it was given on has changed',
    });
  });

  appendProblems(problems, crossingClaims(claims, anchors, files));
  return { anchors, problems };
}

/**
 * Claims may nest but not cross: on the page a claim is one element. A quote
 * claim that crosses another claim is reported (in the sidecar, at its quote)
 * and loses its anchor, so the book fails here rather than when the page is
 * rendered.
 */
function crossingClaims(claims: readonly Claim[], anchors: Map<string, ClaimAnchor>, files: AnchorFiles): Problem[] {
  const problems: Problem[] = [];
  const placed = claims.flatMap((claim, index) => {
    const anchor = anchors.get(claim.id);
    return anchor ? [{ claim, index, anchor, start: anchor.location.start, end: anchor.location.end }] : [];
  });
  const crossing = new Set<string>();
  for (const [position, entry] of placed.entries()) {
    if (entry.claim.anchor === 'directive') continue;
    // Against directives anywhere, and against quote claims earlier in the file (each pair once).
    const other = placed.find(
      (candidate, at) =>
        candidate !== entry &&
        (candidate.claim.anchor === 'directive' || at < position) &&
        entry.start < candidate.end &&
        candidate.start < entry.end &&
        !(entry.start <= candidate.start && candidate.end <= entry.end) &&
        !(candidate.start <= entry.start && entry.end <= candidate.end),
    );
    if (!other) continue;
    crossing.add(entry.claim.id);
    const place = files.locate(entry.index, 'anchor.quote');
    const where = other.anchor.location.line > 0 ? ` (${files.chapter}:${other.anchor.location.line}:${other.anchor.location.column})` : '';
    problems.push({
      file: files.claims,
      ...place,
      path: `claims[${entry.index}].anchor.quote`,
      rule: 'anchor/overlap',
      severity: 'error',
      message: `the quote of claim ${quote(entry.claim.id)} (${quote(entry.anchor.text, 80)}) crosses claim ${quote(other.claim.id)} (${quote(other.anchor.text, 80)})${where}: one must contain the other, or they must lie apart`,
      hint: 'quote fewer or more words so that the two claims do not cross; a claim is one element on the page',
    });
  }
  for (const id of crossing) anchors.delete(id);
  return problems;
}

function makeAnchor(
  index: TextIndex,
  snapshot: string,
  id: string,
  anchoring: ClaimAnchor['anchoring'],
  start: number,
  end: number,
  position?: { line: number; column: number },
): ClaimAnchor {
  const claimText = snapshot.slice(start, end);
  const at = position ?? locateOffset(index, start) ?? { line: 0, column: 0 };
  const anchor = { id, text: claimText, anchoring, location: { start, end, line: at.line, column: at.column } } as Omit<ClaimAnchor, 'textHash' | 'selectors'> as ClaimAnchor;
  // Computed on first read: checking a book needs where claims are, not their hashes and selectors.
  let textHash: string | undefined;
  let selectors: ClaimAnchor['selectors'] | undefined;
  Object.defineProperty(anchor, 'textHash', { enumerable: true, get: () => (textHash ??= hashClaimText(claimText)) });
  Object.defineProperty(anchor, 'selectors', { enumerable: true, get: () => (selectors ??= selectorsFor(snapshot, start, end)) });
  return anchor;
}

/**
 * The shortest run of whole words just before (or else just after) the first
 * place that no other place shares: what the author can add as prefix or suffix.
 */
function suggestContext(text: SearchText, ranges: Array<{ start: number; end: number }>): { kind: 'prefix' | 'suffix'; text: string } | undefined {
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

function nearestIdHint(id: string, ids: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of ids) {
    const matches = search(candidate, id, Math.max(1, Math.floor(id.length / 3)));
    for (const match of matches) {
      const distance = match.errors + Math.abs(candidate.length - (match.end - match.start));
      if (distance < bestDistance) {
        bestDistance = distance;
        best = candidate;
      }
    }
  }
  return best && bestDistance <= Math.max(2, Math.floor(id.length / 3)) ? `did you mean ${quote(best)}?` : undefined;
}

/** A minimal index when only the snapshot is known: every block one prose unit, no positions. */
function indexFromSnapshot(snapshot: string): TextIndex {
  const textValue = snapshot.endsWith('\n') ? snapshot.slice(0, -1) : snapshot;
  const units: IndexUnit[] = [];
  let start = 0;
  for (const block of textValue.split('\n\n')) {
    units.push({ node: { type: 'paragraph' }, kind: 'prose', start, end: start + block.length });
    start += block.length + 2;
  }
  return {
    text: textValue,
    leaves: [],
    leafAt: new Int32Array(textValue.length).fill(-1),
    offsetAt: new Int32Array(textValue.length),
    units,
    claims: [],
    restored: [],
  };
}
