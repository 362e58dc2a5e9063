/**
 * Chapter checks kept across builds: a chapter whose files (its text, its
 * sidecars, its book's `book.yaml`), build date and reading options are the
 * same as in an earlier build is not read again; its check is taken from a
 * folder on disk (one file per chapter, named by the digest of all of that,
 * and of the code that checked it). A second build after one sidecar edit
 * reads that chapter only.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { ChapterEntry } from '../load/books.js';
import type { ModelCache } from '../load/cache.js';
import { byFileStamp } from '../load/book-files.js';
import { readFileBytes } from '../load/read-file.js';
import type { ChapterCheck } from './check.js';

/** Where checks are kept, and what they depend on besides the chapter's own files. */
export interface CheckStoreOptions {
  /** The folder (created when needed), e.g. `node_modules/.astro/research-pack/chapters`. */
  dir: string;
  /** What else the checks depend on: the parser's version, for instance. */
  salt?: string | undefined;
}

/** What a chapter's check is computed from, and where its stored copy is. */
export interface ChapterKey {
  /** Hex digest of everything the check depends on. */
  digest: string;
}

let codeVersion: string | undefined;

/**
 * A digest of the core's own code: a check made by other code is not reused.
 * @returns hex digest of every module of this package's build.
 */
export function coreCodeVersion(): string {
  if (codeVersion) return codeVersion;
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) hash.update(entry.name).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  walk(root);
  return (codeVersion = hash.digest('hex'));
}

/**
 * The key of a chapter's check: its files' texts, its book's `book.yaml`,
 * the date, the frontmatter mode, the paths problems name, the salt and the
 * core's code.
 * @param rootDir the project root.
 * @param bookSource the text of the book's `book.yaml` (undefined when it has none).
 * @param entry the chapter file and its sidecars.
 * @param bookDir the book's folder.
 * @param asOf the build's date.
 * @param salt what else the check depends on.
 * @param cache the model cache, when the caller keeps one (see `fileDigest`).
 * @returns the key; undefined when a file cannot be read (the check reports it, and is not stored).
 */
export function chapterKey(rootDir: string, bookSource: string | undefined, entry: ChapterEntry, bookDir: string, asOf: string, salt = '', cache?: ModelCache): ChapterKey | undefined {
  const hash = createHash('sha256');
  hash.update(coreCodeVersion()).update('\0').update(salt).update('\0').update(asOf).update('\0').update(entry.frontmatter ?? 'strict').update('\0');
  hash.update(path.resolve(rootDir)).update('\0').update(entry.path).update('\0').update(bookSource ?? '\u0001none').update('\0');
  const chapter = fileDigest(rootDir, entry.path, cache);
  if (!chapter) return undefined;
  hash.update(chapter).update('\0');
  for (const kind of ['claims', 'evidence', 'research'] as const) {
    const name = entry.sidecars[kind];
    hash.update(kind).update('\0');
    if (!name) continue;
    const digest = fileDigest(rootDir, path.join(bookDir, name), cache);
    if (!digest) return undefined;
    hash.update(name).update('\0').update(digest).update('\0');
  }
  return { digest: hash.digest('hex') };
}

/**
 * The digest of a file's bytes and of where they were found (its real path,
 * and the link it was reached through, if any), read under the file policy
 * as the check reads it; undefined when the policy refuses it (the check reports it).
 * With a cache (the dev server's), a file whose stamp is unchanged is not
 * read again: a reload after one save would otherwise read the whole book.
 */
function fileDigest(rootDir: string, file: string, cache: ModelCache | undefined): string | undefined {
  const digest = (): string | undefined => {
    const read = readFileBytes(file, { root: rootDir });
    if (read.status !== 'read') return undefined;
    // Where the bytes were found counts too: a problem quotes a file only when the policy lets it (not one linked in from elsewhere).
    const { real, link } = read.found;
    return createHash('sha256').update(real).update('\0').update(link ?? '').update('\0').update(read.bytes).digest('hex');
  };
  return cache ? byFileStamp(cache, 'bytes', rootDir, file, '', digest, (made) => made !== undefined) : digest();
}

/** Checks this process read or made, by store folder and digest. */
const remembered = new Map<string, Map<string, ChapterCheck>>();

/** Checks kept on disk, one file per chapter. */
export interface CheckStore {
  /** The stored check of a key, if any (a file that cannot be read counts as none). */
  get(key: ChapterKey): ChapterCheck | undefined;
  /** The stored check of a key and its bytes as stored (`v8.serialize`), when it was read from the folder now; else as `get`. */
  getWithBytes?(key: ChapterKey): { check: ChapterCheck; bytes?: Uint8Array } | undefined;
  /** Keep a check under its key; `bytes`, when given, are its `v8.serialize`d form, written as they are. */
  set(key: ChapterKey, check: ChapterCheck, bytes?: Uint8Array): void;
  /** Write the checks kept since the last flush, with `deferWrites` (without, `set` writes at once and this does nothing). */
  flush(): void;
}

/**
 * A store in a folder. Writes are atomic (a file is written beside and
 * renamed), so a build that stops halfway leaves no broken entry; a store
 * that cannot be written (a read-only folder) is simply not kept.
 * @param options the folder.
 * @param deferWrites keep what `set` is given in memory until `flush`: a
 *   worker writes its checks once it has posted them, so that the thread
 *   waiting for them does not wait for the disk too.
 * @returns the store.
 */
export function folderCheckStore(options: CheckStoreOptions, deferWrites = false): CheckStore {
  const file = (key: ChapterKey) => path.join(options.dir, `${key.digest}.v8`);
  // Checks read or made by this process (a dev server rebuilds the model after every save).
  let memory = remembered.get(options.dir);
  if (!memory) remembered.set(options.dir, (memory = new Map()));
  const known = memory;
  let made = false;
  const pending: Array<[ChapterKey, ChapterCheck, Uint8Array | undefined]> = [];
  const write = (key: ChapterKey, check: ChapterCheck, bytes: Uint8Array | undefined) => {
    try {
      if (!made) fs.mkdirSync(options.dir, { recursive: true });
      made = true;
      const target = file(key);
      const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      fs.writeFileSync(temporary, bytes ?? serialize(check));
      fs.renameSync(temporary, target);
    } catch {
      // A cache that cannot be written is not kept; the build goes on.
    }
  };
  const read = (key: ChapterKey): { check: ChapterCheck; bytes?: Uint8Array } | undefined => {
    const held = known.get(key.digest);
    if (held) return { check: held };
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file(key));
    } catch {
      return undefined;
    }
    try {
      const check = deserialize(bytes) as ChapterCheck;
      known.set(key.digest, check);
      return { check, bytes };
    } catch {
      return undefined;
    }
  };
  return {
    get: (key) => read(key)?.check,
    getWithBytes(key) {
      const found = read(key);
      // A small file is read into Node's shared pool: a view of it would post (and keep) the whole pool.
      if (found?.bytes && found.bytes.byteLength !== found.bytes.buffer.byteLength) found.bytes = new Uint8Array(found.bytes);
      return found;
    },
    set(key, check, bytes) {
      known.set(key.digest, check);
      if (deferWrites) pending.push([key, check, bytes]);
      else write(key, check, bytes);
    },
    flush() {
      for (const [key, check, bytes] of pending.splice(0)) write(key, check, bytes);
    },
  };
}

/** How long a store's temporary file counts as being written. */
const IN_PROGRESS_MS = 60_000;

/**
 * Remove stored checks not among the keys of the last build (deleted or edited chapters).
 * @param dir the store's folder.
 * @param keep the digests to keep.
 */
export function pruneCheckStore(dir: string, keep: ReadonlySet<string>): void {
  const memory = remembered.get(dir);
  if (memory) for (const digest of memory.keys()) if (!keep.has(digest)) memory.delete(digest);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    const digest = name.replace(/\.v8$/, '');
    if (name.endsWith('.v8') && keep.has(digest)) continue;
    try {
      // A file being written (a worker stores its checks after posting them; another build may be writing too) is left alone; one left by a stopped build goes later.
      if (name.endsWith('.tmp') && now - fs.statSync(path.join(dir, name)).mtimeMs < IN_PROGRESS_MS) continue;
      fs.rmSync(path.join(dir, name), { force: true });
    } catch {
      // Another build may be writing there; leave it.
    }
  }
}

/** A check, from the store when its key is there, else made and stored. */
export interface StoredCheck {
  check: ChapterCheck;
  /** The key's digest (undefined when a file could not be read). */
  digest: string | undefined;
  /** The check's `v8.serialize`d form, when it was read from the store's folder or made (with `serialized`) for it. */
  bytes?: Uint8Array | undefined;
}

/**
 * Check a chapter, or take its check from the store.
 * @param store the store and its salt.
 * @param rootDir the project root.
 * @param book the book: its folder and the text of its `book.yaml`.
 * @param entry the chapter.
 * @param asOf the build's date.
 * @param check makes the check when it is not stored.
 * @param cache the model cache, when the caller keeps one: files whose stamps are unchanged are not read again for the key.
 * @param serialized also return the check's serialized form (`bytes`), for a caller that posts it on: made once, for the store and the message.
 * @returns the check and its key.
 */
export function storedCheck(
  store: { store: CheckStore; salt?: string | undefined },
  rootDir: string,
  book: { dir: string; source: string | undefined },
  entry: ChapterEntry,
  asOf: string,
  check: () => ChapterCheck,
  cache?: ModelCache,
  serialized = false,
): StoredCheck {
  const key = chapterKey(rootDir, book.source, entry, book.dir, asOf, store.salt, cache);
  const kept = key ? (store.store.getWithBytes ? store.store.getWithBytes(key) : wrap(store.store.get(key))) : undefined;
  if (kept) return { check: kept.check, digest: key!.digest, ...(kept.bytes ? { bytes: kept.bytes } : {}) };
  const made = check();
  // One serialization for the store and for whoever posts the check on (a worker thread).
  const bytes = serialized && key ? serialize(made) : undefined;
  if (key) store.store.set(key, made, bytes);
  return { check: made, digest: key?.digest, ...(bytes ? { bytes } : {}) };
}

function wrap(check: ChapterCheck | undefined): { check: ChapterCheck; bytes?: Uint8Array } | undefined {
  return check && { check };
}
