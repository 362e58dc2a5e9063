/**
 * The facts every research renderer shares — which chapter, which evidence
 * is validated and which is a lead, which notebooks ran, whether the last
 * research pass read the current revision — and the claims of a chapter
 * counted by status.
 */
import type { BookModel, ChapterHeading, ChapterModel, DisplayStatus, ResearchModel, ResolvedClaim } from './types.js';
import type { EvidenceItem, Notebook, NotebookRun, ResearchPass, Source } from '../schema/sidecars.js';
import type { StatusCounts } from '../schema/status-report.js';
import type { ClaimSourceReview, SourceCheck } from '../sources/view.js';

/** A whole research model, or one book of it. */
export type ModelSource = ResearchModel | BookModel;

/**
 * Find a chapter and its book.
 * @param source the research model or one book.
 * @param chapter a chapter model, `<book>/<chapter>`, or (for a book) `<chapter>`.
 * @returns the book and the chapter.
 * @throws Error naming the chapter when it is not in the source.
 */
export function locateChapter(source: ModelSource, chapter: ChapterModel | string): { book: BookModel; chapter: ChapterModel } {
  const books = 'books' in source ? source.books : [source];
  let bookSlug: string;
  let chapterSlug: string;
  if (typeof chapter === 'string') {
    const slash = chapter.indexOf('/');
    if (slash === -1 && !('books' in source)) [bookSlug, chapterSlug] = [source.slug, chapter];
    else [bookSlug, chapterSlug] = [chapter.slice(0, slash), chapter.slice(slash + 1)];
  } else {
    [bookSlug, chapterSlug] = [chapter.book, chapter.slug];
  }
  const book = books.find((candidate) => candidate.slug === bookSlug);
  const found = book?.chapters.find((candidate) => candidate.slug === chapterSlug);
  if (!book || !found) {
    const known = books.flatMap((b) => b.chapters.map((c) => `${b.slug}/${c.slug}`));
    throw new Error(
      `Unknown chapter "${bookSlug}/${chapterSlug}". Known chapters: ${known.length === 0 ? 'none' : known.join(', ')}.`,
    );
  }
  return { book, chapter: typeof chapter === 'string' ? found : chapter };
}

/**
 * The chapter's claims in the order they stand in its prose (sidecar order may differ).
 * @param chapter the chapter.
 * @returns the claims, by where they start, then end.
 */
export function claimsInDocumentOrder(chapter: ChapterModel): ResolvedClaim[] {
  return [...chapter.claims].sort((a, b) => a.location.start - b.location.start || a.location.end - b.location.end);
}

/**
 * The chapter's evidence split into validated items, leads and rejected leads, each in sidecar order.
 * @param chapter the chapter.
 * @returns `{ validated, leads, rejected }`.
 */
export function splitEvidence(chapter: ChapterModel): { validated: EvidenceItem[]; leads: EvidenceItem[]; rejected: EvidenceItem[] } {
  return {
    validated: chapter.evidence.filter((item) => item.status === 'validated'),
    leads: chapter.evidence.filter((item) => item.status === 'lead'),
    rejected: chapter.evidence.filter((item) => item.status === 'rejected'),
  };
}

/**
 * Look a source up in the chapter's ledger.
 * @param chapter the chapter.
 * @param id a source id.
 * @returns the source, or `undefined`.
 */
export function findSource(chapter: ChapterModel, id: string): Source | undefined {
  return chapter.sources.find((source) => source.id === id);
}

/**
 * The claims a source bears on, through the chapter's evidence items.
 * @param chapter the chapter.
 * @param sourceId a source id.
 * @returns claim ids, in first-mention order, without duplicates.
 */
export function claimsOfSource(chapter: ChapterModel, sourceId: string): string[] {
  const ids = chapter.evidence.filter((item) => item.source === sourceId).flatMap((item) => item.claims);
  return [...new Set(ids)];
}

/**
 * What the book's sources lock says about a source of the chapter.
 * @param chapter the chapter.
 * @param sourceId a source id.
 * @returns the check, or `undefined` when the model was built without the locks (or the id is not in the ledger).
 */
export function sourceCheckOf(chapter: ChapterModel, sourceId: string): SourceCheck | undefined {
  return chapter.sourceChecks?.sources.find((check) => check.source === sourceId);
}

/**
 * Why a claim is flagged for review because of its sources.
 * @param chapter the chapter.
 * @param claimId a claim id.
 * @returns the review, or `undefined` when the claim is not flagged.
 */
export function sourceReviewOf(chapter: ChapterModel, claimId: string): ClaimSourceReview | undefined {
  return chapter.sourceChecks?.claims.find((review) => review.claim === claimId);
}

/** Where a notebook stands: never run, or the outcome of its latest recorded run. */
export type NotebookState = 'never-run' | NotebookRun['outcome'];

/**
 * The latest recorded run of a notebook (by date; the later entry wins a tie).
 * @param notebook the notebook.
 * @returns the run, or `undefined` when none is recorded.
 */
export function latestRun(notebook: Notebook): NotebookRun | undefined {
  return latestBy(notebook.runs, (run) => run.date);
}

/**
 * Where a notebook stands.
 * @param notebook the notebook.
 * @returns `never-run`, or `passed` / `failed` / `partial` from its latest run.
 */
export function notebookState(notebook: Notebook): NotebookState {
  return latestRun(notebook)?.outcome ?? 'never-run';
}

/**
 * The latest research pass over a chapter (by date; the later entry wins a tie).
 * @param chapter the chapter.
 * @returns the pass, or `undefined` when no research is recorded.
 */
export function latestPass(chapter: ChapterModel): ResearchPass | undefined {
  return latestBy(chapter.research.history, (pass) => pass.date);
}

/**
 * Whether a pass read the revision the site now publishes.
 * @param pass a research pass.
 * @param fingerprint the chapter's current fingerprint.
 * @returns `true` or `false`, or `null` when the pass recorded no fingerprint.
 */
export function passReadsCurrent(pass: ResearchPass, fingerprint: string): boolean | null {
  return pass.fingerprint === undefined ? null : pass.fingerprint === fingerprint;
}

function latestBy<T>(items: readonly T[], date: (item: T) => string): T | undefined {
  let best: T | undefined;
  for (const item of items) if (best === undefined || date(item) >= date(best)) best = item;
  return best;
}

/**
 * Count a chapter's claims by displayed status.
 * @param chapter the chapter.
 * @returns the counts.
 */
export function countStatuses(chapter: ChapterModel): StatusCounts {
  const counts: StatusCounts = { total: 0, supported: 0, qualified: 0, contradicted: 0, unverified: 0, stale: 0, reviewDue: 0 };
  for (const claim of chapter.claims) {
    counts.total += 1;
    counts[statusKey(claim.status)] += 1;
  }
  return counts;
}

/**
 * The `StatusCounts` key of a displayed status.
 * @param status a displayed status.
 * @returns the key (`review-due` → `reviewDue`).
 */
export function statusKey(status: DisplayStatus): Exclude<keyof StatusCounts, 'total'> {
  return status === 'review-due' ? 'reviewDue' : status;
}

/**
 * Where an offset of the snapshot is, in the researcher's coordinates.
 * @param chapter the chapter.
 * @param offset an offset into `chapter.snapshot`.
 * @returns its 1-based line in `chapter-snapshot.txt` and the heading it falls under (undefined before the first one).
 */
export function snapshotPlace(chapter: ChapterModel, offset: number): { line: number; heading: ChapterHeading | undefined } {
  let line = 1;
  for (let index = chapter.snapshot.indexOf('\n'); index !== -1 && index < offset; index = chapter.snapshot.indexOf('\n', index + 1)) line++;
  let heading: ChapterHeading | undefined;
  for (const candidate of chapter.headings) {
    if (candidate.start > offset) break;
    heading = candidate;
  }
  return { line, heading };
}
