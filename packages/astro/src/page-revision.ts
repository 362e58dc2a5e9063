/**
 * Astro's incremental builds (`experimental.incrementalBuild`) restore a
 * page from the build before when its route's `cacheKey`, its code and the
 * code of the content it renders are what they were. A chapter's page also
 * shows what the model says of the chapter (its claims' marks, popovers and
 * JSON-LD), which no module holds: after a sidecar edit, a route keyed by
 * the chapter's file (`cacheKey: entry.digest`, as Astro's docs show) would
 * have its page restored as it was, with the old verdict.
 *
 * So a build ends each chapter's module with the digest of everything the
 * model gives its pages (`pageStamp`): an edit that changes the page
 * changes the module, and Astro renders the page again. The dev server
 * renders every request, and is left as it is.
 *
 * Astro compares a chapter's module only when the build imports the file
 * itself: an `.mdx` chapter, or a `.md` one on Astro 7.3. Astro 7.4 imports
 * a Markdown entry of a collection as `<file>.md?astroMarkdownContentEntry`
 * and compares nothing of it; that module gets the export too (should Astro
 * come to compare it), but the chapter is not counted as stamped. A chapter
 * that is no module at all (a Markdown chapter of a collection that renders
 * it when it syncs, without `deferRender`, as Starlight's `docsLoader()`
 * does) gets none. With incremental builds on, `unstampedChapters` names
 * both kinds for a warning, unless their pages' `cacheKey` came from
 * `chapterCacheKey`, which holds the same digest.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ResearchModel } from '@research-pack/core/model';
import type { ModelSource } from './model-source.js';

/** The export each chapter module of a build ends with. */
export const PAGE_REVISION_EXPORT = 'researchPackPageRevision';

/** A chapter's module: its file, or (Astro 7.4 on) a Markdown entry of a collection, which Astro imports under a query that tells it from a Markdown page. */
const CHAPTER_MODULE = /\.(?:mdx?|md\?astroMarkdownContentEntry)$/i;

/**
 * @param source the integration's model (loaded by the time a chapter is transformed: `modelWaitPlugin` waits for it).
 * @param stamped where the chapters' files (absolute paths) whose own modules got the export are added (not those only a Markdown entry's module holds).
 * @returns the plugin.
 */
export function pageRevisionPlugin(source: Pick<ModelSource, 'loaded'>, stamped: Set<string> = new Set()): Plugin {
  return {
    name: 'research-pack:page-revision',
    apply: 'build',
    enforce: 'post',
    transform: {
      // The chapter's own module (Astro hashes its code for the content it renders), not its variants with other queries.
      filter: { id: CHAPTER_MODULE },
      handler(code, id) {
        const file = id.replace(/\?.*$/s, '');
        const state = source.loaded()?.state;
        const chapter = state?.model ? state.chapterAt(file) : undefined;
        if (!chapter) return null;
        if (file === id) stamped.add(path.resolve(file));
        // Appended: no line of the module moves, so its source map stays as it is.
        return { code: `${code}\nexport const ${PAGE_REVISION_EXPORT} = ${JSON.stringify(state!.pageStamp(chapter))};\n`, map: null };
      },
    },
  };
}

/**
 * The chapters whose pages a build left with nothing Astro compares that
 * holds their page revision: no module of theirs got it, and no route
 * keyed them with `chapterCacheKey`.
 * @param model the build's model.
 * @param root the project root.
 * @param stamped what `pageRevisionPlugin` recorded.
 * @param keyed the chapters' files (as the model names them) `chapterCacheKey` keyed.
 * @returns their files, relative to the root.
 */
export function unstampedChapters(model: ResearchModel, root: string, stamped: ReadonlySet<string>, keyed: ReadonlySet<string> = new Set()): string[] {
  return model.books.flatMap((book) =>
    book.chapters.filter((chapter) => !stamped.has(path.resolve(root, chapter.file)) && !keyed.has(chapter.file)).map((chapter) => chapter.file),
  );
}
