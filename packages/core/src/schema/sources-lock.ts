/**
 * The sources lock: `content/books/<book>/sources.lock.json`, written by
 * `research-pack sources refresh` and read by every build. It records what
 * the network said about each URL, DOI and arXiv id of the book's ledgers,
 * and when; the build reads only this file, so it stays offline.
 *
 * Entries are facts about the world, keyed by what was checked (a URL, a
 * DOI, an arXiv id), not by source: two chapters citing one page share one
 * entry, and the model joins each source to the entries of its identifiers.
 * Every object is strict, like the sidecars'.
 */
import { z } from 'zod';
import { isDateString } from './dates.js';
import { DateSchema, HttpUrlSchema, PartialDateSchema, Sha256Schema } from './sidecars.js';

/** The lock's format version. */
export const SOURCES_LOCK_VERSION = 1;

/** A UTC date and time to the second, `YYYY-MM-DDTHH:MM:SSZ`: when something was checked. */
export const DateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, { error: 'expected a UTC date and time written as YYYY-MM-DDTHH:MM:SSZ', abort: true })
  .refine(isDateTimeString, { error: 'is not a real date and time' })
  .describe('A UTC date and time, YYYY-MM-DDTHH:MM:SSZ.');

/** What went wrong with a check, in one word. */
export const CheckErrorKindSchema = z.enum([
  'timeout',
  'network',
  'dns',
  'tls',
  'redirect-loop',
  'too-many-redirects',
  'bad-redirect',
  'too-large',
  'rate-limited',
  'http',
  'bad-response',
]);

/** Why a check did not give a usable answer. */
export const CheckErrorSchema = z.strictObject({
  /** timeout | network | dns | tls | redirect-loop | too-many-redirects | bad-redirect | too-large | rate-limited | http | bad-response. */
  kind: CheckErrorKindSchema.describe('What went wrong, in one word.'),
  /** What went wrong, for a person. */
  detail: z.string().min(1).max(500).describe('What went wrong, for a person.'),
});

/** A link's health at its last check. */
export const LinkHealthSchema = z.enum(['ok', 'redirected', 'dead', 'unreachable']);

/** One redirect on the way to the final answer. */
export const RedirectSchema = z.strictObject({
  /** The redirect's status: 301, 302, 303, 307 or 308. */
  status: z.number().int().min(300).max(399).describe('The redirect status.'),
  /** Where it pointed, resolved to an absolute URL. */
  location: HttpUrlSchema.describe('Where it pointed (absolute).'),
});

/** The body of the last answer with a body (2xx). */
export const BodySchema = z.strictObject({
  /** sha256 (lowercase hex) of the body's bytes, as received. */
  sha256: Sha256Schema.describe('sha256 of the body bytes.'),
  /** Its length in bytes. */
  bytes: z.number().int().min(0).describe('Length in bytes.'),
  /** The first check that saw this body. */
  since: DateTimeSchema.describe('The first check that saw this body.'),
  /** The last check that saw this body. */
  seen: DateTimeSchema.describe('The last check that saw this body.'),
});

/** The body seen before the current one. */
export const PreviousBodySchema = z.strictObject({
  /** sha256 of that body. */
  sha256: Sha256Schema.describe('sha256 of the previous body.'),
  /** The last check that saw it. */
  until: DateTimeSchema.describe('The last check that saw it.'),
});

/** An archived copy (a Memento, RFC 7089) near a date a source was read. */
export const ArchiveSchema = z.strictObject({
  /** The date asked for: a source's `accessed` date. */
  near: DateSchema.describe("The date asked for: a source's accessed date."),
  /** When the TimeGate was asked. */
  checked: DateTimeSchema.describe('When the TimeGate was asked.'),
  /** found | none | unreachable. */
  result: z.enum(['found', 'none', 'unreachable']).describe('found | none | unreachable'),
  /** The Memento's URL (URI-M), when found. */
  url: HttpUrlSchema.optional().describe('The archived copy (URI-M).'),
  /** Its Memento-Datetime, when found. */
  datetime: DateTimeSchema.optional().describe('When the copy was archived.'),
  /** Why the TimeGate gave no answer. */
  error: CheckErrorSchema.optional().describe('Why the TimeGate gave no answer.'),
});

/** What the last check of one URL found. */
export const LockedUrlSchema = z.strictObject({
  /** The URL as the ledgers give it, without its fragment. */
  url: HttpUrlSchema.describe('The URL checked, without its fragment.'),
  /** When it was last checked. */
  checked: DateTimeSchema.describe('When it was last checked.'),
  /** ok | redirected | dead (404, 410) | unreachable (no answer, or another error status). */
  health: LinkHealthSchema.describe('ok | redirected | dead | unreachable'),
  /** The first check of the current health (e.g. "dead since"). */
  since: DateTimeSchema.describe('The first check with the current health.'),
  /** The final answer's HTTP status. */
  status: z.number().int().min(100).max(599).optional().describe("The final answer's HTTP status."),
  /** The redirects followed, in order; the last location is the final URL. */
  redirects: z.array(RedirectSchema).max(20).default([]).describe('Redirects followed, in order.'),
  /** Content-Type of the last answer with a body. */
  contentType: z.string().min(1).max(300).optional().describe('Content-Type of the last body.'),
  /** ETag of the last answer with a body. */
  etag: z.string().min(1).max(1_000).optional().describe('ETag of the last body.'),
  /** Last-Modified of the last answer with a body. */
  lastModified: z.string().min(1).max(200).optional().describe('Last-Modified of the last body.'),
  /** The current body. */
  body: BodySchema.optional().describe('The current body.'),
  /** The body before it, when it changed. */
  previousBody: PreviousBodySchema.optional().describe('The body before the current one.'),
  /** When a 429 answer said to come back. */
  retryAfter: DateTimeSchema.optional().describe('When a rate-limit answer said to come back.'),
  /** Why the last check gave no usable answer (or why the body was not hashed). */
  error: CheckErrorSchema.optional().describe('What went wrong with the last check.'),
  /** Archived copies near each date the URL was read. */
  archives: z.array(ArchiveSchema).max(1_000).default([]).describe('Archived copies, by date asked for.'),
});

/** A person as CSL-JSON names them. */
export const LockedNameSchema = z.strictObject({
  family: z.string().min(1).max(500).optional(),
  given: z.string().min(1).max(500).optional(),
  literal: z.string().min(1).max(500).optional(),
});

/** The bibliographic metadata a DOI's registration agency gives (from CSL-JSON). */
export const DoiMetadataSchema = z.strictObject({
  /** `title` (and `subtitle`, after a colon). */
  title: z.string().min(1).max(2_000).optional(),
  /** `author`, in order. */
  authors: z.array(LockedNameSchema).max(5_000).default([]),
  /** `container-title`: the journal, proceedings or book. */
  venue: z.string().min(1).max(2_000).optional(),
  /** `container-title-short`. */
  venueShort: z.string().min(1).max(500).optional(),
  /** `event` (`event-title`): the conference. */
  event: z.string().min(1).max(2_000).optional(),
  /** `publisher`. */
  publisher: z.string().min(1).max(500).optional(),
  /** `issued`. */
  issued: PartialDateSchema.optional(),
  /** `published-online`. */
  publishedOnline: PartialDateSchema.optional(),
  /** `published-print`. */
  publishedPrint: PartialDateSchema.optional(),
  /** `type`, e.g. `article-journal`. */
  type: z.string().min(1).max(100).optional(),
});

/** What the DOI resolver said about one DOI. */
export const LockedDoiSchema = z.strictObject({
  /** The DOI, lowercase (DOIs are case-insensitive). */
  doi: z.string().regex(/^10\.\d{4,9}\/\S+$/, { error: 'expected a DOI such as 10.1145/3368089.3409742' }).describe('The DOI, lowercase.'),
  /** When it was last checked. */
  checked: DateTimeSchema,
  /** found (CSL-JSON) | not-found (404) | no-metadata (an answer, but no CSL-JSON) | unreachable. */
  result: z.enum(['found', 'not-found', 'no-metadata', 'unreachable']).describe('found | not-found | no-metadata | unreachable'),
  /** The first check with the current result. */
  since: DateTimeSchema,
  /** The final answer's HTTP status. */
  status: z.number().int().min(100).max(599).optional(),
  /** What went wrong. */
  error: CheckErrorSchema.optional(),
  /** The metadata, when found. */
  metadata: DoiMetadataSchema.optional(),
});

/** What the arXiv API said about one arXiv id. */
export const LockedArxivSchema = z.strictObject({
  /** The id without its version, e.g. `1508.06576`. */
  id: z
    .string()
    .regex(/^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/, { error: 'expected an arXiv id without its version, e.g. 1508.06576' })
    .describe('The arXiv id without version.'),
  /** When it was last checked. */
  checked: DateTimeSchema,
  /** found | not-found (no such paper) | unreachable. */
  result: z.enum(['found', 'not-found', 'unreachable']).describe('found | not-found | unreachable'),
  /** The first check with the current result. */
  since: DateTimeSchema,
  /** The HTTP status of the API's answer. */
  status: z.number().int().min(100).max(599).optional(),
  /** What went wrong. */
  error: CheckErrorSchema.optional(),
  /** The latest version's number. */
  version: z.number().int().min(1).max(10_000).optional(),
  /** When the latest version was submitted (`updated`). */
  versionDate: DateTimeSchema.optional(),
  /** When version 1 was submitted (`published`). */
  published: DateTimeSchema.optional(),
  /** The latest version's title. */
  title: z.string().min(1).max(2_000).optional(),
  /** The latest version's authors, in order. */
  authors: z.array(z.string().min(1).max(500)).max(5_000).default([]),
});

/** `content/books/<book>/sources.lock.json`. */
export const SourcesLockSchema = z.strictObject({
  /** Format version: 1. */
  version: z.literal(SOURCES_LOCK_VERSION).describe('Format version of the sources lock.'),
  /** URLs, sorted by URL. */
  urls: z.array(LockedUrlSchema).max(100_000).default([]).describe('URLs, sorted by URL.'),
  /** DOIs, sorted by DOI. */
  dois: z.array(LockedDoiSchema).max(100_000).default([]).describe('DOIs, sorted by DOI.'),
  /** arXiv ids, sorted by id. */
  arxiv: z.array(LockedArxivSchema).max(100_000).default([]).describe('arXiv ids, sorted by id.'),
});

/** A validated sources lock. */
export type SourcesLock = z.infer<typeof SourcesLockSchema>;
export type LockedUrl = z.infer<typeof LockedUrlSchema>;
export type LockedDoi = z.infer<typeof LockedDoiSchema>;
export type LockedArxiv = z.infer<typeof LockedArxivSchema>;
export type LockedArchive = z.infer<typeof ArchiveSchema>;
export type LockedName = z.infer<typeof LockedNameSchema>;
export type DoiMetadata = z.infer<typeof DoiMetadataSchema>;
export type CheckError = z.infer<typeof CheckErrorSchema>;
export type CheckErrorKind = z.infer<typeof CheckErrorKindSchema>;
export type LinkHealth = z.infer<typeof LinkHealthSchema>;

/**
 * Whether a string is a real `YYYY-MM-DDTHH:MM:SSZ` moment.
 * @param value the string.
 * @returns true for `2026-01-10T12:00:00Z`, false for `2026-02-30T12:00:00Z` or `2026-01-10T24:00:00Z`.
 */
export function isDateTimeString(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value) || !isDateString(value.slice(0, 10))) return false;
  const [hours, minutes, seconds] = value.slice(11, 19).split(':').map(Number) as [number, number, number];
  return hours < 24 && minutes < 60 && seconds < 60;
}

/**
 * A moment as the lock writes it: UTC, to the second.
 * @param date a Date.
 * @returns `YYYY-MM-DDTHH:MM:SSZ`.
 */
export function toDateTimeString(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
