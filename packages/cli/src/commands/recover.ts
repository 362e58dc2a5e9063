/**
 * `research-pack recover`: finish the writes that commands killed among
 * their moves left half done (`write-together.ts`), book by book, under
 * each book's writer lock.
 */
import fs from 'node:fs';
import path from 'node:path';
import { listBooks } from '@research-pack/core/load';
import { WRITE_JOURNAL_FILE } from '@research-pack/core/internal';
import { expectPositionals } from '../args.js';
import { EXIT } from '../io.js';
import { lockBook } from '../lock.js';
import { projectOptions } from '../project.js';
import type { Command } from './types.js';

/** Finish every unfinished write of the project's books. */
export const recover: Command = async (positionals, values, io) => {
  expectPositionals(positionals, 0, 'no arguments');
  const options = await projectOptions(values, io);
  const content = options.contentDir.split(path.sep).join('/');
  let finished = 0;
  for (const book of listBooks(options.root, { contentDir: options.contentDir }).books) {
    if (!fs.existsSync(path.join(book.dir, WRITE_JOURNAL_FILE))) continue;
    // Taking the lock finishes the write (and says so on the output); a writer at work refuses it.
    using lock = lockBook(book.dir, { command: 'recover', shown: path.posix.join(content, book.slug), io: { stderr: io.stdout } });
    lock.release();
    finished++;
  }
  if (finished === 0) io.stdout(`No unfinished write in ${content}.\n`);
  return EXIT.ok;
};
