/**
 * Which files of the books folder make `astro dev` reload the model.
 */
import { describe, expect, it } from 'vitest';
import { isWatched } from '../src/dev-watch.js';

describe('isWatched', () => {
  it('watches chapters, sidecars, book.yaml, the sources lock and the write journal, and nothing else', () => {
    const book = '/site/content/books/pi';
    expect([
      `${book}/27-chapter.mdx`,
      `${book}/27-chapter.md`,
      `${book}/27-chapter.claims.yaml`,
      `${book}/27-chapter.evidence.yml`,
      `${book}/book.yaml`,
      `${book}/sources.lock.json`,
      `${book}/.research-pack.journal`,
    ].filter(isWatched)).toHaveLength(7);
    expect([`${book}/notes.json`, `${book}/.sources.lock.json.tmp`, `${book}/sources.lock.json~`, `${book}/cover.png`, `${book}/old-sources.lock.json`, `${book}/.research-pack.journal.123.0123abcd.tmp`, `${book}/.research-pack.lock`].filter(isWatched)).toEqual([]);
  });
});
