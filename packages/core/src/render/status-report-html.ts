/**
 * The status report as an HTML page body: the totals, a table of books (for
 * the report across books), and per book its chapters, one accessible SVG
 * chart per chapter (`chart.ts`), the claims needing attention, the leads
 * awaiting verification, its sources with what the sources lock says of each,
 * and the claims flagged for review because of them; tables link to each
 * pack and claim. Built as hast, so every recorded string is text.
 */
import { createHash } from 'node:crypto';
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { dataTable, headedRow, labelledSection, timeElement, type HastChild } from '../markup/hast.js';
import type { RowMemo } from '../markup/markdown.js';
import type { ResearchModel } from '../model/types.js';
import type { SiteUrls } from '../site/urls.js';
import { STATUS_WORD } from '../model/words.js';
import type { StatusReport, StatusReportBook, StatusReportChapter } from '../schema/status-report.js';
import { buildStatusReport } from './status-report-data.js';
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
              data.books.map((book) => headedRow([h('a', { href: book.url }, book.title), ...totalsCells(book.totals)])),
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
 * @param options `parts`: each chapter's parts of the page (its table rows, its chart) written before, by a digest of what they are made of (a build keeps them across builds and has its workers write them ahead: `statusReportHtmlParts`); else those of this report's other pages.
 * @returns the HTML of the `<article>`; same inputs, same bytes.
 */
export function renderStatusReportHtml(report: StatusReport, scope: StatusReportScope = {}, options: { parts?: RowMemo | undefined } = {}): string {
  let parts = options.parts ?? partsOf.get(report);
  if (!parts) partsOf.set(report, (parts = new Map()));
  const outer = partMemo;
  partMemo = parts;
  try {
    // The only raw nodes in the tree are the chapters' parts, written here (see `chapterPart`).
    return toHtml(statusReportHast(report, scope), { allowDangerousHtml: true });
  } finally {
    partMemo = outer;
  }
}

/**
 * Each chapter's parts of a model's report page, as `renderStatusReportHtml`
 * looks them up in its `parts`: by a digest of the chapter's report data, so
 * a part written ahead is used exactly where the report holds the same
 * chapter. A build's workers write them from a model of one chapter, while
 * the pages build, and the report pages find them written.
 * @param model a research model (one chapter's, for instance).
 * @param urls where the site's pages live, as the report pages are rendered with (root-relative).
 * @returns the parts' keys and HTML.
 */
export function statusReportHtmlParts(model: ResearchModel, urls?: SiteUrls): Array<[key: string, html: string]> {
  const parts = new Map<string, string>();
  renderStatusReportHtml(buildStatusReport(model, urls), {}, { parts });
  return [...parts];
}

/** The parts written for a report: its site page and each book's page hold the same chapters' parts, written once. */
const partsOf = new WeakMap<StatusReport, RowMemo>();

/** The parts of the `renderStatusReportHtml` call under way; undefined while `statusReportHast` builds a tree of elements only. */
let partMemo: RowMemo | undefined;

/** Digests of each chapter's report data and its book's slug, which every part of the chapter is made from alone (see `chapterPart`). */
const chapterDigests = new WeakMap<StatusReportChapter, { parts: string; review: string }>();

/**
 * One chapter's part of a section (its row of a table, its rows, its
 * chart): written to HTML, or taken as written, and put in the tree as that
 * HTML, when the tree is for `renderStatusReportHtml`. A part is made from
 * the chapter's data and its book's slug alone, and an element is written
 * the same alone as in its tree, so the page's bytes are the same either
 * way. Only the review part reads what awaits review, whose handles are
 * unique across the model (a chapter's alone can have shorter ones): the
 * other parts are found by a digest without it.
 * @param book the chapter's book.
 * @param chapter the chapter.
 * @param name which part.
 * @param make the part's elements (none for a chapter with nothing in it).
 * @returns the elements, or one raw node of their HTML.
 */
function chapterPart(book: StatusReportBook, chapter: StatusReportChapter, name: string, make: () => Element[]): ElementContent[] {
  const memo = partMemo;
  if (!memo) return make();
  let digests = chapterDigests.get(chapter);
  if (!digests) {
    const { awaitingReview, ...rest } = chapter;
    const parts = createHash('sha256').update(JSON.stringify([book.slug, rest])).digest('base64url');
    chapterDigests.set(chapter, (digests = { parts, review: createHash('sha256').update(parts).update(JSON.stringify(awaitingReview)).digest('base64url') }));
  }
  const key = `${name}:${name === 'review' ? digests.review : digests.parts}`;
  let html = memo.get(key);
  if (html === undefined) memo.set(key, (html = toHtml(make())));
  return html === '' ? [] : [{ type: 'raw', value: html } as unknown as ElementContent];
}

function bookHast(book: StatusReportBook, single: boolean): Element[] {
  const heading = single ? 'h2' : 'h3';
  const prefix = `rp-report-${book.slug}`;
  const part = (id: string, title: string, content: ElementContent[]) => labelledSection(heading, `${prefix}-${id}`, title, content);
  const each = (name: string, make: (chapter: StatusReportChapter) => Element[]) => book.chapters.flatMap((chapter) => chapterPart(book, chapter, name, () => make(chapter)));
  const chapters = part('chapters', 'Chapters', [
    book.chapters.length === 0
      ? h('p', NOTHING_RECORDED.chapters)
      : table(
          `Chapters of ${book.title}: claims by status, open work and the latest research pass`,
          CHAPTER_COLUMNS,
          each('chapter', (chapter) => [headedRow([packLink(chapter), ...chapterCounts(chapter), passText(chapter)])]),
        ),
  ]);
  const charts = part(
    'charts',
    'Claims by status, per chapter',
    book.chapters.length === 0
      ? [h('p', NOTHING_RECORDED.chapters)]
      : [
          h(
            'ul',
            { className: ['rp-charts'] },
            each('chart', (chapter) => [
              h('li', [
                h('figure', [
                  statusChart(chapter.claims, { id: `rp-chart-${book.slug}-${chapter.slug}`, label: `Chapter ${chapter.number}: ${chapter.title}` }),
                  h('figcaption', [h('a', { href: chapter.urls.pack }, `Chapter ${chapter.number}: ${chapter.title}`)]),
                ]),
              ]),
            ]),
          ),
        ],
  );
  const attention = part('attention', 'Claims needing attention', [
    book.chapters.every((chapter) => chapter.attention.length === 0)
      ? h('p', NOTHING_RECORDED.attention)
      : table(
          `Claims of ${book.title} that are not (or no longer) supported`,
          ATTENTION_COLUMNS,
          each('attention', (chapter) =>
            chapter.attention.map((claim) => headedRow([h('a', { href: claim.url }, claim.id), packLink(chapter), STATUS_WORD[claim.status], claim.priority, claim.response, h('q', claim.text)])),
          ),
        ),
  ]);
  const leads = part('leads', 'Leads awaiting verification', [
    book.chapters.every((chapter) => chapter.leads.length === 0)
      ? h('p', NOTHING_RECORDED.leads)
      : table(
          `Leads recorded for ${book.title}, not yet verified`,
          LEAD_COLUMNS,
          each('leads', (chapter) => chapter.leads.map((lead) => headedRow([lead.id, packLink(chapter), lead.claims.join(', '), `${lead.relation}, ${lead.class}`, lead.source, timeElement(lead.recorded)]))),
        ),
  ]);
  const review = awaitingReviewSection(book, heading, `${prefix}-review`, (chapter, make) => chapterPart(book, chapter, 'review', make));
  const parts = [chapters, charts, attention, leads, review, ...sourcesHast(book, part, each)];
  if (single) return parts;
  return [h('section', { ariaLabelledBy: `${prefix}-title` }, [h('h2', { id: `${prefix}-title` }, [h('a', { href: book.url }, book.title)]), ...parts])];
}

type Part = (id: string, title: string, content: ElementContent[]) => Element;
type Each = (name: string, make: (chapter: StatusReportChapter) => Element[]) => ElementContent[];

/** A link to a chapter's pack, named as the report's tables name chapters. */
function packLink(chapter: StatusReportChapter): Element {
  return h('a', { href: chapter.urls.pack }, chapterLabel(chapter));
}

/** The book's sources as its lock records them, and the claims flagged because of them (only with a lock); nothing when the lock was not read. */
function sourcesHast(book: StatusReportBook, part: Part, each: Each): Element[] {
  if (!showsSources(book)) return [];
  const hasRows = book.chapters.some((chapter) => (chapter.sourceChecks?.sources.length ?? 0) > 0);
  const sources = part('sources', 'Sources', [
    h('p', { className: ['rp-report-sources'] }, sourcesLine(book)),
    ...(hasSourcesLock(book) && hasRows
      ? [
          table(
            `Sources of ${book.title}: link health, archived copies, changes and newer versions, as the sources lock records them`,
            SOURCE_COLUMNS,
            each('sources', (chapter) =>
              sourceRows({ chapters: [chapter] }).map((row) =>
                headedRow([[h('a', { href: `${row.chapter.urls.pack}#rp-source-${row.entry.id}` }, row.entry.id), ': ', h('cite', row.entry.title)], packLink(row.chapter), lines(row.url), lines(row.identifiers)]),
              ),
            ),
          ),
        ]
      : []),
  ]);
  if (!hasSourcesLock(book)) return [sources];
  const flagged = part('flagged', 'Claims flagged for review', [
    flaggedClaims(book).length === 0
      ? h('p', NOTHING_RECORDED.flagged)
      : table(
          `Claims of ${book.title} whose validated evidence rests only on dead or changed sources`,
          FLAGGED_COLUMNS,
          each('flagged', (chapter) =>
            flaggedClaims({ chapters: [chapter] }).map(({ claim }) =>
              headedRow([
                h('a', { href: claim.url }, claim.id),
                packLink(chapter),
                STATUS_WORD[claim.status],
                flaggedReason(claim),
                claim.review.sources.flatMap((source, index) => [...(index === 0 ? [] : [', ']), h('a', { href: `${chapter.urls.pack}#rp-source-${source.id}` }, source.id), ` (${source.why})`]),
                h('q', claim.text),
              ]),
            ),
          ),
        ),
  ]);
  return [sources, flagged];
}

/** Lines of parts, one under the other; `none recorded` for none. */
function lines(parts: readonly FactPart[][]): HastChild[] {
  if (parts.length === 0) return ['none recorded'];
  return parts.flatMap((line, index) => [...(index === 0 ? [] : [h('br')]), ...factHast(line)]);
}


/** A report table: its rows made with `headedRow` (the first cell of each heads it), or their HTML. */
function table(caption: string, columns: readonly string[], rows: ElementContent[]): Element {
  return dataTable('rp-report-table', caption, columns, rows as Element[]);
}
