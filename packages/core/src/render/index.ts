/**
 * `@research-pack/core/render`: the brief, a chapter's `report.md`, the
 * pack, the status report and the page's markers and popovers. Every name here is also exported by
 * `@research-pack/core`; this door loads only this stage and the stages it
 * builds on.
 */
export {
  DEFAULT_BRIEF_INTRO,
  DEFAULT_BRIEF_OBJECTIVE,
  DEFAULT_BRIEF_INVESTIGATE,
  DEFAULT_BRIEF_OUTPUT_INTRO,
  DEFAULT_BRIEF_OUTPUT_OUTRO,
  resolveBriefTemplates,
  resolveObjective,
  fillTemplate,
} from './brief-wording.js';
export type { ResolvedBriefTemplates, ObjectiveOrigin } from './brief-wording.js';
export { BRIEF_SECTIONS, LEADS_HEADING, AVAILABILITY_STATEMENT, cutExcerpt, renderBrief } from './brief.js';
export type { Excerpt } from './brief.js';
export { claimAnnotations, claimMarkerHtml, claimPopoversHtml, chapterPopoversHtml, accessibleName, FLAG_SYMBOL, NO_POPOVER } from './claim-annotations.js';
export type { ChapterAnnotations, ClaimAnnotation, EvidenceCount, ClaimAnnotationsOptions, DirectiveAnnotationAnchor, QuoteAnnotationAnchor } from './claim-annotations.js';
export { buildPack, renderPackJson, webAnnotations, claimReviews, cslItems } from './pack-json.js';
export { packHast, renderPackHtml } from './pack-html.js';
export { claimReviewJsonLd, claimReviewScript, escapeJsonForScript } from './claim-review.js';
export { sourceCheckData, sourceReviewData, countSourceChecks } from './source-check-data.js';
export { sourceFacts, factLine, urlLines, identifierLines } from './source-facts.js';
export type { SourceFact, FactKind, FactPart, FactSource } from './source-facts.js';
export { briefSourceLines } from './brief-sources.js';
export { buildStatusReport } from './status-report-data.js';
export { STATUS_STYLES, statusChart, renderStatusChart, describeCounts } from './chart.js';
export type { StatusChartOptions } from './chart.js';
export { scopeStatusReport, renderStatusReportJson } from './status-report.js';
export { renderStatusReportMarkdown, statusReportRows } from './status-report-markdown.js';
export type { RowMemo } from '../markup/markdown.js';
export { renderResearchReport } from './research-report.js';
export { statusReportHast, renderStatusReportHtml, statusReportHtmlParts } from './status-report-html.js';
export type { StatusReportScope } from './status-report.js';
