import { describe, expect, it } from 'vitest';
import { observeArchive, observeArxiv, observeDoi, observeUrl, type UrlObservation } from '../../src/sources/observe.js';
import type { LockedUrl } from '../../src/schema/sources-lock.js';

const url = 'https://example.org/page';
const t1 = '2026-11-01T10:00:00Z';
const t2 = '2026-11-02T10:00:00Z';
const t3 = '2026-11-03T10:00:00Z';
const sha = (char: string) => char.repeat(64);
const seen = (checked: string, rest: Partial<UrlObservation>): UrlObservation => ({ url, checked, redirects: [], ...rest });

describe('observeUrl', () => {
  it('reads 200 as ok, a redirect chain to 200 as redirected, 404 and 410 as dead, anything else as unreachable', () => {
    expect(observeUrl(undefined, seen(t1, { status: 200, body: { sha256: sha('a'), bytes: 5 }, contentType: 'text/html', etag: '"1"' }))).toEqual({
      url,
      checked: t1,
      health: 'ok',
      since: t1,
      status: 200,
      redirects: [],
      archives: [],
      contentType: 'text/html',
      etag: '"1"',
      body: { sha256: sha('a'), bytes: 5, since: t1, seen: t1 },
    });
    expect(observeUrl(undefined, seen(t1, { status: 200, redirects: [{ status: 301, location: 'https://example.org/new' }] })).health).toBe('redirected');
    expect(observeUrl(undefined, seen(t1, { status: 404 })).health).toBe('dead');
    expect(observeUrl(undefined, seen(t1, { status: 410, redirects: [{ status: 308, location: 'https://example.org/gone' }] })).health).toBe('dead');
    expect(observeUrl(undefined, seen(t1, { status: 503 }))).toMatchObject({ health: 'unreachable', error: { kind: 'http', detail: 'HTTP 503' } });
    expect(observeUrl(undefined, seen(t1, { status: 429, retryAfter: t2 }))).toMatchObject({ health: 'unreachable', retryAfter: t2, error: { kind: 'rate-limited' } });
    expect(observeUrl(undefined, seen(t1, { error: { kind: 'timeout', detail: 'no answer within 10 s' } }))).toMatchObject({ health: 'unreachable', error: { kind: 'timeout' } });
    const loop = observeUrl(undefined, seen(t1, { status: 302, redirects: [{ status: 302, location: 'https://example.org/b' }], error: { kind: 'redirect-loop', detail: 'x' } }));
    expect(loop).toMatchObject({ health: 'unreachable', status: 302, error: { kind: 'redirect-loop' } });
  });

  it('keeps "since" while the health stays, and restarts it when it changes', () => {
    const dead = observeUrl(undefined, seen(t1, { status: 404 }));
    const still = observeUrl(dead, seen(t2, { status: 410 }));
    expect([still.health, still.since, still.checked]).toEqual(['dead', t1, t2]);
    const back = observeUrl(still, seen(t3, { status: 200, body: { sha256: sha('a'), bytes: 1 } }));
    expect([back.health, back.since]).toEqual(['ok', t3]);
  });

  it('remembers the body before a change, and when each was seen', () => {
    const first = observeUrl(undefined, seen(t1, { status: 200, body: { sha256: sha('a'), bytes: 1 } }));
    const same = observeUrl(first, seen(t2, { status: 200, body: { sha256: sha('a'), bytes: 1 } }));
    expect(same.body).toEqual({ sha256: sha('a'), bytes: 1, since: t1, seen: t2 });
    expect(same.previousBody).toBeUndefined();
    const changed = observeUrl(same, seen(t3, { status: 200, body: { sha256: sha('b'), bytes: 2 } }));
    expect(changed.body).toEqual({ sha256: sha('b'), bytes: 2, since: t3, seen: t3 });
    expect(changed.previousBody).toEqual({ sha256: sha('a'), until: t2 });
  });

  it('keeps what it knew when a check fails, or when a conditional request says nothing changed', () => {
    const first = observeUrl(undefined, seen(t1, { status: 200, body: { sha256: sha('a'), bytes: 1 }, etag: '"1"', lastModified: 'Sun, 01 Nov 2026 00:00:00 GMT', contentType: 'text/plain' }));
    const failed = observeUrl(first, seen(t2, { error: { kind: 'network', detail: 'connection reset' } }));
    expect(failed).toMatchObject({ health: 'unreachable', body: first.body, etag: '"1"', contentType: 'text/plain' });
    const notModified = observeUrl(failed, seen(t3, { status: 304, notModified: true }));
    expect(notModified).toMatchObject({ health: 'ok', since: t3, body: { sha256: sha('a'), since: t1, seen: t3 }, etag: '"1"', lastModified: 'Sun, 01 Nov 2026 00:00:00 GMT' });
    expect(notModified.error).toBeUndefined();
    const large = observeUrl(first, seen(t2, { status: 200, error: { kind: 'too-large', detail: 'more than 10 bytes' } }));
    expect(large).toMatchObject({ health: 'ok', body: first.body, error: { kind: 'too-large' } });
  });
});

describe('observeArchive', () => {
  const entry: LockedUrl = { url, checked: t1, health: 'ok', since: t1, redirects: [], archives: [] };
  it('records one lookup per date, and keeps a copy found when a later lookup fails', () => {
    const found = observeArchive(entry, { url, near: '2026-01-10', checked: t1, result: 'found', memento: { url: 'https://web.archive.org/web/1/x', datetime: '2026-01-09T08:00:00Z' } });
    expect(found.archives).toEqual([{ near: '2026-01-10', checked: t1, result: 'found', url: 'https://web.archive.org/web/1/x', datetime: '2026-01-09T08:00:00Z' }]);
    const failed = observeArchive(found, { url, near: '2026-01-10', checked: t2, result: 'unreachable', error: { kind: 'timeout', detail: 'x' } });
    expect(failed.archives).toEqual(found.archives);
    const none = observeArchive(found, { url, near: '2026-02-01', checked: t2, result: 'none' });
    expect(none.archives.map((archive) => [archive.near, archive.result])).toEqual([['2026-01-10', 'found'], ['2026-02-01', 'none']]);
  });
});

describe('observeDoi', () => {
  const csl = JSON.stringify({ title: 'A paper', author: [{ given: 'Ada', family: 'Lovelace' }], issued: { 'date-parts': [[2020]] } });
  it('reads CSL-JSON as found, 404 as not found, other answers as no metadata or unreachable', () => {
    const found = observeDoi(undefined, { doi: '10.1000/x', checked: t1, status: 200, contentType: 'application/vnd.citationstyles.csl+json', text: csl });
    expect(found).toEqual({ doi: '10.1000/x', checked: t1, result: 'found', since: t1, status: 200, metadata: { title: 'A paper', authors: [{ family: 'Lovelace', given: 'Ada' }], issued: '2020' } });
    expect(observeDoi(undefined, { doi: '10.1000/x', checked: t1, status: 404 })).toMatchObject({ result: 'not-found', status: 404 });
    expect(observeDoi(undefined, { doi: '10.1000/x', checked: t1, status: 200, contentType: 'text/html', text: '<html></html>' })).toMatchObject({ result: 'no-metadata', error: { kind: 'bad-response', detail: 'the resolver answered with text/html, not CSL-JSON' } });
    expect(observeDoi(undefined, { doi: '10.1000/x', checked: t1, status: 406 })).toMatchObject({ result: 'no-metadata', error: { kind: 'http' } });
    expect(observeDoi(undefined, { doi: '10.1000/x', checked: t1, status: 200, error: { kind: 'bad-response', detail: 'the answer is not UTF-8' } })).toMatchObject({ result: 'no-metadata', error: { detail: 'the answer is not UTF-8' } });
    const failed = observeDoi(found, { doi: '10.1000/x', checked: t2, error: { kind: 'timeout', detail: 'x' } });
    expect(failed).toMatchObject({ result: 'unreachable', since: t2, metadata: found.metadata });
  });
});

describe('observeArxiv', () => {
  const feed = '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2210.03629v3</id><updated>2023-03-10T01:00:17Z</updated><published>2022-10-06T01:00:32Z</published><title>ReAct</title><author><name>Shunyu Yao</name></author></entry></feed>';
  it('gives every id of a batch an entry: found, not found, or unreachable with what was known', () => {
    const entries = observeArxiv(new Map(), { ids: ['2210.03629', '9999.99999'], checked: t1, status: 200, text: feed });
    expect(entries).toEqual([
      { id: '2210.03629', checked: t1, result: 'found', since: t1, status: 200, version: 3, versionDate: '2023-03-10T01:00:17Z', published: '2022-10-06T01:00:32Z', title: 'ReAct', authors: ['Shunyu Yao'] },
      { id: '9999.99999', checked: t1, result: 'not-found', since: t1, status: 200, authors: [] },
    ]);
    const failed = observeArxiv(new Map(entries.map((entry) => [entry.id, entry])), { ids: ['2210.03629'], checked: t2, status: 503 });
    expect(failed).toEqual([{ ...entries[0], checked: t2, result: 'unreachable', since: t2, status: 503, error: { kind: 'http', detail: 'HTTP 503' } }]);
    expect(observeArxiv(new Map(), { ids: ['2210.03629'], checked: t1, status: 200, text: 'Rate exceeded.' })[0]).toMatchObject({ result: 'unreachable', error: { kind: 'bad-response' } });
  });
});
