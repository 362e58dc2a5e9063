/**
 * The words of the status report that its Markdown and its HTML page share:
 * the introduction, the totals sentence, the table columns and cells, the
 * latest research pass in a phrase, and what is said when a table is empty.
 */
import { statusKey } from '../model/queries.js';
import { DISPLAY_STATUSES, STATUS_WORD, plural } from '../model/words.js';
import type { StatusReportChapter, StatusReportTotals } from '../schema/status-report.js';

const STATUS_HEADERS = DISPLAY_STATUSES.map((status) => capitalize(STATUS_WORD[status]));

/** Columns of the books table: the book, then `totalsCells`. */
export const BOOK_COLUMNS: readonly string[] = ['Book', 'Chapters', 'Claims', ...STATUS_HEADERS, 'Leads', 'Not read in full', 'Never run', 'Failing', 'Never researched', 'Older revision'];

/** Columns of a book's chapters table: the chapter, `chapterCounts`, then its latest pass (`passText`). */
export const CHAPTER_COLUMNS: readonly string[] = ['Chapter', 'Claims', ...STATUS_HEADERS, 'Leads', 'Not read in full', 'Never run', 'Failing', 'Latest research pass'];

/** Columns of the table of claims needing attention. */
export const ATTENTION_COLUMNS: readonly string[] = ['Claim', 'Chapter', 'Status', 'Priority', 'Proposed response', 'Text'];

/** Columns of the table of leads awaiting verification. */
export const LEAD_COLUMNS: readonly string[] = ['Lead', 'Chapter', 'Claims', 'Relation, class', 'Source', 'Recorded'];

/** What the report says where a table would be empty. */
export const NOTHING_RECORDED = Object.freeze({
  books: 'No books are recorded.',
  chapters: 'No chapters are recorded for this book.',
  attention: 'Every recorded claim is supported and current.',
  leads: 'No leads are awaiting verification.',
});

/** The report's first paragraph, before its date. */
export const STATUS_REPORT_INTRO =
  'The state of research on every chapter, assembled from the recorded sidecars: claims by status, leads awaiting verification, sources not read in full, notebooks never run or failing, and whether the latest research pass read the current revision.';

/**
 * The totals of a report (or of one book) in one sentence.
 * @param totals the counts.
 * @returns e.g. `3 chapters, 22 claims (8 supported, …); 12 leads awaiting verification; …`.
 */
export function totalsLine(totals: StatusReportTotals): string {
  const claims = DISPLAY_STATUSES.map((status) => `${totals.claims[statusKey(status)]} ${STATUS_WORD[status]}`).join(', ');
  return `${plural(totals.chapters, 'chapter')}, ${plural(totals.claims.total, 'claim')} (${claims}); ${plural(totals.leads, 'lead')} awaiting verification; ${plural(totals.sourcesNotReadInFull, 'source')} not read in full; ${plural(totals.notebooksNeverRun, 'notebook')} never run and ${totals.notebooksFailing} failing; ${plural(totals.chaptersNeverResearched, 'chapter')} never researched and ${totals.chaptersResearchedOnOlderRevision} last researched on an older revision.`;
}

/**
 * The counting cells of a chapter's row, between its title and its latest pass.
 * @param chapter the chapter's report.
 * @returns claims, claims per status, leads, sources not read in full, notebooks never run, failing.
 */
export function chapterCounts(chapter: StatusReportChapter): string[] {
  return [
    String(chapter.claims.total),
    ...DISPLAY_STATUSES.map((status) => String(chapter.claims[statusKey(status)])),
    String(chapter.leads.length),
    String(chapter.sourcesNotReadInFull.length),
    String(chapter.notebooks.neverRun.length),
    String(chapter.notebooks.failing.length),
  ];
}

/**
 * The cells of a book's row after its title.
 * @param totals the book's totals.
 * @returns one cell per column of `BOOK_COLUMNS` after the first.
 */
export function totalsCells(totals: StatusReportTotals): string[] {
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

/**
 * A chapter's latest research pass in a phrase.
 * @param chapter the chapter's report.
 * @returns e.g. `2026-11-29 by Claude; read the current revision`, or `none recorded`.
 */
export function passText(chapter: StatusReportChapter): string {
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

/**
 * How a chapter is named in the report's tables.
 * @param chapter the chapter's report.
 * @returns `<number>. <title>`.
 */
export function chapterLabel(chapter: Pick<StatusReportChapter, 'number' | 'title'>): string {
  return `${chapter.number}. ${chapter.title}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
