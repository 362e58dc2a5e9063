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
 * A chapter that is no module of the build (a Markdown chapter of a
 * collection that renders it when it syncs, without `deferRender`, as
 * Starlight's `docsLoader()` does) gets no export: with incremental builds
 * on, `unstampedChapters` names them for a warning.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ResearchModel } from '@research-pack/core/model';
import type { ModelSource } from './model-source.js';

/** The export each chapter module of a build ends with. */
export const PAGE_REVISION_EXPORT = 'researchPackPageRevision';

/**
 * @param source the integration's model (loaded by the time a chapter is transformed: `modelWaitPlugin` waits for it).
 * @param stamped where the chapters' files (absolute paths) whose modules got the export are added.
 * @returns the plugin.
 */
export function pageRevisionPlugin(source: Pick<ModelSource, 'loaded'>, stamped: Set<string> = new Set()): Plugin {
  return {
    name: 'research-pack:page-revision',
    apply: 'build',
    enforce: 'post',
    transform: {
      // The chapter's own module (Astro hashes its code for the content it renders), not its variants with a query.
      filter: { id: /\.mdx?$/i },
      handler(code, id) {
        const state = source.loaded()?.state;
        const chapter = state?.model ? state.chapterAt(id) : undefined;
        if (!chapter) return null;
        stamped.add(path.resolve(id));
        // Appended: no line of the module moves, so its source map stays as it is.
        return { code: `${code}\nexport const ${PAGE_REVISION_EXPORT} = ${JSON.stringify(state!.pageStamp(chapter))};\n`, map: null };
      },
    },
  };
}

/**
 * The chapters whose modules got no page revision in a build.
 * @param model the build's model.
 * @param root the project root.
 * @param stamped what `pageRevisionPlugin` recorded.
 * @returns their files, relative to the root.
 */
export function unstampedChapters(model: ResearchModel, root: string, stamped: ReadonlySet<string>): string[] {
  return model.books.flatMap((book) => book.chapters.filter((chapter) => !stamped.has(path.resolve(root, chapter.file))).map((chapter) => chapter.file));
}
