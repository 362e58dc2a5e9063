/**
 * What a research report says, as data: the sections found, the rows of the
 * claim audit and the source ledger, the experiments, each with the line and
 * column it came from.
 */
import type { Root } from 'mdast';
import type { EvidenceClass, Priority, ProposedResponse, ReadingStatus, Relation } from '../../schema/sidecars.js';

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

/** One row of the claim-audit table. */
export interface ClaimAuditRow extends ReportPlace {
  /** Position among all claim-audit rows, from 0. */
  index: number;
  /** The claim cell as plain text. */
  claimText: string;
  /** Where the claim cell is. */
  claimAt: ReportPlace;
  /** An id given in a claim-id column or as `#id` in the claim cell. */
  id?: Located<string>;
  /** Id-shaped code spans in the claim cell (`` `tree-in-place` ``): ids if the chapter has such claims. */
  codeIds: string[];
  /** Text between quotation marks in the claim cell, if any. */
  quote?: string;
  /** The current-evidence cell. */
  evidence: string;
  /** The concern, unless the cell says none. */
  concern?: string;
  /** The priority, when the cell reads as one. */
  priority?: Priority;
  /** The proposed response, when the cell reads as one. */
  response?: ProposedResponse;
  /** The row says UNVERIFIED. */
  unverified: boolean;
}

/** A claim the source-ledger row says the source bears on. */
export interface BearsOn extends ReportPlace {
  /** The claim id as written. */
  id: string;
  /** `supports`, `qualifies`, `contradicts` or `unresolved` when the cell says so. */
  relation?: Relation;
}

/** One row of the source-ledger table. */
export interface SourceLedgerRow extends ReportPlace {
  /** Position among all source-ledger rows, from 0. */
  index: number;
  /** The source cell as plain text: its title. */
  title: string;
  /** A link in the source cell, if any. */
  titleUrl?: string;
  /** The URL column's link. */
  url?: string;
  /** DOI and arXiv id (with version) found in the metadata, source or URL cells. */
  identifiers: { doi?: string; arxiv?: string };
  /** The metadata cell as plain text. */
  metadata: string;
  /** The metadata cell says UNVERIFIED: no verification date is recorded. */
  metadataUnverified: boolean;
  reading: ReadingStatus;
  bearsOn: BearsOn[];
  limitations?: string;
  /** When the metadata was checked, unless marked UNVERIFIED. */
  verified?: string;
  accessed: string;
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
  /** `UNRUN` (not run) or `RAN` (run, with its result). */
  marker: 'UNRUN' | 'RAN';
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
  /** Section 4 as Markdown. */
  findings?: string;
  /** Section 5 as Markdown. */
  proposal?: string;
  experiments: ExperimentItem[];
}
