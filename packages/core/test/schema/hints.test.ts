import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateHint, formatHint, formatNumber, nonAsciiHint, rootHint, sizeHint, typeHint, valueHint } from '../../src/schema/hints.js';
import { BookConfigSchema, ClaimsFileSchema } from '../../src/schema/sidecars.js';

describe('hints', () => {
  it('explains the usual type slips', () => {
    expect(typeHint('string', null, z.string().optional())).toBe('write a value after the colon, or remove the key');
    expect(typeHint('string', null, z.string())).toBe('write a value after the colon');
    expect(typeHint('string', 12, undefined)).toBe('quote it: "12"');
    expect(typeHint('number', ' 30 ', undefined)).toBe('write it without quotes: 30');
    expect(typeHint('boolean', 'yes', undefined)).toBe('write true or false, without quotes');
    expect(typeHint('array', 'x', undefined)).toBe('write each entry on its own line starting with "- "');
    expect(typeHint('object', 'x', undefined)).toBe('write the fields as indented key: value lines below the key');
    expect(typeHint('string', [], undefined)).toBeUndefined();
  });

  it('says what a whole file looks like', () => {
    expect(rootHint(ClaimsFileSchema)).toBe('the file is a mapping: start each line at the left margin with one of its keys (claims) and a colon');
  });

  it('brings strings, lists and numbers within their bounds', () => {
    expect(sizeHint('too_big', 'string', 5000, 'x', undefined, 'quote')).toBe('shorten it to at most 5,000 characters; put longer text in a linked document');
    expect(sizeHint('too_small', 'string', 1, ' ', z.string().optional(), 'concern')).toBe('write the text, or remove the key');
    expect(sizeHint('too_small', 'string', 3, 'ab', z.string(), 'quote')).toBe('quote the whole sentence as it reads in the prose');
    expect(sizeHint('too_small', 'array', 1, [], z.array(z.string()), 'claims')).toBe('list at least 1 entry');
    expect(sizeHint('too_big', 'array', 2, [1, 2, 3], undefined, 'claims')).toBe('list at most 2 entries');
    expect(sizeHint('too_small', 'number', 1, 0, BookConfigSchema.shape.reviewAfterDays, 'reviewAfterDays')).toBe('write a whole number from 1 to 36,500');
    expect(sizeHint('too_big', 'number', 9, 10, z.number(), 'n')).toBe('write a number of at most 9');
  });

  it('shows the form of ids, dates and identifiers by the field they are in', () => {
    expect(formatHint(['sources', 0, 'accessed'], '2026-01-31T10:00:00Z')).toBe('write the date only: 2026-01-31');
    expect(formatHint(['sources', 0, 'identifiers', 'arxiv'], '2210.03629')).toBe('add the version you read, e.g. 2210.03629v1');
    expect(formatHint(['claims', 0, 'id'], 'Session Tree')).toBe('did you mean "session-tree"?');
    expect(formatHint(['claims', 0, 'id'], 'x'.repeat(81))).toBe('shorten it to at most 80 characters');
    // A list item indented under the one above is read as more of its value (an outside author's finding: a made-up id as the hint).
    expect(formatHint(['evidence', 1, 'claims', 0], 'pack-index - delta-in-pack')).toBe('YAML read the next line ("- delta-in-pack") as more of this value: its "-" is indented deeper than this item\'s; line it up with the "-" above it');
    expect(formatHint(['evidence', 0, 'claims', 1], 'Über_Claim')).toBe('did you mean "uber-claim"?');
    expect(formatHint(['evidence', 0, 'recorded'], 'soon')).toBe('write the date as YYYY-MM-DD, e.g. 2026-01-31');
    expect(formatHint(['other'], 'x')).toBe('rewrite the value in the form the message gives');
  });

  it('explains refused URLs and impossible dates', () => {
    expect(valueHint(['sources', 0, 'url'], 'javascript:alert(1)')).toBe('only http:// and https:// URLs are linked; remove this one, or write the https:// address of the document');
    expect(valueHint(['sources', 0, 'url'], 'example.org')).toBe('write the full address, starting with https:// (or http://)');
    expect(valueHint(['claims', 0, 'verdict', 'date'], '2025-02-30')).toBe('February 2025 has 28 days; check the day and the month');
    expect(valueHint(['claims', 0, 'verdict', 'date'], '2025-13-01')).toBe('months run from 01 to 12');
  });

  it('unmasks look-alike characters and pads dates', () => {
    expect(nonAsciiHint('s\u0435ssion')).toBe('it contains "\u0435" (U+0435), which is not plain ASCII; retype it');
    // A tab is ASCII: it is called what it is (an outside reviewer's finding).
    expect(nonAsciiHint('https://x.org/a\tb')).toBe('it contains "\\t" (U+0009), a control character; remove it');
    expect(nonAsciiHint('plain')).toBeUndefined();
    expect(dateHint('2024-1-5')).toBe('did you mean "2024-01-05"?');
    expect(dateHint('2024-2-30')).toBeUndefined();
    // Day first, when the day cannot be a month (an outside author's finding: no hint for 20/11/2026).
    expect(dateHint('20/11/2026')).toBe('did you mean "2026-11-20"?');
    expect(dateHint('20.11.2026')).toBe('did you mean "2026-11-20"?');
    expect(dateHint('05/11/2026')).toBeUndefined();
    expect(dateHint('22-11-2026')).toBe('did you mean "2026-11-22"?');
    // With the month's name, in either order (an outside researcher's "Date: 7 Dec 2026").
    expect(dateHint('7 Dec 2026')).toBe('did you mean "2026-12-07"?');
    expect(dateHint('December 7, 2026')).toBe('did you mean "2026-12-07"?');
    expect(dateHint('Sept. 3 2026')).toBe('did you mean "2026-09-03"?');
    expect(dateHint('3 Sep 2026')).toBe('did you mean "2026-09-03"?');
    expect(dateHint('30 Feb 2026')).toBeUndefined();
    expect(dateHint('7 Decembre 2026')).toBeUndefined();
    expect(dateHint('31/11/2026')).toBeUndefined();
    expect(formatNumber(1_000_000)).toBe('1,000,000');
    expect(formatNumber(1.5)).toBe('1.5');
  });
});
