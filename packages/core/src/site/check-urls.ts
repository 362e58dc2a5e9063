/**
 * Checks of the site layout against the books: every chapter needs a page
 * of its own, whatever prefix, pattern or function places them.
 */
import { createProblem, quote, type Problem } from '../problems/problem.js';
import type { ResearchModel } from '../model/types.js';
import { chapterPath, type SiteUrls } from './urls.js';

/**
 * Chapters whose page URL another chapter already has (a pattern without
 * `[book]` on a site of several books, a function that ignores a slug).
 * @param model the research model.
 * @param chapters the `chapters` prefix, pattern or function.
 * @returns one error per chapter that lost its page.
 */
export function duplicateChapterUrls(model: ResearchModel, chapters: SiteUrls['chapters']): Problem[] {
  const seen = new Map<string, string>();
  const problems: Problem[] = [];
  for (const book of model.books) {
    for (const chapter of book.chapters) {
      const url = chapterPath(chapters, { book: book.slug, chapter: chapter.slug });
      const first = seen.get(url);
      if (first === undefined) {
        seen.set(url, chapter.file);
        continue;
      }
      problems.push(
        createProblem(
          'cross/duplicate-chapter-url',
          { file: chapter.file },
          `this chapter's page URL ${quote(url)} is also the URL of ${first}`,
          typeof chapters === 'function' ? 'make the chapters function return a different path per book and chapter' : 'put [book] in the chapters pattern, or give the chapters different file names',
        ),
      );
    }
  }
  return problems;
}
