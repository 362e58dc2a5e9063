export { researchPack, researchPack as default } from './integration.js';
export { parseOptions, ResearchPackOptionsSchema } from './options.js';
export { defineConfig } from './define-config.js';
export type { ResearchPackOptions, ResearchPackUserOptions } from './options.js';
