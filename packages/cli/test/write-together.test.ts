/**
 * Several files of a book written as one (`writeTogether`), and a write a
 * killed writer left half done finished by the next writer of the book
 * (`finishUnfinishedWrite`, which `lockBook` runs). The crash itself, with
 * the real binary killed at each of its moves, is `test/interrupted-write.test.ts`;
 * here, the states a crash leaves, made by hand, and hostile journals.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockBook } from '../src/lock.js';
import { finishUnfinishedWrite, writeTogether } from '../src/write-together.js';

let root: string;
let books: string;
let book: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-together-'));
  books = path.join(root, 'content/books');
  book = path.join(books, 'pi');
  fs.mkdirSync(path.join(book, 'reports'), { recursive: true });
  fs.writeFileSync(path.join(book, 'a.claims.yaml'), 'old a\n');
  fs.writeFileSync(path.join(book, 'a.evidence.yaml'), 'old b\n');
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** A pid that no process has: one of a process that has exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

function names(dir: string): string[] {
  return fs.readdirSync(dir).sort();
}

/** What a writer killed after its journal and its first move leaves: the journal, the first file moved, the others beside their files. */
function crashed(pid: number): void {
  const temporary = (name: string) => `.${name}.${pid}.0123abcd.tmp`;
  fs.writeFileSync(path.join(book, 'a.claims.yaml'), 'new a\n');
  fs.writeFileSync(path.join(book, temporary('a.evidence.yaml')), 'new b\n');
  fs.writeFileSync(path.join(book, 'reports', temporary('r.md')), 'report\n');
  fs.writeFileSync(
    path.join(book, '.research-pack.journal'),
    JSON.stringify({
      version: 1,
      pid,
      host: os.hostname(),
      command: 'ingest --write',
      started: '2026-12-07T10:00:00.000Z',
      files: [
        { file: 'a.claims.yaml', temporary: temporary('a.claims.yaml'), create: false },
        { file: 'a.evidence.yaml', temporary: temporary('a.evidence.yaml'), create: false },
        { file: 'reports/r.md', temporary: `reports/${temporary('r.md')}`, create: true },
      ],
    }),
  );
}

describe('writeTogether', () => {
  it('writes every file and leaves no journal or temporary file', async () => {
    await writeTogether(books, 'ingest --write', [
      { file: path.join(book, 'reports/r.md'), text: 'report\n', before: undefined, create: true },
      { file: path.join(book, 'a.claims.yaml'), text: 'new a\n', before: 'old a\n' },
      { file: path.join(book, 'a.evidence.yaml'), text: 'new b\n', before: 'old b\n' },
    ]);
    expect(fs.readFileSync(path.join(book, 'a.claims.yaml'), 'utf8')).toBe('new a\n');
    expect(fs.readFileSync(path.join(book, 'a.evidence.yaml'), 'utf8')).toBe('new b\n');
    expect(fs.readFileSync(path.join(book, 'reports/r.md'), 'utf8')).toBe('report\n');
    expect(names(book)).toEqual(['a.claims.yaml', 'a.evidence.yaml', 'reports']);
    expect(names(path.join(book, 'reports'))).toEqual(['r.md']);
  });

  it('puts back what it moved when a move fails, and leaves no journal', async () => {
    // The third file's name is a folder: its rename fails after the first two moved.
    fs.mkdirSync(path.join(book, 'b.research.yaml'));
    await expect(
      writeTogether(books, 'a review decision', [
        { file: path.join(book, 'a.claims.yaml'), text: 'new a\n', before: 'old a\n' },
        { file: path.join(book, 'new.yaml'), text: 'new\n', before: undefined },
        { file: path.join(book, 'b.research.yaml'), text: 'new c\n', before: undefined },
      ]),
    ).rejects.toThrow(/cannot replace .*b\.research\.yaml/);
    expect(fs.readFileSync(path.join(book, 'a.claims.yaml'), 'utf8')).toBe('old a\n');
    expect(names(book)).toEqual(['a.claims.yaml', 'a.evidence.yaml', 'b.research.yaml', 'reports']);
  });
});

describe('finishUnfinishedWrite', () => {
  it('moves the rest of a dead writer\'s files into place, says so, and removes the journal and dead writers\' temporary files', () => {
    const pid = deadPid();
    crashed(pid);
    // Another dead writer's leftover, and a live process's file that is not to be touched.
    fs.writeFileSync(path.join(book, `.a.claims.yaml.${pid + 0}.ffffffff.tmp`), 'left\n');
    fs.writeFileSync(path.join(book, `.a.claims.yaml.${process.pid}.eeeeeeee.tmp`), 'mine\n');
    let said = '';
    finishUnfinishedWrite(book, 'content/books/pi', { stderr: (text) => (said += text) });
    expect(fs.readFileSync(path.join(book, 'a.claims.yaml'), 'utf8')).toBe('new a\n');
    expect(fs.readFileSync(path.join(book, 'a.evidence.yaml'), 'utf8')).toBe('new b\n');
    expect(fs.readFileSync(path.join(book, 'reports/r.md'), 'utf8')).toBe('report\n');
    expect(names(book)).toEqual([`.a.claims.yaml.${process.pid}.eeeeeeee.tmp`, 'a.claims.yaml', 'a.evidence.yaml', 'reports']);
    expect(names(path.join(book, 'reports'))).toEqual(['r.md']);
    expect(said).toBe(
      `research-pack: finished a write into content/books/pi that "ingest --write" (pid ${pid}, since 2026-12-07T10:00:00.000Z) left unfinished: moved content/books/pi/a.evidence.yaml, content/books/pi/reports/r.md into place; its other file was in place already. The book is now as that command would have left it.\n` +
        'research-pack: removed 1 temporary file(s) in content/books/pi left by a research-pack that is gone.\n',
    );
  });

  it('is run by whoever takes the book\'s lock', () => {
    crashed(deadPid());
    let said = '';
    lockBook(book, { command: 'ingest --write', shown: 'content/books/pi', io: { stderr: (text) => (said += text) } }).release();
    expect(said).toContain('research-pack: finished a write into content/books/pi');
    expect(fs.readFileSync(path.join(book, 'a.evidence.yaml'), 'utf8')).toBe('new b\n');
    expect(fs.existsSync(path.join(book, '.research-pack.journal'))).toBe(false);
  });

  it.each([
    ['a path out of the book', { file: '../../../outside.txt', temporary: '../../../.outside.txt.1.0123abcd.tmp', create: false }, 'files[0] names a file outside the book folder: "../../../outside.txt"'],
    ['an absolute path', { file: '/etc/passwd', temporary: '/etc/.passwd.1.0123abcd.tmp', create: false }, 'files[0] names a file outside the book folder: "/etc/passwd"'],
    ['another file as its temporary file', { file: 'a.claims.yaml', temporary: 'a.evidence.yaml', create: false }, `files[0] names a temporary file that is not one of "a.claims.yaml"'s: "a.evidence.yaml"`],
  ])('refuses a journal with %s and moves nothing', (_what, entry, reason) => {
    fs.writeFileSync(path.join(book, '.research-pack.journal'), JSON.stringify({ version: 1, pid: deadPid(), host: os.hostname(), command: 'x', started: 'y', files: [entry] }));
    expect(() => finishUnfinishedWrite(book, 'content/books/pi', undefined)).toThrow(
      `content/books/pi/.research-pack.journal is not a write journal research-pack wrote (${reason}); nothing was written. Remove it, then look at the book's files with \`git status\` and \`git diff\``,
    );
    expect(fs.readFileSync(path.join(book, 'a.claims.yaml'), 'utf8')).toBe('old a\n');
    expect(fs.readFileSync(path.join(book, 'a.evidence.yaml'), 'utf8')).toBe('old b\n');
  });

  it('refuses to move a file through a link out of the book', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-outside-'));
    try {
      fs.rmSync(path.join(book, 'reports'), { recursive: true });
      fs.symlinkSync(outside, path.join(book, 'reports'));
      const pid = deadPid();
      fs.writeFileSync(path.join(outside, `.r.md.${pid}.0123abcd.tmp`), 'x\n');
      fs.writeFileSync(path.join(book, '.research-pack.journal'), JSON.stringify({ version: 1, pid, host: os.hostname(), command: 'x', started: 'y', files: [{ file: 'reports/r.md', temporary: `reports/.r.md.${pid}.0123abcd.tmp`, create: true }] }));
      expect(() => finishUnfinishedWrite(book, 'content/books/pi', undefined)).toThrow(/cannot write content\/books\/pi\/reports\/r\.md: its folder is reached through a symbolic link that leads out of content\/books\/pi/);
      expect(fs.existsSync(path.join(outside, 'r.md'))).toBe(false);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
