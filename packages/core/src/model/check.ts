/**
 * The model one chapter at a time: each chapter is loaded, validated, parsed
 * and anchored on its own (`checkChapter`), and the results are put together
 * in one fixed order (`collectProblems`, `assembleModel`). Chapters are
 * independent once their book is listed, so a caller can check them in any
 * order or on several threads and still get what `buildModel` gives.
 */
import path from 'node:path';
import { textHashHintsOfSidecar, type TextHashHint } from './text-hash-hints.js';
import { buildChapter } from './chapter.js';
import type { ParseChapter } from './chapter.js';
import { resolveAsOf } from '../schema/dates.js';
import type { FrontmatterMode } from '../load/frontmatter.js';
import { listBooks, loadChapter, readChapterSource } from '../load/books.js';
import type { BookFolder, BookListings, ChapterEntry } from '../load/books.js';
import type { ModelCache } from '../load/cache.js';
import { loadFrontmatter } from '../load/frontmatter.js';
import type { BookModel, ChapterModel, ResearchModel } from './types.js';
import { relativePath } from '../load/paths.js';
import { appendProblems, type Problem } from '../problems/problem.js';
import { movedDirectives } from '../text/anchor-problems.js';
import { movedQuotes } from './moved-quotes.js';
import { duplicateChapterNumber, validateChapter } from './cross-file.js';
import { readSourcesLock, type LoadedSourcesLock } from '../sources/lock.js';
import { checkChapterSources, indexSourcesLock } from '../sources/view.js';
import { attachPage, type ChapterPage } from './page-info.js';

/** What `buildModel` returns. */
export interface BuildModelResult {
  /**
   * The model; undefined when a file could not be loaded or a claim could not
   * be anchored (any error whose rule does not start with `cross/`). A model
   * can come with `cross/` errors: check `problems` before publishing.
   */
  model: ResearchModel | undefined;
  /** Every problem, errors and warnings, in discovery order (sort with `sortProblems`). */
  problems: Problem[];
  /**
   * When there is no `model` and every error that stops it is a chapter's
   * own (its files' or its anchoring's), the model of the other chapters,
   * and the chapters set aside. For work on one chapter that another
   * chapter's errors need not stop (a decision, a brief); never for a build.
   */
  partial?: PartialModel;
}

/** The model without the chapters whose own errors stop it. */
export interface PartialModel {
  /** Every book, without its chapters set aside. */
  model: ResearchModel;
  /** The chapters left out, in listing order. */
  setAside: SetAsideChapter[];
}

/** A chapter left out of a `PartialModel`. */
export interface SetAsideChapter {
  book: string;
  chapter: string;
  /** The chapter's file and its sidecars, relative to the root, with `/`. */
  files: string[];
  /** Its errors (the problems that set it aside). */
  errors: Problem[];
}

/** What checking one chapter found. Plain data: a worker thread can post it. */
export interface ChapterCheck {
  /** Problems of the chapter's files, each read on its own. */
  load: Problem[];
  /** Problems across the chapter's files. */
  validate: Problem[];
  /** Problems of parsing the chapter and anchoring its claims. */
  build: Problem[];
  /** The frontmatter's chapter number, for the book-wide duplicate check. */
  number: number | undefined;
  /** The chapter's model, when asked to `keep` it and it could be built (nothing it needs failed). */
  chapter?: ChapterModel;
  /** Where its claims are in its file, for the page (attached to the model by `assembleModel`). */
  page?: ChapterPage;
  /** Reviewed verdicts that record no `textHash`, or another wording than the prose's now: not problems, but why their claims show as stale. */
  hints: TextHashHint[];
}

/** Options of `checkChapter`. */
export interface CheckChapterOptions {
  /** The project root; problem paths are relative to it. */
  rootDir: string;
  /** Parses a chapter, as for `buildModel`. */
  parse: ParseChapter;
  /** The build's date, `YYYY-MM-DD` (already resolved, see `resolveAsOf`). */
  asOf: string;
  /** Keep the chapter's model in the result (default: only its problems). */
  keep?: boolean | undefined;
  /** Reuse work for unchanged files; see `createModelCache`. */
  cache?: ModelCache | undefined;
}

/**
 * Load, validate, parse and anchor one chapter.
 * @param book the chapter's book folder, with its loaded `book.yaml`.
 * @param entry the chapter file, from `listBooks`.
 * @param options the root, the parser, the date, and whether to keep the model.
 * @returns the chapter's problems, in the groups `collectProblems` orders, and its model when kept.
 */
export function checkChapter(book: BookFolder, entry: ChapterEntry, options: CheckChapterOptions): ChapterCheck {
  const loaded = loadChapter(options.rootDir, book, entry, options.cache);
  const validate = validateChapter(book, loaded.chapter, { asOf: options.asOf });
  const built = buildChapter(book, loaded.chapter, options.parse, options.asOf, options.cache, options.keep === true);
  const hints = textHashHintsOfSidecar(loaded.chapter.claims, `${book.slug}/${entry.slug}`, built.changed);
  const check: ChapterCheck = { load: loaded.problems, validate, build: built.problems, number: loaded.chapter.frontmatter.data?.number, hints };
  if (built.chapter) check.chapter = built.chapter;
  if (built.chapter && built.page) check.page = built.page;
  return check;
}

/**
 * The model and problems of a listing and of its chapters' checks (made with
 * `keep`): what `buildModel` returns.
 * @param rootDir the project root.
 * @param listing what `listBooks` found.
 * @param checks one check per chapter entry, book by book in listing order.
 * @param asOf the build's date.
 * @returns the model (unless blocked by errors) and every problem.
 */
export function assembleModel(rootDir: string, listing: BookListings, checks: readonly ChapterCheck[], asOf: string): BuildModelResult {
  const locks = readLocks(rootDir, listing);
  const { problems, moved } = collectWithMoves(rootDir, listing, checks, locks);
  const books: BookModel[] = [];
  let complete = true;
  let next = 0;
  for (const [bookIndex, book] of listing.books.entries()) {
    const chapters: ChapterModel[] = [];
    const loaded = locks[bookIndex];
    const lock = indexSourcesLock(loaded?.lock ? { file: loaded.file, lock: loaded.lock } : undefined);
    for (let index = 0; index < book.chapters.length; index++) {
      const check = checks[next++]!;
      // What the book's sources lock says about each source, joined here, where the book is whole.
      if (check.chapter) chapters.push(attachPage({ ...check.chapter, sourceChecks: checkChapterSources(check.chapter, lock) }, check.page));
      else complete = false;
    }
    const config = book.config?.data;
    if (!config) {
      complete = false;
      continue;
    }
    chapters.sort((a, b) => a.frontmatter.number - b.frontmatter.number || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
    books.push({ slug: book.slug, file: book.file, config, chapters });
  }
  const blocked = !complete || problems.some(blocks);
  if (!blocked) return { model: { version: 1, asOf, books }, problems };
  const partial = partialModel(rootDir, listing, checks, problems, books, asOf, moved);
  return partial ? { model: undefined, problems, partial } : { model: undefined, problems };
}

/** An error that leaves a project without a model. */
function blocks(problem: Problem): boolean {
  return problem.severity === 'error' && !problem.rule.startsWith('cross/');
}

/**
 * The books without the chapters whose own checks have errors, when those
 * errors are all that stops the model (a book's own file, a duplicate
 * chapter number or a sources lock with an error leave none).
 */
function partialModel(rootDir: string, listing: BookListings, checks: readonly ChapterCheck[], problems: readonly Problem[], books: readonly BookModel[], asOf: string, replaced: ReadonlyMap<Problem, Problem>): PartialModel | undefined {
  const setAside: SetAsideChapter[] = [];
  const explained = new Set<Problem>();
  let next = 0;
  for (const book of listing.books) {
    for (const entry of book.chapters) {
      const check = checks[next++]!;
      const errors = [...entry.problems, ...check.load, ...check.validate, ...check.build].filter(blocks).map((problem) => replaced.get(problem) ?? problem);
      if (errors.length === 0 && check.chapter) continue;
      if (errors.length === 0) return undefined;
      for (const error of errors) explained.add(error);
      const folder = path.dirname(entry.path);
      const files = [entry.path, ...Object.values(entry.sidecars).map((name) => path.join(folder, name))].map((file) => relativePath(rootDir, file));
      setAside.push({ book: book.slug, chapter: entry.slug, files, errors });
    }
  }
  // Any other error keeps the project whole: one of a book's own files, a duplicate chapter number, a sources lock,
  // or a cross-file error (a date in the future) of a chapter kept.
  const asideFiles = new Set(setAside.flatMap((aside) => aside.files));
  const unexplained = problems.some((problem) => problem.severity === 'error' && !explained.has(problem) && !(problem.rule.startsWith('cross/') && asideFiles.has(problem.file)));
  if (setAside.length === 0 || unexplained || books.length !== listing.books.length) return undefined;
  const left = (book: BookModel) => book.chapters.filter((chapter) => !setAside.some((aside) => aside.book === book.slug && aside.chapter === chapter.slug));
  return { model: { version: 1, asOf, books: books.map((book) => ({ ...book, chapters: left(book) })) }, setAside };
}

/**
 * The problems of a listing and of its chapters' checks, in the order
 * `buildModel` reports them: every file's own problems book by book, then
 * book by book the cross-file problems and the anchoring problems.
 * @param rootDir the project root.
 * @param listing what `listBooks` found.
 * @param checks one check per chapter entry, book by book in listing order.
 * @returns the problems.
 */
export function collectProblems(rootDir: string, listing: BookListings, checks: readonly ChapterCheck[]): Problem[] {
  return collectWithMoves(rootDir, listing, checks, readLocks(rootDir, listing)).problems;
}

/**
 * `collect`, with the problems a sentence moved to another chapter leaves
 * said again with hints that name the chapter and the command that carries
 * its claim over: a :claim directive's two problems, each naming the other;
 * a quote's, naming the chapter that has its words.
 * @returns the problems, and each replaced problem's replacement (the chapters' checks hold the ones replaced).
 */
function collectWithMoves(rootDir: string, listing: BookListings, checks: readonly ChapterCheck[], locks: ReadonlyArray<LoadedSourcesLock | undefined>): { problems: Problem[]; moved: Map<Problem, Problem> } {
  const collected = collect(rootDir, listing, checks, locks);
  const moved = new Map([...movedDirectives(collected), ...movedQuotes(rootDir, listing, collected)]);
  return { problems: moved.size === 0 ? collected : collected.map((problem) => moved.get(problem) ?? problem), moved };
}

/** Each book's sources lock (`sources.lock.json`), read once per build: undefined where a book has none. */
function readLocks(rootDir: string, listing: BookListings): Array<LoadedSourcesLock | undefined> {
  return listing.books.map((book) => readSourcesLock(rootDir, book.dir));
}

/** `collectProblems` with the books' locks already read; a lock's problems are its book's. */
function collect(rootDir: string, listing: BookListings, checks: readonly ChapterCheck[], locks: ReadonlyArray<LoadedSourcesLock | undefined>): Problem[] {
  const problems = [...listing.problems];
  const perBook: Array<Array<{ entry: ChapterEntry; check: ChapterCheck }>> = [];
  let next = 0;
  for (const [bookIndex, book] of listing.books.entries()) {
    appendProblems(problems, book.problems);
    const chapters: Array<{ entry: ChapterEntry; check: ChapterCheck }> = [];
    for (const entry of book.chapters) {
      const check = checks[next++];
      if (!check) throw new RangeError(`collectProblems: no check for ${entry.path}`);
      appendProblems(problems, entry.problems);
      appendProblems(problems, check.load);
      chapters.push({ entry, check });
    }
    appendProblems(problems, book.trailing);
    appendProblems(problems, locks[bookIndex]?.problems ?? []);
    // Models list chapters by slug; so do the cross-file and anchoring problems.
    chapters.sort((a, b) => (a.entry.slug < b.entry.slug ? -1 : a.entry.slug > b.entry.slug ? 1 : 0));
    perBook.push(chapters);
  }
  if (next !== checks.length) throw new RangeError(`collectProblems: ${checks.length} checks for ${next} chapters`);
  for (const chapters of perBook) {
    const numbers = new Map<number, string>();
    for (const { entry, check } of chapters) {
      appendProblems(problems, check.validate);
      const file = relativePath(rootDir, entry.path);
      // Only a duplicate needs the number's position: read the frontmatter again for it.
      const duplicate = duplicateChapterNumber(numbers, file, check.number, () => loadFrontmatter(readChapterSource(entry.path, file) ?? '', file).locate(['number']));
      if (duplicate) problems.push(duplicate);
    }
    for (const { check } of chapters) appendProblems(problems, check.build);
  }
  return problems;
}

/** Options of `checkProject`. */
export interface CheckProjectOptions {
  rootDir: string;
  /** Folder of the books, relative to `rootDir`. Default `content/books`. */
  contentDir?: string | undefined;
  /** How chapter frontmatter is read; see `FrontmatterMode`. */
  frontmatter?: FrontmatterMode | undefined;
  parse: ParseChapter;
  /** The date checked for; see `resolveAsOf`. */
  today?: string | Date | undefined;
}

/**
 * Every problem of a project, as `buildModel(...).problems`, one chapter at
 * a time on this thread (memory stays flat however large the book).
 * @param options the root, content folder, parser and date.
 * @returns the problems, in `buildModel`'s order.
 */
export function checkProject(options: CheckProjectOptions): Problem[] {
  const asOf = resolveAsOf({ today: options.today });
  const listing = listBooks(options.rootDir, { contentDir: options.contentDir, frontmatter: options.frontmatter });
  const checks: ChapterCheck[] = [];
  for (const book of listing.books) {
    for (const entry of book.chapters) checks.push(checkChapter(book, entry, { rootDir: options.rootDir, parse: options.parse, asOf }));
  }
  return collectProblems(options.rootDir, listing, checks);
}
