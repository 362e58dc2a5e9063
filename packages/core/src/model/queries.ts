/**
 * The facts every research renderer shares — which chapter, which evidence
 * is validated and which is a lead, which notebooks ran, whether the last
 * research pass read the current revision — and the book-wide research
 * report built from them (`report.json`, with its schema `ReportSchema`).
 */
import { z } from 'zod';
import { STATUS_WORD } from '../render/claim-annotations.js';
import { titledJsonSchema } from '../schema/json-schema.js';
import type { BookModel, ChapterModel, DisplayStatus, ResearchModel, SiteUrls } from './types.js';
import type { EvidenceItem, Notebook, NotebookRun, ResearchPass, Source } from '../schema/sidecars.js';
import { DEFAULT_SITE_URLS, bookReportUrl, chapterUrls, claimUrl, reportSchemaUrl, siteReportUrl } from '../site/urls.js';

/** A whole research model, or one book of it. */
export type ModelSource = ResearchModel | BookModel;

/** The display statuses in the order reports and charts list them. */
export const DISPLAY_STATUSES: readonly DisplayStatus[] = Object.freeze([
  'supported',
  'qualified',
  'contradicted',
  'unverified',
  'stale',
  'review-due',
]);

/** How a status reads in prose and table headers: the same words as the claim markers. */
export const STATUS_LABELS: Readonly<Record<DisplayStatus, string>> = STATUS_WORD;

/**
 * Find a chapter and its book.
 * @param source the research model or one book.
 * @param chapter a chapter model, `<book>/<chapter>`, or (for a book) `<chapter>`.
 * @returns the book and the chapter.
 * @throws Error naming the chapter when it is not in the source.
 */
export function locateChapter(source: ModelSource, chapter: ChapterModel | string): { book: BookModel; chapter: ChapterModel } {
  const books = 'books' in source ? source.books : [source];
  let bookSlug: string;
  let chapterSlug: string;
  if (typeof chapter === 'string') {
    const slash = chapter.indexOf('/');
    if (slash === -1 && !('books' in source)) [bookSlug, chapterSlug] = [source.slug, chapter];
    else [bookSlug, chapterSlug] = [chapter.slice(0, slash), chapter.slice(slash + 1)];
  } else {
    [bookSlug, chapterSlug] = [chapter.book, chapter.slug];
  }
  const book = books.find((candidate) => candidate.slug === bookSlug);
  const found = book?.chapters.find((candidate) => candidate.slug === chapterSlug);
  if (!book || !found) {
    const known = books.flatMap((b) => b.chapters.map((c) => `${b.slug}/${c.slug}`));
    throw new Error(
      `Unknown chapter "${bookSlug}/${chapterSlug}". Known chapters: ${known.length === 0 ? 'none' : known.join(', ')}.`,
    );
  }
  return { book, chapter: typeof chapter === 'string' ? found : chapter };
}

/**
 * The chapter's evidence split into validated items and leads, each in sidecar order.
 * @param chapter the chapter.
 * @returns `{ validated, leads }`.
 */
export function splitEvidence(chapter: ChapterModel): { validated: EvidenceItem[]; leads: EvidenceItem[] } {
  return {
    validated: chapter.evidence.filter((item) => item.status === 'validated'),
    leads: chapter.evidence.filter((item) => item.status === 'lead'),
  };
}

/**
 * Look a source up in the chapter's ledger.
 * @param chapter the chapter.
 * @param id a source id.
 * @returns the source, or `undefined`.
 */
export function findSource(chapter: ChapterModel, id: string): Source | undefined {
  return chapter.sources.find((source) => source.id === id);
}

/**
 * The claims a source bears on, through the chapter's evidence items.
 * @param chapter the chapter.
 * @param sourceId a source id.
 * @returns claim ids, in first-mention order, without duplicates.
 */
export function claimsOfSource(chapter: ChapterModel, sourceId: string): string[] {
  const ids = chapter.evidence.filter((item) => item.source === sourceId).flatMap((item) => item.claims);
  return [...new Set(ids)];
}

/** Where a notebook stands: never run, or the outcome of its latest recorded run. */
export type NotebookState = 'never-run' | NotebookRun['outcome'];

/**
 * The latest recorded run of a notebook (by date; the later entry wins a tie).
 * @param notebook the notebook.
 * @returns the run, or `undefined` when none is recorded.
 */
export function latestRun(notebook: Notebook): NotebookRun | undefined {
  return latestBy(notebook.runs, (run) => run.date);
}

/**
 * Where a notebook stands.
 * @param notebook the notebook.
 * @returns `never-run`, or `passed` / `failed` / `partial` from its latest run.
 */
export function notebookState(notebook: Notebook): NotebookState {
  return latestRun(notebook)?.outcome ?? 'never-run';
}

/**
 * The latest research pass over a chapter (by date; the later entry wins a tie).
 * @param chapter the chapter.
 * @returns the pass, or `undefined` when no research is recorded.
 */
export function latestPass(chapter: ChapterModel): ResearchPass | undefined {
  return latestBy(chapter.research.history, (pass) => pass.date);
}

/**
 * Whether a pass read the revision the site now publishes.
 * @param pass a research pass.
 * @param fingerprint the chapter's current fingerprint.
 * @returns `true` or `false`, or `null` when the pass recorded no fingerprint.
 */
export function passReadsCurrent(pass: ResearchPass, fingerprint: string): boolean | null {
  return pass.fingerprint === undefined ? null : pass.fingerprint === fingerprint;
}

function latestBy<T>(items: readonly T[], date: (item: T) => string): T | undefined {
  let best: T | undefined;
  for (const item of items) if (best === undefined || date(item) >= date(best)) best = item;
  return best;
}

// ---------------------------------------------------------------------------
// The book-wide report: data and schema

const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('A calendar date, YYYY-MM-DD.');
const Url = z.string().describe('A URL on the site; absolute when the site URL is configured, root-relative otherwise.');
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/).describe('A sha256 digest, 64 lowercase hex characters.');
const Count = z.number().int().min(0);
const DisplayStatusEnum = z.enum(['supported', 'qualified', 'contradicted', 'unverified', 'stale', 'review-due']);

/** Claims counted by the status readers see; each claim is counted once. */
export const StatusCountsSchema = z
  .strictObject({
    total: Count.describe('All claims.'),
    supported: Count.describe('Claims whose verdict is supported and still current.'),
    qualified: Count.describe('Claims whose verdict is qualified and still current.'),
    contradicted: Count.describe('Claims whose verdict is contradicted and still current.'),
    unverified: Count.describe('Claims nobody has verified yet.'),
    stale: Count.describe('Claims whose prose changed since the verdict was given.'),
    reviewDue: Count.describe("Claims whose newest validated evidence is older than the book's reviewAfterDays."),
  })
  .describe('Claims counted by displayed status.');

/** What needs work across a set of chapters. */
export const ReportTotalsSchema = z
  .strictObject({
    chapters: Count.describe('Chapters counted.'),
    claims: StatusCountsSchema,
    leads: Count.describe('Evidence items still awaiting verification (leads).'),
    sourcesNotReadInFull: Count.describe('Ledger sources read as abstract only or not accessible.'),
    notebooksNeverRun: Count.describe('Notebooks with no recorded run.'),
    notebooksFailing: Count.describe('Notebooks whose latest recorded run failed or only partly passed.'),
    chaptersNeverResearched: Count.describe('Chapters with no recorded research pass.'),
    chaptersResearchedOnOlderRevision: Count.describe('Chapters whose latest research pass read a revision other than the current one.'),
  })
  .describe('Totals over a set of chapters.');

const AttentionClaimSchema = z
  .strictObject({
    id: z.string().describe('Claim id.'),
    status: DisplayStatusEnum.describe('Displayed status.'),
    priority: z.enum(['high', 'medium', 'low']),
    response: z.enum(['no-change', 'clarification', 'correction', 'citation', 'new-example', 'new-experiment', 'new-section']).describe('Proposed response.'),
    text: z.string().describe('The claim as it reads in the current prose.'),
    url: Url.describe('The claim on its chapter page (#rp-claim-<id>).'),
  })
  .describe('A claim whose displayed status is anything but supported.');

const LeadSchema = z
  .strictObject({
    id: z.string().describe('Evidence id.'),
    source: z.string().describe('Source id in the ledger.'),
    claims: z.array(z.string()).describe('Claim ids it bears on.'),
    relation: z.enum(['supports', 'qualifies', 'contradicts', 'unresolved']),
    class: z.enum(['background', 'reported', 'reproduced', 'hypothesis', 'proposed-experiment']),
    recorded: DateString.describe('When the lead was recorded.'),
  })
  .describe('An evidence item still awaiting verification.');

const LastPassSchema = z
  .strictObject({
    date: DateString,
    by: z.string().describe('Who or what made the pass.'),
    report: z.string().nullable().describe('Report file, relative to the book folder.'),
    fingerprint: Sha256.nullable().describe('Fingerprint of the revision the pass read, if recorded.'),
    readsCurrentRevision: z.boolean().nullable().describe('Whether that fingerprint equals the current one; null when none was recorded.'),
  })
  .describe('The latest research pass.');

/** One chapter in the research report. */
export const ReportChapterSchema = z
  .strictObject({
    id: z.string().describe('Stable id <book>-<chapter>.'),
    slug: z.string(),
    number: z.number().int(),
    title: z.string(),
    urls: z.strictObject({ chapter: Url, pack: Url }).describe('The chapter page and its research pack.'),
    fingerprint: Sha256.describe('Fingerprint of the current revision.'),
    claims: StatusCountsSchema,
    attention: z.array(AttentionClaimSchema).describe('Claims not (or no longer) supported, in chapter order.'),
    leads: z.array(LeadSchema).describe('Leads awaiting verification.'),
    sourcesNotReadInFull: z
      .array(z.strictObject({ id: z.string(), title: z.string(), reading: z.enum(['abstract-only', 'not-accessible']) }))
      .describe('Ledger sources read as abstract only or not accessible.'),
    notebooks: z
      .strictObject({
        total: Count,
        neverRun: z.array(z.string()).describe('Paths of notebooks with no recorded run.'),
        failing: z
          .array(z.strictObject({ path: z.string(), date: DateString, outcome: z.enum(['failed', 'partial']) }))
          .describe('Notebooks whose latest recorded run failed or only partly passed.'),
      })
      .describe('Notebook state.'),
    lastPass: LastPassSchema.nullable().describe('The latest research pass, or null when none is recorded.'),
  })
  .describe('One chapter.');

/** One book in the research report. */
export const ReportBookSchema = z
  .strictObject({
    slug: z.string(),
    title: z.string(),
    url: Url.describe('The book research report page.'),
    totals: ReportTotalsSchema,
    chapters: z.array(ReportChapterSchema).describe('Chapters by number, then slug.'),
  })
  .describe('One book.');

/** `report.json`: the state of research across every book. */
export const ReportSchema = z
  .strictObject({
    $schema: Url.describe('URL of this JSON Schema.'),
    version: z.literal(1).describe('Format version of report.json.'),
    asOf: DateString.describe('The date statuses such as "review due" were computed for.'),
    url: Url.describe('The site-wide research report page.'),
    totals: ReportTotalsSchema,
    books: z.array(ReportBookSchema),
  })
  .describe('Research Pack book-wide research report (report.json): per chapter, claims by status, leads, unread sources, notebooks and the latest research pass.');

export type ReportData = z.infer<typeof ReportSchema>;
export type ReportBook = z.infer<typeof ReportBookSchema>;
export type ReportChapter = z.infer<typeof ReportChapterSchema>;
export type ReportTotals = z.infer<typeof ReportTotalsSchema>;
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

/**
 * The JSON Schema (draft 2020-12) of `report.json`; `schemas/report.schema.json` is this, committed.
 * @returns the schema as a plain object.
 */
export function reportJsonSchema(): Record<string, unknown> {
  return titledJsonSchema(ReportSchema, 'output', { title: 'Research Pack report.json' });
}

/**
 * Build the book-wide research report.
 * @param model the research model.
 * @param urls where the site's pages live (default prefixes, root-relative, when omitted).
 * @returns the report data, in model order.
 */
export function buildReport(model: ResearchModel, urls: SiteUrls = DEFAULT_SITE_URLS): ReportData {
  const books = model.books.map((book): ReportBook => {
    const chapters = book.chapters.map((chapter) => reportChapter(chapter, urls));
    return { slug: book.slug, title: book.config.title, url: bookReportUrl(urls, book.slug), totals: totalsOf(chapters), chapters };
  });
  return {
    $schema: reportSchemaUrl(urls),
    version: 1,
    asOf: model.asOf,
    url: siteReportUrl(urls),
    totals: totalsOf(books.flatMap((book) => book.chapters)),
    books,
  };
}

/**
 * Count a chapter's claims by displayed status.
 * @param chapter the chapter.
 * @returns the counts.
 */
export function countStatuses(chapter: ChapterModel): StatusCounts {
  const counts: StatusCounts = { total: 0, supported: 0, qualified: 0, contradicted: 0, unverified: 0, stale: 0, reviewDue: 0 };
  for (const claim of chapter.claims) {
    counts.total += 1;
    counts[statusKey(claim.status)] += 1;
  }
  return counts;
}

/**
 * The `StatusCounts` key of a displayed status.
 * @param status a displayed status.
 * @returns the key (`review-due` → `reviewDue`).
 */
export function statusKey(status: DisplayStatus): Exclude<keyof StatusCounts, 'total'> {
  return status === 'review-due' ? 'reviewDue' : status;
}

function reportChapter(chapter: ChapterModel, urls: SiteUrls): ReportChapter {
  const links = chapterUrls(urls, chapter.book, chapter.slug);
  const pass = latestPass(chapter);
  const neverRun: string[] = [];
  const failing: ReportChapter['notebooks']['failing'] = [];
  for (const notebook of chapter.research.notebooks) {
    const run = latestRun(notebook);
    if (run === undefined) neverRun.push(notebook.path);
    else if (run.outcome !== 'passed') failing.push({ path: notebook.path, date: run.date, outcome: run.outcome });
  }
  return {
    id: chapter.id,
    slug: chapter.slug,
    number: chapter.frontmatter.number,
    title: chapter.frontmatter.title,
    urls: { chapter: links.chapter, pack: links.pack },
    fingerprint: chapter.fingerprint,
    claims: countStatuses(chapter),
    attention: chapter.claims
      .filter((resolved) => resolved.status !== 'supported')
      .map((resolved) => ({
        id: resolved.claim.id,
        status: resolved.status,
        priority: resolved.claim.priority,
        response: resolved.claim.response,
        text: resolved.text,
        url: claimUrl(urls, chapter.book, chapter.slug, resolved.claim.id),
      })),
    leads: splitEvidence(chapter).leads.map((item) => ({
      id: item.id,
      source: item.source,
      claims: [...item.claims],
      relation: item.relation,
      class: item.class,
      recorded: item.recorded,
    })),
    sourcesNotReadInFull: chapter.sources.flatMap((source) =>
      source.reading === 'full-text' ? [] : [{ id: source.id, title: source.title, reading: source.reading }],
    ),
    notebooks: { total: chapter.research.notebooks.length, neverRun, failing },
    lastPass:
      pass === undefined
        ? null
        : {
            date: pass.date,
            by: pass.by,
            report: pass.report ?? null,
            fingerprint: pass.fingerprint ?? null,
            readsCurrentRevision: passReadsCurrent(pass, chapter.fingerprint),
          },
  };
}

function totalsOf(chapters: readonly ReportChapter[]): ReportTotals {
  const claims: StatusCounts = { total: 0, supported: 0, qualified: 0, contradicted: 0, unverified: 0, stale: 0, reviewDue: 0 };
  const totals: ReportTotals = {
    chapters: chapters.length,
    claims,
    leads: 0,
    sourcesNotReadInFull: 0,
    notebooksNeverRun: 0,
    notebooksFailing: 0,
    chaptersNeverResearched: 0,
    chaptersResearchedOnOlderRevision: 0,
  };
  for (const chapter of chapters) {
    for (const key of Object.keys(claims) as (keyof StatusCounts)[]) claims[key] += chapter.claims[key];
    totals.leads += chapter.leads.length;
    totals.sourcesNotReadInFull += chapter.sourcesNotReadInFull.length;
    totals.notebooksNeverRun += chapter.notebooks.neverRun.length;
    totals.notebooksFailing += chapter.notebooks.failing.length;
    if (chapter.lastPass === null) totals.chaptersNeverResearched += 1;
    else if (chapter.lastPass.readsCurrentRevision === false) totals.chaptersResearchedOnOlderRevision += 1;
  }
  return totals;
}
