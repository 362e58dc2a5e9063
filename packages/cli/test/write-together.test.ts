/**
 * Several files of a book written as one (`writeTogether`), and a write a
 * killed writer left half done finished by the next writer of the book
 * (`finishUnfinishedWrite`, which `lockBook` runs). The crash itself, with
 * the real binary killed at each of its moves, is `test/interrupted-write.test.ts`;
 * here, the states a crash leaves, made by hand, and hostile journals.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockBook } from '../src/lock.js';
import { discardUnfinishedWrite, finishUnfinishedWrite, writeTogether } from '../src/write-together.js';

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

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A journal of this book, as a writer writes it. */
function journal(pid: number, files: ReadonlyArray<{ file: string; temporary: string; create: boolean; before: string | null; after: string }>, started = new Date(Date.now() - 60_000).toISOString()): string {
  return JSON.stringify({ version: 1, pid, host: os.hostname(), command: 'ingest --write', started, files });
}

/** What a writer killed after its journal and its first move leaves: the journal, the first file moved, the others beside their files. */
function crashed(pid: number): void {
  const temporary = (name: string) => `.${name}.${pid}.0123abcd.tmp`;
  fs.writeFileSync(path.join(book, 'a.claims.yaml'), 'new a\n');
  fs.writeFileSync(path.join(book, temporary('a.evidence.yaml')), 'new b\n');
  fs.writeFileSync(path.join(book, 'reports', temporary('r.md')), 'report\n');
  fs.writeFileSync(
    path.join(book, '.research-pack.journal'),
    journal(
      pid,
      [
        { file: 'a.claims.yaml', temporary: temporary('a.claims.yaml'), create: false, before: sha('old a\n'), after: sha('new a\n') },
        { file: 'a.evidence.yaml', temporary: temporary('a.evidence.yaml'), create: false, before: sha('old b\n'), after: sha('new b\n') },
        { file: 'reports/r.md', temporary: `reports/${temporary('r.md')}`, create: true, before: null, after: sha('report\n') },
      ],
      '2026-12-07T10:00:00.000Z',
    ),
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

  it("removes a stale lock takeover's guard a killed process left (an outside re-check's finding), not one being used", () => {
    const guard = path.join(book, '.research-pack.lock.break');
    fs.writeFileSync(guard, '');
    let said = '';
    finishUnfinishedWrite(book, 'content/books/pi', { stderr: (text) => (said += text) });
    expect(fs.existsSync(guard), 'a guard of a moment ago: a takeover at work').toBe(true);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(guard, old, old);
    finishUnfinishedWrite(book, 'content/books/pi', { stderr: (text) => (said += text) });
    expect(fs.existsSync(guard)).toBe(false);
    expect(said).toBe('research-pack: removed 1 temporary file(s) in content/books/pi left by a research-pack that is gone.\n');
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
    // An outside reviewer's journal rewrote a chapter's prose.
    ['a chapter, which research-pack never writes', { file: 'a.mdx', temporary: '.a.mdx.1.0123abcd.tmp', create: false }, 'files[0] names "a.mdx", which research-pack does not write (a chapter\'s sidecar, or a new report copy in a folder of the book)'],
    ['book.yaml', { file: 'book.yaml', temporary: '.book.yaml.1.0123abcd.tmp', create: false }, 'files[0] names "book.yaml", which research-pack does not write (a chapter\'s sidecar, or a new report copy in a folder of the book)'],
  ])('refuses a journal with %s and moves nothing', (_what, entry, reason) => {
    fs.writeFileSync(path.join(book, '.research-pack.journal'), journal(deadPid(), [{ ...entry, before: sha('x'), after: sha('y') }]));
    expect(() => finishUnfinishedWrite(book, 'content/books/pi', undefined)).toThrow(
      `content/books/pi/.research-pack.journal is not a write journal research-pack wrote (${reason}); nothing was written. Remove it, then look at the book's files with \`git status\` and \`git diff\``,
    );
    expect(fs.readFileSync(path.join(book, 'a.claims.yaml'), 'utf8')).toBe('old a\n');
    expect(fs.readFileSync(path.join(book, 'a.evidence.yaml'), 'utf8')).toBe('old b\n');
  });

  it('refuses a journal that is a symbolic link, even to a journal', () => {
    const pid = deadPid();
    crashed(pid);
    fs.renameSync(path.join(book, '.research-pack.journal'), path.join(root, 'elsewhere.json'));
    fs.symlinkSync(path.join(root, 'elsewhere.json'), path.join(book, '.research-pack.journal'));
    expect(() => finishUnfinishedWrite(book, 'content/books/pi', undefined)).toThrow('content/books/pi/.research-pack.journal is not a write journal research-pack wrote (it is a symbolic link)');
    expect(fs.readFileSync(path.join(book, 'a.evidence.yaml'), 'utf8')).toBe('old b\n');
  });

  it.each([
    ['edited after the write stopped', () => fs.writeFileSync(path.join(book, 'a.evidence.yaml'), 'edited by hand\n'), 'content/books/pi/a.evidence.yaml changed after the write stopped'],
    ['put back as it was (a revert of the half write)', () => fs.writeFileSync(path.join(book, 'a.claims.yaml'), 'old a\n'), 'content/books/pi/a.claims.yaml is back as it was before the write (its new version, moved already, is gone)'],
    ['given another new version beside it', () => fs.writeFileSync(path.join(book, `.a.evidence.yaml.${42}.0123abcd.tmp`), 'x'), undefined],
  ])('moves nothing over a file %s (an outside reviewer\'s edit was overwritten), and says what to do', (_what, change, said) => {
    const pid = deadPid();
    crashed(pid);
    if (said === undefined) {
      // The temporary file the journal names, replaced: not the bytes the write made.
      fs.writeFileSync(path.join(book, `.a.evidence.yaml.${pid}.0123abcd.tmp`), 'tampered\n');
    } else {
      change();
    }
    const before = Object.fromEntries(['a.claims.yaml', 'a.evidence.yaml'].map((name) => [name, fs.readFileSync(path.join(book, name), 'utf8')]));
    let message = '';
    try {
      finishUnfinishedWrite(book, 'content/books/pi', undefined);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^cannot finish the write into content\/books\/pi that "ingest --write" \(pid \d+, since 2026-12-07T10:00:00\.000Z\) left unfinished: /);
    expect(message).toContain(said ?? `content/books/pi/a.evidence.yaml has a new version beside it (content/books/pi/.a.evidence.yaml.${pid}.0123abcd.tmp) that is not the one the write made`);
    expect(message).toContain('nothing was moved. Put those files back as the write left them (`git diff` shows what changed) and run `research-pack recover` again, or keep the book as it is now with `research-pack recover --discard`');
    expect(Object.fromEntries(['a.claims.yaml', 'a.evidence.yaml'].map((name) => [name, fs.readFileSync(path.join(book, name), 'utf8')]))).toEqual(before);
    expect(fs.existsSync(path.join(book, 'reports/r.md'))).toBe(false);
    expect(fs.existsSync(path.join(book, '.research-pack.journal'))).toBe(true);
  });

  it('gives a write up with --discard: the journal and the new versions go, the book stays as it is', () => {
    const pid = deadPid();
    crashed(pid);
    fs.writeFileSync(path.join(book, 'a.evidence.yaml'), 'edited by hand\n');
    let said = '';
    expect(discardUnfinishedWrite(book, 'content/books/pi', { stderr: (text) => (said += text) })).toBe(true);
    expect(said).toBe(
      `research-pack: gave up the write into content/books/pi that "ingest --write" (pid ${pid}, since 2026-12-07T10:00:00.000Z) left unfinished: removed its journal and the new versions of content/books/pi/a.evidence.yaml, content/books/pi/reports/r.md it was still to move. The book's files are kept as they are now: content/books/pi/a.claims.yaml holds the write's changes and content/books/pi/a.evidence.yaml, content/books/pi/reports/r.md do not, which \`research-pack check\` may not see as a mistake; to have the book as it was before the write, restore that file (\`git checkout -- <file>\`).\n`,
    );
    expect(names(book)).toEqual(['a.claims.yaml', 'a.evidence.yaml', 'reports']);
    expect(names(path.join(book, 'reports'))).toEqual([]);
    expect(fs.readFileSync(path.join(book, 'a.evidence.yaml'), 'utf8')).toBe('edited by hand\n');
  });

  it('spells out what a journal\'s writer fields hold that could drive a terminal', () => {
    const pid = deadPid();
    crashed(pid);
    const written = JSON.parse(fs.readFileSync(path.join(book, '.research-pack.journal'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(book, '.research-pack.journal'), JSON.stringify({ ...written, command: 'ingest\u001b[2J\nforged line' }));
    let said = '';
    finishUnfinishedWrite(book, 'content/books/pi', { stderr: (text) => (said += text) });
    expect(said).toContain('that "ingest\\u001b[2J\\nforged line" (pid');
    expect(said).not.toMatch(/[\u001b]/);
  });

  it.each([
    // Nothing moved out there, and, given up, nothing removed there.
    ['refuses to move a file', (dir: string) => finishUnfinishedWrite(dir, 'content/books/pi', undefined), (outside: string) => expect(fs.existsSync(path.join(outside, 'r.md'))).toBe(false)],
    ['gives nothing up', (dir: string) => discardUnfinishedWrite(dir, 'content/books/pi', { stderr: () => undefined }), (outside: string, temporary: string) => expect(fs.existsSync(path.join(outside, temporary))).toBe(true)],
  ] as const)('%s through a link out of the book', (_what, act, kept) => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-outside-'));
    try {
      fs.rmSync(path.join(book, 'reports'), { recursive: true });
      fs.symlinkSync(outside, path.join(book, 'reports'));
      const pid = deadPid();
      const temporary = `.r.md.${pid}.0123abcd.tmp`;
      fs.writeFileSync(path.join(outside, temporary), 'x\n');
      fs.writeFileSync(path.join(book, '.research-pack.journal'), journal(pid, [{ file: 'reports/r.md', temporary: `reports/${temporary}`, create: true, before: null, after: sha('x\n') }]));
      expect(() => act(book)).toThrow(/cannot write content\/books\/pi\/reports\/r\.md: its folder is reached through a symbolic link that leads out of content\/books\/pi/);
      kept(outside, temporary);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
