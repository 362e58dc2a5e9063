/**
 * A claim found by its id in the claims sidecars as they are (not in the
 * model, which sets aside a chapter with an error such as a claim whose
 * sentence was deleted): for the commands that edit one claim's entry.
 */
import { loadBooks, type LoadedChapter } from '@research-pack/core/load';
import { closest, type Problem } from '@research-pack/core/problems';
import { CliError } from './io.js';

/**
 * The chapter whose claims sidecar has the claim, and the claim's index in it.
 * @param options the project.
 * @param id the claim's id.
 * @param scope `<book>/<chapter>`, when given.
 * @returns the chapter and the index; throws a usage error naming the closest id when there is none, or the chapters when there are several.
 */
export function findClaim(options: { root: string; contentDir: string }, id: string, scope: string | undefined): { chapter: LoadedChapter; index: number } {
  return findClaims(options, [id], scope)[0]!;
}

/**
 * Each claim's chapter and index, the books read once.
 * @param options the project.
 * @param ids the claims' ids.
 * @param scope `<book>/<chapter>`, when given.
 * @returns for each id, in order, its chapter and index; throws as `findClaim` does for the first id that is not found once.
 */
export function findClaims(options: { root: string; contentDir: string }, ids: readonly string[], scope: string | undefined): Array<{ chapter: LoadedChapter; index: number }> {
  const { books } = loadBooks(options.root, { contentDir: options.contentDir });
  const chapters = books.flatMap((book) => book.chapters).filter((chapter) => scope === undefined || `${chapter.book}/${chapter.slug}` === scope);
  if (scope !== undefined && chapters.length === 0) throw new CliError(`no chapter ${scope}; give --chapter <book>/<chapter>, e.g. pi/27-chapter`);
  return ids.map((id) => {
    const found = chapters.flatMap((chapter) => (chapter.claims?.data?.claims ?? []).flatMap((claim, index) => (claim.id === id ? [{ chapter, index }] : [])));
    if (found.length === 1) return found[0]!;
    if (found.length > 1) throw new CliError(`claim "${id}" is in ${found.map(({ chapter }) => `${chapter.book}/${chapter.slug}`).join(' and ')}: say which with --chapter <book>/<chapter>`);
    const unreadable = chapters.filter((chapter) => chapter.claims !== undefined && chapter.claims.data === undefined).map((chapter) => chapter.claims!.file);
    const known = chapters.flatMap((chapter) => (chapter.claims?.data?.claims ?? []).map((claim) => claim.id));
    const guess = closest(id, known);
    throw new CliError(
      `no claim "${id}"${scope === undefined ? '' : ` in ${scope}`}${guess ? `; did you mean "${guess}"?` : ''}` +
        (unreadable.length > 0 ? ` (${unreadable.join(', ')} cannot be read: \`research-pack check\` says why)` : '') +
        ' (`research-pack review` lists the claims awaiting a decision; a claims sidecar lists them all)',
    );
  });
}

/**
 * A problem without its line and column, which an edit of another claim's lines moves: to tell the problems there before from new ones.
 * @param problem a problem.
 * @returns its key.
 */
export function problemKey(problem: Problem): string {
  return `${problem.rule}\u0000${problem.file}\u0000${problem.path}\u0000${problem.message}`;
}
