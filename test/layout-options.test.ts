/**
 * Real builds of the demo with another layout: chapters at the site root
 * and research pages in the site's own layout (every link, the brief and
 * the build checks follow), and without MDX
 * (the build says that the .mdx chapters got no page).
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDemo } from './helpers/site-build.js';

async function editConfig(dir: string, edit: (text: string) => string): Promise<void> {
  const file = path.join(dir, 'astro.config.mjs');
  await writeFile(file, edit(await readFile(file, 'utf8')));
}

describe('the demo with another layout', () => {
  it('serves chapters at the site root: pages, popover links, briefs and checks follow', async () => {
    const site = await buildDemo('layout-root', {
      prepare: async (dir) => {
        await editConfig(dir, (text) => text.replace('integrations: [mdx(), researchPack()]', "integrations: [mdx(), researchPack({ chapters: '/', layout: './src/layouts/Research.astro' })]"));
        await mkdir(path.join(dir, 'src/pages/[book]'), { recursive: true });
        await rename(path.join(dir, 'src/pages/books/[book]/[chapter].astro'), path.join(dir, 'src/pages/[book]/[chapter].astro'));
        await writeFile(
          path.join(dir, 'src/pages/[book]/[chapter].astro'),
          (await readFile(path.join(dir, 'src/pages/[book]/[chapter].astro'), 'utf8')).replace("'../../../layouts/Base.astro'", "'../../layouts/Base.astro'"),
        );
        await rm(path.join(dir, 'src/pages/books'), { recursive: true });
        // The site's own layout for research pages.
        await writeFile(
          path.join(dir, 'src/layouts/Research.astro'),
          "---\nimport Base from './Base.astro';\nconst { title } = Astro.props;\n---\n<Base title={title}><div class=\"site-research\"><slot /></div></Base>\n",
        );
      },
    });
    expect(site.code, site.output).toBe(0);
    expect(site.output).not.toContain('not built where the `chapters` option puts them');
    const chapter = readFileSync(path.join(site.dist, 'pi/27-chapter/index.html'), 'utf8');
    expect(chapter).toContain('class="rp-popovers"');
    expect(chapter).toContain('"url":"https://books.example.org/pi/27-chapter/#rp-claim-');
    const brief = readFileSync(path.join(site.dist, 'research/books/pi/27-chapter/brief.md'), 'utf8');
    expect(brief).toContain('https://books.example.org/pi/27-chapter/');
    const pack = readFileSync(path.join(site.dist, 'research/books/pi/27-chapter/index.html'), 'utf8');
    expect(pack).toContain('href="/pi/27-chapter/#rp-claim-');
    // Rendered in the site's layout: its header and the wrapper around the pack.
    expect(pack).toContain('<header class="site-header">');
    expect(pack).toMatch(/<div class="site-research[^"]*"><article class="rp-pack"/);
  });

  it("on a site with a base, says what research-pack.config's `site` must be for the CLI's briefs (a newcomer's finding)", async () => {
    const withBase = (dir: string, site: string | undefined) =>
      Promise.all([
        editConfig(dir, (text) => text.replace("site: 'https://books.example.org',", "site: 'https://books.example.org',\n  base: '/handbook',")),
        writeFile(path.join(dir, 'research-pack.config.mjs'), `export default { reports: '.reports'${site === undefined ? '' : `, site: '${site}'`} };\n`),
      ]);
    // A `site` without the base: the build stops, names the file and line, and says what to write.
    const wrong = await buildDemo('layout-base-wrong', { prepare: (dir) => withBase(dir, 'https://books.example.org') });
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toContain('Research Pack\'s `site` ("https://books.example.org") differs from Astro\'s `site` with its `base` ("https://books.example.org/handbook")');
    expect(wrong.output).toContain('Write `site: "https://books.example.org/handbook"` in research-pack.config.mjs');
    expect(wrong.output).toMatch(/research-pack\.config\.mjs:1:\d+/);
    expect(wrong.output).not.toMatch(/node_modules\/@research-pack\/astro\/dist\/integration\.js:\d+/);
    // No `site` at all: the build goes on, and says the CLI's briefs would miss the base.
    // The README's book index, as a page of the site's own: its links keep the base.
    const readme = readFileSync(path.join(import.meta.dirname, '../packages/astro/README.md'), 'utf8');
    const index = /```astro title="src\/pages\/books\/\[book\]\/index\.astro"\n([\s\S]*?)```/.exec(readme)![1]!;
    const none = await buildDemo('layout-base-none', {
      prepare: async (dir) => {
        await withBase(dir, undefined);
        await mkdir(path.join(dir, 'src/pages/toc'), { recursive: true });
        await writeFile(path.join(dir, 'src/pages/toc/[book].astro'), index);
      },
    });
    expect(none.code, none.output).toBe(0);
    const toc = readFileSync(path.join(none.dist, 'toc/pi/index.html'), 'utf8');
    expect(toc).toContain('<a href="/handbook/books/pi/27-chapter/">The Session File Format</a>');
    expect(toc).toContain('<h1>Pi Agents</h1>');
    expect(none.output).toContain("research-pack.config.mjs gives no `site`, so `research-pack brief` links to /research/books/… where this site's briefs link to https://books.example.org/handbook/research/books/…: add `site: 'https://books.example.org/handbook'` (Astro's `site` with its `base`) to it.");
  });

  it('warns when chapters are not where the chapters option says, and when .mdx chapters have no MDX', async () => {
    const site = await buildDemo('layout-no-mdx', {
      prepare: (dir) => editConfig(dir, (text) => text.replace("import mdx from '@astrojs/mdx';\n", '').replace('integrations: [mdx(), researchPack()]', "integrations: [researchPack({ chapters: '/read/[book]/[chapter]/' })]")),
    });
    expect(site.code, site.output).toBe(0);
    expect(site.output).toContain('3 chapters are MDX (content/books/pi/26-chapter.mdx, content/books/pi/27-chapter.mdx, content/books/pi/28-chapter.mdx), but no MDX integration is configured');
    expect(site.output).toContain('3 chapter pages were not built where the `chapters` option puts them: /read/pi/26-chapter/, /read/pi/27-chapter/, /read/pi/28-chapter/');
  });
});
