/**
 * The status report as Markdown (`report.md`): the totals, a table of books
 * (for the report across books), and per book its chapters, the claims
 * needing attention, the leads awaiting verification, its sources as the
 * sources lock records them and the claims flagged because of them, linked
 * to each pack and claim. Built as mdast (`markup/mdast.ts`) and written by
 * `markup/markdown.ts`, so every recorded string is escaped.
 */
import type { BlockContent, Root } from 'mdast';
import { writeMarkdown, type RowMemo } from '../markup/markdown.js';
import { heading, joined, paragraph, recorded, recordedCell, siteLinkText, table, type Inline } from '../markup/mdast.js';
import { STATUS_WORD } from '../model/words.js';
import type { ResearchModel } from '../model/types.js';
import type { SiteUrls } from '../site/urls.js';
import { buildStatusReport } from './status-report-data.js';
import type { StatusReport, StatusReportBook } from '../schema/status-report.js';
import { factMdast, type FactPart } from './source-facts.js';
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
 * `report.md`.
 * @param report from `buildStatusReport`.
 * @param scope every book (default) or one.
 * @param options `rows`: the table rows written before (a build keeps them across builds), else those of this report's other renders.
 * @returns Markdown with a final newline; every recorded string escaped.
 */
export function renderStatusReportMarkdown(report: StatusReport, scope: StatusReportScope = {}, options: { rows?: RowMemo | undefined } = {}): string {
  let rows = options.rows ?? rowsOf.get(report);
  if (!rows) rowsOf.set(report, (rows = new Map()));
  return writeMarkdown(statusReportTree(report, scope), { rows });
}

/**
 * The table rows of a model's status report, as `renderStatusReportMarkdown`
 * looks them up in its `rows`: by a digest of each row's content, so a row
 * written ahead is used exactly where the report holds the same row. A
 * build's workers write each chapter's rows from a model of that chapter
 * alone, while the pages build, and the report of the whole model finds
 * them written (its claims, leads and sources rows are the chapters' own).
 * @param model a research model (one chapter's, for instance).
 * @param urls where the site's pages live, as the report is rendered with.
 * @returns the rows' keys and lines.
 */
export function statusReportRows(model: ResearchModel, urls?: SiteUrls): Array<[key: string, line: string]> {
  const rows = new Map<string, string>();
  renderStatusReportMarkdown(buildStatusReport(model, urls), {}, { rows });
  return [...rows];
}

/** The table rows written for a report: the site's report and each book's hold the same rows, written once. */
const rowsOf = new WeakMap<StatusReport, RowMemo>();

/** The status report as mdast. */
function statusReportTree(report: StatusReport, scope: StatusReportScope = {}): Root {
  const data = scopeStatusReport(report, scope);
  const single = scope.book !== undefined;
  const blocks: BlockContent[] = [
    single ? heading(1, 'Research report: ', recorded(data.books[0]!.title)) : heading(1, 'Research report'),
    paragraph(`${STATUS_REPORT_INTRO} As of ${data.asOf}.`),
    paragraph(totalsLine(data.totals)),
  ];
  if (!single) {
    blocks.push(
      heading(2, 'Books'),
      data.books.length === 0
        ? paragraph(NOTHING_RECORDED.books)
        : table(
            BOOK_COLUMNS,
            data.books.map((book) => [[siteLinkText(book.title, book.url)], ...totalsCells(book.totals).map((cell) => [cell])]),
          ),
    );
  }
  for (const book of data.books) {
    const depth = single ? 2 : 3;
    if (!single) blocks.push(heading(2, recorded(book.title)));
    blocks.push(heading(depth, 'Chapters'), chapterTable(book));
    blocks.push(heading(depth, 'Claims needing attention'), attentionTable(book));
    blocks.push(heading(depth, 'Leads awaiting verification'), leadsTable(book));
    blocks.push(...sourcesBlocks(book, depth));
  }
  return { type: 'root', children: blocks };
}

function chapterTable(book: StatusReportBook): BlockContent {
  if (book.chapters.length === 0) return paragraph(NOTHING_RECORDED.chapters);
  return table(
    CHAPTER_COLUMNS,
    book.chapters.map((chapter) => [[siteLinkText(chapterLabel(chapter), chapter.urls.pack)], ...chapterCounts(chapter).map((cell) => [cell]), [recordedCell(passText(chapter))]]),
  );
}

function attentionTable(book: StatusReportBook): BlockContent {
  const rows = book.chapters.flatMap((chapter) =>
    chapter.attention.map((claim) => [
      [siteLinkText(claim.id, claim.url)],
      [siteLinkText(chapterLabel(chapter), chapter.urls.pack)],
      [STATUS_WORD[claim.status]],
      [claim.priority],
      [claim.response],
      [recordedCell(claim.text)],
    ]),
  );
  if (rows.length === 0) return paragraph(NOTHING_RECORDED.attention);
  return table(ATTENTION_COLUMNS, rows);
}

function leadsTable(book: StatusReportBook): BlockContent {
  const rows = book.chapters.flatMap((chapter) =>
    chapter.leads.map((lead): Inline[][] => [
      [recordedCell(lead.id)],
      [siteLinkText(chapterLabel(chapter), chapter.urls.pack)],
      lead.claims.flatMap((id, index): Inline[] => [...(index === 0 ? [] : [', ']), recordedCell(id)]),
      [`${lead.relation}, ${lead.class}`],
      [recordedCell(lead.source)],
      [lead.recorded],
    ]),
  );
  if (rows.length === 0) return paragraph(NOTHING_RECORDED.leads);
  return table(LEAD_COLUMNS, rows);
}

/** The book's sources as its lock records them, and the claims flagged because of them (only with a lock); nothing when the lock was not read. */
function sourcesBlocks(book: StatusReportBook, depth: 2 | 3): BlockContent[] {
  if (!showsSources(book)) return [];
  const blocks: BlockContent[] = [heading(depth, 'Sources'), paragraph(sourcesLine(book))];
  if (!hasSourcesLock(book)) return blocks;
  const rows = sourceRows(book).map((row): Inline[][] => [
    [siteLinkText(row.entry.id, `${row.chapter.urls.pack}#rp-source-${row.entry.id}`), ': ', recordedCell(row.entry.title)],
    [siteLinkText(chapterLabel(row.chapter), row.chapter.urls.pack)],
    lines(row.url),
    lines(row.identifiers),
  ]);
  if (rows.length > 0) blocks.push(table(SOURCE_COLUMNS, rows));
  const flagged = flaggedClaims(book).map(({ chapter, claim }): Inline[][] => [
    [siteLinkText(claim.id, claim.url)],
    [siteLinkText(chapterLabel(chapter), chapter.urls.pack)],
    [STATUS_WORD[claim.status]],
    [flaggedReason(claim)],
    joined(claim.review.sources.map((source) => [siteLinkText(source.id, `${chapter.urls.pack}#rp-source-${source.id}`), ` (${source.why})`]), ', '),
    [recordedCell(claim.text)],
  ]);
  blocks.push(heading(depth, 'Claims flagged for review'), flagged.length === 0 ? paragraph(NOTHING_RECORDED.flagged) : table(FLAGGED_COLUMNS, flagged));
  return blocks;
}

/** Lines of parts in one cell, separated by semicolons; `none recorded` for none. */
function lines(parts: readonly FactPart[][]): Inline[] {
  return parts.length === 0 ? ['none recorded'] : joined(parts.map(factMdast), '; ');
}
