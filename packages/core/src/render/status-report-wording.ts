/**
 * The words of the status report that its Markdown and its HTML page share:
 * the introduction, the totals sentence, the table columns and cells, the
 * latest research pass in a phrase, what the sources locks say, and what is
 * said when a table is empty.
 */
import { statusKey } from '../model/queries.js';
import { DISPLAY_STATUSES, LINK_HEALTH_WORD, SOURCE_CHECK_WORD, STATUS_WORD, capitalize, plural } from '../model/words.js';
import type { StatusReportBook, StatusReportChapter, StatusReportSourceChecks, StatusReportTotals } from '../schema/status-report.js';
import { identifierLines, sourceFacts, urlLines, type FactPart } from './source-facts.js';

const STATUS_HEADERS = DISPLAY_STATUSES.map((status) => capitalize(STATUS_WORD[status]));

/** Columns of the books table: the book, then `totalsCells`. */
export const BOOK_COLUMNS: readonly string[] = ['Book', 'Chapters', 'Claims', ...STATUS_HEADERS, 'Leads', 'Not read in full', 'Never run', 'Failing', 'No research pass', 'Older revision'];

/** Columns of a book's chapters table: the chapter, `chapterCounts`, then its latest pass (`passText`). */
export const CHAPTER_COLUMNS: readonly string[] = ['Chapter', 'Claims', ...STATUS_HEADERS, 'Leads', 'Not read in full', 'Never run', 'Failing', 'Latest research pass'];

/** Columns of the table of claims needing attention. */
export const ATTENTION_COLUMNS: readonly string[] = ['Claim', 'Chapter', 'Status', 'Priority', 'Proposed response', 'Text'];

/** Columns of the table of leads awaiting verification. */
export const LEAD_COLUMNS: readonly string[] = ['Lead', 'Chapter', 'Claims', 'Relation, class', 'Source', 'Recorded'];

/** Columns of a book's table of sources, as its sources lock records them. */
export const SOURCE_COLUMNS: readonly string[] = ['Source', 'Chapter', 'URL', 'Identifiers'];

/** Columns of the table of claims flagged for review because of their sources. */
export const FLAGGED_COLUMNS: readonly string[] = ['Claim', 'Chapter', 'Status', 'Reason', 'Sources', 'Text'];

/** What the report says where a table would be empty. */
export const NOTHING_RECORDED = Object.freeze({
  books: 'No books are recorded.',
  chapters: 'No chapters are recorded for this book.',
  attention: 'Every recorded claim is supported and current.',
  leads: 'No leads are awaiting verification.',
  sources: 'No sources are recorded for this book.',
  flagged: 'No claim rests only on dead or changed sources.',
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
  return `${plural(totals.chapters, 'chapter')}, ${plural(totals.claims.total, 'claim')} (${claims}); ${plural(totals.leads, 'lead')} awaiting verification; ${plural(totals.sourcesNotReadInFull, 'source')} not read in full; ${plural(totals.notebooksNeverRun, 'notebook')} never run and ${totals.notebooksFailing} failing; ${plural(totals.chaptersNeverResearched, 'chapter')} with no research pass recorded and ${totals.chaptersResearchedOnOlderRevision} last researched on an older revision.`;
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

/**
 * Whether the report shows a book's sources: the model was built with the books' locks read.
 * @param book the book's report.
 * @returns false for a report built from chapters without their book's lock view.
 */
export function showsSources(book: StatusReportBook): boolean {
  return book.chapters.some((chapter) => chapterSources(chapter) !== undefined);
}

/**
 * Whether a book has a sources lock.
 * @param book the book's report.
 * @returns true when its chapters were checked against one.
 */
export function hasSourcesLock(book: StatusReportBook): boolean {
  return book.chapters.some((chapter) => chapterSources(chapter)?.lock === true);
}

/**
 * What the lock says about a book's sources, in one sentence.
 * @param book the book's report.
 * @returns "Never checked: …" without a lock; the sources counted by health otherwise.
 */
export function sourcesLine(book: StatusReportBook): string {
  const totals = book.totals.sources;
  const count = totals?.sources ?? 0;
  if (!hasSourcesLock(book)) {
    return `${capitalize(LINK_HEALTH_WORD.unchecked)}: this book has no sources lock, so the links, DOIs and arXiv ids of its ${plural(count, 'source')} have not been checked; research-pack sources refresh checks them and writes the lock.`;
  }
  if (!totals) return NOTHING_RECORDED.sources;
  const links = `links ${totals.ok} ${LINK_HEALTH_WORD.ok}, ${totals.redirected} ${LINK_HEALTH_WORD.redirected}, ${totals.unreachable} ${LINK_HEALTH_WORD.unreachable}`;
  const sources = `${totals.dead} ${LINK_HEALTH_WORD.dead}, ${totals.changed} ${SOURCE_CHECK_WORD.changed}, ${totals.newerVersion} with a ${SOURCE_CHECK_WORD.newer}`;
  const unchecked = `${totals.neverChecked} ${LINK_HEALTH_WORD.unchecked}, ${totals.uncheckable} with ${SOURCE_CHECK_WORD.uncheckable}`;
  return `${plural(count, 'source')}, as the book's sources lock records them: ${links}; ${sources}; ${unchecked}; ${plural(totals.claimsFlagged, 'claim')} ${SOURCE_CHECK_WORD.flagged}.`;
}

/** One source of a book's table of sources: the cells as lines of parts, for either format. */
export interface SourceRow {
  chapter: StatusReportChapter;
  entry: StatusReportSourceChecks['sources'][number];
  /** The URL cell's lines (see `urlLines`). */
  url: FactPart[][];
  /** The identifiers cell's lines (see `identifierLines`). */
  identifiers: FactPart[][];
}

/**
 * Every source of a book, chapter by chapter in ledger order, with its cells.
 * @param book the book's report.
 * @returns the rows.
 */
export function sourceRows(book: Pick<StatusReportBook, 'chapters'>): SourceRow[] {
  return book.chapters.flatMap((chapter) =>
    (chapterSources(chapter)?.sources ?? []).map((entry) => {
      const facts = sourceFacts(entry, entry.check);
      return { chapter, entry, url: urlLines(entry, facts), identifiers: identifierLines(entry.check, facts) };
    }),
  );
}

/**
 * The claims of a book flagged for review because of their sources.
 * @param book the book's report.
 * @returns each with its chapter, in chapter and claim order.
 */
export function flaggedClaims(book: Pick<StatusReportBook, 'chapters'>): Array<{ chapter: StatusReportChapter; claim: StatusReportSourceChecks['flagged'][number] }> {
  return book.chapters.flatMap((chapter) => (chapterSources(chapter)?.flagged ?? []).map((claim) => ({ chapter, claim })));
}

/**
 * A flagged claim's reason as a sentence.
 * @param claim the flagged claim.
 * @returns e.g. "Every source of its validated evidence is dead."
 */
export function flaggedReason(claim: StatusReportSourceChecks['flagged'][number]): string {
  return `${capitalize(claim.review.text)}.`;
}

function chapterSources(chapter: StatusReportChapter): StatusReportSourceChecks | undefined {
  return chapter.sourceChecks ?? undefined;
}
