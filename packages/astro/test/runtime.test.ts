import { afterEach, describe, expect, it } from 'vitest';
import type { ResearchModel } from '@research-pack/core';
import { chapterAtFile, chapterCacheKey, packPaths, requireBook, requireChapter } from '../src/runtime.js';
import { keyedChapters, publishState, type ResearchPackState } from '../src/state.js';

const KEY = Symbol.for('@research-pack/astro/state');

function publish(books: Array<{ slug: string; chapters: string[] }>, state: Partial<ResearchPackState> = {}): void {
  const model = { books: books.map((book) => ({ slug: book.slug, chapters: book.chapters.map((slug) => ({ slug, book: book.slug })) })) } as unknown as ResearchModel;
  publishState({ model, ...state } as unknown as ResearchPackState);
}

describe('the runtime readers of route params', () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[KEY];
  });

  it('find the chapter and book named by [book] and [chapter]', () => {
    publish([{ slug: 'alpha', chapters: ['intro'] }, { slug: 'beta', chapters: ['intro'] }]);
    expect(requireChapter({ book: 'beta', chapter: 'intro' })).toMatchObject({ book: 'beta', slug: 'intro' });
    expect(requireBook({ book: 'alpha' })).toMatchObject({ slug: 'alpha' });
  });

  it('find them from a pattern without [book]: the one chapter of that name, the one book', () => {
    publish([{ slug: 'unicode', chapters: ['utf-8', 'normalization'] }]);
    expect(requireChapter({ chapter: 'normalization' })).toMatchObject({ book: 'unicode', slug: 'normalization' });
    expect(requireBook({})).toMatchObject({ slug: 'unicode' });
    publish([{ slug: 'alpha', chapters: ['intro'] }, { slug: 'beta', chapters: ['intro', 'more'] }]);
    expect(requireChapter({ chapter: 'more' })).toMatchObject({ book: 'beta', slug: 'more' });
    // Two of that name, two books: the layout checks fail the build first; here, no guess.
    expect(() => requireChapter({ chapter: 'intro' })).toThrow('no chapter "intro"');
    expect(() => requireBook({})).toThrow('no book');
  });

  it('key the research pack pages by their page stamp in the built-in layout only', () => {
    const pageStamp = (chapter: { book: string; slug: string }) => `stamp of ${chapter.book}/${chapter.slug}`;
    publish([{ slug: 'alpha', chapters: ['intro', 'more'] }], { pageStamp, packPagesKeyed: true } as Partial<ResearchPackState>);
    expect(packPaths()).toEqual([
      { params: { book: 'alpha', chapter: 'intro' }, cacheKey: 'stamp of alpha/intro' },
      { params: { book: 'alpha', chapter: 'more' }, cacheKey: 'stamp of alpha/more' },
    ]);
    // Another layout (Starlight's sidebar) shows what Astro does not compare: no key, always rendered.
    publish([{ slug: 'alpha', chapters: ['intro'] }], { pageStamp, packPagesKeyed: false } as Partial<ResearchPackState>);
    expect(packPaths()).toEqual([{ params: { book: 'alpha', chapter: 'intro' } }]);
  });

  it("key a chapter's page by its entry's digest and its page stamp, recording the chapter as the model names it", () => {
    const chapter = { book: 'alpha', slug: 'intro', file: 'content/books/alpha/intro.md' };
    const model = { books: [{ slug: 'alpha', chapters: [chapter] }] } as unknown as ResearchModel;
    const chapterAt = (file: string) => (file === 'content/books/alpha/intro.md' || file.endsWith('/content/books/alpha/intro.md') ? chapter : undefined);
    publishState({ model, chapterAt, pageStamp: (of: { slug: string }) => `stamp of ${of.slug}` } as unknown as ResearchPackState);
    keyedChapters().clear();
    expect(chapterCacheKey({ filePath: 'content/books/alpha/intro.md', digest: 'd1' })).toBe('d1:stamp of intro');
    expect(chapterCacheKey({ filePath: '/site/content/books/alpha/intro.md', digest: 'd2' })).toBe('d2:stamp of intro');
    expect([...keyedChapters()]).toEqual(['content/books/alpha/intro.md']);
    // Not a chapter (a page of the site's own), or no file: the entry's digest, nothing recorded.
    expect(chapterCacheKey({ filePath: 'src/content/about.md', digest: 'd3' })).toBe('d3');
    expect(chapterCacheKey({ digest: 'd4' })).toBe('d4');
    expect(chapterCacheKey({ filePath: 'content/books/alpha/intro.md' })).toBe(':stamp of intro');
    expect([...keyedChapters()]).toEqual(['content/books/alpha/intro.md']);
    keyedChapters().clear();
  });

  it("fail a host's chapter page while the book has errors, and leave its other pages be", () => {
    const isChapterFile = (file: string) => file.endsWith('src/content/docs/alpha/intro.md');
    publishState({ model: undefined, problemsText: 'alpha/intro.claims.yaml:3:1  claims[0]  unknown key', isChapterFile } as unknown as ResearchPackState);
    expect(() => chapterAtFile('src/content/docs/alpha/intro.md')).toThrow(expect.objectContaining({ name: 'ResearchPackError', message: expect.stringContaining('alpha/intro.claims.yaml:3:1') }));
    expect(chapterAtFile('src/content/docs/guides/start.md')).toBeUndefined();
    expect(chapterAtFile(undefined)).toBeUndefined();
    // A route's cache key is no page: the entry's digest, as before.
    expect(chapterCacheKey({ filePath: 'src/content/docs/alpha/intro.md', digest: 'd5' })).toBe('d5');
  });
});
