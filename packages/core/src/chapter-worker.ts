/**
 * Worker thread of `checkProblemsOnThreads` and `buildModelOnThreads`: loads
 * the parser, takes chapters from the shared queue and posts back their checks.
 */
import { parentPort } from 'node:worker_threads';
import type { ParseChapter } from './build-chapter.js';
import { takeChapters, type ChapterJob } from './chapter-threads.js';
import { bookFolder } from './load-books.js';

parentPort?.once('message', (job: ChapterJob) => {
  void (async () => {
    const parser = (await import(job.parser.url)) as Record<string, unknown>;
    const parse = parser[job.parser.name];
    if (typeof parse !== 'function') throw new TypeError(`Research Pack: ${job.parser.url} has no function export "${job.parser.name}"`);
    parentPort?.postMessage(takeChapters(job, job.books.map(bookFolder), parse as ParseChapter));
    parentPort?.close();
  })();
});
