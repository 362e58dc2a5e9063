import { describe, expect, it } from 'vitest';
import { BOOK_COLUMNS, CHAPTER_COLUMNS, chapterCounts, chapterLabel, passText, totalsCells, totalsLine } from '../../src/render/status-report-wording.js';
import { buildStatusReport } from '../../src/render/status-report-data.js';
import { richModel, ROOT_URLS } from '../model-factory.js';

describe('status report wording', () => {
  const report = buildStatusReport(richModel(), ROOT_URLS);
  const chapters = report.books[0]!.chapters;

  it('says the totals in one sentence, singular where there is one', () => {
    const line = totalsLine(report.totals);
    expect(line).toMatch(/^\d+ chapters, \d+ claims \(\d+ supported, \d+ qualified, \d+ contradicted, \d+ unverified, \d+ stale, \d+ review due\); /);
    expect(totalsLine({ ...report.totals, chapters: 1, leads: 1 })).toMatch(/^1 chapter, .*; 1 lead awaiting verification;/);
    // A chapter whose verdicts came without a research pass was researched, only not in a recorded pass (a reader's finding: "never researched" beside four verdicts).
    expect(totalsLine({ ...report.totals, chaptersNeverResearched: 1, chaptersResearchedOnOlderRevision: 0 })).toMatch(/; 1 chapter with no research pass recorded and 0 last researched on an older revision\.$/);
  });

  it('has one cell per column', () => {
    expect(totalsCells(report.totals)).toHaveLength(BOOK_COLUMNS.length - 1);
    expect(chapterCounts(chapters[0]!)).toHaveLength(CHAPTER_COLUMNS.length - 2);
    expect(BOOK_COLUMNS.slice(3, 9)).toEqual(['Supported', 'Qualified', 'Contradicted', 'Unverified', 'Stale', 'Review due']);
  });

  it('names chapters and their latest pass', () => {
    const chapter = chapters.find((candidate) => candidate.slug === '27-chapter')!;
    expect(chapterLabel(chapter)).toBe('27. The Session File Format');
    expect(passText(chapter)).toBe('2026-10-12 by author; read the current revision');
    expect(passText({ ...chapter, lastPass: null })).toBe('none recorded');
    expect(passText({ ...chapter, lastPass: { ...chapter.lastPass!, readsCurrentRevision: false } })).toBe('2026-10-12 by author; read an older revision');
    expect(passText({ ...chapter, lastPass: { ...chapter.lastPass!, readsCurrentRevision: null } })).toBe('2026-10-12 by author; revision read not recorded');
  });
});
