/**
 * What a refresh of one book asks the network, and what it leaves alone:
 * every URL, DOI and arXiv id of the ledgers in scope, and an archived copy
 * of each URL near each date it was read, less what `--max-age` calls fresh.
 * A source with none of the three is skipped with a note. Planning is pure:
 * the same ledgers, lock and clock give the same plan, and `--offline`
 * prints it instead of running it.
 */
import type { LockedUrl, SourcesLock } from '../schema/sources-lock.js';
import type { Source } from '../schema/sidecars.js';
import { byCodePoint, doiKey, splitArxivId, urlKey } from './keys.js';

/** A chapter as planning reads it (a `ChapterModel` is one). */
export interface PlanChapter {
  slug: string;
  sources: readonly Pick<Source, 'id' | 'url' | 'accessed' | 'identifiers'>[];
}

/** A book as planning reads it (a `BookModel` is one). */
export interface PlanBook {
  slug: string;
  chapters: readonly PlanChapter[];
}

/** Why something is in the plan. */
export type PlanReason =
  | { kind: 'never-checked' }
  /** The last check gave no usable answer: tried again whatever its age. */
  | { kind: 'failed'; checked: string }
  /** Checked before, and not fresh (older than `maxAge`, or no `maxAge`). */
  | { kind: 'stale'; checked: string };

/** One thing to ask, and why. */
export interface PlanTarget<T> {
  target: T;
  reason: PlanReason;
}

/** What a refresh of one book does. */
export interface RefreshPlan {
  book: string;
  /** The chapter in scope; undefined for the whole book. */
  chapter: string | undefined;
  /** URLs to check (lock keys), with their entries for conditional requests. */
  urls: Array<PlanTarget<{ url: string; previous: LockedUrl | undefined }>>;
  /** Archive lookups: a URL and a date it was read. */
  archives: Array<PlanTarget<{ url: string; near: string }>>;
  /** DOIs to resolve (lock keys). */
  dois: Array<PlanTarget<{ doi: string }>>;
  /** arXiv ids to ask about (without versions). */
  arxiv: Array<PlanTarget<{ id: string }>>;
  /** What `maxAge` (or an archived copy already found) leaves alone. */
  fresh: { urls: number; archives: number; dois: number; arxiv: number };
  /** Sources with no URL, DOI or arXiv id, as `<chapter>` and source id. */
  skipped: Array<{ chapter: string; source: string }>;
  /** Every key the ledgers in scope use, with the dates each URL was read: what a whole-book refresh keeps in the lock. */
  used: { urls: Map<string, Set<string>>; dois: Set<string>; arxiv: Set<string> };
}

/** Options of `planRefresh`. */
export interface PlanRefreshOptions {
  /** Only this chapter's sources (its slug). */
  chapter?: string | undefined;
  /** The moment the refresh runs. */
  now: Date;
  /** Entries checked less than this many milliseconds ago are fresh and left alone. */
  maxAge?: number | undefined;
  /** Look up archived copies (default true). */
  archives?: boolean | undefined;
}

/**
 * Plan the refresh of one book.
 * @param book the book's chapters and ledgers.
 * @param lock the book's current lock, if it has one.
 * @param options the scope, the clock and what counts as fresh.
 * @returns what to ask, in a fixed order (by key), and what is left alone.
 */
export function planRefresh(book: PlanBook, lock: SourcesLock | undefined, options: PlanRefreshOptions): RefreshPlan {
  const used: RefreshPlan['used'] = { urls: new Map(), dois: new Set(), arxiv: new Set() };
  const skipped: RefreshPlan['skipped'] = [];
  for (const chapter of book.chapters) {
    if (options.chapter !== undefined && chapter.slug !== options.chapter) continue;
    for (const source of chapter.sources) {
      const url = source.url === undefined ? undefined : urlKey(source.url);
      if (url) used.urls.set(url, (used.urls.get(url) ?? new Set()).add(source.accessed));
      if (source.identifiers.doi) used.dois.add(doiKey(source.identifiers.doi));
      if (source.identifiers.arxiv) used.arxiv.add(splitArxivId(source.identifiers.arxiv).id);
      if (!url && !source.identifiers.doi && !source.identifiers.arxiv) skipped.push({ chapter: chapter.slug, source: source.id });
    }
  }
  const byUrl = new Map((lock?.urls ?? []).map((entry) => [entry.url, entry]));
  const byDoi = new Map((lock?.dois ?? []).map((entry) => [entry.doi, entry]));
  const byArxiv = new Map((lock?.arxiv ?? []).map((entry) => [entry.id, entry]));
  const fresh = { urls: 0, archives: 0, dois: 0, arxiv: 0 };
  const reasonFor = (entry: { checked: string; failed: boolean } | undefined): PlanReason | undefined => {
    if (!entry) return { kind: 'never-checked' };
    if (entry.failed) return { kind: 'failed', checked: entry.checked };
    if (options.maxAge !== undefined && options.now.getTime() - Date.parse(entry.checked) < options.maxAge) return undefined;
    return { kind: 'stale', checked: entry.checked };
  };

  const plan: RefreshPlan = { book: book.slug, chapter: options.chapter, urls: [], archives: [], dois: [], arxiv: [], fresh, skipped, used };
  for (const url of [...used.urls.keys()].sort(byCodePoint)) {
    const previous = byUrl.get(url);
    const reason = reasonFor(previous && { checked: previous.checked, failed: previous.health === 'unreachable' });
    if (reason) plan.urls.push({ target: { url, previous }, reason });
    else fresh.urls++;
    if (options.archives === false) continue;
    for (const near of [...used.urls.get(url)!].sort(byCodePoint)) {
      const archive = previous?.archives.find((candidate) => candidate.near === near);
      // A copy once found stays: what was archived on a date does not change.
      const archiveReason = archive?.result === 'found' ? undefined : reasonFor(archive && { checked: archive.checked, failed: archive.result === 'unreachable' });
      if (archiveReason) plan.archives.push({ target: { url, near }, reason: archiveReason });
      else fresh.archives++;
    }
  }
  for (const doi of [...used.dois].sort(byCodePoint)) {
    const previous = byDoi.get(doi);
    const reason = reasonFor(previous && { checked: previous.checked, failed: previous.result === 'unreachable' });
    if (reason) plan.dois.push({ target: { doi }, reason });
    else fresh.dois++;
  }
  for (const id of [...used.arxiv].sort(byCodePoint)) {
    const previous = byArxiv.get(id);
    const reason = reasonFor(previous && { checked: previous.checked, failed: previous.result === 'unreachable' });
    if (reason) plan.arxiv.push({ target: { id }, reason });
    else fresh.arxiv++;
  }
  return plan;
}
