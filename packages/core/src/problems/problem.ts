/**
 * Problems: the one way the core reports what is wrong with a book. Every
 * rule has a stable id (documented in the README) and a default severity
 * (`rules.ts`).
 */
import { rules, type RuleId } from './rules.js';
/** A positioned problem found in the book's files. */
export interface Problem {
  /** Path of the file, relative to the project root (POSIX separators). */
  file: string;
  /** 1-based line, 0 when the problem concerns the whole file. */
  line: number;
  /** 1-based column, 0 when the problem concerns the whole file. */
  column: number;
  /** Field path such as `claims[2].verdict.status`, or `` for the whole file. */
  path: string;
  /** What is wrong. */
  message: string;
  /** How to fix it. */
  hint?: string;
  /** Stable rule id, e.g. `schema/unknown-key`, `cross/missing-source`. */
  rule: string;
  /** Errors fail the build; warnings are logged. */
  severity: 'error' | 'warning';
  /**
   * The id of the claim an `anchor/*` problem is about (for
   * `anchor/unknown-directive`, the id the directive names), so that a
   * tool need not read it out of the message, which shortens long ids.
   */
  claim?: string;
}

/** A field path: keys and list indexes, as zod reports them. */
export type YamlPath = readonly PropertyKey[];

/** A 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/**
 * Find where a field is written.
 *
 * The value's position when it exists; with `key: true` the key's own
 * position (what an unknown key should point at). A path that does not
 * exist resolves to the nearest existing ancestor, so a missing key points
 * at the mapping it is missing from.
 */
export type Locate = (path: YamlPath, options?: { key?: boolean }) => Position;


/** Where a problem is: a file and, when known, a 1-based line and column. */
export interface ProblemPlace {
  file: string;
  line?: number;
  column?: number;
  /** Field path such as `claims[2].verdict.status`. */
  path?: string;
  /** The claim the problem is about, when it is about one (`Problem.claim`). */
  claim?: string | undefined;
}

/**
 * Create a problem with the rule's default severity.
 * @param rule the rule id.
 * @param place the file, position and field path.
 * @param message what is wrong.
 * @param hint how to fix it.
 * @returns the problem.
 */
export function createProblem(rule: RuleId, place: ProblemPlace, message: string, hint?: string): Problem {
  const problem: Problem = {
    file: place.file,
    line: place.line ?? 0,
    column: place.column ?? 0,
    path: place.path ?? '',
    message,
    rule,
    severity: rules[rule].severity,
  };
  if (hint) problem.hint = hint;
  if (place.claim !== undefined) problem.claim = place.claim;
  return problem;
}

/** The most problems listed for one file; a pasted or generated file can have a million. */
export const MAX_FILE_PROBLEMS = 100;

/**
 * Keep a file's first `MAX_FILE_PROBLEMS` problems and count the rest in one
 * more problem, so a runaway file cannot flood the report (or the stack).
 * @param problems the file's problems, in the order found.
 * @param file the file.
 * @returns at most `MAX_FILE_PROBLEMS + 1` problems.
 */
export function capProblems(problems: Problem[], file: string): Problem[] {
  if (problems.length <= MAX_FILE_PROBLEMS) return problems;
  const kept = problems.slice(0, MAX_FILE_PROBLEMS);
  kept.push(
    createProblem(
      'yaml/too-many-problems',
      { file },
      `${groupDigits(problems.length - MAX_FILE_PROBLEMS)} more problems in this file are not listed`,
      'fix the problems listed first: the rest are often the same mistake repeated',
    ),
  );
  return kept;
}

/**
 * Append problems one by one: `push(...list)` passes every item as an
 * argument and overflows the stack for very long lists.
 * @param target the list to grow.
 * @param source the problems to add.
 */
export function appendProblems(target: Problem[], source: readonly Problem[]): void {
  for (const problem of source) target.push(problem);
}

/**
 * Whether any problem is an error.
 * @param problems problems to check.
 * @returns true when at least one has severity `error`.
 */
export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((problem) => problem.severity === 'error');
}

/**
 * Format a field path the way authors read it: `claims[2].verdict.status`.
 * @param path segments from zod or the YAML walker.
 * @returns the dotted path, or `` for the root.
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let result = '';
  for (const segment of path) {
    if (typeof segment === 'number') result += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$-]*$/.test(segment)) result += result ? `.${segment}` : segment;
    else result += `[${quote(String(segment), Infinity)}]`;
  }
  return result;
}

/**
 * A value cut to a length, with an ellipsis when it was cut.
 * @param value the text.
 * @param length the most characters kept, the ellipsis included.
 * @returns the text, or its start and "…".
 */
export function shorten(value: string, length: number): string {
  return value.length <= length ? value : `${value.slice(0, length - 1)}…`;
}

/**
 * Quote a value from the author's files for a one-line message: JSON string
 * syntax (so control characters, newlines and invisible format characters
 * stay visible) and at most 60 characters.
 * @param value text to quote.
 * @param max characters kept before an ellipsis (default 60).
 * @returns the quoted text.
 */
export function quote(value: string, max = 60): string {
  const chars = [...value];
  const short = chars.length > max ? `${chars.slice(0, max).join('')}…` : value;
  // Invisible characters (zero-width spaces, bidi controls) are how look-alike
  // ids fool a reader, so they are spelled out; so are the line and paragraph
  // separators and C1 controls JSON leaves as they are, which would break the line.
  return JSON.stringify(short).replace(HIDDEN_OR_BREAKING_ALL, (char) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

/** Characters that hide text or break a line: invisible format characters, line and paragraph separators, controls. */
const HIDDEN_OR_BREAKING = /[\p{Cf}\p{Zl}\p{Zp}\p{Cc}]/u;
const HIDDEN_OR_BREAKING_ALL = new RegExp(HIDDEN_OR_BREAKING.source, 'gu');

/**
 * Whether a name (a file, an anchor) holds a character that could hide
 * text or forge a line where it is printed as written.
 * @param value the name.
 * @returns true when it does.
 */
export function hidesOrBreaks(value: string): boolean {
  return HIDDEN_OR_BREAKING.test(value);
}

/**
 * A name as a one-line message shows it: as written, or, when it holds a
 * character that could hide text or forge a line (git takes a line feed or
 * an escape in a file name), quoted whole with them spelled out.
 * @param value the name.
 * @returns what the line shows.
 */
export function shownName(value: string): string {
  return hidesOrBreaks(value) ? quote(value, Number.POSITIVE_INFINITY) : value;
}

/**
 * Words an author writes for a verdict's status, an evidence item's status
 * or relation, that mean one of the words the format has, in the order they
 * are tried: `verified` is `supported` (not `unverified`, the nearest in
 * spelling; an outside author's finding).
 */
const MEANINGS: ReadonlyArray<readonly [words: string, meant: readonly string[]]> = [
  ['verified confirmed', ['supported', 'validated', 'supports']],
  ['correct true proven', ['supported', 'supports']],
  ['valid', ['supported', 'validated']],
  ['confirms', ['supports']],
  ['refuted disproven false wrong incorrect', ['contradicted', 'contradicts']],
  ['refutes disproves', ['contradicts']],
  ['partial partially', ['qualified', 'qualifies', 'partial']],
  ['partlytrue mixed', ['qualified', 'qualifies']],
  ['unknown', ['unverified', 'unresolved']],
  ['unchecked pending todo', ['unverified', 'lead']],
];
const MEANT = new Map(MEANINGS.flatMap(([words, meant]) => words.split(' ').map((word) => [word, meant] as const)));

/**
 * The candidate closest to a misspelled word, if it is close enough to be
 * what the author meant. A word that means one of them (`verified` for
 * `supported`, see `MEANINGS`) finds it; then case, `-` and `_` are ignored,
 * so `review_after_days` finds `reviewAfterDays`; a word that begins exactly
 * one candidate (`full` for `full-text`) finds it.
 * @param word what the author wrote.
 * @param candidates the words that would have been valid.
 * @returns the best candidate, or undefined when none is plausible.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const fold = (value: string) => value.toLowerCase().replace(/[-_\s]/g, '');
  const folded = fold(word);
  const list = [...candidates];
  const meant = MEANT.get(folded)?.find((target) => list.includes(target) && target !== word);
  if (meant) return meant;
  // A unique candidate the word begins ("full" for "full-text") is what was meant.
  const extending = folded.length >= 3 ? list.filter((candidate) => candidate !== word && fold(candidate).startsWith(folded)) : [];
  if (extending.length === 1) return extending[0];
  let best: string | undefined;
  let bestDistance = Infinity;
  // Numbers name things: "rfc6582" is not a typo of "rfc5681" (an outside author's finding: the hint pointed
  // checked evidence at another RFC). A word with numbers is near only to candidates whose numbers are one
  // slip from its own ("run-2026-01-13" for "run-2026-01-12").
  const numbers = numbersOf(folded);
  for (const candidate of list) {
    if (candidate === word) continue;
    if (numbers !== '' && editDistance(numbers, numbersOf(fold(candidate))) > 1) continue;
    const distance = editDistance(folded, fold(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(1, Math.floor(Math.max(folded.length, fold(best).length) / 3));
  return bestDistance <= limit ? best : undefined;
}

/** The digits of a folded word, a space where letters part them ("rfc6582" → "6582", "v2x10" → "2 10"). */
function numbersOf(folded: string): string {
  return folded.replace(/\D+/g, ' ').trim();
}

/**
 * Optimal string alignment distance: Levenshtein plus adjacent swaps, so that
 * `hgih` is one edit from `high`. Kept by hand: the maintained Levenshtein
 * packages (`levenshtein-edit-distance`, `leven`, `fastest-levenshtein`)
 * count a swap as two edits, which loses the suggestion for a swapped pair in
 * any word of up to five letters (the limit there is one edit), and the
 * Damerau–Levenshtein package on npm has not been released since 2022.
 */
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 10) return Infinity;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * An integer with its thousands grouped by commas (`1,406`), as
 * `toLocaleString('en')` writes it, without loading the locale data (the
 * first `toLocaleString` of a process costs about 30 ms).
 * @param value an integer; one beyond the safe integers is left to `toLocaleString`.
 * @returns its digits, grouped.
 */
export function groupDigits(value: number | bigint): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return value.toLocaleString('en');
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
