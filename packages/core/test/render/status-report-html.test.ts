import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { renderStatusReportHtml, statusReportHast } from '../../src/render/status-report-html.js';
import { elements, text } from '../hast-query.js';
import { makeBook, makeChapter, makeModel, richModel, ROOT_URLS } from '../model-factory.js';
import { buildStatusReport } from '../../src/render/status-report-data.js';

function twoBooks() {
  const model = richModel();
  const other = makeBook({ slug: 'go', title: 'Go Notes', chapters: [makeChapter({ book: 'go', slug: '01-intro', number: 1, title: 'Intro', claims: [{ id: 'a', quote: 'A coding agent', status: 'supported', date: '2026-01-01' }] })] });
  return makeModel([...model.books, other]);
}

describe('renderStatusReportHtml', () => {
  const report = buildStatusReport(twoBooks(), ROOT_URLS);

  it('renders the HTML page for all books with a chart per chapter', () => {
    const tree = fromHtml(renderStatusReportHtml(report), { fragment: true });
    const headings = elements(tree, (node) => /^h[1-6]$/.test(node.tagName)).map((h) => `${h.tagName} ${text(h)}`);
    expect(headings.slice(0, 7)).toEqual([
      'h1 Research report',
      'h2 Books',
      'h2 Pi Agents',
      'h3 Chapters',
      'h3 Claims by status, per chapter',
      'h3 Claims needing attention',
      'h3 Leads awaiting verification',
    ]);
    const charts = elements(tree, (node) => node.tagName === 'svg');
    expect(charts).toHaveLength(4);
    expect(charts.every((svg) => svg.properties.role === 'img')).toBe(true);
    const ids = elements(tree, (node) => node.properties.id !== undefined).map((node) => String(node.properties.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const table of elements(tree, (node) => node.tagName === 'table')) {
      expect(elements(table, (node) => node.tagName === 'caption')).toHaveLength(1);
      expect(elements(table, (node) => node.tagName === 'th').every((th) => th.properties.scope === 'col' || th.properties.scope === 'row')).toBe(true);
    }
    expect(elements(tree, (node) => node.tagName === 'script')).toEqual([]);
  });

  it('renders one book with h2 sections and links to its packs and claims', () => {
    const root = statusReportHast(report, { book: 'pi' });
    const headings = elements(root, (node) => /^h[1-6]$/.test(node.tagName)).map((h) => `${h.tagName} ${text(h)}`);
    expect(headings).toEqual([
      'h1 Research report: Pi Agents',
      'h2 Chapters',
      'h2 Claims by status, per chapter',
      'h2 Claims needing attention',
      'h2 Leads awaiting verification',
      'h2 Awaiting review',
    ]);
    const hrefs = elements(root, (node) => node.tagName === 'a').map((a) => String(a.properties.href));
    expect(hrefs).toContain('/research/books/pi/report.json');
    expect(hrefs).toContain('/research/books/pi/26-chapter/');
    expect(hrefs).toContain('/books/pi/27-chapter/#rp-claim-header');
    expect(hrefs.some((href) => href.includes('/go/'))).toBe(false);
  });

  it('keeps hostile titles and claim text inert', () => {
    const hostile = '<script>alert(1)</script> | [x](javascript:alert(1))';
    const chapter = makeChapter({ title: hostile, snapshot: `Intro ${hostile} end`, claims: [{ id: 'c', quote: hostile }] });
    const data = buildStatusReport(makeModel([makeBook({ title: hostile, chapters: [chapter] })]), ROOT_URLS);
    const html = fromHtml(renderStatusReportHtml(data), { fragment: true });
    expect(elements(html, (node) => node.tagName === 'script')).toEqual([]);
    expect(text(html)).toContain(hostile);
  });
});
