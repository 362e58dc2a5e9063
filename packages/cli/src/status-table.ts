/**
 * The status report as a terminal table: one row per chapter.
 */
import type { StatusReport } from '@research-pack/core/schema';

const COLUMNS = ['chapter', 'claims', 'sup', 'qual', 'contra', 'unver', 'stale', 'due', 'leads', 'review', 'partial src', 'notebooks', 'last pass'] as const;

/**
 * Render the report as an aligned plain-text table.
 * @param report from `buildStatusReport`.
 * @returns the table, ending with a newline.
 */
export function renderStatusTable(report: StatusReport): string {
  const rows: string[][] = [];
  for (const book of report.books) {
    for (const chapter of book.chapters) {
      const s = chapter.claims;
      rows.push([
        `${book.slug}/${chapter.slug}`,
        String(s.total),
        String(s.supported),
        String(s.qualified),
        String(s.contradicted),
        String(s.unverified),
        String(s.stale),
        String(s.reviewDue),
        String(chapter.leads.length),
        String(chapter.awaitingReview.count),
        String(chapter.sourcesNotReadInFull.length),
        notebookCell(chapter),
        passCell(chapter),
      ]);
    }
  }
  const table = [[...COLUMNS], ...rows];
  const widths = COLUMNS.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
  const lines = table.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd());
  lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  return `${lines.join('\n')}\n`;
}

function notebookCell(chapter: StatusReport['books'][number]['chapters'][number]): string {
  const n = chapter.notebooks;
  if (n.total === 0) return '-';
  const parts = [`${n.total}`];
  if (n.neverRun.length > 0) parts.push(`${n.neverRun.length} never run`);
  if (n.failing.length > 0) parts.push(`${n.failing.length} failing`);
  return parts.join(', ');
}

function passCell(chapter: StatusReport['books'][number]['chapters'][number]): string {
  const pass = chapter.lastPass;
  if (!pass) return 'none';
  return `${pass.date}${pass.readsCurrentRevision === false ? ' (older revision)' : pass.readsCurrentRevision === true ? ' (current)' : ''}`;
}
