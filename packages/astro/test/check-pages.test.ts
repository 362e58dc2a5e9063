import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResearchModel } from '@research-pack/core';
import { missingChapterPages, missingMdxWarning, pagesWithoutPopovers } from '../src/check-pages.js';

const model = {
  books: [
    {
      slug: 'pi',
      chapters: [
        { slug: '26-chapter', file: 'src/content/docs/pi/26-chapter.mdx', claims: [{}] },
        { slug: '27-chapter', file: 'src/content/docs/pi/27-chapter.md', claims: [{}] },
      ],
    },
  ],
} as unknown as ResearchModel;

describe('the build checks', () => {
  it('look for chapter pages where the chapters option puts them, the site root included', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'rp-check-'));
    mkdirSync(path.join(dist, 'pi/26-chapter'), { recursive: true });
    writeFileSync(path.join(dist, 'pi/26-chapter/index.html'), '<button class="rp-marker"></button>');
    expect(await missingChapterPages(dist, model, '/')).toEqual(['/pi/27-chapter/']);
    expect(await missingChapterPages(dist, model, '/books')).toEqual(['/books/pi/26-chapter/', '/books/pi/27-chapter/']);
    expect(await pagesWithoutPopovers(dist, model, '/[book]/[chapter]/')).toEqual(['pi/26-chapter/index.html']);
    // Under /books nothing is built, so nothing is checked there: the other check says the pages are missing.
    expect(await pagesWithoutPopovers(dist, model, '/books')).toEqual([]);
  });

  it('warn about .mdx chapters when no MDX integration is configured', () => {
    expect(missingMdxWarning(model, ['@research-pack/astro'])).toContain('1 chapter is MDX (src/content/docs/pi/26-chapter.mdx), but no MDX integration is configured');
    expect(missingMdxWarning(model, ['@astrojs/mdx', '@research-pack/astro'])).toBeUndefined();
  });
});
