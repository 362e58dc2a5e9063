/**
 * The status report as an HTML page body: the totals, a table of books (for
 * the report across books), and per book its chapters, one accessible SVG
 * chart per chapter (`chart.ts`), the claims needing attention, the leads
 * awaiting verification, its sources with what the sources lock says of each,
 * and the claims flagged for review because of them; tables link to each
 * pack and claim. Built as hast, so every recorded string is text.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { dataTable, headedRow, labelledSection, timeElement, type HastChild } from '../markup/hast.js';
import { STATUS_WORD } from '../model/words.js';
import type { StatusReport, StatusReportBook } from '../schema/status-report.js';
import { statusChart } from './chart.js';
import { factHast, type FactPart } from './source-facts.js';
import { awaitingReviewSection } from './status-report-review.js';
import { scopeStatusReport, type StatusReportScope } from './status-report.js';
import {
  ATTENTION_COLUMNS,
  BOOK_COLUMNS,
  CHAPTER_COLUMNS,
  FLAGGED_COLUMNS,
  LEAD_COLUMNS,
  NOTHING_RECORDED,
  SOURCE_COLUMNS,
  STATUS_REPORT_INTRO,
  chapterCounts,
  chapterLabel,
  flaggedClaims,
  flaggedReason,
  hasSourcesLock,
  passText,
  showsSources,
  sourceRows,
  sourcesLine,
  totalsCells,
  totalsLine,
} from './status-report-wording.js';

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
    h('p', [STATUS_REPORT_INTRO, ' As of ', timeElement(data.asOf), '.']),
    h('p', { className: ['rp-report-totals'] }, totalsLine(data.totals)),
    h('p', ['Download: ', h('a', { href: `${data.url}report.json`, download: 'report.json' }, 'report.json'), ', ', h('a', { href: `${data.url}report.md`, download: 'report.md' }, 'report.md'), '.']),
  ];
  if (!single) {
    children.push(
      labelledSection('h2', 'rp-report-books', 'Books', [
        data.books.length === 0
          ? h('p', NOTHING_RECORDED.books)
          : table(
              'Totals per book',
              BOOK_COLUMNS,
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
  sharing = true;
  try {
    // The only raw nodes in the tree are the shared parts' own HTML (see `shared`).
    return toHtml(statusReportHast(report, scope), { allowDangerousHtml: true });
  } finally {
    sharing = false;
  }
}

/** Whether `statusReportHast` is building for `renderStatusReportHtml`, which shares a book's parts between the site's report and the book's. */
let sharing = false;

/** The HTML of each book's parts, once written: the site's report page and the book's hold the same charts and tables. */
const sharedParts = new WeakMap<StatusReportBook, Map<string, string>>();

/**
 * A part of a book's report that the site's report and the book's report
 * hold alike (a chart list, a table): written to HTML the first time and
 * put in the tree as that HTML after, when the tree is for
 * `renderStatusReportHtml`. An element is written the same alone as in its
 * tree (its content does not depend on what is around it), so the page's
 * bytes are the same either way.
 */
function shared(book: StatusReportBook, key: string, make: () => Element): ElementContent {
  if (!sharing) return make();
  let parts = sharedParts.get(book);
  if (!parts) sharedParts.set(book, (parts = new Map()));
  let html = parts.get(key);
  if (html === undefined) parts.set(key, (html = toHtml(make())));
  return { type: 'raw', value: html } as unknown as ElementContent;
}

function bookHast(book: StatusReportBook, single: boolean): Element[] {
  const heading = single ? 'h2' : 'h3';
  const prefix = `rp-report-${book.slug}`;
  const part = (id: string, title: string, content: ElementContent[]) => labelledSection(heading, `${prefix}-${id}`, title, content);
  const packLink = (chapter: StatusReportBook['chapters'][number]) => h('a', { href: chapter.urls.pack }, chapterLabel(chapter));
  const chapters = part('chapters', 'Chapters', [
    book.chapters.length === 0
      ? h('p', NOTHING_RECORDED.chapters)
      : shared(book, 'chapters', () =>
          table(
            `Chapters of ${book.title}: claims by status, open work and the latest research pass`,
            CHAPTER_COLUMNS,
            book.chapters.map((chapter) => [packLink(chapter), ...chapterCounts(chapter), passText(chapter)]),
          ),
        ),
  ]);
  const charts = part(
    'charts',
    'Claims by status, per chapter',
    book.chapters.length === 0
      ? [h('p', NOTHING_RECORDED.chapters)]
      : [
          shared(book, 'charts', () =>
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
          ),
        ],
  );
  const attentionRows = () => book.chapters.flatMap((chapter) =>
    chapter.attention.map((claim) => [
      h('a', { href: claim.url }, claim.id),
      packLink(chapter),
      STATUS_WORD[claim.status],
      claim.priority,
      claim.response,
      h('q', claim.text),
    ]),
  );
  const attention = part('attention', 'Claims needing attention', [
    book.chapters.every((chapter) => chapter.attention.length === 0)
      ? h('p', NOTHING_RECORDED.attention)
      : shared(book, 'attention', () => table(`Claims of ${book.title} that are not (or no longer) supported`, ATTENTION_COLUMNS, attentionRows())),
  ]);
  const leadRows = () => book.chapters.flatMap((chapter) =>
    chapter.leads.map((lead) => [lead.id, packLink(chapter), lead.claims.join(', '), `${lead.relation}, ${lead.class}`, lead.source, timeElement(lead.recorded)]),
  );
  const leads = part('leads', 'Leads awaiting verification', [
    book.chapters.every((chapter) => chapter.leads.length === 0)
      ? h('p', NOTHING_RECORDED.leads)
      : shared(book, 'leads', () => table(`Leads recorded for ${book.title}, not yet verified`, LEAD_COLUMNS, leadRows())),
  ]);
  const review = awaitingReviewSection(book, heading, `${prefix}-review`);
  const parts = [chapters, charts, attention, leads, review, ...sourcesHast(book, part, packLink)];
  if (single) return parts;
  return [h('section', { ariaLabelledBy: `${prefix}-title` }, [h('h2', { id: `${prefix}-title` }, [h('a', { href: book.url }, book.title)]), ...parts])];
}

type Part = (id: string, title: string, content: ElementContent[]) => Element;
type PackLink = (chapter: StatusReportBook['chapters'][number]) => Element;

/** The book's sources as its lock records them, and the claims flagged because of them (only with a lock); nothing when the lock was not read. */
function sourcesHast(book: StatusReportBook, part: Part, packLink: PackLink): Element[] {
  if (!showsSources(book)) return [];
  const sourceRowsHast = sourceRows(book).map((row) => [
    [h('a', { href: `${row.chapter.urls.pack}#rp-source-${row.entry.id}` }, row.entry.id), ': ', h('cite', row.entry.title)],
    packLink(row.chapter),
    lines(row.url),
    lines(row.identifiers),
  ]);
  const sources = part('sources', 'Sources', [
    h('p', { className: ['rp-report-sources'] }, sourcesLine(book)),
    ...(hasSourcesLock(book) && sourceRowsHast.length > 0
      ? [shared(book, 'sources', () => table(`Sources of ${book.title}: link health, archived copies, changes and newer versions, as the sources lock records them`, SOURCE_COLUMNS, sourceRowsHast))]
      : []),
  ]);
  if (!hasSourcesLock(book)) return [sources];
  const flaggedRows = flaggedClaims(book).map(({ chapter, claim }) => [
    h('a', { href: claim.url }, claim.id),
    packLink(chapter),
    STATUS_WORD[claim.status],
    flaggedReason(claim),
    claim.review.sources.flatMap((source, index) => [...(index === 0 ? [] : [', ']), h('a', { href: `${chapter.urls.pack}#rp-source-${source.id}` }, source.id), ` (${source.why})`]),
    h('q', claim.text),
  ]);
  const flagged = part('flagged', 'Claims flagged for review', [
    flaggedRows.length === 0
      ? h('p', NOTHING_RECORDED.flagged)
      : shared(book, 'flagged', () => table(`Claims of ${book.title} whose validated evidence rests only on dead or changed sources`, FLAGGED_COLUMNS, flaggedRows)),
  ]);
  return [sources, flagged];
}

/** Lines of parts, one under the other; `none recorded` for none. */
function lines(parts: readonly FactPart[][]): HastChild[] {
  if (parts.length === 0) return ['none recorded'];
  return parts.flatMap((line, index) => [...(index === 0 ? [] : [h('br')]), ...factHast(line)]);
}


/** A report table: the first cell of each row heads it. */
function table(caption: string, columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<HastChild | readonly HastChild[]>>): Element {
  return dataTable('rp-report-table', caption, columns, rows.map(headedRow));
}
