/**
 * The shape of the status report (`report.json`): every book and chapter
 * with its claims counted by status, leads, unread sources, notebooks and the
 * latest research pass. One zod schema types `buildStatusReport` and
 * generates the committed JSON Schema (`schemas/report.schema.json`).
 */
import { z } from 'zod';
import { titledJsonSchema } from './json-schema.js';
import { SourceCheckDataSchema, SourceReviewDataSchema, SourceTotalsSchema } from './source-check.js';

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
export const StatusReportTotalsSchema = z
  .strictObject({
    chapters: Count.describe('Chapters counted.'),
    claims: StatusCountsSchema,
    leads: Count.describe('Evidence items still awaiting verification (leads).'),
    sourcesNotReadInFull: Count.describe('Ledger sources read as abstract only or not accessible.'),
    notebooksNeverRun: Count.describe('Notebooks with no recorded run.'),
    notebooksFailing: Count.describe('Notebooks whose latest recorded run failed or only partly passed.'),
    chaptersNeverResearched: Count.describe('Chapters with no recorded research pass.'),
    chaptersResearchedOnOlderRevision: Count.describe('Chapters whose latest research pass read a revision other than the current one.'),
    sources: SourceTotalsSchema.optional().describe('What the sources locks say about these chapters\' sources, counted. Absent in reports written before the sources lock.'),
    awaitingReview: Count.describe("Items awaiting the author's decision: leads, proposed claims, claims to review again."),
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

const ReviewItemSchema = z
  .strictObject({
    handle: z.string().describe('The handle `research-pack` decides on it with (`accept l3f2a.c41e`).'),
    kind: z.enum(['lead', 'proposal', 'claim']).describe('A lead to accept or reject, a proposed claim, or a claim whose verdict is stale or due for review.'),
    id: z.string().describe('Its id in the sidecar.'),
    text: z.string().describe('What it is about, in a line.'),
    url: Url.nullable().describe('Where it is shown: the lead or proposal on the research pack page, the claim on its chapter page.'),
  })
  .describe('An item awaiting the author\'s decision.');

/** What awaits the author's decision in a chapter. */
export const AwaitingReviewSchema = z
  .strictObject({
    count: Count.describe('Items awaiting a decision.'),
    leads: Count.describe('Leads to accept or reject.'),
    proposals: Count.describe('Proposed claims to accept or reject.'),
    claims: Count.describe('Claims whose verdict is stale or due for review.'),
    items: z.array(ReviewItemSchema).describe('The items: leads, proposed claims, then claims, each in sidecar order.'),
  })
  .describe("What awaits the author's decision (research-pack review).");

const LastPassSchema = z
  .strictObject({
    date: DateString,
    by: z.string().describe('Who or what made the pass.'),
    report: z.string().nullable().describe('Report file, relative to the book folder.'),
    fingerprint: Sha256.nullable().describe('Fingerprint of the revision the pass read, if recorded.'),
    readsCurrentRevision: z.boolean().nullable().describe('Whether that fingerprint equals the current one; null when none was recorded.'),
  })
  .describe('The latest research pass.');

/** What the book's sources lock says about a chapter's sources and the claims resting on them. */
const ChapterSourceChecksSchema = z
  .strictObject({
    lock: z.boolean().describe("Whether the book has a sources lock; without one every source reads never checked."),
    sources: z
      .array(
        z.strictObject({
          id: z.string().describe('Source id.'),
          title: z.string(),
          url: z.string().nullable().describe("The ledger's URL, when it passes the safe-link rule."),
          archiveUrl: z.string().nullable().describe("The ledger's archived copy, when it passes the safe-link rule."),
          accessed: DateString.describe('When it was last opened.'),
          check: SourceCheckDataSchema,
        }),
      )
      .describe('Every source of the ledger, in ledger order.'),
    flagged: z
      .array(z.strictObject({ id: z.string().describe('Claim id.'), status: DisplayStatusEnum, text: z.string(), url: Url.describe('The claim on its chapter page.'), review: SourceReviewDataSchema }))
      .describe('Claims flagged for review because of their sources, in claim order.'),
  })
  .describe("What the book's sources.lock.json says about the chapter's sources.");

/** One chapter in the research report. */
export const StatusReportChapterSchema = z
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
      .array(z.strictObject({ id: z.string(), title: z.string(), reading: z.enum(['abstract-only', 'partial', 'not-accessible']) }))
      .describe('Ledger sources read as abstract only, in part, or not accessible.'),
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
    sourceChecks: ChapterSourceChecksSchema.nullable()
      .optional()
      .describe('What the sources lock says; null when the model was built without the books\' locks. Absent in reports written before the sources lock.'),
    awaitingReview: AwaitingReviewSchema,
  })
  .describe('One chapter.');

/** One book in the research report. */
export const StatusReportBookSchema = z
  .strictObject({
    slug: z.string(),
    title: z.string(),
    url: Url.describe('The book research report page.'),
    totals: StatusReportTotalsSchema,
    chapters: z.array(StatusReportChapterSchema).describe('Chapters by number, then slug.'),
  })
  .describe('One book.');

/** `report.json`: the state of research across every book. */
export const StatusReportSchema = z
  .strictObject({
    $schema: Url.describe('URL of this JSON Schema.'),
    version: z.literal(1).describe('Format version of report.json.'),
    asOf: DateString.describe('The date statuses such as "review due" were computed for.'),
    url: Url.describe('The site-wide research report page.'),
    totals: StatusReportTotalsSchema,
    books: z.array(StatusReportBookSchema),
  })
  .describe('Research Pack book-wide research report (report.json): per chapter, claims by status, leads, unread sources, notebooks and the latest research pass.');

export type StatusReport = z.infer<typeof StatusReportSchema>;
export type StatusReportBook = z.infer<typeof StatusReportBookSchema>;
export type StatusReportChapter = z.infer<typeof StatusReportChapterSchema>;
export type StatusReportTotals = z.infer<typeof StatusReportTotalsSchema>;
export type StatusCounts = z.infer<typeof StatusCountsSchema>;
export type StatusReportSourceChecks = z.infer<typeof ChapterSourceChecksSchema>;
export type AwaitingReview = z.infer<typeof AwaitingReviewSchema>;

/**
 * The JSON Schema (draft 2020-12) of `report.json`; `schemas/report.schema.json` is this, committed.
 * @returns the schema as a plain object.
 */
export function statusReportJsonSchema(): Record<string, unknown> {
  return titledJsonSchema(StatusReportSchema, 'output', { title: 'Research Pack report.json' });
}
