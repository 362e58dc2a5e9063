import { describe, expect, it } from 'vitest';
import { mergeRefresh } from '../../src/sources/merge.js';
import { planRefresh, type PlanBook } from '../../src/sources/plan.js';
import type { SourcesLock } from '../../src/schema/sources-lock.js';

const book: PlanBook = {
  slug: 'demo',
  chapters: [
    {
      slug: '01-a',
      sources: [
        { id: 'page', url: 'https://example.org/page#section', accessed: '2026-01-10', identifiers: {} },
        { id: 'paper', url: 'https://example.org/paper', accessed: '2026-01-12', identifiers: { doi: '10.1000/ABC', arxiv: '2210.03629v1' } },
        { id: 'book', accessed: '2026-01-12', identifiers: { isbn: '978-0-00-000000-0' } },
      ],
    },
    { slug: '02-b', sources: [{ id: 'page-again', url: 'https://example.org/page', accessed: '2026-03-01', identifiers: {} }] },
  ],
};
const now = new Date('2026-11-30T12:00:00Z');

describe('planRefresh', () => {
  it('asks each URL once (fragments dropped), an archive per date read, each DOI and arXiv id; skips sources with none', () => {
    const plan = planRefresh(book, undefined, { now });
    expect(plan.urls.map((target) => [target.target.url, target.reason.kind])).toEqual([
      ['https://example.org/page', 'never-checked'],
      ['https://example.org/paper', 'never-checked'],
    ]);
    expect(plan.archives.map((target) => `${target.target.url} ${target.target.near}`)).toEqual([
      'https://example.org/page 2026-01-10',
      'https://example.org/page 2026-03-01',
      'https://example.org/paper 2026-01-12',
    ]);
    expect(plan.dois.map((target) => target.target.doi)).toEqual(['10.1000/abc']);
    expect(plan.arxiv.map((target) => target.target.id)).toEqual(['2210.03629']);
    expect(plan.skipped).toEqual([{ chapter: '01-a', source: 'book' }]);
    expect(planRefresh(book, undefined, { now, archives: false }).archives).toEqual([]);
    // A URL the lock could not hold is not a URL to check.
    const long = planRefresh({ slug: 'x', chapters: [{ slug: 'c', sources: [{ id: 's', url: `https://example.org/${'a'.repeat(1990)}é`, accessed: '2026-01-10', identifiers: {} }] }] }, undefined, { now });
    expect([long.urls, long.skipped]).toEqual([[], [{ chapter: 'c', source: 's' }]]);
  });

  it('keeps to one chapter when asked', () => {
    const plan = planRefresh(book, undefined, { now, chapter: '02-b' });
    expect(plan.urls.map((target) => target.target.url)).toEqual(['https://example.org/page']);
    expect(plan.archives.map((target) => target.target.near)).toEqual(['2026-03-01']);
    expect([plan.dois, plan.arxiv, plan.skipped]).toEqual([[], [], []]);
  });

  it('leaves fresh entries alone with maxAge, retries failures, and never asks again for a copy found', () => {
    const lock: SourcesLock = {
      version: 1,
      urls: [
        { url: 'https://example.org/page', checked: '2026-11-29T12:00:00Z', health: 'ok', since: '2026-11-01T00:00:00Z', redirects: [], archives: [{ near: '2026-01-10', checked: '2026-01-11T00:00:00Z', result: 'found', url: 'https://a.example/1', datetime: '2026-01-10T00:00:00Z' }, { near: '2026-03-01', checked: '2026-11-29T12:00:00Z', result: 'none' }] },
        { url: 'https://example.org/paper', checked: '2026-11-29T12:00:00Z', health: 'unreachable', since: '2026-11-29T12:00:00Z', redirects: [], error: { kind: 'timeout', detail: 'x' }, archives: [] },
      ],
      dois: [{ doi: '10.1000/abc', checked: '2026-11-01T00:00:00Z', result: 'found', since: '2026-11-01T00:00:00Z' }],
      arxiv: [],
    };
    const day = 24 * 3600 * 1000;
    const plan = planRefresh(book, lock, { now, maxAge: 7 * day });
    expect(plan.urls.map((target) => [target.target.url, target.reason])).toEqual([['https://example.org/paper', { kind: 'failed', checked: '2026-11-29T12:00:00Z' }]]);
    expect(plan.urls[0]!.target.previous).toBe(lock.urls[1]);
    expect(plan.archives.map((target) => target.target.near)).toEqual(['2026-01-12']);
    expect(plan.dois.map((target) => target.reason)).toEqual([{ kind: 'stale', checked: '2026-11-01T00:00:00Z' }]);
    expect(plan.arxiv.map((target) => target.reason.kind)).toEqual(['never-checked']);
    expect(plan.fresh).toEqual({ urls: 1, archives: 2, dois: 0, arxiv: 0 });
    // Without maxAge every entry is checked again, except copies found.
    const all = planRefresh(book, lock, { now });
    expect(all.urls.map((target) => target.reason.kind)).toEqual(['stale', 'failed']);
    expect(all.archives.map((target) => target.target.near)).toEqual(['2026-03-01', '2026-01-12']);
  });
});

describe('mergeRefresh', () => {
  const lock: SourcesLock = {
    version: 1,
    urls: [
      { url: 'https://example.org/page', checked: '2026-11-01T00:00:00Z', health: 'ok', since: '2026-11-01T00:00:00Z', redirects: [], archives: [{ near: '2025-01-01', checked: '2026-11-01T00:00:00Z', result: 'none' }, { near: '2026-01-10', checked: '2026-11-01T00:00:00Z', result: 'none' }] },
      { url: 'https://old.example/', checked: '2026-11-01T00:00:00Z', health: 'ok', since: '2026-11-01T00:00:00Z', redirects: [], archives: [] },
    ],
    dois: [{ doi: '10.1000/gone', checked: '2026-11-01T00:00:00Z', result: 'found', since: '2026-11-01T00:00:00Z' }],
    arxiv: [],
  };
  const checked = '2026-11-30T12:00:00Z';

  it('folds the observations in and, for a whole book, drops what no ledger names', () => {
    const plan = planRefresh(book, lock, { now });
    const merged = mergeRefresh(lock, plan, {
      urls: [{ url: 'https://example.org/paper', checked, redirects: [], status: 404 }],
      archives: [{ url: 'https://example.org/page', near: '2026-01-10', checked, result: 'found', memento: { url: 'https://a.example/2', datetime: '2026-01-10T01:00:00Z' } }],
      dois: [{ doi: '10.1000/abc', checked, status: 404 }],
      arxiv: [{ ids: ['2210.03629'], checked, status: 200, text: '<feed xmlns="http://www.w3.org/2005/Atom"></feed>' }],
    });
    expect(merged.urls.map((entry) => [entry.url, entry.health, entry.archives.map((archive) => `${archive.near} ${archive.result}`)])).toEqual([
      ['https://example.org/page', 'ok', ['2026-01-10 found']],
      ['https://example.org/paper', 'dead', []],
    ]);
    expect(merged.dois.map((entry) => [entry.doi, entry.result])).toEqual([['10.1000/abc', 'not-found']]);
    expect(merged.arxiv.map((entry) => [entry.id, entry.result])).toEqual([['2210.03629', 'not-found']]);
  });

  it("keeps every other entry when one chapter is refreshed", () => {
    const plan = planRefresh(book, lock, { now, chapter: '02-b' });
    const merged = mergeRefresh(lock, plan, { urls: [], archives: [], dois: [], arxiv: [] });
    expect(merged).toEqual(lock);
  });
});
