/**
 * How the CLI finds a project and its settings: the nearest folder with a
 * research-pack.config.* (or an astro.config.*), the settings the site uses
 * (content folder, chapter and research URLs, site), Starlight's defaults
 * when the project depends on it, and the flags over all of them.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STALE_NOTE, repoRoot, runCli } from './helpers.js';

let roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
  roots = [];
});

/** A project whose books are in `dir`, with the given files beside them. */
async function project(dir: string, files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'research-pack-project-'));
  roots.push(root);
  await mkdir(path.join(root, dir), { recursive: true });
  await cp(path.join(repoRoot, 'content/books/pi'), path.join(root, dir, 'pi'), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

describe('project discovery', () => {
  it('reads research-pack.config.mjs from a folder below the project: content folder, chapter URLs and site', async () => {
    const root = await project('books', {
      'research-pack.config.mjs': "export default { contentDir: 'books', chapters: '/', site: 'https://example.org/docs' };\n",
      'src/notes/.keep': '',
    });
    const cwd = path.join(root, 'src/notes');
    expect(await runCli(['check', '--as-of', '2026-11-29'], { cwd })).toEqual({ code: 0, stdout: 'No problems in books.\n', stderr: DEMO_STALE_NOTE.replaceAll('content/books/', 'books/') });
    const brief = await runCli(['brief', 'pi/27-chapter', '--as-of', '2026-11-29'], { cwd });
    expect(brief.code, brief.stderr).toBe(0);
    expect(brief.stdout).toContain('https://example.org/docs/pi/27-chapter/');
    expect(brief.stdout).toContain('https://example.org/docs/research/books/pi/27-chapter/');
    // --site still wins over the file.
    const flagged = await runCli(['brief', 'pi/27-chapter', '--as-of', '2026-11-29', '--site', 'https://other.org'], { cwd });
    expect(flagged.stdout).toContain('https://other.org/pi/27-chapter/');
  });

  it("uses Starlight's defaults when the project depends on @astrojs/starlight", async () => {
    const root = await project('src/content/docs', {
      'package.json': JSON.stringify({ name: 'site', dependencies: { '@astrojs/starlight': '^0.42.4' } }),
      'astro.config.mjs': 'export default {};\n',
      'src/content/docs/pi/27-chapter.mdx': '---\ntitle: The Session File Format\nsidebar:\n  order: 27\ndescription: Sessions on disk.\n---\n\nText.\n',
    });
    // Chapter 27 is now a Starlight page with no sidecars: its number comes from sidebar.order.
    for (const kind of ['claims', 'evidence', 'research']) await rm(path.join(root, `src/content/docs/pi/27-chapter.${kind}.yaml`));
    await writeFile(path.join(root, 'src/content/docs/index.mdx'), '---\ntitle: Home\n---\n');
    await mkdir(path.join(root, 'src/content/docs/guides'));
    await writeFile(path.join(root, 'src/content/docs/guides/intro.md'), '---\ntitle: Intro\n---\n');
    const status = await runCli(['status', '--format', 'json', '--as-of', '2026-11-29'], { cwd: root });
    expect(status.stderr).toBe('');
    const report = JSON.parse(status.stdout) as { books: Array<{ slug: string; chapters: Array<{ slug: string; number: number; url: string }> }> };
    expect(report.books.map((book) => book.slug)).toEqual(['pi']);
    expect(report.books[0]!.chapters.find((chapter) => chapter.slug === '27-chapter')).toMatchObject({ number: 27 });
    expect(status.stdout).toContain('"/pi/27-chapter/"');
  });

  it('says which config file named a books folder that does not exist', async () => {
    const root = await project('books', { 'research-pack.config.json': '{ "contentDir": "content/missing" }' });
    const result = await runCli(['check'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`has no folder content/missing (from research-pack.config.json)`);
  });

  it('refuses a config file with an unknown key, naming it', async () => {
    const root = await project('content/books', { 'research-pack.config.mjs': 'export default { chapter: "/" };\n' });
    const result = await runCli(['check'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Invalid research-pack.config.mjs:\n- "chapter" (did you mean "chapters"?): unknown option; known options are contentDir, chapters');
  });
});
