/**
 * Running a refresh plan: every question of the plan at once, under the
 * limiter's per-host and total bounds, with a progress callback, and the
 * observations returned in the plan's order (so the lock does not depend on
 * which answer came first).
 */
import type { RefreshObservations, RefreshPlan } from '@research-pack/core/sources';
import { checkUrl, lookUpArchive, queryArxiv, resolveDoi, type ClientOptions } from './client.js';

/** arXiv ids asked in one API request. */
export const ARXIV_BATCH = 50;

/** Progress of a refresh: questions answered, in all, and the last one. */
export type Progress = (done: number, total: number, label: string) => void;

/**
 * How many requests a plan makes (at least; redirects and retries add more).
 * @param plan the plan.
 * @returns URLs, archive lookups, DOIs and arXiv batches.
 */
export function questionCount(plan: RefreshPlan): number {
  return plan.urls.length + plan.archives.length + plan.dois.length + Math.ceil(plan.arxiv.length / ARXIV_BATCH);
}

/**
 * Ask every question of a plan.
 * @param plan what to ask.
 * @param options the client.
 * @param progress called after each answer.
 * @returns what was seen.
 */
export async function runRefresh(plan: RefreshPlan, options: ClientOptions, progress?: Progress): Promise<RefreshObservations> {
  const total = questionCount(plan);
  let done = 0;
  const tick = <T>(label: string) => (value: T): T => {
    progress?.(++done, total, label);
    return value;
  };
  const batches: string[][] = [];
  for (let index = 0; index < plan.arxiv.length; index += ARXIV_BATCH) batches.push(plan.arxiv.slice(index, index + ARXIV_BATCH).map((target) => target.target.id));
  const [urls, archives, dois, arxiv] = await Promise.all([
    Promise.all(plan.urls.map(({ target }) => checkUrl(options, target.url, target.previous).then(tick(target.url)))),
    Promise.all(plan.archives.map(({ target }) => lookUpArchive(options, target.url, target.near).then(tick(`archive of ${target.url}`)))),
    Promise.all(plan.dois.map(({ target }) => resolveDoi(options, target.doi).then(tick(`doi:${target.doi}`)))),
    Promise.all(batches.map((ids) => queryArxiv(options, ids).then(tick(`arXiv ${ids.length === 1 ? ids[0] : `${ids.length} ids`}`)))),
  ]);
  return { urls, archives, dois, arxiv };
}
