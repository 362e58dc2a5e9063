/**
 * A refresh's observations merged into a book's lock. A whole-book refresh
 * also drops what no ledger names any more (URLs, DOIs, arXiv ids, and
 * archive dates no source was read on); a chapter's refresh keeps every
 * other entry as it was.
 */
import type { LockedArxiv, LockedDoi, LockedUrl, SourcesLock } from '../schema/sources-lock.js';
import { byCodePoint } from './keys.js';
import { emptySourcesLock } from './lock.js';
import { observeArchive, observeArxiv, observeDoi, observeUrl, type ArchiveObservation, type ArxivObservation, type DoiObservation, type UrlObservation } from './observe.js';
import type { RefreshPlan } from './plan.js';

/** Everything one refresh of a book saw. */
export interface RefreshObservations {
  urls: UrlObservation[];
  archives: ArchiveObservation[];
  dois: DoiObservation[];
  arxiv: ArxivObservation[];
}

/**
 * The book's lock after a refresh.
 * @param lock the lock before (undefined when the book had none).
 * @param plan the plan the refresh ran (its scope decides what is dropped).
 * @param seen what it saw.
 * @returns the new lock, entries sorted.
 */
export function mergeRefresh(lock: SourcesLock | undefined, plan: RefreshPlan, seen: RefreshObservations): SourcesLock {
  const before = lock ?? emptySourcesLock();
  const urls = new Map<string, LockedUrl>(before.urls.map((entry) => [entry.url, entry]));
  const dois = new Map<string, LockedDoi>(before.dois.map((entry) => [entry.doi, entry]));
  const arxiv = new Map<string, LockedArxiv>(before.arxiv.map((entry) => [entry.id, entry]));
  for (const observation of seen.urls) urls.set(observation.url, observeUrl(urls.get(observation.url), observation));
  for (const observation of seen.archives) {
    const entry = urls.get(observation.url);
    if (entry) urls.set(observation.url, observeArchive(entry, observation));
  }
  for (const observation of seen.dois) dois.set(observation.doi, observeDoi(dois.get(observation.doi), observation));
  for (const observation of seen.arxiv) for (const entry of observeArxiv(arxiv, observation)) arxiv.set(entry.id, entry);

  if (plan.chapter === undefined) {
    for (const [url, entry] of urls) {
      const nears = plan.used.urls.get(url);
      if (!nears) urls.delete(url);
      else if (entry.archives.some((archive) => !nears.has(archive.near))) urls.set(url, { ...entry, archives: entry.archives.filter((archive) => nears.has(archive.near)) });
    }
    for (const doi of dois.keys()) if (!plan.used.dois.has(doi)) dois.delete(doi);
    for (const id of arxiv.keys()) if (!plan.used.arxiv.has(id)) arxiv.delete(id);
  }
  return {
    version: before.version,
    urls: [...urls.values()].sort((a, b) => byCodePoint(a.url, b.url)).map((entry) => ({ ...entry, archives: [...entry.archives].sort((a, b) => byCodePoint(a.near, b.near)) })),
    dois: [...dois.values()].sort((a, b) => byCodePoint(a.doi, b.doi)),
    arxiv: [...arxiv.values()].sort((a, b) => byCodePoint(a.id, b.id)),
  };
}
