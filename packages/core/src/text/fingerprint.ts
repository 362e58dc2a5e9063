/**
 * Fingerprints: the sha256 of a chapter's snapshot, and the short hash of a
 * claim's text that a verdict records so that a changed claim shows as stale.
 */
import { hash } from 'node:crypto';
import { normalizeProse } from './normalize.js';

/**
 * The fingerprint of a snapshot.
 * @param snapshot the normalized snapshot (see `extractChapterText`).
 * @returns sha256 of its UTF-8 bytes, 64 lowercase hex characters.
 */
export function fingerprintSnapshot(snapshot: string): string {
  return hash('sha256', snapshot, 'hex');
}

/**
 * The hash a verdict records of the claim text it reviewed.
 * @param text the claim's text as it reads in the prose; it is normalized first (NFC, whitespace).
 * @returns the first 16 hex characters of sha256 of the normalized text.
 */
export function hashClaimText(text: string): string {
  return hash('sha256', normalizeProse(text), 'hex').slice(0, 16);
}

/**
 * Two digests shortened for a message, as far as it takes to tell them
 * apart: twelve characters, or to four past the first that differs.
 * @param a one digest (a fingerprint, say, as a report gives it).
 * @param b the other.
 * @returns both, shortened the same, each with `…` when cut.
 */
export function shortDigests(a: string, b: string): [string, string] {
  let differ = 0;
  while (differ < a.length && differ < b.length && a[differ] === b[differ]) differ += 1;
  const length = Math.max(12, differ + 4);
  const cut = (digest: string) => (digest.length > length ? `${digest.slice(0, length)}…` : digest);
  return [cut(a), cut(b)];
}
