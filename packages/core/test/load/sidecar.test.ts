import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { loadSidecar } from '../../src/load/sidecar.js';

describe('loadSidecar', () => {
  it('applies defaults to valid files', () => {
    const claims = loadSidecar('claims', 'claims:\n  - id: a\n    anchor: directive\n    verdict: { status: unverified }\n', 'a.claims.yaml');
    expect(claims.problems).toEqual([]);
    expect(claims.data).toEqual({ claims: [{ id: 'a', anchor: 'directive', verdict: { status: 'unverified' }, priority: 'medium', response: 'no-change' }] });
    expect(loadSidecar('research', 'objective: Decide.\n', 'a.research.yaml').data).toEqual({
      objective: 'Decide.',
      questions: [],
      references: [],
      notebooks: [],
      history: [],
      proposedClaims: [],
    });
    expect(loadSidecar('book', 'title: T\nslug: t\n', 'book.yaml').data).toEqual({ title: 'T', slug: 't', reviewAfterDays: 365, brief: { excerptLength: 6000 } });
  });

  it('treats an empty file as an error, with a hint for each kind', () => {
    const empty = (kind: 'book' | 'claims' | 'evidence' | 'research') => formatProblems(loadSidecar(kind, '\n# nothing\n', `x.${kind}.yaml`).problems);
    expect(empty('book')).toBe('x.book.yaml  the file is empty  (hint: write at least "title:" and "slug:")  [yaml/empty-file]');
    expect(empty('claims')).toBe('x.claims.yaml  the file is empty  (hint: write "claims: []" until the chapter has claims, or delete the file)  [yaml/empty-file]');
    expect(empty('evidence')).toBe('x.evidence.yaml  the file is empty  (hint: write "sources: []" and "evidence: []" until there is evidence, or delete the file)  [yaml/empty-file]');
    expect(empty('research')).toBe('x.research.yaml  the file is empty  (hint: write an "objective:" for the research, or delete the file)  [yaml/empty-file]');
  });

  it('stops at YAML errors without validating against the schema', () => {
    const result = loadSidecar('claims', 'claims:\n  - id: a\n    id: b\n    unknown: 1\n', 'a.claims.yaml');
    expect(result.data).toBeUndefined();
    expect(result.problems.map((problem) => problem.rule)).toEqual(['yaml/duplicate-key']);
  });

  it('refuses anchors and aliases at their place, naming the field, before the schema (an outside reviewer\'s finding: accept crashed on them)', () => {
    const text = [
      'sources: []',
      'evidence:',
      '  - id: lead-1',
      '    claims: [a]',
      '    status: &st lead',
      '  - id: lead-2',
      '    claims: [a]',
      '    status: *st',
      '',
    ].join('\n');
    const result = loadSidecar('evidence', text, 'a.evidence.yaml');
    expect(result.data).toBeUndefined();
    expect(formatProblems(result.problems)).toBe(
      [
        'a.evidence.yaml:5:13  evidence[0].status  the anchor &st marks this value to be repeated elsewhere with *st; sidecars do not use YAML anchors or aliases  (hint: remove "&st" here, and write the value out in full wherever "*st" stands)  [yaml/alias]',
        'a.evidence.yaml:8:13  evidence[1].status  the alias *st repeats the value marked &st at line 5, column 13; sidecars do not use YAML anchors or aliases, since each entry is edited on its own  (hint: write the value out in full here in place of "*st", and remove "&st")  [yaml/alias]',
      ].join('\n'),
    );
    // A shared mapping, in flow style and in a book.yaml, is refused the same way; with a BOM and CRLF, at the same places.
    const flow = loadSidecar('book', 'title: T\nslug: t\nbrief: &b { excerptLength: 10 }\nx: [*b]\n', 'book.yaml');
    expect(flow.problems.map((problem) => `${problem.line}:${problem.column} ${problem.path} ${problem.rule}`)).toEqual(['3:8 brief yaml/alias', '4:5 x[0] yaml/alias']);
    expect(formatProblems(loadSidecar('evidence', `\ufeff${text.replaceAll('\n', '\r\n')}`, 'a.evidence.yaml').problems)).toBe(formatProblems(result.problems));
    // An anchor whose name holds a bidi control is named escaped, as values are (an outside reviewer's finding).
    const bidi = formatProblems(loadSidecar('evidence', text.replace('&st', '&s\u202et').replace('*st', '*s\u202et'), 'a.evidence.yaml').problems);
    expect(bidi).toContain('the anchor &s\\u202et marks this value');
    expect(bidi).not.toContain('\u202e');
    // Written out, the file loads; "&" and "*" in prose are no anchors.
    const written = text.replace('&st lead', 'lead').replace('*st', 'lead').replace('claims: [a]', 'claims: [a]\n    note: AT&T and *emphasis* & more');
    expect(loadSidecar('evidence', written, 'a.evidence.yaml').problems.filter((problem) => problem.rule === 'yaml/alias')).toEqual([]);
    // An unresolved alias and an alias bomb are still the YAML errors they were.
    expect(loadSidecar('evidence', 'sources: *nowhere\n', 'a.evidence.yaml').problems.map((problem) => problem.rule)).toEqual(['yaml/syntax']);
  });

  it('keeps a working locator when the file has problems', () => {
    const result = loadSidecar('claims', 'claims:\n  - id: a\n    anchor: directive\n    verdict: { status: nope }\n', 'a.claims.yaml');
    expect(result.locate(['claims', 0, 'verdict', 'status'])).toEqual({ line: 4, column: 24 });
  });
});

describe('loadSidecar: problems never depend on the parser', () => {
  it('reads again with the positioned parser before reporting', () => {
    // js-yaml reads 0b1 as the number 1; YAML 1.2 core (and `yaml`) as the string "0b1", a valid id.
    const result = loadSidecar('claims', 'claims:\n  - id: 0b1\n    anchor: directive\n    verdict: { status: unverified }\n', 'a.claims.yaml');
    expect(result.problems).toEqual([]);
    expect(result.data?.claims[0]?.id).toBe('0b1');
  });
});
