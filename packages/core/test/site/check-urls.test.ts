import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { duplicateResearchUrls, layoutProblems, type LayoutBook } from '../../src/site/check-urls.js';
import { formatProblems } from '../../src/problems/format.js';
import { findSettingValue } from '../../src/site/setting-place.js';
import { tempDir } from '../temp-dir.js';

const book = (slug: string, ...chapters: string[]): LayoutBook => ({
  slug,
  file: `content/books/${slug}/book.yaml`,
  chapters: chapters.map((chapter) => ({ slug: chapter, file: `content/books/${slug}/${chapter}.md` })),
});

function project(files: Record<string, string>): string {
  const root = tempDir('rp-layout-');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, name), text);
  return root;
}

const pack = { report: '/research/', book: '/research/books/[book]/', pack: '/research/[chapter]/', schemas: '/research/schemas/' };

describe('the site layout checks', () => {
  it('let research patterns leave out [book] while no two books have a chapter of one name', () => {
    expect(layoutProblems([book('unicode', 'utf-8', 'normalization')], { chapters: '/[chapter]/', research: { ...pack, book: '/research/book/' } })).toEqual([]);
    expect(layoutProblems([book('unicode', 'utf-8'), book('http', 'caching')], { chapters: '/[book]/[chapter]/', research: pack })).toEqual([]);
  });

  it('point at the pattern in the config file when a second book makes two research packs share a URL', () => {
    const rootDir = project({ 'research-pack.config.mjs': "export default {\n  research: { pack: '/research/[chapter]/' },\n};\n" });
    const problems = layoutProblems([book('alpha', 'intro'), book('beta', 'intro', 'more')], { chapters: '/books', research: pack }, { rootDir });
    expect(formatProblems(problems)).toBe(
      'research-pack.config.mjs:2:21  research.pack  the research packs of content/books/alpha/intro.md and content/books/beta/intro.md would share the URL "/research/intro/": the pattern "/research/[chapter]/" has no [book], and both books have a chapter "intro"  (hint: put [book] in the research.pack pattern ("/research/[book]/[chapter]/"), or give one of the chapters another file name; a site of one book may leave [book] out)  [cross/duplicate-research-url]',
    );
  });

  it('name the chapter that lost its research pack when no config file spells the pattern out', () => {
    const problems = duplicateResearchUrls([book('alpha', 'intro'), book('beta', 'intro')], pack, { rootDir: project({}) });
    expect(problems).toMatchObject([{ file: 'content/books/beta/intro.md', line: 0, column: 0, rule: 'cross/duplicate-research-url', severity: 'error' }]);
  });

  it('report two book reports at one URL, at the pattern in astro.config.mjs', () => {
    const rootDir = project({ 'astro.config.mjs': 'export default { integrations: [researchPack({ research: { book: "/status/book/" } })] };\n' });
    const problems = layoutProblems([book('alpha', 'a'), book('beta', 'b')], { chapters: '/books', research: { ...pack, book: '/status/book/' } }, { rootDir });
    expect(formatProblems(problems)).toBe(
      'astro.config.mjs:1:66  research.book  the research reports of book "alpha" (content/books/alpha/book.yaml) and book "beta" (content/books/beta/book.yaml) would share the URL "/status/book/": the pattern "/status/book/" has no [book]  (hint: put [book] in the research.book pattern ("/status/book/[book]/"); a site of one book may leave it out)  [cross/duplicate-research-url]',
    );
  });

  it('still report two chapters with one page URL first', () => {
    const problems = layoutProblems([book('alpha', 'intro'), book('beta', 'intro')], { chapters: '/[chapter]/', research: '/research' });
    expect(problems.map((problem) => `${problem.file} ${problem.rule}`)).toEqual(['content/books/beta/intro.md cross/duplicate-chapter-url']);
  });
});

describe('findSettingValue', () => {
  it('finds a quoted value in research-pack.config.* before astro.config.*', () => {
    const rootDir = project({ 'astro.config.mjs': "const x = '/p/[chapter]/';\n", 'research-pack.config.json': '{\n  "research": { "pack": "/p/[chapter]/" }\n}\n' });
    expect(findSettingValue(rootDir, '/p/[chapter]/')).toEqual({ file: 'research-pack.config.json', line: 2, column: 25 });
    expect(findSettingValue(rootDir, '/p/[chapter]')).toBeUndefined();
  });
});
