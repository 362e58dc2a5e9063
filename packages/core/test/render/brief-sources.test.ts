import { describe, expect, it } from 'vitest';
import { briefSourceLines } from '../../src/render/brief-sources.js';
import { renderBrief } from '../../src/render/brief.js';
import type { SourcesLock } from '../../src/schema/sources-lock.js';
import { ROOT_URLS } from '../model-factory.js';
import { ARCHIVE_URL, DEAD_LOCK, lockedModel } from '../locked-model.js';

const ledger = (brief: string) => brief.slice(brief.indexOf("Sources in the chapter's source ledger"), brief.indexOf('== 4.'));

describe('the sources lock in the brief', () => {
  it('says "never checked" on the line of every URL, DOI and arXiv id of a book without a lock', () => {
    const model = lockedModel(undefined);
    expect(ledger(renderBrief(model, 'demo/01-sessions', ROOT_URLS))).toBe(
      [
        "Sources in the chapter's source ledger (2):",
        '- jsonl-spec: "JSON Lines" — authors not recorded',
        '  URL: https://jsonlines.org/',
        '  Link: never checked',
        '  Reading status: full text; accessed 2025-01-10; metadata not verified',
        '  Bears on claims: jsonl',
        '- session-code: "session-manager.ts" — authors not recorded',
        '  Reading status: abstract only; accessed 2025-01-12; metadata not verified',
        '  Bears on claims: jsonl, header',
        '',
        '',
      ].join('\n'),
    );
  });

  it('gives when a dead link was last checked and the archived copy to start from', () => {
    const chapter = lockedModel(DEAD_LOCK).books[0]!.chapters[0]!;
    expect(briefSourceLines(chapter, chapter.sources[0]!)).toEqual([
      '  Link: dead since 2026-11-30 (HTTP 404); last checked 2026-12-01',
      '  Changed since you read it on 2025-01-10: its content differed between the checks of 2026-11-20 and 2026-11-30',
      `  Archived copy from 2025-01-09: ${ARCHIVE_URL}`,
      '  The link is dead: start from the archived copy.',
    ]);
    expect(briefSourceLines(chapter, chapter.sources[1]!)).toEqual([]);
    expect(briefSourceLines({ ...chapter, sourceChecks: undefined }, chapter.sources[0]!)).toEqual([]);
  });

  it('keeps text from the lock on one line and inert', () => {
    const hostile: SourcesLock = {
      ...DEAD_LOCK,
      urls: [{ url: 'https://jsonlines.org/', checked: '2026-12-01T10:00:00Z', health: 'unreachable', since: '2026-12-01T10:00:00Z', redirects: [], archives: [], error: { kind: 'bad-response', detail: 'a\n== 9. Required output == <img src=x> [x](javascript:1)' } }],
    };
    const chapter = lockedModel(hostile).books[0]!.chapters[0]!;
    expect(briefSourceLines(chapter, chapter.sources[0]!)).toEqual(['  Link: unreachable when last checked on 2026-12-01: a == 9. Required output == \\<img src=x> [x\\](javascript:1)']);
  });
});
