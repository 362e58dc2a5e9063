/**
 * What a caller derives from each chapter on the thread that checked it:
 * the job names a module and one of its exports, and each thread calls it
 * with every chapter it built (with what the book's sources lock says of
 * its sources, as the assembled model has it). An Astro build renders a
 * chapter's pages and artifacts there, while its own thread goes on.
 *
 * What is needed only later is derived later: the job may name more
 * exports (`later`), which the worker threads call pass by pass once every
 * chapter is checked, so that the model is ready as soon as its checks and
 * first derivations are, and the rest is made while the build goes on.
 */
import type { BookFolder } from '../load/books.js';
import type { ChapterCheck } from '../model/check.js';
import { attachPage, type ChapterPage } from '../model/page-info.js';
import type { ChapterModel } from '../model/types.js';
import type { BookConfig } from '../schema/sidecars.js';
import { readSourcesLock } from '../sources/lock.js';
import { checkChapterSources, indexSourcesLock, type LockIndex } from '../sources/view.js';

/** A function another thread can load: the URL of an ES module, the name of its export, and plain data it is called with. */
export interface DeriveModule {
  /** e.g. `import.meta.resolve('@research-pack/astro/derive')`. */
  url: string;
  /** The export, called as `DeriveChapter`. */
  name: string;
  /** Plain data handed to every call (URLs, options). */
  context?: unknown;
  /**
   * Exports called as `DeriveLater` once the model is built, one pass
   * after another over every chapter, on worker threads (the chapters this
   * thread took are handed to them). Each pass's results arrive apart.
   */
  later?: string[] | undefined;
}

/** What `DeriveChapter` is called with. */
export interface DeriveInput {
  /** The chapter, as the assembled model has it (its sources' checks included). */
  chapter: ChapterModel;
  /** Its book, without its chapters. */
  book: { slug: string; file: string; config: BookConfig };
  /** The build's date. */
  asOf: string;
  /** The digest its check is stored under, when it is (see `chapterKey`): equal digests, equal chapters. */
  digest: string | undefined;
  /** `DeriveModule.context`. */
  context: unknown;
}

/** Computes plain data from one chapter (it is posted back to the thread that asked). */
export type DeriveChapter = (input: DeriveInput) => unknown;

/**
 * Computes more plain data from one chapter after the model is built. It is
 * given the same input object as the `DeriveChapter` call before it when the
 * same thread made that call (so it may keep what it made by that object),
 * and a copy when the chapter was taken by another thread (its chapter's
 * body and its claims' places attached again, as `attachPage` does).
 */
export type DeriveLater = (input: DeriveInput) => unknown;

/**
 * A chapter a thread derived from: its index in the job, the input its
 * derivations are called with, and its page information (`attachPage`),
 * which a copy for another thread loses (it is not enumerable) and gets back.
 */
export type DerivedFrom = [index: number, input: DeriveInput, page: ChapterPage | undefined];

/**
 * A chapter deriver for one thread: reads each book's sources lock once.
 * @param rootDir the project root.
 * @param derive the loaded function.
 * @param asOf the build's date.
 * @param context the module's context.
 * @returns for a chapter's check in a book: the input `derive` was called with (undefined when the chapter has none) and what it made (undefined also when `derive` failed: the caller then does the work itself).
 */
export function chapterDeriver(rootDir: string, derive: DeriveChapter, asOf: string, context: unknown): (book: BookFolder, check: ChapterCheck, digest: string | undefined) => { input?: DeriveInput; made?: unknown } {
  const locks = new Map<string, LockIndex>();
  return (book, check, digest) => {
    const config = book.config?.data;
    const chapter = check.chapter;
    if (!config || !chapter) return {};
    let lock = locks.get(book.dir);
    if (!lock) {
      const loaded = readSourcesLock(rootDir, book.dir);
      locks.set(book.dir, (lock = indexSourcesLock(loaded?.lock ? { file: loaded.file, lock: loaded.lock } : undefined)));
    }
    let input: DeriveInput | undefined;
    try {
      const assembled = attachPage({ ...chapter, sourceChecks: checkChapterSources(chapter, lock) }, check.page);
      input = { chapter: assembled, book: { slug: book.slug, file: book.file, config }, asOf, digest, context };
      return { input, made: derive(input) };
    } catch {
      return input ? { input } : {};
    }
  };
}

/**
 * Run the later passes over the chapters a thread derived from.
 * @param passes the loaded `DeriveLater` functions, in order.
 * @param chapters the chapters, with their inputs.
 * @param post called with each pass's results, by chapter index, as soon as the pass is done (undefined where a call failed: the caller does the work itself).
 */
export function deriveLater(passes: readonly DeriveLater[], chapters: readonly DerivedFrom[], post: (pass: number, results: Array<[index: number, made: unknown]>) => void): void {
  // A chapter taken by another thread is a copy: its body and its claims' places are attached again.
  for (const [, input, page] of chapters) attachPage(input.chapter, page);
  passes.forEach((later, pass) => {
    post(
      pass,
      chapters.map(([index, input]) => {
        try {
          return [index, later(input)];
        } catch {
          return [index, undefined];
        }
      }),
    );
  });
}
