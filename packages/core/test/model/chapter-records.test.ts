import { describe, expect, it } from 'vitest';
import { loadBooks } from '../../src/load/books.js';
import { chapterRecords, checkDate, report, sidecarName } from '../../src/model/chapter-records.js';
import { withChanges, writeProject } from '../fixture-book.js';

const chapterOf = (changes = {}) => {
  const book = loadBooks(writeProject(withChanges(changes))).books[0]!;
  return { book, chapter: book.chapters[0]! };
};

describe('chapterRecords', () => {
  it('gathers the records and ids of a chapter whose files loaded', () => {
    const { book, chapter } = chapterOf();
    const records = chapterRecords(book, chapter, '2025-06-01');
    expect([...records.claimIds]).toEqual(['jsonl', 'tree', 'header']);
    expect([...records.sourceIds]).toEqual(['jsonl-spec', 'session-code']);
    expect(records.runs.map((run) => [run.id, run.at])).toEqual([['first-run', ['notebooks', 0, 'runs', 0]]]);
    expect(records.runsById.get('first-run')?.outcome).toBe('passed');
    expect([records.claimsBroken, records.evidenceBroken, records.researchBroken]).toEqual([false, false, false]);
    expect(records.latest).toBe('2025-06-02');
    expect(records.problems).toEqual([]);
    expect(sidecarName(records, 'evidence')).toBe('01-sessions.evidence.yaml');
  });

  it('tells a file that failed to load from one that is absent', () => {
    const { book, chapter } = chapterOf({ '01-sessions.claims.yaml': 'claims: 3\n', '01-sessions.research.yaml': undefined });
    const records = chapterRecords(book, chapter, '2025-06-01');
    expect(records.claimsBroken).toBe(true);
    expect(records.claims).toEqual([]);
    expect(records.researchFile).toBeUndefined();
    expect(records.researchBroken).toBe(false);
    expect(records.runs).toEqual([]);
  });

  it('reports at the field, and dates only when they lie after the day after asOf', () => {
    const { book, chapter } = chapterOf();
    const records = chapterRecords(book, chapter, '2025-01-10');
    const claims = records.claimsFile!;
    checkDate(records, claims, ['claims', 0, 'verdict', 'date'], '2025-01-11', 'verdict date');
    checkDate(records, claims, ['claims', 0, 'verdict', 'date'], undefined, 'verdict date');
    expect(records.problems).toEqual([]);
    checkDate(records, claims, ['claims', 2, 'verdict', 'date'], '2025-01-12', 'verdict date');
    report(records, 'cross/duplicate-id', claims, ['claims', 1, 'id'], 'message', 'hint', true);
    expect(records.problems.map((problem) => [problem.rule, problem.path, problem.line, problem.column, problem.message])).toEqual([
      ['cross/future-date', 'claims[2].verdict.date', 21, 13, 'verdict date 2025-01-12 is in the future (the build is as of 2025-01-10)'],
      ['cross/duplicate-id', 'claims[1].id', 11, 5, 'message'],
    ]);
  });
});
