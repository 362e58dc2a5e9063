/**
 * What a research report says, as data: the sections found, the rows of the
 * claim audit and the source ledger, the experiments, each with the line and
 * column it came from.
 */
import type { Root } from 'mdast';
import type { EvidenceClass, Priority, ProposedResponse, ReadingStatus, Relation, VerdictStatus } from '../../schema/sidecars.js';

/** Parses a whole report (frontmatter allowed) into mdast with positions; GFM tables on, smart punctuation off. */
export type ParseResearchReportMarkdown = (source: string) => Root;

/** Options for `parseResearchReport`. */
export interface ParseResearchReportOptions {
  /** The report's path as problems should show it. */
  file: string;
  /** The Markdown parser. */
  parse: ParseResearchReportMarkdown;
}

/** A place in the report. */
export interface ReportPlace {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** A value the report states, and where. */
export interface Located<T> extends ReportPlace {
  value: T;
}

/** One of the seven sections, as found. */
export interface FoundSection extends ReportPlace {
  /** 1 to 7. */
  number: number;
  /** The heading's text as written. */
  heading: string;
  /** The section's Markdown after its heading, trimmed, with LF line endings. */
  markdown: string;
}

/** A row's label as the report writes it (`C1`, `12`, `N3`, `S2a`), to refer to the row elsewhere. */
export type RowLabel = Located<string>;

/** One row of the claim-audit table. */
export interface ClaimAuditRow extends ReportPlace {
  /** Position among all claim-audit rows, from 0. */
  index: number;
  /** The row's label, from a `#`, `Id` or label column. */
  label?: RowLabel;
  /** The claim cell as plain text. */
  claimText: string;
  /** Where the claim cell is. */
  claimAt: ReportPlace;
  /**
   * Id-shaped words of the label and claim cells, in order: code spans,
   * bold text, `#id` and hyphenated words. Those that are claim ids of the
   * chapter name the claim.
   */
  ids: Array<Located<string>>;
  /** An id the row gives its claim up front (`**damage-stays-local**: …`, or in the label cell): the id a proposed claim would take. */
  named?: string;
  /** Texts between quotation marks in the claim cell, in order. */
  quotes: string[];
  /** The snapshot line the claim cell gives (`(l.13)`, `L22`, `line 31`), if any. */
  snapshotLine?: number;
  /** The current-evidence cell. */
  evidence: string;
  /** The status the evidence cell opens with ("Supported.", "Contradicted …"), as a lead. */
  status?: VerdictStatus;
  /** The concern, unless the cell says none. */
  concern?: string;
  /** The priority, when the cell reads as one. */
  priority?: Priority;
  /** The proposed response, when the cell reads as one. */
  response?: ProposedResponse;
  /** The row says UNVERIFIED. */
  unverified: boolean;
}

/** A claim (or claim-audit row) a source-ledger row says the source bears on. */
export interface BearsOn extends ReportPlace {
  /** A claim id or a row label as written; for a range, its first end. */
  ref: string;
  /** The other end of a range (`C4–C9`). */
  to?: string;
  /** `supports`, `qualifies`, `contradicts` or `unresolved` when the cell says so. */
  relation?: Relation;
}

/** How much of a source the report says it read. `as-recorded` keeps the ledger's word. */
export type ReportedReading = ReadingStatus | 'as-recorded';

/** One row of the source-ledger table. */
export interface SourceLedgerRow extends ReportPlace {
  /** Position among all source-ledger rows, from 0. */
  index: number;
  /** The row's label, from a `#`, `Id` or label column. */
  label?: RowLabel;
  /** Id-shaped words of the label and source cells: ledger ids, if the chapter has such sources. */
  ids: string[];
  /** The source cell as plain text: its title (without a ledger id it opens with, `namedId`). */
  title: string;
  /**
   * The id the source cell opens with, before a colon
   * (`pi-coding-agent-1-6-0: @earendil-works/pi-coding-agent 1.6.0`), as
   * the brief lists the ledger: a recorded source's, or the id the
   * researcher gives a new one (`text`: as written, put back before the title
   * when the id is not taken). `elided` when written with an ellipsis inside
   * (`read-pi-sessions…hazat-pi-config:`): its two ends.
   */
  namedId?: { id: string; text: string } | { elided: { head: string; tail: string }; text: string };
  /** A link in the source cell, if any. */
  titleUrl?: string;
  /** The URL column's link. */
  url?: string;
  /** What the URL cell says beside the URL that is no place in the source: how it was reached ("read from the npm tarball instead"), more addresses. */
  urlNote?: string;
  /** The URL cell says "as S9": the row (by its label) whose address it gives, and that address. */
  sameAddressAs?: { label: string; url?: string };
  /** DOI and arXiv id (with version) found in the metadata, source or URL cells. */
  identifiers: { doi?: string; arxiv?: string };
  /** The metadata cell as plain text. */
  metadata: string;
  /** Where the metadata cell is, when the table has one. */
  metadataAt?: ReportPlace;
  /** The metadata cell says UNVERIFIED: no verification date is recorded. */
  metadataUnverified: boolean;
  /** How much was read; undefined when the row does not say (a recorded source keeps the ledger's word). */
  reading?: ReportedReading;
  /** The reading cell as written, and where. */
  readingText: Located<string>;
  /** The row reads as the researcher's own run (an experiment), not a source: a row held back for it is told so. */
  ownRun?: boolean;
  /** The reading cell says something, but none of the four statuses: said by the ingest, once. */
  readingInvalid?: boolean;
  bearsOn: BearsOn[];
  /** What the source cannot show; for a partial reading, what was read comes first. */
  limitations?: string;
  /** When the metadata was checked, unless marked UNVERIFIED. */
  verified?: string;
  /** When the source was last opened; undefined when the report gives no date for it. */
  accessed?: string;
  /** Optional columns. */
  relation?: Relation;
  evidenceClass?: EvidenceClass;
  locator?: string;
  authors?: string[];
  published?: string;
  venue?: string;
  /** The row says UNVERIFIED. */
  unverified: boolean;
}

/** One experiment of section 6. */
export interface ExperimentItem extends ReportPlace {
  index: number;
  /** The item as plain text, on one line. */
  text: string;
  /** `UNRUN` (not run) or `RAN` (run, with its result), as the item (or the line that introduces it) says. */
  marker: 'UNRUN' | 'RAN';
}

/** A row the reader could not read: it lands nowhere, and the pass lists it as held back. */
export interface HeldBackRow extends ReportPlace {
  /** The table (or section 6 for an experiment). */
  table: 'claim-audit' | 'source-ledger' | 'experiments';
  /** Position among the rows of its table, from 0. */
  index: number;
  /** The row's label, or its first words. */
  label: string;
  /** Why it cannot land. */
  reason: string;
  /** How to make it land. */
  fix?: string;
}

/** What a research report says, as data. */
export interface ResearchReport {
  file: string;
  /** The `#` title, if any. */
  title?: string;
  /** The sections found, in document order. */
  sections: FoundSection[];
  /** The fingerprint (sha256) of the revision section 1 says was read. */
  fingerprint?: Located<string>;
  /** A date section 1 gives for the pass (a line that mentions a date). */
  date?: Located<string>;
  /** Who made the pass, from a `By:` line of section 1. */
  by?: Located<string>;
  /** A `Summary:` line of section 1. */
  summary?: Located<string>;
  claimAudit: ClaimAuditRow[];
  sourceLedger: SourceLedgerRow[];
  /** Rows that could not be read, in document order. */
  heldBack: HeldBackRow[];
  /** Labelled paragraphs of the findings (`**F3: … Qualifies C4.**`), which a ledger row may name instead of a claim. */
  labelled: Array<Located<string> & { text: string }>;
  /** Section 4 as Markdown. */
  findings?: string;
  /** Section 5 as Markdown. */
  proposal?: string;
  experiments: ExperimentItem[];
}
