/**
 * `research-pack fingerprint`, run as the real binary.
 */
import { createHash } from 'node:crypto';
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildModel } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { describe, expect, it } from 'vitest';
import { copyDemoBooks, removeProject, repoRoot, runCli } from './helpers.js';

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

  it("refuses a chapter nested 50,000 deep at its place, without a stack trace (an outside reviewer's finding)", async () => {
    const root = await copyDemoBooks();
    try {
      const file = 'content/books/pi/27-chapter.mdx';
      const line = (await readFile(path.join(root, file), 'utf8')).split('\n').length + 1;
      await appendFile(path.join(root, file), `\n${'>'.repeat(50_000)} deep\n`);
      const result = await runCli(['fingerprint', file], { cwd: root });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `research-pack fingerprint: ${file}:${line}:65  blocks and elements are nested more than 64 levels deep here, so the chapter is not read  (hint: a chapter nests a few levels at most (blockquotes, lists, emphasis, links, directives and tags inside one another): look for a line that opens with a long run of ">" or list markers, or "[", "(", "{" and tags left open; a line meant as code goes in a fenced code block)  [chapter/too-deep]\n`,
      );
      // Deep enough to be refused, shallow enough to be parsed: the same place, from the tree.
      await appendFile(path.join(root, 'content/books/pi/28-chapter.mdx'), `\n${'- '.repeat(100)}deep\n`);
      const listed = await runCli(['fingerprint', 'content/books/pi/28-chapter.mdx'], { cwd: root });
      expect(listed.code).toBe(1);
      expect(listed.stderr).toMatch(/^research-pack fingerprint: content\/books\/pi\/28-chapter\.mdx:\d+:65  blocks and elements are nested more than 64 levels deep here[^\n]*\[chapter\/too-deep\]\n$/);
    } finally {
      await removeProject(root);
    }
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
