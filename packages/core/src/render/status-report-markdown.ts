/**
 * The status report as Markdown (`report.md`): the totals, a table of books
 * (for the report across books), and per book its chapters, the claims
 * needing attention and the leads awaiting verification, linked to each pack
 * and claim. Every recorded string is escaped.
 */
import { escapeMarkdown, escapeTableCell, markdownTable, siteLinkText } from '../markup/markdown.js';
import { STATUS_WORD } from '../model/words.js';
import type { StatusReport, StatusReportBook } from '../schema/status-report.js';
import { scopeStatusReport, type StatusReportScope } from './status-report.js';
import {
  ATTENTION_COLUMNS,
  BOOK_COLUMNS,
  CHAPTER_COLUMNS,
  LEAD_COLUMNS,
  NOTHING_RECORDED,
  STATUS_REPORT_INTRO,
  chapterCounts,
  chapterLabel,
  passText,
  totalsCells,
  totalsLine,
} from './status-report-wording.js';

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
  const blocks = [`# ${title}`, `${STATUS_REPORT_INTRO} As of ${data.asOf}.`, totalsLine(data.totals)];
  if (!single) {
    blocks.push(
      '## Books',
      data.books.length === 0
        ? NOTHING_RECORDED.books
        : markdownTable(
            BOOK_COLUMNS,
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

function chapterTable(book: StatusReportBook): string {
  if (book.chapters.length === 0) return NOTHING_RECORDED.chapters;
  return markdownTable(
    CHAPTER_COLUMNS,
    book.chapters.map((chapter) => [siteLinkText(chapterLabel(chapter), chapter.urls.pack), ...chapterCounts(chapter), escapeTableCell(passText(chapter))]),
  );
}

function attentionTable(book: StatusReportBook): string {
  const rows = book.chapters.flatMap((chapter) =>
    chapter.attention.map((claim) => [
      siteLinkText(claim.id, claim.url),
      siteLinkText(chapterLabel(chapter), chapter.urls.pack),
      STATUS_WORD[claim.status],
      claim.priority,
      claim.response,
      escapeTableCell(claim.text),
    ]),
  );
  if (rows.length === 0) return NOTHING_RECORDED.attention;
  return markdownTable(ATTENTION_COLUMNS, rows);
}

function leadsTable(book: StatusReportBook): string {
  const rows = book.chapters.flatMap((chapter) =>
    chapter.leads.map((lead) => [
      escapeTableCell(lead.id),
      siteLinkText(chapterLabel(chapter), chapter.urls.pack),
      lead.claims.map(escapeTableCell).join(', '),
      `${lead.relation}, ${lead.class}`,
      escapeTableCell(lead.source),
      lead.recorded,
    ]),
  );
  if (rows.length === 0) return NOTHING_RECORDED.leads;
  return markdownTable(LEAD_COLUMNS, rows);
}
