/**
 * Where `research-pack check --cache` keeps each chapter's check between
 * runs: `node_modules/.cache/research-pack/check/` in the project, one file
 * per chapter, named by the digest of everything the check read (the
 * chapter, its sidecars, its book's `book.yaml`), the date, and the code
 * that checked it (the core's and the parser's). A chapter whose files are
 * unchanged is not parsed or validated again; the checks across chapters
 * are made every time.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckStoreOptions } from '@research-pack/core/model';
import { chapterParserModule } from './project.js';

/** The store's folder, relative to the project root. */
export const CHECK_CACHE_DIR = path.join('node_modules', '.cache', 'research-pack', 'check');

/**
 * The store of a project's checks.
 * @param root the project root.
 * @returns the store, or undefined when the project has no `node_modules`
 * folder of its own, a folder on the way is a link (it could lead out of
 * the project) or cannot be made, or the parser's code cannot be read:
 * then every chapter is checked as without `--cache`.
 */
export function checkCache(root: string): CheckStoreOptions | undefined {
  const salt = parserVersion();
  if (salt === undefined) return undefined;
  // Folder by folder, without following links: a link here could lead anywhere.
  let dir = root;
  for (const [index, name] of CHECK_CACHE_DIR.split(path.sep).entries()) {
    dir = path.join(dir, name);
    // node_modules itself is never made: a project without one is not installed.
    if (!isOwnFolder(dir) && (index === 0 || !makeFolder(dir))) return undefined;
  }
  return { dir, salt };
}

/** A folder itself, not a link to one (unlike `project.ts`'s test of a folder the user names). */
function isOwnFolder(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Make a folder that is not there; true when it is a folder now (another run may have made it meanwhile). */
function makeFolder(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    // A folder that cannot be made (read-only, or a file in its place) keeps nothing this time.
    return (error as NodeJS.ErrnoException).code === 'EEXIST' && isOwnFolder(dir);
  }
}

let version: string | undefined | null;

/**
 * The parser's code: checks made by another parser are not reused (the
 * core's own code is in every key already).
 * @returns a digest of the parser's package (every module of its build) and
 * the version of the Sätteri it loads; undefined when they cannot be read
 * (then nothing is kept).
 */
function parserVersion(): string | undefined {
  if (version !== undefined) return version ?? undefined;
  try {
    const parser = fileURLToPath(chapterParserModule().url);
    const hash = createHash('sha256');
    const dist = path.dirname(parser);
    for (const name of readdirSync(dist).filter((file) => file.endsWith('.js')).sort()) hash.update(name).update('\0').update(readFileSync(path.join(dist, name))).update('\0');
    // The Sätteri the parser loads, found from the parser's own folder; its package.json is not among its exports, so it is read beside its entry point.
    const satteri = createRequire(parser).resolve('satteri');
    const manifest = JSON.parse(readFileSync(path.join(path.dirname(satteri), '..', 'package.json'), 'utf8')) as { version?: string };
    version = `parse@${hash.digest('hex').slice(0, 16)} satteri@${manifest.version ?? 'unknown'}`;
  } catch {
    version = null;
  }
  return version ?? undefined;
}
