/**
 * What one refresh saw, folded into the lock's entries. The refresh's HTTP
 * client reports plain observations (statuses, headers, a body's hash, the
 * text of a metadata answer, or what went wrong); here they become health,
 * "since" dates, body history and metadata. A check that fails keeps what
 * earlier checks learnt (the body seen, the metadata) and records the
 * failure: nothing is invented, nothing known is dropped.
 */
import type { CheckError, LockedArchive, LockedArxiv, LockedDoi, LockedUrl, LinkHealth } from '../schema/sources-lock.js';
import { readArxivFeed, type ArxivPaper } from './arxiv-atom.js';
import { readCslJson } from './csl.js';

/** What one check of a URL saw. */
export interface UrlObservation {
  /** The lock key (see `urlKey`). */
  url: string;
  /** When the check was made, `YYYY-MM-DDTHH:MM:SSZ`. */
  checked: string;
  /** Redirects followed, in order. */
  redirects: Array<{ status: number; location: string }>;
  /** The final answer's status; absent when there was none (a timeout, a network or TLS error). */
  status?: number | undefined;
  contentType?: string | undefined;
  etag?: string | undefined;
  lastModified?: string | undefined;
  /** The body of a 2xx answer, read whole. */
  body?: { sha256: string; bytes: number } | undefined;
  /** A 304 to a conditional request: the body is the one recorded. */
  notModified?: boolean | undefined;
  /** When a 429 said to come back. */
  retryAfter?: string | undefined;
  /** What went wrong, if anything (a body too large to hash is not a failure of the link). */
  error?: CheckError | undefined;
}

/** What one TimeGate lookup found. */
export interface ArchiveObservation {
  /** The original URL's lock key. */
  url: string;
  /** The date asked for. */
  near: string;
  checked: string;
  result: LockedArchive['result'];
  memento?: { url: string; datetime: string } | undefined;
  error?: CheckError | undefined;
}

/** What the DOI resolver answered. */
export interface DoiObservation {
  /** The lock key (see `doiKey`). */
  doi: string;
  checked: string;
  /** The final answer's status, after redirects; absent when there was none. */
  status?: number | undefined;
  contentType?: string | undefined;
  /** The final answer's body, decoded as UTF-8 (2xx only). */
  text?: string | undefined;
  error?: CheckError | undefined;
}

/** What one arXiv API request answered, for a batch of ids. */
export interface ArxivObservation {
  /** The ids asked for, without versions. */
  ids: string[];
  checked: string;
  status?: number | undefined;
  text?: string | undefined;
  error?: CheckError | undefined;
}

const REDIRECT_FAILURES = new Set(['redirect-loop', 'too-many-redirects', 'bad-redirect']);

/**
 * The lock entry of a URL after a check.
 * @param previous its entry before, if any.
 * @param seen what the check saw.
 * @returns the new entry (its archives kept).
 */
export function observeUrl(previous: LockedUrl | undefined, seen: UrlObservation): LockedUrl {
  const { status } = seen;
  const answered = status !== undefined && !(seen.error && REDIRECT_FAILURES.has(seen.error.kind));
  const good = answered && (seen.notModified === true || (status >= 200 && status < 300));
  const health: LinkHealth = !answered ? 'unreachable' : good ? (seen.redirects.length > 0 ? 'redirected' : 'ok') : status === 404 || status === 410 ? 'dead' : 'unreachable';
  const entry: LockedUrl = {
    url: seen.url,
    checked: seen.checked,
    health,
    since: previous && previous.health === health ? previous.since : seen.checked,
    redirects: seen.redirects,
    archives: previous?.archives ?? [],
  };
  if (status !== undefined) entry.status = status;
  const headers = good ? { contentType: seen.contentType ?? (seen.notModified ? previous?.contentType : undefined), etag: seen.etag ?? (seen.notModified ? previous?.etag : undefined), lastModified: seen.lastModified ?? (seen.notModified ? previous?.lastModified : undefined) } : previous;
  if (headers?.contentType) entry.contentType = headers.contentType;
  if (headers?.etag) entry.etag = headers.etag;
  if (headers?.lastModified) entry.lastModified = headers.lastModified;

  let body = previous?.body;
  let previousBody = previous?.previousBody;
  if (good && seen.body) {
    if (body && body.sha256 === seen.body.sha256) body = { ...body, bytes: seen.body.bytes, seen: seen.checked };
    else {
      if (body) previousBody = { sha256: body.sha256, until: body.seen };
      body = { sha256: seen.body.sha256, bytes: seen.body.bytes, since: seen.checked, seen: seen.checked };
    }
  } else if (good && seen.notModified && body) body = { ...body, seen: seen.checked };
  if (body) entry.body = body;
  if (previousBody) entry.previousBody = previousBody;
  if (seen.retryAfter) entry.retryAfter = seen.retryAfter;
  const error = seen.error ?? (health === 'unreachable' && status !== undefined ? statusError(status) : undefined);
  if (error) entry.error = error;
  return entry;
}

/**
 * A URL's entry with one archive lookup recorded (replacing the one for the same date).
 * A lookup that failed keeps a copy found before.
 * @param entry the URL's entry.
 * @param seen what the TimeGate lookup found.
 * @returns the new entry.
 */
export function observeArchive(entry: LockedUrl, seen: ArchiveObservation): LockedUrl {
  const earlier = entry.archives.find((archive) => archive.near === seen.near);
  let archive: LockedArchive = { near: seen.near, checked: seen.checked, result: seen.result };
  if (seen.result === 'found' && seen.memento) archive = { ...archive, url: seen.memento.url, datetime: seen.memento.datetime };
  else if (seen.result === 'unreachable' && earlier?.result === 'found') archive = { ...earlier };
  if (seen.error && archive.result !== 'found') archive.error = seen.error;
  return { ...entry, archives: [...entry.archives.filter((other) => other.near !== seen.near), archive] };
}

/**
 * The lock entry of a DOI after asking the resolver.
 * @param previous its entry before, if any.
 * @param seen what the resolver answered.
 * @returns the new entry.
 */
export function observeDoi(previous: LockedDoi | undefined, seen: DoiObservation): LockedDoi {
  const { status } = seen;
  let result: LockedDoi['result'];
  let error = seen.error;
  let metadata: LockedDoi['metadata'];
  if (status === undefined || (error && REDIRECT_FAILURES.has(error.kind))) result = 'unreachable';
  else if (status === 404 || status === 410) result = 'not-found';
  else if (status >= 200 && status < 300 && seen.text !== undefined && !error) {
    const read = /json/i.test(seen.contentType ?? 'json') ? readCslJson(seen.text) : { problem: `the resolver answered with ${seen.contentType}, not CSL-JSON` };
    if ('metadata' in read) {
      result = 'found';
      metadata = read.metadata;
    } else {
      result = 'no-metadata';
      error = { kind: 'bad-response', detail: read.problem };
    }
  } else if ((status >= 200 && status < 300) || status === 406) {
    result = 'no-metadata';
    error ??= { kind: 'http', detail: status === 406 ? "the DOI's registration agency offers no CSL-JSON (HTTP 406)" : `HTTP ${status} without a readable body` };
  } else {
    result = 'unreachable';
    error ??= statusError(status);
  }
  // A failed check keeps what the last good one learnt.
  if (result === 'unreachable' && previous?.metadata) metadata = previous.metadata;
  const entry: LockedDoi = { doi: seen.doi, checked: seen.checked, result, since: previous && previous.result === result ? previous.since : seen.checked };
  if (status !== undefined) entry.status = status;
  if (error) entry.error = error;
  if (metadata) entry.metadata = metadata;
  return entry;
}

/**
 * The lock entries of a batch of arXiv ids after asking the API.
 * @param previous the entries before, by id.
 * @param seen what the API answered.
 * @returns one entry per id asked for, in the order asked.
 */
export function observeArxiv(previous: ReadonlyMap<string, LockedArxiv>, seen: ArxivObservation): LockedArxiv[] {
  const { status } = seen;
  let failure: CheckError | undefined = seen.error;
  let papers = new Map<string, ArxivPaper>();
  if (!failure && (status === undefined || status < 200 || status >= 300)) failure = status === undefined ? { kind: 'network', detail: 'no answer' } : statusError(status);
  if (!failure) {
    const read = readArxivFeed(seen.text ?? '');
    if ('problem' in read) failure = { kind: 'bad-response', detail: read.problem };
    else papers = new Map(read.papers.map((paper) => [paper.id, paper]));
  }
  return seen.ids.map((id) => {
    const before = previous.get(id);
    const paper = papers.get(id);
    const result: LockedArxiv['result'] = failure ? 'unreachable' : paper ? 'found' : 'not-found';
    const entry: LockedArxiv = { id, checked: seen.checked, result, since: before && before.result === result ? before.since : seen.checked, authors: [] };
    if (status !== undefined) entry.status = status;
    if (failure) entry.error = failure;
    const source = paper ?? (failure ? before : undefined);
    if (source) {
      if (source.version !== undefined) entry.version = source.version;
      if (source.versionDate !== undefined) entry.versionDate = source.versionDate;
      if (source.published !== undefined) entry.published = source.published;
      if (source.title !== undefined) entry.title = source.title;
      entry.authors = source.authors;
    }
    return entry;
  });
}

/** The error an answer's status stands for, when it is not a usable answer. */
function statusError(status: number): CheckError {
  if (status === 429) return { kind: 'rate-limited', detail: 'HTTP 429 Too Many Requests' };
  return { kind: 'http', detail: `HTTP ${status}` };
}
