import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const script = fileURLToPath(new URL('./compile-cache-run.mjs', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Run compile-cache-run.mjs; `folder` undefined runs it without a compile cache. */
function run(folder: string | undefined, env: NodeJS.ProcessEnv = {}): { before: number; after: number } {
  const output = execFileSync(process.execPath, [script, repoRoot, folder ?? '-'], { env: { ...process.env, NODE_OPTIONS: '', NODE_COMPILE_CACHE: '', ...env }, encoding: 'utf8' });
  return JSON.parse(output) as { before: number; after: number };
}

describe('chapter workers and the compile cache', () => {
  it('use the compile cache folder of the thread that starts them', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'rp-compile-cache-'));
    folders.push(folder);
    // The worker's own modules (the parser, the core's) are in the folder when it exits.
    const { before, after } = run(folder);
    expect(after - before).toBeGreaterThan(20);
  });

  it('use none when that thread uses none', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'rp-compile-tmp-'));
    folders.push(tmp);
    expect(run(undefined, { TMPDIR: tmp })).toEqual({ before: 0, after: 0 });
    // Not even Node's default folder, in the temporary folder.
    expect(readdirSync(tmp)).toEqual([]);
  });
});
