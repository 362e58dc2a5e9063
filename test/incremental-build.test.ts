/**
 * Astro's incremental builds (`experimental.incrementalBuild`): a page whose
 * route returns a `cacheKey` is restored from the build before when the key,
 * its code and the code of the content it renders are unchanged. The demo
 * with the flag on, one chapter in Markdown (`.md`) and the others in MDX.
 * Its chapter route keys the MDX chapters by their file (`cacheKey:
 * entry.digest`, as Astro's docs show) and the Markdown one as the README
 * says (`chapterCacheKey(entry)`: Astro 7.4 compares nothing of a Markdown
 * entry's module). After a sidecar edit the chapter's page and its research
 * pack are rendered again and show the edit (the model's verdicts and
 * evidence are in no module: without the page revision built into the
 * chapter's module, or the key, Astro restored the old page), the other
 * chapters' pages and packs are restored, a build with nothing changed
 * restores them all, and the output is the same bytes as a fresh build of
 * the edited book. A route that keys the Markdown chapter by its file too
 * is warned of, the chapter named.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAstro, type RunResult } from './helpers/project.js';
import { buildDemo, listFiles, SOURCE_DATE_EPOCH, type SiteBuild } from './helpers/site-build.js';

const CLAIMS = 'content/books/pi/27-chapter.claims.yaml';
const RATIONALE = 'The format notes shipped with pi 1.6.0 describe sessions';
const EDITED = 'The format notes, read again for this rebuild, describe sessions';
/** Chapter 28, in Markdown here: its first claim has no rationale yet. */
const MD_CLAIMS = 'content/books/pi/28-chapter.claims.yaml';
const MD_UNVERIFIED = '    verdict:\n      status: unverified\n    priority: medium\n';
const MD_RATIONALE = 'A rationale given for this rebuild of the Markdown chapter.';
const ROUTE = 'src/pages/books/[book]/[chapter].astro';
const PAGES = ['26', '27', '28'].flatMap((chapter) => [`/books/pi/${chapter}-chapter/index.html`, `/research/books/pi/${chapter}-chapter/index.html`]);

/** The MDX chapters keyed by their file, the Markdown one by `chapterCacheKey`. */
const MIXED_KEY = "entry.filePath.endsWith('.md') ? chapterCacheKey(entry) : entry.digest";

/** The flag on, the chapter route keyed by `key`, and chapter 28 in Markdown. */
function incremental(dir: string, key = MIXED_KEY): void {
  renameSync(path.join(dir, 'content/books/pi/28-chapter.mdx'), path.join(dir, 'content/books/pi/28-chapter.md'));
  const config = path.join(dir, 'astro.config.mjs');
  const text = readFileSync(config, 'utf8');
  writeFileSync(config, text.replace('export default defineConfig({', 'export default defineConfig({\n  experimental: { incrementalBuild: true },'));
  const route = path.join(dir, ROUTE);
  const routeText = readFileSync(route, 'utf8');
  const keyed = routeText
    .replace('props: { entry } };', `props: { entry }, cacheKey: ${key} };`)
    .replace("import { getCollection, render } from 'astro:content';", "$&\nimport { chapterCacheKey } from '@research-pack/astro/runtime';");
  if (!keyed.includes(`cacheKey: ${key}`) || !keyed.includes('chapterCacheKey }')) throw new Error(`${ROUTE} no longer has the getStaticPaths this test keys`);
  writeFileSync(route, keyed);
}

function edit(dir: string, file: string, from: string, to: string): void {
  const text = readFileSync(path.join(dir, file), 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer has the text this test edits`);
  writeFileSync(path.join(dir, file), text.replace(from, to));
}
const editRationale = (dir: string) => edit(dir, CLAIMS, RATIONALE, EDITED);
const addMarkdownRationale = (dir: string) => edit(dir, MD_CLAIMS, MD_UNVERIFIED, MD_UNVERIFIED.replace('unverified\n', `unverified\n      rationale: ${MD_RATIONALE}\n`));

/**
 * The pages Astro skipped and those it rendered, from its log: `├─ /path/index.html (+12ms)` or `(+1.20s)` when
 * rendered; `(restored)` when copied back from its cache, `(cached)` when skipped with the file still in the output.
 */
function pagesOf(output: string): { restored: string[]; rendered: string[] } {
  const restored: string[] = [];
  const rendered: string[] = [];
  for (const match of output.matchAll(/[├└]─ (\S+\.html) \((restored|cached|\+[\d.]+m?s)\)/g)) (match[2]!.startsWith('+') ? rendered : restored).push(match[1]!);
  return { restored, rendered };
}

describe('incremental builds', () => {
  let first: SiteBuild;
  let again: RunResult;
  let againMarkdown: RunResult;
  let unchanged: RunResult;
  const pageOf = (file: string) => readFileSync(path.join(first.dist, file), 'utf8');
  let afterEdit: { mdx: string; mdxPack: string };
  let fresh: SiteBuild;

  beforeAll(async () => {
    first = await buildDemo('incremental-build', { prepare: incremental });
    expect(first.code, first.output).toBe(0);
    editRationale(first.dir);
    again = await runAstro(first.dir, ['build'], { SOURCE_DATE_EPOCH });
    expect(again.code, again.stderr).toBe(0);
    afterEdit = { mdx: pageOf('books/pi/27-chapter/index.html'), mdxPack: pageOf('research/books/pi/27-chapter/index.html') };
    addMarkdownRationale(first.dir);
    againMarkdown = await runAstro(first.dir, ['build'], { SOURCE_DATE_EPOCH });
    expect(againMarkdown.code, againMarkdown.stderr).toBe(0);
    unchanged = await runAstro(first.dir, ['build'], { SOURCE_DATE_EPOCH });
    expect(unchanged.code, unchanged.stderr).toBe(0);
    fresh = await buildDemo('incremental-build-fresh', { prepare: (dir) => (incremental(dir), editRationale(dir), addMarkdownRationale(dir)) });
    expect(fresh.code, fresh.output).toBe(0);
  });

  it('renders every page in the first build, and names no chapter', () => {
    const { restored, rendered } = pagesOf(first.stdout);
    expect(restored).toEqual([]);
    expect(rendered).toEqual(expect.arrayContaining(PAGES));
    expect(first.output).not.toContain('With incremental builds on');
  });

  it('renders the edited chapter\'s page and research pack again, with the edit, and restores the others', () => {
    const { rendered, restored } = pagesOf(again.stdout);
    expect(PAGES.filter((page) => rendered.includes(page))).toEqual(['/books/pi/27-chapter/index.html', '/research/books/pi/27-chapter/index.html']);
    expect(PAGES.filter((page) => restored.includes(page))).toEqual(PAGES.filter((page) => !page.includes('27-chapter')));
    expect(afterEdit.mdx).toContain(EDITED);
    expect(afterEdit.mdx).not.toContain(RATIONALE);
    expect(afterEdit.mdxPack).toContain(EDITED);
  });

  it('does the same for a Markdown chapter', () => {
    const { rendered, restored } = pagesOf(againMarkdown.stdout);
    expect(PAGES.filter((page) => rendered.includes(page))).toEqual(['/books/pi/28-chapter/index.html', '/research/books/pi/28-chapter/index.html']);
    expect(PAGES.filter((page) => restored.includes(page))).toEqual(PAGES.filter((page) => !page.includes('28-chapter')));
    expect(pageOf('books/pi/28-chapter/index.html')).toContain(MD_RATIONALE);
    expect(pageOf('books/pi/27-chapter/index.html')).toContain(EDITED);
  });

  it('restores every chapter page and research pack when nothing changed', () => {
    const { restored } = pagesOf(unchanged.stdout);
    expect(PAGES.filter((page) => restored.includes(page))).toEqual(PAGES);
  });

  it('writes the same bytes as a fresh build of the edited book', () => {
    const files = listFiles(first.dist);
    expect(files).toEqual(listFiles(fresh.dist));
    const differing = files.filter((file) => !readFileSync(path.join(fresh.dist, file)).equals(readFileSync(path.join(first.dist, file))));
    expect(differing).toEqual([]);
  });
});

const WARNING = "With incremental builds on, 1 chapter's page has nothing Astro compares that holds the claims' verdicts: content/books/pi/28-chapter.md (a Markdown chapter";

describe('incremental builds of a Markdown chapter keyed by its file', () => {
  it("warn, naming it and the key to return", async () => {
    const site = await buildDemo('incremental-build-digest', { prepare: (dir) => incremental(dir, 'entry.digest') });
    expect(site.code, site.output).toBe(0);
    expect(site.output).toContain(WARNING);
    expect(site.output).toContain('If its route returns `entry.digest` as the `cacheKey`, Astro restores the page with the old verdicts after a sidecar edit: return `chapterCacheKey(entry)` (from `@research-pack/astro/runtime`) instead.');
  });
});

describe('incremental builds of Markdown chapters rendered when the collection syncs', () => {
  it('warn, naming them, unless the route keys them with chapterCacheKey', async () => {
    const site = await buildDemo('incremental-build-synced', {
      prepare: (dir) => {
        incremental(dir, 'entry.digest');
        // A glob() without deferRender: the content layer renders the Markdown chapter when it syncs.
        writeFileSync(
          path.join(dir, 'src/content.config.ts'),
          [
            "import { defineCollection } from 'astro:content';",
            "import { glob } from 'astro/loaders';",
            "import { chapterSchema } from '@research-pack/astro/loaders';",
            'export const collections = {',
            "  chapters: defineCollection({ loader: glob({ pattern: '*/*.{md,mdx}', base: 'content/books', generateId: ({ entry }) => entry.replace(/\\.mdx?$/, '') }), schema: chapterSchema }),",
            '};',
            '',
          ].join('\n'),
        );
      },
    });
    expect(site.code, site.output).toBe(0);
    expect(site.output).toContain(WARNING);
    // Keyed with chapterCacheKey, the page is rendered again after a sidecar edit though the chapter is no module, and nothing is named.
    writeFileSync(path.join(site.dir, ROUTE), readFileSync(path.join(site.dir, ROUTE), 'utf8').replace('cacheKey: entry.digest', `cacheKey: ${MIXED_KEY}`));
    const keyed = await runAstro(site.dir, ['build'], { SOURCE_DATE_EPOCH });
    expect(keyed.code, keyed.stderr).toBe(0);
    expect(`${keyed.stdout}${keyed.stderr}`).not.toContain('With incremental builds on');
    addMarkdownRationale(site.dir);
    const edited = await runAstro(site.dir, ['build'], { SOURCE_DATE_EPOCH });
    expect(edited.code, edited.stderr).toBe(0);
    const { rendered, restored } = pagesOf(edited.stdout);
    expect(rendered).toContain('/books/pi/28-chapter/index.html');
    expect(restored).toEqual(expect.arrayContaining(['/books/pi/26-chapter/index.html', '/books/pi/27-chapter/index.html']));
    expect(readFileSync(path.join(site.dist, 'books/pi/28-chapter/index.html'), 'utf8')).toContain(MD_RATIONALE);
  });
});
