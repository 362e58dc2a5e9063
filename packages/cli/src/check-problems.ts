/**
 * The problems of a project for `research-pack check`: chapter by chapter,
 * on several threads for a large project (see `checkProblemsOnThreads`),
 * then the site layout's, as the build checks it.
 */
import path from 'node:path';
import { checkProblemsOnThreads, layoutProblems, listBooks, type Problem } from '@research-pack/core';
import { chapterParser, chapterParserModule, type ProjectOptions } from './project.js';

/** How `checkProblems` uses threads. */
export interface CheckThreads {
  /** Threads in all: default `RESEARCH_PACK_THREADS` when set, else the machine's parallelism (at most 4) from 200 chapters on. */
  threads?: number | undefined;
  /** Whether this thread checks chapters too (default true); tests turn it off so that the workers check every chapter. */
  mainThreadTakes?: boolean | undefined;
}

/**
 * Every problem of the project.
 * @param options where the project is.
 * @param threading how many threads, and whether this one takes chapters.
 * @returns the problems, the same and in the same order as `buildModel` over every book, then those of the site layout.
 */
export async function checkProblems(options: ProjectOptions, threading: CheckThreads = {}): Promise<Problem[]> {
  const problems = await checkProblemsOnThreads({
    rootDir: options.root,
    contentDir: options.contentDir,
    frontmatter: options.config.frontmatter,
    asOf: options.asOf,
    parse: chapterParser,
    parser: chapterParserModule(),
    threads: threading.threads,
    mainThreadTakes: threading.mainThreadTakes,
  });
  return [...problems, ...siteLayoutProblems(options)];
}

/**
 * Two chapters, research packs or book reports that the configured
 * `chapters` and `research` settings give one URL, as the build reports them.
 * @param options where the project is, and its settings.
 * @returns the problems.
 */
export function siteLayoutProblems(options: ProjectOptions): Problem[] {
  const listing = listBooks(options.root, { contentDir: options.contentDir });
  const books = listing.books.map((book) => ({
    slug: book.slug,
    file: book.file,
    chapters: book.chapters.map((chapter) => ({ slug: chapter.slug, file: path.relative(options.root, chapter.path).split(path.sep).join('/') })),
  }));
  return layoutProblems(books, options.config, { rootDir: options.root });
}
