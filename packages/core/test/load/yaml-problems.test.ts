import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { loadYaml } from '../../src/load/yaml.js';
import { deepProblem, isStackOverflow, MAX_YAML_DEPTH } from '../../src/load/yaml-problems.js';

const file = 'content/books/pi/27-chapter.claims.yaml';
const load = (source: string) => loadYaml(source, { file });

describe('yaml problems, as loadYaml reports them', () => {
  it('reports syntax errors with positions and hints', () => {
    expect(formatProblems(load('title: Sessions: the format\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:1:8  nested mappings are not allowed in compact mappings  (hint: a value containing ": " must be quoted, e.g. title: "Sessions: the file format"; a key must line up with the keys above it)  [yaml/syntax]',
    );
    // A key indented one space too deep: the line that is wrong, not the value above it (an outside author's finding).
    expect(formatProblems(load('evidence:\n  - id: x\n    relation: supports\n     class: reported\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:4:6  "class" is indented deeper than "relation" on the line above, so YAML reads it as part of that value  (hint: line "class" up with "relation": 4 spaces before it)  [yaml/syntax]',
    );
    expect(formatProblems(load('claims:\n  - id: x\n     anchor: directive\n').problems)).toContain('"anchor" is indented deeper than "id" on the line above');
    // A list item that slipped left of the items before it: the item is what moved, not the key below it (an outside
    // author's finding: the hint to move the key led to a second error).
    const slipped = 'claims:\n  - id: cwnd-start\n    anchor:\n      quote: x\n- id: rto-collapse\n    anchor:\n      quote: y\n';
    expect(formatProblems(load(slipped).problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:5:1  the list item "- id: rto-collapse" is indented less than the items before it ("- id: cwnd-start", line 2), so YAML ends their list above it  (hint: put 2 spaces before its "-", as before the others)  [yaml/syntax]',
    );
    expect(formatProblems(load(slipped.replaceAll('\n', '\r\n')).problems)).toContain('claims.yaml:5:1  the list item "- id: rto-collapse"');
    // Following the hint, the file loads.
    expect(load(slipped.replace('- id: rto', '  - id: rto')).problems).toEqual([]);
    // A wrapped value whose next line reads "Note: …" is no misplaced key: the message about ": " in a value stands.
    expect(formatProblems(load('rationale: The docs say so\n   Note: the page moved\n').problems)).toContain('a value containing ": " must be quoted');
    expect(formatProblems(load('claims:\n\t- id: x\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:2:1  tabs are not allowed as indentation  (hint: indent with spaces; YAML does not allow tabs for indentation)  [yaml/syntax]',
    );
    expect(formatProblems(load('title: "unterminated\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:1:8  the quoted value that starts here has no closing "  (hint: end the value with " on the line where it ends; inside it, write \\" for a double quote)  [yaml/syntax]',
    );
    expect(formatProblems(load('a: 1\n---\nb: 2\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:2:1  the file holds more than one YAML document  (hint: a sidecar is one YAML document; remove the extra "---" line)  [yaml/syntax]',
    );
    expect(load('title: "unterminated\n').value).toBeUndefined();
    // A line indented by three spaces instead of four (an outside author's finding: the hint spoke of quotes and brackets).
    expect(formatProblems(load('evidence:\n  - id: a\n    source: b\n   claims: [x]\n    relation: supports\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:4:4  "claims" is indented 3 spaces, less than the keys of its list item above ("source", 4), so YAML cannot tell where it belongs  (hint: put 4 spaces before "claims", as before the other keys of its item)  [yaml/syntax]',
    );
  });

  it('reports duplicate keys at the second one, naming it', () => {
    const result = load('claims:\n  - id: a\n    id: b\n');
    expect(formatProblems(result.problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:3:5  duplicate key "id"  (hint: a key may appear once in each mapping; keep one of them)  [yaml/duplicate-key]',
    );
    expect(result.value).toBeUndefined();
  });

  it('rejects tags other than the core ones', () => {
    expect(formatProblems(load('a: !!binary aGVsbG8=\nb: !!str 3\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:1:4  unsupported tag "!!binary"  (hint: remove the tag; sidecars use plain strings, numbers, true/false, lists and mappings)  [yaml/unsupported-tag]',
    );
    expect(formatProblems(load('a: !foo 2\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:1:4  unsupported tag "!foo"  (hint: remove the tag; sidecars use plain strings, numbers, true/false, lists and mappings)  [yaml/unsupported-tag]',
    );
    expect(load('b: !!str 3\n').value).toEqual({ b: '3' });
  });

  it('reports unresolved aliases and alias bombs instead of throwing', () => {
    expect(formatProblems(load('a: &x [1]\nb: *y\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:2:4  unresolved alias (the anchor must be set before the alias): y  (hint: sidecars do not need anchors and aliases; write the value out)  [yaml/syntax]',
    );
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let level = 1; level < 9; level++) {
      const previous = String.fromCharCode(96 + level);
      const next = String.fromCharCode(97 + level);
      bomb.push(`${next}: &${next} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`);
    }
    const result = load(`${bomb.join('\n')}\n`);
    expect(result.value).toBeUndefined();
    expect(result.problems.map((problem) => problem.rule)).toEqual(['yaml/syntax']);
  });

  it('reports nesting deeper than the limit once, at the place it is reached', () => {
    const deep = `a: ${'['.repeat(MAX_YAML_DEPTH + 5)}\n`;
    const result = load(deep);
    expect(result.problems.map((problem) => problem.rule)).toEqual(['yaml/too-deep']);
    expect(result.problems[0]).toMatchObject({ line: 1 });
    expect(deepProblem(file).message).toBe(`lists and mappings are nested more than ${MAX_YAML_DEPTH} levels deep`);
    expect(isStackOverflow('Maximum call stack size exceeded')).toBe(true);
    expect(isStackOverflow('too much recursion')).toBe(true);
    expect(isStackOverflow('unexpected end of the stream')).toBe(false);
  });
});
