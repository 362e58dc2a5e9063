export { parseChapter, CHAPTER_FEATURES, type ParseChapterOptions } from './parse-chapter.js';
export { planClaimEdits, planDirectiveRestoration, claimBlocks, claimNode, ClaimAnchorError, type ClaimEdit, type ChildrenEdit, type ReplaceEdit, type PlanOptions } from './plan-claims.js';
export { satteriClaims, SATTERI_PLUGIN_NAME } from './satteri-claims.js';
export { remarkClaims } from './remark-claims.js';
export type { ClaimsPluginOptions } from './options.js';
export type * from './types.js';
