/**
 * The problems of a project for `research-pack check`: chapter by chapter,
 * on several threads for a large project (see `checkProblemsOnThreads`).
 */
import { checkProblemsOnThreads, type Problem } from '@research-pack/core';
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
 * @returns the problems, the same and in the same order as `buildModel` over every book.
 */
export async function checkProblems(options: ProjectOptions, threading: CheckThreads = {}): Promise<Problem[]> {
  return checkProblemsOnThreads({
    rootDir: options.root,
    contentDir: options.contentDir,
    frontmatter: options.config.frontmatter,
    asOf: options.asOf,
    parse: chapterParser,
    parser: chapterParserModule(),
    threads: threading.threads,
    mainThreadTakes: threading.mainThreadTakes,
  });
}
