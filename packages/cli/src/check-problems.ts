/**
 * The problems of a project, found on several threads for a large book:
 * chapters are independent once their book is listed, so every thread takes
 * the next unchecked chapter until none is left, and the problems are put
 * back in the order one `buildModel` reports them.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { collectProblems, listBooks, type ChapterCheck, type Problem } from '@research-pack/core';
import { takeChapters, type CheckJob } from './check-queue.js';
import { chapterParser, type ProjectOptions } from './project.js';

/** Below this many chapters, starting threads costs more than it saves. */
const PARALLEL_FROM_CHAPTERS = 200;

/** How `checkProblems` uses threads. */
export interface CheckThreads {
  /** How many threads at most: `RESEARCH_PACK_THREADS` when set (then used whatever the project's size), else the machine's parallelism, at most 4, for projects of at least 200 chapters. */
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
  const { threads = configuredThreads(), mainThreadTakes = true } = threading;
  const listing = listBooks(options.root, { contentDir: options.contentDir });
  const chapters = listing.books.flatMap((book, index) => book.chapters.map((entry) => ({ book: index, entry })));
  const count = threads ?? (chapters.length >= PARALLEL_FROM_CHAPTERS ? Math.min(availableParallelism(), 4) : 1);
  const job: CheckJob = {
    root: options.root,
    asOf: options.asOf,
    books: listing.books.map(({ slug, dir, file, source }) => ({ slug, dir, file, source })),
    chapters,
    next: new SharedArrayBuffer(4),
  };
  const workers = Array.from({ length: Math.max(Math.min(count, chapters.length) - (mainThreadTakes ? 1 : 0), 0) }, () => runWorker(job));
  const checks: ChapterCheck[] = new Array<ChapterCheck>(chapters.length);
  const place = (done: Array<[number, ChapterCheck]>) => {
    for (const [index, check] of done) checks[index] = check;
  };
  // This thread takes chapters too, with the book folders it already loaded.
  if (mainThreadTakes || workers.length === 0) place(takeChapters(job, listing.books, chapterParser));
  for (const done of await Promise.all(workers)) place(done);
  return collectProblems(options.root, listing, checks);
}

function configuredThreads(): number | undefined {
  const configured = Number(process.env.RESEARCH_PACK_THREADS);
  return Number.isInteger(configured) && configured > 0 ? configured : undefined;
}

/** Start a worker on the job; resolves with the checks it made. */
function runWorker(job: CheckJob): Promise<Array<[number, ChapterCheck]>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./check-worker.js', import.meta.url));
    let result: Array<[number, ChapterCheck]> | undefined;
    worker.once('message', (done: Array<[number, ChapterCheck]>) => (result = done));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`research-pack check: a worker thread exited with code ${code} before it finished`));
    });
    worker.postMessage(job);
  });
}
