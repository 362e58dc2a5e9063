/**
 * A kept artifact goes into the build's output as a hard link to the
 * cache's file (`placeKept`): no bytes written. A file already at the target
 * is replaced; where links cannot be made (another file system) the file is
 * copied; a cache file that is gone is an error, not an empty artifact.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { placeKept } from '../src/artifacts.js';

const made: string[] = [];
async function folder(parent = os.tmpdir()): Promise<string> {
  const dir = await mkdtemp(path.join(parent, 'rp-place-kept-'));
  made.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** /dev/shm is a tmpfs on Linux: another file system than the temporary folder's, where a link fails with EXDEV. */
const otherDevice = (() => {
  try {
    return statSync('/dev/shm').dev !== statSync(os.tmpdir()).dev ? '/dev/shm' : undefined;
  } catch {
    return undefined;
  }
})();

describe('placeKept', () => {
  it('links the cache\'s file into the output', async () => {
    const dir = await folder();
    const file = path.join(dir, 'brief.md');
    const target = path.join(dir, 'out.md');
    await writeFile(file, '# Brief\n');
    const links = { possible: true };
    await placeKept(file, target, links);
    expect((await stat(target)).ino).toBe((await stat(file)).ino);
    expect((await stat(file)).nlink).toBe(2);
    expect(links.possible).toBe(true);
  });

  it('replaces a file already at the target', async () => {
    const dir = await folder();
    const file = path.join(dir, 'brief.md');
    const target = path.join(dir, 'out.md');
    await writeFile(file, '# Brief\n');
    await writeFile(target, 'left by an earlier build\n');
    await placeKept(file, target, { possible: true });
    expect((await stat(target)).ino).toBe((await stat(file)).ino);
    expect(await readFile(target, 'utf8')).toBe('# Brief\n');
  });

  it.runIf(otherDevice)('copies to another file system, and copies the rest of the build without trying to link again', async () => {
    const cache = await folder();
    const out = await folder(otherDevice);
    const links = { possible: true };
    for (const name of ['a.md', 'b.md']) {
      await writeFile(path.join(cache, name), `# ${name}\n`);
      await placeKept(path.join(cache, name), path.join(out, name), links);
      expect(await readFile(path.join(out, name), 'utf8')).toBe(`# ${name}\n`);
      expect((await stat(path.join(out, name))).nlink).toBe(1);
    }
    expect(links.possible).toBe(false);
  });

  it('fails when the cache\'s file is gone, and links the next one', async () => {
    const dir = await folder();
    const links = { possible: true };
    await expect(placeKept(path.join(dir, 'gone.md'), path.join(dir, 'out.md'), links)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(links.possible).toBe(true);
  });
});
