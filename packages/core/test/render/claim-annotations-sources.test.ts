/**
 * A claim flagged for review because of its sources, on its chapter page;
 * and a chapter whose lock says nothing notable renders exactly as one
 * without a lock.
 */
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { FLAG_SYMBOL, claimAnnotations, claimPopoversHtml } from '../../src/render/claim-annotations.js';
import type { SourcesLock } from '../../src/schema/sources-lock.js';
import { ARCHIVE_URL, DEAD_LOCK, lockedModel } from '../locked-model.js';

const packUrl = '/research/books/demo/01-sessions/';
const annotate = (lock: SourcesLock | undefined) => claimAnnotations(lockedModel(lock).books[0]!.chapters[0]!, { packUrl });
const html = (annotations: ReturnType<typeof annotate>) => `${annotations.claims.map((claim) => toHtml(claim.marker)).join('')}${claimPopoversHtml(annotations)}${JSON.stringify(annotations.claims.map((claim) => claim.wrapper))}`;

describe('a claim flagged for review because of its sources', () => {
  const annotations = annotate(DEAD_LOCK);
  const jsonl = annotations.claims.find((claim) => claim.id === 'jsonl')!;

  it('keeps its status, and says "flagged for review" in its marker, its name and its wrapper', () => {
    // Its newest validated evidence (2025-01-10) is also older than the book's 180 days.
    expect(jsonl.status).toBe('review-due');
    expect(jsonl.wrapper).toEqual({ className: ['rp-claim'], id: 'rp-claim-jsonl', dataClaimId: 'jsonl', dataStatus: 'review-due', dataSourceReview: 'dead' });
    expect(toHtml(jsonl.marker)).toBe(
      `<button type="button" class="rp-marker" popovertarget="rp-claim-jsonl-details" aria-label="Claim, supported, review due, flagged for review: 1 validated source, 1 lead" data-pagefind-ignore><span class="rp-marker-symbol" aria-hidden="true">↻</span> <span class="rp-marker-word">review due</span> <span class="rp-marker-flag" aria-hidden="true">${FLAG_SYMBOL}</span><span class="rp-visually-hidden rp-print"> (1 validated source, 1 lead; flagged for review)</span></button>`,
    );
    expect(jsonl.popover.properties.ariaLabel).toBe('Claim, supported, review due, flagged for review: 1 validated source, 1 lead');
  });

  it('gives the reason in its popover, and names the dead source with its archived copy', () => {
    const popover = toHtml(jsonl.popover);
    expect(popover).toContain('<span class="rp-block-note rp-note-source-review"><strong>Flagged for review. </strong>Every source of its validated evidence is dead.</span>');
    expect(popover).toContain(`<a href="https://jsonlines.org/">JSON Lines</a> <span class="rp-muted">(full text read, accessed 2025-01-10, link dead since 2026-11-30, changed since you read it)</span> · <a href="${ARCHIVE_URL}">archived copy</a>`);
  });

  it('leaves the claims that still stand as they were', () => {
    for (const id of ['tree', 'header']) {
      const claim = annotations.claims.find((candidate) => candidate.id === id)!;
      expect(claim.wrapper.dataSourceReview).toBeUndefined();
      expect(toHtml(claim.marker)).not.toContain('rp-marker-flag');
    }
  });
});

describe('a chapter whose lock says nothing notable', () => {
  it('renders exactly as without a lock, and as a chapter built without the locks', () => {
    const alive: SourcesLock = { ...DEAD_LOCK, urls: [{ url: 'https://jsonlines.org/', checked: '2026-12-01T10:00:00Z', health: 'ok', since: '2026-11-30T10:00:00Z', status: 200, redirects: [], archives: [] }] };
    const without = annotate(undefined);
    expect(html(annotate(alive))).toBe(html(without));
    const chapter = lockedModel(undefined).books[0]!.chapters[0]!;
    expect(html(claimAnnotations({ ...chapter, sourceChecks: undefined }, { packUrl }))).toBe(html(without));
  });
});
