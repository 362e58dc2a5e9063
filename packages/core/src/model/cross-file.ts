/**
 * Checks across files: ids that must be unique, ids that must exist, verdicts
 * that need evidence, reproduced evidence that needs a passing run, dates
 * that cannot lie ahead, and paths that must stay inside their folder (the
 * checks themselves are in `cross-file-checks.ts`). Each check only runs
 * when the files it reads loaded cleanly, so one typo is reported once, not
 * again by every check that reads the file.
 */
import path from 'node:path';
import type { BookFolder, LoadedBook, LoadedChapter } from '../load/books.js';
import { appendProblems, createProblem, type Problem } from '../problems/problem.js';
import { chapterRecords, type ChapterRecords } from './chapter-records.js';
import { evidenceReferences, notebooksInRepository, passReports, proposalDecisions, referencesInLedger, uniqueIds, verdictsBacked } from './cross-file-checks.js';

/** Options of `validateBook`. */
export interface ValidateBookOptions {
  /** The build's date, `YYYY-MM-DD` (see `resolveAsOf`). */
  asOf: string;
}

/** The checks of one chapter, in the order their problems are reported. */
const CHAPTER_CHECKS: ReadonlyArray<(records: ChapterRecords) => void> = [uniqueIds, evidenceReferences, verdictsBacked, referencesInLedger, notebooksInRepository, passReports, proposalDecisions];

/**
 * Run every cross-file check on a loaded book.
 *
 * Dates count as "in the future" when they are later than the day after
 * `asOf`: an author east of UTC may already live on the next day.
 * @param book a book from `loadBooks`.
 * @param options the build date.
 * @returns the problems found; the problems of single files are not repeated.
 */
export function validateBook(book: LoadedBook, options: ValidateBookOptions): Problem[] {
  const problems: Problem[] = [];
  const numbers = new Map<number, string>();
  for (const chapter of book.chapters) {
    appendProblems(problems, validateChapter(book, chapter, options));
    const duplicate = duplicateChapterNumber(numbers, chapter.file, chapter.frontmatter.data?.number, () => chapter.frontmatter.locate(['number']));
    if (duplicate) problems.push(duplicate);
  }
  return problems;
}

/**
 * The book-wide part of `validateBook`: a chapter number used twice.
 * @param seen chapter files by number, of the chapters before this one (in slug order); updated.
 * @param file this chapter's file.
 * @param number its frontmatter's number (undefined when the frontmatter did not load).
 * @param locate where `number` is in the file, called only for a duplicate.
 * @returns the problem, when an earlier chapter has the same number.
 */
export function duplicateChapterNumber(seen: Map<number, string>, file: string, number: number | undefined, locate: () => { line: number; column: number }): Problem | undefined {
  if (number === undefined) return undefined;
  const first = seen.get(number);
  if (first === undefined) {
    seen.set(number, file);
    return undefined;
  }
  return createProblem(
    'cross/duplicate-chapter-number',
    { file, path: 'number', ...locate() },
    `chapter number ${number} is also used by ${path.posix.basename(first)}`,
    'give each chapter its own number; chapters with the same number are ordered by file name',
  );
}

/**
 * The cross-file checks of one chapter: `validateBook` without the book-wide
 * duplicate-number check.
 * @param book the chapter's book folder (its configuration and where it is).
 * @param chapter the loaded chapter.
 * @param options the build date.
 * @returns the problems found; the problems of single files are not repeated.
 */
export function validateChapter(book: BookFolder, chapter: LoadedChapter, options: ValidateBookOptions): Problem[] {
  const records = chapterRecords(book, chapter, options.asOf);
  for (const check of CHAPTER_CHECKS) check(records);
  return records.problems;
}
