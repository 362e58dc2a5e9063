/**
 * After a build: chapter pages whose claim markers have nothing to open.
 * The claim transform leaves each popover to `<ChapterProvenance>` (or the
 * Starlight plugin's `MarkdownContent`), so a chapter route that forgets it
 * ships buttons that do nothing.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ResearchModel } from '@research-pack/core/model';
import { chapterPath, type SiteUrls } from '@research-pack/core/site';
import { artifactFile, inBatches } from './artifacts.js';

/**
 * List built chapter pages that show claim markers without their popovers.
 * @param outDir the build's output folder.
 * @param model the research model.
 * @param chapters where chapter pages are: the `chapters` prefix, pattern or function.
 * @returns the pages' paths relative to `outDir`.
 */
export async function pagesWithoutPopovers(outDir: string, model: ResearchModel, chapters: SiteUrls['chapters']): Promise<string[]> {
  const marked = model.books.flatMap((book) => book.chapters.filter((chapter) => chapter.claims.length > 0).map((chapter) => artifactFile(outDir, chapterPath(chapters, { book: book.slug, chapter: chapter.slug }))));
  const found = await inBatches(marked, 32, async (base) => {
    // `build.format`: 'directory' (the default) or 'file'.
    for (const file of [path.join(base, 'index.html'), `${base}.html`]) {
      // The bytes, not the text: the markers' and popovers' class attributes are ASCII, and decoding hundreds of pages costs more than reading them.
      const html = await readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw new Error(`Research Pack could not read ${file}`, { cause: error });
      });
      if (html === undefined) continue;
      return html.includes('class="rp-marker"') && !html.includes('class="rp-popovers"') ? path.relative(outDir, file) : undefined;
    }
    return undefined;
  });
  return found.filter((file): file is string => file !== undefined);
}

/**
 * Chapter pages the build did not write at all: the route that should render
 * them is missing or renders them elsewhere, so every link to them is a 404.
 * @param outDir the build's output folder.
 * @param model the research model.
 * @param chapters where chapter pages are.
 * @returns the missing pages' URL paths.
 */
export async function missingChapterPages(outDir: string, model: ResearchModel, chapters: SiteUrls['chapters']): Promise<string[]> {
  const pathnames = model.books.flatMap((book) => book.chapters.map((chapter) => chapterPath(chapters, { book: book.slug, chapter: chapter.slug })));
  const found = await inBatches(pathnames, 32, async (pathname) => {
    const base = artifactFile(outDir, pathname);
    const files = await Promise.all([path.join(base, 'index.html'), `${base}.html`].map((file) => stat(file).then((found) => found.isFile(), () => false)));
    return files.includes(true);
  });
  return pathnames.filter((_, index) => !found[index]);
}

/**
 * The warning for `.mdx` chapters on a site without an MDX integration:
 * Astro then builds no page for them, and no error says so.
 * @param model the research model.
 * @param integrations the names of the site's integrations.
 * @returns the warning, or undefined when there is nothing to say.
 */
export function missingMdxWarning(model: ResearchModel, integrations: readonly string[]): string | undefined {
  if (integrations.includes('@astrojs/mdx')) return undefined;
  const files = model.books.flatMap((book) => book.chapters.filter((chapter) => chapter.file.endsWith('.mdx')).map((chapter) => chapter.file));
  if (files.length === 0) return undefined;
  return (
    `${files.length} ${files.length === 1 ? 'chapter is' : 'chapters are'} MDX (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}), ` +
    'but no MDX integration is configured: Astro builds no page for them, and their research packs link to pages that do not exist. ' +
    'Install @astrojs/mdx and add `mdx()` to `integrations` in astro.config.mjs.'
  );
}

/**
 * After a build: how many claims the pages show as stale, and why, with
 * what to run (an outside author built a book whose pages showed every
 * hand-written verdict as stale, and the build said nothing).
 * @param model the research model.
 * @returns the note, or undefined when no claim is stale.
 */
export function staleClaimsNote(model: ResearchModel): string | undefined {
  const stale = model.books.flatMap((book) => book.chapters.flatMap((chapter) => chapter.claims.filter((claim) => claim.stale !== false).map((claim) => ({ chapter: `${book.slug}/${chapter.slug}`, claim }))));
  if (stale.length === 0) return undefined;
  const count = (reason: string) => stale.filter((entry) => entry.claim.stale === reason).length;
  const reasons = [
    [count('text-changed'), 'the prose changed since the verdict'],
    [count('fuzzy-anchor'), 'found only approximately'],
    [count('no-text-hash'), 'the verdict records no textHash'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, why]) => `${n} ${why}`);
  const chapters = [...new Set(stale.map((entry) => entry.chapter))];
  const one = stale.length === 1;
  return (
    `${stale.length} ${one ? 'claim shows' : 'claims show'} as stale on ${one ? 'its page' : 'their pages'} (${reasons.join('; ')}), in ${chapters.slice(0, 5).join(', ')}${chapters.length > 5 ? ', …' : ''}: ` +
    `\`npx research-pack review\` lists ${one ? 'it' : 'them'} with the wording reviewed beside the wording now, and \`research-pack reviewed <claim>\` re-confirms a verdict on the current wording.`
  );
}
