export * from './schema.js';
export type * from './model.js';
