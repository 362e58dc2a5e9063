/**
 * Loads the research model for the site and derives what the claim
 * transform needs per chapter file. Runs once per build (on worker threads,
 * while Vite starts), and again in `astro dev` whenever a chapter or
 * sidecar changes. Chapter checks are kept across builds in Astro's cache
 * folder, so a build after one edit reads that chapter only.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { formatProblems } from '@research-pack/core/problems';
import { resolveAsOf } from '@research-pack/core/schema';
import { listBooks, type ModelCache } from '@research-pack/core/load';
import { buildModel, coreCodeVersion, type BuildModelResult, type CheckStoreOptions, type ParseChapter, type ChapterModel } from '@research-pack/core/model';
import { buildModelOnThreads } from '@research-pack/core/threads';
import { chapterUrls, layoutProblems, type SiteUrls } from '@research-pack/core/site';
import { chapterPopoversHtml, claimAnnotations, claimMarkerHtml, claimPopoversHtml, claimReviewJsonLd, renderPackHtml, type ChapterAnnotations } from '@research-pack/core/render';
import { parseChapter } from '@research-pack/markdown/parse';
import type { KeptRows } from './artifacts.js';
import type { DeriveContext, DerivedChapter, PageParts } from './derive.js';
import { Recent, unpack } from './packed.js';
import { DEFAULT_LAYOUT, type ResearchPackOptions } from './options.js';
import type { ResearchPackState } from './state.js';

/** A loaded state plus the per-file annotation lookup the Markdown plugins use. */
export interface LoadedState {
  state: ResearchPackState;
  /** Annotations of the chapter at an absolute path, or undefined when the file is not a chapter. */
  annotationsFor: (file: string) => ChapterAnnotations | undefined;
  /** What the model's worker threads made of each chapter, by chapter id (empty when it was loaded on this thread). */
  derived: ReadonlyMap<string, DerivedChapter>;
  /**
   * Settles once the workers have made the rest of each chapter (its
   * popovers, pack page and text artifacts, put into `derived` as each pass
   * arrives); rejects when a worker failed. A page that renders before its
   * chapter's pass is in (or after it failed) makes its popovers and pack
   * page itself, from the model.
   */
  finished: Promise<void>;
}

/** Where the model comes from: the project, its options and URLs, and the caches to use. */
export interface LoadInputs {
  /** Absolute project root. */
  root: string;
  /** The integration's validated options. */
  options: ResearchPackOptions;
  /** Where pages live, absolute for artifacts. */
  urls: SiteUrls;
  /** Where pages live, root-relative for links between pages. */
  pageUrls: SiteUrls;
  /** Chapter checks kept across builds; undefined to keep none. */
  store?: CheckStoreOptions | undefined;
  /** Folder of the text artifacts kept across builds (see `derive.ts`). */
  artifactsDir?: string | undefined;
  /** The status report pages' parts kept across builds, which the workers' parts join (see `keptRows`); undefined to keep none. */
  reportParts?: Pick<KeptRows, 'memo' | 'offer'> | undefined;
}

/**
 * Build the model and everything derived from it, on this thread.
 * @param inputs the project and its caches.
 * @param cache results of earlier loads: the dev server reloads after every save, and only changed files are parsed again.
 * @returns the state to publish and the annotation lookup.
 */
export function loadState(inputs: LoadInputs, cache?: ModelCache): LoadedState {
  const { root, options } = inputs;
  const result = buildModel({
    rootDir: root,
    contentDir: options.contentDir,
    frontmatter: options.frontmatter,
    parse: chapterParser,
    ...(options.asOf ? { today: options.asOf } : {}),
    ...(cache ? { cache } : {}),
    ...(inputs.store ? { store: inputs.store } : {}),
  });
  return { ...deriveState(inputs, result), finished: Promise.resolve() };
}

/**
 * `loadState` for a build: the same model, built on worker threads while
 * this thread goes on (Vite starts meanwhile), with the chapter store.
 *
 * This thread takes no chapter, even while a chapter's transform waits for
 * the model: Vite goes on with the other modules meanwhile, which a
 * synchronous run of checks would hold up, and a thread that checks for
 * the first time does it with code not yet optimized and the parser and
 * renderers still to load. Cold builds of the bench's (b), on two cores,
 * ten alternating pairs: seven faster without (medians of the last six
 * 14.15 against 14.50 s, CPU 20.8 against 21.2 s; bench/README.md, 2026-12-06).
 * @param inputs the project and its caches.
 * @returns the state to publish and the annotation lookup.
 */
export async function loadStateOnThreads(inputs: LoadInputs): Promise<LoadedState> {
  const { root, options } = inputs;
  const configured = Number(process.env.RESEARCH_PACK_THREADS);
  // This thread keeps Astro going: the workers take every chapter, one per other core.
  const threads = Number.isInteger(configured) && configured > 0 ? configured : Math.min(Math.max(availableParallelism() - 1, 1), 3);
  const result = await buildModelOnThreads({
    rootDir: root,
    contentDir: options.contentDir,
    frontmatter: options.frontmatter,
    asOf: resolveAsOf({ today: options.asOf }),
    parse: chapterParser,
    parser: { url: import.meta.resolve('@research-pack/markdown/parse'), name: 'parseChapter' },
    threads,
    mainThreadTakes: false,
    ...(inputs.store ? { store: inputs.store } : {}),
    // Each chapter's annotations, made on the thread that read it; its pages' parts and text artifacts once the model is built.
    derive: { url: new URL('./derive.js', import.meta.url).href, name: 'deriveChapter', context: deriveContext(inputs), later: ['derivePages', 'deriveArtifacts'] },
  });
  const derived = result.derived as Map<string, DerivedChapter>;
  // Each pass's results join what the chapter's pages and artifacts are made from, where a page has not made them itself.
  const merge = (made: Map<string, unknown>) => {
    for (const [id, parts] of made as Map<string, Partial<DerivedChapter>>) {
      const entry = derived.get(id);
      if (!entry) continue;
      entry.pages ??= parts.pages;
      entry.artifacts ??= parts.artifacts;
      entry.reportRows ??= parts.reportRows;
      if (parts.reportParts) inputs.reportParts?.offer(parts.reportParts);
    }
  };
  const finished = Promise.all(result.later.map((pass) => pass.then(merge))).then(() => undefined);
  // Awaited by `astro:build:done`; a build that stopped before it must not crash the process.
  finished.catch(() => undefined);
  return { ...deriveState(inputs, result, derived), finished };
}

function deriveContext(inputs: LoadInputs): DeriveContext {
  return { urls: inputs.urls, pageUrls: inputs.pageUrls, packs: inputs.options.packs, report: inputs.options.report, artifactsDir: inputs.artifactsDir ?? path.join(inputs.root, 'node_modules', '.astro', 'research-pack', 'artifacts') };
}

const chapterParser: ParseChapter = (source, { format }) => parseChapter(source, { format });

/**
 * What a render's marks were made from: the chapter's revision and every
 * annotation the claim plugins put in the page (not the popovers, which the
 * page renders itself). Equal stamps mean equal marks.
 * @param annotations the chapter's annotations.
 * @returns a digest.
 */
export function annotationsStamp(annotations: ChapterAnnotations): string {
  let stamp = stamps.get(annotations);
  if (stamp === undefined) {
    const marks = annotations.claims.map((claim) => [claim.id, claim.status, claim.anchor, claim.place ?? null, claim.wrapper, claim.marker]);
    stamp = createHash('sha256').update(JSON.stringify([annotations.body?.digest ?? null, marks])).digest('hex').slice(0, 32);
    stamps.set(annotations, stamp);
  }
  return stamp;
}

const stamps = new WeakMap<ChapterAnnotations, string>();

/** A chapter's annotations and what its pages were given, as read or made on this thread. */
interface PageEntry {
  annotations: ChapterAnnotations;
  /** The claims by id, for the markers. */
  claims?: Map<string, ChapterAnnotations['claims'][number]>;
  /** The worker's parts of its pages, read from their bytes. */
  pages?: PageParts;
  popoversHtml?: string;
  jsonLd?: string;
  packHtml?: string;
}

/**
 * How many chapters' annotations and page parts read from a worker's bytes
 * are kept read: a chapter's transform asks for them a few times in a row,
 * and so does its page (Astro renders pages one at a time by default, Vite
 * transforms a few modules at once).
 */
const UNPACKED_CHAPTERS = 16;

/**
 * The state and the annotation lookup, from a built model (and what the workers derived from its chapters, if they did).
 * @param inputs the project and its caches.
 * @param result the built model and its problems.
 * @param derived what the workers made of each chapter, by chapter id.
 * @param unpackedChapters how many chapters read from the workers' bytes are kept read (tests keep fewer).
 * @returns the state to publish and the annotation lookup.
 */
export function deriveState(inputs: LoadInputs, result: BuildModelResult, derived = new Map<string, DerivedChapter>(), unpackedChapters = UNPACKED_CHAPTERS): Omit<LoadedState, 'finished'> {
  const { root, options, urls, pageUrls } = inputs;
  const { model } = result;
  // Every chapter needs a page and a research pack of its own, wherever the chapters and research options put them.
  const problems = model ? [...result.problems, ...layoutProblems(model.books, options, { rootDir: root })] : result.problems;
  const errors = problems.filter((problem) => problem.severity === 'error');
  const usable = errors.length === 0 ? model : undefined;
  const chapters = new Map(
    (usable?.books ?? []).flatMap((book) =>
      book.chapters.map((chapter) => [path.resolve(root, chapter.file), chapter] as const),
    ),
  );
  const chaptersById = new Map((usable?.books ?? []).flatMap((book) => book.chapters.map((chapter) => [chapter.id, chapter] as const)));
  const pageStamps = new WeakMap<ChapterModel, string>();
  // Without a model, the chapter files as the book folders list them: read once, and only when a host's page asks (astro dev with errors).
  let listedChapters: Set<string> | undefined;
  const listed = () =>
    (listedChapters ??= new Set(
      listBooks(root, { contentDir: options.contentDir, frontmatter: options.frontmatter }).books.flatMap((book) => book.chapters.map((entry) => path.resolve(entry.path))),
    ));
  // One set of annotations per chapter, made on first use: the claim plugins
  // read it for the markers, ChapterProvenance for the popovers. Made here,
  // it is kept; made by a worker, it is read from its bytes, and kept while
  // the chapter is among the last few asked for.
  const made = new Map<string, PageEntry>();
  const unpacked = new Recent<string, PageEntry>(unpackedChapters);
  const annotationOptions = (chapter: ChapterModel) => (options.packs ? { packUrl: chapterUrls(pageUrls, chapter.book, chapter.slug).pack } : {});
  const entryOf = (chapter: ChapterModel): PageEntry => {
    const posted = derived.get(chapter.id);
    if (posted) return unpacked.get(chapter.id, () => ({ annotations: unpack(posted.annotations) }));
    let entry = made.get(chapter.id);
    if (!entry) made.set(chapter.id, (entry = { annotations: claimAnnotations(chapter, annotationOptions(chapter)) }));
    return entry;
  };
  // The worker's parts of the chapter's pages, once its pass is in; until then, and after it failed, the page makes them from the model.
  const pagesOf = (chapter: ChapterModel): PageEntry => {
    const entry = entryOf(chapter);
    const pages = entry.pages === undefined ? derived.get(chapter.id)?.pages : undefined;
    if (pages) entry.pages = unpack(pages);
    return entry;
  };
  return {
    state: {
      model: usable,
      problems,
      problemsText: formatProblems(problems),
      urls,
      pageUrls,
      packs: options.packs,
      report: options.report,
      reportParts: inputs.reportParts?.memo,
      annotations: (chapter) => entryOf(chapter).annotations,
      markerHtml: (id, claim) => {
        const chapter = chaptersById.get(id);
        if (!chapter) return undefined;
        const entry = entryOf(chapter);
        entry.claims ??= new Map(entry.annotations.claims.map((annotation) => [annotation.id, annotation]));
        const annotation = entry.claims.get(claim);
        return annotation && claimMarkerHtml(annotation);
      },
      popoversHtml: (chapter) => {
        const entry = pagesOf(chapter);
        // Annotations a worker posted leave their popovers out (its pass makes them): make them whole here.
        return (entry.popoversHtml ??= entry.pages?.popoversHtml ?? (derived.has(chapter.id) ? chapterPopoversHtml(chapter, annotationOptions(chapter)) : claimPopoversHtml(entry.annotations)));
      },
      jsonLd: (chapter) => {
        const entry = pagesOf(chapter);
        return (entry.jsonLd ??= entry.pages?.jsonLd ?? claimReviewJsonLd(chapter, urls));
      },
      packHtml: (chapter) => {
        const entry = pagesOf(chapter);
        return (entry.packHtml ??= entry.pages?.packHtml ?? renderPackHtml(usable!, chapter, pageUrls));
      },
      stamp: (chapter) => annotationsStamp(entryOf(chapter).annotations),
      pageStamp: (chapter) => {
        let stamp = pageStamps.get(chapter);
        if (stamp === undefined) {
          // The workers' key of the chapter's pages and artifacts covers all they are made from (see derive.ts); without it, the chapter whole.
          const book = usable?.books.find((candidate) => candidate.slug === chapter.book);
          const key = derived.get(chapter.id)?.artifactsKey ?? JSON.stringify([coreCodeVersion(), urls, pageUrls, options.packs, usable?.asOf, book && { ...book, chapters: undefined }, chapter]);
          pageStamps.set(chapter, (stamp = createHash('sha256').update(key).digest('hex').slice(0, 32)));
        }
        return stamp;
      },
      packPagesKeyed: options.layout === DEFAULT_LAYOUT,
      chapterAt: (file) => chapters.get(path.resolve(root, file)),
      isChapterFile: (file) => (usable ? chapters.has(path.resolve(root, file)) : listed().has(path.resolve(root, file))),
    },
    derived,
    annotationsFor(file) {
      const chapter = chapters.get(path.resolve(file));
      return chapter ? entryOf(chapter).annotations : undefined;
    },
  };
}
