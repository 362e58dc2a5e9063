/**
 * Checks of the site layout against the books: every chapter needs a page
 * of its own, every chapter a research pack of its own and every book a
 * report of its own, whatever prefix, pattern or function places them. A
 * pattern may leave out `[book]` (a site of one book has no need of it);
 * these checks say when a second book makes two pages share a URL.
 */
import { createProblem, quote, type Problem, type ProblemPlace } from '../problems/problem.js';
import { findSettingValue } from './setting-place.js';
import { bookStatusReportUrl, chapterPath, chapterUrls, researchPatterns, type SiteUrls } from './urls.js';

/** A book as the layout checks read it: one of the model's, or of a listing. */
export interface LayoutBook {
  slug: string;
  /** `book.yaml`, relative to the project root. */
  file: string;
  chapters: ReadonlyArray<{ slug: string; file: string }>;
}

/** The settings that place a site's pages. */
export type SiteLayout = Pick<SiteUrls, 'chapters' | 'research'>;

/** Options of the layout checks. */
export interface LayoutCheckOptions {
  /** The project root: a research pattern that makes two pages share a URL is pointed at where a config file writes it. */
  rootDir?: string | undefined;
}

/**
 * Every problem of a site layout: two chapters with one page URL
 * (`cross/duplicate-chapter-url`), two research packs or two book reports
 * with one URL (`cross/duplicate-research-url`).
 * @param books the books, with their chapters.
 * @param layout the `chapters` and `research` settings.
 * @param options where the project is.
 * @returns the problems, chapter pages first.
 */
export function layoutProblems(books: readonly LayoutBook[], layout: SiteLayout, options: LayoutCheckOptions = {}): Problem[] {
  return [...duplicateChapterUrls({ books }, layout.chapters), ...duplicateResearchUrls(books, layout.research, options)];
}

/**
 * Chapters whose page URL another chapter already has (a pattern without
 * `[book]` on a site of several books, a function that ignores a slug).
 * @param model the research model (or any list of books with their chapters).
 * @param chapters the `chapters` prefix, pattern or function.
 * @returns one error per chapter that lost its page.
 */
export function duplicateChapterUrls(model: { books: readonly LayoutBook[] }, chapters: SiteUrls['chapters']): Problem[] {
  const seen = new Map<string, string>();
  const problems: Problem[] = [];
  for (const book of model.books) {
    for (const chapter of book.chapters) {
      const url = chapterPath(chapters, { book: book.slug, chapter: chapter.slug });
      const first = seen.get(url);
      if (first === undefined) {
        seen.set(url, chapter.file);
        continue;
      }
      problems.push(
        createProblem(
          'cross/duplicate-chapter-url',
          { file: chapter.file },
          `this chapter's page URL ${quote(url)} is also the URL of ${first}`,
          typeof chapters === 'function' ? 'make the chapters function return a different path per book and chapter' : 'put [book] in the chapters pattern, or give the chapters different file names',
        ),
      );
    }
  }
  return problems;
}

/**
 * Research packs, and book reports, whose URL another already has: a
 * `research.pack` pattern without `[book]` when two books have a chapter of
 * the same name, a `research.book` pattern without `[book]` when there are
 * two books. Each error points at the pattern where a config file writes
 * it, else at the chapter (or `book.yaml`) that lost its page.
 * @param books the books, with their chapters.
 * @param research the `research` prefix or patterns.
 * @param options where the project is.
 * @returns one error per research pack or book report that lost its URL.
 */
export function duplicateResearchUrls(books: readonly LayoutBook[], research: SiteUrls['research'], options: LayoutCheckOptions = {}): Problem[] {
  const patterns = researchPatterns(research);
  const urls: SiteUrls = { site: '', chapters: '/books', research };
  const problems: Problem[] = [];
  const packs = new Map<string, string>();
  const reports = new Map<string, LayoutBook>();
  for (const book of books) {
    const report = bookStatusReportUrl(urls, book.slug);
    const other = reports.get(report);
    if (other) {
      problems.push(
        createProblem(
          'cross/duplicate-research-url',
          place(options, patterns.book, 'research.book', book.file),
          `the research reports of book ${quote(other.slug)} (${other.file}) and book ${quote(book.slug)} (${book.file}) would share the URL ${quote(report)}: the pattern ${quote(patterns.book)} has no [book]`,
          `put [book] in the research.book pattern (${quote(withBook(patterns.book, false))}); a site of one book may leave it out`,
        ),
      );
    } else {
      reports.set(report, book);
    }
    for (const chapter of book.chapters) {
      const pack = chapterUrls(urls, book.slug, chapter.slug).pack;
      const first = packs.get(pack);
      if (first === undefined) {
        packs.set(pack, chapter.file);
        continue;
      }
      problems.push(
        createProblem(
          'cross/duplicate-research-url',
          place(options, patterns.pack, 'research.pack', chapter.file),
          `the research packs of ${first} and ${chapter.file} would share the URL ${quote(pack)}: the pattern ${quote(patterns.pack)} has no [book], and both books have a chapter ${quote(chapter.slug)}`,
          `put [book] in the research.pack pattern (${quote(withBook(patterns.pack, true))}), or give one of the chapters another file name; a site of one book may leave [book] out`,
        ),
      );
    }
  }
  return problems;
}

/** Where the pattern is written, else the file whose page lost its URL. */
function place(options: LayoutCheckOptions, pattern: string, setting: string, fallback: string): ProblemPlace {
  const found = options.rootDir === undefined ? undefined : findSettingValue(options.rootDir, pattern);
  return found ? { ...found, path: setting } : { file: fallback };
}

/** The pattern with `[book]` put in: before `[chapter]` in a pack's, as the last segment in a book report's. */
function withBook(pattern: string, pack: boolean): string {
  if (pack) return pattern.replace('[chapter]', '[book]/[chapter]');
  return `${pattern.replace(/\/+$/, '')}/[book]/`;
}
