/**
 * What the sources lock says about a source, and about a claim that rests on
 * it, as `pack.json` and `report.json` carry it: the link's health (and the
 * final URL, the archived copy, whether the page changed since it was read),
 * the DOI's and arXiv's answers, metadata mismatches, and the claims flagged
 * for review because every source of their validated evidence is dead or
 * changed. One zod schema for both files, so they say it the same way.
 *
 * These keys were added to version 1 of both files: they are optional in
 * the schemas, so a file written before them still validates; the renderers
 * always write them, as `null` when the model was built without the books'
 * locks (a chapter from `buildChapter` alone).
 */
import { z } from 'zod';

const Moment = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/).describe('A UTC date and time, YYYY-MM-DDTHH:MM:SSZ, as the sources lock records it.');
const ExternalUrl = z.string().regex(/^https?:\/\//).describe('An absolute http(s) URL that passed the safe-link rule.');
const Checked = Moment.nullable().describe('When it was last checked; null when the lock has nothing on it.');
const Since = Moment.nullable().describe('The first check with the current answer ("dead since"); null when never checked.');
const CheckError = z
  .strictObject({ kind: z.string().describe('What went wrong, in one word (timeout, dns, tls, rate-limited, …).'), detail: z.string().describe('What went wrong, for a person.') })
  .nullable()
  .describe('Why the last check gave no usable answer; null when it did.');

/** What the lock says about a source's URL. */
export const LinkCheckDataSchema = z
  .strictObject({
    url: z.string().describe('The URL checked: the ledger\'s, without its fragment.'),
    health: z.enum(['ok', 'redirected', 'dead', 'unreachable', 'unchecked']).describe('ok | redirected | dead (404, 410) | unreachable | unchecked (never checked: the lock has nothing on it).'),
    checked: Checked,
    since: Since,
    status: z.number().int().nullable().describe("The final answer's HTTP status."),
    finalUrl: ExternalUrl.nullable().describe('Where the redirects ended; null without redirects.'),
    error: CheckError,
    changed: z
      .strictObject({ after: Moment.describe('The last check that saw the content as it was read.'), by: Moment.describe('The first check that saw it otherwise.') })
      .nullable()
      .describe('Changed since you read it: the content moved after the source was accessed; null when the lock saw no change since then.'),
    archive: z
      .strictObject({ url: ExternalUrl.describe('The archived copy (a Memento).'), datetime: Moment.describe('When it was archived.') })
      .nullable()
      .describe('The archived copy nearest the day the source was read, as found by sources refresh; null when none is known.'),
    archiveResult: z
      .enum(['found', 'none', 'unreachable'])
      .nullable()
      .describe('What the web archive said when asked for a copy near the day the source was read: found | none | unreachable; null when it was not asked.'),
  })
  .describe('What the sources lock says about the URL.');

/** What the lock says about a source's DOI. */
export const DoiCheckDataSchema = z
  .strictObject({
    doi: z.string().describe('The DOI as the ledger gives it.'),
    result: z.enum(['found', 'not-found', 'no-metadata', 'unreachable', 'unchecked']).describe('found | not-found (the resolver does not know it) | no-metadata | unreachable | unchecked.'),
    checked: Checked,
    since: Since,
    error: CheckError,
  })
  .describe('What the sources lock says about the DOI.');

/** What the lock says about a source's arXiv id. */
export const ArxivCheckDataSchema = z
  .strictObject({
    id: z.string().describe('The arXiv id as the ledger gives it (with its version).'),
    result: z.enum(['found', 'not-found', 'unreachable', 'unchecked']).describe('found | not-found | unreachable | unchecked.'),
    checked: Checked,
    since: Since,
    error: CheckError,
    version: z.number().int().nullable().describe('The version the ledger names.'),
    latest: z.number().int().nullable().describe('The latest version arXiv has.'),
    latestDate: Moment.nullable().describe('When the latest version was submitted.'),
    newer: z.boolean().describe('Newer version: arXiv has a later version than the ledger names.'),
  })
  .describe('What the sources lock says about the arXiv id.');

/** What the lock says about one source of the ledger. */
export const SourceCheckDataSchema = z
  .strictObject({
    link: LinkCheckDataSchema.nullable().describe('Null when the source has no URL.'),
    doi: DoiCheckDataSchema.nullable().describe('Null when the source has no DOI.'),
    arxiv: ArxivCheckDataSchema.nullable().describe('Null when the source has no arXiv id.'),
    mismatches: z
      .array(
        z.strictObject({
          field: z.enum(['title', 'authors', 'venue', 'published']),
          from: z.enum(['doi', 'arxiv']).describe('Whose metadata differs.'),
          ledger: z.string().describe('What the ledger has.'),
          found: z.string().describe('What the metadata has.'),
        }),
      )
      .describe("Where the ledger's metadata differs from the DOI's or arXiv's; nothing is changed automatically."),
    dead: z.boolean().describe('Every identifier that answered says the document is gone.'),
    changed: z.boolean().describe('Its page changed since it was read.'),
    newerVersion: z.boolean().describe('arXiv has a later version than the ledger names.'),
    checkable: z.boolean().describe('False when the source has no URL, DOI or arXiv id.'),
  })
  .describe("What the book's sources lock says about the source.");

/** Why a claim is flagged for review because of its sources. */
export const SourceReviewDataSchema = z
  .strictObject({
    reason: z.enum(['dead', 'changed', 'dead-or-changed']).describe('dead | changed | dead-or-changed: what its sources are.'),
    text: z.string().describe('The reason, in words.'),
    sources: z.array(z.strictObject({ id: z.string().describe('Source id.'), why: z.enum(['dead', 'changed']) })).describe('The sources of its validated evidence, each dead or changed.'),
  })
  .describe('Flagged for review: every source of its validated evidence is dead or changed since it was read.');

/** Sources counted by what the lock says, over a set of chapters. */
export const SourceTotalsSchema = z
  .strictObject({
    sources: z.number().int().min(0).describe('Sources of the ledgers (a source cited by two chapters counts twice).'),
    neverChecked: z.number().int().min(0).describe('With a URL, DOI or arXiv id the lock has nothing on.'),
    uncheckable: z.number().int().min(0).describe('With no URL, DOI or arXiv id.'),
    ok: z.number().int().min(0).describe('Links that answered 2xx.'),
    redirected: z.number().int().min(0).describe('Links that answered 2xx after redirects.'),
    dead: z.number().int().min(0).describe('Sources that are dead.'),
    unreachable: z.number().int().min(0).describe('Links that gave no usable answer at their last check.'),
    changed: z.number().int().min(0).describe('Sources whose page changed since they were read.'),
    newerVersion: z.number().int().min(0).describe('Sources with a newer arXiv version.'),
    claimsFlagged: z.number().int().min(0).describe('Claims flagged for review because of their sources.'),
  })
  .describe('What the sources locks say, counted.');

export type LinkCheckData = z.infer<typeof LinkCheckDataSchema>;
export type SourceCheckData = z.infer<typeof SourceCheckDataSchema>;
export type SourceReviewData = z.infer<typeof SourceReviewDataSchema>;
export type SourceTotals = z.infer<typeof SourceTotalsSchema>;
