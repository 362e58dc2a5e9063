/**
 * Loads a project's books the way the Astro integration does (same parser,
 * same date), so the CLI agrees with the site byte for byte.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import {
  buildModel,
  formatProblems,
  type ChapterModel,
  type BookModel,
  type Problem,
  type ParseChapter,
  type ParserModule,
  type ResearchModel,
  type SiteUrls,
} from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { asOfOption, stringOption, type Values } from './args.js';
import { CliError, EXIT, type Io } from './io.js';

/** Where a project is, and the date its model is computed for. */
export interface ProjectOptions {
  /** Absolute project root (holds the content folder). */
  root: string;
  /** Books folder relative to the root. */
  contentDir: string;
  /** `YYYY-MM-DD`. */
  asOf: string;
}

/**
 * The project options from `--root`, `--content` and `--as-of`.
 * @param values parsed options.
 * @param io the environment.
 * @param dir a folder given as a positional argument (check), instead of `--root`.
 * @returns absolute root, content folder and date.
 */
export function projectOptions(values: Values, io: Io, dir?: string): ProjectOptions {
  const root = stringOption(values, 'root');
  if (dir !== undefined && root !== undefined) throw new CliError(`give the project folder once: either [dir] ("${dir}") or --root ("${root}")`);
  const resolved = path.resolve(io.cwd, dir ?? root ?? '.');
  const contentDir = stringOption(values, 'content') ?? 'content/books';
  // A typo in either folder must not pass as a project without books.
  if (!isFolder(resolved)) {
    throw new CliError(`no folder "${dir ?? root ?? '.'}" (looked for ${resolved}); give the project folder, the one that holds ${contentDir}`);
  }
  if (!isFolder(path.resolve(resolved, contentDir))) {
    throw new CliError(`${resolved} has no folder ${contentDir}; give the project folder that holds it, or name the books folder with --content`);
  }
  return { root: resolved, contentDir, asOf: asOfOption(values, io) };
}

function isFolder(absolute: string): boolean {
  try {
    return statSync(absolute).isDirectory();
  } catch {
    return false;
  }
}

/** The parser the integration reads chapters with (Sätteri, directives on, smart punctuation off). */
export const chapterParser: ParseChapter = (source, { format }) => parseChapter(source, { format });

/**
 * The same parser, for worker threads to load.
 * @returns the module URL of `@research-pack/markdown/parse` (the parser alone) and its `parseChapter` export.
 */
export function chapterParserModule(): ParserModule {
  return { url: import.meta.resolve('@research-pack/markdown/parse'), name: 'parseChapter' };
}

/**
 * Build the research model of a project.
 * @param options where the project is.
 * @returns the model (undefined when a file could not be loaded or anchored) and every problem.
 */
export function loadProject(options: ProjectOptions): { model: ResearchModel | undefined; problems: Problem[] } {
  return buildModel({
    rootDir: options.root,
    contentDir: options.contentDir,
    parse: chapterParser,
    today: options.asOf,
  });
}

/**
 * Load a project and fail with its errors when it cannot be used.
 * @param options where the project is.
 * @returns the model, free of errors (warnings allowed).
 */
export function requireModel(options: ProjectOptions): ResearchModel {
  const { model, problems } = loadProject(options);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (!model || errors.length > 0) {
    throw new CliError(
      `${options.contentDir} has ${errors.length} error(s); fix them first (\`research-pack check\` lists them):\n${formatProblems(errors)}`,
      EXIT.problems,
    );
  }
  return model;
}

/**
 * Site URLs from `--site` or `$RESEARCH_PACK_SITE`, with the integration's default prefixes.
 * @param values parsed options.
 * @param io the environment.
 * @returns the URLs the renderers use.
 */
export function siteUrlsFrom(values: Values, io: Io): SiteUrls {
  const given = stringOption(values, 'site') ?? io.env.RESEARCH_PACK_SITE ?? '';
  if (given === '') return { site: '', chapters: '/books', research: '/research' };
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    url = new URL('invalid:');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new CliError(`--site must be an absolute http(s) URL such as https://books.example.org, got "${given}"`);
  }
  // As the integration does: the origin plus the base path, without a trailing slash.
  return { site: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, chapters: '/books', research: '/research' };
}

/**
 * Find a chapter by `<book>/<chapter>`.
 * @param model the research model.
 * @param spec what the user typed.
 * @returns the book and the chapter; throws a usage error naming the known books or chapters.
 */
export function findChapter(model: ResearchModel, spec: string): { book: BookModel; chapter: ChapterModel } {
  const match = /^([^/]+)\/([^/]+)$/.exec(spec.replace(/\/+$/, ''));
  if (!match) throw new CliError(`expected <book>/<chapter>, e.g. pi/27-chapter, got "${spec}"`);
  const [, bookSlug, chapterSlug] = match as unknown as [string, string, string];
  const book = model.books.find((candidate) => candidate.slug === bookSlug);
  if (!book) {
    throw new CliError(`no book "${bookSlug}"; books: ${model.books.map((b) => b.slug).join(', ') || '(none)'}`);
  }
  const chapter = book.chapters.find((candidate) => candidate.slug === chapterSlug);
  if (!chapter) {
    throw new CliError(`no chapter "${chapterSlug}" in book "${bookSlug}"; chapters: ${book.chapters.map((c) => `${book.slug}/${c.slug}`).join(', ') || '(none)'}`);
  }
  return { book, chapter };
}
