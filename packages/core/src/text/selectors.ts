/**
 * W3C Web Annotation selectors for a claim's place in the snapshot.
 */
import type { ClaimSelectors } from './chapter-text.js';

/** Characters of context kept in a TextQuoteSelector's prefix and suffix. */
export const SELECTOR_CONTEXT = 32;

/**
 * W3C selectors for a range of the snapshot.
 * @param snapshot the snapshot (or index text).
 * @param start start offset.
 * @param end end offset.
 * @returns TextQuoteSelector (with 32 characters of context) and TextPositionSelector.
 */
export function selectorsFor(snapshot: string, start: number, end: number): ClaimSelectors {
  return {
    quote: {
      type: 'TextQuoteSelector',
      exact: snapshot.slice(start, end),
      prefix: snapshot.slice(Math.max(0, start - SELECTOR_CONTEXT), start),
      suffix: snapshot.slice(end, end + SELECTOR_CONTEXT).replace(/\n$/, ''),
    },
    position: { type: 'TextPositionSelector', start, end },
  };
}
