/**
 * Loads a project's books the way the Astro integration does, so the CLI
 * agrees with the site byte for byte.
 */
import path from 'node:path';
import { buildModel, type ChapterModel, type Problem, type ResearchModel, type SiteUrls } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { CliError, EXIT, type Io } from './io.js';

/** Options shared by the commands that load a project. */
export interface ProjectOptions {
  /** Project root (holds the content folder). */
  root: string;
  /** Books folder relative to the root. */
  contentDir: string;
}

/**
 * Build the research model of a project.
 * @param options where the project is.
 * @returns the model (undefined when it has errors) and every problem.
 */
export function loadProject(options: ProjectOptions): { model: ResearchModel | undefined; problems: Problem[] } {
  return buildModel({
    rootDir: options.root,
    contentDir: options.contentDir,
    parse: (source, { format }) => parseChapter(source, { format }),
  });
}

/**
 * Site URLs from flags and environment, matching the integration's defaults.
 * @param values parsed flags.
 * @param io the environment.
 * @returns the URLs the renderers use.
 */
export function siteUrlsFrom(values: { site?: string | undefined }, io: Io): SiteUrls {
  const site = (values.site ?? io.env.RESEARCH_PACK_SITE ?? '').replace(/\/$/, '');
  if (site && !/^https?:\/\/[^/]+/.test(site)) {
    throw new CliError(`--site must be an absolute http(s) URL such as https://books.example.org, got "${site}"`);
  }
  return { site, chapters: '/books', research: '/research' };
}

/**
 * Find a chapter by `<book>/<chapter>`.
 * @param model the research model.
 * @param spec what the user typed.
 * @returns the chapter; throws a usage error naming the known chapters.
 */
export function findChapter(model: ResearchModel, spec: string): ChapterModel {
  const match = /^([^/]+)\/([^/]+)$/.exec(spec);
  if (!match) throw new CliError(`expected <book>/<chapter>, e.g. pi/27-chapter, got "${spec}"`);
  const [, bookSlug, chapterSlug] = match as unknown as [string, string, string];
  const book = model.books.find((candidate) => candidate.slug === bookSlug);
  if (!book) {
    throw new CliError(`no book "${bookSlug}"; books: ${model.books.map((b) => b.slug).join(', ') || '(none)'}`);
  }
  const chapter = book.chapters.find((candidate) => candidate.slug === chapterSlug);
  if (!chapter) {
    throw new CliError(`no chapter "${chapterSlug}" in book "${bookSlug}"; chapters: ${book.chapters.map((c) => c.slug).join(', ') || '(none)'}`);
  }
  return chapter;
}

/**
 * Load a project and fail with the problems when it cannot be modelled.
 * @param options where the project is.
 * @param io for warnings.
 * @returns the model.
 */
export function requireModel(options: ProjectOptions, io: Io, format: (problems: Problem[]) => string): ResearchModel {
  const { model, problems } = loadProject(options);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (!model || errors.length > 0) {
    throw new CliError(`${path.join(options.contentDir)} has ${errors.length} problem(s); run \`research-pack check\`:\n${format(errors)}`, EXIT.problems);
  }
  return model;
}
