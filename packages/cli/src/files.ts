/**
 * Reading and writing files under core's file policy (`readTextFile`):
 * only regular files, at most 16 MiB, UTF-8 without control characters.
 * "Not found" and "not a file" are the user's mistake (exit 2); a refusal
 * of the system (permission denied, an I/O error, a read-only folder) is a
 * message with the file, the operation, the system's reason and what to do
 * (exit 1), never a stack trace.
 *
 * Writes are atomic: a temporary file in the same folder (a dot name, so
 * the book loader skips one left behind by a crash), flushed, given the
 * mode and owner of the file it replaces, then renamed over it. A file the
 * author made read-only is refused, not replaced.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspectPath, MAX_FILE_BYTES, readTextFile, systemAdvice, systemErrorCode, systemReason, type FileOperation, type FileRefusal } from '@research-pack/core/load';
import { CliError, EXIT } from './io.js';

/**
 * Read a UTF-8 file the user named.
 * @param file absolute path.
 * @param shown the path as the user wrote it.
 * @returns its text; throws a usage error when it does not exist or is not a file, and a problem (exit 1) when it cannot be read.
 */
export async function readText(file: string, shown: string): Promise<string> {
  const read = readTextFile(file);
  if (read.status === 'absent') throw new CliError(`no such file: ${shown}`);
  if (read.status === 'refused') throw refusalError(read.refusal, shown);
  return read.text;
}

/**
 * Read a file that may not exist.
 * @param file absolute path.
 * @param shown the path in messages (default: the absolute path).
 * @returns its text, or undefined when it does not exist; throws (exit 1) when it cannot be read.
 */
export async function readOptional(file: string, shown = displayPath(file)): Promise<string | undefined> {
  const read = readTextFile(file);
  if (read.status === 'absent') return undefined;
  if (read.status === 'refused') throw refusalError(read.refusal, shown, EXIT.problems);
  return read.text;
}

/**
 * The schema line a new sidecar starts with, taken from another sidecar of
 * its kind, so that editors validate it the same way.
 * @param text the other sidecar's text, if any.
 * @returns its first line with a line break, when that is a `yaml-language-server` schema line; else undefined.
 */
export function schemaLineOf(text: string | undefined): string | undefined {
  const first = text?.split(/\r?\n/, 1)[0];
  return first?.startsWith('# yaml-language-server: $schema=') ? `${first}\n` : undefined;
}

/** Options of `writeAtomic`. */
export interface WriteOptions {
  /** Create the file: refuse (exit 1) rather than replace a file of that name (a report copy never overwrites one). */
  create?: boolean;
  /** The path in messages (default: the absolute path). */
  shown?: string;
}

/**
 * Replace a file atomically: readers see the old text or the new, never half.
 * The file keeps its mode (and its owner, where the system allows it); a
 * read-only file is refused.
 * @param file absolute path.
 * @param text the new content.
 * @param options create only, and the name in messages.
 */
export async function writeAtomic(file: string, text: string, options: WriteOptions = {}): Promise<void> {
  const prepared = await prepareWrite(file, text, options);
  try {
    commitWrite(prepared);
  } catch (error) {
    discardWrite(prepared);
    throw error;
  }
}

/** A file's new text written whole beside it under a temporary name, not yet in its place. */
export interface PreparedWrite {
  /** The file it replaces or creates (absolute). */
  readonly file: string;
  /** The temporary file beside it (absolute): `.<name>.<pid>.<8 hex>.tmp`. */
  readonly temporary: string;
  readonly shown: string;
  readonly create: boolean;
}

/**
 * The first half of `writeAtomic`: the checks, and the new text written,
 * flushed and given the old file's mode, under a temporary name in the same
 * folder. `commitWrite` puts it in place; `discardWrite` removes it.
 * @param file absolute path.
 * @param text the new content.
 * @param options create only, and the name in messages.
 * @returns the prepared write; throws (exit 1) as `writeAtomic` does, with nothing left behind.
 */
export async function prepareWrite(file: string, text: string, options: WriteOptions = {}): Promise<PreparedWrite> {
  const shown = options.shown ?? displayPath(file);
  const dir = path.dirname(file);
  const existing = statOf(file, shown);
  if (existing && options.create) throw new CliError(`cannot create ${shown}: a file of that name appeared meanwhile; run the command again; nothing was written`, EXIT.problems);
  if (existing?.isFile() && (existing.mode & 0o200) === 0) {
    throw new CliError(
      `${shown} is read-only (mode ${(existing.mode & 0o777).toString(8).padStart(4, '0')}), and research-pack does not replace a file its author protected; make it writable (chmod u+w ${shown}) and run again; nothing was written`,
      EXIT.problems,
    );
  }
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw systemError(error, 'create', path.dirname(shown));
  }
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = fs.openSync(temporary, 'wx', existing?.isFile() ? existing.mode & 0o7777 : 0o666);
    try {
      fs.writeFileSync(fd, text, 'utf8');
      if (existing?.isFile()) keepOwnerAndMode(fd, existing);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw systemError(error, 'create', shown);
  }
  return { file, temporary, shown, create: options.create === true };
}

/**
 * Put a prepared file in its place: renamed over the old one, or, to create
 * it, linked in (a link fails when the name is taken, where a rename would
 * replace the file) and the temporary name removed.
 * @param prepared from `prepareWrite`.
 */
export function commitWrite(prepared: PreparedWrite): void {
  const { file, temporary, shown, create } = prepared;
  try {
    if (create) {
      fs.linkSync(temporary, file);
      fs.rmSync(temporary, { force: true });
    } else {
      fs.renameSync(temporary, file);
    }
  } catch (error) {
    if (create && systemErrorCode(error) === 'EEXIST') throw new CliError(`cannot create ${shown}: a file of that name appeared meanwhile; run the command again; nothing was written`, EXIT.problems);
    throw systemError(error, create ? 'create' : 'replace', shown);
  }
}

/**
 * Remove a prepared file that is not to be put in place.
 * @param prepared from `prepareWrite`.
 */
export function discardWrite(prepared: PreparedWrite): void {
  try {
    fs.rmSync(prepared.temporary, { force: true });
  } catch {
    // Left behind: its dot name keeps it out of the books, and the next writer of the book removes it.
  }
}

/**
 * Copy a book folder for a check of the files an ingest would write: the
 * contents of its regular files and folders (what a link inside the project
 * points at, not the link: the copy is in another folder), with fresh modes
 * so that the copy can be written and removed, and without the temporary
 * files and the lock of a writer, which may come and go while it is copied.
 * @param from the book folder.
 * @param to where the copy goes.
 */
export async function copyBook(from: string, to: string, root: string): Promise<void> {
  const copy = (source: string, target: string) => {
    fs.mkdirSync(target, { recursive: true });
    for (const name of fs.readdirSync(source)) {
      if (/^\.(?:.*\.tmp|research-pack\.lock(?:\.break)?)$/.test(name)) continue;
      const inner = path.join(source, name);
      // Under the loader's policy: a link is followed only inside the project, and only a folder or a regular file of
      // at most 16 MiB is copied (an outside reviewer found /etc/passwd copied through a link in the book).
      const found = inspectPath(inner, { root });
      if (found.status !== 'found') continue;
      try {
        if (found.kind === 'folder') copy(inner, path.join(target, name));
        else if (found.kind === 'file' && found.size <= MAX_FILE_BYTES) fs.writeFileSync(path.join(target, name), fs.readFileSync(found.real));
      } catch (error) {
        // Renamed away by a writer between the listing and the copy, or a link the loader refuses anyway.
        const code = systemErrorCode(error);
        if (code !== 'ENOENT' && code !== 'ELOOP') throw error;
      }
    }
  };
  try {
    copy(from, to);
  } catch (error) {
    throw systemError(error, 'read', from);
  }
}

/**
 * Refuse a file to be written where a symbolic link on its way leads out of
 * the folder it belongs in: a report copy stays in its book folder (a
 * `reports` folder committed as a link to another folder, out of the project
 * or to the site's `src/pages`, where a hostile report would be published as
 * a page: outside reviewers' findings). The deepest folder of its path that
 * exists must be inside that folder, as real paths.
 * @param file the absolute path to write.
 * @param within the folder it must stay in (absolute).
 * @param shown the path in messages.
 * @param withinShown that folder in messages, e.g. "the book folder".
 */
export function assertWritableInside(file: string, within: string, shown: string, withinShown: string): void {
  let folder = path.dirname(file);
  while (!fs.existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  let real: string;
  let realWithin: string;
  try {
    real = fs.realpathSync.native(folder);
    realWithin = fs.realpathSync.native(within);
  } catch (error) {
    throw systemError(error, 'read', shown);
  }
  const relative = path.relative(realWithin, real);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) return;
  const folderShown = path.relative(path.dirname(file), folder) === '' ? 'its folder' : 'a folder on its way';
  throw new CliError(`cannot write ${shown}: ${folderShown} is reached through a symbolic link that leads out of ${withinShown}, to ${JSON.stringify(real)}; nothing was written; replace the link with a folder inside ${withinShown}`, EXIT.problems);
}

/** What the copies of books a command checks its would-be files in are for, in their folder's name. */
export type CopyKind = 'ingest' | 'review' | 'decide';

const COPY_NAME = /^research-pack-(?:ingest|review|decide)-(\d+)-[A-Za-z0-9]{6}$/;

/**
 * Make a folder in the system's temporary folder for a copy of books, named
 * with this process's pid (`research-pack-ingest-<pid>-XXXXXX`), so that
 * one a killed process leaves can be told from one a live process uses.
 * @param kind what the copy is for.
 * @returns the folder.
 */
export function makeCopyFolder(kind: CopyKind): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `research-pack-${kind}-${process.pid}-`));
}

/**
 * Remove the copies of books that processes now gone left in the system's
 * temporary folder (a command killed while it checked its would-be files):
 * only folders of this user, named by `makeCopyFolder`, whose pid runs no
 * process.
 * @param alive whether a pid names a running process.
 * @returns how many were removed.
 */
export async function removeLeftCopies(alive: (pid: number) => boolean): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = fs.readdirSync(os.tmpdir());
  } catch {
    return 0;
  }
  for (const name of names) {
    const pid = COPY_NAME.exec(name)?.[1];
    if (pid === undefined || alive(Number(pid))) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      const found = fs.lstatSync(dir);
      if (!found.isDirectory() || (process.getuid !== undefined && found.uid !== process.getuid())) continue;
    } catch {
      continue;
    }
    await removeTemporary(dir);
    removed++;
  }
  return removed;
}

/**
 * Remove a temporary folder, whatever the modes of what is in it.
 * @param dir the folder.
 */
export async function removeTemporary(dir: string): Promise<void> {
  makeWritable(dir);
  await rm(dir, { recursive: true, force: true });
}

/**
 * A refusal of the file policy as an error for the user.
 * @param refusal why the file is not read.
 * @param shown the file as the user knows it.
 * @param exitCode the exit code of other refusals than "not a file" (default 1).
 * @returns the error.
 */
export function refusalError(refusal: FileRefusal, shown: string, exitCode: number = EXIT.problems): CliError {
  if (refusal.rule === 'file/not-a-file') {
    const kind = /^is an? (.+?), not a file/.exec(refusal.message)?.[1] ?? 'special file';
    return new CliError(kind === 'folder' ? `${shown} is a folder, not a file` : `${shown} is a ${kind}, not a file; give a regular file`);
  }
  if (refusal.rule === 'file/unreadable') return new CliError(`cannot read ${shown}: ${refusal.message.replace(/^cannot read the file: /, '')}; ${refusal.hint.replace('the file', shown)}`, exitCode);
  const place = refusal.line === undefined ? '' : `:${refusal.line}:${refusal.column ?? 1}`;
  return new CliError(`${shown}${place}: ${refusal.message.replace(/^is /, 'it is ')}; ${refusal.hint}`, exitCode);
}

/**
 * An error of the system as an error for the user: the operation, the file, the reason, what to do.
 * @param error what the system threw.
 * @param operation what was being done.
 * @param shown the file in messages.
 * @returns the error (exit 1).
 */
export function systemError(error: unknown, operation: FileOperation, shown: string): CliError {
  if (error instanceof CliError) return error;
  return new CliError(`cannot ${operation} ${shown}: ${systemReason(error)}; ${systemAdvice(error, operation, shown)}; nothing was written`, EXIT.problems);
}

/**
 * A failure of the system that reached the command unhandled, in words:
 * what was being done to which file, the reason, what to do.
 * @param error the error (a Node system error, or one with such a `cause`).
 * @returns one line.
 */
export function describeSystemFailure(error: unknown): string {
  let system = error as NodeJS.ErrnoException;
  for (let depth = 0; depth < 8 && typeof system?.code !== 'string' && system?.cause; depth++) system = system.cause as NodeJS.ErrnoException;
  const shown = system.path === undefined ? undefined : displayPath(system.path);
  const operation: FileOperation = /^(?:open|read|stat|lstat|readdir|scandir|readlink|realpath)/.test(system.syscall ?? '') ? 'read' : 'write';
  const own = error instanceof Error && error !== system ? error.message.replace(/^(?:Research Pack|research-pack): /, '') : undefined;
  const what = own ?? `cannot ${system.syscall ?? operation} ${shown ?? 'a file'}`;
  return `${what}: ${systemReason(system)}; ${systemAdvice(system, operation, shown ?? 'the file')}`;
}

/**
 * A path as messages show it: relative to the working folder when it is inside it.
 * @param file an absolute path.
 * @returns e.g. `content/books/pi/27-chapter.claims.yaml`.
 */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}

/** The stats of a path (not following a link), or undefined when there is nothing. */
function statOf(file: string, shown: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return undefined;
    throw systemError(error, 'read', shown);
  }
}

/** Give the new file the mode and owner of the one it replaces (the owner only where the system lets this user). */
function keepOwnerAndMode(fd: number, existing: fs.Stats): void {
  fs.fchmodSync(fd, existing.mode & 0o7777);
  if (process.getuid?.() === 0 && (existing.uid !== 0 || existing.gid !== 0)) {
    try {
      fs.fchownSync(fd, existing.uid, existing.gid);
    } catch {
      // Another owner is a nicety; the content and mode are what matter.
    }
  }
}

/** Make a folder tree writable for its owner, so that it can be removed. */
function makeWritable(dir: string): void {
  try {
    fs.chmodSync(dir, 0o700);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) makeWritable(path.join(dir, entry.name));
    }
  } catch {
    // Nothing there, or not ours: rm reports what really cannot be removed.
  }
}
