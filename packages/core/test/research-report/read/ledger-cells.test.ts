/**
 * The ledger cells read as researchers write them: reading status in words,
 * dates inside text, and "bears on" references with labels, ranges and notes.
 */
import { describe, expect, it } from 'vitest';
import { readBearsOn, readDates, readReading } from '../../../src/research-report/read/ledger-cells.js';
import type { CellText } from '../../../src/research-report/read/node-text.js';

const cell = (text: string): CellText => ({ text, codes: [], strong: [], links: [], place: { line: 4, column: 9 } });

describe('readReading', () => {
  it('reads the reading status from words, with what a partial reading covered', () => {
    const cases: Array<[string, string | undefined]> = [
      ['Full text', 'full-text'],
      ['Full text (via S2)', 'full-text'],
      // A remark beside a whole reading is no part of it (an outside author's report).
      ['full text (also diffed in full against the 0.73.1 copy: only the "Extract messages" text changed)', 'full-text'],
      ['Full text (compared in full with the older copy; only one section differs)', 'full-text'],
      ['Full text (sections 1–3 only)', 'partial'],
      // The size of what was read whole is no part of it (an outside report, r-28-i).
      ['full text (5893 chars)', 'full-text'],
      ['full text of `session-export.js` (about 40 lines)', 'full-text'],
      ['Full text (first 16,000 of 16,690 characters)', 'partial'],
      ['full text (lines 1–1400)', 'partial'],
      ['full', 'full-text'],
      ['Abstract only', 'abstract-only'],
      ['Opening only', 'abstract-only'],
      ['Excerpts only.', 'partial'],
      ['Sections: 2, 4 and 5', 'partial'],
      ['Characters 0–48,000 of 124,829', 'partial'],
      ['message-types full. session-format 0–16,000 of 25,709.', 'partial'],
      ['Full text of lines 1–~1400 (all class logic)', 'partial'],
      ['Searched; lines 72–73', 'partial'],
      ['**Not accessible**', 'not-accessible'],
      ['Could not open (404)', 'not-accessible'],
      ['As listed.', 'as-recorded'],
      ['glanced at', undefined],
      ['—', undefined],
    ];
    for (const [text, reading] of cases) expect(readReading(text)?.reading, text).toBe(reading);
    expect(readReading('Excerpts only.')).toEqual({ reading: 'partial', detail: 'Excerpts only.' });
    expect(readReading('Full text')).toEqual({ reading: 'full-text' });
  });
});

describe('readDates', () => {
  it('finds dates inside text, by the words before them or in the header order', () => {
    expect(readDates({ accessed: cell('attempted 2026-12-01') }, undefined)).toEqual({ accessed: '2026-12-01', invalid: [] });
    expect(readDates({ combined: cell('verified 2026-11-30, accessed 2026-12-01') }, 'Dates')).toEqual({ verified: '2026-11-30', accessed: '2026-12-01', invalid: [] });
    expect(readDates({ combined: cell('2026-11-29 / 2026-11-30') }, 'Verified / accessed')).toEqual({ verified: '2026-11-29', accessed: '2026-11-30', invalid: [] });
    expect(readDates({ combined: cell('2026-11-29 / 2026-11-30') }, 'Accessed / verified')).toEqual({ verified: '2026-11-30', accessed: '2026-11-29', invalid: [] });
    expect(readDates({ combined: cell('— / 2026-11-30') }, 'Verified / accessed')).toEqual({ accessed: '2026-11-30', invalid: [] });
    expect(readDates({ combined: cell('2026-11-30') }, 'Dates')).toEqual({ accessed: '2026-11-30', invalid: [] });
    expect(readDates({ verified: cell('not verified'), accessed: cell('holds nothing') }, undefined)).toEqual({ invalid: [{ text: 'holds nothing', place: { line: 4, column: 9 }, field: 'accessed' }], notVerified: true });
    // A date that is no day is one of its own (issue 16, defect 12), wherever it stands in a cell.
    expect(readDates({ verified: cell('not verified'), accessed: cell('2026-02-30') }, undefined)).toEqual({ invalid: [], impossible: [{ date: '2026-02-30', place: { line: 4, column: 9 }, field: 'accessed' }], notVerified: true });
    // UNVERIFIED where the verified date would stand is no verified date (a newcomer's report): the date is the accessed one.
    expect(readDates({ combined: cell('UNVERIFIED / 2026-12-06') }, 'Verified / accessed')).toEqual({ accessed: '2026-12-06', invalid: [], notVerified: true });
    expect(readDates({ combined: cell('UNVERIFIED; accessed 2026-12-06') }, 'Verified / accessed')).toEqual({ accessed: '2026-12-06', invalid: [], notVerified: true });
    expect(readDates({ combined: cell('not verified, accessed 2026-12-06') }, 'Dates')).toEqual({ accessed: '2026-12-06', invalid: [], notVerified: true });
    expect(readDates({ combined: cell('Verified and accessed 2026-12-06.') }, 'Dates')).toEqual({ verified: '2026-12-06', accessed: '2026-12-06', invalid: [] });
    expect(readDates({ combined: cell('verified 2026-11-31, accessed 2026-12-01') }, 'Dates')).toEqual({ accessed: '2026-12-01', invalid: [], impossible: [{ date: '2026-11-31', place: { line: 4, column: 9 }, field: 'verified' }] });
  });
});

describe('readBearsOn', () => {
  it('reads ids, row labels, ranges, relations and notes, and reports what names nothing', () => {
    const unread: string[] = [];
    const refs = readBearsOn(cell('supports `tree-in-place`, C1, C1b, C4–C9, C7 (Q3), rows 7–20, ids (contradicts), history of 4 and 9, section 1, all'), (text) => unread.push(text));
    expect(refs.map(({ ref, to, relation }) => [ref, to, relation])).toEqual([
      ['tree-in-place', undefined, 'supports'],
      ['C1', undefined, 'supports'],
      ['C1b', undefined, 'supports'],
      ['C4', 'C9', 'supports'],
      ['C7', undefined, 'supports'],
      ['7', '20', 'supports'],
      ['ids', undefined, 'contradicts'],
      ['4', undefined, 'supports'],
      ['9', undefined, 'supports'],
    ]);
    expect(unread).toEqual(['section 1']);
    // A relation word before a list holds for the list, up to a semicolon or the next relation word; a row label may carry a note in words.
    const listed = (text: string) => readBearsOn(cell(text), () => undefined).map(({ ref, relation }) => `${ref} ${relation ?? '-'}`);
    expect(listed('supports C6, C7 and C10; qualifies C5, C8 as the source of the short rule; contradicts C4 for 0.73.1, C9 (as worded)')).toEqual([
      'C6 supports',
      'C7 supports',
      'C10 supports',
      'C5 qualifies',
      'C8 qualifies',
      'C4 contradicts',
      'C9 contradicts',
    ]);
    expect(listed('C1, C2; supports C3; C4')).toEqual(['C1 -', 'C2 -', 'C3 supports', 'C4 -']);
    // An outside report's cells: a label before a word, a slash between references, a reference at the end of words with a hyphen.
    expect(listed('background for C6, C2 history')).toEqual(['C6 -', 'C2 -']);
    expect(listed('unresolved for C4 / Q3')).toEqual(['C4 unresolved', 'Q3 unresolved']);
    expect(listed('cross-check only for C2 (type comment), C4, C5')).toEqual(['C2 -', 'C4 -', 'C5 -']);
    expect(listed('supports C1, C2 (contradicts), C3')).toEqual(['C1 supports', 'C2 contradicts', 'C3 supports']);
    // The relation may follow the id.
    expect(readBearsOn(cell('tree-in-place contradicts, C4: qualifies'), () => undefined).map(({ ref, relation }) => [ref, relation])).toEqual([
      ['tree-in-place', 'contradicts'],
      ['C4', 'qualifies'],
    ]);
    // " and " inside parentheses is a note, not a second reference.
    expect(readBearsOn(cell('C7, C2 (corroborates `/clone` and `--fork` wording)'), () => undefined).map((ref) => ref.ref)).toEqual(['C7', 'C2']);
    // A note with parentheses of its own (code quoted in it) is one note.
    const nested: string[] = [];
    expect(readBearsOn(cell('C7, C8 ("created via `/fork`, `/clone`, or `newSession({ parentSession })`")'), (text) => nested.push(text)).map((ref) => ref.ref)).toEqual(['C7', 'C8']);
    expect(nested).toEqual([]);
    // Words in double quotes are one note, commas and "and" inside them too (an outside report, r-26-j: "30" and '2026"' were read as references).
    const notes: string[] = [];
    expect(readBearsOn(cell('supports C18 (prices match); notes "Deprecated … retires on November 30, 2026", C19'), (text) => notes.push(text)).map((ref) => ref.ref)).toEqual(['C18', 'C19']);
    expect(notes).toEqual(['notes "Deprecated … retires on November 30, 2026"']);
    expect(readBearsOn(cell('C1, \u201cone, two and three\u201d, C2'), () => undefined).map((ref) => ref.ref)).toEqual(['C1', 'C2']);
    // A quote that is not closed is read as before: a stray mark does not swallow the references after it; nor does an
    // inch mark, nor a German quotation („…“), whose closing mark is the English opening one (a review's findings).
    expect(readBearsOn(cell('C1, "C2, C3'), () => undefined).map((ref) => ref.ref)).toEqual(['C1', 'C3']);
    expect(readBearsOn(cell('supports C1 (the 13" laptop), C2, C3 (see "cost")'), () => undefined).map((ref) => ref.ref)).toEqual(['C1', 'C2', 'C3']);
    expect(readBearsOn(cell('supports C1 \u201everaltet\u201c, C2, qualifies C3 \u201cnote\u201d'), () => undefined).map(({ ref, relation }) => `${ref} ${relation}`)).toEqual(['C1 supports', 'C2 supports', 'C3 qualifies']);
    // Its first closing mark ends a quotation, whatever follows it (a second review's findings).
    expect(readBearsOn(cell('supports C1 (\u201eCache\u201c-Verhalten), C2, qualifies C3 (\u201everaltet\u201c)'), () => undefined).map(({ ref, relation }) => `${ref} ${relation}`)).toEqual(['C1 supports', 'C2 supports', 'C3 qualifies']);
    expect(readBearsOn(cell('supports C1 ("fast"-path note), C2, qualifies C3 "cheap"'), () => undefined).map((ref) => ref.ref)).toEqual(['C1', 'C2', 'C3']);
    // The brief's research question is no claim: the warning names it as written.
    const question: string[] = [];
    expect(readBearsOn(cell('C15; research question 3'), (text) => question.push(text)).map((ref) => ref.ref)).toEqual(['C15']);
    expect(question).toEqual(['research question 3']);
    // The claim it names in parentheses after words that name nothing is read (an outside author's finding: it was dropped).
    const after: string[] = [];
    expect(readBearsOn(cell('research question 3 (C4); supports the brief\'s question (C5, tree-in-place)'), (text) => after.push(text)).map((ref) => [ref.ref, ref.relation])).toEqual([
      ['C4', undefined],
      ['C5', 'supports'],
      ['tree-in-place', 'supports'],
    ]);
    expect(after).toEqual([]);
    // Parentheses that name nothing leave the words unread, as before.
    const words: string[] = [];
    expect(readBearsOn(cell('the whole chapter (background)'), (text) => words.push(text))).toEqual([]);
    expect(words).toEqual(['the whole chapter (background)']);
    const line: string[] = [];
    expect(readBearsOn(cell('C1, C3, line 40'), (text) => line.push(text)).map((ref) => ref.ref)).toEqual(['C1', 'C3']);
    expect(line).toEqual(['line 40']);
  });
});
