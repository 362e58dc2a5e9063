/**
 * The status report as data (`report.json`): every book of the model, each
 * chapter with its claims by status, what awaits verification, the latest
 * research pass and what the sources lock says about its sources and the
 * claims flagged because of them, with links to each pack and claim.
 */
import type { ChapterModel, ResearchModel } from '../model/types.js';
import { awaitingReviewOf } from './status-report-review.js';
import { countStatuses, latestPass, latestRun, passReadsCurrent, splitEvidence } from '../model/queries.js';
import type { StatusCounts, StatusReport, StatusReportBook, StatusReportChapter, StatusReportSourceChecks, StatusReportTotals } from '../schema/status-report.js';
import { httpUrl } from '../site/safe-url.js';
import { DEFAULT_SITE_URLS, bookStatusReportUrl, chapterUrls, claimUrl, siteStatusReportUrl, statusReportSchemaUrl, type SiteUrls } from '../site/urls.js';
import { countSourceChecks, sourceCheckData, sourceReviewData } from './source-check-data.js';

/**
 * Build the book-wide status report.
 * @param model the research model.
 * @param urls where the site's pages live (default prefixes, root-relative, when omitted).
 * @returns the report data, in model order.
 */
export function buildStatusReport(model: ResearchModel, urls: SiteUrls = DEFAULT_SITE_URLS): StatusReport {
  const books = model.books.map((book): StatusReportBook => {
    const chapters = book.chapters.map((chapter) => reportChapter(model, chapter, urls));
    return { slug: book.slug, title: book.config.title, url: bookStatusReportUrl(urls, book.slug), totals: totalsOf(chapters, countSourceChecks(book.chapters)), chapters };
  });
  return {
    $schema: statusReportSchemaUrl(urls),
    version: 1,
    asOf: model.asOf,
    url: siteStatusReportUrl(urls),
    totals: totalsOf(
      books.flatMap((book) => book.chapters),
      countSourceChecks(model.books.flatMap((book) => book.chapters)),
    ),
    books,
  };
}

function reportChapter(model: ResearchModel, chapter: ChapterModel, urls: SiteUrls): StatusReportChapter {
  const links = chapterUrls(urls, chapter.book, chapter.slug);
  const pass = latestPass(chapter);
  const neverRun: string[] = [];
  const failing: StatusReportChapter['notebooks']['failing'] = [];
  for (const notebook of chapter.research.notebooks) {
    const run = latestRun(notebook);
    if (run === undefined) neverRun.push(notebook.path);
    else if (run.outcome !== 'passed') failing.push({ path: notebook.path, date: run.date, outcome: run.outcome });
  }
  return {
    id: chapter.id,
    slug: chapter.slug,
    number: chapter.frontmatter.number,
    title: chapter.frontmatter.title,
    urls: { chapter: links.chapter, pack: links.pack },
    fingerprint: chapter.fingerprint,
    claims: countStatuses(chapter),
    attention: chapter.claims
      .filter((resolved) => resolved.status !== 'supported')
      .map((resolved) => ({
        id: resolved.claim.id,
        status: resolved.status,
        priority: resolved.claim.priority,
        response: resolved.claim.response,
        text: resolved.text,
        url: claimUrl(urls, chapter.book, chapter.slug, resolved.claim.id),
      })),
    leads: splitEvidence(chapter).leads.map((item) => ({
      id: item.id,
      source: item.source,
      claims: [...item.claims],
      relation: item.relation,
      class: item.class,
      recorded: item.recorded,
    })),
    sourcesNotReadInFull: chapter.sources.flatMap((source) =>
      source.reading === 'full-text' ? [] : [{ id: source.id, title: source.title, reading: source.reading }],
    ),
    notebooks: { total: chapter.research.notebooks.length, neverRun, failing },
    lastPass:
      pass === undefined
        ? null
        : {
            date: pass.date,
            by: pass.by,
            report: pass.report ?? null,
            fingerprint: pass.fingerprint ?? null,
            readsCurrentRevision: passReadsCurrent(pass, chapter.fingerprint),
          },
    sourceChecks: sourceChecksOf(chapter, urls),
    awaitingReview: awaitingReviewOf(model, chapter, urls),
  };
}

/** What the lock says about a chapter's sources, and the claims flagged because of them; null without the locks. */
function sourceChecksOf(chapter: ChapterModel, urls: SiteUrls): StatusReportSourceChecks | null {
  const checks = chapter.sourceChecks;
  if (!checks) return null;
  const sources = chapter.sources.flatMap((source) => {
    const check = checks.sources.find((candidate) => candidate.source === source.id);
    const url = source.url === undefined ? null : (httpUrl(source.url) ?? null);
    const archiveUrl = source.archiveUrl === undefined ? null : (httpUrl(source.archiveUrl) ?? null);
    return check === undefined ? [] : [{ id: source.id, title: source.title, url, archiveUrl, accessed: source.accessed, check: sourceCheckData(check) }];
  });
  const flagged = checks.claims.flatMap((review) => {
    const resolved = chapter.claims.find((candidate) => candidate.claim.id === review.claim);
    if (!resolved) return [];
    return [{ id: review.claim, status: resolved.status, text: resolved.text, url: claimUrl(urls, chapter.book, chapter.slug, review.claim), review: sourceReviewData(review) }];
  });
  return { lock: checks.lock !== undefined, sources, flagged };
}

function totalsOf(chapters: readonly StatusReportChapter[], sources: StatusReportTotals['sources']): StatusReportTotals {
  const claims: StatusCounts = { total: 0, supported: 0, qualified: 0, contradicted: 0, unverified: 0, stale: 0, reviewDue: 0 };
  const totals: StatusReportTotals = {
    chapters: chapters.length,
    claims,
    leads: 0,
    sourcesNotReadInFull: 0,
    notebooksNeverRun: 0,
    notebooksFailing: 0,
    chaptersNeverResearched: 0,
    chaptersResearchedOnOlderRevision: 0,
    awaitingReview: 0,
    // Only what the locks say: a model built without them has nothing to count.
    ...(sources === undefined ? {} : { sources }),
  };
  for (const chapter of chapters) {
    for (const key of Object.keys(claims) as (keyof StatusCounts)[]) claims[key] += chapter.claims[key];
    totals.leads += chapter.leads.length;
    totals.sourcesNotReadInFull += chapter.sourcesNotReadInFull.length;
    totals.notebooksNeverRun += chapter.notebooks.neverRun.length;
    totals.notebooksFailing += chapter.notebooks.failing.length;
    totals.awaitingReview += chapter.awaitingReview.count;
    if (chapter.lastPass === null) totals.chaptersNeverResearched += 1;
    else if (chapter.lastPass.readsCurrentRevision === false) totals.chaptersResearchedOnOlderRevision += 1;
  }
  return totals;
}
