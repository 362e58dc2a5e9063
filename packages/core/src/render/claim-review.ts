/**
 * The chapter page's schema.org ClaimReview JSON-LD: the reviewed claims of a
 * chapter (see `claimReviews` in `pack-json.ts`) as one `@graph`, escaped so
 * that it is safe inside `<script type="application/ld+json">`.
 */
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { ChapterModel } from '../model/types.js';
import type { SiteUrls } from '../site/urls.js';
import { claimReviews } from './pack-json.js';

/**
 * schema.org ClaimReview JSON-LD for the chapter page's reviewed claims, safe
 * to put inside `<script type="application/ld+json">`: `<`, `>`, `&`, U+2028
 * and U+2029 are written as `\u` escapes, so `</script>` or `<!--` in a
 * sidecar string cannot end the script element.
 * @param chapter the chapter.
 * @param urls where the site's pages live.
 * @returns the JSON-LD text, or `''` when no claim has a publishable review.
 */
export function claimReviewJsonLd(chapter: ChapterModel, urls: SiteUrls): string {
  const reviews = claimReviews(chapter, urls);
  if (reviews.length === 0) return '';
  const graph = reviews.map(({ '@context': _context, ...review }) => review);
  return escapeJsonForScript(JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }));
}

/**
 * The chapter page's `<script type="application/ld+json">` element as hast.
 * @param chapter the chapter.
 * @param urls where the site's pages live.
 * @returns the element, or `undefined` when there is nothing to publish.
 */
export function claimReviewScript(chapter: ChapterModel, urls: SiteUrls): Element | undefined {
  const json = claimReviewJsonLd(chapter, urls);
  return json === '' ? undefined : h('script', { type: 'application/ld+json' }, json);
}

/**
 * Make JSON safe inside an HTML `<script>` element (and in JavaScript source).
 * @param json serialized JSON.
 * @returns the same JSON value with `<`, `>`, `&`, U+2028, U+2029 as `\u` escapes.
 */
export function escapeJsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
