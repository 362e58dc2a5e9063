/**
 * The sidecar schemas: what an author may write in `book.yaml`, a chapter's
 * frontmatter, `<chapter>.claims.yaml`, `<chapter>.evidence.yaml` and
 * `<chapter>.research.yaml`. Every object is strict: an unknown key is an
 * error, never silently ignored.
 *
 * `z.input<typeof XSchema>` is what authors write; `z.infer` is what the rest
 * of the core reads after defaults are applied.
 */
import { z } from 'zod';
import { isHttpUrl, misleadingUrl } from './http-url.js';
import { hasVisibleText } from './text-checks.js';

/** Calendar date `YYYY-MM-DD` that exists in the calendar. */
export const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a date written as YYYY-MM-DD', abort: true })
  .refine(isRealDate, { error: 'is not a real calendar date' })
  .describe('A calendar date, YYYY-MM-DD.');

/** A publication date that may be partial: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
export const PartialDateSchema = z
  .string()
  .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, { error: 'expected YYYY, YYYY-MM or YYYY-MM-DD', abort: true })
  .refine((value) => isRealDate(value.length === 4 ? `${value}-01-01` : value.length === 7 ? `${value}-01` : value), {
    error: 'is not a real calendar date',
  })
  .describe('A publication date: YYYY, YYYY-MM or YYYY-MM-DD.');

/** An identifier authors choose: lowercase ASCII letters, digits and hyphens. */
export const IdSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/, {
    error: 'ids use lowercase ASCII letters, digits and single hyphens (e.g. "session-tree"), at most 80 characters',
    abort: true,
  })
  .refine((value) => !value.includes('--'), { error: 'ids may not contain "--"' })
  .describe('A stable identifier: lowercase ASCII letters, digits and hyphens.');

/** A short piece of prose written by the author or a reviewer. */
const TextSchema = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(20_000, { error: 'is longer than 20,000 characters' })
  .refine(hasVisibleText, { error: 'has no visible character (only spaces, zero-width or format characters)' });
const ShortTextSchema = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(500, { error: 'is longer than 500 characters' })
  .refine(hasVisibleText, { error: 'has no visible character (only spaces, zero-width or format characters)' });

/** An absolute http(s) URL. Other schemes are rejected so that only safe links are ever rendered. */
export const HttpUrlSchema = z
  .string()
  .max(2_000, { error: 'is longer than 2,000 characters' })
  .refine((value) => !misleadingUrl(value), { error: 'must not hold a backslash, a tab or line break, or an invisible or bidi character (browsers turn a backslash into a slash and drop the others, so the link would go elsewhere than it reads: write / or %5C)', abort: true })
  .refine(isHttpUrl, { error: 'must be an absolute http:// or https:// URL' })
  .describe('An absolute http(s) URL.');

/** Sha256 hex digest (64 lowercase hex characters). */
export const Sha256Schema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'expected a sha256 digest: 64 lowercase hex characters' })
  .describe('A sha256 digest, 64 lowercase hex characters.');

/** The verdicts a claim can carry after review. */
export const VerdictStatusSchema = z.enum(['supported', 'qualified', 'contradicted', 'unverified']);
/** How much a claim matters to the chapter. */
export const PrioritySchema = z.enum(['high', 'medium', 'low']);
/** The change a reviewer proposes for a claim. */
export const ResponseSchema = z.enum([
  'no-change',
  'clarification',
  'correction',
  'citation',
  'new-example',
  'new-experiment',
  'new-section',
]);
/** How an evidence item bears on a claim. */
export const RelationSchema = z.enum(['supports', 'qualifies', 'contradicts', 'unresolved']);
/** What kind of knowledge an evidence item is. Never blur these. */
export const EvidenceClassSchema = z.enum(['background', 'reported', 'reproduced', 'hypothesis', 'proposed-experiment']);
/** Whether an evidence item has been checked by the author (`validated`), is still a `lead`, or was `rejected` by the author (kept, with the reason). */
export const EvidenceStatusSchema = z.enum(['validated', 'lead', 'rejected']);
/** How much of a source was actually read. */
export const ReadingStatusSchema = z.enum(['full-text', 'abstract-only', 'partial', 'not-accessible']);
/** The outcome of a recorded notebook run. */
export const RunOutcomeSchema = z.enum(['passed', 'failed', 'partial']);

// ---------------------------------------------------------------------------
// book.yaml

/** Where a book's notebooks live: a GitHub repository and a branch. */
export const NotebookRepositorySchema = z.strictObject({
  /** GitHub repository as `owner/name`. Colab links are derived from it. */
  github: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, { error: 'expected a GitHub repository as owner/name' })
    .describe('GitHub repository as owner/name.'),
  /** Branch the published notebooks are on. */
  branch: z
    .string()
    .regex(/^[A-Za-z0-9._/-]+$/, { error: 'expected a git branch name' })
    .default('main')
    .describe('Branch of the published notebooks.'),
});

/** Book-level templates for the research brief. Each falls back to the project's default text. */
export const BriefTemplatesSchema = z.strictObject({
  /** The opening paragraph of every brief. `{book}` and `{chapter}` are replaced. */
  intro: TextSchema.optional().describe('Opening paragraph; {book} and {chapter} are replaced.'),
  /** Objective used when a chapter's research sidecar gives none. `{number}`, `{book}`, `{chapter}` are replaced. */
  objective: TextSchema.optional().describe('Default research objective; {number}, {book}, {chapter} are replaced.'),
  /** Section 8, "How to investigate": one step per entry, numbered when rendered. */
  investigate: z.array(TextSchema).min(1).optional().describe('Section 8 steps, numbered when rendered.'),
  /** Section 9, "Required output": the text before the list of report sections. */
  outputIntro: TextSchema.optional().describe('Section 9 text before the list of report sections.'),
  /** Section 9: the text after the list of report sections. */
  outputOutro: TextSchema.optional().describe('Section 9 text after the list of report sections.'),
  /** How many characters of chapter text the brief quotes before the end-of-excerpt marker. */
  excerptLength: z.number().int().min(200).max(1_000_000).default(6_000).describe('Characters of chapter text quoted in the brief.'),
});

/** `content/books/<book>/book.yaml`. */
export const BookConfigSchema = z.strictObject({
  /** The book's title as readers see it. */
  title: ShortTextSchema.describe("The book's title."),
  /** URL segment of the book; must equal the book's folder name. */
  slug: IdSchema.describe("URL segment of the book; must equal the book's folder name."),
  /** One-paragraph description shown on the book index. */
  description: TextSchema.optional().describe('One-paragraph description of the book.'),
  /** Where the book's notebooks are published. Required when any chapter lists notebooks. */
  notebooks: NotebookRepositorySchema.optional().describe('Where the notebooks are published.'),
  /** Evidence recorded longer ago than this many days is shown as "review due". */
  reviewAfterDays: z.number().int().min(1).max(36_500).default(365).describe('Evidence older than this many days is shown as review due.'),
  /** Research brief templates for this book. */
  brief: BriefTemplatesSchema.default({ excerptLength: 6_000 }).describe('Research brief templates.'),
});

// ---------------------------------------------------------------------------
// chapter frontmatter

/** The frontmatter of a chapter `.mdx` file. */
export const ChapterFrontmatterSchema = z.strictObject({
  /** The chapter's title. */
  title: ShortTextSchema.describe("The chapter's title."),
  /** The chapter number within the book. */
  number: z.number().int().min(0).max(100_000).describe('The chapter number within the book.'),
  /** A one-sentence summary for the book index. */
  summary: TextSchema.optional().describe('A one-sentence summary.'),
});

/**
 * The frontmatter of a chapter on a site whose own schema owns the page
 * (Starlight's `docsSchema()`): the host's keys (`description`, `sidebar`,
 * ...) are its to check and pass here; `title` is still read; `number` may
 * come from `sidebar.order`, `summary` from `description`.
 */
export const HostChapterFrontmatterSchema = z
  .looseObject({
    /** The chapter's title. */
    title: ShortTextSchema.describe("The chapter's title."),
    /** The chapter number within the book; default `sidebar.order`. */
    number: z.number().int().min(0).max(100_000).optional().describe('The chapter number within the book; on Starlight, sidebar: { order: N } gives it when number is left out.'),
    /** A one-sentence summary for the book index; default `description`. */
    summary: TextSchema.optional().describe('A one-sentence summary; default description.'),
    description: z.unknown().optional(),
    sidebar: z.unknown().optional(),
  })
  .transform((data, context) => {
    const order = (data.sidebar as { order?: unknown } | null | undefined)?.order;
    const number = data.number ?? (Number.isInteger(order) && (order as number) >= 0 ? (order as number) : undefined);
    if (number === undefined) {
      context.addIssue({ code: 'custom', path: ['number'], message: 'a chapter needs its number: write "number: N", or "sidebar: { order: N }"' });
      return z.NEVER;
    }
    const description = typeof data.description === 'string' && data.description.trim() !== '' ? data.description.trim() : undefined;
    const summary = data.summary ?? description;
    return { title: data.title, number, ...(summary === undefined ? {} : { summary }) };
  });

// ---------------------------------------------------------------------------
// <chapter>.claims.yaml

/** Stand-off anchor: the claim is found in the prose by quoting it. */
export const QuoteAnchorSchema = z.strictObject({
  /** The exact text of the claim as it appears in the prose (markup removed). */
  quote: z.string().trim().min(3, { error: 'a quote needs at least 3 characters to anchor reliably' }).max(5_000).describe('Exact claim text as it reads in the prose, without markup.'),
  /** Text just before the quote, to choose between several matches. */
  prefix: z.string().min(1).max(200).optional().describe('Text just before the quote, to disambiguate.'),
  /** Text just after the quote, to choose between several matches. */
  suffix: z.string().min(1).max(200).optional().describe('Text just after the quote, to disambiguate.'),
});

/** The reviewer's verdict on a claim. */
export const VerdictSchema = z.strictObject({
  /** supported | qualified | contradicted | unverified. */
  status: VerdictStatusSchema.describe('supported | qualified | contradicted | unverified'),
  /** When the verdict was given. Required unless the status is unverified. */
  date: DateSchema.optional().describe('When the verdict was given.'),
  /** Why: one or two sentences a reader can check against the evidence. */
  rationale: TextSchema.optional().describe('Why the verdict was given.'),
  /**
   * The first 16 hex characters of the sha256 of the claim text that was reviewed (normalized).
   * When the prose changes, the claim shows as stale until it is reviewed again.
   */
  textHash: z
    .string()
    .regex(/^[0-9a-f]{16}$/, { error: 'expected 16 lowercase hex characters (`research-pack reviewed <claim>` records the textHash of the current wording)' })
    .optional()
    .describe('First 16 hex characters of sha256 of the reviewed claim text.'),
  /**
   * The claim's text as it read when the verdict was given. When the prose
   * changes, the brief shows it beside the wording now; without a textHash,
   * its hash is the one compared.
   */
  text: z.string().trim().min(3, { error: 'give the claim text as you reviewed it' }).max(5_000).optional().describe('The claim text as it read when the verdict was given.'),
  /** Who gave the verdict. */
  by: ShortTextSchema.optional().describe('Who gave the verdict.'),
});

/** One claim the chapter makes. */
export const ClaimSchema = z.strictObject({
  /** Stable id, unique within the chapter. A `:claim[...]{#id}` directive refers to it. */
  id: IdSchema.describe('Stable id, unique within the chapter.'),
  /** Where the claim is: `directive` (marked in the prose with `:claim[...]{#id}`) or a quote anchor. */
  anchor: z
    .union([z.literal('directive'), QuoteAnchorSchema])
    .describe('"directive" when marked in the prose with :claim[...]{#id}, else a quote anchor.'),
  /** The verdict after review. */
  verdict: VerdictSchema.describe('The verdict after review.'),
  /** How much the claim matters. */
  priority: PrioritySchema.default('medium').describe('high | medium | low'),
  /** What the reviewer is worried about, if anything. */
  concern: TextSchema.optional().describe('What the reviewer is worried about.'),
  /** The change proposed for the prose. */
  response: ResponseSchema.default('no-change').describe('The change proposed for the prose.'),
});

/** `<chapter>.claims.yaml`. */
export const ClaimsFileSchema = z.strictObject({
  claims: z.array(ClaimSchema).max(10_000).default([]).describe('The claims the chapter makes.'),
});

// ---------------------------------------------------------------------------
// <chapter>.evidence.yaml

/** Identifiers of a source. */
export const IdentifiersSchema = z.strictObject({
  /** DOI, e.g. `10.1145/3368089.3409742`. */
  doi: z.string().regex(/^10\.\d{4,9}\/\S+$/, { error: 'expected a DOI such as 10.1145/3368089.3409742' }).optional().describe('DOI, e.g. 10.1145/3368089.3409742.'),
  /** arXiv id with version, e.g. `1508.06576v2`. */
  arxiv: z
    .string()
    .regex(/^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})v\d+$/, { error: 'expected an arXiv id with its version, e.g. 1508.06576v2' })
    .optional()
    .describe('arXiv id with version, e.g. 1508.06576v2.'),
  /** ISBN-10 or ISBN-13, hyphens allowed. */
  isbn: z.string().regex(/^(97[89][- ]?)?\d{1,5}[- ]?\d+[- ]?\d+[- ]?[\dX]$/, { error: 'expected an ISBN-10 or ISBN-13' }).optional().describe('ISBN-10 or ISBN-13.'),
});

/** One entry of the source ledger. */
export const SourceSchema = z.strictObject({
  /** Stable id, unique within the chapter's ledger. */
  id: IdSchema.describe('Stable id, unique within the ledger.'),
  /** Title of the document. */
  title: ShortTextSchema.describe('Title of the document.'),
  /** Authors, as written on the document. */
  authors: z.array(ShortTextSchema).default([]).describe('Authors as written on the document.'),
  /** Journal, conference or site the document appeared in. */
  venue: ShortTextSchema.optional().describe('Journal, conference or site.'),
  /** Publisher or maintainer. */
  publisher: ShortTextSchema.optional().describe('Publisher or maintainer.'),
  /** First publication date. */
  published: PartialDateSchema.optional().describe('First publication date.'),
  /** Last update the reader saw. */
  updated: PartialDateSchema.optional().describe('Last update date.'),
  /** DOI, arXiv id, ISBN. */
  identifiers: IdentifiersSchema.default({}).describe('DOI, arXiv id, ISBN.'),
  /** Where the document is read. */
  url: HttpUrlSchema.optional().describe('Where the document is read.'),
  /** An archived copy, for when the link dies. */
  archiveUrl: HttpUrlSchema.optional().describe('An archived copy of the document.'),
  /** full-text | abstract-only | partial | not-accessible. A partial reading says in `limitations` what was read. */
  reading: ReadingStatusSchema.describe('full-text | abstract-only | partial | not-accessible'),
  /** When the document was last opened. */
  accessed: DateSchema.describe('When the document was last opened.'),
  /** When its metadata (authors, dates, identifiers) was checked against the document. */
  verified: DateSchema.optional().describe('When the metadata was checked.'),
  /** What the source cannot show. */
  limitations: TextSchema.optional().describe('What the source cannot show.'),
});

/** One evidence item: a source bearing on one or more claims. */
export const EvidenceItemSchema = z.strictObject({
  /** Stable id, unique within the chapter. */
  id: IdSchema.describe('Stable id, unique within the chapter.'),
  /** The source ledger entry this evidence comes from. */
  source: IdSchema.describe('Id of a source in this file.'),
  /** The claims it bears on. */
  claims: z.array(IdSchema).min(1, { error: 'list at least one claim id' }).describe('Ids of the claims it bears on.'),
  /** supports | qualifies | contradicts | unresolved. */
  relation: RelationSchema.describe('supports | qualifies | contradicts | unresolved'),
  /** background | reported | reproduced | hypothesis | proposed-experiment. */
  class: EvidenceClassSchema.describe('background | reported | reproduced | hypothesis | proposed-experiment'),
  /** validated (checked by the author), lead (not yet verified) or rejected (the author found it does not hold; kept with the reason). */
  status: EvidenceStatusSchema.describe('validated | lead | rejected'),
  /** Where in the source: section, page, line, timestamp. */
  locator: ShortTextSchema.optional().describe('Where in the source.'),
  /** What exactly the source shows, and its limits. */
  note: TextSchema.optional().describe('What exactly the source shows.'),
  /** When this evidence was recorded. */
  recorded: DateSchema.describe('When this evidence was recorded.'),
  /** For reproduced evidence: the id of the recorded notebook run that produced it. */
  run: IdSchema.optional().describe('Id of the notebook run that produced it.'),
  /** Who validated or rejected it. */
  by: ShortTextSchema.optional().describe('Who validated or rejected it.'),
  /** Why it was rejected; required when the status is rejected. */
  reason: TextSchema.optional().describe('Why it was rejected.'),
});

/** `<chapter>.evidence.yaml`. */
export const EvidenceFileSchema = z.strictObject({
  sources: z.array(SourceSchema).max(10_000).default([]).describe('The source ledger.'),
  evidence: z.array(EvidenceItemSchema).max(50_000).default([]).describe('Evidence items linking sources to claims.'),
});

// ---------------------------------------------------------------------------
// <chapter>.research.yaml

/** One entry of the chapter's bibliography. */
export const ReferenceSchema = z.strictObject({
  /** Stable id, unique within the chapter. */
  id: IdSchema.describe('Stable id.'),
  /** The reference as it should be cited. */
  citation: TextSchema.describe('The reference as it should be cited.'),
  /** Link to the referenced work. */
  url: HttpUrlSchema.optional().describe('Link to the work.'),
  /** The source ledger entry for the same work, if any. */
  source: IdSchema.optional().describe('Id of the same work in the source ledger.'),
});

/** One recorded run of a notebook. */
export const NotebookRunSchema = z.strictObject({
  /** Stable id; reproduced evidence refers to it. */
  id: IdSchema.describe('Stable id; reproduced evidence refers to it.'),
  /** When it ran. */
  date: DateSchema.describe('When it ran.'),
  /** passed | failed | partial. */
  outcome: RunOutcomeSchema.describe('passed | failed | partial'),
  /** Runtime, versions and hardware. */
  environment: ShortTextSchema.describe('Runtime, versions and hardware.'),
  /** Who or what ran it. */
  by: ShortTextSchema.optional().describe('Who or what ran it.'),
  /** What it printed or why it failed. */
  notes: TextSchema.optional().describe('What it printed or why it failed.'),
});

/** A notebook associated with the chapter. */
export const NotebookSchema = z.strictObject({
  /** Path inside the book's notebooks repository, e.g. `notebooks/pi/27-chapter.ipynb`. */
  path: z.string().min(1).max(500).describe("Path inside the book's notebooks repository."),
  /** What the notebook demonstrates. */
  title: ShortTextSchema.optional().describe('What the notebook demonstrates.'),
  /** Whether the notebook is in the published inventory of the repository. */
  published: z.boolean().describe('Whether it is in the published inventory.'),
  /** Recorded runs, oldest first. Without one, the notebook is unverified. */
  runs: z.array(NotebookRunSchema).default([]).describe('Recorded runs, oldest first.'),
});

/** Counts recorded by an ingested research pass. */
export const PassCountsSchema = z.strictObject({
  /** Claims the pass added or reviewed. */
  claims: z.number().int().min(0).describe('Claims the pass added or reviewed.'),
  /** Sources the pass added to the ledger. */
  sources: z.number().int().min(0).describe('Sources the pass added to the ledger.'),
  /** Leads the pass recorded. */
  leads: z.number().int().min(0).describe('Leads the pass recorded.'),
  /** Claims the pass proposed (`proposedClaims`). */
  proposed: z.number().int().min(0).optional().describe('Claims the pass proposed.'),
  /** Rows of the report that could not land (`heldBack`). */
  heldBack: z.number().int().min(0).optional().describe('Rows of the report held back.'),
});

/** A row of a report that could not land; the report file keeps it, the pass lists it. */
export const HeldBackRowSchema = z.strictObject({
  /** claim-audit | source-ledger | experiments. */
  table: z.enum(['claim-audit', 'source-ledger', 'experiments']).describe('claim-audit | source-ledger | experiments'),
  /** The row's line in the report file. */
  line: z.number().int().min(1).describe("The row's line in the report file."),
  /** The row's column in the report file. */
  column: z.number().int().min(1).describe("The row's column in the report file."),
  /** The row's label in the report, or its first words. */
  label: ShortTextSchema.describe("The row's label, or its first words."),
  /** Why it could not land. */
  reason: TextSchema.describe('Why it could not land.'),
  /** How the report would make it land. */
  fix: TextSchema.optional().describe('How to make it land.'),
});

/** An author's decision not to take something a research pass proposed: when, by whom and why. */
export const RejectionSchema = z.strictObject({
  /** When it was rejected. */
  date: DateSchema.describe('When it was rejected.'),
  /** Who rejected it. */
  by: ShortTextSchema.describe('Who rejected it.'),
  /** Why. */
  reason: TextSchema.describe('Why it was rejected.'),
});

/** An author's decision to take a proposed claim: when, by whom, and the id of the claim it became. */
export const AcceptanceSchema = z.strictObject({
  /** When it was accepted. */
  date: DateSchema.describe('When it was accepted.'),
  /** Who accepted it. */
  by: ShortTextSchema.describe('Who accepted it.'),
  /** The id of the claim it became in the claims sidecar. */
  claim: IdSchema.describe('The id of the claim it became.'),
});

/**
 * A claim a research pass found in the prose that the claims sidecar does
 * not hold. It is a lead, not a claim: readers never see it, and it becomes
 * a claim only when the author adds it to the claims sidecar.
 */
export const ProposedClaimSchema = z.strictObject({
  /** Stable id, unique among the proposals; the id the claim would take. */
  id: IdSchema.describe('Stable id; the id the claim would take.'),
  /** The claim as the report states it. */
  statement: TextSchema.describe('The claim as the report states it.'),
  /** The claim's words exactly as they read in the chapter snapshot, when the report quotes them. */
  quote: z.string().trim().min(3).max(5_000).optional().describe('Exact words in the chapter snapshot.'),
  /** Its line in the chapter snapshot (`chapter-snapshot.txt`) when the pass was made. */
  line: z.number().int().min(1).optional().describe('Line in the chapter snapshot.'),
  /** The status the report gives: a lead for the verdict, never the verdict. */
  status: VerdictStatusSchema.optional().describe('The status the report gives (a lead).'),
  /** The priority the report gives. */
  priority: PrioritySchema.optional().describe('The priority the report gives.'),
  /** The response the report proposes. */
  response: ResponseSchema.optional().describe('The response the report proposes.'),
  /** The report's concern. */
  concern: TextSchema.optional().describe("The report's concern."),
  /** The evidence the report gives, as it wrote it: a lead to check. */
  evidence: TextSchema.optional().describe('The evidence the report gives (a lead).'),
  /** Ledger sources the report says bear on it. */
  sources: z.array(IdSchema).default([]).describe('Ids of ledger sources the report says bear on it.'),
  /**
   * How a source of `sources` bears on it, where the report's ledger says
   * (`contradicts C3`): the lead made for that source when the author
   * accepts the claim takes this relation; a source not named here, `unresolved`.
   */
  relations: z.record(IdSchema, RelationSchema).optional().describe('How each source bears on it, as the report says; its lead takes that relation.'),
  /** The report that proposed it, relative to the book folder. */
  report: z.string().min(1).max(500).describe('The report that proposed it.'),
  /** Its row label in that report. */
  label: ShortTextSchema.optional().describe('Its row label in the report.'),
  /** When it was proposed: the date of the pass. */
  recorded: DateSchema.describe('The date of the pass that proposed it.'),
  /** The author's acceptance: the claim it became. Kept, with the rest of the proposal, as the record of where the claim came from. */
  accepted: AcceptanceSchema.optional().describe('The claim it became, when the author accepted it.'),
  /** The author's rejection: kept so that later passes do not propose it again. */
  rejected: RejectionSchema.optional().describe("The author's rejection, with the reason."),
});

/** One research pass over the chapter. */
export const ResearchPassSchema = z.strictObject({
  /** When the pass was made. */
  date: DateSchema.describe('When the pass was made.'),
  /** Who or what made it (a person, or an agent and its model). */
  by: ShortTextSchema.describe('Who or what made it.'),
  /** The report file, relative to the book folder. */
  report: z.string().min(1).max(500).optional().describe('Report file, relative to the book folder.'),
  /** Fingerprint of the chapter revision the pass read. */
  fingerprint: Sha256Schema.optional().describe('Fingerprint of the revision read.'),
  /** What the pass concluded, in a sentence or two. */
  summary: TextSchema.optional().describe('What the pass concluded.'),
  /** The pass's findings, as returned. */
  findings: TextSchema.optional().describe('Findings, as returned.'),
  /** The pass's upgrade proposal, as returned. */
  proposal: TextSchema.optional().describe('Upgrade proposal, as returned.'),
  /** What the pass added. */
  counts: PassCountsSchema.optional().describe('What the pass added.'),
  /** Rows of the report that could not land, with why and how to fix them. */
  heldBack: z.array(HeldBackRowSchema).optional().describe('Rows of the report that could not land.'),
});

/** `<chapter>.research.yaml`. */
export const ResearchFileSchema = z.strictObject({
  /** What the research on this chapter should decide. */
  objective: TextSchema.optional().describe('What the research should decide.'),
  /** Open questions for the researcher. */
  questions: z.array(TextSchema).default([]).describe('Open questions.'),
  /** The chapter's bibliography. */
  references: z.array(ReferenceSchema).default([]).describe('Bibliography.'),
  /** Notebooks associated with the chapter. */
  notebooks: z.array(NotebookSchema).default([]).describe('Associated notebooks.'),
  /** Research passes, oldest first. */
  history: z.array(ResearchPassSchema).default([]).describe('Research passes, oldest first.'),
  /** Claims research passes proposed and the author has not accepted yet. */
  proposedClaims: z.array(ProposedClaimSchema).default([]).describe('Claims proposed by research passes, not yet accepted.'),
});

/**
 * The schema of each YAML file an author writes, by kind. `book` is
 * `book.yaml`; the others are the chapter sidecars `<chapter>.<kind>.yaml`.
 */
export const sidecarSchemas = {
  book: BookConfigSchema,
  claims: ClaimsFileSchema,
  evidence: EvidenceFileSchema,
  research: ResearchFileSchema,
} as const;

/** `book`, `claims`, `evidence` or `research`. */
export type SidecarKind = keyof typeof sidecarSchemas;

/** Validated `book.yaml`. */
export type BookConfig = z.infer<typeof BookConfigSchema>;
/** `book.yaml` as authors write it. */
export type BookConfigInput = z.input<typeof BookConfigSchema>;
export type BriefTemplates = z.infer<typeof BriefTemplatesSchema>;
export type ChapterFrontmatter = z.infer<typeof ChapterFrontmatterSchema>;
export type QuoteAnchor = z.infer<typeof QuoteAnchorSchema>;
export type Verdict = z.infer<typeof VerdictSchema>;
export type VerdictStatus = z.infer<typeof VerdictStatusSchema>;
export type Claim = z.infer<typeof ClaimSchema>;
export type ClaimsFile = z.infer<typeof ClaimsFileSchema>;
export type Source = z.infer<typeof SourceSchema>;
export type EvidenceItem = z.infer<typeof EvidenceItemSchema>;
export type EvidenceFile = z.infer<typeof EvidenceFileSchema>;
export type Reference = z.infer<typeof ReferenceSchema>;
export type Notebook = z.infer<typeof NotebookSchema>;
export type NotebookRun = z.infer<typeof NotebookRunSchema>;
export type ResearchPass = z.infer<typeof ResearchPassSchema>;
export type ProposedClaim = z.infer<typeof ProposedClaimSchema>;
export type HeldBackEntry = z.infer<typeof HeldBackRowSchema>;
export type Rejection = z.infer<typeof RejectionSchema>;
export type Acceptance = z.infer<typeof AcceptanceSchema>;
export type ResearchFile = z.infer<typeof ResearchFileSchema>;
export type Relation = z.infer<typeof RelationSchema>;
export type EvidenceClass = z.infer<typeof EvidenceClassSchema>;
export type ReadingStatus = z.infer<typeof ReadingStatusSchema>;
export type Priority = z.infer<typeof PrioritySchema>;
export type ProposedResponse = z.infer<typeof ResponseSchema>;

function isRealDate(value: string): boolean {
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(5, 7));
  const d = Number(value.slice(8, 10));
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return m >= 1 && m <= 12 && d >= 1 && d <= days;
}
