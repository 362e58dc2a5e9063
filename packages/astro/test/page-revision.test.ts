/**
 * The page revision a build appends to each chapter's module (for Astro's
 * incremental builds): only to chapters, the digest `pageStamp` gives, and
 * the chapters whose own modules got none (and no `chapterCacheKey`) named for the warning.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResearchModel } from '@research-pack/core';
import { PAGE_REVISION_EXPORT, pageRevisionPlugin, unstampedChapters } from '../src/page-revision.js';
import type { LoadedState } from '../src/load-state.js';

const root = path.resolve('/site');
const chapters = [
  { book: 'pi', slug: 'one', file: 'content/books/pi/one.mdx' },
  { book: 'pi', slug: 'two', file: 'content/books/pi/two.md' },
];
const model = { books: [{ slug: 'pi', chapters }] } as unknown as ResearchModel;
const loaded = {
  state: {
    model,
    chapterAt: (file: string) => chapters.find((chapter) => path.resolve(root, chapter.file) === path.resolve(root, file)),
    pageStamp: (chapter: { slug: string }) => `stamp-${chapter.slug}`,
  },
} as unknown as LoadedState;

/** The plugin's transform, called as Vite calls it. */
function transformer(source: { loaded: () => LoadedState | undefined }, stamped: Set<string>) {
  const plugin = pageRevisionPlugin(source, stamped);
  expect(plugin.apply).toBe('build');
  expect(plugin.enforce).toBe('post');
  const hook = plugin.transform as { filter: { id: RegExp }; handler: (code: string, id: string) => { code: string; map: null } | null };
  return (code: string, id: string) => (hook.filter.id.test(id) ? hook.handler(code, id) : 'filtered out');
}

describe('pageRevisionPlugin', () => {
  it('ends each chapter module of a build with the digest of its pages, and leaves other modules alone', () => {
    const stamped = new Set<string>();
    const transform = transformer({ loaded: () => loaded }, stamped);
    expect(transform('export default 1;', path.join(root, 'content/books/pi/one.mdx'))).toEqual({ code: `export default 1;\nexport const ${PAGE_REVISION_EXPORT} = "stamp-one";\n`, map: null });
    expect(transform('x', path.join(root, 'src/pages/about.mdx'))).toBeNull();
    expect(transform('x', `${path.join(root, 'content/books/pi/two.md')}?astroPropagatedAssets`)).toBe('filtered out');
    expect(transform('x', path.join(root, 'src/pages/index.astro'))).toBe('filtered out');
    expect([...stamped]).toEqual([path.join(root, 'content/books/pi/one.mdx')]);
    expect(unstampedChapters(model, root, stamped)).toEqual(['content/books/pi/two.md']);
    transform('x', path.join(root, 'content/books/pi/two.md'));
    expect(unstampedChapters(model, root, stamped)).toEqual([]);
  });

  it("stamps a Markdown chapter's module imported as a collection's entry (Astro 7.4's `?astroMarkdownContentEntry`), and still names the chapter", () => {
    const stamped = new Set<string>();
    const transform = transformer({ loaded: () => loaded }, stamped);
    const entry = `${path.join(root, 'content/books/pi/two.md')}?astroMarkdownContentEntry`;
    expect(transform('export default 2;', entry)).toEqual({ code: `export default 2;\nexport const ${PAGE_REVISION_EXPORT} = "stamp-two";\n`, map: null });
    // Astro 7.4 compares nothing of that module: the chapter is named, unless its page was keyed with `chapterCacheKey`.
    expect([...stamped]).toEqual([]);
    transform('x', path.join(root, 'content/books/pi/one.mdx'));
    expect(unstampedChapters(model, root, stamped)).toEqual(['content/books/pi/two.md']);
    expect(unstampedChapters(model, root, stamped, new Set(['content/books/pi/two.md']))).toEqual([]);
    expect(transform('x', `${path.join(root, 'content/books/pi/one.mdx')}?astroMarkdownContentEntry`)).toBe('filtered out');
    expect(transform('x', `${entry}&astroPropagatedAssets`)).toBe('filtered out');
  });

  it('stamps nothing while the book has errors or the model is not loaded', () => {
    const stamped = new Set<string>();
    expect(transformer({ loaded: () => undefined }, stamped)('x', path.join(root, 'content/books/pi/one.mdx'))).toBeNull();
    const broken = { state: { ...loaded.state, model: undefined } } as unknown as LoadedState;
    expect(transformer({ loaded: () => broken }, stamped)('x', path.join(root, 'content/books/pi/one.mdx'))).toBeNull();
    expect(stamped.size).toBe(0);
  });
});
