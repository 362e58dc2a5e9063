/**
 * `research-pack brief`, run as the real binary: the same bytes as the
 * site's brief.md and as the core renderer.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildModel, renderBrief, toDateString } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { describe, expect, it } from 'vitest';
import { copyDemoBooks, editFile, removeProject, repoRoot, runCli } from './helpers.js';

const built = path.join(repoRoot, 'dist/research/books/pi/27-chapter/brief.md');

/** The built brief, when `npm run build` ran after the last change to the demo book. */
function freshBuild(): boolean {
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  const book = path.join(repoRoot, 'content/books/pi');
  return readdirSync(book, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .every((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs <= builtAt);
}

describe('research-pack brief', () => {
  it('prints what the core renderer renders for the same model, site and date', async () => {
    const result = await runCli(['brief', 'pi/27-chapter', '--site', 'https://books.example.org', '--as-of', '2026-11-29']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');

    const { model, problems } = buildModel({ rootDir: repoRoot, parse: (source, { format }) => parseChapter(source, { format }), today: '2026-11-29' });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const book = model!.books.find((candidate) => candidate.slug === 'pi')!;
    const chapter = book.chapters.find((candidate) => candidate.slug === '27-chapter')!;
    expect(result.stdout).toBe(renderBrief(book, chapter, { site: 'https://books.example.org', chapters: '/books', research: '/research' }));
    expect(result.stdout).toContain(`Chapter prose fingerprint (sha256 of chapter-snapshot.txt): ${chapter.fingerprint}`);
  });

  it.skipIf(!freshBuild())('is byte-identical to the brief.md of the last site build', async () => {
    // The build computed "review due" for the day it ran; ask for the same day.
    const day = toDateString(statSync(built).mtime);
    const result = await runCli(['brief', 'pi/27-chapter', '--site', 'https://books.example.org', '--as-of', day]);
    expect(result.code).toBe(0);
    const expected = await readFile(built, 'utf8');
    expect(createHash('sha256').update(result.stdout).digest('hex')).toBe(createHash('sha256').update(expected).digest('hex'));
    expect(result.stdout).toBe(expected);
  });

  it('takes the site from RESEARCH_PACK_SITE, and makes links root-relative without one', async () => {
    const fromEnv = await runCli(['brief', 'pi/27-chapter', '--as-of', '2026-11-29'], { env: { RESEARCH_PACK_SITE: 'https://books.example.org/' } });
    const fromFlag = await runCli(['brief', 'pi/27-chapter', '--as-of', '2026-11-29', '--site', 'https://books.example.org']);
    expect(fromEnv.stdout).toBe(fromFlag.stdout);
    const relative = await runCli(['brief', 'pi/27-chapter', '--as-of', '2026-11-29']);
    expect(relative.stdout).toContain('Research pack:   /research/books/pi/27-chapter/');
    expect(relative.stdout).not.toContain('books.example.org');
    // Said, since the brief is for someone outside the site (an outside author's finding: it was mailed with links to nowhere).
    expect(relative.stderr).toBe("note: no site URL, so the brief's links are root-relative (/…) and lead nowhere outside the site: give --site <url>, or `site` in the project's research-pack.config (the CLI does not read Astro's config)\n");
    expect(fromFlag.stderr).toBe('');
  });

  it('exits 2 naming the known chapters when the chapter is unknown', async () => {
    const result = await runCli(['brief', 'pi/29-chapter']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'research-pack brief: no chapter "29-chapter" in book "pi"; chapters: pi/26-chapter, pi/27-chapter, pi/28-chapter\nRun `research-pack brief --help` for usage.\n',
    );
    const book = await runCli(['brief', 'py/27-chapter']);
    expect(book.code).toBe(2);
    expect(book.stderr).toContain('research-pack brief: no book "py" (did you mean "pi"?); books: pi\n');
    // A slip of a chapter's name is named (a newcomer's finding); another number is another chapter, not a slip.
    expect((await runCli(['brief', '27-chaptr'])).stderr).toContain('research-pack brief: no chapter "27-chaptr" in book "pi" (did you mean "pi/27-chapter"?); chapters: pi/26-chapter');
    // The number alone names the one chapter it begins (an outside author's finding).
    expect((await runCli(['brief', '28'])).stderr).toContain('research-pack brief: no chapter "28" in book "pi" (did you mean "pi/28-chapter"?); chapters: pi/26-chapter');
  });

  it("takes a chapter's file or a sidecar of it for the chapter, as a path or a file name", async () => {
    const expected = (await runCli(['brief', 'pi/27-chapter', '--as-of', '2026-11-29'])).stdout;
    // A sidecar beside the chapter names it too (an outside author typed the claims file's path).
    for (const named of ['content/books/pi/27-chapter.mdx', '27-chapter.mdx', './content/books/pi/27-chapter.mdx', 'content/books/pi/27-chapter.claims.yaml', '27-chapter.research.yaml']) {
      const result = await runCli(['brief', named, '--as-of', '2026-11-29']);
      expect(result.code, `${named}: ${result.stderr}`).toBe(0);
      expect(result.stdout, named).toBe(expected);
    }
  });

  it('takes the chapter alone in a project of one book, and asks for the book in a project of several', async () => {
    const alone = await runCli(['brief', '27-chapter', '--as-of', '2026-11-29']);
    expect(alone.code, alone.stderr).toBe(0);
    expect(alone.stdout).toBe((await runCli(['brief', 'pi/27-chapter', '--as-of', '2026-11-29'])).stdout);
    expect((await runCli(['brief', '29-chapter'])).stderr).toContain('research-pack brief: no chapter "29-chapter" in book "pi"; chapters: pi/26-chapter');
    const root = await copyDemoBooks();
    try {
      await cp(path.join(root, 'content/books/pi'), path.join(root, 'content/books/second'), { recursive: true });
      await editFile(path.join(root, 'content/books/second/book.yaml'), 'slug: pi', 'slug: second');
      const several = await runCli(['brief', '27-chapter', '--root', root]);
      expect(several.code).toBe(2);
      expect(several.stderr).toContain('research-pack brief: expected <book>/<chapter>, e.g. pi/27-chapter, got "27-chapter" (the project has 2 books: pi, second)\n');
    } finally {
      await removeProject(root);
    }
  });
});
