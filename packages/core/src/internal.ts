/**
 * `@research-pack/core/internal`: what `@research-pack/markdown` needs from
 * inside the core to mark claims on a page, and that is not for package
 * users. It may change in any release; build on `@research-pack/core`.
 *
 * The page builds its text index with the model's function and finds each
 * quote claim again with the model's choice of occurrence, so the page and
 * the model cannot disagree about where a claim is.
 */
export { buildTextIndex, proseLeaves } from './text/text-index.js';
export type { IndexLeaf, IndexNode, RestoredDirective, TextIndex } from './text/text-index-types.js';
export type { ProseLeaves } from './text/text-index.js';
export { leafIndexAt, leafRange } from './text/leaf-map.js';
export type { LeafRange } from './text/leaf-map.js';
export { directiveId, isDirectiveLabel } from './text/directive-text.js';
export { fold, normalizeProse } from './text/normalize.js';
export { fromFolded, prepareSearch, relocateQuote } from './text/quote-search.js';
export type { AnchoredQuote, SearchText } from './text/quote-search.js';
export { shorten, shownName } from './problems/problem.js';
export { wrapInline } from './text/wrap-inline.js';
export type { InlineRange, WrapInlineOptions } from './text/wrap-inline.js';
export { TEMPORARY_NAME, WRITE_JOURNAL_FILE, journalWriterAlive, parseWriteJournal, processAlive } from './load/write-journal.js';
export type { JournalFile, WriteJournal } from './load/write-journal.js';
