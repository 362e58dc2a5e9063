/**
 * Worker thread of `checkProblemsOnThreads` and `buildModelOnThreads`: loads
 * the parser, takes chapters from the shared queue and posts back their checks.
 * A worker started early (`prestartChapterWorkers`) may be told the parser
 * at once, and loads it while it waits for the job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ParseChapter } from '../model/chapter.js';
import type { ParserModule } from './run.js';
import { loadDerive, takeChapters, type ChapterJob } from './run.js';
import { bookFolder } from '../load/books.js';

const early = (workerData as { parser?: ParserModule } | undefined)?.parser;
const loading = new Map<string, Promise<Record<string, unknown>>>();
const load = (url: string) => {
  let module = loading.get(url);
  if (!module) loading.set(url, (module = import(url) as Promise<Record<string, unknown>>));
  return module;
};
// Loaded while the job is on its way; a failure shows when the job needs it.
if (early) load(early.url).catch(() => undefined);

parentPort?.once('message', (job: ChapterJob) => {
  void (async () => {
    const parse = (await load(job.parser.url))[job.parser.name];
    if (typeof parse !== 'function') throw new TypeError(`Research Pack: ${job.parser.url} has no function export "${job.parser.name}"`);
    const derive = job.derive ? await loadDerive(job.derive) : undefined;
    parentPort?.postMessage(takeChapters(job, job.books.map(bookFolder), parse as ParseChapter, derive));
    parentPort?.close();
  })();
});
