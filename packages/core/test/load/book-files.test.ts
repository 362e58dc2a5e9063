/**
 * Reads of book files kept in the model cache: an unchanged file is not
 * read again, a changed one is, the policy is applied to the path every
 * time, and the files the watcher names are read again whatever they say.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetReads, readBookFile } from '../../src/load/book-files.js';
import { createModelCache } from '../../src/load/cache.js';
import { tempDir } from '../temp-dir.js';

function project(): { root: string; file: string } {
  const root = tempDir('research-pack-reads-');
  const file = path.join(root, 'content/books/demo/01.claims.yaml');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'claims: []\n');
  return { root, file };
}

describe('readBookFile with a cache', () => {
  it('reuses the read of an unchanged file, and reads a changed one again', () => {
    const { root, file } = project();
    const cache = createModelCache();
    const first = readBookFile(root, file, { cache });
    expect(first).toEqual({ status: 'read', text: 'claims: []\n', excerpts: true });
    expect(readBookFile(root, file, { cache })).toBe(first);
    // The same size, another text: its change time moved.
    fs.writeFileSync(file, 'claims: {}\n');
    expect(readBookFile(root, file, { cache })).toEqual({ status: 'read', text: 'claims: {}\n', excerpts: true });
  });

  it('reads again the files it is told changed', () => {
    const { root, file } = project();
    const cache = createModelCache();
    const first = readBookFile(root, file, { cache });
    forgetReads(cache, [file]);
    const again = readBookFile(root, file, { cache });
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('looks at the path under the file policy every time: a file replaced by a link out of the project is refused', () => {
    const { root, file } = project();
    const cache = createModelCache();
    readBookFile(root, file, { cache });
    const outside = path.join(tempDir('research-pack-outside-'), 'secret.yaml');
    fs.writeFileSync(outside, 'claims: []\n');
    fs.rmSync(file);
    fs.symlinkSync(outside, file);
    const read = readBookFile(root, file, { cache });
    expect(read.status).toBe('refused');
    expect(read.status === 'refused' && read.problem.rule).toBe('file/outside-project');
  });
});
