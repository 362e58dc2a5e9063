/**
 * What a caller derives from each chapter on the thread that checked it:
 * the job names a module and one of its exports, and each thread calls it
 * with every chapter it built (with what the book's sources lock says of
 * its sources, as the assembled model has it). An Astro build renders a
 * chapter's pages and artifacts there, while its own thread goes on.
 */
import type { BookFolder } from '../load/books.js';
import type { ChapterCheck } from '../model/check.js';
import { attachPage } from '../model/page-info.js';
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
 * A chapter deriver for one thread: reads each book's sources lock once.
 * @param rootDir the project root.
 * @param derive the loaded function.
 * @param asOf the build's date.
 * @param context the module's context.
 * @returns for a chapter's check in a book: what `derive` made of its chapter, or undefined when it has none or `derive` failed (the caller then does the work itself).
 */
export function chapterDeriver(rootDir: string, derive: DeriveChapter, asOf: string, context: unknown): (book: BookFolder, check: ChapterCheck, digest: string | undefined) => unknown {
  const locks = new Map<string, LockIndex>();
  return (book, check, digest) => {
    const config = book.config?.data;
    const chapter = check.chapter;
    if (!config || !chapter) return undefined;
    let lock = locks.get(book.dir);
    if (!lock) {
      const loaded = readSourcesLock(rootDir, book.dir);
      locks.set(book.dir, (lock = indexSourcesLock(loaded?.lock ? { file: loaded.file, lock: loaded.lock } : undefined)));
    }
    try {
      const assembled = attachPage({ ...chapter, sourceChecks: checkChapterSources(chapter, lock) }, check.page);
      return derive({ chapter: assembled, book: { slug: book.slug, file: book.file, config }, asOf, digest, context });
    } catch {
      return undefined;
    }
  };
}
