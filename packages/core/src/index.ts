export * from './schema.js';
export type * from './model.js';
export { DEFAULT_SITE_URLS, PACK_FILES, chapterUrls, bookReportUrl, siteReportUrl, reportUrls, packSchemaUrl, reportSchemaUrl, claimFragment, claimUrl } from './urls.js';
export type { ChapterUrls, ReportUrls } from './urls.js';
export { colabUrl, notebookGithubUrl } from './colab.js';
export type { NotebookRepository } from './colab.js';
export {
  DEFAULT_BRIEF_INTRO,
  DEFAULT_BRIEF_OBJECTIVE,
  DEFAULT_BRIEF_INVESTIGATE,
  DEFAULT_BRIEF_OUTPUT_INTRO,
  DEFAULT_BRIEF_OUTPUT_OUTRO,
  REPORT_SECTIONS,
  resolveBriefTemplates,
  resolveObjective,
  fillTemplate,
} from './brief-defaults.js';
export type { ReportSection, ResolvedBriefTemplates, ObjectiveOrigin } from './brief-defaults.js';
export { BRIEF_SECTIONS, LEADS_HEADING, AVAILABILITY_STATEMENT, cutExcerpt, renderBrief } from './render-brief.js';
export type { Excerpt } from './render-brief.js';
export { rules, createProblem, hasErrors, formatPath, quote, closest } from './problems.js';
export type { RuleId, RuleInfo, ProblemPlace } from './problems.js';
export { formatProblem, formatProblems, sortProblems, compareProblems } from './format-problems.js';
export { loadYaml } from './load-yaml.js';
export type { LoadedYaml, LoadYamlOptions, Locate, Position, YamlPath } from './load-yaml.js';
export { validateSchema } from './validate-schema.js';
export type { Validated, ValidateOptions } from './validate-schema.js';
export { loadSidecar } from './load-sidecar.js';
export type { LoadedSidecar, SidecarData } from './load-sidecar.js';
export { loadFrontmatter } from './load-frontmatter.js';
export type { LoadedFrontmatter } from './load-frontmatter.js';
export { loadBooks, listBooks, loadChapter, bookFolder, readChapterSource, defaultContentDir } from './load-books.js';
export type { BookFolder, BookListing, BookListings, ChapterEntry, LoadBooksOptions, LoadedBook, LoadedBooks, LoadedChapter, SidecarKind } from './load-books.js';
export { createModelCache } from './load-cache.js';
export type { ModelCache } from './load-cache.js';
export { validateBook, validateChapter, duplicateChapterNumber, verdictRelations } from './validate-book.js';
export type { ValidateBookOptions } from './validate-book.js';
export { buildModel } from './build-model.js';
export { buildChapter, resolveClaims } from './build-chapter.js';
export { checkChapter, checkProject, collectProblems, assembleModel } from './check-chapters.js';
export { buildModelOnThreads, checkProblemsOnThreads, threadCount, PARALLEL_FROM_CHAPTERS } from './chapter-threads.js';
export type { ParserModule, ThreadedOptions } from './chapter-threads.js';
export type { ChapterCheck, CheckChapterOptions, CheckProjectOptions } from './check-chapters.js';
export type { BuildModelOptions, BuildModelResult } from './build-model.js';
export type { ParseChapter, ResolveClaimsOptions } from './build-chapter.js';
export { resolveAsOf, toDateString, isDateString, addDays } from './dates.js';
export { relativePath, unsafePathReason } from './paths.js';
export { createJsonSchema, jsonSchemaText, sidecarKinds } from './json-schema.js';
export { extractChapterText, anchorClaims } from './chapter-text.js';
export type { ChapterText, ClaimAnchor, DirectiveClaim, ExtractChapterTextOptions, AnchorFiles } from './chapter-text.js';
export { attachSource, sourceOf, snapshotOf } from './snapshot.js';
export { fingerprintSnapshot, hashClaimText } from './fingerprint.js';
export { normalizeLines, normalizeProse, foldText, fold } from './normalize.js';
export type { FoldedText } from './normalize.js';
export { buildTextIndex, locateOffset, leafIndexAt, leafOffsetAt, serializeDirective, directiveId } from './text-index.js';
export type { TextIndex, TextIndexOptions, IndexLeaf, IndexUnit, IndexNode, IndexedClaimDirective, RestoredDirective } from './text-index.js';
export { SELECTOR_CONTEXT, maxFuzzyErrors, prepareSearch, locateQuote, findExact, closestText, selectorsFor, toFolded, fromFolded } from './anchor.js';
export type { SearchText, QuoteResult } from './anchor.js';
export { safeHref, httpUrl, doiUrl, arxivUrl, sourceHref } from './safe-url.js';
export { claimAnnotations, claimPopoversHtml, accessibleName, STATUS_SYMBOL, STATUS_WORD } from './claim-annotations.js';
export type { ChapterAnnotations, ClaimAnnotation, ClaimAnnotationsOptions, DirectiveAnnotationAnchor, QuoteAnnotationAnchor } from './claim-annotations.js';
export { renderChapterReport } from './render-chapter-report.js';
export {
  PACK_VERSION,
  PackSchema,
  PackIdentitySchema,
  PackEvidenceSchema,
  PackNotebookSchema,
  PackPassSchema,
  PackClaimSchema,
  PackSourceSchema,
  WebAnnotationSchema,
  ClaimReviewSchema,
  CslItemSchema,
  packJsonSchema,
} from './pack-schema.js';
export type { Pack, PackClaim, PackSource, PackEvidence, WebAnnotation, ClaimReview, CslItem } from './pack-schema.js';
export { buildPack, renderPackJson, webAnnotations, claimReviews, cslItems } from './render-pack-json.js';
export { packHast, renderPackHtml, claimReviewJsonLd, claimReviewScript, escapeJsonForScript } from './render-pack-html.js';
export {
  DISPLAY_STATUSES,
  STATUS_LABELS,
  locateChapter,
  splitEvidence,
  findSource,
  claimsOfSource,
  latestRun,
  notebookState,
  latestPass,
  passReadsCurrent,
  StatusCountsSchema,
  ReportTotalsSchema,
  ReportChapterSchema,
  ReportBookSchema,
  ReportSchema,
  reportJsonSchema,
  buildReport,
  countStatuses,
  statusKey,
} from './report-model.js';
export type { ModelSource, NotebookState, ReportData, ReportBook, ReportChapter, ReportTotals, StatusCounts } from './report-model.js';
export { STATUS_STYLES, statusChart, renderStatusChart, describeCounts } from './render-chart.js';
export type { StatusChartOptions } from './render-chart.js';
export { scopeReport, renderReportJson, renderReportMarkdown, reportHast, renderReportHtml } from './render-book-report.js';
export type { ReportScope } from './render-book-report.js';
export { parseReport, reportProblem, reportRules, CLAIM_AUDIT_COLUMNS, SOURCE_LEDGER_COLUMNS } from './parse-report.js';
export type {
  ParseReportMarkdown,
  ParseReportOptions,
  ResearchReport,
  FoundSection,
  ClaimAuditRow,
  SourceLedgerRow,
  BearsOn,
  ExperimentItem,
  ReportPlace,
  Located,
  ReportRuleId,
} from './parse-report.js';
export { matchClaimRows, matchSourceRow, normalizeUrl, normalizeTitle } from './ingest-match.js';
export type { ClaimText, ClaimMatch, ClaimMatchKind, SourceMatchKind } from './ingest-match.js';
export { editYaml, SIDECAR_KEY_ORDER } from './ingest-yaml.js';
export type { YamlEdit, AppendOptions } from './ingest-yaml.js';
export { planIngest } from './ingest-plan.js';
export type { PlanIngestOptions, IngestPlan, IngestChapter, IngestSidecars, PlannedFile, PlannedSource } from './ingest-plan.js';
