/**
 * The resolved research model: what a book, its chapters and their claims
 * look like after loading, validation, anchoring and status computation.
 * Plain data only, so it can be serialized into a virtual module or JSON.
 */
import type { BookConfig, Claim, ChapterFrontmatter, EvidenceItem, ResearchFile, Source, VerdictStatus } from '../schema/sidecars.js';
import type { AnchorKind, ClaimSelectors } from '../text/chapter-text.js';
import type { ChapterBody, ClaimPlace } from '../text/page-places.js';
import type { ChapterSourceChecks } from '../sources/view.js';



/** Why a verdict no longer matches the prose. */
export type StaleReason = 'fuzzy-anchor' | 'text-changed' | 'no-text-hash';

/** The status a reader sees for a claim. `stale` and `review-due` override the verdict. */
export type DisplayStatus = VerdictStatus | 'stale' | 'review-due';


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
  stale: false | StaleReason;
  /** The newest validated evidence, and the verdict's date, are older than the book's `reviewAfterDays`. */
  reviewDue: boolean;
  /** What the reader sees. */
  status: DisplayStatus;
  /** Ids of evidence items bearing on the claim, validated first, then leads (rejected leads are left out). */
  evidence: string[];
  /**
   * Where the claim is in the chapter's file, for the page transform; absent
   * when the page must find it in its own text. Not enumerable: offsets in
   * the file's own coding (a BOM, CRLF line endings shift them), not data of
   * the model (serializing or comparing models leaves it out).
   */
  readonly place?: ClaimPlace | undefined;
}

/** A heading of the chapter, where it is in the snapshot. */
export interface ChapterHeading {
  /** The heading's text as the snapshot has it. */
  text: string;
  /** 1 to 6. */
  depth: number;
  /** Offset of its text in the snapshot. */
  start: number;
  /** Its 1-based line in the snapshot (`chapter-snapshot.txt`). */
  line: number;
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
  /**
   * Where the chapter's body starts in its file and its digest: a page
   * compares it with the source it is handed. Not enumerable, like `place`.
   */
  readonly body?: ChapterBody;
  /** The chapter's headings, in order, with their places in the snapshot. */
  headings: ChapterHeading[];
  claims: ResolvedClaim[];
  sources: Source[];
  evidence: EvidenceItem[];
  research: ResearchFile;
  /**
   * What the book's sources lock says about each source (link health,
   * archived copy, changes, metadata) and which claims rest only on dead or
   * changed sources. Set by `buildModel` and `assembleModel` (a chapter from
   * `buildChapter` alone has none); without a lock every source is "unchecked".
   */
  sourceChecks?: ChapterSourceChecks;
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

