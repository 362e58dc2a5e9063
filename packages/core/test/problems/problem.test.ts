import { describe, expect, it } from 'vitest';
import { closest, createProblem, formatPath, groupDigits, hasErrors, quote } from '../../src/problems/problem.js';
import { rules } from '../../src/problems/rules.js';

describe('problems', () => {
  it('creates problems with the rule\'s severity and whole-file defaults', () => {
    expect(createProblem('book/no-books', { file: 'content/books' }, 'none')).toEqual({
      file: 'content/books',
      line: 0,
      column: 0,
      path: '',
      message: 'none',
      rule: 'book/no-books',
      severity: 'warning',
    });
    expect(createProblem('yaml/syntax', { file: 'a.yaml', line: 2, column: 3, path: 'a' }, 'bad', 'fix it')).toMatchObject({ severity: 'error', hint: 'fix it' });
    expect(hasErrors([createProblem('book/no-books', { file: 'x' }, 'none')])).toBe(false);
    expect(hasErrors([createProblem('yaml/syntax', { file: 'x' }, 'bad')])).toBe(true);
  });

  it('documents every rule with a severity and a description', () => {
    for (const [id, info] of Object.entries(rules)) {
      expect(id).toMatch(/^(file|yaml|schema|book|chapter|cross|lock|anchor|report|source)\/[a-z-]+$/);
      expect(['error', 'warning']).toContain(info.severity);
      expect(info.description).toMatch(/\.$/);
    }
  });

  it('formats field paths as authors read them', () => {
    expect(formatPath([])).toBe('');
    expect(formatPath(['claims', 2, 'verdict', 'status'])).toBe('claims[2].verdict.status');
    expect(formatPath(['notebooks', 0, 'runs', 1, 'id'])).toBe('notebooks[0].runs[1].id');
    expect(formatPath(['a key', 'x'])).toBe('["a key"].x');
    expect(formatPath(['__proto__'])).toBe('__proto__');
  });

  it('quotes values on one line, shortened, with invisible characters spelled out', () => {
    expect(quote('supportd')).toBe('"supportd"');
    expect(quote('two\nlines')).toBe('"two\\nlines"');
    expect(quote('zero\u200Bwidth\u202E')).toBe('"zero\\u200bwidth\\u202e"');
    expect(quote('x'.repeat(100))).toBe(`"${'x'.repeat(60)}…"`);
  });

  it('suggests the closest candidate only when it is plausible', () => {
    const statuses = ['supported', 'qualified', 'contradicted', 'unverified'];
    expect(closest('supportd', statuses)).toBe('supported');
    expect(closest('Supported', statuses)).toBe('supported');
    expect(closest('qualifed', statuses)).toBe('qualified');
    expect(closest('suported', statuses)).toBe('supported');
    expect(closest('review_after_days', ['reviewAfterDays', 'brief'])).toBe('reviewAfterDays');
    expect(closest('full', ['full-text', 'abstract-only', 'not-accessible'])).toBe('full-text');
    // A swapped pair is one edit, even in a short word.
    expect(closest('hgih', ['high', 'medium', 'low'])).toBe('high');
    // A word that means one of them, before spelling: "verified" is "supported", not "unverified" (an outside author's finding).
    expect(closest('verified', statuses)).toBe('supported');
    expect(closest('Refuted', statuses)).toBe('contradicted');
    expect(closest('partial', statuses)).toBe('qualified');
    expect(closest('verified', ['validated', 'lead', 'rejected'])).toBe('validated');
    expect(closest('refutes', ['supports', 'qualifies', 'contradicts', 'unresolved'])).toBe('contradicts');
    // Numbers name things: another number is another document, not a typo (an outside author's finding: "rfc5681" for a deleted
    // "rfc6582"); one slip in them is a typo still.
    expect(closest('rfc6582', ['rfc5681', 'rfc9438'])).toBeUndefined();
    expect(closest('pi-0-73-1', ['pi-0-58-3', 'pi-1-6-0'])).toBeUndefined();
    expect(closest('run-2026-01-13', ['run-2026-01-12', 'run-2025-11-02'])).toBe('run-2026-01-12');
    expect(closest('rcf5681', ['rfc5681', 'rfc9438'])).toBe('rfc5681');
    expect(closest('sesion-id-v4', ['session-id-v4', 'session-id-v7'])).toBe('session-id-v4');
    expect(closest('banana', statuses)).toBeUndefined();
    expect(closest('x', ['id'])).toBeUndefined();
    expect(closest('id', [])).toBeUndefined();
  });

  it('groups digits as toLocaleString(\'en\') does', () => {
    const values = [0, 7, 999, 1000, 1406, 10000, 999999, 1000000, 16777216, -1, -1234, -1234567, Number.MAX_SAFE_INTEGER, 1e21];
    for (let digits = 1; digits <= 16; digits++) values.push(Number('9'.repeat(digits)), 10 ** (digits - 1));
    for (const value of values) expect(groupDigits(value), String(value)).toBe(value.toLocaleString('en'));
    expect(groupDigits(12345678901234567890n)).toBe((12345678901234567890n).toLocaleString('en'));
  });
});
