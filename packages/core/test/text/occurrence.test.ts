import { describe, expect, it } from 'vitest';
import { chooseByContext, foldContext, occurrencesOf, quoteOccurrence, scoreCandidate } from '../../src/text/occurrence.js';

describe('occurrence', () => {
  it('counts every place of a quote, overlapping ones too', () => {
    expect(occurrencesOf('aaa', 'aa')).toEqual([0, 1]);
    expect(occurrencesOf('a b a b', 'a b')).toEqual([0, 4]);
    expect(occurrencesOf('abc', '')).toEqual([]);
  });

  it('says which occurrence a claim is', () => {
    expect(quoteOccurrence('x y, x y, x y', 'x y', 5)).toEqual({ occurrence: 1, occurrences: 3 });
    expect(quoteOccurrence('x y, x y, x y', 'x y', 0)).toEqual({ occurrence: 0, occurrences: 3 });
    // A start past every place (the text changed under it) is the last place, never one that is not there.
    expect(quoteOccurrence('x y, x y', 'x y', 99)).toEqual({ occurrence: 1, occurrences: 2 });
    expect(quoteOccurrence('nothing', 'x y', 0)).toEqual({ occurrence: 0, occurrences: 0 });
  });

  it('scores like Hypothesis: quote 50, prefix 20, suffix 20', () => {
    const haystack = 'before QUOTE after';
    expect(scoreCandidate(haystack, { start: 7, end: 12, errors: 0 }, 5, 'before ', ' after')).toBe(90);
    expect(scoreCandidate(haystack, { start: 7, end: 12, errors: 1 }, 5, '', '')).toBe(40);
    // One wrong letter in a prefix of ten costs a tenth of its 20.
    expect(scoreCandidate('xbefore QUOTE', { start: 8, end: 13, errors: 0 }, 5, 'abefore ', '')).toBeCloseTo(50 + 20 * (7 / 8));
  });

  it('chooses the place whose context matches best, and names ties', () => {
    const haystack = 'one: X two: X one: X';
    expect(chooseByContext(haystack, [5, 12, 19], 1, 'two: ', '')).toEqual({ best: 1, tied: [1] });
    expect(chooseByContext(haystack, [5, 12, 19], 1, 'one: ', '')).toEqual({ best: 0, tied: [0, 2] });
    // Edit distance, not the longest common end: "dolxr " is closer to "dolor " than "zzlor " is.
    expect(chooseByContext('dolxr X zzlor X', [6, 14], 1, 'dolor ', '').best).toBe(0);
  });

  it('folds a sidecar context with whitespace as in the prose', () => {
    expect(foldContext('the \u201cheader\u201d\n  comes')).toBe('the "header" comes');
    expect(foldContext(undefined)).toBe('');
  });
});
