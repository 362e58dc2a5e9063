/**
 * The resolved research model: what a book, its chapters and their claims
 * look like after loading, validation, anchoring and status computation.
 * Plain data only, so it can be serialized into a virtual module or JSON.
 */
import type {
  BookConfig,
  Claim,
  ChapterFrontmatter,
  EvidenceItem,
  ResearchFile,
  Source,
  VerdictStatus,
} from '../schema/sidecars.js';

/** A positioned problem found in the book's files. */
export interface Problem {
  /** Path of the file, relative to the project root (POSIX separators). */
  file: string;
  /** 1-based line, 0 when the problem concerns the whole file. */
  line: number;
  /** 1-based column, 0 when the problem concerns the whole file. */
  column: number;
  /** Field path such as `claims[2].verdict.status`, or `` for the whole file. */
  path: string;
  /** What is wrong. */
  message: string;
  /** How to fix it. */
  hint?: string;
  /** Stable rule id, e.g. `schema/unknown-key`, `cross/missing-source`. */
  rule: string;
  /** Errors fail the build; warnings are logged. */
  severity: 'error' | 'warning';
}

/** How a claim was found in the prose. */
export type AnchorKind = 'directive' | 'exact' | 'fuzzy';

/** The status a reader sees for a claim. `stale` and `review-due` override the verdict. */
export type DisplayStatus = VerdictStatus | 'stale' | 'review-due';

/** W3C Web Annotation selectors into the chapter snapshot. */
export interface ClaimSelectors {
  quote: { type: 'TextQuoteSelector'; exact: string; prefix: string; suffix: string };
  position: { type: 'TextPositionSelector'; start: number; end: number };
}

/** A claim after anchoring and status computation. */
export interface ResolvedClaim {
  /** The claim as written in the sidecar (defaults applied). */
  claim: Claim;
  /** The claim's text as it reads in the current prose (normalized). */
  text: string;
  /** First 16 hex characters of sha256 of `text`. */
  textHash: string;
  /** How it was anchored. */
  anchoring: AnchorKind;
  /** Offsets into the snapshot and the position in the chapter source. */
  location: { start: number; end: number; line: number; column: number };
  /** W3C selectors into the snapshot. */
  selectors: ClaimSelectors;
  /** Why the verdict no longer matches the prose, if it does not. */
  stale: false | 'fuzzy-anchor' | 'text-changed' | 'no-text-hash';
  /** The newest validated evidence is older than the book's `reviewAfterDays`. */
  reviewDue: boolean;
  /** What the reader sees. */
  status: DisplayStatus;
  /** Ids of evidence items bearing on the claim, validated first. */
  evidence: string[];
}

/** One chapter with everything known about it. */
export interface ChapterModel {
  /** Book slug. */
  book: string;
  /** Chapter slug (file name without extension). */
  slug: string;
  /** Stable id `<book>-<chapter>`. */
  id: string;
  /** Chapter file, relative to the project root. */
  file: string;
  /** Sidecar files that exist, relative to the project root. */
  sidecars: { claims?: string; evidence?: string; research?: string };
  frontmatter: ChapterFrontmatter;
  /** Normalized plain-text snapshot of the prose. */
  snapshot: string;
  /** sha256 hex of the snapshot (UTF-8). */
  fingerprint: string;
  claims: ResolvedClaim[];
  sources: Source[];
  evidence: EvidenceItem[];
  research: ResearchFile;
}

/** One book. */
export interface BookModel {
  slug: string;
  /** `book.yaml`, relative to the project root. */
  file: string;
  config: BookConfig;
  /** Chapters ordered by number, then slug. */
  chapters: ChapterModel[];
}

/** Everything the site, the CLI and the renderers need. */
export interface ResearchModel {
  /** Schema version of this model and of `pack.json`. */
  version: 1;
  /** The date used for "review due" (YYYY-MM-DD). */
  asOf: string;
  books: BookModel[];
}

/** Where pages live; renderers derive every URL from this. */
export interface SiteUrls {
  /** Absolute origin plus base, e.g. `https://example.org` or `https://example.org/docs`; empty for root-relative URLs. */
  site: string;
  /** Path prefix of chapter pages, default `/books`. */
  chapters: string;
  /** Path prefix of research pages, default `/research`. */
  research: string;
}
