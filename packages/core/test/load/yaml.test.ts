import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { loadYaml } from '../../src/load/yaml.js';

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

  it('refuses files above the size limit', () => {
    const result = loadYaml('a: 123456\n', { file, maxLength: 5 });
    expect(formatProblems(result.problems)).toBe(
      'content/books/pi/27-chapter.claims.yaml  the file has 10 characters; at most 5 are read  (hint: move long text into a linked document, or split the chapter into two, each with its own sidecars)  [yaml/too-large]',
    );
  });

  it('never throws on arbitrary input', () => {
    for (const source of ['{', '[', ']', ':', '- - -', '? ? ?', '&a *a', '%YAML 2.0\n---\na: 1', '"\\q"', 'a:\n  - b\n c: d', '\u0000', 'key: |\n  text\n bad']) {
      expect(() => load(source)).not.toThrow();
    }
  });
  it('reads with the positioned parser only when asked', () => {
    expect(loadYaml('a: 1\n', { file, fast: false })).toMatchObject({ fast: false, value: { a: 1 } });
  });
});

describe('loadYaml: CR-only line endings', () => {
  const cr = (lines: string[]) => lines.join('\r');
  it('reads the same value with either parser, lines counted at each CR', () => {
    const text = cr(['# a comment', '# another', 'claims:', '  - id: a', '    anchor: directive', '']);
    expect(loadYaml(text, { file }).value).toEqual({ claims: [{ id: 'a', anchor: 'directive' }] });
    // Before, `yaml` read the first comment to the end of the file: an empty file.
    expect(loadYaml(text, { file, fast: false })).toMatchObject({ value: { claims: [{ id: 'a', anchor: 'directive' }] }, empty: false });
  });

  it('places a mistake where it is', () => {
    const lines = ['claims:', '  - id: a', '    anchor: directive', '   verdict: x', ''];
    // Before, the CR-only file was one line to `yaml`: "nested mappings are not allowed" at 1:8.
    expect(formatProblems(loadYaml(cr(lines), { file }).problems)).toBe(formatProblems(loadYaml(lines.join('\n'), { file }).problems));
    expect(loadYaml(cr(lines), { file }).problems.map((problem) => problem.line)).toEqual([4]);
  });
});
