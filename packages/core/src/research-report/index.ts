/**
 * `@research-pack/core/research-report`: the seven-section report format,
 * and reading a report a pass returns (a chapter's `report.md` is written by
 * `@research-pack/core/render`). Every name here is also exported by
 * `@research-pack/core`; this door loads only this stage and the stages it
 * builds on.
 */
export { REPORT_SECTIONS } from './format.js';
export type { ReportSection } from './format.js';
export { parseResearchReport, CLAIM_AUDIT_COLUMNS, SOURCE_LEDGER_COLUMNS } from './read.js';
export type {
  ParseResearchReportMarkdown,
  ParseResearchReportOptions,
  ResearchReport,
  FoundSection,
  ClaimAuditRow,
  SourceLedgerRow,
  BearsOn,
  ExperimentItem,
  ReportPlace,
  Located,
} from './read.js';
