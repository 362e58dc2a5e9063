/**
 * `@research-pack/core/problems`: how a problem is made, positioned, sorted
 * and printed, and the registry of rules. Every name here is also exported
 * by `@research-pack/core`; this door loads only this stage and the stages
 * it builds on.
 */
export { rules } from './rules.js';
export type { RuleId, RuleInfo } from './rules.js';
export { createProblem, hasErrors, formatPath, quote, closest } from './problem.js';
export type { ProblemPlace } from './problem.js';
export { formatProblem, formatProblems, sortProblems, compareProblems } from './format.js';
export type { Problem, Locate, Position, YamlPath } from './problem.js';
