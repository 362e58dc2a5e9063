import { afterEach, describe, expect, it } from 'vitest';
import type { ResearchModel } from '@research-pack/core';
import { packPaths, requireBook, requireChapter } from '../src/runtime.js';
import { publishState, type ResearchPackState } from '../src/state.js';

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
});
