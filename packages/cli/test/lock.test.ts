/**
 * The writer lock: taken atomically, refused with who holds it, released
 * only by its holder, a stale lock (its process gone) taken over once.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockBook, lockChapterBook } from '../src/lock.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-lock-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A pid that no process has: one of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const options = { command: 'ingest --write', shown: 'content/books/pi' };

describe('lockBook', () => {
  it('creates the lock with its holder, and removes it on release', () => {
    const lock = lockBook(dir, options);
    const holder = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as Record<string, unknown>;
    expect(holder).toMatchObject({ pid: process.pid, host: os.hostname(), command: 'ingest --write' });
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('is released at the end of a `using` block, even when it throws', () => {
    expect(() => {
      using lock = lockBook(dir, options);
      expect(fs.existsSync(lock.file)).toBe(true);
      throw new Error('boom');
    }).toThrow('boom');
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a second writer while the lock is held, naming the holder', () => {
    // A live holder of another process: this test runner's parent.
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${JSON.stringify({ pid: process.ppid, host: os.hostname(), command: 'sources refresh', started: '2026-11-30T10:00:00.000Z' })}\n`);
    expect(() => lockBook(dir, options)).toThrow(
      `content/books/pi is locked: another research-pack (pid ${process.ppid}, "sources refresh", since 2026-11-30T10:00:00.000Z) is writing into it; nothing was written. Run the command again when it is done (if no research-pack is running, remove content/books/pi/.research-pack.lock)`,
    );
  });

  it('takes over a lock whose process is gone, and says so', () => {
    const pid = deadPid();
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${JSON.stringify({ pid, host: os.hostname(), command: 'ingest --write', started: '2026-11-30T10:00:00.000Z' })}\n`);
    let note = '';
    const lock = lockBook(dir, { ...options, io: { stderr: (text) => (note += text) } });
    expect(note).toBe(
      `research-pack: took over a stale lock of content/books/pi (pid ${pid}, "ingest --write", since 2026-11-30T10:00:00.000Z: that process is gone).\n`,
    );
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('treats a lock of another host as held, and an empty one as being written until it is old', () => {
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${JSON.stringify({ pid: 1, host: 'elsewhere.example', command: 'ingest --write', started: '2026-11-30T10:00:00.000Z' })}\n`);
    expect(() => lockBook(dir, options)).toThrow('another research-pack (pid 1 on elsewhere.example, "ingest --write"');
    fs.writeFileSync(path.join(dir, LOCK_FILE), '');
    expect(() => lockBook(dir, options)).toThrow('content/books/pi is locked: another research-pack (its lock file names no holder: one starting just now, or a file left empty by a crash) is writing into it');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dir, LOCK_FILE), old, old);
    let note = '';
    lockBook(dir, { ...options, io: { stderr: (text) => (note += text) } }).release();
    expect(note).toBe('research-pack: removed an unreadable lock of content/books/pi left behind by a crash.\n');
  });

  it('does not remove a lock that another process took over', () => {
    const lock = lockBook(dir, options);
    fs.writeFileSync(lock.file, '{"pid":1,"host":"x","command":"y","started":"z"}\n');
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(true);
  });

  it('says why a folder cannot hold a lock', () => {
    expect(() => lockBook(path.join(dir, 'missing'), options)).toThrow(
      'cannot lock content/books/pi for writing: cannot create content/books/pi/.research-pack.lock: no such file or folder (ENOENT); check the file and its folder, then run again; nothing was written',
    );
  });
});

describe('lockChapterBook', () => {
  it('locks the book a <book>/<chapter> names, and nothing for a book that is not there', () => {
    fs.mkdirSync(path.join(dir, 'content/books/pi'), { recursive: true });
    const lock = lockChapterBook(dir, 'content/books', 'pi/27-chapter', { command: 'ingest --write' });
    expect(lock?.file).toBe(path.join(dir, 'content/books/pi', LOCK_FILE));
    lock?.release();
    expect(lockChapterBook(dir, 'content/books', 'nope/27-chapter', { command: 'ingest --write' })).toBeUndefined();
    expect(lockChapterBook(dir, 'content/books', '../27-chapter', { command: 'ingest --write' })).toBeUndefined();
  });
});
