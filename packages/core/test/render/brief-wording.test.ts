import { describe, expect, it } from 'vitest';
import { DEFAULT_BRIEF_INTRO, DEFAULT_BRIEF_INVESTIGATE, DEFAULT_BRIEF_OBJECTIVE, fillTemplate, resolveBriefTemplates, resolveObjective } from '../../src/render/brief-wording.js';
import { makeBook, makeChapter } from '../model-factory.js';
import { REPORT_SECTIONS } from '../../src/research-report/format.js';

describe('brief defaults', () => {
  it('fills every template with the project defaults unless the book overrides it', () => {
    const defaults = resolveBriefTemplates({ excerptLength: 6000 });
    expect(defaults.intro).toBe(DEFAULT_BRIEF_INTRO);
    expect(defaults.investigate).toBe(DEFAULT_BRIEF_INVESTIGATE);
    expect(resolveBriefTemplates({ excerptLength: 300, investigate: ['one'] })).toMatchObject({ investigate: ['one'], excerptLength: 300 });
  });

  it('replaces {book}, {chapter} and {number} only', () => {
    const book = makeBook({ title: 'B\nX', chapters: [] });
    const chapter = makeChapter({ title: 'C', number: 3 });
    expect(fillTemplate('{book}/{chapter}/{number}/{other}', book, chapter)).toBe('B X/C/3/{other}');
  });

  it('resolves the objective from the chapter, then the book, then the default', () => {
    const chapter = makeChapter({ number: 9 });
    expect(resolveObjective(makeBook({ chapters: [] }), chapter)).toEqual({ text: fillTemplate(DEFAULT_BRIEF_OBJECTIVE, makeBook({ chapters: [] }), chapter), origin: 'default' });
    expect(resolveObjective(makeBook({ brief: { objective: 'Do {number}.' }, chapters: [] }), chapter)).toEqual({ text: 'Do 9.', origin: 'book' });
    expect(resolveObjective(makeBook({ chapters: [] }), makeChapter({ research: { objective: 'Mine.' } }))).toEqual({ text: 'Mine.', origin: 'chapter' });
  });

  it('defines the seven report sections the brief asks for and report.md uses', () => {
    expect(REPORT_SECTIONS.map((section) => section.title)).toEqual([
      'Context and provenance',
      'Claim audit',
      'Source ledger',
      'Findings',
      'Upgrade proposal',
      'Experiment opportunities',
      'Review checklist',
    ]);
    expect(REPORT_SECTIONS.find((section) => section.number === 6)!.description).toContain('UNRUN');
  });

  it('is written in the project\'s own words, not copied from the reference brief', () => {
    const text = [DEFAULT_BRIEF_INTRO, DEFAULT_BRIEF_OBJECTIVE, ...DEFAULT_BRIEF_INVESTIGATE].join('\n');
    for (const phrase of [
      'Do this before searching, so your search queries come from the chapter',
      'Use Hacker News and similar discussion sites as discovery seeds',
      'A source that is merely topically related supports nothing',
      'Return your report in Markdown with exactly these top-level sections',
    ]) {
      expect(text).not.toContain(phrase);
    }
  });
});
