/**
 * Section 1: the fingerprint of the revision read.
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../../src/problems/format.js';
import { parse, report } from './sample-report.js';

describe('readContext', () => {
  it('warns when section 1 gives no fingerprint, or several', () => {
    const none = parse(report({ 1: '- By: A. Researcher' }));
    expect(formatProblems(none.problems)).toBe(
      'report.md:3:1  context.fingerprint  warning: section 1 does not give the fingerprint (sha256) of the chapter revision it read; the pass will record none, and no one can tell later which revision it checked  (hint: copy the "Chapter prose fingerprint" line of the brief into section 1)  [report/no-fingerprint]',
    );
    expect(none.report.fingerprint).toBeUndefined();
    const upper = 'AB'.repeat(32);
    const several = parse(report({ 1: `- Commit: ${'cd'.repeat(32)}\n- Chapter prose fingerprint: ${upper}` }));
    expect(several.report.fingerprint).toEqual({ value: upper.toLowerCase(), line: 6, column: 30 });
    expect(formatProblems(several.problems)).toContain('warning: section 1 gives 2 different sha256 digests; the pass records abababababab…');
  });
});
