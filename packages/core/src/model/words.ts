/**
 * The words readers, researchers and authors see for each value of the
 * model: claim statuses, reading statuses, how a claim was found, why a
 * verdict is stale, and what the sources lock says about a source (link
 * health, archived copies, changed pages, newer versions) and about a claim
 * that rests on it. Pages, packs, briefs, `report.md`, the status report and
 * the CLI all read them from here, so a status is called the same thing
 * everywhere.
 */
import type { EvidenceClass, ReadingStatus } from '../schema/sidecars.js';
import type { LinkHealth, LockedArchive, LockedArxiv, LockedDoi } from '../schema/sources-lock.js';
import type { ClaimSourceReview } from '../sources/view.js';
import type { AnchorKind } from '../text/chapter-text.js';
import type { DisplayStatus, StaleReason } from './types.js';

/** The display statuses in the order reports and charts list them. */
export const DISPLAY_STATUSES: readonly DisplayStatus[] = Object.freeze([
  'supported',
  'qualified',
  'contradicted',
  'unverified',
  'stale',
  'review-due',
]);

/** A symbol per status, so that status never relies on colour alone. */
export const STATUS_SYMBOL: Readonly<Record<DisplayStatus, string>> = Object.freeze({
  supported: '✓',
  qualified: '±',
  contradicted: '✗',
  unverified: '?',
  stale: '≠',
  'review-due': '↻',
});

/** How each status reads, in words (markers, tables, prose). */
export const STATUS_WORD: Readonly<Record<DisplayStatus, string>> = Object.freeze({
  supported: 'supported',
  qualified: 'qualified',
  contradicted: 'contradicted',
  unverified: 'unverified',
  stale: 'stale',
  'review-due': 'review due',
});

/**
 * How much of a source was read: `word` names the status (tables, briefs,
 * `report.md`), `detail` describes a source beside an evidence item ("full
 * text read, accessed …" in a claim's popover).
 */
export const READING: Readonly<Record<ReadingStatus, { word: string; detail: string }>> = Object.freeze({
  'full-text': { word: 'full text', detail: 'full text read' },
  'abstract-only': { word: 'abstract only', detail: 'abstract only' },
  partial: { word: 'partial', detail: 'partly read' },
  'not-accessible': { word: 'not accessible', detail: 'not accessible' },
});

/**
 * What kind of evidence an item is, in a reader's words, for a claim's
 * popover (a reader could not tell what "reported" meant); tables and
 * briefs keep the sidecar's word.
 */
export const EVIDENCE_CLASS_WORD: Readonly<Record<EvidenceClass, string>> = Object.freeze({
  background: 'background reading',
  reported: 'stated in the source',
  reproduced: 'reproduced by a run',
  hypothesis: 'a hypothesis',
  'proposed-experiment': 'an experiment to run',
});

/** How a claim was found in the prose, in words. */
export const ANCHORING_WORD: Readonly<Record<AnchorKind, string>> = Object.freeze({
  directive: 'claim directive',
  exact: 'exact quote',
  fuzzy: 'approximate match',
});

/** Why a verdict no longer matches the prose, as a clause ("…; review it again"). */
export const STALE_REASON: Readonly<Record<StaleReason, string>> = Object.freeze({
  'text-changed': 'the text of the claim has changed since the verdict was given',
  'fuzzy-anchor': 'the claim was found only approximately in the current prose',
  'no-text-hash': 'the verdict does not record which text it reviewed',
});

/** A link's health, in words; `unchecked` is a link the book's sources lock has nothing on. */
export const LINK_HEALTH_WORD: Readonly<Record<LinkHealth | 'unchecked', string>> = Object.freeze({
  ok: 'ok',
  redirected: 'redirected',
  dead: 'dead',
  unreachable: 'unreachable',
  unchecked: 'never checked',
});

/** What the DOI resolver said, in words. */
export const DOI_RESULT_WORD: Readonly<Record<LockedDoi['result'] | 'unchecked', string>> = Object.freeze({
  found: 'found',
  'not-found': 'not found',
  'no-metadata': 'without metadata',
  unreachable: 'unreachable',
  unchecked: 'never checked',
});

/** What the arXiv API said, in words. */
export const ARXIV_RESULT_WORD: Readonly<Record<LockedArxiv['result'] | 'unchecked', string>> = Object.freeze({
  found: 'found',
  'not-found': 'not found',
  unreachable: 'unreachable',
  unchecked: 'never checked',
});

/** What a Memento TimeGate said about a copy near a date, in words. */
export const ARCHIVE_RESULT_WORD: Readonly<Record<LockedArchive['result'], string>> = Object.freeze({
  found: 'found',
  none: 'without a copy',
  unreachable: 'unreachable',
});

/**
 * The other states the sources lock gives a source, and the one it gives a
 * claim: a page whose content moved since `accessed`, a later arXiv version,
 * a copy in a web archive, a source with nothing to check, and a claim
 * flagged for review because of its sources.
 */
export const SOURCE_CHECK_WORD = Object.freeze({
  changed: 'changed since you read it',
  newer: 'newer version',
  archive: 'archived copy',
  uncheckable: 'nothing to check',
  flagged: 'flagged for review',
} as const);

/** Why a claim is flagged for review because of its sources, as a clause ("Flagged for review: …."). */
export const SOURCE_REVIEW_REASON: Readonly<Record<ClaimSourceReview['reason'], string>> = Object.freeze({
  dead: 'every source of its validated evidence is dead',
  changed: 'every source of its validated evidence changed since it was read',
  'dead-or-changed': 'every source of its validated evidence is dead or changed since it was read',
});

/**
 * A count and its noun, in the plural unless the count is one.
 * @param count how many.
 * @param noun the singular noun; the plural adds "s".
 * @returns e.g. "1 source", "3 sources".
 */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * A sentence's first letter in upper case.
 * @param text a phrase from the tables above.
 * @returns e.g. "Never checked".
 */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
