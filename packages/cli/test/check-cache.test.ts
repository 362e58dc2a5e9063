/**
 * `research-pack check --cache`: each chapter's check kept in the project's
 * node_modules/.cache between runs, reused only while the chapter's files,
 * its book's book.yaml, the date and the code are the same. Run as the real
 * binary on copies of the demo book.
 */
import { mkdir, mkdtemp, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDemoBooks, editFile, removeProject, runCli } from './helpers.js';

const STORE = path.join('node_modules', '.cache', 'research-pack', 'check');

let root: string | undefined;
let outside: string | undefined;
afterEach(async () => {
  if (root) await removeProject(root);
  if (outside) await rm(outside, { recursive: true, force: true });
  root = outside = undefined;
});

/** A copy of the demo books with a node_modules folder of its own, as an installed project has. */
async function project(): Promise<string> {
  const made = await copyDemoBooks();
  await mkdir(path.join(made, 'node_modules'));
  return made;
}

/** The store's entries: name, inode and modification time of each. */
async function entries(project: string): Promise<Array<[string, number, number]>> {
  const dir = path.join(project, STORE);
  const names = (await readdir(dir)).sort();
  return Promise.all(names.map(async (name) => {
    const stats = await stat(path.join(dir, name));
    return [name, stats.ino, stats.mtimeMs] as [string, number, number];
  }));
}

async function chapterCount(project: string): Promise<number> {
  const books = path.join(project, 'content/books');
  let count = 0;
  for (const book of await readdir(books)) count += (await readdir(path.join(books, book))).filter((name) => name.endsWith('.mdx')).length;
  return count;
}

describe('research-pack check --cache', () => {
  it('keeps one check per chapter, prints what a check without it prints, and reuses them while nothing changed', async () => {
    root = await project();
    const plain = await runCli(['check', root, '--format', 'json']);
    expect(plain.code).toBe(0);
    // Without --cache nothing is kept.
    await expect(stat(path.join(root, STORE))).rejects.toThrow();

    const first = await runCli(['check', '--cache', root, '--format', 'json']);
    expect(first).toEqual(plain);
    const made = await entries(root);
    expect(made.map(([name]) => name).every((name) => /^[0-9a-f]{64}\.v8$/.test(name))).toBe(true);
    expect(made).toHaveLength(await chapterCount(root));

    const second = await runCli(['check', '--cache', root, '--format', 'json']);
    expect(second).toEqual(plain);
    // Read, not made again: the same files, untouched.
    expect(await entries(root)).toEqual(made);
  });

  it('keeps and reuses the same checks when chapters are checked on worker threads', async () => {
    root = await project();
    const threads = { env: { RESEARCH_PACK_THREADS: '3' } };
    const plain = await runCli(['check', root, '--format', 'json']);
    expect(await runCli(['check', '--cache', root, '--format', 'json'], threads)).toEqual(plain);
    const made = await entries(root);
    expect(made).toHaveLength(await chapterCount(root));
    // On one thread the workers' entries are read, not made again; and back on threads too.
    expect(await runCli(['check', '--cache', root, '--format', 'json'], { env: { RESEARCH_PACK_THREADS: '1' } })).toEqual(plain);
    expect(await runCli(['check', '--cache', root, '--format', 'json'], threads)).toEqual(plain);
    expect(await entries(root)).toEqual(made);
  });

  it('checks a chapter again once one of its files changed, and forgets the check it replaced', async () => {
    root = await project();
    expect((await runCli(['check', '--cache', root])).code).toBe(0);
    const before = await entries(root);

    const claims = path.join(root, 'content/books/pi/27-chapter.claims.yaml');
    await editFile(claims, '  - id: one-object-per-line\n    anchor: directive\n', '  - id: one-object-per-line\n    anchor: directive\n    sevrity: high\n');
    const broken = await runCli(['check', '--cache', root]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('claims[0].sevrity  unknown key "sevrity"');
    expect(broken).toEqual(await runCli(['check', root]));
    const after = await entries(root);
    expect(after).toHaveLength(before.length);
    // One entry replaced (the edited chapter's), the others kept as they were.
    expect(after.filter((entry) => !before.some(([name]) => name === entry[0]))).toHaveLength(1);
    expect(before.filter((entry) => after.some((kept) => kept[0] === entry[0] && kept[1] === entry[1] && kept[2] === entry[2]))).toHaveLength(before.length - 1);

    await editFile(claims, '    sevrity: high\n', '');
    expect((await runCli(['check', '--cache', root])).code).toBe(0);

    // The book's book.yaml is read by every chapter's check: a change to it checks them all again.
    const book = path.join(root, 'content/books/pi/book.yaml');
    await editFile(book, 'title: ', 'title: Edited ');
    expect((await runCli(['check', '--cache', root])).code).toBe(0);
    const rechecked = await entries(root);
    expect(rechecked.filter((entry) => before.some(([name]) => name === entry[0]))).toEqual([]);
  });

  it('does not reuse a check made for another date', async () => {
    root = await project();
    expect((await runCli(['check', '--cache', root])).code).toBe(0);
    // Evidence recorded on 2026-11-29 lies in the future for a check dated 2026-11-01.
    const earlier = await runCli(['check', '--cache', '--as-of', '2026-11-01', root]);
    expect(earlier.code).toBe(1);
    expect(earlier.stderr).toMatch(/\[cross\/future-date\]/);
    expect(earlier).toEqual(await runCli(['check', '--as-of', '2026-11-01', root]));
  });

  it('keeps nothing in a project without a node_modules folder of its own, or where the folder leads out of the project', async () => {
    root = await copyDemoBooks();
    const plain = await runCli(['check', root]);
    expect(await runCli(['check', '--cache', root])).toEqual(plain);
    await expect(stat(path.join(root, 'node_modules'))).rejects.toThrow();

    outside = await mkdtemp(path.join(os.tmpdir(), 'research-pack-outside-'));
    await mkdir(path.join(root, 'node_modules'));
    await symlink(outside, path.join(root, 'node_modules', '.cache'));
    expect(await runCli(['check', '--cache', root])).toEqual(plain);
    // Nothing is made or stored through the link.
    expect(await readdir(outside)).toEqual([]);

    // A link further down, or a file where a folder should be: the same.
    await rm(path.join(root, 'node_modules', '.cache'));
    await mkdir(path.join(root, 'node_modules', '.cache'));
    await symlink(outside, path.join(root, 'node_modules', '.cache', 'research-pack'));
    expect(await runCli(['check', '--cache', root])).toEqual(plain);
    expect(await readdir(outside)).toEqual([]);
    await rm(path.join(root, 'node_modules', '.cache'), { recursive: true });
    await writeFile(path.join(root, 'node_modules', '.cache'), 'not a folder\n');
    expect(await runCli(['check', '--cache', root])).toEqual(plain);
  });

  it('checks a chapter again when one of its files is reached through a new link to the same bytes', async () => {
    root = await project();
    expect((await runCli(['check', '--cache', root])).code).toBe(0);
    const before = await entries(root);
    const claims = path.join(root, 'content/books/pi/27-chapter.claims.yaml');
    const moved = path.join(root, 'content/books/pi/elsewhere.yaml.txt');
    await rename(claims, moved);
    await symlink(path.basename(moved), claims);
    const linked = await runCli(['check', '--cache', root]);
    expect(linked).toEqual(await runCli(['check', root]));
    const after = await entries(root);
    expect(after.filter((entry) => !before.some(([name]) => name === entry[0]))).toHaveLength(1);
  });

  it('is listed in check --help', async () => {
    const help = await runCli(['check', '--help']);
    expect(help.stdout).toContain('--cache');
    expect(help.stdout).toContain('node_modules/.cache/research-pack/check/');
  });
});
