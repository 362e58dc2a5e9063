/**
 * The project configuration the site and the CLI share: where the books are,
 * where their pages are served, and what is built. Written once, in
 * `research-pack.config.mjs` beside `astro.config.mjs` (or passed to the
 * integration), and read by `researchPack()` and by `research-pack`.
 *
 * Strict: a misspelled key is an error naming the known keys.
 */
import { z } from 'zod';
import { closest } from '../problems/problem.js';
import { urlPatternProblem, type ChapterUrlFunction, type ResearchUrlPatterns } from './urls.js';

const BOOK_AND_CHAPTER = ['book', 'chapter'] as const;

/** A path prefix such as `/books`, or `/` for the site root. */
const PrefixSchema = z
  .string()
  .regex(/^\/$|^\/[a-z0-9][a-z0-9/_-]*[a-z0-9]$|^\/[a-z0-9]$/i, {
    error: 'expected a URL path prefix such as "/research" (a leading slash, no trailing slash), "/" for the site root, or a pattern such as "/[book]/[chapter]/"',
  });

/** A pattern with placeholders, checked by `urlPatternProblem`. */
function patternSchema(required: readonly string[]) {
  return z.string().superRefine((value, context) => {
    const problem = urlPatternProblem(value, required, BOOK_AND_CHAPTER);
    if (problem) context.addIssue({ code: 'custom', message: `the pattern ${JSON.stringify(value)} ${problem}` });
  });
}

const ChapterUrlFunctionSchema = z.custom<ChapterUrlFunction>((value) => typeof value === 'function', {
  error: 'expected a prefix ("/books", "/"), a pattern ("/[book]/[chapter]/") or a function ({ book, chapter }) => path',
});

/** Where chapter pages are: a prefix, a pattern with `[chapter]` (and `[book]`), or a function. */
export const ChapterUrlsSchema = z.union([
  z.string().refine((value) => value.includes('['), { abort: true }).pipe(patternSchema(['chapter'])),
  PrefixSchema,
  ChapterUrlFunctionSchema,
]);

/** Where research pages are: a prefix, or one pattern per kind of page (missing ones follow `/research`). */
export const ResearchUrlsSchema = z.union([
  z
    .string()
    .regex(/^\/[a-z0-9][a-z0-9/_-]*[a-z0-9]$|^\/[a-z0-9]$|^\/$/i, { error: 'expected a URL path prefix such as "/research": a leading slash, no trailing slash', abort: true })
    .refine((value) => value !== '/', { error: 'the research pages need a prefix of their own, such as "/research"' }),
  z.strictObject({
    report: patternSchema([]).optional(),
    // [book] may be left out on a site of one book; `duplicateResearchUrls` reports when a second book makes two pages share a URL.
    book: patternSchema([]).optional(),
    pack: patternSchema(['chapter']).optional(),
    schemas: patternSchema([]).optional(),
  }),
]);

/** The settings a project's site and CLI share. Every key is optional; see `PROJECT_PRESETS` for the defaults. */
export const ProjectConfigSchema = z.strictObject({
  /** Folder holding the books (folders with a `book.yaml`), relative to the project root. */
  contentDir: z.string().min(1).optional(),
  /** Chapter page URLs: `/books` (prefix), `/` (site root), `/[book]/[chapter]/` (pattern) or `({ book, chapter }) => path`. */
  chapters: ChapterUrlsSchema.optional(),
  /** Research page URLs: a prefix (`/research`) or `{ report, book, pack, schemas }` patterns. */
  research: ResearchUrlsSchema.optional(),
  /** The site's public URL with its base, for the CLI's briefs; must agree with Astro's `site` and `base` when both are set. */
  site: z
    .string()
    .refine((value) => /^https?:\/\/[^/\s]+/.test(value), { error: 'expected an absolute http(s) URL such as "https://books.example.org"' })
    .optional(),
  /** Build a research pack (page, snapshot, brief, report, pack.json) per chapter. */
  packs: z.boolean().optional(),
  /** Build the book-wide research report pages and artifacts. */
  report: z.boolean().optional(),
  /** The date "review due" is computed against, `YYYY-MM-DD`; default `SOURCE_DATE_EPOCH`, else today (UTC). */
  asOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a date written as YYYY-MM-DD' })
    .optional(),
  /** Folder, relative to each book folder, that `research-pack ingest` copies reports into. */
  reports: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/, { error: 'expected a folder relative to the book folder, such as "reports" or ".reports"' })
    .refine((value) => !value.split('/').includes('..') && !value.split('/').includes('.'), { error: 'must stay inside the book folder' })
    .optional(),
  /** `strict`: chapter frontmatter holds only title, number and summary. `host`: the site's schema owns the page (Starlight). */
  frontmatter: z.enum(['strict', 'host']).optional(),
});

/** The project configuration as written. */
export type ProjectConfigInput = z.input<typeof ProjectConfigSchema>;

/** The project configuration with every default applied. */
export interface ProjectConfig {
  contentDir: string;
  chapters: string | ChapterUrlFunction;
  research: string | ResearchUrlPatterns;
  site: string | undefined;
  packs: boolean;
  report: boolean;
  asOf: string | undefined;
  reports: string;
  frontmatter: 'strict' | 'host';
}

/** The kinds of site whose layout Research Pack knows. */
export type ProjectPreset = 'astro' | 'starlight';

/** Starlight's docs collection folder, relative to the project root. */
export const STARLIGHT_DOCS_DIR = 'src/content/docs';

/** Defaults per kind of site, before `chapters` is derived (see `resolveProjectConfig`). */
export const PROJECT_PRESETS: Readonly<Record<ProjectPreset, Readonly<Omit<ProjectConfig, 'chapters' | 'site' | 'asOf'>>>> = Object.freeze({
  // A plain Astro site: books beside the site's source, its own chapter route.
  astro: Object.freeze({ contentDir: 'content/books', research: '/research', packs: true, report: true, reports: 'reports', frontmatter: 'strict' }),
  // Starlight: books are folders of the docs collection, chapters are its pages
  // (their URL is their path in the folder), and reports go to a dot-folder,
  // which Starlight's docsLoader() and every glob() skip.
  starlight: Object.freeze({ contentDir: STARLIGHT_DOCS_DIR, research: '/research', packs: true, report: true, reports: '.reports', frontmatter: 'host' }),
});

/**
 * Validate a project configuration.
 * @param input what the user wrote.
 * @param source where it was written, for the message, e.g. `research-pack.config.mjs`.
 * @returns the configuration as written, or throws an Error listing every problem.
 */
export function parseProjectConfig(input: unknown, source: string): ProjectConfigInput {
  const result = ProjectConfigSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new Error(`Invalid ${source}:\n${formatConfigIssues(result.error.issues, Object.keys(ProjectConfigSchema.shape))}`);
}

/**
 * One line per problem of a configuration, naming the key and what it accepts.
 * @param issues zod's issues.
 * @param known the known keys, for an unknown one.
 * @returns the lines, each starting with "- ".
 */
export function formatConfigIssues(issues: readonly z.core.$ZodIssue[], known: readonly string[]): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        // Each unknown key with the known one it is probably a slip for.
        const named = issue.keys.map((key) => {
          const meant = closest(key, known);
          return `"${key}"${meant === undefined ? '' : ` (did you mean "${meant}"?)`}`;
        });
        return `- ${named.join(', ')}: unknown option${issue.keys.length === 1 ? '' : 's'}; known options are ${known.join(', ')}`;
      }
      const at = issue.path.length > 0 ? issue.path.join('.') : '(options)';
      return `- ${at}: ${issue.code === 'invalid_union' ? unionMessage(issue) : issue.message}`;
    })
    .join('\n');
}

/** A union reports every branch; say what the branch of the value's own type found. */
function unionMessage(issue: z.core.$ZodIssueInvalidUnion): string {
  const branches = issue.errors.filter((errors) => !errors.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
  const messages = (branches.length > 0 ? branches : issue.errors).flat().map((inner) => inner.message);
  return messages.find((message) => message.startsWith('the pattern')) ?? messages[0] ?? issue.message;
}

/**
 * Apply the preset's defaults. The default `chapters` follows the content
 * folder: on Starlight, a book's pages are at its path under the docs folder.
 * @param input the validated configuration.
 * @param preset the kind of site.
 * @returns every setting.
 */
export function resolveProjectConfig(input: ProjectConfigInput, preset: ProjectPreset): ProjectConfig {
  const defaults = PROJECT_PRESETS[preset];
  const contentDir = input.contentDir ?? defaults.contentDir;
  return {
    contentDir,
    chapters: input.chapters ?? defaultChapters(contentDir, preset),
    research: input.research === undefined ? defaults.research : typeof input.research === 'string' ? input.research : ({ ...researchDefaults(), ...definedOnly(input.research) } as ResearchUrlPatterns),
    site: input.site?.replace(/\/+$/, ''),
    packs: input.packs ?? defaults.packs,
    report: input.report ?? defaults.report,
    asOf: input.asOf,
    reports: input.reports ?? defaults.reports,
    frontmatter: input.frontmatter ?? defaults.frontmatter,
  };
}

function defaultChapters(contentDir: string, preset: ProjectPreset): string {
  if (preset === 'astro') return '/books';
  const inside = contentDir.replace(/^\.\//, '').replace(/\/+$/, '');
  if (inside !== STARLIGHT_DOCS_DIR && !inside.startsWith(`${STARLIGHT_DOCS_DIR}/`)) return '/[book]/[chapter]/';
  const rest = inside.slice(STARLIGHT_DOCS_DIR.length).replace(/^\//, '');
  // Starlight lowercases the segments of a page's path to make its URL.
  return `/${rest === '' ? '' : `${rest.toLowerCase()}/`}[book]/[chapter]/`;
}

function researchDefaults(): ResearchUrlPatterns {
  return { report: '/research/', book: '/research/books/[book]/', pack: '/research/books/[book]/[chapter]/', schemas: '/research/schemas/' };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
