/**
 * The model's view of the sources lock as `pack.json` and `report.json`
 * write it (`schema/source-check.ts`): every key present, `null` for what is
 * not known, URLs from the lock only when they pass the safe-link rule, the
 * reason a claim is flagged in words as well as its code.
 */
import type { ChapterModel } from '../model/types.js';
import { SOURCE_REVIEW_REASON } from '../model/words.js';
import type { SourceCheckData, SourceReviewData, SourceTotals } from '../schema/source-check.js';
import { httpUrl } from '../site/safe-url.js';
import { isSourceChecked, type ClaimSourceReview, type SourceCheck } from '../sources/view.js';

/**
 * One source's check as data.
 * @param check what the lock says about the source.
 * @returns the data, valid against `SourceCheckDataSchema`.
 */
export function sourceCheckData(check: SourceCheck): SourceCheckData {
  const { link, doi, arxiv } = check;
  const archive = link?.archive === undefined ? undefined : httpUrl(link.archive.url);
  return {
    link:
      link === undefined
        ? null
        : {
            url: link.url,
            health: link.health,
            checked: link.checked ?? null,
            since: link.since ?? null,
            status: link.status ?? null,
            finalUrl: link.finalUrl === undefined ? null : (httpUrl(link.finalUrl) ?? null),
            error: link.error === undefined ? null : { kind: link.error.kind, detail: link.error.detail },
            changed: link.changed === undefined ? null : { after: link.changed.after, by: link.changed.by },
            archive: archive === undefined ? null : { url: archive, datetime: link.archive!.datetime },
            archiveResult: link.archiveResult ?? null,
          },
    doi:
      doi === undefined
        ? null
        : { doi: doi.doi, result: doi.result, checked: doi.checked ?? null, since: doi.since ?? null, error: doi.error === undefined ? null : { kind: doi.error.kind, detail: doi.error.detail } },
    arxiv:
      arxiv === undefined
        ? null
        : {
            id: arxiv.id,
            result: arxiv.result,
            checked: arxiv.checked ?? null,
            since: arxiv.since ?? null,
            error: arxiv.error === undefined ? null : { kind: arxiv.error.kind, detail: arxiv.error.detail },
            version: arxiv.version ?? null,
            latest: arxiv.latest ?? null,
            latestDate: arxiv.latestDate ?? null,
            newer: arxiv.newer,
          },
    mismatches: check.mismatches.map((mismatch) => ({ field: mismatch.field, from: mismatch.from, ledger: mismatch.ledger, found: mismatch.found })),
    dead: check.dead,
    changed: check.changed,
    newerVersion: arxiv?.newer ?? false,
    checkable: check.checkable,
  };
}

/**
 * Why a claim is flagged for review, as data.
 * @param review the claim's review.
 * @returns the reason, in code and in words, and its sources.
 */
export function sourceReviewData(review: ClaimSourceReview): SourceReviewData {
  return { reason: review.reason, text: SOURCE_REVIEW_REASON[review.reason], sources: review.sources.map((source) => ({ id: source.source, why: source.why })) };
}

/**
 * The sources of chapters counted by what their book's lock says.
 * @param chapters the chapters (those built without the locks count nothing).
 * @returns the counts; undefined when no chapter was built with its book's lock read.
 */
export function countSourceChecks(chapters: ReadonlyArray<Pick<ChapterModel, 'sourceChecks'>>): SourceTotals | undefined {
  if (!chapters.some((chapter) => chapter.sourceChecks !== undefined)) return undefined;
  const totals: SourceTotals = { sources: 0, neverChecked: 0, uncheckable: 0, ok: 0, redirected: 0, dead: 0, unreachable: 0, changed: 0, newerVersion: 0, claimsFlagged: 0 };
  for (const chapter of chapters) {
    if (!chapter.sourceChecks) continue;
    totals.claimsFlagged += chapter.sourceChecks.claims.length;
    for (const check of chapter.sourceChecks.sources) {
      totals.sources++;
      if (!check.checkable) totals.uncheckable++;
      else if (!isSourceChecked(check)) totals.neverChecked++;
      const health = check.link?.health;
      if (health === 'ok' || health === 'redirected' || health === 'unreachable') totals[health]++;
      if (check.dead) totals.dead++;
      if (check.changed) totals.changed++;
      if (check.arxiv?.newer) totals.newerVersion++;
    }
  }
  return totals;
}
