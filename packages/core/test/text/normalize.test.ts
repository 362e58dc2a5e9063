import { describe, expect, it } from 'vitest';
import { codePointCount, fold, foldText, normalizeLines, normalizeProse, normalizeWithMap } from '../../src/text/normalize.js';

describe('normalize', () => {
  it('normalizes line endings and Unicode', () => {
    expect(normalizeLines('a\r\nb\rc\n')).toBe('a\nb\nc\n');
    expect(normalizeLines('e\u0301')).toBe('\u00e9');
  });

  it('collapses ASCII whitespace in prose but keeps no-break spaces', () => {
    expect(normalizeProse('  one\n\ttwo   three \u00a0four ')).toBe('one two three \u00a0four');
  });

  it('maps NFC output back to the input, never inside a composed character', () => {
    expect(normalizeWithMap('abc')).toEqual({ text: 'abc', map: undefined });
    expect(normalizeWithMap('Cafe\u0301 ok')).toEqual({ text: 'Caf\u00e9 ok', map: [0, 1, 2, 3, 5, 6, 7] });
  });
});

describe('codePointCount', () => {
  it('counts code points as Array.from does: a pair is one, a lone surrogate one too', () => {
    for (const text of ['', 'abc', '😀x😀', '\uD83D', 'a\uDE00b', '\uDE00\uD83D', '\uD83D\uD83D\uDE00', 'e\u0301', '😀'.repeat(1000)]) {
      expect(codePointCount(text), JSON.stringify(text)).toBe(Array.from(text).length);
    }
    expect(codePointCount('😀x😀')).toBe(3);
  });
});

describe('fold', () => {
  it('makes typographic punctuation equal to ASCII', () => {
    expect(fold('\u2018a\u2019 \u201Cb\u201D c\u2026 d\u2013e f\u2014g h--i j---k\u00a0l')).toBe('\'a\' "b" c... d-e f-g h-i j-k l');
    // Hyphens that look like "-": a quote typed with "-" finds "write\u2011ahead" exactly (an outside author's finding).
    expect(fold('write\u2011ahead \u2010x \u2012y \u22121')).toBe('write-ahead -x -y -1');
  });

  it('keeps a map from folded offsets back to the text', () => {
    const text = 'x\u2026y -- z';
    const folded = foldText(text);
    expect(folded.text).toBe('x...y - z');
    expect(Array.from({ length: folded.text.length + 1 }, (_, offset) => folded.sourceOffset(offset))).toEqual([0, 1, 1, 1, 2, 3, 4, 6, 7, 8]);
    expect(text.slice(folded.sourceOffset(4), folded.sourceOffset(9))).toBe('y -- z');
  });

  it('leaves text without typographic characters alone', () => {
    const folded = foldText('plain text');
    expect(folded.text).toBe('plain text');
    expect(Array.from({ length: 11 }, (_, offset) => folded.sourceOffset(offset))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
