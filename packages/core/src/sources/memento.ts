/**
 * Finding an archived copy near a date with Memento (RFC 7089): ask a
 * TimeGate for the original URL with `Accept-Datetime`; it redirects to the
 * Memento it selected, and its `Link` header usually gives that Memento's
 * datetime (`rel="memento"; datetime="…"`). When it does not, the Memento's
 * own `Memento-Datetime` header does. A TimeGate answers 404 when it holds
 * no copy. Reading the answers is pure; the refresh's HTTP client asks.
 */
import type { CheckError } from '../schema/sources-lock.js';
import { toDateTimeString } from '../schema/sources-lock.js';
import { formatHttpDate, parseHttpDate, parseLinks, type WebLink } from './link-format.js';

/** What the client saw of one answer (its body is not needed). */
export interface AnswerHead {
  /** The URL asked for. */
  url: string;
  /** The HTTP status. */
  status: number;
  /** `Location`, when given. */
  location?: string | undefined;
  /** `Link`, all of them joined with `, `. */
  link?: string | undefined;
  /** `Memento-Datetime`, when given. */
  mementoDatetime?: string | undefined;
}

/** What to do after an answer of a TimeGate or a Memento. */
export type MementoStep =
  | { kind: 'found'; url: string; datetime: string }
  | { kind: 'follow'; url: string }
  | { kind: 'none' }
  | { kind: 'error'; error: CheckError };

/**
 * The request to send a TimeGate for a URL read on a date.
 * @param timegate the TimeGate's prefix, e.g. `https://web.archive.org/web/` (the URL is appended, as the Internet Archive and the Memento aggregator expect).
 * @param url the original URL (URI-R).
 * @param near the date it was read, `YYYY-MM-DD`; noon UTC of that day is asked for.
 * @returns the TimeGate's URL (URI-G) and the `Accept-Datetime` value.
 */
export function timeGateRequest(timegate: string, url: string, near: string): { url: string; acceptDatetime: string } {
  return { url: `${timegate}${url}`, acceptDatetime: formatHttpDate(new Date(`${near}T12:00:00Z`)) };
}

/**
 * Read a TimeGate's answer.
 * @param answer the answer's status and headers.
 * @param near the date asked for, `YYYY-MM-DD` (to choose among listed Mementos when there is no redirect).
 * @returns `found`, `follow` (ask the Memento for its datetime), `none` or `error`.
 */
export function readTimeGateAnswer(answer: AnswerHead, near: string): MementoStep {
  const { status } = answer;
  if (status === 404 || status === 410) return { kind: 'none' };
  const links = answer.link ? parseLinks(answer.link) : [];
  if (status >= 300 && status < 400) {
    const memento = resolveHttp(answer.location, answer.url);
    if (!memento) return { kind: 'error', error: { kind: 'bad-redirect', detail: `the TimeGate answered ${status} without a usable Location` } };
    const listed = links.find((link) => link.rel.includes('memento') && resolveHttp(link.uri, answer.url) === memento);
    const datetime = listed?.params.datetime === undefined ? undefined : parseHttpDate(listed.params.datetime);
    return datetime ? { kind: 'found', url: memento, datetime: toDateTimeString(datetime) } : { kind: 'follow', url: memento };
  }
  if (status >= 200 && status < 300) {
    const own = answer.mementoDatetime === undefined ? undefined : parseHttpDate(answer.mementoDatetime);
    if (own) return { kind: 'found', url: answer.url, datetime: toDateTimeString(own) };
    const nearest = nearestMemento(links, answer.url, new Date(`${near}T12:00:00Z`));
    if (nearest) return { kind: 'found', ...nearest };
    return { kind: 'error', error: { kind: 'bad-response', detail: `the TimeGate answered ${status} without a Memento-Datetime or a listed memento` } };
  }
  if (status === 429) return { kind: 'error', error: { kind: 'rate-limited', detail: 'the TimeGate answered 429 Too Many Requests' } };
  return { kind: 'error', error: { kind: 'http', detail: `the TimeGate answered HTTP ${status}` } };
}

/**
 * Read a Memento's own answer (after its redirects), for its datetime.
 * @param answer the final answer's status and headers.
 * @returns `found` with the final URL, or `error`.
 */
export function readMementoAnswer(answer: AnswerHead): MementoStep {
  if (answer.status < 200 || answer.status >= 300) return { kind: 'error', error: { kind: 'http', detail: `the archived copy answered HTTP ${answer.status}` } };
  const datetime = answer.mementoDatetime === undefined ? undefined : parseHttpDate(answer.mementoDatetime);
  if (!datetime) return { kind: 'error', error: { kind: 'bad-response', detail: 'the archived copy has no valid Memento-Datetime header' } };
  return { kind: 'found', url: answer.url, datetime: toDateTimeString(datetime) };
}

/**
 * The Memento nearest a moment among links (a TimeMap, or a TimeGate's `Link` header).
 * @param links parsed links.
 * @param base the URL the links came from, to resolve relative targets.
 * @param target the moment wanted.
 * @returns the nearest Memento (the earlier of two equally near), or undefined when none has a datetime.
 */
export function nearestMemento(links: readonly WebLink[], base: string, target: Date): { url: string; datetime: string } | undefined {
  let best: { url: string; time: number } | undefined;
  for (const link of links) {
    if (!link.rel.includes('memento') || link.params.datetime === undefined) continue;
    const when = parseHttpDate(link.params.datetime);
    const url = resolveHttp(link.uri, base);
    if (!when || !url) continue;
    const time = when.getTime();
    const distance = Math.abs(time - target.getTime());
    if (!best || distance < Math.abs(best.time - target.getTime()) || (distance === Math.abs(best.time - target.getTime()) && time < best.time)) best = { url, time };
  }
  return best && { url: best.url, datetime: toDateTimeString(new Date(best.time)) };
}

/** A link target resolved against a base, if it is http(s). */
function resolveHttp(target: string | undefined, base: string): string | undefined {
  if (target === undefined || target.trim() === '') return undefined;
  try {
    const url = new URL(target.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
