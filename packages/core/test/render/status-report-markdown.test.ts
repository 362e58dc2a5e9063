import type { Link, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { renderStatusReportMarkdown, statusReportRows } from '../../src/render/status-report-markdown.js';
import { makeBook, makeChapter, makeModel, richModel, ROOT_URLS } from '../model-factory.js';
import { countingMemo } from '../counting-memo.js';
import { buildStatusReport } from '../../src/render/status-report-data.js';
import { ARCHIVE_URL, DEAD_LOCK, lockedModel } from '../locked-model.js';

function twoBooks() {
  const model = richModel();
  const other = makeBook({ slug: 'go', title: 'Go Notes', chapters: [makeChapter({ book: 'go', slug: '01-intro', number: 1, title: 'Intro', claims: [{ id: 'a', quote: 'A coding agent', status: 'supported', date: '2026-01-01' }] })] });
  return makeModel([...model.books, other]);
}

describe('renderStatusReportMarkdown', () => {
  const report = buildStatusReport(twoBooks(), ROOT_URLS);

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
    const md = fromMarkdown(renderStatusReportMarkdown(data), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const kinds = new Set<string>();
    visit(md, (node) => void kinds.add(node.type));
    expect(kinds.has('html')).toBe(false);
    visit(md, 'link', (node: Link) => expect(node.url.startsWith('/')).toBe(true));
  });
});

describe('renderStatusReportMarkdown with the sources locks', () => {
  it('says "never checked" for a book without a lock', () => {
    const md = renderStatusReportMarkdown(buildStatusReport(lockedModel(undefined), ROOT_URLS), { book: 'demo' });
    expect(md.slice(md.indexOf('## Sources'))).toBe(
      '## Sources\n\nNever checked: this book has no sources lock, so the links, DOIs and arXiv ids of its 2 sources have not been checked; research-pack sources refresh checks them and writes the lock.\n',
    );
  });

  it('tables every source with what the lock says, and the flagged claims', () => {
    const md = renderStatusReportMarkdown(buildStatusReport(lockedModel(DEAD_LOCK), ROOT_URLS), { book: 'demo' });
    expect(md).toContain(
      `| [jsonl-spec](</research/books/demo/01-sessions/#rp-source-jsonl-spec>): JSON Lines | [1. Sessions](</research/books/demo/01-sessions/>) | <https://jsonlines.org/>; Link: dead since 2026-11-30 (HTTP 404); last checked 2026-12-01; Changed since you read it on 2025-01-10: its content differed between the checks of 2026-11-20 and 2026-11-30; Archived copy from 2025-01-09: <${ARCHIVE_URL}> | none recorded |`,
    );
    expect(md).toContain('## Claims flagged for review\n\n| Claim | Chapter | Status | Reason | Sources | Text |');
    expect(md).toContain('| [jsonl](</books/demo/01-sessions/#rp-claim-jsonl>) | [1. Sessions](</research/books/demo/01-sessions/>) | review due | Every source of its validated evidence is dead. | [jsonl-spec](</research/books/demo/01-sessions/#rp-source-jsonl-spec>) (dead) | each line holds one JSON object |');
  });

  it('has no sources section for a report built without the locks', () => {
    expect(renderStatusReportMarkdown(buildStatusReport(richModel(), ROOT_URLS))).not.toContain('## Sources');
  });
});

describe('statusReportRows', () => {
  for (const [name, model] of [
    ['two books', twoBooks()],
    ['a book with a sources lock', lockedModel(DEAD_LOCK)],
  ] as const) {
    it(`writes each chapter's rows ahead from that chapter alone, and the whole report uses them to the same bytes (${name})`, () => {
      const offered = model.books.flatMap((book) => book.chapters.flatMap((chapter) => statusReportRows(makeModel([{ ...book, chapters: [chapter] }]), ROOT_URLS)));
      const report = buildStatusReport(model, ROOT_URLS);
      const { memo, counts } = countingMemo(offered);
      expect(renderStatusReportMarkdown(report, {}, { rows: memo })).toBe(renderStatusReportMarkdown(buildStatusReport(model, ROOT_URLS), {}, { rows: new Map() }));
      // The claims, leads and sources rows are the chapters' own: found written.
      expect(counts.hits).toBeGreaterThan(counts.misses);
      for (const book of model.books) {
        expect(renderStatusReportMarkdown(report, { book: book.slug }, { rows: countingMemo(offered).memo })).toBe(renderStatusReportMarkdown(buildStatusReport(model, ROOT_URLS), { book: book.slug }, { rows: new Map() }));
      }
    });
  }

  it('a row offered for other content is never used: keys are digests of the row', () => {
    const model = twoBooks();
    const fresh = renderStatusReportMarkdown(buildStatusReport(model, ROOT_URLS), {}, { rows: new Map() });
    const wrong = statusReportRows(model, ROOT_URLS).map(([key]) => [key, '| tampered |'] as const);
    // Every key of this report is offered with a wrong line: the offer is used (same keys), so the lines show.
    expect(renderStatusReportMarkdown(buildStatusReport(model, ROOT_URLS), {}, { rows: new Map(wrong) })).toContain('| tampered |');
    // Keys of another model's rows match none of these rows.
    const other = statusReportRows(makeModel([makeBook({ slug: 'zz', title: 'Other', chapters: [makeChapter({ book: 'zz', slug: '09-x', number: 9, title: 'X', claims: [{ id: 'q', quote: 'A coding agent', status: 'contradicted', date: '2026-01-01' }] })] })]), ROOT_URLS).map(([key]) => [key, '| tampered |'] as const);
    expect(renderStatusReportMarkdown(buildStatusReport(model, ROOT_URLS), {}, { rows: new Map(other) })).toBe(fresh);
  });
});
