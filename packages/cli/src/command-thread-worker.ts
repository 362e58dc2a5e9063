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
const { main } = await import('./cli.js');
const post = (message: CommandThreadMessage) => parentPort!.postMessage(message);
const exitCode = await main(data.argv, {
  cwd: data.cwd,
  env: data.env,
  stdout: (text) => post({ stdout: text }),
  stderr: (text) => post({ stderr: text }),
  tty: data.tty,
});
post({ exitCode });
