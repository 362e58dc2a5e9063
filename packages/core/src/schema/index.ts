/**
 * `@research-pack/core/schema`: the sidecars', artifacts' and lock's zod
 * schemas, dates, URLs and the JSON Schemas. Every name here is also
 * exported by `@research-pack/core`; this door loads only this stage and the
 * stages it builds on.
 */
export * from './sidecars.js';
export { validateSchema } from './validate.js';
export type { Validated, ValidateOptions } from './validate.js';
export { resolveAsOf, toDateString, isDateString, addDays } from './dates.js';
export { createJsonSchema, jsonSchemaText, sidecarKinds } from './json-schema.js';
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
} from './pack.js';
export type { Pack, PackClaim, PackSource, PackEvidence, WebAnnotation, ClaimReview, CslItem } from './pack.js';
export {
  SourceCheckDataSchema,
  LinkCheckDataSchema,
  DoiCheckDataSchema,
  ArxivCheckDataSchema,
  SourceReviewDataSchema,
  SourceTotalsSchema,
} from './source-check.js';
export type { SourceCheckData, LinkCheckData, SourceReviewData, SourceTotals } from './source-check.js';
export {
  StatusCountsSchema,
  StatusReportTotalsSchema,
  StatusReportChapterSchema,
  StatusReportBookSchema,
  StatusReportSchema,
  statusReportJsonSchema,
} from './status-report.js';
export type { StatusReport, StatusReportBook, StatusReportChapter, StatusReportTotals, StatusCounts, StatusReportSourceChecks } from './status-report.js';
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
} from './sources-lock.js';
export type { SourcesLock, LockedUrl, LockedDoi, LockedArxiv, LockedArchive, LockedName, DoiMetadata, CheckError, CheckErrorKind, LinkHealth } from './sources-lock.js';
export type { JsonSchemaKind } from './json-schema.js';
