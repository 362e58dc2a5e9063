/**
 * The errors that stop Astro for something in the author's files, not for a
 * bug: Astro prints their message, their hint and, as `Location:`, the first
 * problem's file, line and column, where for an error with a stack it prints
 * the stack (into this package, which reads as a crash) and takes the
 * location from the stack's first line.
 */
import path from 'node:path';
import { AstroError } from 'astro/errors';
import { sortProblems, type Problem } from '@research-pack/core/problems';

/** A place Astro names as `Location:` (the file absolute). */
export interface AuthorPlace {
  file: string;
  line: number;
  column: number;
}

/**
 * An error in the author's files.
 * @param message what is wrong.
 * @param hint how to fix it.
 * @param at the place to name as Astro's `Location:`, when there is one.
 * @returns the error, without a stack.
 */
export function authorError(message: string, hint: string, at?: AuthorPlace): AstroError {
  const error = new AstroError(message, hint);
  // Astro takes the location from the stack when there is one, and prints the stack.
  error.stack = '';
  // Astro replaces the hint with its own about browser APIs when `String(error)` says "window" or
  // "document" (a congestion window, the address of a document): it reads the summary line only.
  Object.defineProperty(error, 'toString', { value: () => `${error.name}: ${summaryLine(message)}`, enumerable: false });
  if (at) (error as AstroError & { loc?: AuthorPlace }).loc = at;
  return error;
}

/**
 * The line `String(error)` gives: the message's first line, or a summary
 * when that line has a word Astro takes for a browser API's.
 */
function summaryLine(message: string): string {
  const first = message.split('\n', 1)[0] ?? '';
  return /window|document/.test(first) ? "Research Pack found a problem in the author's files" : first;
}

/**
 * Where the first error is, for Astro's `Location:`. Astro reads that file
 * for a code frame, so it is never one the file policy refused (a FIFO, a
 * link out of the project), nor a whole-file problem (line 0).
 * @param problems the problems, in any order: the first error of the list as printed is taken.
 * @param root the project root (problems name files relative to it).
 * @returns the place, or undefined.
 */
export function firstPlace(problems: readonly Problem[], root: string): AuthorPlace | undefined {
  // The first of the list as it is printed (sorted by file, line and column), not as the checks found them.
  const first = sortProblems(problems).find((problem) => problem.severity === 'error');
  if (!first || first.line < 1 || first.rule.startsWith('file/')) return undefined;
  return { file: path.join(root, first.file), line: first.line, column: Math.max(first.column, 1) };
}
