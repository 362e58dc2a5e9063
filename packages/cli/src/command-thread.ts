/**
 * The commands that read large inputs run on a worker thread of their own,
 * whose young generation is bounded: `ingest` (a report's source ledger may
 * have thousands of rows) and `check` (a book may have a thousand chapters).
 *
 * Node's main thread cannot be given heap limits once it runs, and V8 sizes
 * its young generation from the machine's memory (up to 64 MiB of
 * semi-spaces on a 24 GiB machine). A command that makes millions of
 * short-lived objects then touches hundreds of megabytes of fresh pages and
 * works out of the processor's caches: ingesting a 10,000-row ledger took
 * 1.7–2.1 s and 310 MiB of memory on the main thread, 1.4–1.8 s and 220 MiB
 * on a worker with a 16 MiB young generation (the size the chapter workers
 * use). Starting the thread costs about 60 ms, which the other commands,
 * short or interactive, are spared.
 *
 * What the command prints reaches this thread in order, as messages; its
 * exit code is the process's.
 */
import module from 'node:module';
import { Worker } from 'node:worker_threads';
import { WORKER_YOUNG_GENERATION_MB } from '@research-pack/core/workers';

/** The commands that run on a thread of their own. */
const OWN_THREAD = new Set(['ingest', 'check']);

/** What the command's thread is told (`workerData`). */
export interface CommandThreadData {
  argv: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  tty: boolean;
  /** The compile cache folder this thread uses, for the command's thread to use too. */
  compileCache?: string;
}

/** A message from the command's thread. */
export type CommandThreadMessage = { stdout: string } | { stderr: string } | { exitCode: number };

/**
 * Whether a command line runs on a thread of its own: `ingest` and `check`,
 * but not their help.
 * @param argv the arguments after the program name.
 */
export function runsOnOwnThread(argv: readonly string[]): boolean {
  return OWN_THREAD.has(argv[0] ?? '') && !argv.includes('--help') && !argv.includes('-h');
}

/** How the command's thread is started: the resource limits are the point of it. */
export function commandThreadOptions(data: CommandThreadData): ConstructorParameters<typeof Worker>[1] {
  return { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB }, workerData: data };
}

/**
 * Run a command line on a thread of its own.
 * @param argv the arguments after the program name.
 * @param io where its output goes, and what it runs with.
 * @returns its exit code.
 */
export function runOnOwnThread(
  argv: readonly string[],
  io: { cwd: string; env: Record<string, string | undefined>; tty: boolean; stdout: (text: string) => void; stderr: (text: string) => void },
): Promise<number> {
  const compileCache = module.getCompileCacheDir?.();
  const data: CommandThreadData = { argv: [...argv], cwd: io.cwd, env: { ...io.env }, tty: io.tty, ...(compileCache ? { compileCache } : {}) };
  const worker = new Worker(new URL('./command-thread-worker.js', import.meta.url), commandThreadOptions(data));
  return new Promise((resolve, reject) => {
    let exitCode: number | undefined;
    worker.on('message', (message: CommandThreadMessage) => {
      if ('stdout' in message) io.stdout(message.stdout);
      else if ('stderr' in message) io.stderr(message.stderr);
      else exitCode = message.exitCode;
    });
    // A bug, not the user's error: thrown as it would be on this thread.
    worker.on('error', reject);
    worker.on('exit', (code) => resolve(exitCode ?? code));
  });
}
