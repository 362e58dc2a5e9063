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
import { lstatSync, mkdirSync, readFileSync } from 'node:fs';
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
 * folder of its own, or a folder on the way is a link (it could lead out of
 * the project) or cannot be made: then every chapter is checked as without `--cache`.
 */
export function checkCache(root: string): CheckStoreOptions | undefined {
  // Folder by folder, without following links: a link here could lead anywhere.
  let dir = root;
  for (const [index, name] of CHECK_CACHE_DIR.split(path.sep).entries()) {
    dir = path.join(dir, name);
    try {
      if (!lstatSync(dir).isDirectory()) return undefined;
    } catch (error) {
      // node_modules itself is never made: a project without one is not installed.
      if (index === 0 || (error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
      try {
        mkdirSync(dir);
      } catch {
        // A folder that cannot be made (read-only, or made meanwhile by another run) keeps nothing this time.
        return undefined;
      }
    }
  }
  return { dir, salt: parserVersion() };
}

let version: string | undefined;

/**
 * The parser's code: checks made by another parser are not reused (the core's own code is in every key already).
 * @returns the parser module's digest and Sätteri's version.
 */
function parserVersion(): string {
  if (version) return version;
  const parser = fileURLToPath(chapterParserModule().url);
  const satteri = fileURLToPath(import.meta.resolve('satteri'));
  // Sätteri's package.json is not among its exports: it is read beside its entry point.
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(satteri), '..', 'package.json'), 'utf8')) as { version?: string };
  const digest = createHash('sha256').update(readFileSync(parser)).digest('hex').slice(0, 16);
  return (version = `parse@${digest} satteri@${manifest.version ?? 'unknown'}`);
}
