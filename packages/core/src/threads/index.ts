/**
 * `@research-pack/core/threads`: the model and the check on worker threads.
 * Every name here is also exported by `@research-pack/core`; this door loads
 * only this stage and the stages it builds on.
 */
export { buildModelOnThreads, checkProblemsOnThreads, threadCount } from './run.js';
export type { ParserModule, ThreadedOptions, TakenCheck } from './run.js';
export type { DeriveChapter, DeriveInput, DeriveModule } from './derive.js';
