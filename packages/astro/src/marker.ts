/**
 * What an MDX chapter's claim markers call when the page renders, on
 * Sätteri and on unified (the claim transform's `markerModule`): each marker's HTML comes
 * from the model the integration loaded, so that only a call per claim is
 * compiled into the chapter, not the marker's markup.
 */
import { readState } from './state.js';

/**
 * A claim's marker.
 * @param chapter the chapter's id.
 * @param claim the claim's id.
 * @returns the marker's HTML, as the claim transform would have compiled it; empty when the model has no such claim (the chapter's page is then marked again from the model that has it).
 */
export function claimMarker(chapter: string, claim: string): string {
  return readState().markerHtml(chapter, claim) ?? '';
}
