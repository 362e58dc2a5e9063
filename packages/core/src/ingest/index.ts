/**
 * `@research-pack/core/ingest`: a report's pass planned as lossless edits of
 * the chapter's sidecars. Every name here is also exported by
 * `@research-pack/core`; this door loads only this stage and the stages it
 * builds on.
 */
export type { ClaimText, ClaimMatch, ClaimMatchKind, SourceMatchKind } from './match.js';
export { editYaml, SIDECAR_KEY_ORDER } from './yaml-edit.js';
export type { YamlEdit, AppendOptions } from './yaml-edit.js';
export { planIngest } from './plan.js';
export { shortDigests } from '../text/fingerprint.js';
export type { PlanIngestOptions, IngestPlan, IngestChapter, IngestSidecars, PlannedFile, PlannedSource, LinkedAgain, RejectedAgain } from './plan.js';
