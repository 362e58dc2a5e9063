/**
 * `@research-pack/core/model`: the research model of a project, its checks,
 * its cache and the words it is shown in. Every name here is also exported
 * by `@research-pack/core`; this door loads only this stage and the stages
 * it builds on.
 */
export type * from './types.js';
export { validateBook } from './cross-file.js';
export { verdictRelations } from './cross-file-checks.js';
export type { ValidateBookOptions } from './cross-file.js';
export { buildModel } from './build.js';
export { resolveClaims } from './chapter.js';
export { checkChapter, checkProject, collectProblems, assembleModel } from './check.js';
export { coreCodeVersion } from './check-store.js';
export type { ChapterKey, CheckStore, CheckStoreOptions, StoredCheck } from './check-store.js';
export type { ChapterCheck, CheckChapterOptions, CheckProjectOptions } from './check.js';
export type { BuildModelOptions } from './build.js';
export type { BuildModelResult, PartialModel, SetAsideChapter } from './check.js';
export type { ParseChapter, ResolveClaimsOptions } from './chapter.js';
export type { ChapterPage } from './page-info.js';
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
} from './words.js';
export { sourceCheckOf, sourceReviewOf } from './queries.js';
export type { ModelSource, NotebookState } from './queries.js';
export { reviewQueue, handleIndex, contentDigest } from './review-queue.js';
export type { ReviewQueue, ReviewItem, ReviewLead, ReviewProposal, ReviewClaim, ReviewLeadGroup, ReviewKind, HandleIndex, HandleIdentity } from './review-queue.js';
export { textHashHintsOfModel, textHashHintsOfSidecar, formatTextHashHints } from './text-hash-hints.js';
export type { TextHashHint } from './text-hash-hints.js';
