/**
 * The questions a refresh asks, one exchange at a time through the limits:
 * a URL (redirects followed and recorded, the body hashed, conditional when
 * the lock knows an ETag), a TimeGate (RFC 7089), the DOI resolver (CSL-JSON
 * by content negotiation) and the arXiv API (a batch of ids). Retries with
 * exponential backoff on timeouts, network errors and 5xx; a 429 or 503
 * with Retry-After pauses its host, and is waited out when short. Every
 * outcome becomes an observation the core folds into the lock.
 */
import { toDateTimeString, type CheckError, type LockedUrl } from '@research-pack/core/schema';
import {
  readMementoAnswer,
  readTimeGateAnswer,
  timeGateRequest,
  type ArchiveObservation,
  type ArxivObservation,
  type DoiObservation,
  type UrlObservation,
} from '@research-pack/core/sources';
import { HttpFault, type HttpAnswer, type HttpRequest, type Send } from './http.js';
import { hostOf, type HostLimiter } from './limiter.js';

/** The services a refresh asks; the public ones by default, a test's or a mirror's when given. */
export interface Endpoints {
  /** The DOI resolver; the DOI is appended. Default `https://doi.org/`. */
  doi: string;
  /** The arXiv API's query URL. Default `https://export.arxiv.org/api/query`. */
  arxiv: string;
  /** The Memento TimeGate; the original URL is appended. Default `https://web.archive.org/web/`. */
  timegate: string;
}

/** The public services. */
export const DEFAULT_ENDPOINTS: Endpoints = Object.freeze({
  doi: 'https://doi.org/',
  arxiv: 'https://export.arxiv.org/api/query',
  timegate: 'https://web.archive.org/web/',
});

/** How a refresh talks to the network. */
export interface ClientOptions {
  send: Send;
  limiter: HostLimiter;
  endpoints: Endpoints;
  userAgent: string;
  /** Milliseconds for one exchange, body included. */
  timeout: number;
  /** Retries after the first attempt. */
  retries: number;
  /** The first retry's delay in milliseconds; doubled for each retry. */
  backoff: number;
  /** The longest Retry-After waited out, in milliseconds; a longer one is recorded. */
  maxRetryAfter: number;
  /** The largest body read, in bytes. */
  maxBytes: number;
  /** Redirects followed before giving up. */
  maxRedirects: number;
  /** The wall clock: when each check was made. */
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

/** What following a URL's redirects ended with. */
interface Followed {
  redirects: Array<{ status: number; location: string }>;
  /** The last answer (the final one, or the redirect that could not be followed). */
  answer?: HttpAnswer;
  /** The URL of the last answer. */
  url: string;
  error?: CheckError;
  retryAfter?: Date;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const RETRY_STATUSES = new Set([500, 502, 503, 504, 429]);
const CSL = 'application/vnd.citationstyles.csl+json';
/** Metadata answers are small; this bounds a broken one. */
const MAX_METADATA_BYTES = 5_000_000;

/**
 * Check a URL: follow its redirects, hash its body.
 * @param options the client.
 * @param url the lock key.
 * @param previous its lock entry, for a conditional request.
 * @returns what the check saw.
 */
export async function checkUrl(options: ClientOptions, url: string, previous: LockedUrl | undefined): Promise<UrlObservation> {
  const headers: Record<string, string> = { 'User-Agent': options.userAgent, Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  const conditional = previous?.body !== undefined && (previous.etag !== undefined || previous.lastModified !== undefined);
  if (conditional && previous.etag) headers['If-None-Match'] = previous.etag;
  if (conditional && previous.lastModified) headers['If-Modified-Since'] = previous.lastModified;
  const followed = await follow(options, url, headers, 'hash', options.maxBytes);
  const seen: UrlObservation = { url, checked: toDateTimeString(options.now()), redirects: followed.redirects };
  const { answer } = followed;
  if (answer) {
    seen.status = answer.status;
    if (answer.status >= 200 && answer.status < 300) {
      seen.contentType = bounded(answer.header('content-type'), 300);
      seen.etag = bounded(answer.header('etag'), 1_000);
      seen.lastModified = bounded(answer.header('last-modified'), 200);
      if (answer.hash) seen.body = answer.hash;
      if (answer.tooLarge) seen.error = { kind: 'too-large', detail: `the body is larger than ${options.maxBytes.toLocaleString('en')} bytes; it was not hashed` };
    }
    if (answer.status === 304 && conditional) seen.notModified = true;
  }
  if (followed.error) seen.error = followed.error;
  if (followed.retryAfter) seen.retryAfter = toDateTimeString(followed.retryAfter);
  return seen;
}

/**
 * Ask the TimeGate for an archived copy of a URL near the day it was read.
 * @param options the client.
 * @param url the original URL.
 * @param near the day, `YYYY-MM-DD`.
 * @returns what the lookup found.
 */
export async function lookUpArchive(options: ClientOptions, url: string, near: string): Promise<ArchiveObservation> {
  const asked = timeGateRequest(options.endpoints.timegate, url, near);
  const seen = (result: ArchiveObservation['result'], extra: Partial<ArchiveObservation> = {}): ArchiveObservation => ({ url, near, checked: toDateTimeString(options.now()), result, ...extra });
  const gate = await exchange(options, { url: asked.url, headers: { 'User-Agent': options.userAgent, 'Accept-Datetime': asked.acceptDatetime }, body: 'none', maxBytes: 0, timeout: options.timeout });
  if ('error' in gate) return seen('unreachable', { error: gate.error });
  let step = readTimeGateAnswer(head(gate.answer), near);
  if (step.kind === 'follow') {
    const memento = await follow(options, step.url, { 'User-Agent': options.userAgent }, 'none', 0);
    step = memento.answer && !memento.error ? readMementoAnswer(head(memento.answer, memento.url)) : { kind: 'error', error: memento.error ?? { kind: 'network', detail: 'no answer' } };
  }
  if (step.kind === 'found' && step.url.length > 2_000) return seen('unreachable', { error: { kind: 'bad-response', detail: 'the archived copy has a URL longer than 2,000 characters' } });
  if (step.kind === 'found') return seen('found', { memento: { url: step.url, datetime: step.datetime } });
  if (step.kind === 'none') return seen('none');
  return seen('unreachable', { error: step.kind === 'error' ? step.error : { kind: 'bad-response', detail: 'the TimeGate did not select a copy' } });
}

/**
 * Ask the DOI resolver for a DOI's CSL-JSON.
 * @param options the client.
 * @param doi the lock key.
 * @returns what it answered.
 */
export async function resolveDoi(options: ClientOptions, doi: string): Promise<DoiObservation> {
  const url = `${options.endpoints.doi}${doi.split('/').map(encodeURIComponent).join('/')}`;
  const followed = await follow(options, url, { 'User-Agent': options.userAgent, Accept: CSL }, 'keep', Math.min(options.maxBytes, MAX_METADATA_BYTES));
  const seen: DoiObservation = { doi, checked: toDateTimeString(options.now()) };
  readText(followed, seen);
  return seen;
}

/**
 * Ask the arXiv API about a batch of ids.
 * @param options the client.
 * @param ids ids without versions.
 * @returns what it answered.
 */
export async function queryArxiv(options: ClientOptions, ids: readonly string[]): Promise<ArxivObservation> {
  const url = new URL(options.endpoints.arxiv);
  url.searchParams.set('id_list', ids.join(','));
  url.searchParams.set('max_results', String(ids.length));
  const followed = await follow(options, url.href, { 'User-Agent': options.userAgent, Accept: 'application/atom+xml' }, 'keep', Math.min(options.maxBytes, MAX_METADATA_BYTES));
  const seen: ArxivObservation = { ids: [...ids], checked: toDateTimeString(options.now()) };
  readText(followed, seen);
  return seen;
}

/** The status, content type and UTF-8 text of a metadata answer, or what went wrong. */
function readText(followed: Followed, seen: DoiObservation | ArxivObservation): void {
  const { answer } = followed;
  if (answer) {
    seen.status = answer.status;
    if ('doi' in seen) seen.contentType = bounded(answer.header('content-type'), 300);
    if (answer.status >= 200 && answer.status < 300) {
      if (answer.tooLarge) seen.error = { kind: 'too-large', detail: `the answer is larger than ${MAX_METADATA_BYTES.toLocaleString('en')} bytes` };
      else if (answer.data) {
        try {
          seen.text = new TextDecoder('utf-8', { fatal: true }).decode(answer.data);
        } catch {
          seen.error = { kind: 'bad-response', detail: 'the answer is not UTF-8' };
        }
      }
    }
  }
  if (followed.error) seen.error = followed.error;
}

/** Follow redirects from a URL, recording each; stop at a loop, too many hops, or a Location that is not http(s). */
async function follow(options: ClientOptions, start: string, headers: Record<string, string>, body: HttpRequest['body'], maxBytes: number): Promise<Followed> {
  const redirects: Followed['redirects'] = [];
  const visited = new Set([start]);
  let url = start;
  for (;;) {
    const result = await exchange(options, { url, headers, body, maxBytes, timeout: options.timeout });
    if ('error' in result) return { redirects, url, error: result.error };
    const { answer } = result;
    const location = answer.header('location');
    if (!REDIRECTS.has(answer.status) || location === undefined) return { redirects, url, answer, ...(result.retryAfter ? { retryAfter: result.retryAfter } : {}) };
    const next = resolveHttp(location, url);
    if (!next || next.length > 2_000) return { redirects, url, answer, error: { kind: 'bad-redirect', detail: `HTTP ${answer.status} to ${JSON.stringify(location.slice(0, 200))}, which is not an http(s) URL` } };
    redirects.push({ status: answer.status, location: next });
    if (visited.has(next)) return { redirects, url, answer, error: { kind: 'redirect-loop', detail: `the redirects come back to ${next}` } };
    if (redirects.length > options.maxRedirects) return { redirects, url, answer, error: { kind: 'too-many-redirects', detail: `more than ${options.maxRedirects} redirects` } };
    visited.add(next);
    url = next;
  }
}

/** One request with retries: backoff after timeouts, network errors and 5xx; Retry-After honoured when short. */
async function exchange(options: ClientOptions, request: HttpRequest): Promise<{ answer: HttpAnswer; retryAfter?: Date } | { error: CheckError }> {
  const host = hostOf(request.url);
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= options.retries;
    let answer: HttpAnswer;
    try {
      answer = await options.limiter.run(host, () => options.send(request));
    } catch (error) {
      if (!(error instanceof HttpFault)) throw error;
      if (last || (error.kind !== 'timeout' && error.kind !== 'network')) return { error: { kind: error.kind, detail: error.message.slice(0, 500) } };
      await options.sleep(options.backoff * 2 ** attempt);
      continue;
    }
    if (!RETRY_STATUSES.has(answer.status)) return { answer };
    const wait = retryAfter(answer.header('retry-after'), options.now());
    // The host asked for a pause: its other requests wait too, but never longer than a refresh waits out.
    if (wait !== undefined) options.limiter.pause(host, Math.min(wait, options.maxRetryAfter));
    if (last || (wait !== undefined && wait > options.maxRetryAfter)) return wait === undefined ? { answer } : { answer, retryAfter: new Date(options.now().getTime() + wait) };
    // The limiter waits out a Retry-After; without one, back off.
    if (wait === undefined) await options.sleep(options.backoff * 2 ** attempt);
  }
}

/**
 * Milliseconds a Retry-After asks to wait: delay-seconds or an HTTP date.
 * @param value the header.
 * @param now the current time.
 * @returns the wait, or undefined when there is no usable header.
 */
export function retryAfter(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  // Bounded to a year: a date beyond that is a broken header, and must stay a valid date in the lock.
  const year = 365 * 86_400_000;
  if (/^\d{1,12}$/.test(text)) return Math.min(Number(text) * 1000, year);
  const when = Date.parse(text);
  return Number.isNaN(when) ? undefined : Math.min(Math.max(0, when - now.getTime()), year);
}

/** An answer's status and Memento headers. */
function head(answer: HttpAnswer, url = answer.url): { url: string; status: number; location?: string; link?: string; mementoDatetime?: string } {
  const result: { url: string; status: number; location?: string; link?: string; mementoDatetime?: string } = { url, status: answer.status };
  const location = answer.header('location');
  const link = answer.header('link');
  const datetime = answer.header('memento-datetime');
  if (location !== undefined) result.location = location;
  if (link !== undefined) result.link = link;
  if (datetime !== undefined) result.mementoDatetime = datetime;
  return result;
}

function resolveHttp(target: string, base: string): string | undefined {
  try {
    const url = new URL(target, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A header value the lock can hold: trimmed, non-empty, bounded. */
function bounded(value: string | undefined, max: number): string | undefined {
  const text = value?.trim();
  return text ? text.slice(0, max) : undefined;
}
