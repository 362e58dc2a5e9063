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

  it("quotes a file name that holds a line break, an escape or an invisible character, so it cannot forge a line or move a terminal's cursor (an outside reviewer's finding)", () => {
    const forged = 'content/books/pi/x\n27-chapter.claims.yaml:1:1  note: all reviewed\n.mdx';
    const line = formatProblem(problem({ file: forged, line: 0, column: 0, path: '', rule: 'book/unknown-chapter-file', message: 'not a chapter', hint: 'rename it' }));
    expect(line).toBe('"content/books/pi/x\\n27-chapter.claims.yaml:1:1  note: all reviewed\\n.mdx"  not a chapter  (hint: rename it)  [book/unknown-chapter-file]');
    expect(line.split('\n')).toHaveLength(1);
    expect(formatProblem(problem({ file: 'content/books/pi/esc\u001b[2Kred.mdx', line: 3, column: 1 })).startsWith('"content/books/pi/esc\\u001b[2Kred.mdx":3:1  ')).toBe(true);
    expect(formatProblem(problem({ file: 'content/books/pi/a\u202eb.mdx' })).startsWith('"content/books/pi/a\\u202eb.mdx":12:5  ')).toBe(true);
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
