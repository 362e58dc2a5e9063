/**
 * Entry point of a worker thread of `checkProblemsOnThreads` and
 * `buildModelOnThreads`. When the thread that started it uses Node's compile
 * cache (Astro's command line turns it on outside CI), the
 * worker uses the same folder before it loads anything else, so that its
 * modules are not compiled again on every run; then it loads its job
 * (`worker-job.ts`).
 */
import module from 'node:module';
import { workerData } from 'node:worker_threads';

const folder = (workerData as { compileCache?: unknown } | undefined)?.compileCache;
if (typeof folder === 'string') {
  try {
    module.enableCompileCache?.(folder);
  } catch {
    // Without the cache the modules are compiled as usual.
  }
}
await import('./worker-job.js');
