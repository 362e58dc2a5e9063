import { describe, expect, it } from 'vitest';
import { rules } from '../../src/problems/rules.js';
import {
  ambiguousQuote,
  directiveForQuoteClaim,
  directiveWithoutId,
  duplicateDirective,
  emptyDirective,
  missingDirective,
  orphanQuote,
  overlappingQuote,
  unknownDirective,
} from '../../src/text/anchor-problems.js';

const chapter = 'content/books/pi/27-chapter.mdx';
const claims = 'content/books/pi/27-chapter.claims.yaml';
const at = { file: chapter, line: 3, column: 7 };
const field = { file: claims, line: 9, column: 14, path: 'claims[1].anchor.quote' };

describe('anchoring problems', () => {
  it('carries registered anchor rules with their severity', () => {
    const problems = [
      directiveWithoutId(at, false),
      directiveWithoutId(at, true),
      unknownDirective(at, 'x', claims, []),
      duplicateDirective(at, 'x', { line: 1, column: 1 }),
      directiveForQuoteClaim(at, 'x', claims, { line: 5, column: 5 }),
      emptyDirective(at, 'x'),
      missingDirective({ ...field, path: 'claims[1].anchor' }, 'x', chapter),
      ambiguousQuote(field, { id: 'x', anchor: { quote: 'q' } }, chapter, 2, ['1:1', '2:1'], undefined),
      orphanQuote(field, { id: 'x', quote: 'q' }, chapter, undefined),
      overlappingQuote(field, { id: 'x', text: 'a b' }, { id: 'y', text: 'b c', line: 0, column: 0 }, chapter),
    ];
    for (const problem of problems) {
      expect(problem.rule.startsWith('anchor/')).toBe(true);
      expect(problem.severity).toBe(rules[problem.rule as keyof typeof rules].severity);
      expect(problem.hint).toBeTruthy();
    }
    expect(problems.map((problem) => problem.rule)).toEqual([
      'anchor/directive-without-id',
      'anchor/directive-without-id',
      'anchor/unknown-directive',
      'anchor/duplicate-directive',
      'anchor/directive-for-quote-claim',
      'anchor/empty-directive',
      'anchor/missing-directive',
      'anchor/ambiguous',
      'anchor/orphan',
      'anchor/overlap',
    ]);
  });

  it('suggests the claim a misspelled directive id meant', () => {
    expect(unknownDirective(at, 'header-versoin', claims, ['header-version', 'tree-of-entries']).hint).toBe(`${claims} has "header-version", spelled nearly the same: fix whichever of the two ids is misspelled, here or in ${claims}`);
    expect(unknownDirective(at, 'zzz', claims, ['header-version']).hint).toBe(`add a claim with id "zzz" and anchor: directive to ${claims}, or remove the markup`);
  });

  it('names the first ten places of an ambiguous quote and counts the rest', () => {
    const places = Array.from({ length: 11 }, (_, index) => `${index + 1}:1`);
    const problem = ambiguousQuote(field, { id: 'x', anchor: { quote: 'the  quote', prefix: 'a' } }, chapter, 1234, places, { kind: 'suffix', text: ' then' });
    expect(problem).toEqual({
      ...field,
      rule: 'anchor/ambiguous',
      severity: 'error',
      claim: 'x',
      message: `the quote of claim "x" ("the quote") is found 1234 times in ${chapter} (at 1:1, 2:1, 3:1, 4:1, 5:1, 6:1, 7:1, 8:1, 9:1, 10:1, and 1,224 more), and its prefix and suffix do not tell them apart`,
      hint: 'add suffix: " then" to choose the one at 1:1 (`research-pack anchor x --quote "…" --suffix " then"`), or quote a longer passage',
    });
  });

  it('shows the closest text of an orphan, or says there is no prose', () => {
    expect(orphanQuote(field, { id: 'x', quote: 'gone' }, chapter, { text: 'here', at: { line: 4, column: 2 } }).message).toBe(
      `the quote of claim "x" ("gone") is not in ${chapter}; the closest text (${chapter}:4:2) is "here"`,
    );
    expect(orphanQuote(field, { id: 'x', quote: 'gone' }, chapter, undefined).message).toBe(`the quote of claim "x" ("gone") is not in ${chapter}; the chapter has no prose to compare it with`);
  });
});
