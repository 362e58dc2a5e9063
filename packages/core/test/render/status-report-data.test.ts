import { describe, expect, it } from 'vitest';
import { buildStatusReport } from '../../src/render/status-report-data.js';
import { StatusReportSchema } from '../../src/schema/status-report.js';
import { makeBook, makeChapter, makeModel, richModel, ROOT_URLS, SITE_URLS } from '../model-factory.js';

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
