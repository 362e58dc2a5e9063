/**
 * The example book (`fixture-book.ts`) built by `buildModel` with a sources
 * lock beside it, for the renderers of what the lock says: its JSON Lines
 * page is dead since 2026-11-30, archived on 2025-01-09, and changed after
 * it was read; so claim "jsonl", whose one validated source it is, is
 * flagged for review. Without a lock every source reads "never checked".
 */
import { buildModel } from '../src/model/build.js';
import type { ResearchModel } from '../src/model/types.js';
import type { SourcesLock } from '../src/schema/sources-lock.js';
import { renderSourcesLock } from '../src/sources/lock.js';
import { fakeParse, withChanges, writeProject, type Files } from './fixture-book.js';

/** The archived copy of the JSON Lines page in `DEAD_LOCK`. */
export const ARCHIVE_URL = 'https://web.archive.org/web/20250109000000/https://jsonlines.org/';

/** A lock whose only URL, the example book's JSON Lines page, is dead and changed. */
export const DEAD_LOCK: SourcesLock = {
  version: 1,
  urls: [
    {
      url: 'https://jsonlines.org/',
      checked: '2026-12-01T10:00:00Z',
      health: 'dead',
      since: '2026-11-30T10:00:00Z',
      status: 404,
      redirects: [],
      body: { sha256: 'b'.repeat(64), bytes: 10, since: '2026-11-30T10:00:00Z', seen: '2026-11-30T10:00:00Z' },
      previousBody: { sha256: 'a'.repeat(64), until: '2026-11-20T10:00:00Z' },
      archives: [{ near: '2025-01-10', checked: '2026-11-30T10:00:01Z', result: 'found', url: ARCHIVE_URL, datetime: '2025-01-09T00:00:00Z' }],
    },
  ],
  dois: [],
  arxiv: [],
};

/**
 * Build the example book with a lock (or none).
 * @param lock the lock to write beside `book.yaml`; undefined for a book without one.
 * @param changes other files of the book to replace (see `withChanges`).
 * @returns the model.
 */
export function lockedModel(lock: SourcesLock | undefined, changes: Files = {}): ResearchModel {
  const files = withChanges({ 'sources.lock.json': lock === undefined ? undefined : renderSourcesLock(lock), ...changes });
  const { model, problems } = buildModel({ rootDir: writeProject(files), parse: (source) => fakeParse(source), today: '2026-12-01' });
  if (!model) throw new Error(`the example book does not build: ${JSON.stringify(problems)}`);
  return model;
}
