/**
 * Worker threads started early. A command line tool can start the workers of
 * `checkProblemsOnThreads` before it loads anything else, so that they load
 * their modules while this thread loads its own, instead of later, while
 * this thread's compiler and garbage collector already keep both cores busy.
 * The threaded functions take them from here first. This module imports
 * nothing but Node's, so importing it costs nothing.
 */
import module from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Started workers not yet taken, each with the listener that drops it should it stop before then. */
const started: Array<{ worker: Worker; drop: () => void }> = [];

/** Options of `prestartChapterWorkers`. */
export interface PrestartOptions {
  /** How many workers (default: `RESEARCH_PACK_THREADS` minus this thread when set, else the machine's parallelism minus this thread, at most 3). */
  count?: number | undefined;
  /** The parser the job will name (`ParserModule`): the workers load it while they wait. */
  parser?: { url: string; name: string } | undefined;
}

/**
 * Start worker threads for chapters now; they wait for a job.
 * @param options how many, and the parser to load meanwhile.
 */
export function prestartChapterWorkers(options: PrestartOptions = {}): void {
  const configured = Number(process.env.RESEARCH_PACK_THREADS);
  const count = options.count ?? (Number.isInteger(configured) && configured > 0 ? configured : Math.min(availableParallelism(), 4)) - 1;
  for (let index = 0; index < count; index++) {
    const worker = startChapterWorker({ parser: options.parser });
    // An idle worker must not keep the process alive.
    worker.unref();
    // A worker that stops before it is taken is dropped; a new one, started
    // when needed, reports whatever went wrong to the caller.
    const entry = {
      worker,
      drop: () => {
        const at = started.indexOf(entry);
        if (at !== -1) started.splice(at, 1);
      },
    };
    worker.on('error', entry.drop);
    worker.on('exit', entry.drop);
    started.push(entry);
  }
}

/**
 * Start a worker thread for chapters. It uses this thread's compile cache
 * folder, when this thread uses one (`module.enableCompileCache`).
 * @param data what the worker is told at once (`workerData`).
 * @returns the worker.
 */
export function startChapterWorker(data: { parser?: PrestartOptions['parser'] } = {}): Worker {
  const compileCache = module.getCompileCacheDir?.();
  return new Worker(new URL('./worker.js', import.meta.url), {
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    workerData: { ...data, ...(compileCache ? { compileCache } : {}) },
  });
}

/**
 * The young generation of a chapter worker's heap, in MiB. V8 sizes it from
 * the machine's memory (192 MiB on a 24 GiB machine), far beyond what a
 * chapter's short-lived trees need: a model of 300 chapters and their
 * artifacts left the process 120 to 160 MiB larger with the default, in no
 * less time.
 */
export const WORKER_YOUNG_GENERATION_MB = 16;

/**
 * Take up to `count` started workers; the others are stopped (a small project needs none).
 * @param count how many the caller will use.
 * @returns the workers, keeping the process alive again.
 */
export function takeStartedWorkers(count: number): Worker[] {
  const taken = started.splice(0, count);
  for (const { worker } of started.splice(0)) void worker.terminate();
  return taken.map(({ worker, drop }) => {
    worker.off('error', drop);
    worker.off('exit', drop);
    worker.ref();
    return worker;
  });
}
