/**
 * The file policy (`read-file.ts`) applied to a project's books: files and
 * folders read inside the project root only, every refusal a positioned
 * problem, and no excerpt of a file that a link brings in from outside the
 * books folder (a `.npmrc` linked as a sidecar must not reach a message, a
 * CI log or a pull-request annotation).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createProblem, type Problem } from '../problems/problem.js';
import type { ModelCache } from './cache.js';
import { relativePath } from './paths.js';
import { inspectPath, isInside, kindOf, readTextFile, systemRefusal, type FileKind, type FileRefusal } from './read-file.js';

/** A book file read under the policy. */
export type BookFileRead =
  | { status: 'read'; text: string; /** False when a link brought the file in from outside the books folder: its problems must not quote it. */ excerpts: boolean }
  | { status: 'absent' }
  | { status: 'refused'; problem: Problem };

/** Options of `readBookFile`. */
export interface ReadBookFileOptions {
  /** The largest file read, in bytes. */
  maxBytes?: number | undefined;
  /** Folders whose files problems may quote (the books folder, the book's folder); default the file's folder and its parent. */
  quotable?: readonly string[] | undefined;
  /**
   * Earlier reads, reused while the file's stamp (device, inode, size,
   * change times) is the same: the dev server rebuilds the model after every
   * save, and reading every file of a large book again was most of it.
   */
  cache?: ModelCache | undefined;
}

/**
 * Read a file of a book under the file policy.
 * @param rootDir the project root; the file must be inside it.
 * @param absolute the file.
 * @param options the size cap and the folders whose files may be quoted.
 * @returns the text, absent, or the problem that says why it was refused.
 */
export function readBookFile(rootDir: string, absolute: string, options: ReadBookFileOptions = {}): BookFileRead {
  const { cache } = options;
  const read = () => readUncached(rootDir, absolute, options);
  if (!cache) return read();
  return byFileStamp(cache, 'read', rootDir, absolute, `${options.maxBytes ?? ''}\u0000${(options.quotable ?? []).join('\u0000')}`, read, (result) => result.status === 'read');
}

/** What is computed from a file and kept in the model cache while the file is unchanged. */
type FileCacheKind = 'read' | 'bytes';
const FILE_CACHE_KINDS: readonly FileCacheKind[] = ['read', 'bytes'];

/**
 * A value computed from a file, kept in the model cache while the file's
 * stamp (real path, link, device, inode, size, change times) is the same.
 * The path is looked at under the file policy every time; only the reading
 * of an unchanged regular file is saved.
 * @param cache the model cache.
 * @param kind what is computed (`read`: its text; `bytes`: its digest).
 * @param rootDir the project root.
 * @param absolute the file.
 * @param options what else the value depends on.
 * @param compute computes the value from the file.
 * @param keep whether a value may be kept (a refusal is not).
 * @returns the value.
 */
export function byFileStamp<T>(cache: ModelCache, kind: FileCacheKind, rootDir: string, absolute: string, options: string, compute: () => T, keep: (value: T) => boolean): T {
  const found = inspectPath(absolute, { root: rootDir });
  if (found.status !== 'found' || found.kind !== 'file') return compute();
  const key = `${kind}\u0000${absolute}`;
  const stamp = `${found.real}\u0000${found.link ?? ''}\u0000${found.stamp}\u0000${options}`;
  cache.used.add(key);
  const kept = cache.entries.get(key);
  if (kept && kept.inputs[0] === stamp) return kept.value as T;
  const value = compute();
  if (keep(value)) cache.entries.set(key, { inputs: [stamp], value });
  return value;
}

/**
 * Forget what the cache keeps of some files: the dev server's watcher saw them change.
 * @param cache the model cache.
 * @param files absolute paths.
 */
export function forgetReads(cache: ModelCache, files: Iterable<string>): void {
  for (const file of files) for (const kind of FILE_CACHE_KINDS) cache.entries.delete(`${kind}\u0000${file}`);
}

function readUncached(rootDir: string, absolute: string, options: ReadBookFileOptions): BookFileRead {
  const read = readTextFile(absolute, { root: rootDir, maxBytes: options.maxBytes });
  if (read.status === 'absent') return read;
  if (read.status === 'refused') return { status: 'refused', problem: refusalProblem(read.refusal, relativePath(rootDir, absolute)) };
  let excerpts = true;
  if (read.link !== undefined) {
    const quotable = options.quotable ?? [path.dirname(absolute), path.dirname(path.dirname(absolute))];
    excerpts = quotable.some((folder) => isInside(read.real, realFolder(folder)));
  }
  return { status: 'read', text: read.text, excerpts };
}

/** A folder entry, its type known (a link resolved), or why it is refused. */
export interface FolderEntry {
  name: string;
  /** What the entry is (what its link leads to); undefined when refused. */
  kind: FileKind | undefined;
  refusal?: FileRefusal;
}

/** What `listFolder` found. */
export type FolderListing = { status: 'listed'; entries: FolderEntry[] } | { status: 'absent' } | { status: 'refused'; problem: Problem };

/**
 * List a folder of the project: each entry with its type, a symbolic link
 * resolved and refused when it leaves the project, loops or leads nowhere.
 * @param rootDir the project root.
 * @param absolute the folder.
 * @returns the entries, absent, or the problem of the folder itself.
 */
export function listFolder(rootDir: string, absolute: string): FolderListing {
  const file = relativePath(rootDir, absolute) || '.';
  const found = inspectPath(absolute, { root: rootDir });
  if (found.status === 'absent') return found;
  if (found.status === 'refused') return { status: 'refused', problem: refusalProblem(found.refusal, file) };
  if (found.kind !== 'folder') return { status: 'absent' };
  let dirents: fs.Dirent[];
  try {
    dirents = fs.readdirSync(absolute, { withFileTypes: true });
  } catch (error) {
    return { status: 'refused', problem: refusalProblem(systemRefusal(error, 'list', file), file) };
  }
  const entries = dirents.map((dirent): FolderEntry => {
    if (!dirent.isSymbolicLink()) return { name: dirent.name, kind: kindOf(dirent) };
    const target = inspectPath(path.join(absolute, dirent.name), { root: rootDir });
    if (target.status === 'found') return { name: dirent.name, kind: target.kind };
    if (target.status === 'absent') return { name: dirent.name, kind: undefined, refusal: { rule: 'file/dangling-link', message: 'is a symbolic link to nothing', hint: 'fix the link, or delete it' } };
    return { name: dirent.name, kind: undefined, refusal: target.refusal };
  });
  return { status: 'listed', entries };
}

/**
 * A refusal of the file policy as a problem of a file.
 * @param refusal why the file is not read.
 * @param file the file, relative to the project root.
 * @returns the problem, at the refusal's place when it has one.
 */
export function refusalProblem(refusal: FileRefusal, file: string): Problem {
  const place = refusal.line === undefined ? { file } : { file, line: refusal.line, column: refusal.column ?? 1 };
  return createProblem(refusal.rule, place, refusal.message, refusal.hint);
}

/**
 * Problems of a file that may not be quoted: every quoted value in their
 * messages and hints is left out, and so is the field path (keys are the
 * file's text too); YAML syntax messages, which quote the source, are
 * replaced. The line and column stay, so the author can still find the place.
 * @param problems the file's problems.
 * @returns the same problems without excerpts.
 */
export function withoutExcerpts(problems: readonly Problem[]): Problem[] {
  const mask = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '"…"');
  const note = 'values are not shown: the file is a symbolic link to a file outside the books folder';
  return problems.map((problem) => {
    const masked: Problem = {
      ...problem,
      path: '',
      message: problem.rule === 'yaml/syntax' ? 'the file is not valid YAML here' : mask(problem.message),
      hint: problem.hint === undefined ? note : `${mask(problem.hint)}; ${note}`,
    };
    return masked;
  });
}

function realFolder(folder: string): string {
  try {
    return fs.realpathSync.native(folder);
  } catch {
    return path.resolve(folder);
  }
}
