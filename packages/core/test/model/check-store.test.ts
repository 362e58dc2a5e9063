/**
 * The key of a stored chapter check: the digest of the files the check
 * reads, read under the file policy as the check reads them, so a file the
 * check refuses (outside the project, not a regular file) is not read for
 * the key either, and gives no key.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serialize } from 'node:v8';
import { describe, expect, it, vi } from 'vitest';
import { forgetReads } from '../../src/load/book-files.js';
import { createModelCache, type ModelCache } from '../../src/load/cache.js';
import { listBooks } from '../../src/load/books.js';
import { chapterKey, folderCheckStore, pruneCheckStore } from '../../src/model/check-store.js';
import type { ChapterCheck } from '../../src/model/check.js';
import { exampleBook, writeProject } from '../fixture-book.js';
import { tempDir } from '../temp-dir.js';

const evidenceFile = 'content/books/demo/01-sessions.evidence.yaml';
const CORE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The key of the example book's first chapter. */
function keyOf(root: string, cache?: ModelCache) {
  const book = listBooks(root).books[0]!;
  const entry = book.chapters.find((chapter) => chapter.slug === '01-sessions')!;
  return chapterKey(root, book.source, entry, book.dir, '2026-12-01', '', cache);
}

describe('chapterKey', () => {
  it('is the same for the same files, and changes with a sidecar', () => {
    const root = writeProject(exampleBook);
    const first = keyOf(root);
    expect(first?.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(keyOf(root)).toEqual(first);
    fs.appendFileSync(path.join(root, evidenceFile), '# edited\n');
    expect(keyOf(root)?.digest).not.toBe(first?.digest);
  });

  it('with the model cache, reads no file whose stamp is unchanged, and reads a changed or forgotten one', () => {
    const root = writeProject(exampleBook);
    const cache = createModelCache();
    const first = keyOf(root, cache);
    expect(first).toEqual(keyOf(root));
    const opened = vi.spyOn(fs, 'openSync');
    // The chapter's files opened since the last look (listing the book reads its book.yaml).
    const chapterFilesOpened = () => {
      const files = opened.mock.calls.map(([file]) => path.basename(String(file))).filter((file) => file.startsWith('01-sessions'));
      opened.mockClear();
      return files;
    };
    try {
      expect(keyOf(root, cache)).toEqual(first);
      expect(chapterFilesOpened()).toEqual([]);
      fs.appendFileSync(path.join(root, evidenceFile), '# edited\n');
      const edited = keyOf(root, cache);
      expect(edited?.digest).not.toBe(first?.digest);
      expect(chapterFilesOpened()).toEqual([path.basename(evidenceFile)]);
      forgetReads(cache, [path.join(root, evidenceFile)]);
      expect(keyOf(root, cache)).toEqual(edited);
      expect(chapterFilesOpened()).toEqual([path.basename(evidenceFile)]);
    } finally {
      opened.mockRestore();
    }
  });

  it('does not read a sidecar that links outside the project: no key', () => {
    const root = writeProject(exampleBook);
    const outside = tempDir('research-pack-outside-');
    fs.copyFileSync(path.join(root, evidenceFile), path.join(outside, 'evidence.yaml'));
    fs.rmSync(path.join(root, evidenceFile));
    fs.symlinkSync(path.join(outside, 'evidence.yaml'), path.join(root, evidenceFile));
    expect(keyOf(root)).toBeUndefined();
  });

  it('does not open a sidecar that is a named pipe (reading one would wait for a writer): no key', () => {
    const root = writeProject(exampleBook);
    fs.rmSync(path.join(root, evidenceFile));
    execFileSync('mkfifo', [path.join(root, evidenceFile)]);
    // In another process, with the built package: a read of the pipe would block this one for good, not fail.
    const dist = (module: string) => pathToFileURL(path.join(CORE, 'dist', module)).href;
    const script = [
      `import { listBooks } from ${JSON.stringify(dist('load/books.js'))};`,
      `import { chapterKey } from ${JSON.stringify(dist('model/check-store.js'))};`,
      `const book = listBooks(${JSON.stringify(root)}).books[0];`,
      `const entry = book.chapters.find((chapter) => chapter.slug === '01-sessions');`,
      `process.stdout.write(JSON.stringify(chapterKey(${JSON.stringify(root)}, book.source, entry, book.dir, '2026-12-01') ?? 'no key'));`,
    ].join('\n');
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.signal, 'chapterKey waited on the pipe').toBeNull();
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('"no key"');
  });
});

describe('folderCheckStore', () => {
  const key = (digest: string) => ({ digest }) as unknown as NonNullable<ReturnType<typeof keyOf>>;
  const check = { chapter: undefined, problems: [], hints: [] } as unknown as ChapterCheck;

  it('with deferred writes, keeps a check in memory and writes it only when flushed', () => {
    const dir = tempDir('rp-store-');
    const store = folderCheckStore({ dir: path.join(dir, 'store') }, true);
    store.set(key('a'.repeat(64)), check);
    expect(store.get(key('a'.repeat(64)))).toBe(check);
    expect(fs.existsSync(path.join(dir, 'store'))).toBe(false);
    store.flush();
    expect(fs.readdirSync(path.join(dir, 'store'))).toEqual([`${'a'.repeat(64)}.v8`]);
    // Written once: a second flush has nothing left to write.
    fs.rmSync(path.join(dir, 'store', `${'a'.repeat(64)}.v8`));
    store.flush();
    expect(fs.readdirSync(path.join(dir, 'store'))).toEqual([]);
  });

  it('without, writes at once', () => {
    const dir = tempDir('rp-store-');
    folderCheckStore({ dir }).set(key('b'.repeat(64)), check);
    expect(fs.readdirSync(dir)).toEqual([`${'b'.repeat(64)}.v8`]);
  });

  it('gives a check read from the folder with its bytes, each in a buffer of its own (a worker posts them as they are)', () => {
    const dir = tempDir('rp-store-');
    // A small file: Node reads it into its shared pool, of which a view would post the whole pool.
    const bytes = serialize(check);
    expect(bytes.byteLength).toBeLessThan(Buffer.poolSize >>> 1);
    fs.writeFileSync(path.join(dir, `${'g'.repeat(64)}.v8`), bytes);
    const read = folderCheckStore({ dir }).getWithBytes!(key('g'.repeat(64)));
    expect(read?.check).toEqual(check);
    expect(read?.bytes && Buffer.from(read.bytes).equals(bytes)).toBe(true);
    expect(read?.bytes?.byteLength).toBe(read?.bytes?.buffer.byteLength);
    // Held in memory now: no bytes to give, the check alone.
    expect(folderCheckStore({ dir }).getWithBytes!(key('g'.repeat(64)))).toEqual({ check: read?.check });
  });

  it('writes the bytes it is given as they are', () => {
    const dir = tempDir('rp-store-');
    const bytes = serialize({ ...check, number: 7 });
    folderCheckStore({ dir }).set(key('h'.repeat(64)), check, bytes);
    expect(fs.readFileSync(path.join(dir, `${'h'.repeat(64)}.v8`)).equals(bytes)).toBe(true);
  });

  it('prunes checks not kept and old temporary files, and leaves a file another thread is writing', () => {
    const dir = tempDir('rp-store-');
    const name = (letter: string) => `${letter.repeat(64)}.v8`;
    for (const file of [name('c'), name('d'), `${name('e')}.1.x.tmp`, `${name('f')}.1.y.tmp`]) fs.writeFileSync(path.join(dir, file), '');
    const old = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(path.join(dir, `${name('f')}.1.y.tmp`), old, old);
    pruneCheckStore(dir, new Set(['c'.repeat(64)]));
    expect(fs.readdirSync(dir).sort()).toEqual([name('c'), `${name('e')}.1.x.tmp`]);
  });
});
