/**
 * `@research-pack/core`: the whole public API, stage by stage in pipeline
 * order. Each stage is also a door of its own (`@research-pack/core/ingest`,
 * …) that loads only what that stage needs: the CLI's commands use those.
 */
export * from './problems/index.js';
export * from './schema/index.js';
export * from './load/index.js';
export * from './sources/index.js';
export * from './text/index.js';
export * from './model/index.js';
export * from './threads/index.js';
export * from './site/index.js';
export * from './research-report/index.js';
export * from './render/index.js';
export * from './ingest/index.js';
export * from './review/index.js';
