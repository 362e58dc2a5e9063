/**
 * What `sources refresh` prints: the summary of a refresh (counts by
 * outcome, what was left alone, what was skipped, the file written), the
 * `--offline` list of what is stale, and the findings to review in the
 * refreshed scope.
 */
import { formatProblems } from '@research-pack/core/problems';
import type { SourcesLock } from '@research-pack/core/schema';
import { checkChapterSources, indexSourcesLock, sourceFindings, type PlanReason, type RefreshPlan } from '@research-pack/core/sources';
import { ARCHIVE_RESULT_WORD, ARXIV_RESULT_WORD, DOI_RESULT_WORD, LINK_HEALTH_WORD, type BookModel } from '@research-pack/core/model';

/** `3 links`, `1 link`. */
function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** Non-zero counts of words, in a fixed order: `9 ok, 1 dead`; each value named as core's words name it. */
function tally(values: readonly string[], order: readonly string[], words: Readonly<Record<string, string>>): string {
  const parts = order.map((value) => [value, values.filter((item) => item === value).length] as const).filter(([, n]) => n > 0);
  return parts.map(([value, n]) => `${n} ${words[value] ?? value}`).join(', ');
}

/**
 * The summary of one book's refresh.
 * @param plan what was asked.
 * @param lock the lock written.
 * @param file the lock's path, whether it was written, and whether it has no entries.
 * @returns lines for stdout.
 */
export function refreshSummary(plan: RefreshPlan, lock: SourcesLock, file: { lockFile: string; wrote: boolean; empty: boolean }): string {
  const scope = plan.chapter === undefined ? plan.book : `${plan.book}/${plan.chapter}`;
  const asked = (keys: readonly string[], entries: ReadonlyArray<{ key: string; state: string }>) => entries.filter((entry) => keys.includes(entry.key)).map((entry) => entry.state);
  const links = asked(plan.urls.map((target) => target.target.url), lock.urls.map((entry) => ({ key: entry.url, state: entry.health })));
  const archives = plan.archives.map(({ target }) => lock.urls.find((entry) => entry.url === target.url)?.archives.find((archive) => archive.near === target.near)?.result ?? 'unreachable');
  const dois = asked(plan.dois.map((target) => target.target.doi), lock.dois.map((entry) => ({ key: entry.doi, state: entry.result })));
  const arxiv = asked(plan.arxiv.map((target) => target.target.id), lock.arxiv.map((entry) => ({ key: entry.id, state: entry.result })));
  const parts: string[] = [];
  if (links.length) parts.push(`${count(links.length, 'link')} (${tally(links, ['ok', 'redirected', 'dead', 'unreachable'], LINK_HEALTH_WORD)})`);
  if (archives.length) parts.push(`${count(archives.length, 'archive lookup')} (${tally(archives, ['found', 'none', 'unreachable'], ARCHIVE_RESULT_WORD)})`);
  if (dois.length) parts.push(`${count(dois.length, 'DOI')} (${tally(dois, ['found', 'not-found', 'no-metadata', 'unreachable'], DOI_RESULT_WORD)})`);
  if (arxiv.length) parts.push(`${count(arxiv.length, 'arXiv id')} (${tally(arxiv, ['found', 'not-found', 'unreachable'], ARXIV_RESULT_WORD)})`);
  const lines = [`${scope}: ${parts.length ? `checked ${parts.join('; ')}` : 'nothing to check'}`];
  const fresh = [count(plan.fresh.urls, 'link'), count(plan.fresh.archives, 'archive lookup'), count(plan.fresh.dois, 'DOI'), count(plan.fresh.arxiv, 'arXiv id')].filter((text) => !text.startsWith('0 '));
  if (fresh.length) lines.push(`  left alone (fresh, or a copy already found): ${fresh.join(', ')}`);
  for (const skipped of plan.skipped) lines.push(`  skipped ${plan.book}/${skipped.chapter} source "${skipped.source}": no URL, DOI or arXiv id to check`);
  lines.push(file.wrote ? `  wrote ${file.lockFile}` : file.empty ? '  no sources lock written: nothing to record' : `  ${file.lockFile} unchanged`);
  return `${lines.join('\n')}\n`;
}

/**
 * What `--offline` prints: every question a refresh would ask, and why.
 * @param plan the plan.
 * @param lock the current lock.
 * @param maxAge the `--max-age` in milliseconds, if given.
 * @returns lines for stdout.
 */
export function offlineReport(plan: RefreshPlan, lock: SourcesLock | undefined, maxAge: number | undefined): string {
  const scope = plan.chapter === undefined ? plan.book : `${plan.book}/${plan.chapter}`;
  const lines = [`${scope} (offline: nothing was fetched)${lock ? '' : ': no sources lock yet'}`];
  const why = (reason: PlanReason) =>
    reason.kind === 'never-checked' ? LINK_HEALTH_WORD.unchecked : reason.kind === 'failed' ? `last check failed (${reason.checked})` : `checked ${reason.checked}${maxAge === undefined ? '' : ', older than --max-age'}`;
  for (const { target, reason } of plan.urls) lines.push(`  link     ${target.url}  ${why(reason)}`);
  for (const { target, reason } of plan.archives) lines.push(`  archive  ${target.url} near ${target.near}  ${reason.kind === 'never-checked' ? 'never looked up' : why(reason)}`);
  for (const { target, reason } of plan.dois) lines.push(`  doi      ${target.doi}  ${why(reason)}`);
  for (const { target, reason } of plan.arxiv) lines.push(`  arxiv    ${target.id}  ${why(reason)}`);
  const stale = plan.urls.length + plan.archives.length + plan.dois.length + plan.arxiv.length;
  const fresh = plan.fresh.urls + plan.fresh.archives + plan.fresh.dois + plan.fresh.arxiv;
  lines.push(`  ${stale === 0 ? 'nothing is stale' : `${stale} to check`}; ${fresh} fresh or already found`);
  for (const skipped of plan.skipped) lines.push(`  skipped ${plan.book}/${skipped.chapter} source "${skipped.source}": no URL, DOI or arXiv id to check`);
  return `${lines.join('\n')}\n`;
}

/**
 * The findings to review after a refresh, in its scope.
 * @param book the book.
 * @param chapter the chapter refreshed, or undefined for the whole book.
 * @param lock the lock written.
 * @param rootDir the project root.
 * @returns problem lines and a count line for stderr, or '' when there is nothing to review.
 */
export function scopeFindings(book: BookModel, chapter: string | undefined, lock: { file: string; lock: SourcesLock }, rootDir: string): string {
  const index = indexSourcesLock(lock);
  const chapters = book.chapters.filter((candidate) => chapter === undefined || candidate.slug === chapter).map((candidate) => ({ ...candidate, sourceChecks: checkChapterSources(candidate, index) }));
  const found = sourceFindings({ books: [{ slug: book.slug, chapters }] }, { rootDir });
  if (found.problems.length === 0) return '';
  return `${formatProblems(found.problems)}\n${findingCounts(found.counts)} to review (\`research-pack check --sources\` lists them again)\n`;
}

/**
 * Findings counted by category.
 * @param counts by category.
 * @returns e.g. `1 dead, 2 changed, 1 metadata mismatch`.
 */
export function findingCounts(counts: Record<'dead' | 'changed' | 'metadata' | 'unreachable', number>): string {
  const parts = [
    counts.dead ? `${counts.dead} ${LINK_HEALTH_WORD.dead}` : '',
    counts.changed ? `${counts.changed} changed` : '',
    counts.metadata ? count(counts.metadata, 'metadata mismatch', 'metadata mismatches') : '',
    counts.unreachable ? `${counts.unreachable} ${LINK_HEALTH_WORD.unreachable}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'nothing';
}
