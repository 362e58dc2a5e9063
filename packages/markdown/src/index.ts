export { parseChapter, CHAPTER_FEATURES, type ParseChapterOptions } from './parse-chapter.js';
export { planClaimEdits, planDirectiveRestoration, type ClaimEdit, type ChildrenEdit, type ReplaceEdit, type PlanOptions } from './plan-claims.js';
export { claimBlocks } from './claim-blocks.js';
export { claimNode } from './claim-nodes.js';
export { ClaimAnchorError } from './page-errors.js';
export { satteriClaims, SATTERI_PLUGIN_NAME } from './satteri-claims.js';
export { remarkClaims } from './remark-claims.js';
export type { ClaimsPluginOptions } from './options.js';
export type * from './types.js';
