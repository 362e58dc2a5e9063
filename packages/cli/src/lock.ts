/**
 * The writer lock: one per book, `<book>/.research-pack.lock`, taken by
 * every command that writes into a book (`ingest --write`, `sources
 * refresh`) from before it reads what it will change until its last write.
 * Two writers that would both read the same sidecars and each write its own
 * version cannot overlap: the second is refused at once, with who holds the
 * lock. The file is created atomically (linked in whole, or `O_EXCL`) and holds the holder's pid,
 * host, command and start; a lock whose process is gone (a crash, a kill) is
 * stale and is taken over, by one process only (a second exclusive file
 * guards the takeover). Whoever takes the lock first finishes a write that
 * a killed writer left half done (`finishUnfinishedWrite`). A dot name: the
 * book loader never reads it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemAdvice, systemErrorCode, systemReason } from '@research-pack/core/load';
import { shownName } from '@research-pack/core/internal';
import { quote } from '@research-pack/core/problems';
import { CliError, EXIT, type Io } from './io.js';
import { finishUnfinishedWrite } from './write-together.js';

/** The lock's file name in a book folder. */
export const LOCK_FILE = '.research-pack.lock';

/** Who holds a lock, as written in its file. */
export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  /** When it was taken, ISO 8601. */
  started: string;
}

/** A lock this process holds; `using lock = lockBook(...)` releases it at the end of the block. */
export interface WriterLock extends Disposable {
  /** The lock file. */
  readonly file: string;
  /** Remove the lock (only if it is still this process's). */
  release(): void;
}

/** Options of `lockBook`. */
export interface LockOptions {
  /** The command taking it, as the refusal names it: `ingest --write`. */
  command: string;
  /** The book folder as messages show it: `content/books/pi`. */
  shown: string;
  /** Where a note about a stale lock taken over goes. */
  io?: Pick<Io, 'stderr'>;
  /** Finish a write a killed writer left (default true; `recover --discard` gives it up instead). */
  finish?: boolean;
}

/**
 * Take a book's writer lock, or refuse.
 * @param bookDir the book folder (absolute).
 * @param options the command, how to show the folder, where notes go.
 * @returns the lock; throws (exit 1) when another process holds it or the folder cannot hold a lock.
 */
export function lockBook(bookDir: string, options: LockOptions): WriterLock {
  const file = path.join(bookDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: os.hostname(), command: options.command, started: new Date().toISOString() };
  const text = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, text, options)) {
      const lock = held(file, text);
      try {
        // What a writer killed among its moves left half done is finished before anything is read.
        if (options.finish !== false) finishUnfinishedWrite(bookDir, options.shown, options.io);
      } catch (error) {
        lock.release();
        throw error;
      }
      return lock;
    }
    const holder = readHolder(file);
    if (holder === 'gone') continue;
    if (holder === undefined) {
      // Being written by its holder, or left empty by a crash right after it was created.
      if (!isOld(file) || !takeOver(file, (now) => now === undefined)) throw busy(options, undefined);
      options.io?.stderr(`research-pack: removed an unreadable lock of ${options.shown} left behind by a crash.\n`);
      continue;
    }
    if (isAlive(holder)) throw busy(options, holder);
    const same = (now: LockHolder | undefined) => now !== undefined && now.pid === holder.pid && now.started === holder.started && now.host === holder.host;
    // A writer killed among its moves left its journal, which the next round finishes once the lock is this process's.
    if (takeOver(file, same)) {
      options.io?.stderr(`research-pack: took over a stale lock of ${options.shown} (pid ${holder.pid}, ${quote(holder.command, 80)}, since ${shownName(holder.started)}: that process is gone).\n`);
    }
  }
  throw busy(options, undefined);
}

/**
 * The lock of the book a `<book>/<chapter>` names, when that book folder exists.
 * @param root the project root.
 * @param contentDir the books folder, relative to the root.
 * @param spec what the user typed, e.g. `pi/27-chapter`.
 * @param options the command and where notes go.
 * @returns the lock; undefined when the spec names no book folder (the command then says so).
 */
export function lockChapterBook(root: string, contentDir: string, spec: string, options: Omit<LockOptions, 'shown'>): WriterLock | undefined {
  const book = /^([^/]+)\/[^/]+\/?$/.exec(spec)?.[1];
  if (book === undefined || book === '.' || book === '..') return undefined;
  const dir = path.join(root, contentDir, book);
  if (!isFolder(dir)) return undefined;
  return lockBook(dir, { ...options, shown: path.posix.join(contentDir.split(path.sep).join('/'), book) });
}

/**
 * Create the lock file with its holder, atomically; false when it exists.
 * The holder is written to a temporary file first and linked in as the
 * lock, so that no other process ever sees a lock without its holder (a
 * file system without hard links gets an exclusive create, then the write).
 */
function create(file: string, text: string, options: LockOptions): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temporary, text, { flag: 'wx', mode: 0o644 });
    try {
      fs.linkSync(temporary, file);
      return true;
    } catch (error) {
      const code = systemErrorCode(error);
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw error;
    }
    const fd = fs.openSync(file, 'wx', 0o644);
    try {
      fs.writeFileSync(fd, text, 'utf8');
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch (error) {
    if (systemErrorCode(error) === 'EEXIST') return false;
    throw new CliError(
      `cannot lock ${options.shown} for writing: cannot create ${path.posix.join(options.shown, LOCK_FILE)}: ${systemReason(error)}; ${systemAdvice(error, 'lock', options.shown)}; nothing was written`,
      EXIT.problems,
    );
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** The lock held by this process. */
function held(file: string, text: string): WriterLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      // A lock taken over after this process was thought gone is not this process's to remove.
      if (fs.readFileSync(file, 'utf8') === text) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  return { file, release, [Symbol.dispose]: release };
}

/** The holder written in a lock file: undefined while it is being written (or unreadable), `gone` when the file went away. */
function readHolder(file: string): LockHolder | 'gone' | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return systemErrorCode(error) === 'ENOENT' ? 'gone' : undefined;
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.command === 'string' && typeof value.started === 'string') return value as LockHolder;
  } catch {
    // Being written: its holder has just created it.
  }
  return undefined;
}

/** Whether the process holding a lock still runs; a lock of another host is taken to be live. */
function isAlive(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return systemErrorCode(error) !== 'ESRCH';
  }
}

/**
 * Remove a stale lock, by one process only: whoever creates the `.break`
 * file checks that the lock is still the stale one, removes it, and
 * removes the `.break` file. The others find the lock gone or taken again.
 */
function takeOver(file: string, stillStale: (holder: LockHolder | undefined) => boolean): boolean {
  const breaker = `${file}.break`;
  let fd: number;
  try {
    fd = fs.openSync(breaker, 'wx');
  } catch (error) {
    if (systemErrorCode(error) !== 'EEXIST') return false;
    // A takeover that crashed leaves its guard: one older than a few seconds is stale too.
    try {
      if (Date.now() - fs.statSync(breaker).mtimeMs > 10_000) fs.rmSync(breaker, { force: true });
    } catch {
      // Gone meanwhile.
    }
    return false;
  }
  fs.closeSync(fd);
  try {
    const now = readHolder(file);
    if (now !== 'gone' && stillStale(now)) {
      fs.rmSync(file, { force: true });
      return true;
    }
    return false;
  } finally {
    fs.rmSync(breaker, { force: true });
  }
}

/** The refusal while another process holds the lock. */
function busy(options: LockOptions, holder: LockHolder | undefined): CliError {
  const who = holder
    ? `another research-pack (pid ${holder.pid}${holder.host === os.hostname() ? '' : ` on ${shownName(holder.host)}`}, ${quote(holder.command, 80)}, since ${shownName(holder.started)})`
    : 'another research-pack (its lock file names no holder: one starting just now, or a file left empty by a crash)';
  return new CliError(
    `${options.shown} is locked: ${who} is writing into it; nothing was written. Run the command again when it is done` +
      ` (if no research-pack is running, remove ${path.posix.join(options.shown, LOCK_FILE)})`,
    EXIT.problems,
  );
}

/** Whether a file was last changed more than ten seconds ago. */
function isOld(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs > 10_000;
  } catch {
    return false;
  }
}

function isFolder(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
