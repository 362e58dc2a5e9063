/**
 * The status report across books (`/research/`) or for one book
 * (`/research/books/<book>/`), and its `report.json`. The report is built by
 * `buildStatusReport` (`status-report-data.ts`) and rendered as JSON here, as
 * Markdown (`status-report-markdown.ts`) and as an HTML page
 * (`status-report-html.ts`).
 */
import { jsonArtifact } from '../markup/json.js';
import type { StatusReport } from '../schema/status-report.js';

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
 * @returns JSON with two-space indentation and a final newline (`<` escaped, see `markup/json.ts`).
 */
export function renderStatusReportJson(report: StatusReport, scope: StatusReportScope = {}): string {
  return jsonArtifact(scopeStatusReport(report, scope));
}
