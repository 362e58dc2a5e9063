import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { findExact, findFuzzy, fromFolded, inProse, locateQuote, maxFuzzyErrors, prepareSearch, relocateQuote, toFolded, trimRange } from '../../src/text/quote-search.js';
import { buildTextIndex } from '../../src/text/text-index.js';

const features = { directive: true, smartPunctuation: false, gfm: true, frontmatter: true };
const search = (source: string) => prepareSearch(buildTextIndex(markdownToMdast(source, { features, position: true }) as Root, { source }));
const at = (text: ReturnType<typeof search>, range: { start: number; end: number } | undefined) => range && text.index.text.slice(Math.max(0, range.start - 4), range.end);

describe('quote search', () => {
  it('bounds fuzzy matching like Hypothesis', () => {
    expect(maxFuzzyErrors(12)).toBe(3);
    expect(maxFuzzyErrors(10_000)).toBe(256);
    const search = prepareSearch(buildTextIndex(markdownToMdast('The quick brown fox.\n') as Root));
    expect(locateQuote(search, { quote: 'The quick brown fax.' })).toMatchObject({ kind: 'fuzzy', errors: 1 });
    expect(locateQuote(search, { quote: 'A slow green turtle.' })).toEqual({ kind: 'orphan' });
    expect(locateQuote(search, { quote: 'The quick brown fax.' }, { fuzzy: false })).toEqual({ kind: 'orphan' });
  });

  it('maps offsets through the fold and back', () => {
    const text = search('It\u2019s \u201cso\u201d \u2026 here.\n');
    expect(text.folded.text).toBe('It\'s "so" ... here.');
    expect(toFolded(text.folded, text.index.text.indexOf('here'))).toBe(text.folded.text.indexOf('here'));
    const start = text.folded.text.indexOf('"so"');
    expect(fromFolded(text.folded, start, start + 4)).toEqual({ start: 5, end: 9 });
  });

  it('finds exact places only inside one prose unit', () => {
    const text = search('One x y.\n\n```\nx y\n```\n\nTwo x\ny.\n\n| x | y |\n| - | - |\n');
    const starts = findExact(text, 'x y');
    expect(starts.map((start) => text.folded.text.slice(start - 4, start + 3))).toEqual(['One x y', 'Two x y']);
    expect(inProse(text, 0, 3)).toBe(true);
    expect(inProse(text, 0, text.folded.text.length)).toBe(false);
    expect(findExact(text, '')).toEqual([]);
  });

  it('finds at most one approximate place per prose unit', () => {
    const text = search('The reader reads.\n\nThe raeder reads it.\n');
    // "The" for "the" is one edit; "raeder" two more (a swap is two edits for Myers' algorithm).
    expect(findFuzzy(text, 'the reader', 3).map((candidate) => candidate.errors)).toEqual([1, 3]);
    expect(findFuzzy(text, 'the reader', 2).map((candidate) => candidate.errors)).toEqual([1]);
  });

  it('reports several equally good places as ambiguous', () => {
    const text = search('Same words. Same words.\n');
    expect(locateQuote(text, { quote: 'Same words.' })).toEqual({ kind: 'ambiguous', ranges: [{ start: 0, end: 11 }, { start: 12, end: 23 }] });
    expect(locateQuote(search('xA Same. xA Same.\n'), { quote: 'Same.', prefix: 'zz ' })).toMatchObject({ kind: 'ambiguous' });
    expect(locateQuote(text, { quote: 'Same words.', prefix: 'words. ' })).toMatchObject({ kind: 'exact', start: 12, occurrence: 1, occurrences: 2 });
  });

  it('trims spaces off a range', () => {
    expect(trimRange(' ab  ', { start: 0, end: 5 })).toEqual({ start: 1, end: 3 });
  });
});

describe('relocateQuote', () => {
  const anchor = (exact: string, extra: Partial<{ prefix: string; suffix: string; occurrence: number; occurrences: number }>) => ({ exact, prefix: '', suffix: '', occurrence: 0, occurrences: 1, ...extra });

  it('takes the occurrence the model anchored when the text has as many', () => {
    const text = search('Same. Same. Same.\n');
    // The context would say the first; the model said the second, and its count agrees.
    expect(relocateQuote(text, anchor('Same.', { prefix: '', suffix: ' Same. Same.', occurrence: 1, occurrences: 3 }))).toEqual({ start: 6, end: 11 });
  });

  it('counts every place of the words, code included, as the model counts', () => {
    const text = search('```\nx y\n```\n\nOne: x y.\n\nTwo: x y.\n');
    expect(at(text, relocateQuote(text, anchor('x y', { occurrence: 2, occurrences: 3 })))).toBe('wo: x y');
    expect(at(text, relocateQuote(text, anchor('x y', { occurrence: 1, occurrences: 3 })))).toBe('ne: x y');
  });

  it('scores like the model when the count differs, where a common prefix would choose another place', () => {
    const source = 'lorem ipsum dolxr X end. zzzzz zzzzz zzlor X end.\n';
    const text = search(source);
    const found = relocateQuote(text, anchor('X', { prefix: 'lorem ipsum dolor ', suffix: ' end.', occurrence: 0, occurrences: 1 }));
    // The first place's prefix differs by one letter; the second's only shares its last four characters.
    expect(found).toEqual({ start: 18, end: 19 });
    // The model's own choice, from the same context.
    expect(locateQuote(text, { quote: 'X', prefix: 'lorem ipsum dolor ', suffix: ' end.' })).toMatchObject({ kind: 'exact', start: 18 });
  });

  it('finds the words across smart punctuation, and nothing when they are gone', () => {
    const text = search('It\u2019s \u201cquoted\u201d \u2013 yes.\n');
    expect(relocateQuote(text, anchor('It\'s "quoted" -- yes.', {}))).toEqual({ start: 0, end: 20 });
    expect(relocateQuote(text, anchor('not here', {}))).toBeUndefined();
  });

  it('never takes a place outside the prose', () => {
    const text = search('```\nx y\n```\n\nOne: x y.\n');
    // The model counted two and meant the first, which the page has only in code: the prose place is the one left.
    expect(at(text, relocateQuote(text, anchor('x y', { occurrence: 0, occurrences: 2 })))).toBe('ne: x y');
  });
});

describe('an approximate match, as a reader would mark it (an outside author\'s findings)', () => {
  const found = (source: string, quote: string) => {
    const text = search(source);
    const result = locateQuote(text, { quote });
    return result.kind === 'fuzzy' ? text.index.text.slice(result.start, result.end) : result.kind;
  };

  it('never ends or starts inside a word', () => {
    // The match ended at "an|d": the marker stood inside the word.
    expect(found('The header is 32 bytes and records a magic number, the format version and the page size.', 'The WAL header is 32 bytes long')).toBe('The header is 32 bytes and');
    expect(found('Checkpoints move pages back into the database file.', 'Xheckpoints move pages back into the database')).toBe('Checkpoints move pages back into the database');
  });

  it('never takes words of the sentence before, when the quote is one sentence', () => {
    expect(found('Readers do not block them. Automatic checkpoints are always passive ones.', 'The automatic checkpoint is always passive.')).toBe('Automatic checkpoints are always passive');
    // A quote of two sentences may span two.
    expect(found('It is passive. It never waits for readers, ever.', 'It is pasive. It never waits for readers')).toBe('It is passive. It never waits for readers');
  });

  it("keeps what follows an abbreviation's stop, and a fragment the quote has words of (a review's cases)", () => {
    expect(found('The fix was confirmed by Dr. Smith in 2019 and shipped.', 'The fix was confirmd by Dr. Smith in 2019')).toBe('The fix was confirmed by Dr. Smith in 2019');
    expect(found('Each entry keeps its own clock, e.g. Unix milliseconds.', 'Each entry keeps its own clocks, e.g. Unix milliseconds')).toBe('Each entry keeps its own clock, e.g. Unix milliseconds');
    expect(found('It was used by the U.S. Army for years.', 'It was used by the U.S. Armi for years')).toBe('It was used by the U.S. Army for years');
  });

  it('does not grow a match to a whole clause in a script written without spaces, nor start it on a combining mark', () => {
    const chinese = '会话文件是按行存储的，每一行都是一个完整的对象，然后其他内容继续写在这里';
    const result = found(chinese, '每一行都是一个完正的对象');
    expect(result).toBe('每一行都是一个完整的对象');
    const thai = 'ไฟล์เซสชันเก็บข้อมูลทีละบรรทัด แต่ละบรรทัดเป็นออบเจกต์หนึ่งรายการ';
    const matched = found(thai, 'แต่ละบรรทัดเป็นออบเจกหนึ่งรายการ');
    expect(typeof matched === 'string' && !/^\p{M}/u.test(matched)).toBe(true);
    expect(matched).toBe('แต่ละบรรทัดเป็นออบเจกต์หนึ่งรายการ');
  });
});
