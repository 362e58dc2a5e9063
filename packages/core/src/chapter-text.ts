/**
 * CONTRACT STUB — replaced by the real implementation (snapshot, fingerprint,
 * anchoring). Signatures here are the agreed interface between model building
 * and anchoring.
 */
import type { Root } from 'mdast';
import type { Claim } from './schema.js';
import type { ClaimSelectors, AnchorKind, Problem } from './model.js';

/** A `:claim[...]{#id}` directive found in the prose. */
export interface DirectiveClaim {
  id: string;
  /** Offsets of the directive's text in the snapshot. */
  start: number;
  end: number;
  /** Position of the directive in the chapter source (1-based). */
  line: number;
  column: number;
}

/** The chapter's text, extracted once from its mdast. */
export interface ChapterText {
  /** Normalized plain-text snapshot. */
  snapshot: string;
  /** sha256 hex of the snapshot. */
  fingerprint: string;
  /** Claim directives in document order. */
  directives: DirectiveClaim[];
}

/** Where a claim was found. */
export interface ClaimAnchor {
  id: string;
  text: string;
  textHash: string;
  anchoring: AnchorKind;
  location: { start: number; end: number; line: number; column: number };
  selectors: ClaimSelectors;
}

/**
 * Extract the snapshot, fingerprint and claim directives from a chapter's mdast.
 * @param root mdast of the chapter, parsed with directives on and smart punctuation off, with positions.
 * @returns the chapter text.
 */
export declare function extractChapterText(root: Root): ChapterText;

/**
 * Anchor every claim of a chapter in its text.
 * @param text from `extractChapterText`.
 * @param claims the claims sidecar's claims.
 * @param files paths used in problems: the chapter file and the claims sidecar, plus a locator for a claim's position in the sidecar.
 * @returns one anchor per claim that could be anchored, and positioned problems for the rest (orphan, ambiguous, unknown directive id, directive claim without directive).
 */
export declare function anchorClaims(
  text: ChapterText,
  claims: readonly Claim[],
  files: { chapter: string; claims: string; locate: (index: number, field?: string) => { line: number; column: number } },
): { anchors: Map<string, ClaimAnchor>; problems: Problem[] };
