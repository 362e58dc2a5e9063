/**
 * The shape of `pack.json`, the research pack as data: one zod schema that
 * types the renderer's output and generates the committed JSON Schema
 * (`schemas/pack.schema.json`, draft 2020-12). Absent values are `null`, not
 * missing keys, so every key is always there; standard vocabularies
 * (W3C Web Annotation, schema.org ClaimReview, CSL-JSON) keep their own
 * conventions and omit what is unknown.
 */
import { z } from 'zod';
import { titledJsonSchema } from './json-schema.js';
import { SourceCheckDataSchema, SourceReviewDataSchema } from './source-check.js';

/** Format version of `pack.json`; bumped on any incompatible change. */
export const PACK_VERSION = 1;

const Url = z.string().describe('A URL on the site: absolute when the site URL is configured, root-relative otherwise.');
const ExternalUrl = z.string().regex(/^https?:\/\//).describe('An absolute http(s) URL that passed the safe-link rule.');
const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('A calendar date, YYYY-MM-DD.');
const PartialDate = z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/).describe('A date: YYYY, YYYY-MM or YYYY-MM-DD.');
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/).describe('A sha256 digest, 64 lowercase hex characters.');
const Id = z.string().describe('An id from the sidecars.');
const Offset = z.number().int().min(0);

const RelationEnum = z.enum(['supports', 'qualifies', 'contradicts', 'unresolved']);
const EvidenceClassEnum = z.enum(['background', 'reported', 'reproduced', 'hypothesis', 'proposed-experiment']);
const VerdictEnum = z.enum(['supported', 'qualified', 'contradicted', 'unverified']);
const DisplayStatusEnum = z.enum(['supported', 'qualified', 'contradicted', 'unverified', 'stale', 'review-due']);
const ReadingEnum = z.enum(['full-text', 'abstract-only', 'partial', 'not-accessible']);

/** Who the pack is about and where everything lives. */
export const PackIdentitySchema = z
  .strictObject({
    id: z.string().describe('Stable id of the chapter, <book>-<chapter>.'),
    book: z.strictObject({ slug: z.string(), title: z.string() }).describe('The book.'),
    chapter: z
      .strictObject({
        slug: z.string(),
        title: z.string(),
        number: z.number().int(),
        summary: z.string().nullable().describe('One-sentence summary, if the chapter gives one.'),
      })
      .describe('The chapter.'),
    urls: z
      .strictObject({
        chapter: Url.describe('The chapter page.'),
        pack: Url.describe('The research pack page.'),
        snapshot: Url.describe('chapter-snapshot.txt: the text the fingerprint is computed from.'),
        brief: Url.describe('brief.md: the research brief.'),
        report: Url.describe("report.md: the chapter's research report."),
        packJson: Url.describe('This file.'),
        bookReport: Url.describe("The book's research report page."),
      })
      .describe('Where the chapter and its artifacts are published.'),
  })
  .describe('Identity of the chapter.');

/** One evidence item, validated or a lead. */
export const PackEvidenceSchema = z
  .strictObject({
    id: Id,
    claims: z.array(Id).describe('Ids of the claims it bears on.'),
    relation: RelationEnum.describe('How it bears on them.'),
    class: EvidenceClassEnum.describe('What kind of knowledge it is.'),
    status: z.enum(['validated', 'lead', 'rejected']).describe('validated: checked by the author; lead: not yet verified; rejected: the author found it does not hold.'),
    source: z.strictObject({ id: Id, title: z.string().nullable().describe('Null when the id is not in the ledger.') }).describe('The ledger source.'),
    locator: z.string().nullable().describe('Where in the source.'),
    note: z.string().nullable().describe('What exactly the source shows.'),
    recorded: DateString.describe('When it was recorded.'),
    run: Id.nullable().describe('For reproduced evidence: the notebook run that produced it.'),
  })
  .describe('An evidence item.');

/** A lead the author rejected, kept with who rejected it and why. */
export const PackRejectedEvidenceSchema = PackEvidenceSchema.extend({
  by: z.string().nullable().describe('Who rejected it, when recorded.'),
  reason: z.string().nullable().describe('Why it was rejected.'),
}).describe('A rejected lead.');

/** One notebook and its recorded runs. */
export const PackNotebookSchema = z
  .strictObject({
    path: z.string().describe("Path in the book's notebooks repository."),
    title: z.string().nullable().describe('What it demonstrates.'),
    published: z.boolean().describe('Whether it is in the published inventory.'),
    colab: ExternalUrl.nullable().describe('Colab link derived from the repository and path; null when none can be derived.'),
    state: z.enum(['never-run', 'passed', 'failed', 'partial']).describe('never-run, or the outcome of the latest recorded run.'),
    runs: z
      .array(
        z.strictObject({
          id: Id,
          date: DateString,
          outcome: z.enum(['passed', 'failed', 'partial']),
          environment: z.string(),
          by: z.string().nullable(),
          notes: z.string().nullable(),
        }),
      )
      .describe('Recorded runs, oldest first. Without one, what the notebook shows is unverified.'),
  })
  .describe('A notebook associated with the chapter.');

/** One research pass. */
export const PackPassSchema = z
  .strictObject({
    date: DateString,
    by: z.string().describe('Who or what made the pass.'),
    report: z.string().nullable().describe('Report file, relative to the book folder.'),
    fingerprint: Sha256.nullable().describe('Fingerprint of the revision the pass read.'),
    readsCurrentRevision: z.boolean().nullable().describe('Whether that fingerprint is the current one; null when none was recorded.'),
    summary: z.string().nullable(),
    findings: z.string().nullable().describe('Findings as returned by the pass (Markdown source, unrendered).'),
    proposal: z.string().nullable().describe('Upgrade proposal as returned by the pass (Markdown source, unrendered).'),
    counts: z.strictObject({ claims: Offset, sources: Offset, leads: Offset }).nullable().describe('What the pass added.'),
  })
  .describe('A research pass.');

/** One row of the claim audit. */
export const PackClaimSchema = z
  .strictObject({
    id: Id,
    url: Url.describe('The claim on the chapter page (#rp-claim-<id>).'),
    text: z.string().describe('The claim as it reads in the current prose.'),
    textHash: z.string().regex(/^[0-9a-f]{16}$/).describe('First 16 hex characters of sha256 of the text.'),
    location: z
      .strictObject({
        anchoring: z.enum(['directive', 'exact', 'fuzzy']).describe('How the claim was found in the prose.'),
        start: Offset.describe('Start offset in the snapshot.'),
        end: Offset.describe('End offset in the snapshot.'),
        line: z.number().int().describe('Line in the chapter source.'),
        column: z.number().int().describe('Column in the chapter source.'),
      })
      .describe('Where the claim is.'),
    status: DisplayStatusEnum.describe('What readers see: the verdict, unless stale or review due.'),
    verdict: z
      .strictObject({
        status: VerdictEnum,
        date: DateString.nullable(),
        rationale: z.string().nullable(),
        textHash: z.string().nullable().describe('Hash of the text that was reviewed.'),
      })
      .describe('The verdict as recorded.'),
    stale: z.union([z.literal(false), z.enum(['fuzzy-anchor', 'text-changed', 'no-text-hash'])]).describe('Why the verdict no longer matches the prose, or false.'),
    reviewDue: z.boolean().describe("The newest validated evidence is older than the book's reviewAfterDays."),
    priority: z.enum(['high', 'medium', 'low']),
    concern: z.string().nullable(),
    response: z.enum(['no-change', 'clarification', 'correction', 'citation', 'new-example', 'new-experiment', 'new-section']).describe('Proposed response.'),
    evidence: z.array(Id).describe('Ids of evidence items bearing on it, validated first.'),
    sourceReview: SourceReviewDataSchema.nullable()
      .optional()
      .describe("Flagged for review because of its sources, with the reason; null when it is not (or the locks were not read). Absent in packs written before the sources lock."),
  })
  .describe('A claim in the claim audit.');

/** One row of the source ledger. */
export const PackSourceSchema = z
  .strictObject({
    id: Id,
    title: z.string(),
    authors: z.array(z.string()).describe('As written on the document.'),
    venue: z.string().nullable(),
    publisher: z.string().nullable(),
    published: PartialDate.nullable(),
    updated: PartialDate.nullable(),
    identifiers: z
      .strictObject({ doi: z.string().nullable(), arxiv: z.string().nullable(), isbn: z.string().nullable() })
      .describe('DOI, arXiv id with version, ISBN.'),
    links: z
      .strictObject({
        url: ExternalUrl.nullable().describe('Where the document is read.'),
        archive: ExternalUrl.nullable().describe('An archived copy.'),
        doi: ExternalUrl.nullable().describe('https://doi.org/<doi>.'),
        arxiv: ExternalUrl.nullable().describe('https://arxiv.org/abs/<id>.'),
      })
      .describe('Links that passed the safe-link rule (http(s), DOI, arXiv); null otherwise.'),
    reading: ReadingEnum.describe('How much of it was read.'),
    accessed: DateString.describe('When it was last opened.'),
    verified: DateString.nullable().describe('When its metadata was checked.'),
    limitations: z.string().nullable(),
    claims: z.array(Id).describe('Claims it bears on, through the evidence items.'),
    check: SourceCheckDataSchema.nullable()
      .optional()
      .describe("What the book's sources.lock.json says about it (link health, archived copy, changes, newer version); every identifier reads unchecked when the book has no lock; null when the model was built without the locks. Absent in packs written before the sources lock."),
  })
  .describe('A source in the source ledger.');

/** W3C Web Annotation selectors into the snapshot. */
const TextQuoteSelectorSchema = z.strictObject({
  type: z.literal('TextQuoteSelector'),
  exact: z.string(),
  prefix: z.string(),
  suffix: z.string(),
});
const TextPositionSelectorSchema = z.strictObject({
  type: z.literal('TextPositionSelector'),
  start: Offset,
  end: Offset,
});

/** A W3C Web Annotation (https://www.w3.org/TR/annotation-model/) assessing one anchored claim. */
export const WebAnnotationSchema = z
  .strictObject({
    '@context': z.literal('http://www.w3.org/ns/anno.jsonld'),
    id: Url.describe('<pack.json URL>#annotation-<claim id>.'),
    type: z.literal('Annotation'),
    motivation: z.literal('assessing'),
    created: DateString.optional().describe('When the verdict was given, if recorded.'),
    body: z.strictObject({
      type: z.literal('TextualBody'),
      purpose: z.literal('assessing'),
      format: z.literal('text/plain'),
      value: z.string().describe('The displayed status and the rationale.'),
    }),
    target: z
      .strictObject({
        source: Url.describe('The chapter page.'),
        selector: z.tuple([TextQuoteSelectorSchema, TextPositionSelectorSchema]).describe('Quote and position; positions count characters of chapter-snapshot.txt.'),
      })
      .describe('The claim in the chapter.'),
  })
  .describe('A W3C Web Annotation for one anchored claim.');

/** A schema.org ClaimReview (https://schema.org/ClaimReview) for one reviewed claim. */
export const ClaimReviewSchema = z
  .strictObject({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('ClaimReview'),
    url: Url.describe('The claim on the chapter page.'),
    claimReviewed: z.string().describe('The claim as it reads in the prose.'),
    datePublished: DateString.optional().describe('When the verdict was given.'),
    itemReviewed: z.strictObject({
      '@type': z.literal('Claim'),
      appearance: z.strictObject({ '@type': z.literal('CreativeWork'), url: Url, name: z.string() }).describe('The chapter the claim appears in.'),
    }),
    reviewRating: z.strictObject({
      '@type': z.literal('Rating'),
      ratingValue: z.number().int().min(1).max(3).describe('1 contradicted, 2 qualified, 3 supported.'),
      bestRating: z.literal(3),
      worstRating: z.literal(1),
      alternateName: z.enum(['supported', 'qualified', 'contradicted']).describe('The verdict.'),
      ratingExplanation: z.string().optional().describe('The rationale.'),
    }),
  })
  .describe('A schema.org ClaimReview for one reviewed claim (verdict supported, qualified or contradicted, and not stale).');

const CslDateSchema = z.strictObject({ 'date-parts': z.tuple([z.array(z.number().int()).min(1).max(3)]) });

/** A CSL-JSON item (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html). */
export const CslItemSchema = z
  .strictObject({
    id: Id,
    type: z.enum(['article', 'article-journal', 'book', 'webpage', 'document']),
    title: z.string(),
    author: z.array(z.strictObject({ literal: z.string() })).optional().describe('Authors as written on the document.'),
    'container-title': z.string().optional(),
    publisher: z.string().optional(),
    issued: CslDateSchema.optional(),
    DOI: z.string().optional(),
    ISBN: z.string().optional(),
    URL: z.string().optional(),
    number: z.string().optional().describe('The arXiv id, for preprints.'),
    accessed: CslDateSchema.optional(),
    note: z.string().optional(),
  })
  .describe('A source ledger entry as a CSL-JSON item.');

/** `pack.json`. */
export const PackSchema = z
  .strictObject({
    $schema: Url.describe('URL of this JSON Schema.'),
    version: z.literal(PACK_VERSION).describe('Format version of pack.json.'),
    asOf: DateString.describe('The date statuses such as "review due" were computed for.'),
    identity: PackIdentitySchema,
    fingerprint: z
      .strictObject({
        algorithm: z.literal('sha256'),
        value: Sha256.describe('sha256 of the UTF-8 bytes of snapshot.text (and of chapter-snapshot.txt).'),
      })
      .describe("Fingerprint of the chapter's prose."),
    snapshot: z
      .strictObject({
        url: Url.describe('chapter-snapshot.txt.'),
        characters: Offset.describe('Length of the text in Unicode code points.'),
        text: z.string().describe('The normalized plain-text snapshot of this revision.'),
      })
      .describe('The text this pack describes.'),
    references: z
      .array(
        z.strictObject({
          id: Id,
          citation: z.string(),
          url: ExternalUrl.nullable().describe('Link to the work, if it passed the safe-link rule.'),
          source: Id.nullable().describe('The same work in the source ledger.'),
        }),
      )
      .describe("The chapter's bibliography."),
    evidence: z
      .strictObject({
        validated: z.array(PackEvidenceSchema).describe('Evidence checked by the author.'),
        leads: z.array(PackEvidenceSchema).describe('Unverified candidates and seeds: verify before relying on any of them.'),
        rejected: z.array(PackRejectedEvidenceSchema).describe('Leads the author checked and rejected, with the reason; kept so that later passes do not propose them again.'),
      })
      .describe('Evidence, validated items and leads kept apart.'),
    research: z
      .strictObject({
        objective: z.strictObject({
          text: z.string(),
          origin: z.enum(['chapter', 'book', 'default']).describe("Where it comes from: the chapter's research sidecar, the book's template or the project default."),
        }),
        questions: z.array(z.string()),
      })
      .describe('Research objective and questions.'),
    notebooks: z.array(PackNotebookSchema).describe('Associated notebooks.'),
    history: z.array(PackPassSchema).describe('Research passes, as recorded (oldest first).'),
    claimAudit: z.array(PackClaimSchema).describe('The claim audit, in chapter order.'),
    sourceLedger: z.array(PackSourceSchema).describe('The source ledger.'),
    annotations: z.array(WebAnnotationSchema).describe('W3C Web Annotations, one per anchored claim.'),
    claimReviews: z.array(ClaimReviewSchema).describe('schema.org ClaimReviews, one per reviewed claim.'),
    csl: z.array(CslItemSchema).describe('The source ledger as CSL-JSON.'),
  })
  .describe("Research Pack pack.json: everything recorded about one chapter's research, versioned.");

export type Pack = z.infer<typeof PackSchema>;
export type PackClaim = z.infer<typeof PackClaimSchema>;
export type PackSource = z.infer<typeof PackSourceSchema>;
export type PackEvidence = z.infer<typeof PackEvidenceSchema>;
export type WebAnnotation = z.infer<typeof WebAnnotationSchema>;
export type ClaimReview = z.infer<typeof ClaimReviewSchema>;
export type CslItem = z.infer<typeof CslItemSchema>;

/**
 * The JSON Schema (draft 2020-12) of `pack.json`; `schemas/pack.schema.json` is this, committed.
 * @returns the schema as a plain object.
 */
export function packJsonSchema(): Record<string, unknown> {
  return titledJsonSchema(PackSchema, 'output', { title: 'Research Pack pack.json' });
}
