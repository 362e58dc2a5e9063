import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfigFile } from '../../src/site/config-file.js';
import { parseProjectConfig, resolveProjectConfig } from '../../src/site/project-config.js';
import { chapterPageUrl } from '../../src/site/urls.js';
import { tempDir } from '../temp-dir.js';

describe('project config', () => {
  it('applies the plain Astro and the Starlight defaults', () => {
    expect(resolveProjectConfig({}, 'astro')).toEqual({
      contentDir: 'content/books',
      chapters: '/books',
      research: '/research',
      site: undefined,
      packs: true,
      report: true,
      asOf: undefined,
      reports: 'reports',
      frontmatter: 'strict',
    });
    expect(resolveProjectConfig({}, 'starlight')).toMatchObject({ contentDir: 'src/content/docs', chapters: '/[book]/[chapter]/', reports: '.reports', frontmatter: 'host' });
    // On Starlight a book's pages are at its path under the docs folder.
    expect(resolveProjectConfig({ contentDir: 'src/content/docs/Books/' }, 'starlight').chapters).toBe('/books/[book]/[chapter]/');
  });

  it('accepts the site root, patterns and functions for chapters, and partial research patterns', () => {
    expect(parseProjectConfig({ chapters: '/' }, 'x').chapters).toBe('/');
    expect(parseProjectConfig({ chapters: '/read/[chapter]/' }, 'x').chapters).toBe('/read/[chapter]/');
    const chapters = ({ chapter }: { chapter: string }) => `/c/${chapter}`;
    expect(parseProjectConfig({ chapters }, 'x').chapters).toBe(chapters);
    const resolved = resolveProjectConfig({ research: { pack: '/packs/[book]/[chapter]/' } }, 'astro');
    expect(resolved.research).toEqual({ report: '/research/', book: '/research/books/[book]/', pack: '/packs/[book]/[chapter]/', schemas: '/research/schemas/' });
    expect(chapterPageUrl({ site: '', chapters: resolveProjectConfig({}, 'starlight').chapters, research: '/research' }, 'pi', '27-chapter')).toBe('/pi/27-chapter/');
  });

  it('lists every problem, naming the file and the known keys', () => {
    expect(() => parseProjectConfig({ chapter: '/', research: '/', chapters: '/[book]/', reports: '../up' }, 'research-pack.config.mjs')).toThrowErrorMatchingInlineSnapshot(`
      [Error: Invalid research-pack.config.mjs:
      - chapters: the pattern "/[book]/" needs [chapter]
      - research: the research pages need a prefix of their own, such as "/research"
      - reports: must stay inside the book folder
      - "chapter" (did you mean "chapters"?): unknown option; known options are contentDir, chapters, research, site, packs, report, asOf, reports, frontmatter]
    `);
    expect(() => parseProjectConfig({ research: { pack: '/p/[book]' }, chapters: 'books' }, 'x')).toThrow(
      /chapters: expected a URL path prefix[\s\S]*research\.pack: the pattern "\/p\/\[book\]" needs \[chapter\]/,
    );
    // [book] may be left out (a site of one book); the layout checks report when a second book makes two pages share a URL.
    expect(parseProjectConfig({ research: { pack: '/research/[chapter]/', book: '/research/book/' } }, 'x')).toEqual({ research: { pack: '/research/[chapter]/', book: '/research/book/' } });
  });

  it('reads research-pack.config.mjs or .json beside the project', async () => {
    const root = tempDir('rp-config-');
    expect(await loadConfigFile(root)).toBeUndefined();
    fs.writeFileSync(path.join(root, 'research-pack.config.json'), '{ "contentDir": "books" }');
    expect((await loadConfigFile(root))?.config).toEqual({ contentDir: 'books' });
    fs.writeFileSync(path.join(root, 'research-pack.config.mjs'), "export default { chapters: ({ chapter }) => `/c/${chapter}/`, packs: false };\n");
    const loaded = await loadConfigFile(root);
    expect(loaded?.file).toBe(path.join(root, 'research-pack.config.mjs'));
    expect(loaded?.config.packs).toBe(false);
    fs.writeFileSync(path.join(root, 'research-pack.config.mjs'), 'export default { pack: false };\n');
    await expect(loadConfigFile(root)).rejects.toThrow('"pack" (did you mean "packs"?): unknown option');
  });
});
