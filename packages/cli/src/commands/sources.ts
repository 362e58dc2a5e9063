/**
 * `research-pack sources refresh [<book>[/<chapter>]]`: ask the network
 * about every source of the ledgers and write each book's
 * `sources.lock.json`. The only command that uses the network; with
 * `--offline` it only says what is stale.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatProblems } from '@research-pack/core/problems';
import { SOURCES_LOCK_FILE, mergeRefresh, planRefresh, readSourcesLock, renderSourcesLock } from '@research-pack/core/sources';
import type { BookModel, ResearchModel } from '@research-pack/core/model';
import { CliError, EXIT } from '../io.js';
import { readOptional, writeAtomic } from '../files.js';
import { lockBook } from '../lock.js';
import { projectOptions, requireModel } from '../project.js';
import type { ClientOptions } from '../sources/client.js';
import { HostLimiter } from '../sources/limiter.js';
import { refreshSettings, type RefreshSettings } from '../sources/options.js';
import { progressBar } from '../sources/progress.js';
import { runRefresh } from '../sources/refresh.js';
import { offlineReport, refreshSummary, scopeFindings } from '../sources/report.js';
import type { Command } from './types.js';

/** The arXiv API asks for a request every three seconds at most. */
const ARXIV_INTERVAL = 3_000;

/** Refresh the sources lock of the books in scope. */
export const sources: Command = async (positionals, values, io) => {
  const [subcommand, scope, ...rest] = positionals;
  if (subcommand !== 'refresh') throw new CliError(subcommand === undefined ? 'expected a subcommand: refresh' : `unknown subcommand "${subcommand}"; \`sources\` has: refresh`);
  if (rest.length > 0) throw new CliError(`expected at most one <book> or <book>/<chapter>, got ${[scope, ...rest].map((value) => `"${value}"`).join(' ')}`);
  const settings = refreshSettings(values);
  const project = await projectOptions(values, io);
  const model = requireModel(project);
  const now = io.now ?? (() => new Date());
  const client = settings.offline ? undefined : await clientOptions(settings, now);
  for (const { book, chapter } of inScope(model, scope)) {
    const bookDir = path.dirname(path.resolve(project.root, book.file));
    const lockPath = path.join(bookDir, SOURCES_LOCK_FILE);
    const lockFile = path.relative(project.root, lockPath).split(path.sep).join('/');
    const lock = readSourcesLock(project.root, bookDir)?.lock;
    const plan = planRefresh(book, lock, { chapter, now: now(), maxAge: settings.maxAge, archives: settings.archives });
    if (!client) {
      io.stdout(offlineReport(plan, lock, settings.maxAge));
      continue;
    }
    const bar = progressBar(io);
    const seen = await runRefresh(plan, client, bar.update);
    bar.end();
    // The book's writer lock from reading the lock file again to writing it (not during the
    // network's minutes): what another refresh wrote meanwhile is merged into, not overwritten.
    using writer = lockBook(bookDir, { command: 'sources refresh', shown: path.posix.dirname(lockFile), io });
    const current = readSourcesLock(project.root, bookDir);
    if (current && current.problems.length > 0) {
      throw new CliError(`${lockFile} changed while the sources were checked and cannot be read now:\n${formatProblems(current.problems)}`, EXIT.problems);
    }
    const merged = mergeRefresh(current?.lock, plan, seen);
    const text = renderSourcesLock(merged);
    const before = await readOptional(lockPath, lockFile);
    const empty = merged.urls.length + merged.dois.length + merged.arxiv.length === 0;
    if (text !== before && !(empty && before === undefined)) await writeAtomic(lockPath, text, { shown: lockFile });
    io.stdout(refreshSummary(plan, merged, { lockFile, wrote: text !== before && !(empty && before === undefined), empty }));
    const findings = scopeFindings(book, chapter, { file: lockFile, lock: merged }, project.root);
    if (findings !== '') io.stderr(findings);
  }
  return EXIT.ok;
};

/** The books (and chapter) a scope names: every book, `<book>`, or `<book>/<chapter>`. */
function inScope(model: ResearchModel, scope: string | undefined): Array<{ book: BookModel; chapter: string | undefined }> {
  if (scope === undefined) return model.books.map((book) => ({ book, chapter: undefined }));
  const match = /^([^/]+)(?:\/([^/]+))?\/?$/.exec(scope);
  if (!match) throw new CliError(`expected <book> or <book>/<chapter>, e.g. pi or pi/27-chapter, got "${scope}"`);
  const book = model.books.find((candidate) => candidate.slug === match[1]);
  if (!book) throw new CliError(`no book "${match[1]}"; books: ${model.books.map((candidate) => candidate.slug).join(', ') || '(none)'}`);
  const chapter = match[2];
  if (chapter !== undefined && !book.chapters.some((candidate) => candidate.slug === chapter)) {
    throw new CliError(`no chapter "${chapter}" in book "${book.slug}"; chapters: ${book.chapters.map((candidate) => `${book.slug}/${candidate.slug}`).join(', ') || '(none)'}`);
  }
  return [{ book, chapter }];
}

/** The client a refresh runs with: the real network, the settings' limits. */
async function clientOptions(settings: RefreshSettings, now: () => Date): Promise<ClientOptions> {
  const { send } = await import('../sources/http.js');
  const arxivHost = new URL(settings.endpoints.arxiv).host;
  const limiter = new HostLimiter({
    perHost: settings.perHost,
    total: settings.concurrency,
    interval: settings.interval,
    intervals: arxivHost === 'export.arxiv.org' ? { [arxivHost]: Math.max(settings.interval, ARXIV_INTERVAL) } : {},
    clock: () => performance.now(),
    sleep: (ms) => sleep(ms),
  });
  return {
    send,
    limiter,
    endpoints: settings.endpoints,
    userAgent: settings.userAgent ?? `research-pack/${version()} (sources refresh)`,
    timeout: settings.timeout,
    retries: settings.retries,
    backoff: settings.backoff,
    maxRetryAfter: settings.maxRetryAfter,
    maxBytes: settings.maxBytes,
    maxRedirects: 10,
    now,
    sleep: (ms) => sleep(ms),
  };
}

function version(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
