import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { renderStatusReportHtml, statusReportHast, statusReportHtmlParts } from '../../src/render/status-report-html.js';
import { elements, text } from '../hast-query.js';
import { makeBook, makeChapter, makeModel, richModel, ROOT_URLS } from '../model-factory.js';
import { countingMemo } from '../counting-memo.js';
import { buildStatusReport } from '../../src/render/status-report-data.js';
import { ARCHIVE_URL, DEAD_LOCK, lockedModel } from '../locked-model.js';

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

describe('renderStatusReportHtml with the sources locks', () => {
  const sources = (root: ReturnType<typeof statusReportHast>) => elements(root, (node) => node.tagName === 'section' && String(node.properties.ariaLabelledBy) === 'rp-report-demo-sources')[0];
  const flagged = (root: ReturnType<typeof statusReportHast>) => elements(root, (node) => node.tagName === 'section' && String(node.properties.ariaLabelledBy) === 'rp-report-demo-flagged')[0];

  it('says "never checked" for a book without a lock, and nothing more', () => {
    const root = statusReportHast(buildStatusReport(lockedModel(undefined), ROOT_URLS), { book: 'demo' });
    expect(text(sources(root)!)).toBe(
      'SourcesNever checked: this book has no sources lock, so the links, DOIs and arXiv ids of its 2 sources have not been checked; research-pack sources refresh checks them and writes the lock.',
    );
    expect(flagged(root)).toBeUndefined();
  });

  it('lists every source with what the lock says, and the flagged claims with the reason', () => {
    const root = statusReportHast(buildStatusReport(lockedModel(DEAD_LOCK), ROOT_URLS), { book: 'demo' });
    const rows = elements(sources(root)!, (node) => node.tagName === 'tr').slice(1);
    expect(rows.map((row) => elements(row, (node) => node.tagName === 'td' || node.tagName === 'th').map(text))).toEqual([
      [
        'jsonl-spec: JSON Lines',
        '1. Sessions',
        `https://jsonlines.org/Link: dead since 2026-11-30 (HTTP 404); last checked 2026-12-01Changed since you read it on 2025-01-10: its content differed between the checks of 2026-11-20 and 2026-11-30Archived copy from 2025-01-09: ${ARCHIVE_URL}`,
        'none recorded',
      ],
      ['session-code: session-manager.ts', '1. Sessions', 'none recorded', 'none recorded'],
    ]);
    expect(elements(rows[0]!, (node) => node.tagName === 'a').map((a) => a.properties.href)).toEqual(['/research/books/demo/01-sessions/#rp-source-jsonl-spec', '/research/books/demo/01-sessions/', 'https://jsonlines.org/', ARCHIVE_URL]);
    const claims = elements(flagged(root)!, (node) => node.tagName === 'tr').slice(1);
    expect(claims.map((row) => elements(row, (node) => node.tagName === 'td' || node.tagName === 'th').map(text))).toEqual([
      ['jsonl', '1. Sessions', 'review due', 'Every source of its validated evidence is dead.', 'jsonl-spec (dead)', 'each line holds one JSON object'],
    ]);
    expect(text(elements(root, (node) => node.properties.className?.toString() === 'rp-report-sources')[0]!)).toBe(
      "2 sources, as the book's sources lock records them: links 0 ok, 0 redirected, 0 unreachable; 1 dead, 1 changed since you read it, 0 with a newer version; 0 never checked, 1 with nothing to check; 1 claim flagged for review.",
    );
  });

  it('says that no claim is flagged when the lock flags none', () => {
    const alive = { ...DEAD_LOCK, urls: [{ url: 'https://jsonlines.org/', checked: '2026-12-01T10:00:00Z', health: 'ok' as const, since: '2026-11-30T10:00:00Z', status: 200, redirects: [], archives: [] }] };
    const root = statusReportHast(buildStatusReport(lockedModel(alive), ROOT_URLS), { book: 'demo' });
    expect(text(flagged(root)!)).toBe('Claims flagged for reviewNo claim rests only on dead or changed sources.');
  });
});

describe('renderStatusReportHtml, the parts the site\'s report and a book\'s share', () => {
  it('writes the same bytes as the tree written whole, whichever report is written first, and again', async () => {
    const { toHtml } = await import('hast-util-to-html');
    const whole = (report: ReturnType<typeof buildStatusReport>, book?: string) => toHtml(statusReportHast(report, book === undefined ? {} : { book }));
    for (const model of [twoBooks(), lockedModel(DEAD_LOCK)]) {
      for (const bookFirst of [false, true]) {
        const report = buildStatusReport(model, ROOT_URLS);
        const slugs = report.books.map((book) => book.slug);
        const order = bookFirst ? [...slugs, undefined] : [undefined, ...slugs];
        for (const round of [1, 2]) {
          for (const book of order) {
            const expected = whole(report, book);
            expect(renderStatusReportHtml(report, book === undefined ? {} : { book }), `${book ?? 'site'}, round ${round}`).toBe(expected);
          }
        }
      }
    }
  });

  it('shares only within one report: another report of other records writes its own', () => {
    const first = buildStatusReport(twoBooks(), ROOT_URLS);
    renderStatusReportHtml(first);
    const changed = twoBooks();
    changed.books[1]!.config.title = 'Go Notes, revised';
    const second = buildStatusReport(changed, ROOT_URLS);
    expect(renderStatusReportHtml(second, { book: 'go' })).toContain('Go Notes, revised');
    expect(renderStatusReportHtml(second, { book: 'go' })).not.toContain('of Go Notes:');
  });
});

describe('statusReportHtmlParts', () => {
  const whole = async (model: ReturnType<typeof twoBooks>, book?: string) => (await import('hast-util-to-html')).toHtml(statusReportHast(buildStatusReport(model, ROOT_URLS), book === undefined ? {} : { book }));

  for (const [name, model] of [
    ['two books', twoBooks()],
    ['a book with a sources lock', lockedModel(DEAD_LOCK)],
  ] as const) {
    it(`writes each chapter's parts ahead from that chapter alone, and the report pages use them to the same bytes (${name})`, async () => {
      const offered = model.books.flatMap((book) => book.chapters.flatMap((chapter) => statusReportHtmlParts(makeModel([{ ...book, chapters: [chapter] }]), ROOT_URLS)));
      const report = buildStatusReport(model, ROOT_URLS);
      for (const book of [undefined, ...model.books.map((entry) => entry.slug)]) {
        const { memo, counts } = countingMemo(offered);
        expect(renderStatusReportHtml(report, book === undefined ? {} : { book }, { parts: memo }), book ?? 'site').toBe(await whole(model, book));
        // Every chapter's row, chart, attention, leads and sources parts are its own: found written.
        expect(counts.hits, book ?? 'site').toBeGreaterThan(counts.misses);
      }
    });
  }

  it('finds every part but the review list by the chapter without what awaits review, whose handles are unique across the model', () => {
    const model = twoBooks();
    const report = buildStatusReport(model, ROOT_URLS);
    const offered = statusReportHtmlParts(model, ROOT_URLS);
    const { memo, counts } = countingMemo(offered);
    renderStatusReportHtml(report, {}, { parts: memo });
    expect(counts).toEqual({ hits: offered.length, misses: 0 });
    expect(new Set(offered.map(([key]) => key.split(':')[0]))).toEqual(new Set(['chapter', 'chart', 'attention', 'leads', 'review']));
    // Another handle for one item: only that chapter's review part is written again.
    const moved = structuredClone(report);
    const chapter = moved.books.flatMap((book) => book.chapters).find((entry) => entry.awaitingReview.items.length > 0)!;
    chapter.awaitingReview.items[0]!.handle = 'l0000.0000';
    const again = countingMemo(offered);
    const html = renderStatusReportHtml(moved, {}, { parts: again.memo });
    expect(again.counts.misses).toBe(1);
    expect(html).toContain('l0000.0000');
  });

  it('a part offered for other content is never used: keys are digests of the chapter', () => {
    const model = twoBooks();
    const fresh = renderStatusReportHtml(buildStatusReport(model, ROOT_URLS), {}, { parts: new Map() });
    const wrong = statusReportHtmlParts(model, ROOT_URLS).map(([key]) => [key, '<p>tampered</p>'] as const);
    // Every key of this report is offered with other HTML: the offer is used (same keys), so it shows.
    expect(renderStatusReportHtml(buildStatusReport(model, ROOT_URLS), {}, { parts: new Map(wrong) })).toContain('<p>tampered</p>');
    // An edited chapter has other keys: none of the offered parts is used for it.
    const edited = twoBooks();
    edited.books[1]!.chapters[0]!.frontmatter.title = 'Intro, revised';
    const stale = new Map(statusReportHtmlParts(model, ROOT_URLS));
    const html = renderStatusReportHtml(buildStatusReport(edited, ROOT_URLS), {}, { parts: stale });
    expect(html).toBe(renderStatusReportHtml(buildStatusReport(edited, ROOT_URLS), {}, { parts: new Map() }));
    expect(html).toContain('Intro, revised');
    expect(html).not.toBe(fresh);
  });
});
