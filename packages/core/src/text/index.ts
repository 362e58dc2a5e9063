/**
 * `@research-pack/core/text`: a chapter's text, its index and the quote
 * search that anchors claims in it. Every name here is also exported by
 * `@research-pack/core`; this door loads only this stage and the stages it
 * builds on.
 */
export { extractChapterText } from './snapshot.js';
export { anchorClaims } from './anchor.js';
export { chapterBody } from './page-places.js';
export type { ChapterBody, ClaimPlace, ContainerLeaves } from './page-places.js';
export type { ChapterText, ClaimAnchor, DirectiveClaim, AnchorKind, ClaimSelectors } from './chapter-text.js';
export type { ExtractChapterTextOptions } from './snapshot.js';
export type { AnchorFiles } from './anchor.js';
export { sourceOf } from './snapshot.js';
export { hashClaimText } from './fingerprint.js';
export { MAX_MARKDOWN_DEPTH, deepSourcePlace, deepNodePlace, deepMarkdownProblem } from './nesting.js';
export type { DeepMarkdownRule } from './nesting.js';
export type { FoldedText } from './normalize.js';
export { buildTextIndex } from './text-index.js';
export { leafIndexAt, leafOffsetAt } from './leaf-map.js';
export type { TextIndex, TextIndexOptions, IndexLeaf, IndexUnit, IndexNode, IndexedClaimDirective, RestoredDirective } from './text-index-types.js';
export { prepareSearch } from './quote-search.js';
export { SELECTOR_CONTEXT } from './selectors.js';
export type { SearchText, QuoteResult } from './quote-search.js';
