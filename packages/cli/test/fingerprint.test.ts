/**
 * `research-pack fingerprint`, run as the real binary.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildModel } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './helpers.js';

describe('research-pack fingerprint', () => {
  it('prints the sha256 of the chapter snapshot', async () => {
    const result = await runCli(['fingerprint', 'content/books/pi/27-chapter.mdx']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^[0-9a-f]{64}\n$/);

    const { model } = buildModel({ rootDir: repoRoot, parse: (source, { format }) => parseChapter(source, { format }), today: '2026-11-29' });
    const chapter = model!.books[0]!.chapters.find((candidate) => candidate.slug === '27-chapter')!;
    const snapshotHash = createHash('sha256').update(chapter.snapshot, 'utf8').digest('hex');
    expect(result.stdout).toBe(`${snapshotHash}\n`);

    // The same bytes as the site's chapter-snapshot.txt, when the site was built.
    const built = path.join(repoRoot, 'dist/research/books/pi/27-chapter/chapter-snapshot.txt');
    const snapshot = await readFile(built, 'utf8').catch(() => undefined);
    if (snapshot === chapter.snapshot) expect(result.stdout).toBe(`${createHash('sha256').update(snapshot).digest('hex')}\n`);
  });

  it('resolves the file from the working folder', async () => {
    const fromBook = await runCli(['fingerprint', '27-chapter.mdx'], { cwd: path.join(repoRoot, 'content/books/pi') });
    const fromRoot = await runCli(['fingerprint', 'content/books/pi/27-chapter.mdx']);
    expect(fromBook).toEqual(fromRoot);
  });

  it('exits 2 for a missing file or a file that is not a chapter', async () => {
    const missing = await runCli(['fingerprint', 'content/books/pi/99-chapter.mdx']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('research-pack fingerprint: no such file: content/books/pi/99-chapter.mdx\nRun `research-pack fingerprint --help` for usage.\n');
    const yaml = await runCli(['fingerprint', 'content/books/pi/book.yaml']);
    expect(yaml.code).toBe(2);
    expect(yaml.stderr).toContain('research-pack fingerprint: expected a chapter file ending in .mdx or .md, got "content/books/pi/book.yaml"');
    const none = await runCli(['fingerprint']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('research-pack fingerprint: expected <chapter file>, got nothing');
  });
});
