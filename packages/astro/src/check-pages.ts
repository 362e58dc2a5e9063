/**
 * After a build: chapter pages whose claim markers have nothing to open.
 * The claim transform leaves each popover to `<ChapterProvenance>`, so a
 * chapter route that forgets it ships buttons that do nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResearchModel } from '@research-pack/core';

/**
 * List built chapter pages that show claim markers without their popovers.
 * @param outDir the build's output folder.
 * @param model the research model.
 * @param chaptersPrefix URL prefix of chapter pages, e.g. `/books`.
 * @returns the pages' paths relative to `outDir`.
 */
export async function pagesWithoutPopovers(outDir: string, model: ResearchModel, chaptersPrefix: string): Promise<string[]> {
  const missing: string[] = [];
  for (const book of model.books) {
    for (const chapter of book.chapters) {
      if (chapter.claims.length === 0) continue;
      const base = path.join(outDir, chaptersPrefix, book.slug, chapter.slug);
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
