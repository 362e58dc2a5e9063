export * from './schema/sidecars.js';
export type * from './model/types.js';
export {
  DEFAULT_SITE_URLS,
  PACK_FILES,
  chapterUrls,
  chapterPageUrl,
  chapterPath,
  researchPatterns,
  urlPatternProblem,
  bookStatusReportUrl,
  siteStatusReportUrl,
  statusReportUrls,
  packSchemaUrl,
  statusReportSchemaUrl,
  claimUrl,
} from './site/urls.js';
export type { ChapterUrls, StatusReportUrls, SiteUrls, ChapterUrlParams, ChapterUrlFunction, ResearchUrlPatterns } from './site/urls.js';
export type { NotebookRepository } from './site/colab.js';
export {
  DEFAULT_BRIEF_INTRO,
  DEFAULT_BRIEF_OBJECTIVE,
  DEFAULT_BRIEF_INVESTIGATE,
  DEFAULT_BRIEF_OUTPUT_INTRO,
  DEFAULT_BRIEF_OUTPUT_OUTRO,
  resolveBriefTemplates,
  resolveObjective,
  fillTemplate,
} from './render/brief-wording.js';
export type { ResolvedBriefTemplates, ObjectiveOrigin } from './render/brief-wording.js';
export { REPORT_SECTIONS } from './research-report/format.js';
export type { ReportSection } from './research-report/format.js';
export { BRIEF_SECTIONS, LEADS_HEADING, AVAILABILITY_STATEMENT, cutExcerpt, renderBrief } from './render/brief.js';
export type { Excerpt } from './render/brief.js';
export { rules } from './problems/rules.js';
export type { RuleId, RuleInfo } from './problems/rules.js';
export { createProblem, hasErrors, formatPath, quote, closest } from './problems/problem.js';
export type { ProblemPlace } from './problems/problem.js';
export { formatProblem, formatProblems, sortProblems, compareProblems } from './problems/format.js';
export { loadYaml } from './load/yaml.js';
export type { LoadedYaml, LoadYamlOptions } from './load/yaml.js';
export type { Problem, Locate, Position, YamlPath } from './problems/problem.js';
export { validateSchema } from './schema/validate.js';
export type { Validated, ValidateOptions } from './schema/validate.js';
export { loadSidecar } from './load/sidecar.js';
export type { LoadedSidecar, SidecarData } from './load/sidecar.js';
export { loadFrontmatter } from './load/frontmatter.js';
export type { FrontmatterMode, LoadFrontmatterOptions } from './load/frontmatter.js';
export type { LoadedFrontmatter } from './load/frontmatter.js';
export { loadBooks, listBooks } from './load/books.js';
export type { BookFolder, BookListing, BookListings, ChapterEntry, LoadBooksOptions, LoadedBook, LoadedBooks, LoadedChapter, SidecarKind } from './load/books.js';
export { createModelCache } from './load/cache.js';
export { readTextFile, inspectPath, MAX_FILE_BYTES } from './load/read-file.js';
export type { FileRefusal, FileRule, FileKind, FoundPath, InspectedPath, ReadText, FilePolicyOptions } from './load/read-file.js';
export { readBookFile, forgetReads, listFolder, withoutExcerpts } from './load/book-files.js';
export type { BookFileRead, ReadBookFileOptions, FolderEntry, FolderListing } from './load/book-files.js';
export { systemErrorCode, systemReason, systemAdvice } from './load/system-error.js';
export type { FileOperation } from './load/system-error.js';
export type { ModelCache } from './load/cache.js';
export { validateBook } from './model/cross-file.js';
export { verdictRelations } from './model/cross-file-checks.js';
export type { ValidateBookOptions } from './model/cross-file.js';
export { buildModel } from './model/build.js';
export { resolveClaims } from './model/chapter.js';
export { checkChapter, checkProject, collectProblems, assembleModel } from './model/check.js';
export { coreCodeVersion } from './model/check-store.js';
export type { ChapterKey, CheckStore, CheckStoreOptions, StoredCheck } from './model/check-store.js';
export { buildModelOnThreads, checkProblemsOnThreads, threadCount } from './threads/run.js';
export type { ParserModule, ThreadedOptions, TakenCheck } from './threads/run.js';
export type { DeriveChapter, DeriveInput, DeriveModule } from './threads/derive.js';
export type { ChapterCheck, CheckChapterOptions, CheckProjectOptions } from './model/check.js';
export type { BuildModelOptions } from './model/build.js';
export type { BuildModelResult } from './model/check.js';
export type { ParseChapter, ResolveClaimsOptions } from './model/chapter.js';
export { resolveAsOf, toDateString, isDateString, addDays } from './schema/dates.js';
export { relativePath, unsafePathReason } from './load/paths.js';
export { createJsonSchema, jsonSchemaText, sidecarKinds } from './schema/json-schema.js';
export { extractChapterText } from './text/snapshot.js';
export { anchorClaims } from './text/anchor.js';
export { chapterBody } from './text/page-places.js';
export type { ChapterPage } from './model/page-info.js';
export type { ChapterBody, ClaimPlace } from './text/page-places.js';
export type { ChapterText, ClaimAnchor, DirectiveClaim, AnchorKind, ClaimSelectors } from './text/chapter-text.js';
export type { ExtractChapterTextOptions } from './text/snapshot.js';
export type { AnchorFiles } from './text/anchor.js';
export { sourceOf } from './text/snapshot.js';
export { hashClaimText } from './text/fingerprint.js';
export type { FoldedText } from './text/normalize.js';
export { buildTextIndex } from './text/text-index.js';
export { leafIndexAt, leafOffsetAt } from './text/leaf-map.js';
export type { TextIndex, TextIndexOptions, IndexLeaf, IndexUnit, IndexNode, IndexedClaimDirective, RestoredDirective } from './text/text-index-types.js';
export { prepareSearch } from './text/quote-search.js';
export { SELECTOR_CONTEXT } from './text/selectors.js';
export type { SearchText, QuoteResult } from './text/quote-search.js';
export { safeHref, sourceHref } from './site/safe-url.js';
export { claimAnnotations, claimMarkerHtml, claimPopoversHtml, accessibleName, FLAG_SYMBOL } from './render/claim-annotations.js';
export {
  DISPLAY_STATUSES,
  STATUS_SYMBOL,
  STATUS_WORD,
  READING,
  ANCHORING_WORD,
  STALE_REASON,
  LINK_HEALTH_WORD,
  DOI_RESULT_WORD,
  ARXIV_RESULT_WORD,
  ARCHIVE_RESULT_WORD,
  SOURCE_CHECK_WORD,
  SOURCE_REVIEW_REASON,
} from './model/words.js';
export type { ChapterAnnotations, ClaimAnnotation, ClaimAnnotationsOptions, DirectiveAnnotationAnchor, QuoteAnnotationAnchor } from './render/claim-annotations.js';
export { renderResearchReport } from './research-report/write.js';
export {
  PACK_VERSION,
  PackSchema,
  PackIdentitySchema,
  PackEvidenceSchema,
  PackRejectedEvidenceSchema,
  PackNotebookSchema,
  PackPassSchema,
  PackClaimSchema,
  PackSourceSchema,
  WebAnnotationSchema,
  ClaimReviewSchema,
  CslItemSchema,
  packJsonSchema,
} from './schema/pack.js';
export type { Pack, PackClaim, PackSource, PackEvidence, WebAnnotation, ClaimReview, CslItem } from './schema/pack.js';
export { buildPack, renderPackJson, webAnnotations, claimReviews, cslItems } from './render/pack-json.js';
export { packHast, renderPackHtml } from './render/pack-html.js';
export { claimReviewJsonLd, claimReviewScript, escapeJsonForScript } from './render/claim-review.js';
export { sourceCheckOf, sourceReviewOf } from './model/queries.js';
export {
  SourceCheckDataSchema,
  LinkCheckDataSchema,
  DoiCheckDataSchema,
  ArxivCheckDataSchema,
  SourceReviewDataSchema,
  SourceTotalsSchema,
} from './schema/source-check.js';
export type { SourceCheckData, LinkCheckData, SourceReviewData, SourceTotals } from './schema/source-check.js';
export { sourceCheckData, sourceReviewData, countSourceChecks } from './render/source-check-data.js';
export { sourceFacts, factLine, urlLines, identifierLines } from './render/source-facts.js';
export type { SourceFact, FactKind, FactPart, FactSource } from './render/source-facts.js';
export { briefSourceLines } from './render/brief-sources.js';
export type { ModelSource, NotebookState } from './model/queries.js';
export {
  StatusCountsSchema,
  StatusReportTotalsSchema,
  StatusReportChapterSchema,
  StatusReportBookSchema,
  StatusReportSchema,
  statusReportJsonSchema,
} from './schema/status-report.js';
export type { StatusReport, StatusReportBook, StatusReportChapter, StatusReportTotals, StatusCounts, StatusReportSourceChecks } from './schema/status-report.js';
export { buildStatusReport } from './render/status-report-data.js';
export { STATUS_STYLES, statusChart, renderStatusChart, describeCounts } from './render/chart.js';
export type { StatusChartOptions } from './render/chart.js';
export { scopeStatusReport, renderStatusReportJson } from './render/status-report.js';
export { renderStatusReportMarkdown } from './render/status-report-markdown.js';
export { statusReportHast, renderStatusReportHtml } from './render/status-report-html.js';
export type { StatusReportScope } from './render/status-report.js';
export { parseResearchReport, CLAIM_AUDIT_COLUMNS, SOURCE_LEDGER_COLUMNS } from './research-report/read.js';
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
} from './research-report/read.js';
export type { ClaimText, ClaimMatch, ClaimMatchKind, SourceMatchKind } from './ingest/match.js';
export { editYaml, SIDECAR_KEY_ORDER } from './ingest/yaml-edit.js';
export type { YamlEdit, AppendOptions } from './ingest/yaml-edit.js';
export { reviewQueue, handleIndex, contentDigest } from './model/review-queue.js';
export type { ReviewQueue, ReviewItem, ReviewLead, ReviewProposal, ReviewClaim, ReviewLeadGroup, ReviewKind, HandleIndex, HandleIdentity } from './model/review-queue.js';
export { textHashHintsOfModel, formatTextHashHints } from './model/text-hash-hints.js';
export type { TextHashHint } from './model/text-hash-hints.js';
export { planDecisions } from './review/plan.js';
export type { PlanDecisionsOptions, DecisionPlan, DecisionOutcome, SidecarText } from './review/plan.js';
export type { Decision, DecisionVerb, AcceptDecision, RejectDecision, AcceptClaimDecision, VerdictDecision, ReviewedDecision } from './review/decisions.js';
export { resolveTarget } from './review/resolve.js';
export type { ResolvedTarget } from './review/resolve.js';
export { findPass, reportedVerdict } from './review/from-pass.js';
export type { PassReports } from './review/from-pass.js';
export { planIngest } from './ingest/plan.js';
export type { PlanIngestOptions, IngestPlan, IngestChapter, IngestSidecars, PlannedFile, PlannedSource } from './ingest/plan.js';
export {
  SOURCES_LOCK_VERSION,
  SourcesLockSchema,
  LockedUrlSchema,
  LockedDoiSchema,
  LockedArxivSchema,
  LockedNameSchema,
  ArchiveSchema,
  BodySchema,
  PreviousBodySchema,
  RedirectSchema,
  DoiMetadataSchema,
  CheckErrorSchema,
  CheckErrorKindSchema,
  LinkHealthSchema,
  DateTimeSchema,
  toDateTimeString,
} from './schema/sources-lock.js';
export type { SourcesLock, LockedUrl, LockedDoi, LockedArxiv, LockedArchive, LockedName, DoiMetadata, CheckError, CheckErrorKind, LinkHealth } from './schema/sources-lock.js';
export type { JsonSchemaKind } from './schema/json-schema.js';
export { SOURCES_LOCK_FILE, emptySourcesLock, loadSourcesLock, readSourcesLock, renderSourcesLock } from './sources/lock.js';
export type { LoadedSourcesLock } from './sources/lock.js';
export { planRefresh } from './sources/plan.js';
export type { PlanBook, PlanChapter, PlanReason, PlanTarget, RefreshPlan, PlanRefreshOptions } from './sources/plan.js';
export { observeUrl, observeArchive, observeDoi, observeArxiv } from './sources/observe.js';
export type { UrlObservation, ArchiveObservation, DoiObservation, ArxivObservation } from './sources/observe.js';
export { mergeRefresh } from './sources/merge.js';
export type { RefreshObservations } from './sources/merge.js';
export { parseLinks, formatHttpDate, parseHttpDate } from './sources/link-format.js';
export type { WebLink } from './sources/link-format.js';
export { timeGateRequest, readTimeGateAnswer, readMementoAnswer, nearestMemento } from './sources/memento.js';
export type { AnswerHead, MementoStep } from './sources/memento.js';
export { readCslJson } from './sources/csl.js';
export { readArxivFeed } from './sources/arxiv-atom.js';
export type { ArxivPaper } from './sources/arxiv-atom.js';
export { compareWithDoi, compareWithArxiv } from './sources/compare.js';
export type { MetadataMismatch, ComparedSource } from './sources/compare.js';
export { checkChapterSources, indexSourcesLock } from './sources/view.js';
export type { ChapterSourceChecks, SourceCheck, LinkCheck, DoiCheck, ArxivCheck, ClaimSourceReview, ViewedChapter, LockIndex } from './sources/view.js';
export { sourceFindings, findingCategory, SOURCE_FINDING_CATEGORIES, SOURCE_FINDING_CATEGORY } from './sources/findings.js';
export type { SourceFindings, SourceFindingCategory, SourceRule, FindingsModel } from './sources/findings.js';
export {
  ProjectConfigSchema,
  ChapterUrlsSchema,
  ResearchUrlsSchema,
  PROJECT_PRESETS,
  resolveProjectConfig,
  formatConfigIssues,
} from './site/project-config.js';
export type { ProjectConfig, ProjectConfigInput, ProjectPreset } from './site/project-config.js';
export { CONFIG_FILE_NAMES, findConfigFile, loadConfigFile } from './site/config-file.js';
export type { ProjectConfigFile } from './site/config-file.js';
export { duplicateChapterUrls, duplicateResearchUrls, layoutProblems, type LayoutBook, type LayoutCheckOptions, type SiteLayout } from './site/check-urls.js';
export { ASTRO_CONFIG_NAMES, findSettingValue, type SettingPlace } from './site/setting-place.js';
