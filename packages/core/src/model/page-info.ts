/**
 * What the page transform needs from the model beyond its data: the
 * chapter's body (offset and digest in its file) and where each claim is in
 * the file. Kept beside a chapter's check as plain data (it crosses threads
 * and is stored with the check), and attached to the assembled model as
 * properties that are not enumerable: offsets in the file's own coding are
 * not part of what the model says (two copies of a book, one with CRLF line
 * endings, have equal models).
 */
import type { ChapterBody, ClaimPlace } from '../text/page-places.js';
import type { ChapterModel } from './types.js';

/** A chapter's body and its claims' places, by claim id. Plain data. */
export interface ChapterPage {
  body: ChapterBody;
  /** Absent when the model could not place every claim (the page then reads its own text). */
  places?: Record<string, ClaimPlace>;
}

/**
 * Attach a chapter's page information to its model (`ChapterModel.body`, `ResolvedClaim.place`).
 * @param chapter the chapter's model.
 * @param page what the chapter's check recorded, if anything.
 * @returns the same chapter.
 */
export function attachPage(chapter: ChapterModel, page: ChapterPage | undefined): ChapterModel {
  if (!page) return chapter;
  define(chapter, 'body', page.body);
  for (const claim of chapter.claims) define(claim, 'place', page.places?.[claim.claim.id]);
  return chapter;
}

function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: false, configurable: true, writable: false });
}
