/**
 * What the sources lock says about each source of a chapter, as plain data
 * on the chapter model: its link's health (ok, redirected, dead since …),
 * an archived copy near the day it was read, whether the page changed since
 * that day, a newer arXiv version, and where the ledger's metadata differs
 * from the DOI's or arXiv's. And which claims rest, for their validated
 * evidence, only on sources that are dead or changed. Nothing here reads a
 * file or the network: the build joins the lock it read to the ledger.
 */
import type { CheckError, LinkHealth, LockedArchive, LockedArxiv, LockedDoi, LockedUrl, SourcesLock } from '../schema/sources-lock.js';
import type { EvidenceItem, Source } from '../schema/sidecars.js';
import { compareWithArxiv, compareWithDoi, type MetadataMismatch } from './compare.js';
import { doiKey, splitArxivId, urlKey } from './keys.js';

/** What the lock says about a source's URL. */
export interface LinkCheck {
  /** The URL checked (the ledger's, without its fragment). */
  url: string;
  /** `unchecked` when the lock has no entry for it. */
  health: LinkHealth | 'unchecked';
  /** When it was last checked. */
  checked?: string;
  /** The first check with the current health ("dead since"). */
  since?: string;
  /** The final answer's HTTP status. */
  status?: number;
  /** The redirects followed, in order. */
  redirects: Array<{ status: number; location: string }>;
  /** Where the redirects ended. */
  finalUrl?: string;
  /** Why the last check gave no usable answer. */
  error?: CheckError;
  /** The page changed after the source was read: seen one way at the check of `after`, another way from the check of `by` on. */
  changed?: { after: string; by: string };
  /** The archived copy nearest the day the source was read. */
  archive?: { url: string; datetime: string };
  /** When a copy near that day was last looked for (with or without success). */
  archiveChecked?: string;
  /** Whether that lookup found none (`none`) or could not be made (`unreachable`). */
  archiveResult?: LockedArchive['result'];
}

/** What the lock says about a source's DOI. */
export interface DoiCheck {
  doi: string;
  result: LockedDoi['result'] | 'unchecked';
  checked?: string;
  since?: string;
  status?: number;
  error?: CheckError;
}

/** What the lock says about a source's arXiv id. */
export interface ArxivCheck {
  /** The id as the ledger gives it (with its version). */
  id: string;
  result: LockedArxiv['result'] | 'unchecked';
  checked?: string;
  since?: string;
  error?: CheckError;
  /** The version the ledger names. */
  version?: number;
  /** The latest version arXiv has. */
  latest?: number;
  /** When the latest version was submitted. */
  latestDate?: string;
  /** arXiv has a later version than the ledger names. */
  newer: boolean;
}

/** What the lock says about one source of the ledger. */
export interface SourceCheck {
  /** The source's id. */
  source: string;
  /** Its index in the ledger (`sources[index]`). */
  index: number;
  /** Present when the source has a URL. */
  link?: LinkCheck;
  /** Present when the source has a DOI. */
  doi?: DoiCheck;
  /** Present when the source has an arXiv id. */
  arxiv?: ArxivCheck;
  /** Where the ledger's title, authors, venue or date differ from the recorded metadata. */
  mismatches: MetadataMismatch[];
  /** Every identifier that got an answer says the document is gone (and at least one did answer). */
  dead: boolean;
  /** Its page changed after it was read. */
  changed: boolean;
  /** False when the source has no URL, DOI or arXiv id: nothing can be checked. */
  checkable: boolean;
}

/** A claim whose validated evidence rests only on dead or changed sources. */
export interface ClaimSourceReview {
  claim: string;
  /** `dead`, `changed`, or both among its sources. */
  reason: 'dead' | 'changed' | 'dead-or-changed';
  /** Its validated evidence's sources, each dead or changed. */
  sources: Array<{ source: string; why: 'dead' | 'changed' }>;
}

/** What the book's sources lock says about a chapter's sources. */
export interface ChapterSourceChecks {
  /** The lock read, relative to the project root; absent when the book has none (every source then reads "never checked"). */
  lock?: string;
  /** One entry per source, in ledger order. */
  sources: SourceCheck[];
  /** Claims to review because of their sources, in claim order. */
  claims: ClaimSourceReview[];
}

/** What the view needs of a chapter (a `ChapterModel` is one). */
export interface ViewedChapter {
  sources: readonly Source[];
  evidence: readonly EvidenceItem[];
  claims: ReadonlyArray<{ claim: { id: string } }>;
}

/** The lock indexed by key, built once per book. */
export interface LockIndex {
  file: string | undefined;
  urls: ReadonlyMap<string, LockedUrl>;
  dois: ReadonlyMap<string, LockedDoi>;
  arxiv: ReadonlyMap<string, LockedArxiv>;
}

/**
 * Index a book's lock for `checkChapterSources`.
 * @param lock the lock and its file; undefined when the book has none.
 * @returns the index (empty without a lock).
 */
export function indexSourcesLock(lock: { file: string; lock: SourcesLock } | undefined): LockIndex {
  return {
    file: lock?.file,
    urls: new Map((lock?.lock.urls ?? []).map((entry) => [entry.url, entry])),
    dois: new Map((lock?.lock.dois ?? []).map((entry) => [entry.doi, entry])),
    arxiv: new Map((lock?.lock.arxiv ?? []).map((entry) => [entry.id, entry])),
  };
}

/**
 * What the lock says about a chapter's sources and the claims they bear.
 * @param chapter the chapter's ledger, evidence and claims.
 * @param index the book's lock, indexed.
 * @returns plain data for the chapter model.
 */
export function checkChapterSources(chapter: ViewedChapter, index: LockIndex): ChapterSourceChecks {
  const sources = chapter.sources.map((source, position) => checkSource(source, position, index));
  const result: ChapterSourceChecks = { sources, claims: claimsToReview(chapter, sources) };
  if (index.file !== undefined) result.lock = index.file;
  return result;
}

/**
 * Whether the lock had anything on any of a source's identifiers.
 * @param check the source's check.
 * @returns false for a source never checked, or with nothing to check.
 */
export function isSourceChecked(check: SourceCheck): boolean {
  return (check.link !== undefined && check.link.health !== 'unchecked') || (check.doi !== undefined && check.doi.result !== 'unchecked') || (check.arxiv !== undefined && check.arxiv.result !== 'unchecked');
}

function checkSource(source: Source, position: number, index: LockIndex): SourceCheck {
  const check: SourceCheck = { source: source.id, index: position, mismatches: [], dead: false, changed: false, checkable: false };
  const url = source.url === undefined ? undefined : urlKey(source.url);
  if (url) check.link = linkCheck(url, source.accessed, index.urls.get(url));
  const { doi, arxiv } = source.identifiers;
  if (doi) {
    const entry = index.dois.get(doiKey(doi));
    check.doi = withEntry<DoiCheck>({ doi, result: entry?.result ?? 'unchecked' }, entry);
    if (entry?.status !== undefined) check.doi.status = entry.status;
    if (entry?.metadata) check.mismatches.push(...compareWithDoi(source, entry.metadata));
  }
  if (arxiv) {
    const { id, version } = splitArxivId(arxiv);
    const entry = index.arxiv.get(id);
    const view = withEntry<ArxivCheck>({ id: arxiv, result: entry?.result ?? 'unchecked', newer: false }, entry);
    if (version !== undefined) view.version = version;
    if (entry?.version !== undefined) view.latest = entry.version;
    if (entry?.versionDate !== undefined) view.latestDate = entry.versionDate;
    view.newer = version !== undefined && entry?.version !== undefined && entry.version > version;
    check.arxiv = view;
    if (entry && (entry.title !== undefined || entry.authors.length > 0)) check.mismatches.push(...compareWithArxiv(source, entry));
  }
  check.checkable = check.link !== undefined || check.doi !== undefined || check.arxiv !== undefined;
  const answers = [
    check.link && (check.link.health === 'dead' ? 'dead' : check.link.health === 'ok' || check.link.health === 'redirected' ? 'alive' : undefined),
    check.doi && (check.doi.result === 'not-found' ? 'dead' : check.doi.result === 'found' || check.doi.result === 'no-metadata' ? 'alive' : undefined),
    check.arxiv && (check.arxiv.result === 'not-found' ? 'dead' : check.arxiv.result === 'found' ? 'alive' : undefined),
  ];
  check.dead = answers.includes('dead') && !answers.includes('alive');
  check.changed = check.link?.changed !== undefined;
  return check;
}

/** A view with the entry's checked, since and error, when it has them. */
function withEntry<T extends { checked?: string; since?: string; error?: CheckError }>(view: T, entry: { checked: string; since: string; error?: CheckError | undefined } | undefined): T {
  if (!entry) return view;
  view.checked = entry.checked;
  view.since = entry.since;
  if (entry.error) view.error = entry.error;
  return view;
}

function linkCheck(url: string, accessed: string, entry: LockedUrl | undefined): LinkCheck {
  const link: LinkCheck = { url, health: entry?.health ?? 'unchecked', redirects: entry?.redirects ?? [] };
  if (!entry) return link;
  link.checked = entry.checked;
  link.since = entry.since;
  if (entry.status !== undefined) link.status = entry.status;
  const last = entry.redirects[entry.redirects.length - 1];
  if (last) link.finalUrl = last.location;
  if (entry.error) link.error = entry.error;
  // The page changed after it was read when another body was still seen on or after that day.
  if (entry.previousBody && entry.body && entry.previousBody.until.slice(0, 10) >= accessed) link.changed = { after: entry.previousBody.until, by: entry.body.since };
  const asked = entry.archives.find((archive) => archive.near === accessed);
  if (asked) {
    link.archiveChecked = asked.checked;
    link.archiveResult = asked.result;
  }
  const archive = asked?.result === 'found' ? asked : nearestArchive(entry.archives, accessed);
  if (archive?.url !== undefined && archive.datetime !== undefined) link.archive = { url: archive.url, datetime: archive.datetime };
  return link;
}

/** Of the copies found for other dates, the one archived nearest a day. */
function nearestArchive(archives: readonly LockedArchive[], day: string): LockedArchive | undefined {
  const target = Date.parse(`${day}T12:00:00Z`);
  let best: LockedArchive | undefined;
  for (const archive of archives) {
    if (archive.result !== 'found' || archive.datetime === undefined) continue;
    const distance = Math.abs(Date.parse(archive.datetime) - target);
    if (!best || distance < Math.abs(Date.parse(best.datetime!) - target)) best = archive;
  }
  return best;
}

function claimsToReview(chapter: ViewedChapter, checks: readonly SourceCheck[]): ClaimSourceReview[] {
  const byId = new Map(checks.map((check) => [check.source, check]));
  const reviews: ClaimSourceReview[] = [];
  for (const { claim } of chapter.claims) {
    const ids = [...new Set(chapter.evidence.filter((item) => item.status === 'validated' && item.claims.includes(claim.id)).map((item) => item.source))];
    if (ids.length === 0) continue;
    const sources: ClaimSourceReview['sources'] = [];
    for (const id of ids) {
      const check = byId.get(id);
      if (!check || (!check.dead && !check.changed)) break;
      sources.push({ source: id, why: check.dead ? 'dead' : 'changed' });
    }
    if (sources.length !== ids.length) continue;
    const whys = new Set(sources.map((source) => source.why));
    reviews.push({ claim: claim.id, reason: whys.size === 2 ? 'dead-or-changed' : sources[0]!.why, sources });
  }
  return reviews;
}
