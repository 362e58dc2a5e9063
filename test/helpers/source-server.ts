/**
 * A web for tests, on 127.0.0.1: pages that answer 200, redirect (301, 308,
 * a loop), are gone (404, 410), ask to wait (429 with Retry-After), never
 * answer, change between two refreshes, are not UTF-8 or are huge; a DOI
 * resolver that negotiates CSL-JSON, the arXiv API's Atom feed, and a
 * Memento TimeGate with its Mementos. `sources refresh` is pointed at it with
 * `--doi-resolver`, `--arxiv-api` and `--timegate`; nothing else is reached.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './project.js';

/** A running test web. */
export interface SourceServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Requests received, by path (query included), in order. */
  requests: Array<{ path: string; headers: http.IncomingHttpHeaders; at: number }>;
  /** How many requests a path received. */
  count: (path: string) => number;
  /** The body `/changing` answers with; change it between refreshes. */
  changing: { body: string };
  /** The options that point a refresh at this server, fast: no pause between requests, short timeouts and backoff. */
  refreshArgs: string[];
  close: () => Promise<void>;
}

const CSL_REACT = {
  type: 'article-journal',
  title: 'ReAct: Synergizing Reasoning and Acting in Language Models',
  author: [
    { given: 'Shunyu', family: 'Yao' },
    { given: 'Jeffrey', family: 'Zhao' },
  ],
  'container-title': 'International Conference on Learning Representations (ICLR)',
  issued: { 'date-parts': [[2023, 5]] },
  DOI: '10.1000/react',
};

const ATOM = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">
  <title>arXiv Query</title>
  <id>http://arxiv.org/api/test</id>
  <updated>2026-11-30T00:00:00-05:00</updated>
${entries}
</feed>`;

const REACT_ENTRY = `  <entry>
    <id>http://arxiv.org/abs/2210.03629v3</id>
    <updated>2023-03-10T01:00:17Z</updated>
    <published>2022-10-06T01:00:32Z</published>
    <title>ReAct: Synergizing Reasoning and Acting in
  Language Models</title>
    <author><name>Shunyu Yao</name></author>
    <author><name>Jeffrey Zhao</name></author>
  </entry>`;

/** Mementos the TimeGate knows, by path of the original. */
const MEMENTOS: Record<string, { stamp: string; datetime: string; inLink: boolean }> = {
  '/ok': { stamp: '20260109083012', datetime: 'Fri, 09 Jan 2026 08:30:12 GMT', inLink: true },
  '/gone-404': { stamp: '20260108120000', datetime: 'Thu, 08 Jan 2026 12:00:00 GMT', inLink: true },
  // Its TimeGate answer lists no datetime: the Memento's own header gives it.
  '/changing': { stamp: '20260110110000', datetime: 'Sat, 10 Jan 2026 11:00:00 GMT', inLink: false },
};

/**
 * Start the test web.
 * @returns the server; `close()` it after the tests.
 */
export async function startSourceServer(): Promise<SourceServer> {
  const requests: SourceServer['requests'] = [];
  const changing = { body: 'first version of the format page' };
  const once = new Set<string>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: `${url.pathname}${url.search}`, headers: request.headers, at: Date.now() });
    const send = (status: number, headers: Record<string, string> = {}, body: string | Buffer = '') => {
      response.writeHead(status, headers);
      response.end(body);
    };
    const route = url.pathname;
    if (route === '/ok' || route === '/ok-final' || route === '/paper') {
      if (request.headers['if-none-match'] === '"v1"') return send(304, { ETag: '"v1"' });
      return send(200, { 'Content-Type': 'text/html; charset=utf-8', ETag: '"v1"', 'Last-Modified': 'Sat, 10 Jan 2026 08:00:00 GMT' }, '<!doctype html><title>ok</title><p>hello</p>');
    }
    if (route === '/moved') return send(301, { Location: '/moved-again' });
    if (route === '/moved-again') return send(308, { Location: `http://${request.headers.host}/ok-final` });
    if (route === '/gone-404') return send(404, { 'Content-Type': 'text/html' }, 'not found');
    if (route === '/gone-410') return send(410, { 'Content-Type': 'text/html' }, 'gone');
    if (route === '/busy') return send(429, { 'Retry-After': '120' }, 'slow down');
    if (route === '/busy-once') {
      if (!once.has(route)) {
        once.add(route);
        return send(429, { 'Retry-After': '1' }, 'wait a second');
      }
      return send(200, { 'Content-Type': 'text/plain' }, 'thanks for waiting');
    }
    if (route === '/flaky') {
      if (!once.has(route)) {
        once.add(route);
        return send(500, {}, 'oops');
      }
      return send(200, { 'Content-Type': 'text/plain' }, 'fine now');
    }
    if (route === '/slow') return; // never answers
    if (route === '/loop-a') return send(302, { Location: '/loop-b' });
    if (route === '/loop-b') return send(302, { Location: '/loop-a' });
    if (route === '/changing') return send(200, { 'Content-Type': 'text/plain; charset=utf-8' }, changing.body);
    if (route === '/latin1') return send(200, { 'Content-Type': 'text/plain; charset=iso-8859-1' }, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    if (route === '/huge') return send(200, { 'Content-Type': 'application/octet-stream' }, Buffer.alloc(300_000, 0x61));

    // The DOI resolver: content negotiation, then the registration agency's answer.
    if (route.startsWith('/doi/')) {
      const doi = decodeURIComponent(route.slice('/doi/'.length)).toLowerCase();
      if (doi !== '10.1000/react') return send(404, { 'Content-Type': 'text/html' }, '<h1>DOI Not Found</h1>');
      if (!String(request.headers.accept).includes('application/vnd.citationstyles.csl+json')) return send(302, { Location: '/paper' });
      return send(303, { Location: '/agency/react.json' });
    }
    if (route === '/agency/react.json') return send(200, { 'Content-Type': 'application/vnd.citationstyles.csl+json' }, JSON.stringify(CSL_REACT));

    // The arXiv API.
    if (route === '/arxiv/query') {
      const ids = (url.searchParams.get('id_list') ?? '').split(',');
      return send(200, { 'Content-Type': 'application/atom+xml; charset=utf-8' }, ATOM(ids.includes('2210.03629') ? REACT_ENTRY : ''));
    }

    // The Memento TimeGate and its Mementos.
    if (route.startsWith('/timegate/')) {
      const original = new URL(`${route.slice('/timegate/'.length)}${url.search}`);
      const memento = MEMENTOS[original.pathname];
      if (!request.headers['accept-datetime']) return send(400, {}, 'Accept-Datetime missing');
      if (!memento) return send(404, { Vary: 'accept-datetime' }, 'no capture');
      const target = `/archive/${memento.stamp}/${original.href}`;
      const link = [`<${original.href}>; rel="original"`, `</timemap/${original.href}>; rel="timemap"; type="application/link-format"`];
      if (memento.inLink) link.push(`<${target}>; rel="memento"; datetime="${memento.datetime}"`);
      return send(302, { Location: target, Vary: 'accept-datetime', Link: link.join(', ') });
    }
    if (route.startsWith('/archive/')) {
      const stamp = route.split('/')[2]!;
      const memento = Object.values(MEMENTOS).find((candidate) => candidate.stamp === stamp);
      return memento ? send(200, { 'Memento-Datetime': memento.datetime, 'Content-Type': 'text/html' }, 'archived') : send(404);
    }
    send(404, {}, 'no such test page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    requests,
    count: (wanted) => requests.filter((entry) => entry.path === wanted).length,
    changing,
    refreshArgs: [
      '--doi-resolver', `${origin}/doi/`,
      '--arxiv-api', `${origin}/arxiv/query`,
      '--timegate', `${origin}/timegate/`,
      '--interval', '0',
      '--timeout', '0.5',
      '--retries', '1',
      '--backoff', '10',
      '--max-retry-after', '1',
      '--max-bytes', '100000',
    ],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Copy the fixture book into a fresh project, its sources on the test web.
 * @param origin the test web's origin.
 * @param into a project folder to copy the book into (its `content/books` is replaced); default a new temporary folder.
 * @returns the project root (it holds `content/books/web/...`).
 */
export async function copySourcesBook(origin: string, into?: string): Promise<string> {
  const root = into ?? (await mkdtemp(path.join(os.tmpdir(), 'research-pack-sources-')));
  const from = path.join(repoRoot, 'test/fixtures/sources-book/content');
  await rm(path.join(root, 'content', 'books'), { recursive: true, force: true });
  await cp(from, path.join(root, 'content'), { recursive: true });
  const book = path.join(root, 'content/books/web');
  for (const name of await readdir(book)) {
    const file = path.join(book, name);
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll('{{origin}}', origin));
  }
  return root;
}
