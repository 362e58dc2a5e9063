import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildStatusReport } from '../../src/render/status-report-data.js';
import { StatusReportSchema } from '../../src/schema/status-report.js';
import { makeBook, makeChapter, makeModel, richModel, ROOT_URLS, SITE_URLS } from '../model-factory.js';
import { DEAD_LOCK, lockedModel } from '../locked-model.js';

describe('buildStatusReport', () => {
  const model = richModel();
  const report = buildStatusReport(model, SITE_URLS);
  const chapter = report.books[0]!.chapters.find((candidate) => candidate.slug === '27-chapter')!;
  const resolved = model.books[0]!.chapters.find((candidate) => candidate.slug === '27-chapter')!;

  it('is valid against its schema and links to the site', () => {
    expect(StatusReportSchema.parse(report)).toEqual(report);
    expect(report.url).toBe('https://books.example.org/research/');
    expect(report.books[0]!.url).toBe('https://books.example.org/research/books/pi/');
    expect(chapter.urls.pack).toBe('https://books.example.org/research/books/pi/27-chapter/');
    expect(buildStatusReport(model).url).toBe('/research/');
  });

  it('counts claims by status and lists those needing attention', () => {
    expect(chapter.claims.total).toBe(resolved.claims.length);
    expect(chapter.attention.map((claim) => claim.id)).toEqual(resolved.claims.filter((claim) => claim.status !== 'supported').map((claim) => claim.claim.id));
    expect(chapter.attention[0]!.url).toMatch(/^https:\/\/books\.example\.org\/books\/pi\/27-chapter\/#rp-claim-/);
  });

  it('lists leads, sources not read in full, notebooks never run or failing, and the latest pass', () => {
    expect(chapter.leads.map((lead) => lead.id)).toEqual(resolved.evidence.filter((item) => item.status === 'lead').map((item) => item.id));
    expect(chapter.sourcesNotReadInFull.map((source) => source.id)).toEqual(resolved.sources.filter((source) => source.reading !== 'full-text').map((source) => source.id));
    expect(chapter.notebooks.total).toBe(resolved.research.notebooks.length);
    expect(chapter.lastPass).toMatchObject({ date: '2026-10-12', by: 'author', readsCurrentRevision: true });
  });

  it('adds up totals per book and for the site', () => {
    const empty = makeChapter({ book: 'pi', slug: '30-empty', number: 30, title: 'Empty', snapshot: 'Nothing.' });
    const two = buildStatusReport(makeModel([makeBook({ chapters: [empty] }), makeBook({ slug: 'go', title: 'Go', chapters: [] })]), ROOT_URLS);
    expect(two.totals).toMatchObject({ chapters: 1, chaptersNeverResearched: 1, leads: 0 });
    expect(two.books.map((book) => book.totals.chapters)).toEqual([1, 0]);
    expect(report.totals.claims.total).toBe(report.books.reduce((sum, book) => sum + book.totals.claims.total, 0));
  });
});

describe('buildStatusReport with the sources locks', () => {
  it('writes what the lock says per chapter, and counts it, valid against the committed schema', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(new URL('../../schemas/report.schema.json', import.meta.url), 'utf8')));
    for (const lock of [DEAD_LOCK, undefined]) {
      const data = JSON.parse(JSON.stringify(buildStatusReport(lockedModel(lock), SITE_URLS)));
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    }
    const report = buildStatusReport(lockedModel(DEAD_LOCK), SITE_URLS);
    const checks = report.books[0]!.chapters[0]!.sourceChecks!;
    expect(checks.lock).toBe(true);
    expect(checks.sources.map((source) => [source.id, source.url, source.accessed, source.check.link?.health ?? null])).toEqual([
      ['jsonl-spec', 'https://jsonlines.org/', '2025-01-10', 'dead'],
      ['session-code', null, '2025-01-12', null],
    ]);
    expect(checks.flagged).toEqual([
      {
        id: 'jsonl',
        status: 'review-due',
        text: 'each line holds one JSON object',
        url: 'https://books.example.org/books/demo/01-sessions/#rp-claim-jsonl',
        review: { reason: 'dead', text: 'every source of its validated evidence is dead', sources: [{ id: 'jsonl-spec', why: 'dead' }] },
      },
    ]);
    expect(report.totals.sources).toMatchObject({ sources: 2, dead: 1, changed: 1, claimsFlagged: 1 });
    expect(report.books[0]!.totals.sources).toEqual(report.totals.sources);
    expect(buildStatusReport(lockedModel(undefined), SITE_URLS).books[0]!.chapters[0]!.sourceChecks!.lock).toBe(false);
  });

  it('writes null, and counts nothing, for a model built without the locks', () => {
    const report = buildStatusReport(richModel(), SITE_URLS);
    expect(report.books[0]!.chapters.every((chapter) => chapter.sourceChecks === null)).toBe(true);
    expect(report.totals.sources).toBeUndefined();
  });
});
