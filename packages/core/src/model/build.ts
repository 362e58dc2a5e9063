/**
 * The research model: every book loaded, validated, anchored and resolved.
 * The one entry point the Astro integration, the CLI and the renderers use.
 */
import type { ParseChapter } from './chapter.js';
import { assembleModel, checkChapter, type BuildModelResult } from './check.js';
import { resolveAsOf } from '../schema/dates.js';
import type { FrontmatterMode } from '../load/frontmatter.js';
import { listBooks } from '../load/books.js';
import { withRealFolders } from '../load/read-file.js';
import { pruneCache } from '../load/cache.js';
import { folderCheckStore, pruneCheckStore, storedCheck, type CheckStoreOptions } from './check-store.js';
import type { ModelCache } from '../load/cache.js';
import type { ResearchModel } from './types.js';
import type { Problem } from '../problems/problem.js';

export type { ParseChapter } from './chapter.js';

/** Options of `buildModel`. */
export interface BuildModelOptions {
  /** The project root; problem paths are relative to it. */
  rootDir: string;
  /** Folder of the books, relative to `rootDir`. Default `content/books`. */
  contentDir?: string | undefined;
  /** How chapter frontmatter is read; see `FrontmatterMode`. */
  frontmatter?: FrontmatterMode | undefined;
  /** Parses a chapter's text (the whole file, frontmatter included). */
  parse: ParseChapter;
  /** The date the model is computed for, `YYYY-MM-DD`; see `resolveAsOf`. */
  today?: string | Date | undefined;
  /** Reuse work for unchanged files across rebuilds; see `createModelCache`. Assumes the same `parse` each time. */
  cache?: ModelCache | undefined;
  /** Keep chapter checks across builds (and processes) in this folder; see `folderCheckStore`. Assumes the same `parse` for the same `salt`. */
  store?: CheckStoreOptions | undefined;
}

/**
 * Load, validate, anchor and resolve every book.
 *
 * Each chapter is read and parsed once per build (with a `cache`, once per
 * change). `asOf` is `today` when given, else `SOURCE_DATE_EPOCH`, else
 * today's UTC date, so builds with either set are deterministic.
 * @param options the project root, parser, date and cache.
 * @returns the model (unless blocked by errors) and every problem.
 */
export function buildModel(options: BuildModelOptions): BuildModelResult {
  return withRealFolders(() => build(options));
}

function build(options: BuildModelOptions): BuildModelResult {
  const { rootDir, parse, cache } = options;
  const asOf = resolveAsOf({ today: options.today });
  const listing = listBooks(rootDir, { contentDir: options.contentDir, frontmatter: options.frontmatter, cache });
  const store = options.store ? { store: folderCheckStore(options.store), salt: options.store.salt } : undefined;
  const digests = new Set<string>();
  const checks = listing.books.flatMap((book) =>
    book.chapters.map((entry) => {
      const check = () => checkChapter(book, entry, { rootDir, parse, asOf, cache, keep: true });
      if (!store) return check();
      const stored = storedCheck(store, rootDir, book, entry, asOf, check, options.cache);
      if (stored.digest) digests.add(stored.digest);
      return stored.check;
    }),
  );
  if (cache) pruneCache(cache);
  if (options.store) pruneCheckStore(options.store.dir, digests);
  return assembleModel(rootDir, listing, checks, asOf);
}
