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
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob, type Loader, type LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { ChapterFrontmatterSchema } from '@research-pack/core/schema';
import { listBooks, loadFrontmatter, readTextFile } from '@research-pack/core/load';
import { formatProblems, type Problem } from '@research-pack/core/problems';
import { authorError, firstPlace } from './author-error.js';
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
      // As the books are read: a name starting with `_` (or `.`, which glob() skips) is a draft, not a chapter or a book.
      pattern: ['*/*.{md,mdx}', '!_*/**', '!*/_*', ...refused.map((file) => `!${file}`)],
      base,
      deferRender: true,
      generateId: ({ entry }) => entry.replace(/\.mdx?$/, ''),
    });
  return {
    ...loader([]),
    // The file policy holds for Astro's reading too: a chapter Research Pack refuses
    // (a link out of the project, a FIFO, a loop) is left out before glob() opens it.
    load: async (context) => {
      const root = fileURLToPath(context.config.root);
      try {
        return await loader(refusedChapterFiles(root, base)).load({ ...context, parseData: withChapterProblems(context.parseData, root, base) });
      } catch (error) {
        // glob() reads the frontmatter before parseData: YAML it cannot parse stops it with the parser's stack
        // (an outside author's finding). Where the chapters' frontmatter has problems, they are the error.
        throw frontmatterError(root, base) ?? error;
      }
    },
  };
}

/**
 * Astro's `parseData`, which validates an entry with the collection's
 * schema, but when it refuses a chapter's frontmatter the error is Research
 * Pack's: the problems with their file, line and column and how to fix each,
 * as `research-pack check` and the build's model report them, instead of
 * Astro's list of field names and a stack trace. Nothing more is read for an
 * entry Astro accepts; when Research Pack finds nothing wrong with one Astro
 * refuses (the site's own schema), Astro's error stands.
 */
function withChapterProblems(parseData: LoaderContext['parseData'], root: string, base: string): LoaderContext['parseData'] {
  return async (props) => {
    try {
      return await parseData(props);
    } catch (error) {
      const own = props.filePath ? frontmatterProblems(root, props.filePath) : [];
      if (own.length === 0) throw error;
      // Astro stops at the first entry it refuses: the other chapters' frontmatter problems are said now too.
      const others = chapterFiles(root, base, props.filePath).flatMap((file) => frontmatterProblems(root, file));
      throw frontmatterAuthorError([...own, ...others], root);
    }
  };
}

/**
 * The error for the chapters' frontmatter problems, when there are any (for
 * YAML that glob() could not parse before `parseData`).
 * @param root the project root.
 * @param base the books' folder.
 * @returns the error, or undefined when every chapter's frontmatter is fine.
 */
function frontmatterError(root: string, base: string): Error | undefined {
  let problems: Problem[];
  try {
    problems = chapterFiles(root, base).flatMap((file) => frontmatterProblems(root, file));
  } catch {
    return undefined;
  }
  return problems.length === 0 ? undefined : frontmatterAuthorError(problems, root);
}

/** Frontmatter problems as the author's error: what `research-pack check` says of them, with their file, line and column. */
function frontmatterAuthorError(problems: readonly Problem[], root: string): Error {
  const files = new Set(problems.map((problem) => problem.file));
  return authorError(
    `Research Pack found ${problems.length === 1 ? 'a problem' : `${problems.length} problems`} in the frontmatter of ${files.size === 1 ? problems[0]!.file : `${files.size} chapters`}:\n${formatProblems(problems)}`,
    'Fix each file:line:column above; `npx research-pack check` lists every problem of the books without building.',
    firstPlace(problems, root),
  );
}

/** The chapter files of the books (but `except`), absolute, in the books' order; those the file policy refuses are left out (Astro does not read them either). */
function chapterFiles(root: string, base: string, except?: string): string[] {
  const skip = except === undefined ? undefined : path.resolve(root, except);
  return listBooks(root, { contentDir: base })
    .books.flatMap((book) => book.chapters.map((chapter) => chapter.path))
    .filter((file) => file !== skip);
}

/** The problems of a chapter file's frontmatter, read under the file policy; none when it cannot be read (Astro's error then stands). */
function frontmatterProblems(root: string, filePath: string): Problem[] {
  const absolute = path.resolve(root, filePath);
  const read = readTextFile(absolute, { root });
  if (read.status !== 'read') return [];
  const file = path.relative(root, absolute).split(path.sep).join('/');
  return loadFrontmatter(read.text, file).problems.filter((problem) => problem.severity === 'error');
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
