/**
 * The file policy: how every file of a project is read, in one place.
 *
 * Only regular files are read, and, within a project, only files inside
 * it: a symbolic link is resolved and refused when it leads out of the
 * project root, loops or leads nowhere; folders, FIFOs, devices and sockets
 * are refused by their type before anything is opened (a FIFO would hang
 * the reader, `/dev/zero` would fill the memory). A file larger than its cap
 * is refused from its size. Text is UTF-8 only: an invalid byte is refused
 * with its offset, line and column, never replaced by U+FFFD; and control
 * characters other than tab and line breaks are refused with their place.
 *
 * Every refusal, and every error of the system, is a `FileRefusal` in the
 * author's words; nothing here throws for a file.
 */
import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { groupDigits, quote } from '../problems/problem.js';
import { CONTROL_CHARACTER, controlName } from '../schema/text-checks.js';
import { systemAdvice, systemErrorCode, systemReason, type FileOperation } from './system-error.js';

/** The largest file read by default: 16 MiB, far above any chapter or sidecar, far below what hurts. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** The rules of the file policy. */
export type FileRule =
  | 'file/outside-project'
  | 'file/symlink-loop'
  | 'file/dangling-link'
  | 'file/not-a-file'
  | 'file/too-large'
  | 'file/unreadable'
  | 'file/encoding'
  | 'file/control-character';

/** Why a file is not read, in the author's words. */
export interface FileRefusal {
  rule: FileRule;
  /** What is wrong, as a clause about the file ("is a FIFO (named pipe), not a file"). */
  message: string;
  /** How to fix it. */
  hint: string;
  /** Where in the file, for an encoding or control character problem (1-based). */
  line?: number;
  column?: number;
  /** The system's errno code, when the system refused. */
  code?: string;
}

/** What is at a path, by type. */
export type FileKind = 'file' | 'folder' | 'FIFO (named pipe)' | 'character device' | 'block device' | 'socket' | 'special file';

/** A path that exists, after its symbolic link (if it is one) was resolved. */
export interface FoundPath {
  status: 'found';
  /** The real path: no symbolic link in it. */
  real: string;
  kind: FileKind;
  /** Size in bytes. */
  size: number;
  /** What the link says, when the path itself is a symbolic link. */
  link?: string;
  /** The file's device, inode, size and change times: equal stamps mean the same bytes (for a cache of reads). */
  stamp: string;
}

/** What `inspectPath` found. */
export type InspectedPath = FoundPath | { status: 'absent' } | { status: 'refused'; refusal: FileRefusal };

/** What `readTextFile` found. */
export type ReadText = { status: 'read'; text: string; real: string; link?: string } | { status: 'absent' } | { status: 'refused'; refusal: FileRefusal };

/** Options of the file policy. */
export interface FilePolicyOptions {
  /** The project root: a path may not lead out of it. Leave out for a file the user named. */
  root?: string | undefined;
  /** The largest file read, in bytes (default `MAX_FILE_BYTES`). */
  maxBytes?: number | undefined;
  /** Allow control characters other than tab and line breaks (default false: refused). */
  allowControls?: boolean | undefined;
}

/** Real paths of folders, while a pass over many files runs (`withRealFolders`). */
let realFolders: Map<string, string> | undefined;

/**
 * Run a synchronous pass over many files (a model build, a thread's
 * chapters) with each folder's real path looked up once, not once per file
 * in it. The memo lives only while `pass` runs: a folder swapped for a link
 * between two passes is seen by the next one.
 * @param pass the pass.
 * @returns what it returns.
 */
export function withRealFolders<T>(pass: () => T): T {
  if (realFolders) return pass();
  realFolders = new Map();
  try {
    return pass();
  } finally {
    realFolders = undefined;
  }
}

/** A folder's real path (memoized inside `withRealFolders`); throws as `realpath` does. */
function realFolderOf(folder: string): string {
  if (!realFolders) return fs.realpathSync.native(folder);
  let real = realFolders.get(folder);
  if (real === undefined) {
    real = fs.realpathSync.native(folder);
    realFolders.set(folder, real);
  }
  return real;
}

/**
 * What is at a path: absent, refused (a link out of the project, a loop, a
 * link to nothing, an error of the system), or found with its type and size.
 * Nothing is opened.
 * @param absolute the path.
 * @param options the project root, when the path must stay inside it.
 * @returns what is there.
 */
export function inspectPath(absolute: string, options: Pick<FilePolicyOptions, 'root'> = {}): InspectedPath {
  let stats: fs.Stats;
  try {
    stats = fs.lstatSync(absolute);
  } catch (error) {
    return isAbsence(error) ? { status: 'absent' } : refusedBy(error, 'read');
  }
  let link: string | undefined;
  let real: string;
  try {
    if (stats.isSymbolicLink()) {
      link = fs.readlinkSync(absolute);
      real = fs.realpathSync.native(absolute);
      stats = fs.statSync(real);
    } else {
      real = path.join(realFolderOf(path.dirname(absolute)), path.basename(absolute));
    }
  } catch (error) {
    const code = systemErrorCode(error);
    if (link !== undefined && code === 'ELOOP') {
      return refused('file/symlink-loop', `is a symbolic link that loops (following ${quote(link)} leads back to a link already followed)`, 'replace the link with the file it should point at, or delete it');
    }
    if (link !== undefined && (code === 'ENOENT' || code === 'ENOTDIR')) {
      return refused('file/dangling-link', `is a symbolic link to ${quote(link)}, which does not exist`, 'fix the link so that it points at a file inside the project, or delete it');
    }
    return refusedBy(error, 'read');
  }
  if (options.root !== undefined) {
    let root: string;
    try {
      root = realFolderOf(options.root);
    } catch (error) {
      return refusedBy(error, 'read');
    }
    if (!isInside(real, root)) {
      const what = link !== undefined ? `is a symbolic link to ${quote(link)}, outside the project` : 'is reached through a symbolic link that leads outside the project';
      return refused('file/outside-project', `${what}; it is not read`, 'only files inside the project are read: replace the link with the file itself, or move what it points at into the project');
    }
  }
  const found: FoundPath = { status: 'found', real, kind: kindOf(stats), size: stats.size, stamp: `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}` };
  if (link !== undefined) found.link = link;
  return found;
}

/**
 * Read a text file under the policy: a regular file (inside the project
 * when `root` is given), at most `maxBytes`, valid UTF-8, without control
 * characters other than tab and line breaks. A byte order mark is kept.
 * @param absolute the path.
 * @param options the project root, the size cap, whether controls are allowed.
 * @returns the text, absent, or why it was refused.
 */
export function readTextFile(absolute: string, options: FilePolicyOptions = {}): ReadText {
  const read = readFileBytes(absolute, options);
  if (read.status !== 'read') return read;
  const { bytes, found } = read;
  const invalid = utf8Problem(bytes);
  if (invalid) return { status: 'refused', refusal: invalid };
  const text = bytes.toString('utf8');
  const control = options.allowControls ? undefined : controlProblem(text);
  if (control) return { status: 'refused', refusal: control };
  return found.link === undefined ? { status: 'read', text, real: found.real } : { status: 'read', text, real: found.real, link: found.link };
}

/**
 * Read a file's bytes under the policy: a regular file (inside the project
 * when `root` is given), at most `maxBytes`; nothing is said of its text.
 * For a digest of what a check read: `readTextFile` reads it as text.
 * @param absolute the path.
 * @param options the project root and the size cap.
 * @returns the bytes and what was found there, absent, or why it was refused.
 */
export function readFileBytes(absolute: string, options: Pick<FilePolicyOptions, 'root' | 'maxBytes'> = {}): { status: 'read'; bytes: Buffer; found: FoundPath } | { status: 'absent' } | { status: 'refused'; refusal: FileRefusal } {
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  const found = inspectPath(absolute, options);
  if (found.status !== 'found') return found;
  if (found.kind !== 'file') return notAFile(found.kind);
  if (found.size > maxBytes) return tooLarge(found.size, maxBytes);
  try {
    return { status: 'read', bytes: readBounded(found.real, maxBytes), found };
  } catch (error) {
    if (error instanceof RefusedError) return { status: 'refused', refusal: error.refusal };
    return refusedBy(error, 'read');
  }
}

/**
 * The refusal for a failed operation of the system.
 * @param error what the system threw.
 * @param operation what was being done.
 * @param shown the file as messages name it (for the advice).
 * @returns the `file/unreadable` refusal with the system's reason and what to do.
 */
export function systemRefusal(error: unknown, operation: FileOperation, shown = 'the file'): FileRefusal {
  const code = systemErrorCode(error);
  const refusal: FileRefusal = { rule: 'file/unreadable', message: `cannot ${operation} ${operation === 'list' ? 'the folder' : 'the file'}: ${systemReason(error)}`, hint: systemAdvice(error, operation, shown) };
  if (code !== undefined) refusal.code = code;
  return refusal;
}

/**
 * The first control character of a text that a text file must not hold
 * (every C0 and C1 control and DEL, but tab, line feed and carriage return),
 * as a refusal with its place.
 * @param text the text.
 * @returns the refusal, or undefined when there is none.
 */
export function controlProblem(text: string): FileRefusal | undefined {
  const match = CONTROL_CHARACTER.exec(text);
  if (!match) return undefined;
  const { line, column } = placeOf(text, match.index);
  const code = match[0].charCodeAt(0);
  return {
    rule: 'file/control-character',
    message: `the file holds the control character ${controlName(code)} at line ${line}, column ${column}`,
    hint: `remove it: text files hold no control characters but tab and line breaks${code === 0 ? ' (NUL bytes often mean a binary or UTF-16 file)' : ''}`,
    line,
    column,
  };
}

/** Whether `child` is `parent` or inside it (both real paths). */
export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** ENOENT or ENOTDIR: nothing there. */
function isAbsence(error: unknown): boolean {
  const code = systemErrorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * What a directory entry or the status of a path is.
 * @param stats `fs.Stats` or an `fs.Dirent` (both answer the same questions).
 * @returns its kind, in the words messages use.
 */
export function kindOf(stats: Pick<fs.Stats, 'isFile' | 'isDirectory' | 'isFIFO' | 'isCharacterDevice' | 'isBlockDevice' | 'isSocket'>): FileKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'folder';
  if (stats.isFIFO()) return 'FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'character device';
  if (stats.isBlockDevice()) return 'block device';
  if (stats.isSocket()) return 'socket';
  return 'special file';
}

function refused(rule: FileRule, message: string, hint: string): { status: 'refused'; refusal: FileRefusal } {
  return { status: 'refused', refusal: { rule, message, hint } };
}

function refusedBy(error: unknown, operation: FileOperation): { status: 'refused'; refusal: FileRefusal } {
  return { status: 'refused', refusal: systemRefusal(error, operation) };
}

function notAFile(kind: FileKind): { status: 'refused'; refusal: FileRefusal } {
  return refused(
    'file/not-a-file',
    `is a ${kind}, not a file; it is not read`,
    kind === 'folder' ? 'rename or remove the folder: only files are read under this name' : 'only regular files are read: replace it with a regular file, or delete it',
  );
}

function tooLarge(size: number, maxBytes: number): { status: 'refused'; refusal: FileRefusal } {
  return refused(
    'file/too-large',
    `the file has ${groupDigits(size)} bytes; at most ${groupDigits(maxBytes)} are read`,
    'a book file this large is a mistake: split it, or move the data into files the book links to',
  );
}

/** A refusal found while reading, carried out of `readBounded`. */
class RefusedError extends Error {
  constructor(readonly refusal: FileRefusal) {
    super(refusal.message);
  }
}

/** Where a read past a file's expected end goes (copied out when the file did grow). */
const PROBE = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * Read at most `maxBytes` of a file, checking its type again on the open
 * descriptor (it may have been swapped since it was inspected). Opened
 * non-blocking, so a FIFO put in its place cannot hang the read.
 */
function readBounded(real: string, maxBytes: number): Buffer {
  const flags = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0);
  const fd = fs.openSync(real, flags);
  try {
    const stats = fs.fstatSync(fd);
    const kind = kindOf(stats);
    if (kind !== 'file') throw new RefusedError(notAFile(kind).refusal);
    if (stats.size > maxBytes) throw new RefusedError(tooLarge(stats.size, maxBytes).refusal);
    const chunks: Buffer[] = [];
    let total = 0;
    // The size the file has, then on to its end: one byte past the cap tells a file that grew from one that fits.
    for (;;) {
      const room = maxBytes + 1 - total;
      const expected = stats.size - total;
      let read: number;
      if (expected > 0) {
        // One byte more than the size: a read that stops short of it, at the size, has met the end (no second read to find it).
        const chunk = Buffer.allocUnsafe(Math.min(expected + 1, room));
        read = fs.readSync(fd, chunk, 0, chunk.length, null);
        if (read > 0) chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
        if (read === expected && read < chunk.length) {
          total += read;
          break;
        }
      } else {
        // Past the expected end there is almost always nothing: one shared buffer, not a new one per file.
        read = fs.readSync(fd, PROBE, 0, Math.min(PROBE.length, room), null);
        if (read > 0) chunks.push(Buffer.from(PROBE.subarray(0, read)));
      }
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw new RefusedError(tooLarge(total, maxBytes).refusal);
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    fs.closeSync(fd);
  }
}

/** The refusal for bytes that are not UTF-8: the first invalid sequence, with its offset and place. */
function utf8Problem(bytes: Buffer): FileRefusal | undefined {
  if (isUtf8(bytes)) return undefined;
  const offset = firstInvalidUtf8(bytes);
  const prefix = bytes.subarray(0, offset).toString('utf8');
  const { line, column } = placeOf(prefix, prefix.length);
  const byte = bytes[offset]!;
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  // The first byte beyond ASCII being invalid is what a Latin-1 or Windows-1252 file looks like.
  const guess = utf16 ? 'it looks like UTF-16' : /^[\x00-\x7f]*$/.test(prefix) ? 'it looks like Latin-1 or Windows-1252' : 'part of it is in another encoding';
  return {
    rule: 'file/encoding',
    message: `the file is not valid UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} at byte offset ${groupDigits(offset)} (line ${line}, column ${column}) is not part of a UTF-8 character`,
    hint: `save the file as UTF-8 (${guess}); nothing is guessed or replaced`,
    line,
    column,
  };
}

/**
 * The offset of the first byte that does not belong to a valid UTF-8
 * sequence (overlong forms, surrogates and code points above U+10FFFF are invalid).
 * @param bytes the bytes.
 * @returns the offset; `bytes.length` when all are valid.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index++;
      continue;
    }
    let length: number;
    let min: number;
    if (lead >= 0xc2 && lead <= 0xdf) [length, min] = [2, 0x80];
    else if (lead >= 0xe0 && lead <= 0xef) [length, min] = [3, 0x800];
    else if (lead >= 0xf0 && lead <= 0xf4) [length, min] = [4, 0x10000];
    else return index;
    let code = lead & (0xff >> (length + 1));
    for (let next = 1; next < length; next++) {
      const byte = bytes[index + next];
      if (byte === undefined || (byte & 0xc0) !== 0x80) return index;
      code = (code << 6) | (byte & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return index;
    index += length;
  }
  return index;
}

/** The 1-based line and column (UTF-16 code units) of an offset, with LF, CRLF and CR line breaks. */
function placeOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let index = 0; index < offset; index++) {
    const char = text.charCodeAt(index);
    if (char === 10 || (char === 13 && text.charCodeAt(index + 1) !== 10)) {
      line++;
      start = index + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
