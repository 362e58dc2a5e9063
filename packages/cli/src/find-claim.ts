/**
 * A claim found by its id in the claims sidecars as they are (not in the
 * model, which sets aside a chapter with an error such as a claim whose
 * sentence was deleted): for the commands that edit one claim's entry.
 */
import { loadBooks, type LoadedBook, type LoadedChapter } from '@research-pack/core/load';
import { closest, type Problem } from '@research-pack/core/problems';
import { CliError } from './io.js';
import { chapterSpecOf } from './project.js';

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
  const all = books.flatMap((book) => book.chapters);
  const spec = scope === undefined ? undefined : chapterSpec(scope, books);
  const chapters = all.filter((chapter) => spec === undefined || `${chapter.book}/${chapter.slug}` === spec);
  if (scope !== undefined && chapters.length === 0) {
    const example = all[0] ? `${all[0].book}/${all[0].slug}` : 'pi/27-chapter';
    throw new CliError(`no chapter ${scope}; give --chapter <book>/<chapter>, the book's folder and the chapter's file name without .md or .mdx, e.g. ${example}`);
  }
  const claimsOf = (list: readonly LoadedChapter[], id: string) => list.flatMap((chapter) => (chapter.claims?.data?.claims ?? []).flatMap((claim, index) => (claim.id === id ? [{ chapter, index }] : [])));
  return ids.map((id) => {
    const found = claimsOf(chapters, id);
    if (found.length === 1) return found[0]!;
    // Given with the wrong chapter: say where it is.
    const there = spec === undefined || found.length > 0 ? [] : claimsOf(all, id);
    if (there.length > 0) throw new CliError(`${spec} has no claim "${id}": it is a claim of ${there.map(({ chapter }) => `${chapter.book}/${chapter.slug}`).join(' and ')}`);
    if (found.length > 1) throw new CliError(`claim "${id}" is in ${found.map(({ chapter }) => `${chapter.book}/${chapter.slug}`).join(' and ')}: say which with --chapter <book>/<chapter>`);
    const unreadable = chapters.filter((chapter) => chapter.claims !== undefined && chapter.claims.data === undefined).map((chapter) => chapter.claims!.file);
    const known = chapters.flatMap((chapter) => (chapter.claims?.data?.claims ?? []).map((claim) => claim.id));
    const guess = closest(id, known);
    throw new CliError(
      `no claim "${id}"${spec === undefined ? '' : ` in ${spec}`}${guess ? `; did you mean "${guess}"?` : ''}` +
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

/**
 * A chapter of the books, named as `--chapter` names one.
 * @param options the project.
 * @param scope what the user typed: `<book>/<chapter>`, the chapter's file, or the chapter alone in a project of one book.
 * @param option the option it was given with, for the message.
 * @returns the chapter; throws a usage error naming an example when there is none.
 */
export function chapterNamed(options: { root: string; contentDir: string }, scope: string, option: string): LoadedChapter {
  const { books } = loadBooks(options.root, { contentDir: options.contentDir });
  const all = books.flatMap((book) => book.chapters);
  const spec = chapterSpec(scope.replace(/\/+$/, ''), books);
  const chapter = all.find((candidate) => `${candidate.book}/${candidate.slug}` === spec);
  if (chapter) return chapter;
  const book = books.find((candidate) => candidate.slug === scope.replace(/\/+$/, ''));
  if (book) {
    const first = all.find((candidate) => candidate.book === book.slug);
    throw new CliError(`${book.slug} is a book: give ${option} ${book.slug}/<chapter>${first ? `, e.g. ${first.book}/${first.slug}` : ''}`);
  }
  const guess = closest(spec, all.map((candidate) => `${candidate.book}/${candidate.slug}`));
  throw new CliError(`no chapter ${spec}${guess ? ` (did you mean "${guess}"?)` : ''}; give ${option} <book>/<chapter>, the book's folder and the chapter's file name without .md or .mdx, e.g. ${all[0] ? `${all[0].book}/${all[0].slug}` : 'pi/27-chapter'}`);
}

/**
 * `--chapter` as `<book>/<chapter>`: given so, or as the chapter's file or a
 * sidecar of it (`chapterSpecOf`), or as the chapter alone in a project of
 * one book.
 * @param scope what the user typed.
 * @param books the books.
 * @returns `<book>/<chapter>`, or the scope as given.
 */
function chapterSpec(scope: string, books: readonly LoadedBook[]): string {
  const spec = chapterSpecOf(books, scope);
  return !spec.includes('/') && books.length === 1 ? `${books[0]!.slug}/${spec}` : spec;
}

/**
 * A problem without its place (line, column and path), which an edit that
 * removes or moves entries before it moves: to tell the problems there
 * before from new ones when entries are removed or moved.
 * @param problem a problem.
 * @returns its key.
 */
export function withoutPlace(problem: Problem): string {
  return `${problem.rule}\u0000${problem.file}\u0000${problem.message}`;
}
