/**
 * Several files of a book written as one: all of them or, after a crash,
 * none or all once the next writer has come. Each new file is written
 * whole beside its target (`prepareWrite`); then the book's write journal
 * (`<book>/.research-pack.journal`, core's `WRITE_JOURNAL_FILE`) names
 * them, flushed to disk; then each is moved into place; then the journal
 * is removed. A process killed among the moves (an outside reviewer killed
 * `ingest --write` at each of its renames) leaves the journal: `check` and
 * a build report the book (`book/unfinished-write`), and whoever takes the
 * book's writer lock next (any writing command, or `research-pack recover`)
 * moves the rest into place first (`finishUnfinishedWrite`), so that the
 * book is as the command would have left it. A failure of the system among
 * the moves (not a crash) puts back what was already moved, as before.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readTextFile } from '@research-pack/core/load';
import { parseWriteJournal, processAlive, shownName, TEMPORARY_NAME, WRITE_JOURNAL_FILE, type JournalFile, type WriteJournal } from '@research-pack/core/internal';
import { quote } from '@research-pack/core/problems';
import { assertWritableInside, commitWrite, discardWrite, prepareWrite, systemError, writeAtomic, type PreparedWrite } from './files.js';
import { CliError, EXIT, type Io } from './io.js';

/** One file of a write together. */
export interface TogetherFile {
  /** Absolute path, inside a book folder. */
  file: string;
  text: string;
  /** Its text before, to put back on a failure; undefined for a file that did not exist. */
  before: string | undefined;
  /** Create it: never replace a file of that name (a report copy). */
  create?: boolean;
  /** The path in messages. */
  shown?: string;
}

/**
 * Write files of one or more books as one (see the module's comment). The
 * caller holds the writer lock of every book the files are in.
 * @param booksDir the folder of the books (absolute): a file's book is its first folder under it.
 * @param command the command, as the journal names it (`ingest --write`).
 * @param files the files, in the order they are to be moved into place.
 */
export async function writeTogether(booksDir: string, command: string, files: readonly TogetherFile[]): Promise<void> {
  const prepared: HashedWrite[] = [];
  try {
    for (const file of files) {
      const write = await prepareWrite(file.file, file.text, { create: file.create === true, ...(file.shown === undefined ? {} : { shown: file.shown }) });
      // Only a regular file has bytes to keep: where something else is in the way, the move fails and nothing is kept.
      prepared.push({ ...write, before: lstatOf(file.file)?.isFile() ? hashOf(file.file, write.shown) : null, after: sha256(Buffer.from(file.text, 'utf8')) });
    }
  } catch (error) {
    for (const write of prepared) discardWrite(write);
    throw error;
  }
  const journals: string[] = [];
  const done: number[] = [];
  try {
    for (const [bookDir, writes] of byBook(booksDir, prepared)) journals.push(writeJournal(bookDir, command, writes));
    for (const [index, write] of prepared.entries()) {
      commitWrite(write);
      done.push(index);
    }
    // The moves reach the disk before the journal leaves it.
    for (const folder of new Set(prepared.map((write) => path.dirname(write.file)))) syncFolder(folder);
  } catch (error) {
    for (const [index, write] of prepared.entries()) if (!done.includes(index)) discardWrite(write);
    // Put back what was already moved (a failure of the system, not a crash: this process is still here to do it).
    for (const index of done.reverse()) {
      const { file, before } = files[index]!;
      if (before === undefined) fs.rmSync(file, { force: true });
      else await writeAtomic(file, before);
    }
    for (const journal of journals) fs.rmSync(journal, { force: true });
    throw error;
  }
  for (const journal of journals) removeJournal(journal);
}

/** A prepared write with the sha256 of the file's bytes before it (null: no file) and of its new bytes, as its journal records them. */
type HashedWrite = PreparedWrite & { before: string | null; after: string };

/** What a journal's file is found to be in a book: still to move, moved, or changed since the write stopped. */
type EntryState = { entry: JournalFile; state: 'to-move' | 'moved' } | ChangedEntry;
type ChangedEntry = { entry: JournalFile; state: 'changed'; why: string };

/**
 * Finish what a writer killed among its moves left in a book: move the new
 * files its journal names that are still beside their targets into place,
 * remove the journal, and remove the temporary files of writers that are
 * gone. Each file must still be as the journal says: not yet moved (the
 * file as it was before, its new bytes beside it) or moved (the file as the
 * write made it); a file changed since (an edit, a revert) stops it, with
 * nothing moved, so that no later edit is overwritten. Called with the
 * book's writer lock held (`lockBook` does it).
 * @param bookDir the book folder (absolute).
 * @param shown the book folder in messages: `content/books/pi`.
 * @param io where what was done is said.
 */
export function finishUnfinishedWrite(bookDir: string, shown: string, io: Pick<Io, 'stderr'> | undefined): void {
  const journal = readJournal(bookDir, shown);
  if (journal) {
    const states = journal.files.map((entry) => entryState(bookDir, shown, entry));
    const changed = states.filter((state): state is ChangedEntry => state.state === 'changed');
    const names = (entries: readonly EntryState[]) => entries.map(({ entry }) => shownName(path.posix.join(shown, entry.file))).join(', ');
    if (changed.length > 0) {
      throw new CliError(
        `cannot finish the write into ${shown} that ${writer(journal)} left unfinished: ${changed.map((state) => `${shownName(path.posix.join(shown, state.entry.file))} ${state.why}`).join('; ')}; ` +
          'finishing it would overwrite that, so nothing was moved. Put those files back as the write left them (`git diff` shows what changed) and run `research-pack recover` again, ' +
          "or keep the book as it is now with `research-pack recover --discard`, which names the files that hold the write's changes",
        EXIT.problems,
      );
    }
    const toMove = states.filter((state) => state.state === 'to-move');
    for (const { entry } of toMove) {
      commitWrite({ file: path.join(bookDir, ...entry.file.split('/')), temporary: path.join(bookDir, ...entry.temporary.split('/')), shown: shownName(path.posix.join(shown, entry.file)), create: entry.create });
    }
    for (const folder of new Set(toMove.map(({ entry }) => path.dirname(path.join(bookDir, entry.file))))) syncFolder(folder);
    removeJournal(path.join(bookDir, WRITE_JOURNAL_FILE));
    const rest = journal.files.length - toMove.length;
    io?.stderr(
      `research-pack: finished a write into ${shown} that ${writer(journal)} left unfinished: ` +
        (toMove.length === 0
          ? journal.files.length === 1
            ? 'its one file was in place already'
            : `all ${journal.files.length} of its files were in place already`
          : `moved ${names(toMove)} into place${rest === 0 ? '' : rest === 1 ? '; its other file was in place already' : `; its other ${rest} files were in place already`}`) +
        '. The book is now as that command would have left it.\n',
    );
  }
  const left = removeLeftTemporaries(bookDir);
  if (left > 0) io?.stderr(`research-pack: removed ${left} temporary file(s) in ${shown} left by a research-pack that is gone.\n`);
}

/**
 * Give up a write a killed writer left unfinished: remove its journal and
 * the new files it was still to move, and keep the book's files as they
 * are now, saying which of them hold the write's changes (moved before it
 * stopped) and which do not: the book may then be half changed, which no
 * check can always tell, so the author is told what to restore. Called with
 * the book's writer lock held.
 * @param bookDir the book folder (absolute).
 * @param shown the book folder in messages.
 * @param io where what was done is said.
 * @returns whether there was a write to give up.
 */
export function discardUnfinishedWrite(bookDir: string, shown: string, io: Pick<Io, 'stderr'>): boolean {
  const journal = readJournal(bookDir, shown);
  if (!journal) return false;
  const name = (entry: JournalFile) => shownName(path.posix.join(shown, entry.file));
  const states = journal.files.map((entry) => {
    const file = path.join(bookDir, ...entry.file.split('/'));
    // Nothing is removed through a link that leads out of the book (an outside reviewer's finding).
    assertWritableInside(file, bookDir, name(entry), shown);
    const temporary = path.join(bookDir, ...entry.temporary.split('/'));
    return { entry, staged: lstatOf(temporary)?.isFile() === true, temporary, now: hashOf(file, name(entry)) };
  });
  for (const state of states) if (state.staged) fs.rmSync(state.temporary, { force: true });
  removeJournal(path.join(bookDir, WRITE_JOURNAL_FILE));
  const moved = states.filter((state) => !state.staged && state.now === state.entry.after).map((state) => name(state.entry));
  const notMoved = states.filter((state) => state.staged).map((state) => name(state.entry));
  io.stderr(
    `research-pack: gave up the write into ${shown} that ${writer(journal)} left unfinished: removed its journal` +
      (notMoved.length === 0 ? '' : ` and the new ${notMoved.length === 1 ? 'version' : 'versions'} of ${notMoved.join(', ')} it was still to move`) +
      ". The book's files are kept as they are now" +
      (moved.length === 0
        ? '.\n'
        : `: ${moved.join(', ')} ${moved.length === 1 ? 'holds' : 'hold'} the write's changes and ${notMoved.length === 0 ? 'its other files' : notMoved.join(', ')} ${notMoved.length === 1 ? 'does' : 'do'} not, which \`research-pack check\` may not see as a mistake; to have the book as it was before the write, restore ${moved.length === 1 ? 'that file' : 'those files'} (\`git checkout -- <file>\`).\n`),
  );
  return true;
}

/** The writer a journal names, for messages: `"ingest --write" (pid 123, since …)`, its words spelled out where they could drive a terminal. */
function writer(journal: WriteJournal): string {
  return `${quote(journal.command, 80)} (pid ${journal.pid}, since ${shownName(journal.started)})`;
}

/** A book's journal, read under the file policy inside the book folder; undefined when there is none, an error when it cannot be used. */
function readJournal(bookDir: string, shown: string): WriteJournal | undefined {
  const file = path.join(bookDir, WRITE_JOURNAL_FILE);
  const fileShown = path.posix.join(shown, WRITE_JOURNAL_FILE);
  const found = lstatOf(file);
  if (!found) return undefined;
  const notOurs = (why: string) =>
    new CliError(`${fileShown} is not a write journal research-pack wrote (${why}); nothing was written. Remove it, then look at the book's files with \`git status\` and \`git diff\``, EXIT.problems);
  if (!found.isFile()) throw notOurs(found.isSymbolicLink() ? 'it is a symbolic link' : found.isDirectory() ? 'it is a folder' : 'it is not a regular file');
  if (found.size > 1024 * 1024) throw notOurs(`it is ${found.size} bytes long`);
  const read = readTextFile(file, { root: bookDir });
  if (read.status === 'absent') return undefined;
  if (read.status === 'refused') throw notOurs(read.refusal.message.replace(/^is /, 'it is '));
  const journal = parseWriteJournal(read.text);
  if ('invalid' in journal) throw notOurs(journal.invalid);
  return journal;
}

/** Where one file of a journal stands. */
function entryState(bookDir: string, shown: string, entry: JournalFile): EntryState {
  const file = path.join(bookDir, ...entry.file.split('/'));
  const temporary = path.join(bookDir, ...entry.temporary.split('/'));
  const fileShown = shownName(path.posix.join(shown, entry.file));
  // Its folder stays in the book: a link on its way that leads out is refused, as for any write.
  assertWritableInside(file, bookDir, fileShown, shown);
  const now = hashOf(file, fileShown);
  const staged = lstatOf(temporary);
  if (staged === undefined) {
    if (now === entry.after) return { entry, state: 'moved' };
    return { entry, state: 'changed', why: now === entry.before ? 'is back as it was before the write (its new version, moved already, is gone)' : 'changed after the write stopped' };
  }
  if (!staged.isFile() || staged.nlink !== 1 || hashOf(temporary, fileShown) !== entry.after) {
    return { entry, state: 'changed', why: `has a new version beside it (${shownName(path.posix.join(shown, entry.temporary))}) that is not the one the write made` };
  }
  if (now === entry.before) return { entry, state: 'to-move' };
  if (now === entry.after) return { entry, state: 'moved' };
  return { entry, state: 'changed', why: 'changed after the write stopped' };
}

/** The prepared writes by book folder, in their order. */
function byBook(booksDir: string, writes: readonly HashedWrite[]): Map<string, HashedWrite[]> {
  const books = new Map<string, HashedWrite[]>();
  for (const write of writes) {
    const relative = path.relative(booksDir, write.file);
    const book = relative.split(path.sep)[0];
    if (book === undefined || book === '..' || path.isAbsolute(relative) || relative === book) throw new Error(`not a file of a book: ${write.file}`);
    const dir = path.join(booksDir, book);
    books.set(dir, [...(books.get(dir) ?? []), write]);
  }
  return books;
}

/** Write a book's journal whole (a temporary file, flushed, renamed), and flush its folder, before the first move. */
function writeJournal(bookDir: string, command: string, writes: readonly HashedWrite[]): string {
  const journal: WriteJournal = {
    version: 1,
    pid: process.pid,
    host: os.hostname(),
    command,
    started: new Date().toISOString(),
    files: writes.map((write) => ({
      file: posix(path.relative(bookDir, write.file)),
      temporary: posix(path.relative(bookDir, write.temporary)),
      create: write.create,
      before: write.before,
      after: write.after,
    })),
  };
  const file = path.join(bookDir, WRITE_JOURNAL_FILE);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = fs.openSync(temporary, 'w', 0o644);
    try {
      fs.writeFileSync(fd, `${JSON.stringify(journal, null, 2)}\n`, 'utf8');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw systemError(error, 'create', WRITE_JOURNAL_FILE);
  }
  syncFolder(bookDir);
  return file;
}

/** The sha256 of a file's bytes; null when there is none. */
function hashOf(file: string, shown: string): string | null {
  try {
    return sha256(fs.readFileSync(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw systemError(error, 'read', shown);
  }
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function lstatOf(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}

/** Remove the journal and flush its folder, so that no crash after it brings it back. */
function removeJournal(file: string): void {
  fs.rmSync(file, { force: true });
  syncFolder(path.dirname(file));
}

/** Remove the temporary files (`.<name>.<pid>.<8 hex>.tmp`) whose writer is gone, in a book folder and its folders (not through links). */
function removeLeftTemporaries(bookDir: string): number {
  let removed = 0;
  const walk = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && depth < 8 && entry.name !== 'node_modules') walk(path.join(dir, entry.name), depth + 1);
      if (!entry.isFile()) continue;
      const pid = TEMPORARY_NAME.exec(entry.name)?.[2];
      if (pid === undefined || processAlive(Number(pid), os.hostname())) continue;
      fs.rmSync(path.join(dir, entry.name), { force: true });
      removed++;
    }
  };
  walk(bookDir, 0);
  // The guard of a stale lock's takeover, left by a process killed during it (the lock code removes one older than 10 s).
  const guard = path.join(bookDir, '.research-pack.lock.break');
  const found = lstatOf(guard);
  if (found?.isFile() && Date.now() - found.mtimeMs > 10_000) {
    fs.rmSync(guard, { force: true });
    removed++;
  }
  return removed;
}

/** Flush a folder's entries to disk (where the system lets a folder be opened). */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Not on this system: the renames are still in order.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function posix(value: string): string {
  return value.split(path.sep).join('/');
}
