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
