/**
 * The agreed interface between model building and the chapter's text:
 * `extractChapterText` (snapshot, fingerprint, claim directives) and
 * `anchorClaims` (where each claim of the sidecar is in the prose).
 * The work lives in `snapshot.ts`, `text-index.ts` and `anchor.ts`; this file
 * holds only the types they share, so it imports nothing.
 */
import type { Root } from 'mdast';
import type { TextIndex } from './text-index.js';

/** How a claim was found in the prose. */
export type AnchorKind = 'directive' | 'exact' | 'fuzzy';

/** W3C Web Annotation selectors into the chapter snapshot. */
export interface ClaimSelectors {
  quote: { type: 'TextQuoteSelector'; exact: string; prefix: string; suffix: string };
  position: { type: 'TextPositionSelector'; start: number; end: number };
}


/** A `:claim[...]{#id}` directive found in the prose. */
export interface DirectiveClaim {
  /** The directive's id; empty when the author wrote none (reported by `anchorClaims`). */
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
  /**
   * The text index the snapshot was made from (leaves, units, positions).
   * Holds references to the mdast nodes: do not serialize it.
   */
  index?: TextIndex;
}

/** Where a claim was found. */
export interface ClaimAnchor {
  id: string;
  /** The claim's text as it reads in the prose now (normalized). */
  text: string;
  /** `hashClaimText(text)`. */
  textHash: string;
  anchoring: AnchorKind;
  /** Offsets in the snapshot and the 1-based position in the chapter source. */
  location: { start: number; end: number; line: number; column: number };
  /** W3C Web Annotation selectors into the snapshot. */
  selectors: ClaimSelectors;
}

/**
 * Parse a chapter into mdast, with positions, directives on and smart
 * punctuation off. Injected so that the core imports no Markdown processor.
 */
export type ParseChapter = (source: string, options: { file: string; format: 'mdx' | 'md' }) => Root;
