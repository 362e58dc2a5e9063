/**
 * Content-collection helpers: Astro integrations cannot declare collections,
 * so sites declare one with these (as Starlight ships `docsLoader()`).
 *
 * ```ts
 * // src/content.config.ts
 * import { defineCollection } from 'astro:content';
 * import { chaptersLoader, chapterSchema } from '@research-pack/astro/loaders';
 * export const collections = { chapters: defineCollection({ loader: chaptersLoader(), schema: chapterSchema }) };
 * ```
 */
import { fileURLToPath } from 'node:url';
import { glob, type Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import { ChapterFrontmatterSchema } from '@research-pack/core/schema';
import { refusedChapterFiles } from './refused-chapters.js';

/** Options of `chaptersLoader()`. */
export interface ChaptersLoaderOptions {
  /** Folder holding one folder per book, relative to the project root. Default `content/books`. */
  base?: string;
}

/**
 * A glob loader for every chapter of every book. Entry ids are `<book>/<chapter>`.
 * Rendering is deferred so a chapter is transformed when its page renders,
 * with the current sidecars, never from a stale content-sync cache.
 * @param options see `ChaptersLoaderOptions`.
 * @returns the loader.
 */
export function chaptersLoader(options: ChaptersLoaderOptions = {}): Loader {
  const base = options.base ?? 'content/books';
  const loader = (refused: readonly string[]) =>
    glob({
      pattern: ['*/*.{md,mdx}', ...refused.map((file) => `!${file}`)],
      base,
      deferRender: true,
      generateId: ({ entry }) => entry.replace(/\.mdx?$/, ''),
    });
  return {
    ...loader([]),
    // The file policy holds for Astro's reading too: a chapter Research Pack refuses
    // (a link out of the project, a FIFO, a loop) is left out before glob() opens it.
    load: (context) => loader(refusedChapterFiles(fileURLToPath(context.config.root), base)).load(context),
  };
}

/** The chapter frontmatter schema (title, number, optional summary), strict. */
export const chapterSchema = ChapterFrontmatterSchema;

/**
 * The chapter keys as a fragment of a host's page schema, every key optional
 * (the host's schema covers pages that are not chapters too):
 * `docsSchema({ extend: chapterFrontmatter })` on Starlight. Research Pack
 * itself checks the chapters' frontmatter when it loads the books.
 */
export const chapterFrontmatter = z.object({
  /** The chapter number within the book; default `sidebar.order`. */
  number: z.number().int().min(0).max(100_000).optional(),
  /** A one-sentence summary; default `description`. */
  summary: z.string().optional(),
});
