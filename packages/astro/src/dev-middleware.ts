/**
 * `astro dev` only: while the book's sidecars have errors, a page is sent
 * whole or not at all. Astro streams a page, so a component that throws
 * after the first bytes left (`<ChapterProvenance>` reading the model) ends
 * it as a 200 with an empty body; buffered here, its error reaches Astro
 * before the response does, and Astro answers 500 with its error overlay,
 * the problems' file:line:column in it. Pages the error does not touch are
 * sent as they are; with no problem, nothing is buffered.
 */
import type { MiddlewareHandler } from 'astro';
import { readState } from './state.js';

export const onRequest: MiddlewareHandler = async (_context, next) => {
  const response = await next();
  if (readState().model || !response.body || !(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  // Rejects with the error that ended the page's stream.
  const body = await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};
