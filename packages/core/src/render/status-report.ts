/**
 * The research report across books (`/research/`) or for one book
 * (`/research/books/<book>/`): per chapter, claims by status, leads awaiting
 * verification, sources not read in full, notebooks never run or failing,
 * and the latest research pass and whether it read the current revision.
 * Rendered from `StatusReport` (`buildStatusReport`) as JSON, Markdown and HTML with
 * one accessible SVG chart per chapter; tables link to each pack and claim.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { jsonArtifact } from '../markup/json.js';
import { escapeMarkdown, escapeTableCell, markdownTable, siteLinkText } from '../markup/markdown.js';
import { statusChart } from './chart.js';
import { scrollableTable } from './pack-html.js';
import { statusKey } from '../model/queries.js';
import { DISPLAY_STATUSES, STATUS_WORD, plural } from '../model/words.js';
import type { StatusReportBook, StatusReportChapter, StatusReport, StatusReportTotals } from '../schema/status-report.js';

/** Which books a report covers: all of them, or one by slug. */
export type StatusReportScope = { book?: string };

/**
 * Narrow a report to one book: its chapters, its totals and its page URL.
 * @param report the full report.
 * @param scope `{}` for every book, `{ book }` for one.
 * @returns the report for that scope.
 * @throws Error naming the book when it is not in the report.
 */
export function scopeStatusReport(report: StatusReport, scope: StatusReportScope = {}): StatusReport {
  if (scope.book === undefined) return report;
  const book = report.books.find((candidate) => candidate.slug === scope.book);
  if (book === undefined) {
    throw new Error(`Unknown book "${scope.book}". Known books: ${report.books.map((b) => b.slug).join(', ') || 'none'}.`);
  }
  return { ...report, url: book.url, totals: book.totals, books: [book] };
}

/**
 * `report.json`.
 * @param report from `buildStatusReport`.
 * @param scope every book (default) or one.
 * @returns JSON with two-space indentation and a final newline (`<` escaped, see `json-text.ts`).
 */
export function renderStatusReportJson(report: StatusReport, scope: StatusReportScope = {}): string {
  return jsonArtifact(scopeStatusReport(report, scope));
}

const STATUS_HEADERS = DISPLAY_STATUSES.map((status) => capitalize(STATUS_WORD[status]));
/** Columns of the books table (Markdown and HTML): the book, then `totalsCells`. */
const BOOK_HEADERS = ['Book', 'Chapters', 'Claims', ...STATUS_HEADERS, 'Leads', 'Not read in full', 'Never run', 'Failing', 'Never researched', 'Older revision'];
/** Columns of a book's chapters table: the chapter, `chapterCounts`, then its latest pass. */
const CHAPTER_HEADERS = ['Chapter', 'Claims', ...STATUS_HEADERS, 'Leads', 'Not read in full', 'Never run', 'Failing', 'Latest research pass'];

/**
 * `report.md`.
 * @param report from `buildStatusReport`.
 * @param scope every book (default) or one.
 * @returns Markdown with a final newline; every recorded string escaped.
 */
export function renderStatusReportMarkdown(report: StatusReport, scope: StatusReportScope = {}): string {
  const data = scopeStatusReport(report, scope);
  const single = scope.book !== undefined;
  const title = single ? `Research report: ${escapeMarkdown(data.books[0]!.title)}` : 'Research report';
  const blocks = [`# ${title}`, `${intro()} As of ${data.asOf}.`, totalsLine(data.totals)];
  if (!single) {
    blocks.push(
      '## Books',
      data.books.length === 0
        ? 'No books are recorded.'
        : markdownTable(
            BOOK_HEADERS,
            data.books.map((book) => [siteLinkText(book.title, book.url), ...totalsCells(book.totals)]),
          ),
    );
  }
  for (const book of data.books) {
    const level = single ? '##' : '###';
    if (!single) blocks.push(`## ${escapeMarkdown(book.title)}`);
    blocks.push(`${level} Chapters`, chapterTable(book));
    blocks.push(`${level} Claims needing attention`, attentionTable(book));
    blocks.push(`${level} Leads awaiting verification`, leadsTable(book));
  }
  return `${blocks.join('\n\n')}\n`;
}

function intro(): string {
  return 'The state of research on every chapter, assembled from the recorded sidecars: claims by status, leads awaiting verification, sources not read in full, notebooks never run or failing, and whether the latest research pass read the current revision.';
}

function totalsLine(totals: StatusReportTotals): string {
  const claims = DISPLAY_STATUSES.map((status) => `${totals.claims[statusKey(status)]} ${STATUS_WORD[status]}`).join(', ');
  return `${plural(totals.chapters, 'chapter')}, ${plural(totals.claims.total, 'claim')} (${claims}); ${plural(totals.leads, 'lead')} awaiting verification; ${plural(totals.sourcesNotReadInFull, 'source')} not read in full; ${plural(totals.notebooksNeverRun, 'notebook')} never run and ${totals.notebooksFailing} failing; ${plural(totals.chaptersNeverResearched, 'chapter')} never researched and ${totals.chaptersResearchedOnOlderRevision} last researched on an older revision.`;
}

function chapterCounts(chapter: StatusReportChapter): string[] {
  return [
    String(chapter.claims.total),
    ...DISPLAY_STATUSES.map((status) => String(chapter.claims[statusKey(status)])),
    String(chapter.leads.length),
    String(chapter.sourcesNotReadInFull.length),
    String(chapter.notebooks.neverRun.length),
    String(chapter.notebooks.failing.length),
  ];
}

function totalsCells(totals: StatusReportTotals): string[] {
  return [
    String(totals.chapters),
    String(totals.claims.total),
    ...DISPLAY_STATUSES.map((status) => String(totals.claims[statusKey(status)])),
    String(totals.leads),
    String(totals.sourcesNotReadInFull),
    String(totals.notebooksNeverRun),
    String(totals.notebooksFailing),
    String(totals.chaptersNeverResearched),
    String(totals.chaptersResearchedOnOlderRevision),
  ];
}

function chapterTable(book: StatusReportBook): string {
  if (book.chapters.length === 0) return 'No chapters are recorded for this book.';
  return markdownTable(
    CHAPTER_HEADERS,
    book.chapters.map((chapter) => [
      siteLinkText(`${chapter.number}. ${chapter.title}`, chapter.urls.pack),
      ...chapterCounts(chapter),
      escapeTableCell(passText(chapter)),
    ]),
  );
}

function attentionTable(book: StatusReportBook): string {
  const rows = book.chapters.flatMap((chapter) =>
    chapter.attention.map((claim) => [
      siteLinkText(claim.id, claim.url),
      siteLinkText(`${chapter.number}. ${chapter.title}`, chapter.urls.pack),
      STATUS_WORD[claim.status],
      claim.priority,
      claim.response,
      escapeTableCell(claim.text),
    ]),
  );
  if (rows.length === 0) return 'Every recorded claim is supported and current.';
  return markdownTable(['Claim', 'Chapter', 'Status', 'Priority', 'Proposed response', 'Text'], rows);
}

function leadsTable(book: StatusReportBook): string {
  const rows = book.chapters.flatMap((chapter) =>
    chapter.leads.map((lead) => [
      escapeTableCell(lead.id),
      siteLinkText(`${chapter.number}. ${chapter.title}`, chapter.urls.pack),
      lead.claims.map(escapeTableCell).join(', '),
      `${lead.relation}, ${lead.class}`,
      escapeTableCell(lead.source),
      lead.recorded,
    ]),
  );
  if (rows.length === 0) return 'No leads are awaiting verification.';
  return markdownTable(['Lead', 'Chapter', 'Claims', 'Relation, class', 'Source', 'Recorded'], rows);
}

/**
 * The report page body as hast.
 * @param report from `buildStatusReport`.
 * @param scope every book (default) or one.
 * @returns a hast root holding one `<article class="rp-report">`.
 */
export function statusReportHast(report: StatusReport, scope: StatusReportScope = {}): Root {
  const data = scopeStatusReport(report, scope);
  const single = scope.book !== undefined;
  const title = single ? `Research report: ${data.books[0]!.title}` : 'Research report';
  const children: ElementContent[] = [
    h('h1', { id: 'rp-report-title' }, title),
    h('p', [intro(), ' As of ', h('time', { dateTime: data.asOf }, data.asOf), '.']),
    h('p', { className: ['rp-report-totals'] }, totalsLine(data.totals)),
    h('p', ['Download: ', h('a', { href: `${data.url}report.json`, download: 'report.json' }, 'report.json'), ', ', h('a', { href: `${data.url}report.md`, download: 'report.md' }, 'report.md'), '.']),
  ];
  if (!single) {
    children.push(
      h('section', { ariaLabelledBy: 'rp-report-books' }, [
        h('h2', { id: 'rp-report-books' }, 'Books'),
        data.books.length === 0
          ? h('p', 'No books are recorded.')
          : table(
              'Totals per book',
              BOOK_HEADERS,
              data.books.map((book) => [h('a', { href: book.url }, book.title), ...totalsCells(book.totals)]),
            ),
      ]),
    );
  }
  for (const book of data.books) children.push(...bookHast(book, single));
  return { type: 'root', children: [h('article', { className: ['rp-report'], ariaLabelledBy: 'rp-report-title' }, children)] };
}

/**
 * The report page body as HTML.
 * @param report from `buildStatusReport`.
 * @param scope every book (default) or one.
 * @returns the HTML of the `<article>`; same inputs, same bytes.
 */
export function renderStatusReportHtml(report: StatusReport, scope: StatusReportScope = {}): string {
  return toHtml(statusReportHast(report, scope));
}

function bookHast(book: StatusReportBook, single: boolean): Element[] {
  const heading = single ? 'h2' : 'h3';
  const prefix = `rp-report-${book.slug}`;
  const part = (id: string, title: string, content: ElementContent[]) =>
    h('section', { ariaLabelledBy: `${prefix}-${id}` }, [h(heading, { id: `${prefix}-${id}` }, title), ...content]);
  const chapters = part('chapters', 'Chapters', [
    book.chapters.length === 0
      ? h('p', 'No chapters are recorded for this book.')
      : table(
          `Chapters of ${book.title}: claims by status, open work and the latest research pass`,
          CHAPTER_HEADERS,
          book.chapters.map((chapter) => [
            h('a', { href: chapter.urls.pack }, `${chapter.number}. ${chapter.title}`),
            ...chapterCounts(chapter),
            passText(chapter),
          ]),
        ),
  ]);
  const charts = part(
    'charts',
    'Claims by status, per chapter',
    book.chapters.length === 0
      ? [h('p', 'No chapters are recorded for this book.')]
      : [
          h(
            'ul',
            { className: ['rp-charts'] },
            book.chapters.map((chapter) =>
              h('li', [
                h('figure', [
                  statusChart(chapter.claims, { id: `rp-chart-${book.slug}-${chapter.slug}`, label: `Chapter ${chapter.number}: ${chapter.title}` }),
                  h('figcaption', [h('a', { href: chapter.urls.pack }, `Chapter ${chapter.number}: ${chapter.title}`)]),
                ]),
              ]),
            ),
          ),
        ],
  );
  const attentionRows = book.chapters.flatMap((chapter) =>
    chapter.attention.map((claim) => [
      h('a', { href: claim.url }, claim.id),
      h('a', { href: chapter.urls.pack }, `${chapter.number}. ${chapter.title}`),
      STATUS_WORD[claim.status],
      claim.priority,
      claim.response,
      h('q', claim.text),
    ]),
  );
  const attention = part('attention', 'Claims needing attention', [
    attentionRows.length === 0
      ? h('p', 'Every recorded claim is supported and current.')
      : table(`Claims of ${book.title} that are not (or no longer) supported`, ['Claim', 'Chapter', 'Status', 'Priority', 'Proposed response', 'Text'], attentionRows),
  ]);
  const leadRows = book.chapters.flatMap((chapter) =>
    chapter.leads.map((lead) => [
      lead.id,
      h('a', { href: chapter.urls.pack }, `${chapter.number}. ${chapter.title}`),
      lead.claims.join(', '),
      `${lead.relation}, ${lead.class}`,
      lead.source,
      h('time', { dateTime: lead.recorded }, lead.recorded),
    ]),
  );
  const leads = part('leads', 'Leads awaiting verification', [
    leadRows.length === 0
      ? h('p', 'No leads are awaiting verification.')
      : table(`Leads recorded for ${book.title}, not yet verified`, ['Lead', 'Chapter', 'Claims', 'Relation, class', 'Source', 'Recorded'], leadRows),
  ]);
  if (single) return [chapters, charts, attention, leads];
  return [h('section', { ariaLabelledBy: `${prefix}-title` }, [h('h2', { id: `${prefix}-title` }, [h('a', { href: book.url }, book.title)]), chapters, charts, attention, leads])];
}

/** A table whose first cell in each row is a row header, in a scroll container. */
function table(caption: string, columns: readonly string[], rows: readonly (readonly (ElementContent | string)[])[]): Element {
  return scrollableTable('rp-report-table', caption, [
    h('thead', h('tr', columns.map((label) => h('th', { scope: 'col' }, label)))),
    h(
      'tbody',
      rows.map(([first, ...rest]) => h('tr', [h('th', { scope: 'row' }, first ?? ''), ...rest.map((cell) => h('td', cell))])),
    ),
  ]);
}

function passText(chapter: StatusReportChapter): string {
  const pass = chapter.lastPass;
  if (pass === null) return 'none recorded';
  const revision =
    pass.readsCurrentRevision === null
      ? 'revision read not recorded'
      : pass.readsCurrentRevision
        ? 'read the current revision'
        : 'read an older revision';
  return `${pass.date} by ${pass.by}; ${revision}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
