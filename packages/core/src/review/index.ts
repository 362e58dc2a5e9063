/**
 * `@research-pack/core/review`: what awaits the author's decision, and the
 * decisions planned as edits. Every name here is also exported by
 * `@research-pack/core`; this door loads only this stage and the stages it
 * builds on.
 */
export { planDecisions } from './plan.js';
export type { PlanDecisionsOptions, DecisionPlan, DecisionOutcome, SidecarText } from './plan.js';
export type { Decision, DecisionVerb, AcceptDecision, ClaimRelations, RejectDecision, AcceptClaimDecision, VerdictDecision, ReviewedDecision } from './decisions.js';
export { resolveTarget } from './resolve.js';
export type { ResolvedTarget } from './resolve.js';
export { findPass, passAudit, reportedVerdict } from './from-pass.js';
export type { PassReports, ReportedVerdict } from './from-pass.js';
