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
import { claimWrapperId } from '../text/page-ids.js';
/** The slugs a chapter URL is made from. */
export interface ChapterUrlParams {
  /** The book's slug. */
  book: string;
  /** The chapter's slug. */
  chapter: string;
}

/** A chapter page's root-relative path (before the site and base), e.g. `/pi/27-chapter/`. */
export type ChapterUrlFunction = (params: ChapterUrlParams) => string;

/**
 * Where the research pages live: Astro-style route patterns, each with a
 * leading slash and the placeholders it needs.
 */
export interface ResearchUrlPatterns {
  /** The site-wide research report, e.g. `/research/`. */
  report: string;
  /** A book's research report, e.g. `/research/books/[book]/`; `[book]` may be left out on a site of one book. */
  book: string;
  /** A chapter's research pack folder; holds `[chapter]`, and `[book]` unless no two books have a chapter of one name. */
  pack: string;
  /** The folder the JSON Schemas are served from, e.g. `/research/schemas/`. */
  schemas: string;
}

/** Where pages live; renderers derive every URL from this. */
export interface SiteUrls {
  /** Absolute origin plus base, e.g. `https://example.org` or `https://example.org/docs`; empty for root-relative URLs. */
  site: string;
  /**
   * Chapter pages: a path prefix (`/books` gives `/books/<book>/<chapter>/`,
   * `/` gives `/<book>/<chapter>/`), a pattern with `[chapter]` and
   * optionally `[book]` (`/read/[chapter]/`), or a function of the slugs.
   */
  chapters: string | ChapterUrlFunction;
  /** Research pages: a path prefix (default `/research`), or one pattern per kind of page. */
  research: string | ResearchUrlPatterns;
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

export function chapterUrls(urls: SiteUrls, book: string, chapter: string): ChapterUrls {
  const pack = join(urls, fillPattern(researchPatterns(urls.research).pack, { book, chapter }));
  return {
    chapter: chapterPageUrl(urls, book, chapter),
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
 * A chapter page's URL, from the `chapters` prefix, pattern or function.
 * @param urls where the site's pages live.
 * @param book the book slug.
 * @param chapter the chapter slug.
 * @returns the URL, absolute when the site is set, with a trailing slash.
 */
export function chapterPageUrl(urls: SiteUrls, book: string, chapter: string): string {
  return join(urls, chapterPath(urls.chapters, { book, chapter }));
}

/**
 * A chapter page's root-relative path, before the site and base.
 * @param chapters the `chapters` prefix, pattern or function.
 * @param params the slugs.
 * @returns e.g. `/books/pi/27-chapter/`; a function's result gets its leading and trailing slash.
 */
export function chapterPath(chapters: SiteUrls['chapters'], params: ChapterUrlParams): string {
  if (typeof chapters === 'function') return normalizePath(chapters(params));
  return fillPattern(isPattern(chapters) ? chapters : `${chapters.replace(/\/+$/, '')}/[book]/[chapter]/`, params);
}

/**
 * The research page patterns, from a prefix or explicit patterns.
 * @param research the `research` option: a prefix such as `/research`, or patterns.
 * @returns one pattern per kind of research page.
 */
export function researchPatterns(research: SiteUrls['research']): ResearchUrlPatterns {
  if (typeof research !== 'string') return research;
  const prefix = research.replace(/\/+$/, '');
  return { report: `${prefix}/`, book: `${prefix}/books/[book]/`, pack: `${prefix}/books/[book]/[chapter]/`, schemas: `${prefix}/schemas/` };
}

/**
 * Why a URL pattern cannot be used, if it cannot.
 * @param pattern what the site configured, e.g. `/read/[book]/[chapter]/`.
 * @param required the placeholders it must hold.
 * @param allowed every placeholder it may hold.
 * @returns the reason, or undefined when the pattern is fine.
 */
export function urlPatternProblem(pattern: string, required: readonly string[], allowed: readonly string[]): string | undefined {
  if (!pattern.startsWith('/')) return 'must start with "/"';
  if (/[?#\\\s]/.test(pattern)) return 'must be a path: no spaces, "?", "#" or backslashes';
  if (pattern.split('/').some((segment, index, all) => segment === '' && index > 0 && index < all.length - 1)) return 'has an empty segment ("//")';
  const names = [...pattern.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
  const unknown = names.find((name) => !allowed.includes(name));
  if (unknown !== undefined) return `has the unknown placeholder [${unknown}]; placeholders are ${allowed.map((name) => `[${name}]`).join(', ')}`;
  const missing = required.filter((name) => !names.includes(name));
  if (missing.length > 0) return `needs ${missing.map((name) => `[${name}]`).join(' and ')}`;
  for (const segment of pattern.split('/')) {
    if (segment.replace(/\[[^\]]*\]/g, '').includes('[') || segment.replace(/\[[^\]]*\]/g, '').includes(']')) return 'has an unmatched "[" or "]"';
    if ((segment.match(/\[/g) ?? []).length > 1) return 'has two placeholders in one segment; give each its own';
  }
  return undefined;
}

/**
 * The book-wide research report page.
 * @param urls where the site's pages live.
 * @param book the book slug.
 * @returns `/research/books/<book>/`, absolute when the site is set.
 */
export function bookStatusReportUrl(urls: SiteUrls, book: string): string {
  return join(urls, fillPattern(researchPatterns(urls.research).book, { book }));
}

/**
 * The site-wide research report page.
 * @param urls where the site's pages live.
 * @returns `/research/`, absolute when the site is set.
 */
export function siteStatusReportUrl(urls: SiteUrls): string {
  return join(urls, fillPattern(researchPatterns(urls.research).report, {}));
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
  return `${schemasUrl(urls)}pack.schema.json`;
}

/**
 * Where the site serves the JSON Schema of `report.json` (a copy of `schemas/report.schema.json`).
 * @param urls where the site's pages live.
 * @returns `/research/schemas/report.schema.json`, absolute when the site is set.
 */
export function statusReportSchemaUrl(urls: SiteUrls): string {
  return `${schemasUrl(urls)}report.schema.json`;
}

function schemasUrl(urls: SiteUrls): string {
  return join(urls, fillPattern(researchPatterns(urls.research).schemas, {}));
}

/**
 * The HTML id a claim carries on the chapter page. Prefixed so that claim ids
 * chosen by authors never collide with the page's own ids.
 * @param claimId the claim's id.
 * @returns `rp-claim-<id>`.
 */
export function claimFragment(claimId: string): string {
  return claimWrapperId(claimId);
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
  return `${chapterPageUrl(urls, book, chapter)}#${encodeURIComponent(claimFragment(claimId))}`;
}

/** Whether a `chapters` string is a pattern (holds a placeholder) rather than a prefix. */
function isPattern(value: string): boolean {
  return value.includes('[');
}

/** Put the encoded slugs into a pattern's placeholders; the rest of the pattern is kept as written. */
function fillPattern(pattern: string, params: Partial<ChapterUrlParams>): string {
  const filled = pattern.replace(/\[(book|chapter)\]/g, (_, name: keyof ChapterUrlParams) => encodeURIComponent(params[name] ?? ''));
  return normalizePath(filled);
}

/** One leading slash, one trailing slash, no empty segments. */
function normalizePath(value: string): string {
  const parts = value.split('/').filter((part) => part !== '');
  return parts.length === 0 ? '/' : `/${parts.join('/')}/`;
}

/** `site` + a root-relative path. */
function join(urls: SiteUrls, pathname: string): string {
  return urls.site.replace(/\/+$/, '') + pathname;
}
