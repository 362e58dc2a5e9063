/**
 * After a build: chapter pages whose claim markers have nothing to open.
 * The claim transform leaves each popover to `<ChapterProvenance>` (or the
 * Starlight plugin's `MarkdownContent`), so a chapter route that forgets it
 * ships buttons that do nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResearchModel } from '@research-pack/core/model';
import { chapterPath, type SiteUrls } from '@research-pack/core/site';

/**
 * List built chapter pages that show claim markers without their popovers.
 * @param outDir the build's output folder.
 * @param model the research model.
 * @param chapters where chapter pages are: the `chapters` prefix, pattern or function.
 * @returns the pages' paths relative to `outDir`.
 */
export async function pagesWithoutPopovers(outDir: string, model: ResearchModel, chapters: SiteUrls['chapters']): Promise<string[]> {
  const missing: string[] = [];
  for (const book of model.books) {
    for (const chapter of book.chapters) {
      if (chapter.claims.length === 0) continue;
      const base = path.join(outDir, ...chapterPath(chapters, { book: book.slug, chapter: chapter.slug }).split('/').filter(Boolean).map(decodeURIComponent));
      // `build.format`: 'directory' (the default) or 'file'.
      for (const file of [path.join(base, 'index.html'), `${base}.html`]) {
        const html = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw new Error(`Research Pack could not read ${file}`, { cause: error });
        });
        if (html === undefined) continue;
        if (html.includes('class="rp-marker"') && !html.includes('class="rp-popovers"')) missing.push(path.relative(outDir, file));
        break;
      }
    }
  }
  return missing;
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
  const missing: string[] = [];
  for (const book of model.books) {
    for (const chapter of book.chapters) {
      const pathname = chapterPath(chapters, { book: book.slug, chapter: chapter.slug });
      const base = path.join(outDir, ...pathname.split('/').filter(Boolean).map(decodeURIComponent));
      const found = await Promise.all([path.join(base, 'index.html'), `${base}.html`].map((file) => readFile(file).then(() => true, () => false)));
      if (!found.includes(true)) missing.push(pathname);
    }
  }
  return missing;
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
