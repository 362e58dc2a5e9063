/**
 * Every built module of core loads on its own, in a fresh process, before
 * anything else: no module depends on another having been loaded first (an
 * import cycle made `claim-annotations.js` throw "Cannot access 'STATUS_WORD'
 * before initialization" unless `index.js` came first).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const modules = fs
  .readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.js'))
  .sort();

describe('built modules', () => {
  it('are all there', () => {
    const sources = fs
      .readdirSync(fileURLToPath(new URL('../src/', import.meta.url)), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, '.js'))
      .sort();
    expect(modules.filter((file) => sources.includes(file))).toEqual(sources);
  });

  it('each load on their own in a fresh process', () => {
    // One process per module; each imports only that module.
    const script = `
      const { spawnSync } = await import('node:child_process');
      const failed = [];
      for (const url of JSON.parse(process.argv[1])) {
        const run = spawnSync(process.execPath, ['--input-type=module', '-e', 'await import(process.argv[1])', url], { encoding: 'utf8' });
        if (run.status !== 0) failed.push(url + ': ' + (run.stderr.split('\\n').find((line) => /Error/.test(line)) ?? run.stderr));
      }
      console.log(JSON.stringify(failed));
    `;
    // The worker is a thread's entry point (it reads workerData and parentPort), started by threads/run.js.
    const urls = modules.filter((file) => !file.endsWith('worker.js')).map((file) => pathToFileURL(path.join(dist, file)).href);
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(urls)], { encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual([]);
  });
});
