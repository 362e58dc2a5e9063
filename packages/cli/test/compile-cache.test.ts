import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/research-pack.js', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Run `research-pack --help` with its own temporary folder; the entries of Node's compile cache there afterwards (undefined: no cache folder). */
function cachedAfterHelp(env: NodeJS.ProcessEnv): string[] | undefined {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rp-cli-compile-'));
  folders.push(tmp);
  const clean = { ...process.env };
  delete clean.CI;
  delete clean.NODE_COMPILE_CACHE;
  execFileSync(process.execPath, [bin, '--help'], { env: { ...clean, NODE_OPTIONS: '', TMPDIR: tmp, ...env }, encoding: 'utf8' });
  const names = readdirSync(tmp);
  if (!names.includes('node-compile-cache')) return undefined;
  // One folder per Node version; in it, one file per compiled module.
  return readdirSync(path.join(tmp, 'node-compile-cache')).flatMap((version) => readdirSync(path.join(tmp, 'node-compile-cache', version)));
}

describe('the command line and Node\'s compile cache', () => {
  it('keeps its compiled modules between runs outside CI', () => {
    const cached = cachedAfterHelp({});
    // The command line's modules, the core's, zod's: far more than a handful.
    expect(cached?.length ?? 0).toBeGreaterThan(20);
  });

  it('writes none in CI, where the cache would never be read', () => {
    expect(cachedAfterHelp({ CI: 'true' })).toBeUndefined();
  });
});
