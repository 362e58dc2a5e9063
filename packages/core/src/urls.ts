/**
 * Every URL the site publishes for a book, a chapter and its research pack,
 * derived from `SiteUrls` alone so that pages, artifacts and the CLI agree.
 *
 * Layout (with the default prefixes):
 *
 * - chapter page   `/books/<book>/<chapter>/`
 * - research pack  `/research/books/<book>/<chapter>/` with `chapter-snapshot.txt`,
 *   `brief.md`, `report.md` and `pack.json` inside it
 * - book report    `/research/books/<book>/`
 * - site report    `/research/` with `report.json` and `report.md`
 * - JSON Schemas   `/research/schemas/pack.schema.json`, `/research/schemas/report.schema.json`
 *
 * URLs are absolute when `SiteUrls.site` is set, root-relative otherwise.
 */
import type { SiteUrls } from './model.js';

/** The prefixes used when a site configures none. */
export const DEFAULT_SITE_URLS: Readonly<SiteUrls> = Object.freeze({ site: '', chapters: '/books', research: '/research' });

/** Every URL that belongs to one chapter. */
export interface ChapterUrls {
  /** The chapter page, `/books/<book>/<chapter>/`. */
  chapter: string;
  /** The research pack page, `/research/books/<book>/<chapter>/`. */
  pack: string;
  /** The normalized plain-text snapshot whose sha256 is the fingerprint. */
  snapshot: string;
  /** The research brief. */
  brief: string;
  /** The chapter's research report. */
  report: string;
  /** The research pack as JSON. */
  packJson: string;
  /** The book's research report page. */
  bookReport: string;
  /** The site-wide research report page. */
  siteReport: string;
}

/** URLs of a research report page and its two artifacts. */
export interface ReportUrls {
  /** The report page. */
  page: string;
  /** `report.json` beside it. */
  json: string;
  /** `report.md` beside it. */
  markdown: string;
}

/** File names inside a research pack folder. */
export const PACK_FILES = Object.freeze({
  snapshot: 'chapter-snapshot.txt',
  brief: 'brief.md',
  report: 'report.md',
  packJson: 'pack.json',
});

/**
 * Derive every URL of one chapter.
 * @param urls where the site's pages live.
 * @param book the book slug.
 * @param chapter the chapter slug.
 * @returns the chapter page, pack page, pack artifacts and report pages.
 */
export function chapterUrls(urls: SiteUrls, book: string, chapter: string): ChapterUrls {
  const pack = join(urls, urls.research, 'books', book, chapter);
  return {
    chapter: join(urls, urls.chapters, book, chapter),
    pack,
    snapshot: pack + PACK_FILES.snapshot,
    brief: pack + PACK_FILES.brief,
    report: pack + PACK_FILES.report,
    packJson: pack + PACK_FILES.packJson,
    bookReport: bookReportUrl(urls, book),
    siteReport: siteReportUrl(urls),
  };
}

/**
 * The book-wide research report page.
 * @param urls where the site's pages live.
 * @param book the book slug.
 * @returns `/research/books/<book>/`, absolute when the site is set.
 */
export function bookReportUrl(urls: SiteUrls, book: string): string {
  return join(urls, urls.research, 'books', book);
}

/**
 * The site-wide research report page.
 * @param urls where the site's pages live.
 * @returns `/research/`, absolute when the site is set.
 */
export function siteReportUrl(urls: SiteUrls): string {
  return join(urls, urls.research);
}

/**
 * The report page and its `report.json` / `report.md`, for the whole site or one book.
 * @param urls where the site's pages live.
 * @param book a book slug, or nothing for the site-wide report.
 * @returns the three URLs.
 */
export function reportUrls(urls: SiteUrls, book?: string): ReportUrls {
  const page = book === undefined ? siteReportUrl(urls) : bookReportUrl(urls, book);
  return { page, json: `${page}report.json`, markdown: `${page}report.md` };
}

/**
 * Where the site serves the JSON Schema of `pack.json` (a copy of `schemas/pack.schema.json`).
 * @param urls where the site's pages live.
 * @returns `/research/schemas/pack.schema.json`, absolute when the site is set.
 */
export function packSchemaUrl(urls: SiteUrls): string {
  return `${join(urls, urls.research, 'schemas')}pack.schema.json`;
}

/**
 * Where the site serves the JSON Schema of `report.json` (a copy of `schemas/report.schema.json`).
 * @param urls where the site's pages live.
 * @returns `/research/schemas/report.schema.json`, absolute when the site is set.
 */
export function reportSchemaUrl(urls: SiteUrls): string {
  return `${join(urls, urls.research, 'schemas')}report.schema.json`;
}

/**
 * The HTML id a claim carries on the chapter page. Prefixed so that claim ids
 * chosen by authors never collide with the page's own ids.
 * @param claimId the claim's id.
 * @returns `rp-claim-<id>`.
 */
export function claimFragment(claimId: string): string {
  return `rp-claim-${claimId}`;
}

/**
 * Link to one claim on its chapter page.
 * @param urls where the site's pages live.
 * @param book the book slug.
 * @param chapter the chapter slug.
 * @param claimId the claim's id.
 * @returns the chapter URL with `#rp-claim-<id>`.
 */
export function claimUrl(urls: SiteUrls, book: string, chapter: string, claimId: string): string {
  return `${join(urls, urls.chapters, book, chapter)}#${encodeURIComponent(claimFragment(claimId))}`;
}

/**
 * Private stand-in for `safe-url.ts` (being written separately; switch to it
 * once it lands): the only values that may become links are absolute http(s)
 * URLs, DOIs (linked through https://doi.org/) and arXiv ids (linked through
 * https://arxiv.org/abs/). Everything else — `javascript:`, `data:`,
 * relative paths, malformed URLs — is shown as text, never linked.
 * @internal
 * @param value a URL, `doi:`/bare DOI or `arxiv:`/bare arXiv id.
 * @returns a normalized href, or `undefined` when the value must not be linked.
 */
export function linkHref(value: string): string | undefined {
  const text = value.trim();
  const doi = /^(?:doi:\s*)?(10\.\d{4,9}\/\S+)$/i.exec(text);
  if (doi) return doiHref(doi[1]!);
  const arxiv = /^(?:arxiv:\s*)?((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?)$/i.exec(text);
  if (arxiv) return arxivHref(arxiv[1]!);
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username || url.password) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * The resolver link of a DOI.
 * @internal
 * @param doi a DOI such as `10.1145/3368089.3409742`.
 * @returns `https://doi.org/<doi>` with each path segment percent-encoded.
 */
export function doiHref(doi: string): string {
  return `https://doi.org/${doi.trim().split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The abstract page of an arXiv id.
 * @internal
 * @param id an arXiv id such as `1508.06576v2`.
 * @returns `https://arxiv.org/abs/<id>`.
 */
export function arxivHref(id: string): string {
  return `https://arxiv.org/abs/${id.trim().split('/').map(encodeURIComponent).join('/')}`;
}

/** `site` + prefix + segments, with exactly one slash between parts and a trailing slash. */
function join(urls: SiteUrls, prefix: string, ...segments: string[]): string {
  const site = urls.site.replace(/\/+$/, '');
  const parts = [...prefix.split('/'), ...segments].filter((part) => part !== '');
  const path = parts.length === 0 ? '/' : `/${parts.map((part, index) => (index < prefixLength(prefix) ? part : encodeURIComponent(part))).join('/')}/`;
  return site + path;
}

function prefixLength(prefix: string): number {
  return prefix.split('/').filter((part) => part !== '').length;
}
