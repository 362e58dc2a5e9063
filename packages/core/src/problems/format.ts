import { shownName, type Problem } from './problem.js';
/**
 * Problems as text, one line each, the way compilers and MyST print them:
 * `file:line:column  path  message  (hint: ...)  [rule]`.
 */

/**
 * Format one problem as a single line.
 *
 * `content/books/pi/27-chapter.claims.yaml:12:5  claims[2].verdict.status  expected one of supported | qualified | contradicted | unverified, got "supportd"  (hint: did you mean "supported"?)  [schema/invalid-enum]`
 *
 * The position is left out when the problem concerns the whole file (line 0),
 * the path when it is empty; warnings say `warning:` before the message.
 * @param problem the problem.
 * @returns one line of text, without a trailing newline.
 */
export function formatProblem(problem: Problem): string {
  // A file name that could forge a line or move a terminal's cursor is quoted (an outside reviewer's finding).
  const file = shownName(problem.file);
  const parts = [problem.line > 0 ? `${file}:${problem.line}:${problem.column}` : file];
  if (problem.path) parts.push(problem.path);
  parts.push(`${problem.severity === 'warning' ? 'warning: ' : ''}${problem.message}`);
  if (problem.hint) parts.push(`(hint: ${problem.hint})`);
  parts.push(`[${problem.rule}]`);
  return parts.join('  ');
}

/**
 * Format problems one per line, sorted by file, line and column; problems at
 * the same place keep their order.
 * @param problems the problems, in any order.
 * @returns the lines joined with `\n` (empty string for no problems).
 */
export function formatProblems(problems: readonly Problem[]): string {
  return sortProblems(problems).map(formatProblem).join('\n');
}

/**
 * Sort problems by file (code point order, so the result does not depend on the locale), line and column. Stable.
 * @param problems the problems.
 * @returns a sorted copy.
 */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(compareProblems);
}

/**
 * Compare two problems by file, line and column.
 * @param a one problem.
 * @param b another.
 * @returns negative, zero or positive, as `Array#sort` expects.
 */
export function compareProblems(a: Problem, b: Problem): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column;
}
