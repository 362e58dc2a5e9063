/**
 * What injected routes, components and site pages import to read the
 * research model: `import { getResearchModel } from '@research-pack/astro/runtime'`.
 */
import type { BookModel, ChapterModel, ResearchModel, SiteUrls } from '@research-pack/core';
import { readState } from './state.js';

/**
 * The research model of every book.
 * @returns the model; throws with every sidecar problem when the book has errors, so that `astro dev` shows them in its overlay.
 */
export function getResearchModel(): ResearchModel {
  const state = readState();
  if (!state.model) {
    const error = new Error(`Research Pack found problems in the book's sidecars:\n${state.problemsText}`);
    error.name = 'ResearchPackError';
    throw error;
  }
  return state.model;
}

/** @returns where chapter pages and research pages live. */
export function getSiteUrls(): SiteUrls {
  return readState().urls;
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

/** @returns `{ book, chapter }` params for every chapter, for `getStaticPaths`. */
export function chapterPaths(): Array<{ params: { book: string; chapter: string } }> {
  return getResearchModel().books.flatMap((book) =>
    book.chapters.map((chapter) => ({ params: { book: book.slug, chapter: chapter.slug } })),
  );
}

/** @returns `{ book }` params for every book, for `getStaticPaths`. */
export function bookPaths(): Array<{ params: { book: string } }> {
  return getResearchModel().books.map((book) => ({ params: { book: book.slug } }));
}
