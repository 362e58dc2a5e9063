/**
 * `@research-pack/core/load`: the project's configuration, book discovery,
 * the file policy and the sidecar loaders. Every name here is also exported
 * by `@research-pack/core`; this door loads only this stage and the stages
 * it builds on.
 */
export { loadYaml } from './yaml.js';
export type { LoadedYaml, LoadYamlOptions } from './yaml.js';
export { loadSidecar } from './sidecar.js';
export type { LoadedSidecar, SidecarData } from './sidecar.js';
export { loadFrontmatter } from './frontmatter.js';
export type { FrontmatterMode, LoadFrontmatterOptions } from './frontmatter.js';
export type { LoadedFrontmatter } from './frontmatter.js';
export { loadBooks, listBooks } from './books.js';
export type { BookFolder, BookListing, BookListings, ChapterEntry, LoadBooksOptions, LoadedBook, LoadedBooks, LoadedChapter, ChapterSidecarKind } from './books.js';
export { createModelCache } from './cache.js';
export { readTextFile, inspectPath, MAX_FILE_BYTES } from './read-file.js';
export type { FileRefusal, FileRule, FileKind, FoundPath, InspectedPath, ReadText, FilePolicyOptions } from './read-file.js';
export { readBookFile, forgetReads, listFolder, withoutExcerpts } from './book-files.js';
export type { BookFileRead, ReadBookFileOptions, FolderEntry, FolderListing } from './book-files.js';
export { systemErrorCode, systemReason, systemAdvice } from './system-error.js';
export type { FileOperation } from './system-error.js';
export type { ModelCache } from './cache.js';
export { relativePath, unsafePathReason } from './paths.js';
