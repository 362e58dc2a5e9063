/**
 * `writeChecked`, the last step of every command that edits sidecars
 * (`anchor`, `remove-claim`, `move-claim`, the decisions): the books' writer
 * locks, all or none; a file changed on disk since it was read refuses the
 * write whole; the files written as one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockBook } from '../src/lock.js';
import type { ProjectOptions } from '../src/project.js';
import { writeChecked } from '../src/review/would-be.js';

let root: string;
let options: ProjectOptions;
const io = { stdout: () => {}, stderr: () => {} } as never;
const names = { lock: 'move-claim', journal: 'move-claim', checked: 'the move was checked' };
const at = (file: string) => path.join(root, file);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-write-checked-'));
  for (const book of ['a', 'b']) {
    fs.mkdirSync(at(`content/books/${book}`), { recursive: true });
    fs.writeFileSync(at(`content/books/${book}/ch.claims.yaml`), 'claims: []\n');
  }
  options = { root, contentDir: path.join('content', 'books') } as ProjectOptions;
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const files = () => [
  { kind: 'claims' as const, file: 'content/books/a/ch.claims.yaml', before: 'claims: []\n', after: 'claims: [] # a\n' },
  { kind: 'claims' as const, file: 'content/books/b/ch.claims.yaml', before: 'claims: []\n', after: 'claims: [] # b\n' },
  { kind: 'evidence' as const, file: 'content/books/b/ch.evidence.yaml', before: undefined, after: 'sources: []\n' },
];

describe('writeChecked', () => {
  it('writes the files of two books, a new one among them, and leaves no lock', async () => {
    await writeChecked(options, files(), names, io);
    expect(fs.readFileSync(at('content/books/a/ch.claims.yaml'), 'utf8')).toBe('claims: [] # a\n');
    expect(fs.readFileSync(at('content/books/b/ch.evidence.yaml'), 'utf8')).toBe('sources: []\n');
    for (const book of ['a', 'b']) expect(fs.existsSync(at(`content/books/${book}/${LOCK_FILE}`))).toBe(false);
  });

  it('refuses the whole write when one file changed on disk since it was read', async () => {
    fs.writeFileSync(at('content/books/b/ch.claims.yaml'), 'claims: [] # someone else\n');
    await expect(writeChecked(options, files(), names, io)).rejects.toThrow('content/books/b/ch.claims.yaml changed on disk while the move was checked; nothing was written. Run the command again.');
    expect(fs.readFileSync(at('content/books/a/ch.claims.yaml'), 'utf8')).toBe('claims: []\n');
    expect(fs.existsSync(at('content/books/b/ch.evidence.yaml'))).toBe(false);
    for (const book of ['a', 'b']) expect(fs.existsSync(at(`content/books/${book}/${LOCK_FILE}`))).toBe(false);
  });

  it('takes all the locks or none: a book another writer holds releases the one taken before it', async () => {
    using held = lockBook(at('content/books/b'), { command: 'ingest --write', shown: 'content/books/b' });
    await expect(writeChecked(options, files(), names, io)).rejects.toThrow(/content\/books\/b is locked: /);
    expect(fs.existsSync(at(`content/books/a/${LOCK_FILE}`))).toBe(false);
    expect(fs.readFileSync(at('content/books/a/ch.claims.yaml'), 'utf8')).toBe('claims: []\n');
    held.release();
  });
});
