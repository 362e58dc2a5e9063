import type { ClaimAnnotation } from '@research-pack/core';
import { describe, expect, it } from 'vitest';
import {
  ClaimAnchorError,
  directiveWithoutIdError,
  duplicateDirectiveError,
  missingDirectiveError,
  overlapError,
  pageOrphanError,
  rawHtmlError,
  unknownDirectiveError,
} from '../src/page-errors.js';

const file = 'content/books/pi/27-chapter.md';
const claim: ClaimAnnotation = {
  id: 'q',
  status: 'supported',
  anchor: { type: 'quote', exact: `${'long words '.repeat(10)}end`, prefix: '', suffix: '', occurrence: 0, occurrences: 1 },
  line: 3,
  column: 26,
  wrapper: {},
  marker: { type: 'element', tagName: 'button', properties: {}, children: [] },
  popover: { type: 'element', tagName: 'span', properties: {}, children: [] },
};

describe('page errors', () => {
  it('place every error at the claim, with its rule', () => {
    const errors = [
      directiveWithoutIdError(file, { line: 1, column: 2 }),
      unknownDirectiveError(file, { line: 1, column: 2 }, 'x'),
      duplicateDirectiveError(file, { line: 1, column: 2 }, 'x'),
      missingDirectiveError(file, claim),
      overlapError(file, claim, 'other'),
      pageOrphanError(file, claim, 'missing'),
      pageOrphanError(file, claim, 'empty'),
      pageOrphanError(file, claim, 'unmarkable'),
      rawHtmlError(file, claim),
    ];
    expect(errors.every((error) => error instanceof ClaimAnchorError && error.name === 'ClaimAnchorError')).toBe(true);
    expect(errors.map((error) => [error.ruleId, error.line, error.column, error.claim])).toEqual([
      ['anchor/directive-without-id', 1, 2, undefined],
      ['anchor/unknown-directive', 1, 2, 'x'],
      ['anchor/duplicate-directive', 1, 2, 'x'],
      ['anchor/missing-directive', 3, 26, 'q'],
      ['anchor/overlap', 3, 26, 'q'],
      ['anchor/page-orphan', 3, 26, 'q'],
      ['anchor/page-orphan', 3, 26, 'q'],
      ['anchor/page-orphan', 3, 26, 'q'],
      ['anchor/raw-html', 3, 26, 'q'],
    ]);
    expect(errors.every((error) => error.message.startsWith(`${file}:${error.line}:${error.column}: `))).toBe(true);
  });

  it('cut a long quote to 80 characters', () => {
    expect(pageOrphanError(file, claim, 'missing').message).toBe(
      `${file}:3:26: claim "q" could not be found on the page: "${'long words '.repeat(10).slice(0, 79)}…" is not in the rendered text`,
    );
  });
});
