import { describe, expect, it } from 'vitest';
import { renderStatusReportJson, scopeStatusReport } from '../../src/render/status-report.js';
import { makeBook, makeChapter, makeModel, richModel, ROOT_URLS } from '../model-factory.js';
import { buildStatusReport } from '../../src/render/status-report-data.js';

function twoBooks() {
  const model = richModel();
  const other = makeBook({ slug: 'go', title: 'Go Notes', chapters: [makeChapter({ book: 'go', slug: '01-intro', number: 1, title: 'Intro', claims: [{ id: 'a', quote: 'A coding agent', status: 'supported', date: '2026-01-01' }] })] });
  return makeModel([...model.books, other]);
}

describe('book-wide research report', () => {
  const report = buildStatusReport(twoBooks(), ROOT_URLS);

  it('renders report.json for all books or one book, deterministically', () => {
    const all = JSON.parse(renderStatusReportJson(report));
    expect(all.books.map((b: { slug: string }) => b.slug)).toEqual(['pi', 'go']);
    expect(all.totals.claims.total).toBe(8);
    const one = JSON.parse(renderStatusReportJson(report, { book: 'go' }));
    expect(one.books.map((b: { slug: string }) => b.slug)).toEqual(['go']);
    expect(one.totals.claims).toEqual({ total: 1, supported: 1, qualified: 0, contradicted: 0, unverified: 0, stale: 0, reviewDue: 0 });
    expect(one.url).toBe('/research/books/go/');
    expect(renderStatusReportJson(buildStatusReport(twoBooks(), ROOT_URLS))).toBe(renderStatusReportJson(report));
    expect(() => scopeStatusReport(report, { book: 'nope' })).toThrow('Unknown book "nope". Known books: pi, go.');
  });
});
