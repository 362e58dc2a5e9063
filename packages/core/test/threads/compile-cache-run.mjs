/**
 * For compile-cache.test.ts: start a chapter worker (`startChapterWorker`),
 * with this thread's compile cache turned on in the folder given (or not,
 * when none is given), hand it a job that fails at once, and print how many
 * entries the folder holds before the worker starts and when it has exited.
 *   node compile-cache-run.mjs <repo root> <cache folder | ->
 */
import module from 'node:module';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, folder] = process.argv.slice(2);
if (folder !== '-') module.enableCompileCache(folder);
const { startChapterWorker } = await import(pathToFileURL(path.join(root, 'packages/core/dist/threads/pool.js')).href);
const count = () => (folder === '-' ? 0 : readdirSync(folder, { recursive: true }).length);
const before = count();
const worker = startChapterWorker();
worker.on('error', () => undefined);
worker.on('exit', () => {
  console.log(JSON.stringify({ before, after: count() }));
});
// A parser module without the named export: the worker fails and exits.
worker.postMessage({ parser: { url: 'data:text/javascript,export const other = 1', name: 'parseChapter' } });
