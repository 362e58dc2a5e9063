/**
 * The HTTP client of `research-pack sources refresh`: the only module of
 * Research Pack that opens a connection (`test/offline.test.ts` holds every
 * other module to that). One request per call, redirects not followed
 * (the caller records each hop), a timeout over the whole exchange, the body
 * read up to a size cap and hashed as it streams. Every failure becomes an
 * `HttpFault` with a kind the lock records (timeout, dns, tls, network),
 * never an unexplained exception.
 */
import { createHash } from 'node:crypto';
import type { CheckErrorKind } from '@research-pack/core/schema';
import { hostOf } from './limiter.js';

/** One request. */
export interface HttpRequest {
  /** An absolute http(s) URL. */
  url: string;
  /** Request headers (User-Agent, Accept, Accept-Datetime, conditional headers). */
  headers: Record<string, string>;
  /** `hash`: read the body and hash it; `keep`: read it and keep the bytes; `none`: do not read it. */
  body: 'hash' | 'keep' | 'none';
  /** The most bytes read; a longer body is reported as too large. */
  maxBytes: number;
  /** The whole exchange, body included, in milliseconds. */
  timeout: number;
}

/** One answer. */
export interface HttpAnswer {
  url: string;
  status: number;
  /** A response header, by name (case-insensitive); repeated headers joined with `, `. */
  header: (name: string) => string | undefined;
  /** The body's sha256 and length, when read whole. */
  hash?: { sha256: string; bytes: number };
  /** The body's bytes, when asked to keep them and read whole. */
  data?: Uint8Array;
  /** The body was longer than `maxBytes`: neither hashed nor kept. */
  tooLarge?: boolean;
}

/** A request that got no answer. */
export class HttpFault extends Error {
  constructor(
    readonly kind: CheckErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'HttpFault';
  }
}

/** Sends one request; tests and the refresh pass this function around, so that only this module touches the network. */
export type Send = (request: HttpRequest) => Promise<HttpAnswer>;

/**
 * Send one request and read its answer.
 * @param request the request.
 * @returns the answer (any status); throws an `HttpFault` when there is none.
 */
export const send: Send = async (request) => {
  const signal = AbortSignal.timeout(request.timeout);
  let response: Response;
  try {
    response = await fetch(request.url, { method: 'GET', headers: request.headers, redirect: 'manual', signal });
  } catch (error) {
    throw fault(error, request);
  }
  const answer: HttpAnswer = { url: request.url, status: response.status, header: (name) => response.headers.get(name) ?? undefined };
  if (request.body === 'none' || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return answer;
  }
  const hash = createHash('sha256');
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > request.maxBytes) {
        await reader.cancel().catch(() => undefined);
        answer.tooLarge = true;
        return answer;
      }
      hash.update(value);
      if (request.body === 'keep') chunks.push(value);
    }
  } catch (error) {
    throw fault(error, request);
  }
  answer.hash = { sha256: hash.digest('hex'), bytes };
  if (request.body === 'keep') answer.data = Buffer.concat(chunks);
  return answer;
};

const TLS = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|ERR_OSSL_)/;
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA']);
const TIMEOUT = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** What a failed exchange was, from the error and its causes. */
function fault(error: unknown, request: HttpRequest): HttpFault {
  const chain: Array<{ name?: string; code?: string; message?: string }> = [];
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 5) return;
    chain.push(value as { name?: string; code?: string; message?: string });
    visit((value as { cause?: unknown }).cause, depth + 1);
    for (const inner of (value as { errors?: unknown[] }).errors ?? []) visit(inner, depth + 1);
  };
  visit(error, 0);
  const host = hostOf(request.url);
  if (chain.some((item) => item.name === 'TimeoutError' || item.name === 'AbortError' || (item.code !== undefined && TIMEOUT.has(item.code)))) {
    return new HttpFault('timeout', `no answer from ${host} within ${request.timeout / 1000} s`);
  }
  const code = chain.map((item) => item.code).find((value): value is string => typeof value === 'string' && value !== '');
  if (code && DNS.has(code)) return new HttpFault('dns', `cannot resolve ${host} (${code})`);
  if (code && TLS.test(code)) return new HttpFault('tls', `TLS error with ${host} (${code})`);
  const message = chain.map((item) => item.message).filter(Boolean).pop() ?? String(error);
  // llhttp's parse errors (HPE_…): the server answered, with bytes that are not HTTP.
  const parser = chain.find((item) => item.name === 'HTTPParserError' || (typeof item.code === 'string' && item.code.startsWith('HPE_')));
  if (parser) return new HttpFault('bad-response', `${host} answered with something that is not HTTP${parser.code ? ` (${parser.code})` : ''}`);
  return new HttpFault('network', `cannot connect to ${host}: ${code ?? message.split('\n')[0]}`);
}
