/**
 * What every section of the research pack page is built from: the model, the
 * chapter and its book, and where the site's pages live; plus the two pieces
 * the sections share, a link to a claim on the chapter page and a stated fact.
 */
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { HastChild } from '../markup/hast.js';
import type { BookModel, ChapterModel, ResearchModel } from '../model/types.js';
import { locateChapter } from '../model/queries.js';
import { chapterUrls, claimUrl, type ChapterUrls, type SiteUrls } from '../site/urls.js';

/** The inputs of the pack page's sections. */
export interface PackContext {
  model: ResearchModel;
  book: BookModel;
  chapter: ChapterModel;
  urls: SiteUrls;
  links: ChapterUrls;
}

/**
 * Find the chapter and gather what the sections need.
 * @param model the research model.
 * @param chapter the chapter, or its `<book>/<chapter>`.
 * @param urls where the site's pages live.
 * @returns the context.
 * @throws Error naming the chapter when it is not in the model.
 */
export function packContext(model: ResearchModel, chapter: ChapterModel | string, urls: SiteUrls): PackContext {
  const located = locateChapter(model, chapter);
  return { model, book: located.book, chapter: located.chapter, urls, links: chapterUrls(urls, located.book.slug, located.chapter.slug) };
}

/**
 * A claim id, linked to the claim on the chapter page when the chapter records it.
 * @param chapter the chapter.
 * @param urls where the site's pages live.
 * @param claimId the id, as an evidence item or source names it.
 * @returns the link, or the id marked as not a recorded claim.
 */
export function claimLink(chapter: ChapterModel, urls: SiteUrls, claimId: string): HastChild {
  return chapter.claims.some((resolved) => resolved.claim.id === claimId)
    ? h('a', { href: claimUrl(urls, chapter.book, chapter.slug, claimId) }, claimId)
    : `${claimId} (not a recorded claim)`;
}

/**
 * Missing data, stated as a fact about the records.
 * @param text the statement.
 * @returns `<p class="rp-none">`.
 */
export function fact(text: string): Element {
  return h('p', { className: ['rp-none'] }, text);
}
