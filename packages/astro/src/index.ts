export { researchPack, researchPack as default } from './integration.js';
export { parseOptions, ResearchPackOptionsSchema } from './options.js';
export type { ResearchPackOptions, ResearchPackUserOptions } from './options.js';
