import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { formatProblems } from '../../src/problems/format.js';
import { loadYaml } from '../../src/load/yaml.js';
import { exampleBook } from '../fixture-book.js';

const file = 'content/books/pi/27-chapter.claims.yaml';
const load = (source: string, lineOffset?: number) => loadYaml(source, { file, ...(lineOffset === undefined ? {} : { lineOffset }) });

const claims = [
  'claims:', //                              1
  '  - id: first', //                        2
  '    anchor: directive', //                3
  '    verdict:', //                         4
  '      status: supported', //              5
  '  - id: second', //                       6
  '    anchor:', //                          7
  '      quote: "the header line"', //       8
  '    verdict:', //                         9
  '      status:', //                        10
  '',
].join('\n');

describe('loadYaml', () => {
  it('parses a mapping and keeps YAML 1.2 core types (dates stay strings)', () => {
    const result = load('date: 2024-05-01\nyes: yes\nflag: true\nnumber: 27\n');
    expect(result.problems).toEqual([]);
    expect(result.value).toEqual({ date: '2024-05-01', yes: 'yes', flag: true, number: 27 });
  });

  it('locates values, keys, list items and missing keys', () => {
    const { locate, problems } = load(claims);
    expect(problems).toEqual([]);
    expect(locate(['claims', 0, 'verdict', 'status'])).toEqual({ line: 5, column: 15 });
    expect(locate(['claims', 0, 'verdict', 'status'], { key: true })).toEqual({ line: 5, column: 7 });
    expect(locate(['claims', 1])).toEqual({ line: 6, column: 5 });
    expect(locate(['claims', 1, 'anchor', 'quote'])).toEqual({ line: 8, column: 14 });
    // A missing key points at the mapping it is missing from.
    expect(locate(['claims', 1, 'verdict', 'date'])).toEqual({ line: 10, column: 7 });
    expect(locate(['claims', 0, 'priority'])).toEqual({ line: 2, column: 5 });
    // An empty value points at its key.
    expect(locate(['claims', 1, 'verdict', 'status'])).toEqual({ line: 10, column: 7 });
    // An index past the end points at the list.
    expect(locate(['claims', 7, 'id'])).toEqual({ line: 2, column: 3 });
    expect(locate([])).toEqual({ line: 1, column: 1 });
  });

  it('accepts and strips a byte order mark without shifting columns', () => {
    const result = load(`\uFEFF${claims}`);
    expect(result.problems).toEqual([]);
    expect(result.locate(['claims'], { key: true })).toEqual({ line: 1, column: 1 });
    expect(result.locate(['claims', 0, 'verdict', 'status'])).toEqual({ line: 5, column: 15 });
  });

  it('accepts CRLF line endings with the same positions', () => {
    const result = load(claims.replaceAll('\n', '\r\n'));
    expect(result.problems).toEqual([]);
    expect(result.value).toEqual(load(claims).value);
    expect(result.locate(['claims', 1, 'anchor', 'quote'])).toEqual({ line: 8, column: 14 });
  });

  it('reports empty and comment-only files as empty, not as errors', () => {
    for (const source of ['', '\n\n', '# nothing yet\n', '\uFEFF']) {
      const result = load(source);
      expect(result).toMatchObject({ value: null, empty: true, problems: [] });
    }
  });

  it('adds a line offset for embedded YAML', () => {
    expect(load('title: x\nnumber: 2\n', 1).locate(['number'])).toEqual({ line: 3, column: 9 });
  });

  it('reports syntax errors with positions and hints', () => {
    expect(formatProblems(load('title: Sessions: the format\n').problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml:1:8  nested mappings are not allowed in compact mappings  (hint: a value containing ": " must be quoted, e.g. title: "Sessions: the file format"; a key must line up with the keys above it)  [yaml/syntax]',
    );
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

  it('refuses files above the size limit', () => {
    const result = loadYaml('a: 123456\n', { file, maxLength: 5 });
    expect(formatProblems(result.problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml  the file has 10 characters; at most 5 are read  (hint: split the chapter or move long notes into a linked document)  [yaml/too-large]',
    );
  });

  it('never throws on arbitrary input', () => {
    for (const source of ['{', '[', ']', ':', '- - -', '? ? ?', '&a *a', '%YAML 2.0\n---\na: 1', '"\\q"', 'a:\n  - b\n c: d', '\u0000', 'key: |\n  text\n bad']) {
      expect(() => load(source)).not.toThrow();
    }
  });
});

describe('loadYaml: the fast parser and the positioned one agree', () => {
  const reference = (text: string) => parseDocument(text, { schema: 'core', logLevel: 'error' }).toJS() as unknown;
  const repository = fileURLToPath(new URL('../../../../', import.meta.url));

  it('on every YAML file of the demo book and the test fixture', () => {
    const texts = Object.entries(exampleBook).filter(([name]) => name.endsWith('.yaml'));
    const demo = path.join(repository, 'content/books/pi');
    for (const name of fs.existsSync(demo) ? fs.readdirSync(demo) : []) {
      if (name.endsWith('.yaml')) texts.push([name, fs.readFileSync(path.join(demo, name), 'utf8')]);
    }
    expect(texts.length).toBeGreaterThan(4);
    for (const [name, text] of texts) {
      const loaded = loadYaml(text!, { file: name });
      expect(loaded.fast).toBe(true);
      expect(loaded.value, name).toEqual(reference(text!));
    }
  });

  it('leaves explicit tags, aliases, empty and null documents to the positioned parser', () => {
    for (const text of ['a: !!str 1\n', 'a: &x [1]\nb: *x\n', '', '# c\n', '~\n', '---\n']) {
      expect(load(text).fast, JSON.stringify(text)).toBe(false);
    }
    expect(load('title: R&D, or research & development\n').fast).toBe(true);
    expect(load('title: Wow! It works!\n').fast).toBe(true);
  });

  it('reads with the positioned parser only when asked', () => {
    expect(loadYaml('a: 1\n', { file, fast: false })).toMatchObject({ fast: false, value: { a: 1 } });
  });
});
