/**
 * What injected routes, components and site pages import to read the
 * research model: `import { getResearchModel } from '@research-pack/astro/runtime'`.
 */
import type { StatusReport } from '@research-pack/core/schema';
import type { BookModel, ChapterModel, ResearchModel } from '@research-pack/core/model';
import type { SiteUrls } from '@research-pack/core/site';
import { buildStatusReport } from '@research-pack/core/render';
import { keyedChapters, readState } from './state.js';

/**
 * The research model of every book.
 * @returns the model; throws with every sidecar problem when the book has errors, so that `astro dev` shows them in its overlay.
 */
export function getResearchModel(): ResearchModel {
  const state = readState();
  if (!state.model) {
    const error = new Error(`Research Pack found problems in the book's sidecars:\n${state.problemsText}`);
    error.name = 'ResearchPackError';
    // The author's files are wrong, not this package: Astro prints the stack it is given, and a stack of our frames under
    // every request reads as a crash (an outside author's finding). The message names every file, line and column.
    // Empty, as for the build's author errors (`authorError`): a stack of only the message printed an empty "Stack trace:".
    error.stack = '';
    throw error;
  }
  return state.model;
}

/** @returns where chapter pages and research pages live, absolute when the site has a `site` URL. */
export function getSiteUrls(): SiteUrls {
  return readState().urls;
}

/** @returns the same URLs root-relative, for links between the site's own pages. */
export function getPageUrls(): SiteUrls {
  return readState().pageUrls;
}

/**
 * One book.
 * @param slug the book's slug.
 * @returns the book, or undefined.
 */
export function getBook(slug: string): BookModel | undefined {
  return getResearchModel().books.find((book) => book.slug === slug);
}

/**
 * One chapter.
 * @param book the book's slug.
 * @param chapter the chapter's slug.
 * @returns the chapter, or undefined.
 */
export function getChapter(book: string, chapter: string): ChapterModel | undefined {
  return getBook(book)?.chapters.find((candidate) => candidate.slug === chapter);
}

/**
 * The chapter a file holds, for pages a host renders from its own content
 * collection (Starlight's `starlightRoute.entry.filePath`). A chapter's page
 * reads the model: while the book has errors, it fails with them, as
 * `getResearchModel` does (in `astro dev`, a 500 with the overlay rather
 * than a page whose markers open nothing); other pages are not touched.
 * @param file the entry's file, relative to the project root or absolute; undefined for pages without one (a 404 page).
 * @returns the chapter, or undefined when the file is not a chapter; throws when it is one and the book has errors.
 */
export function chapterAtFile(file: string | undefined): ChapterModel | undefined {
  if (!file) return undefined;
  const state = readState();
  if (state.model) return state.chapterAt(file);
  if (state.isChapterFile(file)) getResearchModel();
  return undefined;
}

/** `chapterAtFile` without the error: undefined while the book has errors. */
function loadedChapterAt(file: string | undefined): ChapterModel | undefined {
  if (!file) return undefined;
  const state = readState();
  return state.model ? state.chapterAt(file) : undefined;
}

/** @returns `{ book, chapter }` params for every chapter, for `getStaticPaths`. */
export function chapterPaths(): Array<{ params: { book: string; chapter: string } }> {
  return getResearchModel().books.flatMap((book) =>
    book.chapters.map((chapter) => ({ params: { book: book.slug, chapter: chapter.slug } })),
  );
}

/**
 * The research pack pages' paths: `chapterPaths`, in the built-in layout
 * each with a `cacheKey` for Astro's incremental builds
 * (`experimental.incrementalBuild`), the digest of everything the page is
 * made from (`pageStamp`), so that a rebuild renders again only the packs
 * whose chapter changed. In another layout (Starlight's sidebar shows the
 * site's pages) they have none, and are always rendered.
 * @returns `{ params, cacheKey? }` for every chapter.
 */
export function packPaths(): Array<{ params: { book: string; chapter: string }; cacheKey?: string }> {
  const state = readState();
  return getResearchModel().books.flatMap((book) =>
    book.chapters.map((chapter) => ({ params: { book: book.slug, chapter: chapter.slug }, ...(state.packPagesKeyed ? { cacheKey: state.pageStamp(chapter) } : {}) })),
  );
}

/**
 * A chapter page's `cacheKey` for Astro's incremental builds
 * (`experimental.incrementalBuild`): the entry's digest and the digest of
 * everything the model gives the chapter's pages (its claims' marks,
 * popovers and JSON-LD), so that a sidecar edit renders the page again
 * whatever Astro compares of the chapter's module: a Markdown entry's module
 * (Astro 7.4 compares none) or a collection that renders Markdown when it
 * syncs (Starlight's `docsLoader()`, no module at all).
 * @param entry the chapter's collection entry (its `filePath` and `digest`).
 * @returns the key; the entry's digest when the file is no chapter, or the book has errors.
 */
export function chapterCacheKey(entry: { filePath?: string | undefined; digest?: string | undefined }): string | undefined {
  const chapter = loadedChapterAt(entry.filePath);
  if (!chapter) return entry.digest;
  keyedChapters().add(chapter.file);
  return `${entry.digest ?? ''}:${readState().pageStamp(chapter)}`;
}

/** @returns `{ book }` params for every book, for `getStaticPaths`. */
export function bookPaths(): Array<{ params: { book: string } }> {
  return getResearchModel().books.map((book) => ({ params: { book: book.slug } }));
}

/**
 * The chapter named by route params, or a 404-worthy error.
 * @param params `{ book, chapter }` from the route.
 * @returns the chapter.
 */
export function requireChapter(params: Record<string, string | undefined>): ChapterModel {
  const chapter = params.book === undefined ? onlyChapterNamed(params.chapter ?? '') : getChapter(params.book, params.chapter ?? '');
  if (!chapter) throw new Error(`Research Pack: no chapter "${params.chapter}" in book "${params.book}"`);
  return chapter;
}

/** The one chapter of that name in any book: the route's pattern has no `[book]` (the layout checks make sure no two chapters share it). */
function onlyChapterNamed(slug: string): ChapterModel | undefined {
  const found = getResearchModel().books.flatMap((book) => book.chapters.filter((chapter) => chapter.slug === slug));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The book named by route params.
 * @param params `{ book }` from the route.
 * @returns the book.
 */
export function requireBook(params: Record<string, string | undefined>): BookModel {
  // Without [book] in the route's pattern, the site has one book (the layout checks make sure).
  const books = getResearchModel().books;
  const book = params.book === undefined ? (books.length === 1 ? books[0] : undefined) : getBook(params.book);
  if (!book) throw new Error(`Research Pack: no book "${params.book}"`);
  return book;
}

const reportCache = new WeakMap<ResearchModel, WeakMap<SiteUrls, StatusReport>>();

/**
 * The book-wide report data, built once per model and URL set.
 * @param urls absolute URLs (the default) for artifacts, or `getPageUrls()` for pages.
 * @returns the report.
 */
export function getReport(urls: SiteUrls = getSiteUrls()): StatusReport {
  const model = getResearchModel();
  let byUrls = reportCache.get(model);
  if (!byUrls) reportCache.set(model, (byUrls = new WeakMap()));
  let report = byUrls.get(urls);
  if (!report) byUrls.set(urls, (report = buildStatusReport(model, urls)));
  return report;
}

/**
 * A UTF-8 text response.
 * @param body the text.
 * @param type its media type, without charset.
 * @returns the response.
 */
export function textResponse(body: string, type: string): Response {
  return new Response(body, { headers: { 'Content-Type': `${type}; charset=utf-8` } });
}
