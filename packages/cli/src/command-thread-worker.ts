/**
 * Entry point of a command's own thread (`command-thread.ts`): the same
 * compile cache as the thread that started it, the chapter workers of
 * `check` started first (as the command line does on its main thread), then
 * the command, its output posted as it is printed.
 */
import module from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { CommandThreadData, CommandThreadMessage } from './command-thread.js';

const data = workerData as CommandThreadData;
if (data.compileCache) {
  try {
    module.enableCompileCache?.(data.compileCache);
  } catch {
    // Without the cache the modules are compiled as usual.
  }
}
if (data.argv[0] === 'check') {
  const { prestartChapterWorkers } = await import('@research-pack/core/workers');
  prestartChapterWorkers({ parser: { url: import.meta.resolve('@research-pack/markdown/parse'), name: 'parseChapter' } });
}
const post = (message: CommandThreadMessage) => parentPort!.postMessage(message);
// What other code on this thread prints (a project's research-pack.config.mjs
// calling console.log, Node's warnings) takes the same way as the command's
// output, so that it reaches the terminal in the order it was printed: a
// worker's own process.stdout reaches the main thread on a way of its own.
for (const [stream, key] of [[process.stdout, 'stdout'], [process.stderr, 'stderr']] as const) {
  stream.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((error?: Error | null) => void), callback?: (error?: Error | null) => void) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8');
    post(key === 'stdout' ? { stdout: text } : { stderr: text });
    (typeof encoding === 'function' ? encoding : callback)?.();
    return true;
  }) as typeof stream.write;
}
const { main } = await import('./cli.js');
const exitCode = await main(data.argv, {
  cwd: data.cwd,
  env: data.env,
  stdout: (text) => post({ stdout: text }),
  stderr: (text) => post({ stderr: text }),
  tty: data.tty,
});
post({ exitCode });
