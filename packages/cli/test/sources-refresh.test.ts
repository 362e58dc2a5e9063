/**
 * `research-pack sources refresh` against a test web on 127.0.0.1 (and no
 * other network): every kind of answer ends as a recorded status, a second
 * refresh sees what changed, the same answers give the same bytes, and the
 * clock is the test's.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourcesLock } from '@research-pack/core';
import { loadSourcesLock, renderSourcesLock } from '@research-pack/core';
import { main } from '../src/cli.js';
import type { Io } from '../src/io.js';
import { copySourcesBook, startSourceServer, type SourceServer } from '../../../test/helpers/source-server.js';
import { removeProject, repoRoot } from './helpers.js';

let server: SourceServer;
beforeAll(async () => {
  server = await startSourceServer();
});
afterAll(async () => {
  await server.close();
});

/** Run the CLI in this process with a fixed clock. */
async function run(args: string[], options: { root: string; now?: string; env?: Record<string, string> }) {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    cwd: options.root,
    env: { ...options.env },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    now: () => new Date(options.now ?? '2026-11-30T10:00:00Z'),
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

const sha = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');
const lockOf = async (root: string) => JSON.parse(await readFile(path.join(root, 'content/books/web/sources.lock.json'), 'utf8')) as SourcesLock;
const entry = (lock: SourcesLock, route: string) => lock.urls.find((candidate) => candidate.url === `${server.origin}${route}`)!;

describe('sources refresh', () => {
  let root: string;
  let first: { code: number; stdout: string; stderr: string };
  let lock: SourcesLock;

  beforeAll(async () => {
    root = await copySourcesBook(server.origin);
    first = await run(['sources', 'refresh', ...server.refreshArgs, '--as-of', '2026-12-01'], { root });
    lock = await lockOf(root);
  });
  afterAll(async () => removeProject(root));

  it('records every URL with its health, status, redirects, headers and body hash', () => {
    expect(first.code, first.stderr).toBe(0);
    const t = '2026-11-30T10:00:00Z';
    expect(entry(lock, '/ok')).toEqual({
      url: `${server.origin}/ok`,
      checked: t,
      health: 'ok',
      since: t,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      etag: '"v1"',
      lastModified: 'Sat, 10 Jan 2026 08:00:00 GMT',
      body: { sha256: sha('<!doctype html><title>ok</title><p>hello</p>'), bytes: 44, since: t, seen: t },
      archives: [{ near: '2026-01-10', checked: t, result: 'found', url: `${server.origin}/archive/20260109083012/${server.origin}/ok`, datetime: '2026-01-09T08:30:12Z' }],
    });
    expect(entry(lock, '/moved')).toMatchObject({ health: 'redirected', status: 200, redirects: [{ status: 301, location: `${server.origin}/moved-again` }, { status: 308, location: `${server.origin}/ok-final` }] });
    expect(entry(lock, '/gone-404')).toMatchObject({ health: 'dead', since: t, status: 404 });
    expect(entry(lock, '/gone-404').body).toBeUndefined();
    expect(entry(lock, '/gone-410')).toMatchObject({ health: 'dead', status: 410, archives: [{ near: '2026-02-01', result: 'none' }] });
    // The fragment is not part of what is checked.
    expect(entry(lock, '/changing')).toMatchObject({ health: 'ok', body: { sha256: sha('first version of the format page') } });
    // A body that is not UTF-8 is hashed as bytes; a body over the cap is not hashed, and the link is still fine.
    expect(entry(lock, '/latin1')).toMatchObject({ health: 'ok', contentType: 'text/plain; charset=iso-8859-1', body: { sha256: sha(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])), bytes: 5 } });
    expect(entry(lock, '/huge')).toMatchObject({ health: 'ok', status: 200, error: { kind: 'too-large', detail: 'the body is larger than 100,000 bytes; it was not hashed' } });
    expect(entry(lock, '/huge').body).toBeUndefined();
  });

  it('ends faults as recorded statuses: 429 with Retry-After, a timeout, a redirect loop; retries what may pass', () => {
    expect(entry(lock, '/busy')).toMatchObject({ health: 'unreachable', status: 429, retryAfter: '2026-11-30T10:02:00Z', error: { kind: 'rate-limited', detail: 'HTTP 429 Too Many Requests' } });
    expect(server.count('/busy')).toBe(1);
    // Retry-After: 1 is waited out, then the page answers.
    expect(entry(lock, '/busy-once')).toMatchObject({ health: 'ok', status: 200 });
    expect(server.count('/busy-once')).toBe(2);
    expect(entry(lock, '/flaky')).toMatchObject({ health: 'ok', status: 200 });
    expect(server.count('/flaky')).toBe(2);
    expect(entry(lock, '/slow')).toMatchObject({ health: 'unreachable', error: { kind: 'timeout', detail: expect.stringMatching(/^no answer from 127\.0\.0\.1:\d+ within 0\.5 s$/) } });
    expect(entry(lock, '/slow').status).toBeUndefined();
    expect(server.count('/slow')).toBe(2);
    expect(entry(lock, '/loop-a')).toMatchObject({
      health: 'unreachable',
      status: 302,
      redirects: [{ status: 302, location: `${server.origin}/loop-b` }, { status: 302, location: `${server.origin}/loop-a` }],
      error: { kind: 'redirect-loop', detail: `the redirects come back to ${server.origin}/loop-a` },
    });
  });

  it('gets CSL-JSON from the DOI resolver, the latest version from arXiv, and archived copies from the TimeGate', () => {
    expect(lock.dois).toEqual([
      { doi: '10.1000/missing', checked: '2026-11-30T10:00:00Z', result: 'not-found', since: '2026-11-30T10:00:00Z', status: 404 },
      {
        doi: '10.1000/react',
        checked: '2026-11-30T10:00:00Z',
        result: 'found',
        since: '2026-11-30T10:00:00Z',
        status: 200,
        metadata: {
          title: 'ReAct: Synergizing Reasoning and Acting in Language Models',
          authors: [{ family: 'Yao', given: 'Shunyu' }, { family: 'Zhao', given: 'Jeffrey' }],
          venue: 'International Conference on Learning Representations (ICLR)',
          issued: '2023-05',
          type: 'article-journal',
        },
      },
    ]);
    expect(lock.arxiv).toEqual([
      { id: '2210.03629', checked: '2026-11-30T10:00:00Z', result: 'found', since: '2026-11-30T10:00:00Z', status: 200, version: 3, versionDate: '2023-03-10T01:00:17Z', published: '2022-10-06T01:00:32Z', title: 'ReAct: Synergizing Reasoning and Acting in Language Models', authors: ['Shunyu Yao', 'Jeffrey Zhao'] },
      { id: '9912.99999', checked: '2026-11-30T10:00:00Z', result: 'not-found', since: '2026-11-30T10:00:00Z', status: 200 },
    ]);
    // One request for both arXiv ids; the Memento's own header when the TimeGate's Link gives no datetime.
    expect(server.requests.filter((request) => request.path.startsWith('/arxiv/query')).map((request) => request.path)).toEqual(['/arxiv/query?id_list=2210.03629%2C9912.99999&max_results=2']);
    expect(entry(lock, '/changing').archives).toEqual([{ near: '2026-01-10', checked: '2026-11-30T10:00:00Z', result: 'found', url: `${server.origin}/archive/20260110110000/${server.origin}/changing`, datetime: '2026-01-10T11:00:00Z' }]);
    const gate = server.requests.find((request) => request.path === `/timegate/${server.origin}/ok`)!;
    expect(gate.headers['accept-datetime']).toBe('Sat, 10 Jan 2026 12:00:00 GMT');
    expect(gate.headers['user-agent']).toBe('research-pack/0.1.0 (sources refresh)');
    expect(server.requests.find((request) => request.path.startsWith('/doi/10.1000/react'))!.headers.accept).toBe('application/vnd.citationstyles.csl+json');
  });

  it('prints a summary, skips a source with nothing to check, and lists what to review', () => {
    expect(first.stdout).toBe(
      [
        'web: checked 13 links (7 ok, 1 redirected, 2 dead, 3 unreachable); 13 archive lookups (3 found, 10 without a copy); 2 DOIs (1 found, 1 not found); 2 arXiv ids (1 found, 1 not found)',
        '  skipped web/01-links source "printed": no URL, DOI or arXiv id to check',
        '  wrote content/books/web/sources.lock.json',
        '',
      ].join('\n'),
    );
    const lines = first.stderr.split('\n');
    expect(lines[0]).toBe(
      `content/books/web/01-links.evidence.yaml:14:10  sources[2].url  warning: the link "${server.origin}/gone-404" is dead since 2026-11-30: HTTP 404  (hint: an archived copy from 2026-01-08 is at ${server.origin}/archive/20260108120000/${server.origin}/gone-404; set archiveUrl to it, or find where the document moved)  [source/dead-link]`,
    );
    expect(lines.filter((line) => line.includes('[source/')).map((line) => /\[(source\/[a-z-]+)\]$/.exec(line)![1])).toEqual([
      'source/dead-link',
      'source/dead-link',
      'source/unreachable',
      'source/unreachable',
      'source/unreachable',
      'source/metadata-mismatch',
      'source/newer-version',
      'source/unknown-identifier',
      'source/unknown-identifier',
    ]);
    expect(lines.at(-2)).toBe('4 dead, 1 changed, 1 metadata mismatch, 3 unreachable to review (`research-pack check --sources` lists them again)');
  });

  it('leaves the sidecars alone and writes the lock deterministically', async () => {
    const fixture = path.join(root, 'content/books/web');
    for (const name of (await readdir(fixture)).filter((file) => file.endsWith('.yaml') || file.endsWith('.mdx'))) {
      const original = await readFile(path.join(repoRoot, 'test/fixtures/sources-book/content/books/web', name), 'utf8');
      expect(await readFile(path.join(fixture, name), 'utf8'), name).toBe(original.replaceAll('{{origin}}', server.origin));
    }
    const text = await readFile(path.join(fixture, 'sources.lock.json'), 'utf8');
    expect(text).toBe(renderSourcesLock(loadSourcesLock(text, 'x').lock!));
    expect((await readdir(fixture)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('a second refresh', () => {
  it('sees a changed body, keeps "dead since", asks conditionally, and gives the same bytes for the same answers', async () => {
    const roots = [await copySourcesBook(server.origin), await copySourcesBook(server.origin)];
    try {
      server.changing.body = 'first version of the format page';
      for (const root of roots) expect((await run(['sources', 'refresh', 'web', ...server.refreshArgs, '--as-of', '2026-12-01'], { root })).code).toBe(0);
      const [a, b] = await Promise.all(roots.map((root) => readFile(path.join(root, 'content/books/web/sources.lock.json'), 'utf8')));
      expect(a).toBe(b);

      server.changing.body = 'second version of the format page';
      const okRequests = server.count('/ok');
      const again = await run(['sources', 'refresh', ...server.refreshArgs, '--as-of', '2026-12-01'], { root: roots[0]!, now: '2026-12-01T09:00:00Z' });
      expect(again.code).toBe(0);
      const lock = await lockOf(roots[0]!);
      expect(entry(lock, '/changing')).toMatchObject({
        checked: '2026-12-01T09:00:00Z',
        body: { sha256: sha('second version of the format page'), since: '2026-12-01T09:00:00Z', seen: '2026-12-01T09:00:00Z' },
        previousBody: { sha256: sha('first version of the format page'), until: '2026-11-30T10:00:00Z' },
      });
      expect(entry(lock, '/gone-404')).toMatchObject({ health: 'dead', since: '2026-11-30T10:00:00Z', checked: '2026-12-01T09:00:00Z' });
      // The ETag was sent back; the 304 keeps the body recorded.
      expect(server.requests.filter((request) => request.path === '/ok').slice(okRequests).map((request) => request.headers['if-none-match'])).toEqual(['"v1"']);
      expect(entry(lock, '/ok')).toMatchObject({ health: 'ok', status: 304, body: { since: '2026-11-30T10:00:00Z', seen: '2026-12-01T09:00:00Z' } });
      expect(again.stderr).toContain(
        `content/books/web/01-links.evidence.yaml:46:15  sources[8].accessed  warning: the page at "${server.origin}/changing" changed after it was read on 2026-01-10: its content differs between the checks of 2026-11-30 and 2026-12-01`,
      );
    } finally {
      for (const root of roots) await removeProject(root);
    }
  });
});
