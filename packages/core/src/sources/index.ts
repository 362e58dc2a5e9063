/**
 * `@research-pack/core/sources`: the sources lock and the observations that
 * refresh it (links, DOIs, arXiv, archives). Every name here is also
 * exported by `@research-pack/core`; this door loads only this stage and the
 * stages it builds on.
 */
export { SOURCES_LOCK_FILE, emptySourcesLock, loadSourcesLock, readSourcesLock, renderSourcesLock } from './lock.js';
export type { LoadedSourcesLock } from './lock.js';
export { planRefresh } from './plan.js';
export type { PlanBook, PlanChapter, PlanReason, PlanTarget, RefreshPlan, PlanRefreshOptions } from './plan.js';
export { observeUrl, observeArchive, observeDoi, observeArxiv } from './observe.js';
export type { UrlObservation, ArchiveObservation, DoiObservation, ArxivObservation } from './observe.js';
export { mergeRefresh } from './merge.js';
export type { RefreshObservations } from './merge.js';
export { parseLinks, formatHttpDate, parseHttpDate } from './link-format.js';
export type { WebLink } from './link-format.js';
export { timeGateRequest, readTimeGateAnswer, readMementoAnswer, nearestMemento } from './memento.js';
export type { AnswerHead, MementoStep } from './memento.js';
export { readCslJson } from './csl.js';
export { readArxivFeed } from './arxiv-atom.js';
export type { ArxivPaper } from './arxiv-atom.js';
export { compareWithDoi, compareWithArxiv } from './compare.js';
export type { MetadataMismatch, ComparedSource } from './compare.js';
export { checkChapterSources, indexSourcesLock } from './view.js';
export type { ChapterSourceChecks, SourceCheck, LinkCheck, DoiCheck, ArxivCheck, ClaimSourceReview, ViewedChapter, LockIndex } from './view.js';
export { sourceFindings, findingCategory, SOURCE_FINDING_CATEGORIES, SOURCE_FINDING_CATEGORY } from './findings.js';
export type { SourceFindings, SourceFindingCategory, SourceRule, FindingsModel } from './findings.js';
