/**
 * Copies of the demo project for hostile-file tests, in the system temp
 * folder (readable by the unprivileged user, so that `nobody` can run
 * commands on them), with a report for chapter 28 that reads its current
 * revision.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractChapterText } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { NOBODY } from './capabilities.js';
import { repoRoot } from './project.js';

/** The demo book's folder in a project. */
export const BOOK = 'content/books/pi';
/** The fingerprint `first-pass-28.md` was written against. */
const WRITTEN_AGAINST = 'a57d122400449c909fb5ea69bbb4388ad71a842b1c1eadb4578dfc22dc416772';

const made: string[] = [];

/**
 * A fresh copy of the demo project: `content/`, `research-pack.config.mjs`
 * and `incoming/r28.md` (the fixture report for chapter 28, `By:` replaced
 * when `by` is given).
 * @param options `owner: 'nobody'` gives the whole copy to the unprivileged user.
 * @returns the project root.
 */
export function hostileProject(options: { owner?: 'nobody' } = {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-hostile-'));
  made.push(root);
  fs.chmodSync(root, 0o755);
  fs.cpSync(path.join(repoRoot, 'content'), path.join(root, 'content'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'research-pack.config.mjs'), path.join(root, 'research-pack.config.mjs'));
  fs.mkdirSync(path.join(root, 'incoming'));
  fs.writeFileSync(path.join(root, 'incoming/r28.md'), report28(root));
  if (options.owner === 'nobody') execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, root]);
  return root;
}

/**
 * The fixture report for chapter 28, reading the chapter as it is in a project.
 * @param root the project.
 * @param by who made the pass (default the fixture's "A. Researcher").
 * @returns the report's text.
 */
export function report28(root: string, by?: string): string {
  const chapter = fs.readFileSync(path.join(root, BOOK, '28-chapter.mdx'), 'utf8');
  const fingerprint = extractChapterText(parseChapter(chapter, { format: 'mdx' })).fingerprint;
  const text = fs.readFileSync(path.join(repoRoot, 'packages/cli/test/fixtures/reports/first-pass-28.md'), 'utf8').replaceAll(WRITTEN_AGAINST, fingerprint);
  return by === undefined ? text : text.replace('By: A. Researcher', `By: ${by}`);
}

/**
 * Every file of a folder by path, as a hash of its bytes and its mode (links and special files by what they are).
 * @param dir the folder.
 * @returns path → description, sorted.
 */
export function snapshotFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const file = path.join(dir, name);
    const stats = fs.lstatSync(file);
    if (stats.isFile()) files[name] = `${createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16)} ${(stats.mode & 0o777).toString(8)}`;
    else if (stats.isSymbolicLink()) files[name] = `-> ${fs.readlinkSync(file)}`;
    else if (!stats.isDirectory()) files[name] = 'special';
  }
  return files;
}

/** Remove every project made, whatever was done to its files (immutable, mode 000, read-only folders). */
export function removeHostileProjects(): void {
  for (const root of made.splice(0)) {
    try {
      execFileSync('chattr', ['-R', '-i', root], { stdio: 'ignore' });
    } catch {
      // Nothing immutable, or no chattr.
    }
    try {
      execFileSync('chmod', ['-R', 'u+rwX', root], { stdio: 'ignore' });
    } catch {
      // A dangling link: chmod says so, and the rest is done.
    }
    fs.rmSync(root, { recursive: true, force: true });
  }
}
