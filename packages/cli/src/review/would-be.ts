/**
 * The decisions' edits, checked and written: the would-be sidecars are put
 * into a temporary copy of their books and checked with everything
 * `research-pack check` runs; only then is each file replaced, atomically,
 * and a failed write puts back what was already replaced.
 */
import path from 'node:path';
import type { Problem } from '@research-pack/core/problems';
import { buildModel, type BuildModelResult } from '@research-pack/core/model';
import type { PlannedFile } from '@research-pack/core/ingest';
import { copyBook, makeCopyFolder, readOptional, removeTemporary, writeAtomic } from '../files.js';
import { CliError, EXIT, type Io } from '../io.js';
import { lockBook, type WriterLock } from '../lock.js';
import { writeTogether } from '../write-together.js';
import { chapterParser, type ProjectOptions } from '../project.js';

/**
 * The problems the project would have with these files.
 * @param options the project.
 * @param files the would-be sidecars, paths relative to the root.
 * @returns every problem of the books the files are in, named as in the project (but a chapter's errors there were before, in a chapter the files leave alone: `ownProblems`).
 */
export async function checkWouldBe(options: ProjectOptions, files: readonly PlannedFile[]): Promise<Problem[]> {
  const temporary = makeCopyFolder('review');
  const content = posix(options.contentDir);
  try {
    // The books of the files, under the same folder names as in the project: every path in a problem reads as there.
    const books = [...new Set(files.map((file) => path.posix.relative(content, file.file).split('/')[0]!))];
    for (const book of books) await copyBook(path.join(options.root, options.contentDir, book), path.join(temporary, options.contentDir, book), options.root);
    for (const file of files) await writeAtomic(path.join(temporary, file.file), file.after);
    const result = buildModel({ rootDir: temporary, contentDir: options.contentDir, frontmatter: options.config.frontmatter, parse: chapterParser, today: options.asOf });
    return ownProblems(result, files.map((file) => file.file));
  } finally {
    await removeTemporary(temporary);
  }
}

/**
 * The problems of would-be books that are the edit's: all of them, but the
 * errors of a chapter set aside (`BuildModelResult.partial`) none of whose
 * files the edit writes. A chapter's own errors come from its own files
 * alone, so those were there before the edit, and are said where the model
 * was loaded; they stop a build, not an edit of another chapter.
 * @param result the would-be books' check.
 * @param written the files the edit writes, relative to the root, with `/`.
 * @returns the problems.
 */
export function ownProblems(result: BuildModelResult, written: readonly string[]): Problem[] {
  const untouched = (result.partial?.setAside ?? []).filter((aside) => !aside.files.some((file) => written.includes(file)));
  if (untouched.length === 0) return result.problems;
  const theirs = new Set(untouched.flatMap((aside) => aside.errors));
  const files = new Set(untouched.flatMap((aside) => aside.files));
  return result.problems.filter((problem) => !theirs.has(problem) && !(problem.severity === 'error' && problem.rule.startsWith('cross/') && files.has(problem.file)));
}

/**
 * Write the files as one (`writeTogether`): each whole beside its file,
 * then moved into place; a failure puts back what was already moved, and a
 * crash among the moves is finished by the next writer of the book.
 * @param options the project.
 * @param files the new sidecars.
 * @param verbs the decisions' verbs, as the journal names its command: `accept + verdict`.
 */
export async function writeFiles(options: ProjectOptions, files: readonly PlannedFile[], verbs: string): Promise<void> {
  await writeTogether(
    path.join(options.root, options.contentDir),
    verbs,
    files.map((file) => ({ file: path.join(options.root, file.file), text: file.after, before: file.before })),
  );
}

/**
 * Write checked files as one (`writeFiles`), under the writer locks of the
 * books they are in, each file still as it was read when its new text was
 * made: a file changed on disk since then means running the command again.
 * @param options the project.
 * @param files the new files, with their texts as read.
 * @param names the command as the locks name it (`move-claim`, `a review decision`), as the journal names it, and what was done since the files were read (`the move was checked`).
 * @param io for the lock's messages.
 */
export async function writeChecked(options: ProjectOptions, files: readonly PlannedFile[], names: { lock: string; journal: string; checked: string }, io: Io): Promise<void> {
  const locks = lockBooks(options, files, names.lock, io);
  try {
    await unchangedOnDisk(options, files, names.checked);
    await writeFiles(options, files, names.journal);
  } finally {
    for (const lock of locks.reverse()) lock.release();
  }
}

/**
 * Refuse, as a run to do again, when a file is not on disk as it was read.
 * @param options the project.
 * @param files the files, with their texts as read.
 * @param checked what was done since they were read, for the message.
 */
export async function unchangedOnDisk(options: ProjectOptions, files: readonly PlannedFile[], checked: string): Promise<void> {
  for (const file of files) {
    if ((await readOptional(path.join(options.root, file.file), file.file)) !== file.before) {
      throw new CliError(`${file.file} changed on disk while ${checked}; nothing was written. Run the command again.`, EXIT.problems);
    }
  }
}

/**
 * The writer locks of the books the files are in, in name order; all or
 * none (a refusal releases those taken).
 * @param options the project.
 * @param files paths relative to the root, with `/`.
 * @param command the command, as a lock names its holder.
 * @param io for the lock's messages.
 * @returns the locks, to release in reverse order.
 */
export function lockBooks(options: ProjectOptions, files: readonly { file: string }[], command: string, io: Io): WriterLock[] {
  const content = posix(options.contentDir);
  const books = [...new Set(files.map((file) => path.posix.relative(content, file.file).split('/')[0]!))].sort();
  const locks: WriterLock[] = [];
  try {
    for (const book of books) locks.push(lockBook(path.join(options.root, options.contentDir, book), { command, shown: path.posix.join(content, book), io }));
  } catch (error) {
    for (const lock of locks.reverse()) lock.release();
    throw error;
  }
  return locks;
}

function posix(value: string): string {
  return value.split(path.sep).join('/');
}
