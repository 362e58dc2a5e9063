/**
 * The model's view of the sources lock: `buildModel` reads each book's
 * `sources.lock.json` and joins it to every source of its chapters.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/build.js';
import { checkProject } from '../../src/model/check.js';
import { formatProblems } from '../../src/problems/format.js';
import { renderSourcesLock } from '../../src/sources/lock.js';
import { checkChapterSources, indexSourcesLock } from '../../src/sources/view.js';
import type { SourcesLock } from '../../src/schema/sources-lock.js';
import { fakeParse, withChanges, writeProject } from '../fixture-book.js';

const lockFile = 'content/books/demo/sources.lock.json';
const today = '2026-12-01';
const build = (lock: string | undefined, changes: Record<string, string> = {}) =>
  buildModel({ rootDir: writeProject(withChanges({ 'sources.lock.json': lock, ...changes })), parse: (source) => fakeParse(source), today });

const lock: SourcesLock = {
  version: 1,
  urls: [
    {
      url: 'https://jsonlines.org/',
      checked: '2026-11-30T10:00:00Z',
      health: 'dead',
      since: '2026-11-20T10:00:00Z',
      status: 404,
      redirects: [{ status: 301, location: 'https://jsonlines.org/spec' }],
      body: { sha256: 'b'.repeat(64), bytes: 10, since: '2025-06-01T00:00:00Z', seen: '2026-11-10T00:00:00Z' },
      previousBody: { sha256: 'a'.repeat(64), until: '2025-05-01T00:00:00Z' },
      archives: [{ near: '2025-01-10', checked: '2026-11-30T10:00:01Z', result: 'found', url: 'https://web.archive.org/web/20250109000000/https://jsonlines.org/', datetime: '2025-01-09T00:00:00Z' }],
    },
  ],
  dois: [],
  arxiv: [],
};

describe('the sources lock in the model', () => {
  it('says "unchecked" for every source of a book without a lock', () => {
    const { model, problems } = build(undefined);
    expect(problems).toEqual([]);
    const checks = model!.books[0]!.chapters[0]!.sourceChecks!;
    expect(checks.lock).toBeUndefined();
    expect(checks.sources.map((source) => [source.source, source.link?.health, source.checkable])).toEqual([
      ['jsonl-spec', 'unchecked', true],
      ['session-code', undefined, false],
    ]);
    expect(checks.claims).toEqual([]);
    expect(model!.books[0]!.chapters[1]!.sourceChecks).toEqual({ sources: [], claims: [] });
  });

  it('joins each source to its entries: health, since, redirects, the archived copy, changes; and flags the claims resting on it', () => {
    const { model, problems } = build(renderSourcesLock(lock));
    expect(problems).toEqual([]);
    const checks = model!.books[0]!.chapters[0]!.sourceChecks!;
    expect(checks.lock).toBe(lockFile);
    expect(checks.sources[0]).toEqual({
      source: 'jsonl-spec',
      index: 0,
      link: {
        url: 'https://jsonlines.org/',
        health: 'dead',
        checked: '2026-11-30T10:00:00Z',
        since: '2026-11-20T10:00:00Z',
        status: 404,
        redirects: [{ status: 301, location: 'https://jsonlines.org/spec' }],
        finalUrl: 'https://jsonlines.org/spec',
        changed: { after: '2025-05-01T00:00:00Z', by: '2025-06-01T00:00:00Z' },
        archive: { url: 'https://web.archive.org/web/20250109000000/https://jsonlines.org/', datetime: '2025-01-09T00:00:00Z' },
        archiveChecked: '2026-11-30T10:00:01Z',
        archiveResult: 'found',
      },
      mismatches: [],
      dead: true,
      changed: true,
      checkable: true,
    });
    // "jsonl" rests only on jsonl-spec; "header" on a source that has nothing to check.
    expect(checks.claims).toEqual([{ claim: 'jsonl', reason: 'dead', sources: [{ source: 'jsonl-spec', why: 'dead' }] }]);
  });

  it('flags a claim whose every validated source is dead or changed, with the reason', () => {
    const source = (id: string, url: string) => ({ id, title: id, authors: [], identifiers: {}, url, reading: 'full-text' as const, accessed: '2025-01-10' });
    const item = (id: string, sourceId: string, status: 'validated' | 'lead') => ({ id, source: sourceId, claims: ['c'], relation: 'supports' as const, class: 'reported' as const, status, recorded: '2025-01-10' });
    const changedLock: SourcesLock = {
      ...lock,
      urls: [
        { ...lock.urls[0]!, health: 'ok', url: 'https://changed.example/' },
        { url: 'https://dead.example/', checked: '2026-11-30T10:00:00Z', health: 'dead', since: '2026-11-30T10:00:00Z', status: 410, redirects: [], archives: [] },
        { url: 'https://fine.example/', checked: '2026-11-30T10:00:00Z', health: 'ok', since: '2026-11-30T10:00:00Z', status: 200, redirects: [], archives: [] },
      ],
    };
    const view = (evidence: ReturnType<typeof item>[]) =>
      checkChapterSources(
        { sources: [source('a', 'https://changed.example/'), source('b', 'https://dead.example/'), source('c', 'https://fine.example/')], evidence, claims: [{ claim: { id: 'c' } }] },
        indexSourcesLock({ file: lockFile, lock: changedLock }),
      ).claims;
    expect(view([item('1', 'a', 'validated'), item('2', 'b', 'validated'), item('3', 'c', 'lead')])).toEqual([
      { claim: 'c', reason: 'dead-or-changed', sources: [{ source: 'a', why: 'changed' }, { source: 'b', why: 'dead' }] },
    ]);
    expect(view([item('1', 'a', 'validated')])).toEqual([{ claim: 'c', reason: 'changed', sources: [{ source: 'a', why: 'changed' }] }]);
    expect(view([item('1', 'a', 'validated'), item('3', 'c', 'validated')])).toEqual([]);
    expect(view([item('3', 'b', 'lead')])).toEqual([]);
  });

  it('reads "changed" only when the earlier body was still seen on or after the day the source was read', () => {
    const read = (accessed: string) => checkChapterSources(
      { sources: [{ id: 's', title: 'S', authors: [], identifiers: {}, url: 'https://jsonlines.org/', reading: 'full-text', accessed }], evidence: [], claims: [] },
      indexSourcesLock({ file: lockFile, lock }),
    ).sources[0]!;
    expect(read('2025-05-01').changed).toBe(true);
    expect(read('2025-05-02').changed).toBe(false);
    expect(read('2025-05-02').link!.changed).toBeUndefined();
    // No copy was asked for that day: the nearest one found for another day is offered.
    expect(read('2025-05-02').link).toMatchObject({ archive: { datetime: '2025-01-09T00:00:00Z' } });
    expect(read('2025-05-02').link!.archiveChecked).toBeUndefined();
  });

  it('does not flag a claim that still has a live source', () => {
    const alive: SourcesLock = { ...lock, urls: [{ ...lock.urls[0]!, health: 'ok', status: 200, redirects: [], previousBody: undefined as never }] };
    delete (alive.urls[0] as { previousBody?: unknown }).previousBody;
    const checks = build(renderSourcesLock(alive)).model!.books[0]!.chapters[0]!.sourceChecks!;
    expect(checks.sources[0]!.dead).toBe(false);
    expect(checks.claims).toEqual([]);
  });

  it('reports a malformed lock at file:line:column and builds no model, in checking too', () => {
    const broken = renderSourcesLock(lock).replace('"health": "dead"', '"health": "gone"');
    const line = broken.split('\n').findIndex((text) => text.includes('"gone"')) + 1;
    const { model, problems } = build(broken);
    expect(model).toBeUndefined();
    expect(formatProblems(problems)).toBe(
      `${lockFile}:${line}:17  urls[0].health  expected one of ok | redirected | dead | unreachable, got "gone"  (hint: write one of ok, redirected, dead, unreachable)  [schema/invalid-enum]`,
    );
    expect(formatProblems(checkProject({ rootDir: writeProject(withChanges({ 'sources.lock.json': broken })), parse: (source) => fakeParse(source), today }))).toBe(formatProblems(problems));
  });
});
