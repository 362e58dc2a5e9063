import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import type { Link, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { renderStatusReportHtml, renderStatusReportJson, renderStatusReportMarkdown, statusReportHast, scopeStatusReport } from '../../src/render/status-report.js';
import { makeBook, makeChapter, makeModel, richModel, ROOT_URLS } from '../model-factory.js';
import { buildStatusReport } from '../../src/render/status-report-data.js';

function elements(tree: Root | Element, test: (node: Element) => boolean): Element[] {
  const found: Element[] = [];
  visit(tree, 'element', (node: Element) => void (test(node) && found.push(node)));
  return found;
}
function text(node: Root | Element): string {
  let out = '';
  visit(node, 'text', (child: { value: string }) => void (out += child.value));
  return out;
}

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

  it('renders report.md with per-chapter counts that match the data and links to packs and claims', () => {
    const markdown = renderStatusReportMarkdown(report);
    const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const tables: Table[] = [];
    visit(tree, 'table', (node: Table) => void tables.push(node));
    const chapterTable = tables[1]!;
    const rows = chapterTable.children.slice(1).map((row) => row.children.map((cell) => toString(cell)));
    expect(rows[1]).toEqual(['27. The Session File Format', '6', '1', '1', '1', '1', '1', '1', '2', '2', '1', '0', '2026-10-12 by author; read the current revision']);
    expect(rows[2]![12]).toBe('none recorded');
    const links: string[] = [];
    visit(tree, 'link', (node: Link) => void links.push(node.url));
    expect(links).toContain('/research/books/pi/27-chapter/');
    expect(links).toContain('/books/pi/27-chapter/#rp-claim-versions');
    expect(markdown).toContain('## Go Notes');
  });

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
    ]);
    const hrefs = elements(root, (node) => node.tagName === 'a').map((a) => String(a.properties.href));
    expect(hrefs).toContain('/research/books/pi/report.json');
    expect(hrefs).toContain('/research/books/pi/26-chapter/');
    expect(hrefs).toContain('/books/pi/27-chapter/#rp-claim-header');
    expect(hrefs.some((href) => href.includes('/go/'))).toBe(false);
  });

  it('states absence as facts', () => {
    const empty = buildStatusReport(makeModel([makeBook({ chapters: [] })]), ROOT_URLS);
    const markdown = renderStatusReportMarkdown(empty, { book: 'pi' });
    expect(markdown).toContain('No chapters are recorded for this book.');
    expect(markdown).toContain('Every recorded claim is supported and current.');
    expect(markdown).toContain('No leads are awaiting verification.');
    expect(renderStatusReportMarkdown(buildStatusReport(makeModel([]), ROOT_URLS))).toContain('No books are recorded.');
  });

  it('keeps hostile titles and claim text inert', () => {
    const hostile = '<script>alert(1)</script> | [x](javascript:alert(1))';
    const chapter = makeChapter({ title: hostile, snapshot: `Intro ${hostile} end`, claims: [{ id: 'c', quote: hostile }] });
    const data = buildStatusReport(makeModel([makeBook({ title: hostile, chapters: [chapter] })]), ROOT_URLS);
    const html = fromHtml(renderStatusReportHtml(data), { fragment: true });
    expect(elements(html, (node) => node.tagName === 'script')).toEqual([]);
    expect(text(html)).toContain(hostile);
    const md = fromMarkdown(renderStatusReportMarkdown(data), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const kinds = new Set<string>();
    visit(md, (node) => void kinds.add(node.type));
    expect(kinds.has('html')).toBe(false);
    visit(md, 'link', (node: Link) => expect(node.url.startsWith('/')).toBe(true));
  });
});
