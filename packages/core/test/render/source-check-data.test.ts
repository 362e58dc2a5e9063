import { describe, expect, it } from 'vitest';
import { SourceCheckDataSchema } from '../../src/schema/source-check.js';
import { countSourceChecks, sourceCheckData, sourceReviewData } from '../../src/render/source-check-data.js';
import { ARCHIVE_URL, DEAD_LOCK, lockedModel } from '../locked-model.js';

describe('sourceCheckData', () => {
  it('writes what the lock says about a source with every key, null for what is not known', () => {
    const chapter = lockedModel(DEAD_LOCK).books[0]!.chapters[0]!;
    const [spec, code] = chapter.sourceChecks!.sources.map(sourceCheckData);
    expect(spec).toEqual({
      link: {
        url: 'https://jsonlines.org/',
        health: 'dead',
        checked: '2026-12-01T10:00:00Z',
        since: '2026-11-30T10:00:00Z',
        status: 404,
        finalUrl: null,
        error: null,
        changed: { after: '2026-11-20T10:00:00Z', by: '2026-11-30T10:00:00Z' },
        archive: { url: ARCHIVE_URL, datetime: '2025-01-09T00:00:00Z' },
        archiveResult: 'found',
      },
      doi: null,
      arxiv: null,
      mismatches: [],
      dead: true,
      changed: true,
      newerVersion: false,
      checkable: true,
    });
    expect(code).toEqual({ link: null, doi: null, arxiv: null, mismatches: [], dead: false, changed: false, newerVersion: false, checkable: false });
    expect(SourceCheckDataSchema.parse(spec)).toEqual(spec);
  });

  it('never writes a final URL that is not http(s)', () => {
    const chapter = lockedModel(DEAD_LOCK).books[0]!.chapters[0]!;
    const check = chapter.sourceChecks!.sources[0]!;
    expect(sourceCheckData({ ...check, link: { ...check.link!, finalUrl: 'javascript:alert(1)' } }).link!.finalUrl).toBeNull();
  });

  it('gives the reason a claim is flagged in code and in words', () => {
    const review = lockedModel(DEAD_LOCK).books[0]!.chapters[0]!.sourceChecks!.claims[0]!;
    expect(sourceReviewData(review)).toEqual({ reason: 'dead', text: 'every source of its validated evidence is dead', sources: [{ id: 'jsonl-spec', why: 'dead' }] });
  });
});

describe('countSourceChecks', () => {
  it('counts sources by what the lock says, and nothing for chapters built without the locks', () => {
    const locked = lockedModel(DEAD_LOCK).books[0]!.chapters;
    expect(countSourceChecks(locked)).toEqual({ sources: 2, neverChecked: 0, uncheckable: 1, ok: 0, redirected: 0, dead: 1, unreachable: 0, changed: 1, newerVersion: 0, claimsFlagged: 1 });
    expect(countSourceChecks(lockedModel(undefined).books[0]!.chapters)).toEqual({ sources: 2, neverChecked: 1, uncheckable: 1, ok: 0, redirected: 0, dead: 0, unreachable: 0, changed: 0, newerVersion: 0, claimsFlagged: 0 });
    expect(countSourceChecks(locked.map((chapter) => ({ ...chapter, sourceChecks: undefined })))).toBeUndefined();
  });
});
