/**
 * Loads a project's books the way the Astro integration does (same parser,
 * same date), so the CLI agrees with the site byte for byte.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { closest, formatProblems, type Problem } from '@research-pack/core/problems';
import { buildModel, type BuildModelResult, type ChapterModel, type BookModel, type ParseChapter, type ResearchModel, type SetAsideChapter } from '@research-pack/core/model';
import type { ParserModule } from '@research-pack/core/threads';
import {
  ASTRO_CONFIG_NAMES,
  findConfigFile,
  loadConfigFile,
  resolveProjectConfig,
  type ProjectConfig,
  type ProjectConfigFile,
  type ProjectPreset,
  type SiteUrls,
} from '@research-pack/core/site';
import { parseChapter } from '@research-pack/markdown/parse';
import { asOfOption, stringOption, type Values } from './args.js';
import { CliError, EXIT, type Io } from './io.js';

/** Where a project is, how its site is laid out, and the date its model is computed for. */
export interface ProjectOptions {
  /** Absolute project root (holds the content folder). */
  root: string;
  /** Books folder relative to the root. */
  contentDir: string;
  /** `YYYY-MM-DD`. */
  asOf: string;
  /** The project's settings (`research-pack.config.*` and the preset's defaults), as the site reads them. */
  config: ProjectConfig;
  /** The config file read, relative to the working folder, if any. */
  configFile: string | undefined;
}

/**
 * The project options: the project folder (`[dir]`, `--root`, else the
 * nearest folder up from here with a `research-pack.config.*` or an
 * `astro.config.*`, else here), its `research-pack.config.*` (the settings
 * the site uses), then `--content` and `--as-of`.
 * @param values parsed options.
 * @param io the environment.
 * @param dir a folder given as a positional argument (check), instead of `--root`.
 * @returns absolute root, content folder, settings and date.
 */
export async function projectOptions(values: Values, io: Io, dir?: string): Promise<ProjectOptions> {
  const root = stringOption(values, 'root');
  if (dir !== undefined && root !== undefined) throw new CliError(`give the project folder once: either [dir] ("${dir}") or --root ("${root}")`);
  const given = dir ?? root;
  const resolved = given === undefined ? findProjectRoot(io.cwd) : path.resolve(io.cwd, given);
  // A typo in either folder must not pass as a project without books.
  if (!isFolder(resolved)) {
    const books = stringOption(values, 'content') ?? 'content/books';
    // A chapter or sidecar named where the project folder goes (an outside author's slip): say what it is.
    if (isFile(resolved)) throw new CliError(`"${given}" is a file; give the project folder, the one that holds ${books} (the command reads every book), or nothing, for the project you are in`);
    throw new CliError(`no folder "${given ?? '.'}" (looked for ${resolved}); give the project folder, the one that holds ${books}`);
  }
  let file: ProjectConfigFile | undefined;
  try {
    file = await loadConfigFile(resolved);
  } catch (error) {
    throw new CliError((error as Error).message.replace(/^Research Pack: /, ''), EXIT.usage);
  }
  const config = resolveProjectConfig(file?.config ?? {}, presetOf(resolved));
  const contentDir = stringOption(values, 'content') ?? config.contentDir;
  if (!isFolder(path.resolve(resolved, contentDir))) {
    const configured = file && stringOption(values, 'content') === undefined ? ` (from ${path.relative(io.cwd, file.file) || file.file})` : '';
    throw new CliError(`${resolved} has no folder ${contentDir}${configured}; give the project folder that holds it, or name the books folder with --content`);
  }
  const asOf = stringOption(values, 'as-of') === undefined && config.asOf !== undefined ? config.asOf : asOfOption(values, io);
  return { root: resolved, contentDir, asOf, config: { ...config, contentDir }, configFile: file ? path.relative(io.cwd, file.file) || file.file : undefined };
}

/**
 * The project folder for a command run without `--root`: the nearest folder,
 * from `cwd` up, that holds a `research-pack.config.*` or an `astro.config.*`.
 * @param cwd the working folder.
 * @returns that folder, or `cwd` when none is found.
 */
export function findProjectRoot(cwd: string): string {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (findConfigFile(dir) || ASTRO_CONFIG_NAMES.some((name) => isFile(path.join(dir, name)))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(cwd);
  }
}

/** A Starlight site when its package.json depends on `@astrojs/starlight`; a plain Astro site otherwise. */
function presetOf(root: string): ProjectPreset {
  let text: string;
  try {
    text = readFileSync(path.join(root, 'package.json'), 'utf8');
  } catch {
    return 'astro';
  }
  try {
    const pkg = JSON.parse(text) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    return pkg.dependencies?.['@astrojs/starlight'] !== undefined || pkg.devDependencies?.['@astrojs/starlight'] !== undefined ? 'starlight' : 'astro';
  } catch {
    return 'astro';
  }
}

function isFile(absolute: string): boolean {
  try {
    return statSync(absolute).isFile();
  } catch {
    return false;
  }
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
    frontmatter: options.config.frontmatter,
    parse: chapterParser,
    today: options.asOf,
  });
}

/**
 * Load a project and fail with its errors when it cannot be used.
 * @param options where the project is.
 * @param loaded the project, when it is loaded already.
 * @returns the model, free of errors (warnings allowed).
 */
export function requireModel(options: ProjectOptions, loaded: BuildModelResult = loadProject(options)): ResearchModel {
  const errors = loaded.problems.filter((problem) => problem.severity === 'error');
  if (!loaded.model || errors.length > 0) throw refusal(options.contentDir, errors);
  return loaded.model;
}

/** The refusal of work its errors stop: the books (`content/books`), or one chapter (`pi/28-chapter`). */
function refusal(what: string, errors: readonly Problem[]): CliError {
  return new CliError(`${what} has ${errors.length} error(s); fix them first (\`research-pack check\` lists them):\n${formatProblems(errors)}`, EXIT.problems);
}

/** The model a command on some chapters works on, and the chapters it leaves out for their errors. */
export interface WorkingModel {
  model: ResearchModel;
  /** Chapters whose own errors set them aside (empty when the project has none). */
  setAside: readonly SetAsideChapter[];
}

/**
 * The model for work on some chapters (a brief, an ingest, a decision): the
 * whole model; else, when only some chapters' own errors stop it, the model
 * of the other chapters, said on standard error with those errors (a
 * chapter being edited does not stop the review of another). A command on
 * a chapter set aside is refused with its errors (`chapterIn`).
 * @param options the project.
 * @param io where the chapters set aside are said.
 * @param loaded the project as loaded.
 * @param quiet leave the chapters set aside unsaid (said already).
 * @returns the model, or undefined when errors stop it (the caller words the refusal).
 */
export function workingModel(options: ProjectOptions, io: Io, loaded: BuildModelResult = loadProject(options), quiet = false): WorkingModel | undefined {
  if (loaded.model && !loaded.problems.some((problem) => problem.severity === 'error')) return { model: loaded.model, setAside: [] };
  if (!loaded.partial) return undefined;
  const { setAside } = loaded.partial;
  if (!quiet) saySetAside(io, setAside);
  return { model: loaded.partial.model, setAside };
}

/**
 * Say on standard error which chapters are set aside, and their errors.
 * @param io the streams.
 * @param setAside the chapters set aside (nothing is said when there are none).
 */
export function saySetAside(io: Io, setAside: readonly SetAsideChapter[]): void {
  if (setAside.length === 0) return;
  io.stderr(`warning: ${setAside.length === 1 ? 'chapter' : 'chapters'} ${setAsideWords(setAside)}; the others are read as usual (a build stops at these errors: fix them first):\n${formatProblems(setAside.flatMap((aside) => aside.errors))}\n`);
}

/**
 * The chapters set aside, as a clause: `pi/28-chapter is set aside for its errors`.
 * @param setAside the chapters (one or more).
 * @returns the clause.
 */
export function setAsideWords(setAside: readonly SetAsideChapter[]): string {
  const one = setAside.length === 1;
  return `${setAside.map((aside) => `${aside.book}/${aside.chapter}`).join(', ')} ${one ? 'is' : 'are'} set aside for ${one ? 'its' : 'their'} errors`;
}

/**
 * `workingModel`, or the refusal of a project its errors stop.
 * @param options the project.
 * @param io where the chapters set aside are said.
 * @param quiet leave the chapters set aside unsaid (said already).
 * @returns the model and the chapters set aside.
 */
export function requireWorkingModel(options: ProjectOptions, io: Io, quiet = false): WorkingModel {
  const loaded = loadProject(options);
  // Without a working model, `requireModel` refuses with the errors.
  return workingModel(options, io, loaded, quiet) ?? { model: requireModel(options, loaded), setAside: [] };
}

/**
 * `findChapter` in a working model: a chapter set aside is refused with its errors.
 * @param working the model and the chapters set aside.
 * @param spec as `findChapter` takes it.
 * @returns the book and chapter.
 */
export function chapterIn(working: WorkingModel, spec: string): { book: BookModel; chapter: ChapterModel } {
  const aside = setAsideNamed(working.setAside, spec);
  if (aside) throw setAsideError(aside);
  return findChapter(working.model, spec);
}

/**
 * The chapter set aside that a `<book>/<chapter>`, a chapter's slug or its file names, if any.
 * @param setAside the chapters set aside.
 * @param spec as typed.
 * @returns the chapter, or undefined.
 */
export function setAsideNamed(setAside: readonly SetAsideChapter[], spec: string): SetAsideChapter | undefined {
  const parts = spec.replace(/\\/g, '/').replace(/\/+$/, '').split('/').filter(Boolean);
  const slug = parts.at(-1)?.replace(CHAPTER_FILE, '');
  const book = parts.length >= 2 ? parts.at(-2) : undefined;
  return setAside.find((aside) => aside.chapter === slug && (book === undefined || aside.book === book));
}

/**
 * The refusal of work on a chapter set aside.
 * @param aside the chapter.
 * @returns the error.
 */
export function setAsideError(aside: SetAsideChapter): CliError {
  return refusal(`${aside.book}/${aside.chapter}`, aside.errors);
}

/**
 * Site URLs as the site has them: `--site`, else `$RESEARCH_PACK_SITE`, else
 * the config file's `site` (root-relative links without one), with the
 * config's chapter and research URLs.
 * @param values parsed options.
 * @param io the environment.
 * @param project the project's settings.
 * @returns the URLs the renderers use.
 */
export function siteUrlsFrom(values: Values, io: Io, project: Pick<ProjectConfig, 'site' | 'chapters' | 'research'>): SiteUrls {
  const layout = { chapters: project.chapters, research: project.research };
  const given = stringOption(values, 'site') ?? io.env.RESEARCH_PACK_SITE ?? project.site ?? '';
  if (given === '') return { site: '', ...layout };
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
  return { site: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, ...layout };
}

/**
 * Find a chapter by `<book>/<chapter>`, or by `<chapter>` alone in a project of one book.
 * @param model the research model.
 * @param spec what the user typed.
 * @returns the book and the chapter; throws a usage error naming the known books or chapters.
 */
export function findChapter(model: ResearchModel, spec: string): { book: BookModel; chapter: ChapterModel } {
  const trimmed = chapterSpecOf(model.books, spec.replace(/\/+$/, ''));
  const only = model.books.length === 1 ? model.books[0]! : undefined;
  // A book's slug alone names no chapter: say what is expected rather than "no chapter".
  const alone = only && /^[^/]+$/.test(trimmed) && (trimmed !== only.slug || only.chapters.some((chapter) => chapter.slug === trimmed));
  const match = /^([^/]+)\/([^/]+)$/.exec(trimmed) ?? (alone ? [trimmed, only.slug, trimmed] : null);
  if (!match) {
    const books = model.books.length > 1 ? ` (the project has ${model.books.length} books: ${model.books.map((b) => b.slug).join(', ')})` : '';
    throw new CliError(`expected <book>/<chapter>, e.g. pi/27-chapter, got "${spec}"${books}`);
  }
  const [, bookSlug, chapterSlug] = match as unknown as [string, string, string];
  const book = model.books.find((candidate) => candidate.slug === bookSlug);
  if (!book) {
    throw new CliError(`no book "${bookSlug}"${didYouMean(bookSlug, model.books.map((b) => b.slug))}; books: ${model.books.map((b) => b.slug).join(', ') || '(none)'}`);
  }
  const chapter = book.chapters.find((candidate) => candidate.slug === chapterSlug);
  if (!chapter) {
    const guess = didYouMean(chapterSlug, book.chapters.map((c) => c.slug), book.slug);
    throw new CliError(`no chapter "${chapterSlug}" in book "${bookSlug}"${guess}; chapters: ${book.chapters.map((c) => `${book.slug}/${c.slug}`).join(', ') || '(none)'}`);
  }
  return { book, chapter };
}

/** ` (did you mean "pi/27-chapter"?)` when a slug is a slip of one, else nothing. */
function didYouMean(slug: string, slugs: readonly string[], book?: string): string {
  // "28" for "28-chapter": the one slug it begins.
  const begun = slugs.filter((candidate) => candidate.startsWith(`${slug}-`));
  if (begun.length === 1) return ` (did you mean "${book === undefined ? begun[0] : `${book}/${begun[0]}`}"?)`;
  const guess = closest(slug, slugs);
  // "29-chapter" is no slip of "26-chapter": chapters that differ in a number are different chapters.
  if (guess === undefined || guess.replace(/\d+/g, '#') === slug.replace(/\d+/g, '#')) return '';
  return ` (did you mean "${book === undefined ? guess : `${book}/${guess}`}"?)`;
}

/** A chapter's file, or one of its sidecars beside it: what names the chapter is the name before it. */
const CHAPTER_FILE = /\.(?:mdx?|(?:claims|evidence|research)\.ya?ml)$/i;

/**
 * A chapter named by its file (`content/books/pi/27-chapter.mdx`,
 * `27-chapter.md`) or a sidecar of it (`27-chapter.claims.yaml`) as
 * `<book>/<chapter>`: its folder names the book, or the one book that has a
 * chapter of that name. Anything else is returned as given.
 * @param books the books (of the model, or as loaded), with their chapters.
 * @param spec what the user typed.
 * @returns `<book>/<chapter>`, or the spec as given.
 */
export function chapterSpecOf(books: ReadonlyArray<{ slug: string; chapters: ReadonlyArray<{ slug: string }> }>, spec: string): string {
  const parts = spec.replace(/\\/g, '/').split('/').filter(Boolean);
  if (!CHAPTER_FILE.test(spec) && parts.length <= 2) return spec;
  const chapterSlug = parts.at(-1)!.replace(CHAPTER_FILE, '');
  const holding = books.filter((book) => book.chapters.some((chapter) => chapter.slug === chapterSlug));
  const book = holding.find((candidate) => candidate.slug === parts.at(-2)) ?? (holding.length === 1 ? holding[0] : undefined);
  return book ? `${book.slug}/${chapterSlug}` : spec;
}
