import { describe, expect, it } from 'vitest';
import { formatProblem, formatProblems, sortProblems } from '../../src/problems/format.js';
import type { Problem } from '../../src/problems/problem.js';

const problem = (overrides: Partial<Problem>): Problem => ({
  file: 'content/books/pi/27-chapter.claims.yaml',
  line: 12,
  column: 5,
  path: 'claims[2].verdict.status',
  message: 'expected one of supported | qualified | contradicted | unverified, got "supportd"',
  hint: 'did you mean "supported"?',
  rule: 'schema/invalid-enum',
  severity: 'error',
  ...overrides,
});

describe('formatProblem', () => {
  it('prints file:line:column, path, message, hint and rule', () => {
    expect(formatProblem(problem({}))).toBe(
      'content/books/pi/27-chapter.claims.yaml:12:5  claims[2].verdict.status  expected one of supported | qualified | contradicted | unverified, got "supportd"  (hint: did you mean "supported"?)  [schema/invalid-enum]',
    );
  });

  it('leaves out what a problem does not have and marks warnings', () => {
    const { hint: _, ...withoutHint } = problem({ line: 0, column: 0, path: '', message: 'the file is empty', rule: 'yaml/empty-file' });
    expect(formatProblem(withoutHint)).toBe('content/books/pi/27-chapter.claims.yaml  the file is empty  [yaml/empty-file]');
    expect(formatProblem(problem({ severity: 'warning', hint: 'x', message: 'm', path: 'p' }))).toBe(
      'content/books/pi/27-chapter.claims.yaml:12:5  p  warning: m  (hint: x)  [schema/invalid-enum]',
    );
  });
});

describe('formatProblems', () => {
  it('sorts by file, line and column, keeping the order of problems at one place', () => {
    const problems = [
      problem({ file: 'b.yaml', line: 1, column: 1, message: 'b1' }),
      problem({ file: 'a.yaml', line: 10, column: 1, message: 'a10' }),
      problem({ file: 'a.yaml', line: 2, column: 7, message: 'a2-7' }),
      problem({ file: 'a.yaml', line: 2, column: 3, message: 'first at a2-3' }),
      problem({ file: 'a.yaml', line: 2, column: 3, message: 'second at a2-3' }),
      problem({ file: 'B.yaml', line: 1, column: 1, message: 'B (upper case sorts first)' }),
    ];
    expect(sortProblems(problems).map((entry) => entry.message)).toEqual(['B (upper case sorts first)', 'first at a2-3', 'second at a2-3', 'a2-7', 'a10', 'b1']);
    expect(formatProblems(problems).split('\n')).toHaveLength(6);
    expect(problems[0]!.message).toBe('b1');
  });

  it('is empty for no problems', () => {
    expect(formatProblems([])).toBe('');
  });
});
