/**
 * The problems of a project for `research-pack check`: chapter by chapter,
 * on several threads for a large project (see `checkProblemsOnThreads`),
 * then the site layout's, as the build checks it.
 */
import path from 'node:path';
import type { Problem } from '@research-pack/core/problems';
import { listBooks, type BookListings } from '@research-pack/core/load';
import type { CheckStoreOptions, TextHashHint } from '@research-pack/core/model';
import { checkProblemsOnThreads } from '@research-pack/core/threads';
import { layoutProblems } from '@research-pack/core/site';
import { chapterParser, chapterParserModule, type ProjectOptions } from './project.js';

/** How `checkProblems` uses threads. */
export interface CheckThreads {
  /** Threads in all: default `RESEARCH_PACK_THREADS` when set, else the machine's parallelism (at most 4) from 200 chapters on. */
  threads?: number | undefined;
  /** Whether this thread checks chapters too (default true); tests turn it off so that the workers check every chapter. */
  mainThreadTakes?: boolean | undefined;
  /** Keep each chapter's check in this folder between runs, and reuse those of unchanged chapters (`check --cache`). */
  store?: CheckStoreOptions | undefined;
}

/**
 * Every problem of the project.
 * @param options where the project is.
 * @param threading how many threads, and whether this one takes chapters.
 * @returns the problems, the same and in the same order as `buildModel` over every book, then those of the site layout.
 */
export async function checkProblems(options: ProjectOptions, threading: CheckThreads = {}): Promise<Problem[]> {
  return (await checkProject(options, threading)).problems;
}

/**
 * Every problem of the project, and the reviewed verdicts that record no
 * `textHash` (found in the sidecars the check read): what `research-pack check` prints.
 * @param options where the project is.
 * @param threading how many threads, and whether this one takes chapters.
 * @returns the problems, as `checkProblems`, and the hints in listing order.
 */
export async function checkProject(options: ProjectOptions, threading: CheckThreads = {}): Promise<{ problems: Problem[]; hints: TextHashHint[] }> {
  const { problems, hints, listing } = await checkProblemsOnThreads({
    rootDir: options.root,
    contentDir: options.contentDir,
    frontmatter: options.config.frontmatter,
    asOf: options.asOf,
    parse: chapterParser,
    parser: chapterParserModule(),
    threads: threading.threads,
    mainThreadTakes: threading.mainThreadTakes,
    ...(threading.store ? { store: threading.store } : {}),
  });
  return { problems: [...problems, ...siteLayoutProblems(options, listing)], hints };
}

/**
 * Two chapters, research packs or book reports that the configured
 * `chapters` and `research` settings give one URL, as the build reports them.
 * @param options where the project is, and its settings.
 * @param listing the books, when they were listed already.
 * @returns the problems.
 */
export function siteLayoutProblems(options: ProjectOptions, listing: BookListings = listBooks(options.root, { contentDir: options.contentDir })): Problem[] {
  const books = listing.books.map((book) => ({
    slug: book.slug,
    file: book.file,
    chapters: book.chapters.map((chapter) => ({ slug: chapter.slug, file: path.relative(options.root, chapter.path).split(path.sep).join('/') })),
  }));
  return layoutProblems(books, options.config, { rootDir: options.root });
}
