/**
 * The chapter files Astro's glob() must not open: those the file policy of
 * `@research-pack/core` refuses (a link out of the project, a loop, a FIFO,
 * a device), as negated patterns for `chaptersLoader()`.
 */
import path from 'node:path';
import { inspectPath, listFolder } from '@research-pack/core';

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
