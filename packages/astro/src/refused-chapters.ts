/**
 * The chapter files Astro's glob() must not open: those the file policy of
 * `@research-pack/core` refuses (a link out of the project, a loop, a FIFO,
 * a device), as negated patterns for `chaptersLoader()`; and the problems
 * of those that would hurt if Astro read them anyway.
 */
import path from 'node:path';
import type { Problem } from '@research-pack/core/problems';
import { inspectPath, listBooks, listFolder, MAX_FILE_BYTES, readBookFile, type FrontmatterMode } from '@research-pack/core/load';

/**
 * The chapter files (`<folder>/<file>.md(x)` under the books folder) that
 * the file policy refuses, as glob patterns relative to the books folder:
 * a folder reached through a link out of the project, a file that is a link
 * out of it, a loop, a dangling link, or not a regular file.
 * @param root the project root.
 * @param base the books folder, relative to the root.
 * @returns the patterns to leave out.
 */
export function refusedChapterFiles(root: string, base: string): string[] {
  const books = path.resolve(root, base);
  const listing = listFolder(root, books);
  if (listing.status !== 'listed') return [];
  const refused: string[] = [];
  for (const folder of listing.entries) {
    if (folder.refusal) refused.push(`${folder.name}/**`);
    if (folder.kind !== 'folder') continue;
    const inside = listFolder(root, path.join(books, folder.name));
    if (inside.status === 'refused') refused.push(`${folder.name}/**`);
    if (inside.status !== 'listed') continue;
    for (const entry of inside.entries) {
      if (!/\.mdx?$/.test(entry.name)) continue;
      const found = inspectPath(path.join(books, folder.name, entry.name), { root });
      if (found.status !== 'found' || found.kind !== 'file') refused.push(`${folder.name}/${entry.name}`);
    }
  }
  return refused;
}

/** Refusals of the file policy that would hurt if Astro read the chapter file anyway. */
const UNSAFE_CHAPTER_RULES = new Set(['file/outside-project', 'file/symlink-loop', 'file/not-a-file', 'file/too-large']);

/**
 * The problems of the chapter files the file policy refuses and Astro's
 * content loaders would still open (a link out of the project, a loop, a
 * FIFO or device, a file over the size cap), the same problems the model
 * reports for them, found without reading any chapter: so that a build can
 * refuse them before Astro's loaders run, while the model is read elsewhere.
 * @param root the project root.
 * @param contentDir the books folder, relative to the root.
 * @param frontmatter the chapters' frontmatter mode.
 * @returns the problems, in the books' order.
 */
export function refusedChapterProblems(root: string, contentDir: string, frontmatter?: FrontmatterMode): Problem[] {
  const problems: Problem[] = [];
  for (const book of listBooks(root, { contentDir, ...(frontmatter ? { frontmatter } : {}) }).books) {
    for (const entry of book.chapters) {
      const found = inspectPath(entry.path, { root });
      // A regular file under the cap is read by the model, not here.
      if (found.status === 'absent' || (found.status === 'found' && found.kind === 'file' && found.size <= MAX_FILE_BYTES)) continue;
      // Refused by what is at the path: readBookFile says why without opening it.
      const read = readBookFile(root, entry.path);
      if (read.status === 'refused' && UNSAFE_CHAPTER_RULES.has(read.problem.rule) && /\.mdx?$/i.test(read.problem.file)) problems.push(read.problem);
    }
  }
  return problems;
}
