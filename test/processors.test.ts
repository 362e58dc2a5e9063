/**
 * The integration registers natively on both of Astro 7's Markdown
 * processors: a real build of the demo book on Sätteri (the default) and on
 * unified marks the same claims with the same statuses and keeps prose such
 * as `10:30` intact.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyDemo, runAstro } from './helpers/project.js';

const CHAPTERS = ['26-chapter', '27-chapter', '28-chapter'];
const builds: Record<'satteri' | 'unified', string> = { satteri: '', unified: '' };

function claimsOf(html: string): string[] {
  return [...html.matchAll(/<span class="rp-claim" id="([^"]+)" data-claim-id="[^"]+" data-status="([^"]+)"/g)].map((m) => `${m[1]}=${m[2]}`);
}

function markersOf(html: string): string[] {
  return [...html.matchAll(/<button type="button" class="rp-marker"[\s\S]*?<\/button>/g)].map((m) => m[0]);
}

function articleText(html: string): string {
  const article = /<article>([\s\S]*)<\/article>/.exec(html)?.[1] ?? '';
  return article
    .replace(/<span class="rp-popover"[\s\S]*?<\/span><\/span>(?=<\/span>)/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');
}

beforeAll(async () => {
  for (const processor of ['satteri', 'unified'] as const) {
    const dir = await copyDemo(`processor-${processor}`);
    if (processor === 'unified') {
      const config = path.join(dir, 'astro.config.mjs');
      const source = await readFile(config, 'utf8');
      await writeFile(
        config,
        source
          .replace("import researchPack from '@research-pack/astro';", "import researchPack from '@research-pack/astro';\nimport { unified } from '@astrojs/markdown-remark';")
          .replace("site: 'https://books.example.org',", "site: 'https://books.example.org',\n  markdown: { processor: unified() },"),
      );
    }
    const result = await runAstro(dir, ['build'], { SOURCE_DATE_EPOCH: '1795824000' });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    builds[processor] = dir;
  }
});

describe('claim annotation on both processors', () => {
  it.each(CHAPTERS)('%s: the same claims with the same statuses', async (chapter) => {
    const read = (processor: 'satteri' | 'unified') =>
      readFile(path.join(builds[processor], 'dist/books/pi', chapter, 'index.html'), 'utf8');
    const [satteri, unified] = await Promise.all([read('satteri'), read('unified')]);
    const claims = claimsOf(satteri);
    expect(claims.length).toBeGreaterThan(0);
    expect(claimsOf(unified)).toEqual(claims);
    // The popover of every claim is there on both.
    expect(unified.match(/popover="auto"/g)?.length).toBe(claims.length);
    // Every marker is the same markup on both (on both, an MDX chapter's markers are calls into the model).
    expect(markersOf(unified)).toEqual(markersOf(satteri));
    expect(markersOf(satteri)).toHaveLength(claims.length);
  });

  it('restores directive-like prose on both', async () => {
    for (const processor of ['satteri', 'unified'] as const) {
      const html = await readFile(path.join(builds[processor], 'dist/books/pi/27-chapter/index.html'), 'utf8');
      const text = articleText(html);
      expect(text, processor).toContain('10:30 UTC');
      expect(text, processor).toMatch(/note:this/);
    }
  });
});

describe('a chapter route without ChapterProvenance', () => {
  it('builds, and warns that the claim markers have nothing to open', async () => {
    const dir = await copyDemo('no-provenance');
    const route = path.join(dir, 'src/pages/books/[book]/[chapter].astro');
    const source = await readFile(route, 'utf8');
    const withoutBody = source.replace(/\n\s*<ChapterProvenance book=\{book\} chapter=\{chapter\} part="body" \/>/, '');
    expect(withoutBody).not.toBe(source);
    await writeFile(route, withoutBody);
    const result = await runAstro(dir, ['build'], { SOURCE_DATE_EPOCH: '1795824000' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toMatch(
      /3 chapter pages show claim markers with nothing to open: books\/pi\/26-chapter\/index\.html, books\/pi\/27-chapter\/index\.html, books\/pi\/28-chapter\/index\.html\./,
    );
  });
});
