/**
 * The research model shared between the integration (which builds it) and
 * the injected routes and components (which render it).
 *
 * Astro prerenders pages and runs the dev server's SSR modules in the
 * process that ran the integration hooks, so the model is handed over on
 * `globalThis` under a registered symbol instead of being serialized into a
 * virtual module: a book of 300 chapters carries megabytes of snapshots that
 * Vite would otherwise parse and bundle on every build.
 */
import type { Problem } from '@research-pack/core/problems';
import type { ChapterModel, ResearchModel } from '@research-pack/core/model';
import type { SiteUrls } from '@research-pack/core/site';
import type { ChapterAnnotations, RowMemo } from '@research-pack/core/render';

/** What the integration publishes for pages to read. */
export interface ResearchPackState {
  /** The model, undefined while the book has errors. */
  model: ResearchModel | undefined;
  /** Every problem found by the last load. */
  problems: Problem[];
  /** The problems, formatted as `file:line:column  path  message` lines. */
  problemsText: string;
  /** Where pages live, absolute when the site has a \`site\` URL: for artifacts handed to others (brief, pack.json, JSON-LD). */
  urls: SiteUrls;
  /** The same, root-relative: for links between the site's own pages, so they work in \`astro dev\` and \`astro preview\`. */
  pageUrls: SiteUrls;
  /** Whether research packs and the report are built. */
  packs: boolean;
  report: boolean;
  /** The status report pages' parts written before (kept by an earlier build, or by this build's workers), for `renderStatusReportHtml`; undefined in `astro dev`. */
  reportParts?: RowMemo | undefined;
  /** A chapter's claim annotations (markers and popovers) for the claim plugins and ChapterProvenance: made once, or, when a build's workers made them, read from their bytes (a fresh copy once the chapter is no longer among the last few asked for). */
  annotations: (chapter: ChapterModel) => ChapterAnnotations;
  /** The HTML of a claim's marker, by chapter id and claim id (what an MDX chapter's markers call on Sätteri: see marker.ts). */
  markerHtml: (chapter: string, claim: string) => string | undefined;
  /** The popovers of a chapter's claims as HTML, made once (on a build's worker threads, when it has them). */
  popoversHtml: (chapter: ChapterModel) => string;
  /** The chapter's ClaimReview JSON-LD for its page's head (`claimReviewJsonLd` with `urls`; `''` when no claim has a publishable review), made once (the same). */
  jsonLd: (chapter: ChapterModel) => string;
  /** The content of a chapter's research pack page as HTML, made once (the same). */
  packHtml: (chapter: ChapterModel) => string;
  /** The chapter whose file is at a path (absolute, or relative to the project root), if any: for a host's pages (Starlight's route data). */
  chapterAt: (file: string) => ChapterModel | undefined;
  /**
   * Whether the file at a path (absolute, or relative to the project root)
   * is a chapter, also while the book has errors (then as the book folders
   * list it): a host's chapter page must then fail, as a chapter page that
   * reads the model does, rather than render unmarked.
   */
  isChapterFile: (file: string) => boolean;
  /** What the claim plugins mark a chapter's page from, as a digest (`annotationsStamp`): a render with another stamp is out of date. */
  stamp: (chapter: ChapterModel) => string;
  /**
   * Everything the model gives a chapter's pages (its marks, popovers and
   * JSON-LD, its research pack page), as a digest: equal digests, equal
   * pages. Built into each chapter's module (`pageRevisionPlugin`) and the
   * pack pages' `cacheKey`, for Astro's incremental builds.
   */
  pageStamp: (chapter: ChapterModel) => string;
  /**
   * Whether the research pack pages return `pageStamp` as their `cacheKey`:
   * only in the built-in layout, which shows nothing but the pack. Another
   * layout (Starlight's, a site's own) may show the site's collections (a
   * sidebar), which Astro leaves out of what it compares, so its pages are
   * always rendered.
   */
  packPagesKeyed: boolean;
}

/** The key under which the claim plugins record, in a render's frontmatter (`remarkPluginFrontmatter`), what they marked it from. */
export const STAMP_KEY = 'researchPackMarks';

/**
 * Renders a chapter's Markdown again, as the content layer does, for a
 * page whose cached render is out of date: its HTML, or undefined when it
 * cannot be redone here (images the content layer resolves itself).
 */
export type RenderAgain = (file: string) => Promise<string | undefined>;

const RENDER_KEY = Symbol.for('@research-pack/astro/render-again');

/**
 * Register the renderer that redoes out-of-date renders.
 * @param render the renderer.
 */
export function publishRenderer(render: RenderAgain): void {
  (globalThis as { [RENDER_KEY]?: RenderAgain })[RENDER_KEY] = render;
}

/** @returns the renderer, when the integration registered one. */
export function readRenderer(): RenderAgain | undefined {
  return (globalThis as { [RENDER_KEY]?: RenderAgain })[RENDER_KEY];
}

const KEYED = Symbol.for('@research-pack/astro/keyed-chapters');

/**
 * The chapters (their files, as the model names them) whose pages a build keyed with
 * `chapterCacheKey`: what Astro compares of them holds what the model gives
 * their pages, whether or not their modules do.
 * @returns the set, one per process.
 */
export function keyedChapters(): Set<string> {
  return ((globalThis as { [KEYED]?: Set<string> })[KEYED] ??= new Set());
}

const KEY = Symbol.for('@research-pack/astro/state');

type Registry = { [KEY]?: ResearchPackState };

/**
 * Publish the state for pages.
 * @param state the freshly loaded state.
 */
export function publishState(state: ResearchPackState): void {
  (globalThis as Registry)[KEY] = state;
}

/**
 * Read the published state.
 * @returns the state; throws when the integration is not installed.
 */
export function readState(): ResearchPackState {
  const state = (globalThis as Registry)[KEY];
  if (!state) {
    throw new Error('Research Pack: no research model is loaded. Add `researchPack()` to `integrations` in astro.config.mjs.');
  }
  return state;
}
