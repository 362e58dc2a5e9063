/**
 * Where `research-pack check --cache` keeps each chapter's check between
 * runs: `node_modules/.cache/research-pack/check/` in the project, one file
 * per chapter, named by the digest of everything the check read (the
 * chapter, its sidecars, its book's `book.yaml`), the date, and the code
 * that checked it (the core's and the parser's). A chapter whose files are
 * unchanged is not parsed or validated again; the checks across chapters
 * are made every time.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CheckStoreOptions } from '@research-pack/core/model';
import { parserVersion } from '@research-pack/markdown/parse';

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
