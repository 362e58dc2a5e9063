/**
 * The job of a worker thread of `checkProblemsOnThreads` and
 * `buildModelOnThreads` (loaded by `worker.ts`, the thread's entry): loads
 * the parser, takes chapters from the shared queue and posts back their
 * checks, a few at a time as it makes them; then, if the job has later passes, waits for the chapters the
 * main thread took and posts each pass's results over all of them.
 * A worker started early (`prestartChapterWorkers`) may be told the parser
 * at once, and loads it while it waits for the job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ParseChapter } from '../model/chapter.js';
import type { ParserModule } from './run.js';
import { CHECKS_PER_MESSAGE, loadDerive, loadLater, takeChapters, type ChapterJob, type PostedCheck, type WorkerMessage } from './run.js';
import { deriveLater, type DerivedFrom } from './derive.js';
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
    const passes = job.derive ? await loadLater(job.derive) : [];
    const post = (message: WorkerMessage) => parentPort?.postMessage(message);
    // Each few chapters' checks are posted as soon as they are made.
    let batch: PostedCheck[] = [];
    const taken = takeChapters(job, job.books.map(bookFolder), parse as ParseChapter, derive, (check) => {
      batch.push(check);
      if (batch.length < CHECKS_PER_MESSAGE) return;
      post({ checks: batch, last: false });
      batch = [];
    });
    post({ checks: batch, last: true });
    taken.store();
    if (passes.length === 0) {
      parentPort?.close();
      return;
    }
    // Then the later passes, over this thread's chapters and those the main thread hands over.
    parentPort?.once('message', (handed: DerivedFrom[]) => {
      deriveLater(passes, [...taken.from, ...handed], (pass, results) => post({ pass, results }));
      parentPort?.close();
    });
  })();
});
