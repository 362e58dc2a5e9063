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
/** Where pages live; renderers derive every URL from this. */
export interface SiteUrls {
  /** Absolute origin plus base, e.g. `https://example.org` or `https://example.org/docs`; empty for root-relative URLs. */
  site: string;
  /** Path prefix of chapter pages, default `/books`. */
  chapters: string;
  /** Path prefix of research pages, default `/research`. */
  research: string;
}

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
export interface StatusReportUrls {
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
    bookReport: bookStatusReportUrl(urls, book),
    siteReport: siteStatusReportUrl(urls),
  };
}

/**
 * The book-wide research report page.
 * @param urls where the site's pages live.
 * @param book the book slug.
 * @returns `/research/books/<book>/`, absolute when the site is set.
 */
export function bookStatusReportUrl(urls: SiteUrls, book: string): string {
  return join(urls, urls.research, 'books', book);
}

/**
 * The site-wide research report page.
 * @param urls where the site's pages live.
 * @returns `/research/`, absolute when the site is set.
 */
export function siteStatusReportUrl(urls: SiteUrls): string {
  return join(urls, urls.research);
}

/**
 * The report page and its `report.json` / `report.md`, for the whole site or one book.
 * @param urls where the site's pages live.
 * @param book a book slug, or nothing for the site-wide report.
 * @returns the three URLs.
 */
export function statusReportUrls(urls: SiteUrls, book?: string): StatusReportUrls {
  const page = book === undefined ? siteStatusReportUrl(urls) : bookStatusReportUrl(urls, book);
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
export function statusReportSchemaUrl(urls: SiteUrls): string {
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
 * The id of a claim's row in the claim audit of its research pack page.
 * @param claimId the claim's id.
 * @returns the fragment, without `#`.
 */
export function auditFragment(claimId: string): string {
  return `rp-audit-${claimId}`;
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
