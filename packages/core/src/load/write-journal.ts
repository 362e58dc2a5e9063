/**
 * The write journal of a book: `<book>/.research-pack.journal`. A command
 * that changes several files of a book at once (`ingest --write`, a review
 * decision) writes each new file whole beside its target first, then this
 * journal naming them, then moves them into place, then removes it. A
 * process killed among the moves leaves the journal behind: the book is
 * then partly as it was and partly as the command made it, each file whole.
 * The journal is what tells the two apart: the loader reports it
 * (`book/unfinished-write`) once its writer is gone or it is older than a
 * write takes, and the next writer of the book (or `research-pack recover`)
 * puts the rest in place, when each file is still as the journal says it
 * was (its sha256 before and after), never over a later edit. It names
 * only files research-pack writes: a chapter's sidecars, and new `.md`
 * files in a folder of the book (the report copies). A dot name: the book
 * loader reads it only for that.
 */
import os from 'node:os';
import path from 'node:path';
import { readBookFile } from './book-files.js';
import { relativePath, unsafePathReason } from './paths.js';
import { createProblem, quote, shownName, type Problem } from '../problems/problem.js';

/** The journal's file name in a book folder. */
export const WRITE_JOURNAL_FILE = '.research-pack.journal';

/** A writer's temporary file: `.<name>.<pid>.<8 hex>.tmp`, beside the file `<name>` it will become, with the writer's pid. */
export const TEMPORARY_NAME = /^\.(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** One file of a journal: where it goes and the temporary file that holds it, both relative to the book folder, with `/`. */
export interface JournalFile {
  file: string;
  temporary: string;
  /** A new file (linked in, so that it never replaces one), not a replaced one. */
  create: boolean;
  /** The sha256 of the file's bytes before the write; null for a file that did not exist. */
  before: string | null;
  /** The sha256 of the new bytes (the temporary file's). */
  after: string;
}

/** How long a write's moves may take: a journal older than this is left by a writer that stopped, whatever its pid now names. */
export const JOURNAL_STALE_MS = 30_000;

/** What a journal records. */
export interface WriteJournal {
  version: 1;
  /** The writer: its pid, host and command (`ingest --write`), and when it began to move the files, ISO 8601. */
  pid: number;
  host: string;
  command: string;
  started: string;
  files: JournalFile[];
}

/**
 * Read a journal's text.
 * @param text the file's text.
 * @returns the journal, or why it is not one research-pack wrote (a file a
 *   writer never leaves half written: it is written whole, then renamed).
 */
export function parseWriteJournal(text: string): WriteJournal | { invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { invalid: 'it is not JSON' };
  }
  const journal = value as Partial<WriteJournal>;
  if (typeof journal !== 'object' || journal === null || journal.version !== 1) return { invalid: 'it has no "version": 1' };
  if (!Number.isSafeInteger(journal.pid) || typeof journal.host !== 'string' || typeof journal.command !== 'string' || typeof journal.started !== 'string') {
    return { invalid: 'it does not name its writer ("pid", "host", "command", "started")' };
  }
  if (!Array.isArray(journal.files) || journal.files.length === 0) return { invalid: 'it names no files' };
  const seen = new Set<string>();
  for (const [index, entry] of journal.files.entries()) {
    const reason = fileReason(entry as Partial<JournalFile>);
    if (reason) return { invalid: `files[${index}] ${reason}` };
    if (seen.has(entry.file)) return { invalid: `files[${index}] names ${JSON.stringify(entry.file)} a second time` };
    seen.add(entry.file);
  }
  return journal as WriteJournal;
}

/**
 * Whether a journal's writer may still be at work: it runs on this host
 * (a writer on another host sharing the folder is taken to be at work) and
 * the journal is younger than a write takes (a pid that names a process now
 * may be another one: a container's pid 1, a pid reused, a checkout of a
 * journal someone committed).
 * @param journal the journal.
 * @param now the time (default now).
 * @returns true while it may be writing.
 */
export function journalWriterAlive(journal: Pick<WriteJournal, 'pid' | 'host' | 'started'>, now = Date.now()): boolean {
  const started = Date.parse(journal.started);
  if (!(now - started < JOURNAL_STALE_MS && started <= now + 1_000)) return false;
  return processAlive(journal.pid, journal.host);
}

/**
 * Whether a process of this host runs (one of another host is taken to).
 * @param pid its pid.
 * @param host its host name.
 * @returns true when it may run.
 */
export function processAlive(pid: number, host: string): boolean {
  if (host !== os.hostname()) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * What a file entry must be: a path inside the book folder (as an author's
 * path must be: `unsafePathReason`), and a temporary file beside it, named
 * as a writer names one (`TEMPORARY_NAME`).
 */
function fileReason(entry: Partial<JournalFile>): string | undefined {
  if (typeof entry !== 'object' || entry === null || typeof entry.file !== 'string' || typeof entry.temporary !== 'string' || typeof entry.create !== 'boolean') {
    return 'is not { "file", "temporary", "create", "before", "after" }';
  }
  if (!(entry.before === null || (typeof entry.before === 'string' && SHA256.test(entry.before))) || typeof entry.after !== 'string' || !SHA256.test(entry.after)) {
    return 'has no sha256 "before" (or null) and "after"';
  }
  if (unsafePathReason(entry.file) !== undefined) return `names a file outside the book folder: ${JSON.stringify(entry.file)}`;
  if (unsafePathReason(entry.temporary) !== undefined) return `names a temporary file outside the book folder: ${JSON.stringify(entry.temporary)}`;
  const slash = entry.file.lastIndexOf('/');
  const folder = entry.file.slice(0, slash + 1);
  const name = entry.file.slice(slash + 1);
  // Only what research-pack writes: a chapter's sidecars, replaced; a report copy, a new .md file in a folder of the book.
  const written = entry.create ? folder !== '' && name.endsWith('.md') && entry.before === null : folder === '' && SIDECAR.test(name);
  if (!written) return `names ${JSON.stringify(entry.file)}, which research-pack does not write (a chapter's sidecar, or a new report copy in a folder of the book)`;
  const temporary = entry.temporary.slice(folder.length);
  if (!entry.temporary.startsWith(folder) || temporary.includes('/') || TEMPORARY_NAME.exec(temporary)?.[1] !== name) {
    return `names a temporary file that is not one of ${JSON.stringify(entry.file)}'s: ${JSON.stringify(entry.temporary)}`;
  }
  return undefined;
}

const SHA256 = /^[0-9a-f]{64}$/;
const SIDECAR = /^[^/]+\.(?:claims|evidence|research)\.yaml$/;

/**
 * The problem of a book folder that holds a journal: a write of several
 * files that stopped among its moves (its writer is gone), or a file of
 * that name research-pack did not write. None while its writer may still
 * be at work: `astro dev` reading the book between two of a command's moves
 * sees the files change again a moment later.
 * @param rootDir the project root.
 * @param bookDir the book folder (absolute).
 * @returns the problems (at most one).
 */
export function unfinishedWriteProblems(rootDir: string, bookDir: string): Problem[] {
  const absolute = path.join(bookDir, WRITE_JOURNAL_FILE);
  const file = relativePath(rootDir, absolute);
  const read = readBookFile(rootDir, absolute);
  if (read.status === 'absent') return [];
  if (read.status === 'refused') return [read.problem];
  const journal = parseWriteJournal(read.text);
  if ('invalid' in journal) {
    return [
      createProblem(
        'book/unfinished-write',
        { file, line: 1, column: 1 },
        `is not a write journal research-pack wrote (${journal.invalid})`,
        "research-pack writes this file while it moves the files of one command into place and removes it after: remove it, then look at the book's files with `git status` and `git diff`",
      ),
    ];
  }
  if (journalWriterAlive(journal)) return [];
  const book = path.posix.dirname(file);
  const names = journal.files.map((entry) => shownName(path.posix.join(book, entry.file))).join(', ');
  // Its pid may name another process now (a container's pid 1, a pid reused), or a writer stopped in a debugger.
  const running = processAlive(journal.pid, journal.host) ? `; pid ${journal.pid} still names a running process, which, if it is that research-pack, is stalled` : '';
  return [
    createProblem(
      'book/unfinished-write',
      { file, line: 1, column: 1 },
      `research-pack ${quote(journal.command, 80)} (pid ${journal.pid}, ${shownName(journal.started)}) stopped while it moved ${journal.files.length} new file(s) into place (${names}): the book holds some of them as they were before it and some as it made them${running}`,
      'run `research-pack recover`, which puts the rest in place (each was written whole beside its file before the first was moved) unless a file changed since; `research-pack recover --discard` keeps the book as it is now instead. Any command that writes into this book finishes it first too',
    ),
  ];
}
