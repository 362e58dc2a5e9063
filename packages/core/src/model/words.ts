/**
 * The words readers, researchers and authors see for each value of the
 * model: claim statuses, reading statuses, how a claim was found, and why a
 * verdict is stale. Pages, packs, briefs, `report.md`, the status report and
 * the CLI all read them from here, so a status is called the same thing
 * everywhere.
 */
import type { ReadingStatus } from '../schema/sidecars.js';
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

/**
 * A count and its noun, in the plural unless the count is one.
 * @param count how many.
 * @param noun the singular noun; the plural adds "s".
 * @returns e.g. "1 source", "3 sources".
 */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
