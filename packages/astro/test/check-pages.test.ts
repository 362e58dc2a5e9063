import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResearchModel } from '@research-pack/core';
import { missingChapterPages, missingMdxWarning, pagesWithoutPopovers, staleClaimsNote } from '../src/check-pages.js';

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

  it("say how many claims readers will see as stale, and why (an outside author's finding: the build said nothing)", () => {
    const claim = (stale: string | false) => ({ stale });
    const staleModel = { books: [{ slug: 'wal', chapters: [{ slug: '01-how', claims: [claim('no-text-hash'), claim('no-text-hash'), claim(false)] }, { slug: '02-checkpoints', claims: [claim('text-changed')] }] }] } as unknown as ResearchModel;
    expect(staleClaimsNote(staleModel)).toBe(
      '3 claims show as stale on their pages (1 the prose changed since the verdict; 2 the verdict records no textHash), in wal/01-how, wal/02-checkpoints: `npx research-pack review` lists them with the wording reviewed beside the wording now, and `research-pack reviewed <claim>` re-confirms a verdict on the current wording.',
    );
    expect(staleClaimsNote({ books: [{ slug: 'wal', chapters: [{ slug: '01-how', claims: [claim(false)] }] }] } as unknown as ResearchModel)).toBeUndefined();
  });
});
