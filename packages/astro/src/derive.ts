/**
 * What a build makes of each chapter, made on the worker thread that read
 * it (`@research-pack/astro/derive`, loaded by the model's workers), so that
 * Astro's own thread only puts the results in place: the claims'
 * annotations and popovers, the research pack page, and the text artifacts
 * (`chapter-snapshot.txt`, `brief.md`, `report.md`, `pack.json`). All of
 * it is written into Astro's cache folder, one folder per digest of
 * everything it is made from, and reused by later builds: a build after one
 * edit renders that chapter's popovers, pack page and artifacts only.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { coreCodeVersion, type ResearchModel } from '@research-pack/core/model';
import type { DeriveInput } from '@research-pack/core/threads';
import { chapterUrls, type SiteUrls } from '@research-pack/core/site';
import { pack, type Packed } from './packed.js';
import {
  type ChapterAnnotations,
  claimAnnotations,
  chapterPopoversHtml,
  claimMarkerHtml,
  claimReviewJsonLd,
  NO_POPOVER,
  renderBrief,
  renderPackHtml,
  renderPackJson,
  renderResearchReport,
  statusReportHtmlParts,
  statusReportRows,
} from '@research-pack/core/render';

/** What every chapter is derived with. Plain data. */
export interface DeriveContext {
  /** Absolute URLs, for artifacts. */
  urls: SiteUrls;
  /** Root-relative URLs, for pages. */
  pageUrls: SiteUrls;
  /** Whether research packs are built. */
  packs: boolean;
  /** Whether the status report is built. */
  report: boolean;
  /** Folder of the artifact cache. */
  artifactsDir: string;
}

/** One text artifact of a chapter: where the build publishes it and where the cache holds it. */
export interface CachedArtifact {
  /** Root-relative URL path. */
  pathname: string;
  /** Absolute path of the cached file. */
  file: string;
}

/**
 * What a chapter is derived into, posted back to Astro's thread: what its
 * pages are given as bytes (see `packed.ts`), the rest plain data.
 */
export interface DerivedChapter {
  /** The annotations the claim plugins mark the page with (`popover` is left out: `pages` holds the popovers). */
  annotations: Packed<ChapterAnnotations>;
  /** Its popovers, JSON-LD and pack page (made by `derivePages` unless kept). */
  pages?: Packed<PageParts> | undefined;
  /** The text artifacts, in the cache folder, when packs are built (made by `deriveArtifacts` unless kept). */
  artifacts?: CachedArtifact[] | undefined;
  /** The folder of the cache they are in (kept by the build, the others pruned). */
  artifactsKey?: string;
  /** The status report's table rows that hold this chapter's claims, leads and sources, written ahead (`statusReportRows`; made by `deriveArtifacts`, when the report is built). */
  reportRows?: Array<[key: string, line: string]> | undefined;
  /** Its parts of the status report's pages (`statusReportHtmlParts`), written ahead the same way. */
  reportParts?: Array<[key: string, html: string]> | undefined;
}

const ARTIFACT_NAMES = ['chapter-snapshot.txt', 'brief.md', 'report.md', 'pack.json'] as const;
/**
 * What the chapter's pages are given, kept with the artifacts: a later build
 * with the same digest renders none of it again. The annotations' and the
 * pages' bytes as they were posted (`pack`), with their digest: read back,
 * they are posted as they are, neither parsed nor serialized again.
 */
const DERIVED_NAME = 'derived.v8';

/**
 * Derive a chapter (a `DeriveChapter` for `buildModelOnThreads`): what the
 * claim transforms need at once, its annotations. A chapter an earlier build
 * made is read back whole; for the others `derivePages` and
 * `deriveArtifacts` make the rest once the model is built.
 * @param input the chapter, its book, the date and the context.
 * @returns the chapter's annotations, with all the rest when it was kept.
 */
export function deriveChapter(input: DeriveInput): DerivedChapter {
  const context = input.context as DeriveContext;
  const key = artifactsKey(input, context);
  const folder = path.join(context.artifactsDir, key);
  const names = context.packs ? [...ARTIFACT_NAMES, DERIVED_NAME] : [DERIVED_NAME];
  const kept = names.every((name) => fs.existsSync(path.join(folder, name))) ? readDerived(folder) : undefined;
  if (kept) {
    making.set(input, 'kept');
    return { annotations: kept.annotations, pages: kept.pages, artifactsKey: key, ...(context.packs ? { artifacts: cachedArtifacts(input, context, folder) } : {}) };
  }
  const state: Making = { key, annotations: pack(posted(annotationsOf(input, context))) };
  making.set(input, state);
  return { annotations: state.annotations, artifactsKey: key };
}

/**
 * The later pass that makes what the chapter's pages render: its popovers, its JSON-LD and its pack page.
 * @param input the chapter, as `deriveChapter` was given it (or a copy).
 * @returns the pages' parts, as bytes; undefined when `deriveChapter` read them back.
 */
export function derivePages(input: DeriveInput): Pick<DerivedChapter, 'pages'> | undefined {
  const state = makingOf(input);
  return state && { pages: pagesOf(input, state) };
}

/** The chapter's pages' parts, made once on this thread, as bytes. */
function pagesOf(input: DeriveInput, state: Making): Packed<PageParts> {
  if (state.pages) return state.pages;
  const context = input.context as DeriveContext;
  const pages: PageParts = { popoversHtml: chapterPopoversHtml(input.chapter, annotationOptions(input, context)), jsonLd: claimReviewJsonLd(input.chapter, context.urls) };
  if (context.packs) pages.packHtml = renderPackHtml(chapterModel(input), input.chapter, context.pageUrls);
  return (state.pages = pack(pages));
}

/**
 * The last pass: the chapter's text artifacts, written with the rest into
 * its folder of the cache, and its rows of the status report's Markdown
 * and parts of its pages (which the report, written at the end of the
 * build, and its pages then find written).
 * @param input the chapter, as `deriveChapter` was given it (or a copy).
 * @returns where its artifacts are, and its report rows and parts; undefined when `deriveChapter` read the chapter back (a build that kept it keeps its rows and parts too).
 */
export function deriveArtifacts(input: DeriveInput): Pick<DerivedChapter, 'artifacts' | 'reportRows' | 'reportParts'> | undefined {
  const state = makingOf(input);
  if (!state) return undefined;
  const context = input.context as DeriveContext;
  const reportRows = context.report ? statusReportRows(chapterModel(input), context.urls) : undefined;
  const reportParts = context.report ? statusReportHtmlParts(chapterModel(input), context.pageUrls) : undefined;
  const pages = pagesOf(input, state);
  making.set(input, 'kept');
  const folder = path.join(context.artifactsDir, state.key);
  const names = context.packs ? [...ARTIFACT_NAMES, DERIVED_NAME] : [DERIVED_NAME];
  writeFolder(folder, names, [...(context.packs ? artifactTexts(input, context) : []), keptBytes({ annotations: state.annotations, pages })]);
  return { ...(context.packs ? { artifacts: cachedArtifacts(input, context, folder) } : {}), ...(reportRows ? { reportRows } : {}), ...(reportParts ? { reportParts } : {}) };
}

/** What is made of a chapter so far on this thread: its annotations, then its pages' parts. */
interface Making {
  key: string;
  /** The annotations as posted (`posted`, as bytes), without their popovers. */
  annotations: Packed<ChapterAnnotations>;
  /** Its pages' parts as posted. */
  pages?: Packed<PageParts>;
}

/** Chapters whose pages and artifacts are still to be made on this thread (`kept`: read back whole). */
const making = new WeakMap<DeriveInput, Making | 'kept'>();

/** The chapter's state of making, begun here when another thread derived it first; undefined when its folder was read back. */
function makingOf(input: DeriveInput): Making | undefined {
  if (!making.has(input)) deriveChapter(input);
  const state = making.get(input);
  return state === 'kept' ? undefined : state;
}

/** The annotations the claim transforms need first: without their popovers, which `derivePages` makes (only the pages need them). */
function annotationsOf(input: DeriveInput, context: DeriveContext): ChapterAnnotations {
  return claimAnnotations(input.chapter, { ...annotationOptions(input, context), popovers: false });
}

function annotationOptions(input: DeriveInput, context: DeriveContext): { packUrl?: string } {
  return context.packs ? { packUrl: chapterUrls(context.pageUrls, input.chapter.book, input.chapter.slug).pack } : {};
}

/** Annotations as they are posted and kept: each marker's HTML made, the popovers left out (`popoversHtml` holds them). */
function posted(annotations: ChapterAnnotations): ChapterAnnotations {
  return { ...annotations, claims: annotations.claims.map((claim) => ({ ...claim, markerHtml: claimMarkerHtml(claim), popover: NO_POPOVER })) };
}

function cachedArtifacts(input: DeriveInput, context: DeriveContext, folder: string): CachedArtifact[] {
  const at = chapterUrls({ ...context.urls, site: '' }, input.chapter.book, input.chapter.slug);
  return [at.snapshot, at.brief, at.report, at.packJson].map((pathname, index) => ({ pathname, file: path.join(folder, ARTIFACT_NAMES[index]!) }));
}

/** What a chapter's pages are given, as posted: its annotations, and its popovers, JSON-LD and pack page. */
interface MadeChapter {
  annotations: Packed<ChapterAnnotations>;
  pages: Packed<PageParts>;
}

/** What a chapter's pages render besides its marks: its popovers and JSON-LD, and its pack page when packs are built. */
export interface PageParts {
  popoversHtml: string;
  jsonLd: string;
  packHtml?: string;
}

/** The model as far as one chapter's renderers read it: its book, the date. */
function chapterModel(input: DeriveInput): ResearchModel {
  return { version: 1, asOf: input.asOf, books: [{ ...input.book, chapters: [input.chapter] }] };
}

function artifactTexts(input: DeriveInput, context: DeriveContext): string[] {
  const { chapter } = input;
  const model = chapterModel(input);
  return [chapter.snapshot, renderBrief(model, chapter, context.urls), renderResearchReport(model, chapter, context.urls), renderPackJson(model, chapter, context.urls)];
}

/** The kept file of what a chapter's pages are given: both parts' bytes and their digest (`readDerived` checks it). */
function keptBytes(made: MadeChapter): Uint8Array {
  return serialize({ ...made, digest: bytesDigest(made) });
}

function bytesDigest(made: MadeChapter): string {
  // The lengths too: the same bytes split elsewhere between the parts are other parts.
  return createHash('sha256').update(`${made.annotations.byteLength}:${made.pages.byteLength}\0`).update(made.annotations).update(made.pages).digest('hex');
}

/** What an earlier build made of the chapter, kept beside its artifacts; undefined when it cannot be read as such (a file cut short or changed since). */
function readDerived(folder: string): MadeChapter | undefined {
  try {
    const made = deserialize(fs.readFileSync(path.join(folder, DERIVED_NAME))) as Partial<MadeChapter> & { digest?: unknown };
    if (!(made?.annotations instanceof Uint8Array) || !(made.pages instanceof Uint8Array)) return undefined;
    // Copies: views of the file's bytes would post the whole file each (a message copies a view's buffer whole).
    const parts: MadeChapter = { annotations: new Uint8Array(made.annotations) as Packed<ChapterAnnotations>, pages: new Uint8Array(made.pages) as Packed<PageParts> };
    return made.digest === bytesDigest(parts) ? parts : undefined;
  } catch {
    return undefined;
  }
}

/** Everything a chapter's artifacts and pages are made from, as a digest: its check, its sources' checks, the URLs, whether packs are built, the date and the renderers' code. */
function artifactsKey(input: DeriveInput, context: DeriveContext): string {
  const hash = createHash('sha256');
  hash.update(ARTIFACTS_VERSION).update('\0').update(coreCodeVersion()).update('\0').update(ownCodeVersion()).update('\0').update(input.asOf).update('\0');
  hash.update(JSON.stringify([context.urls, context.pageUrls, context.packs, input.book]));
  // A chapter whose check is not stored (a file could not be read) is hashed whole.
  hash.update('\0').update(input.digest ?? JSON.stringify(input.chapter)).update('\0').update(JSON.stringify(input.chapter.sourceChecks ?? null));
  return hash.digest('hex');
}

/** This package's own part in the artifacts (which files, in which order): change it when that changes. */
const ARTIFACTS_VERSION = 'artifacts-4';

let codeVersion: string | undefined;

/**
 * A digest of this module, which shapes what is kept: bytes another version
 * of it wrote are made again, not posted to pages that would misread them.
 */
function ownCodeVersion(): string {
  codeVersion ??= createHash('sha256').update(fs.readFileSync(new URL(import.meta.url))).digest('hex');
  return codeVersion;
}

/** Write a chapter's files into their folder at once: a folder beside, renamed. */
function writeFolder(folder: string, names: readonly string[], texts: ReadonlyArray<string | Uint8Array>): void {
  const temporary = `${folder}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.mkdirSync(temporary, { recursive: true });
    texts.forEach((text, index) => fs.writeFileSync(path.join(temporary, names[index]!), text));
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(temporary, folder);
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    // Another build wrote the same folder meanwhile: its files are the same.
    if (!names.every((name) => fs.existsSync(path.join(folder, name)))) throw error;
  }
}
