/**
 * `research-pack recover [--discard]`: after a research-pack was killed,
 * finish (or, with `--discard`, give up) the writes it left half done
 * (`write-together.ts`), and take over its stale lock and remove its
 * temporary files, book by book, under each book's writer lock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listBooks } from '@research-pack/core/load';
import { processAlive, TEMPORARY_NAME, WRITE_JOURNAL_FILE } from '@research-pack/core/internal';
import { expectPositionals } from '../args.js';
import { removeLeftCopies } from '../files.js';
import { EXIT } from '../io.js';
import { LOCK_FILE, lockBook } from '../lock.js';
import { projectOptions } from '../project.js';
import { discardUnfinishedWrite } from '../write-together.js';
import type { Command } from './types.js';

/** Finish or give up every unfinished write of the project's books. */
export const recover: Command = async (positionals, values, io) => {
  expectPositionals(positionals, 0, 'no arguments');
  const discard = values.discard === true;
  const options = await projectOptions(values, io);
  const content = options.contentDir.split(path.sep).join('/');
  let done = 0;
  for (const book of listBooks(options.root, { contentDir: options.contentDir }).books) {
    // A journal of any kind, a link included: taking the lock reads it, and refuses one it cannot use.
    if (!isPresent(path.join(book.dir, WRITE_JOURNAL_FILE)) && !leftBehind(book.dir)) continue;
    const shown = path.posix.join(content, book.slug);
    // Taking the lock takes over a stale one, finishes the write (unless it is to be given up) and removes the
    // temporary files of writers that are gone, saying each on the output; a writer at work refuses it.
    using lock = lockBook(book.dir, { command: discard ? 'recover --discard' : 'recover', shown, io: { stderr: io.stdout }, finish: !discard });
    if (discard) discardUnfinishedWrite(book.dir, shown, { stderr: io.stdout });
    lock.release();
    done++;
  }
  // The copies of books a command killed while it checked its would-be files left in the system's temporary folder.
  const copies = await removeLeftCopies((pid) => processAlive(pid, os.hostname()));
  if (copies > 0) io.stdout(`research-pack: removed ${copies} copy(ies) of books in ${os.tmpdir()} left by a research-pack that is gone.\n`);
  if (done === 0 && copies === 0) io.stdout(`No unfinished write in ${content}, and nothing left behind.\n`);
  return EXIT.ok;
};

/** Whether a book folder holds a lock or temporary files of a research-pack that is gone (its top level, where writers leave them). */
function leftBehind(dir: string): boolean {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return false;
  }
  return names.some((name) => {
    if (name === LOCK_FILE) return true;
    // A takeover killed between its guard and the lock's removal leaves the guard; the lock code removes one older than 10 s.
    if (name === `${LOCK_FILE}.break`) return true;
    const pid = TEMPORARY_NAME.exec(name)?.[2];
    return pid !== undefined && !processAlive(Number(pid), os.hostname());
  });
}

/** Whether a name is taken in its folder, by anything (a link to nothing too). */
function isPresent(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
