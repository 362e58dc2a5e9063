/**
 * Loads the research model for the site and derives what the claim
 * transform needs per chapter file. Runs once per build, and again in
 * `astro dev` whenever a chapter or sidecar changes.
 */
import path from 'node:path';
import {
  buildModel,
  buildModelOnThreads,
  resolveAsOf,
  type BuildModelResult,
  type ParseChapter,
  claimAnnotations,
  type ModelCache,
  formatProblems,
  chapterUrls,
  layoutProblems,
  type ChapterAnnotations,
  type ChapterModel,
  type SiteUrls,
} from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import type { ResearchPackOptions } from './options.js';
import type { ResearchPackState } from './state.js';

/** A loaded state plus the per-file annotation lookup the Markdown plugins use. */
export interface LoadedState {
  state: ResearchPackState;
  /** Absolute chapter file paths, for the dev server's module invalidation. */
  chapterFiles: string[];
  /** Annotations of the chapter at an absolute path, or undefined when the file is not a chapter. */
  annotationsFor: (file: string) => ChapterAnnotations | undefined;
}

/**
 * Build the model and everything derived from it.
 * @param root absolute project root.
 * @param options the integration's validated options.
 * @param urls where pages live, absolute for artifacts.
 * @param pageUrls where pages live, root-relative for links between pages.
 * @param cache results of earlier loads: the dev server reloads after every save, and only changed files are parsed again.
 * @returns the state to publish and the annotation lookup.
 */
export function loadState(root: string, options: ResearchPackOptions, urls: SiteUrls, pageUrls: SiteUrls, cache?: ModelCache): LoadedState {
  const result = buildModel({
    rootDir: root,
    contentDir: options.contentDir,
    frontmatter: options.frontmatter,
    parse: chapterParser,
    ...(options.asOf ? { today: options.asOf } : {}),
    ...(cache ? { cache } : {}),
  });
  return deriveState(root, options, urls, pageUrls, result);
}

/**
 * `loadState` for a build: the same model, built on several threads when
 * the project has many chapters (see `buildModelOnThreads`), without a cache.
 * @param root absolute project root.
 * @param options the integration's validated options.
 * @param urls where pages live, absolute for artifacts.
 * @param pageUrls where pages live, root-relative for links between pages.
 * @returns the state to publish and the annotation lookup.
 */
export async function loadStateOnThreads(root: string, options: ResearchPackOptions, urls: SiteUrls, pageUrls: SiteUrls): Promise<LoadedState> {
  const result = await buildModelOnThreads({
    rootDir: root,
    contentDir: options.contentDir,
    frontmatter: options.frontmatter,
    asOf: resolveAsOf({ today: options.asOf }),
    parse: chapterParser,
    parser: { url: import.meta.resolve('@research-pack/markdown/parse'), name: 'parseChapter' },
  });
  return deriveState(root, options, urls, pageUrls, result);
}

const chapterParser: ParseChapter = (source, { format }) => parseChapter(source, { format });

/** The state and the annotation lookup, from a built model. */
function deriveState(root: string, options: ResearchPackOptions, urls: SiteUrls, pageUrls: SiteUrls, result: BuildModelResult): LoadedState {
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
  // One set of annotations per chapter, made on first use: the claim plugins
  // read it for the markers, ChapterProvenance for the popovers.
  const annotationsById = new Map<string, ChapterAnnotations>();
  const annotationsOf = (chapter: ChapterModel): ChapterAnnotations => {
    let annotations = annotationsById.get(chapter.id);
    if (!annotations) {
      annotations = claimAnnotations(chapter, options.packs ? { packUrl: chapterUrls(pageUrls, chapter.book, chapter.slug).pack } : {});
      annotationsById.set(chapter.id, annotations);
    }
    return annotations;
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
      annotations: annotationsOf,
      chapterAt: (file) => chapters.get(path.resolve(root, file)),
    },
    chapterFiles: [...chapters.keys()],
    annotationsFor(file) {
      const chapter = chapters.get(path.resolve(file));
      return chapter ? annotationsOf(chapter) : undefined;
    },
  };
}
