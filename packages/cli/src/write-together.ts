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
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readTextFile } from '@research-pack/core/load';
import { journalWriterAlive, parseWriteJournal, shownName, WRITE_JOURNAL_FILE, type JournalFile, type WriteJournal } from '@research-pack/core/internal';
import { assertWritableInside, commitWrite, discardWrite, prepareWrite, refusalError, systemError, TEMPORARY_NAME, writeAtomic, type PreparedWrite } from './files.js';
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
  const prepared: PreparedWrite[] = [];
  try {
    for (const file of files) prepared.push(await prepareWrite(file.file, file.text, { create: file.create === true, ...(file.shown === undefined ? {} : { shown: file.shown }) }));
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

/**
 * Finish what a writer killed among its moves left in a book: move the new
 * files its journal names that are still beside their targets into place,
 * remove the journal, and remove the temporary files of writers that are
 * gone. Called with the book's writer lock held (`lockBook` does it).
 * @param bookDir the book folder (absolute).
 * @param shown the book folder in messages: `content/books/pi`.
 * @param io where what was done is said.
 */
export function finishUnfinishedWrite(bookDir: string, shown: string, io: Pick<Io, 'stderr'> | undefined): void {
  const journalFile = path.join(bookDir, WRITE_JOURNAL_FILE);
  const journalShown = path.posix.join(shown, WRITE_JOURNAL_FILE);
  const read = readTextFile(journalFile);
  if (read.status === 'refused') throw refusalError(read.refusal, journalShown);
  if (read.status === 'read') {
    const journal = parseWriteJournal(read.text);
    if ('invalid' in journal) {
      throw new CliError(
        `${journalShown} is not a write journal research-pack wrote (${journal.invalid}); nothing was written. Remove it, then look at the book's files with \`git status\` and \`git diff\``,
        EXIT.problems,
      );
    }
    const moved = journal.files.filter((entry) => moveIntoPlace(bookDir, shown, entry));
    removeJournal(journalFile);
    const names = (entries: readonly JournalFile[]) => entries.map((entry) => shownName(path.posix.join(shown, entry.file))).join(', ');
    const rest = journal.files.length - moved.length;
    io?.stderr(
      `research-pack: finished a write into ${shown} that "${journal.command}" (pid ${journal.pid}, since ${journal.started}) left unfinished: ` +
        (moved.length === 0
          ? journal.files.length === 1
            ? 'its one file was in place already'
            : `all ${journal.files.length} of its files were in place already`
          : `moved ${names(moved)} into place${rest === 0 ? '' : rest === 1 ? `; its other file was in place already` : `; its other ${rest} files were in place already`}`) +
        '. The book is now as that command would have left it.\n',
    );
  }
  const left = removeLeftTemporaries(bookDir);
  if (left > 0) io?.stderr(`research-pack: removed ${left} temporary file(s) in ${shown} left by a research-pack that is gone.\n`);
}

/** The prepared writes by book folder, in their order. */
function byBook(booksDir: string, writes: readonly PreparedWrite[]): Map<string, PreparedWrite[]> {
  const books = new Map<string, PreparedWrite[]>();
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
function writeJournal(bookDir: string, command: string, writes: readonly PreparedWrite[]): string {
  const journal: WriteJournal = {
    version: 1,
    pid: process.pid,
    host: os.hostname(),
    command,
    started: new Date().toISOString(),
    files: writes.map((write) => ({ file: posix(path.relative(bookDir, write.file)), temporary: posix(path.relative(bookDir, write.temporary)), create: write.create })),
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

/** Move one file a journal names into place; false when it was there already (its temporary file is gone). */
function moveIntoPlace(bookDir: string, shown: string, entry: JournalFile): boolean {
  const file = path.join(bookDir, ...entry.file.split('/'));
  const temporary = path.join(bookDir, ...entry.temporary.split('/'));
  const fileShown = shownName(path.posix.join(shown, entry.file));
  // Its folder stays in the book: a link on its way that leads out is refused, as for any write.
  assertWritableInside(file, bookDir, fileShown, shown);
  let found: fs.Stats;
  try {
    found = fs.lstatSync(temporary);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw systemError(error, 'read', fileShown);
  }
  if (!found.isFile()) throw new CliError(`cannot finish the write into ${shown}: ${shownName(path.posix.join(shown, entry.temporary))} is not a regular file; nothing was moved; remove it and ${WRITE_JOURNAL_FILE}, then look at the book's files with \`git diff\``, EXIT.problems);
  try {
    if (entry.create) {
      // Linked in, and killed before its temporary name was removed: it is in place.
      if (!fs.existsSync(file)) fs.linkSync(temporary, file);
      fs.rmSync(temporary, { force: true });
    } else {
      fs.renameSync(temporary, file);
    }
  } catch (error) {
    throw systemError(error, entry.create ? 'create' : 'replace', fileShown);
  }
  return true;
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
      if (pid === undefined || journalWriterAlive({ pid: Number(pid), host: os.hostname() })) continue;
      fs.rmSync(path.join(dir, entry.name), { force: true });
      removed++;
    }
  };
  walk(bookDir, 0);
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
