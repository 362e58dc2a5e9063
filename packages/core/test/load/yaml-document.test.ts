import { describe, expect, it } from 'vitest';
import { createLocator, lineLocator, parseWithPositions } from '../../src/load/yaml-document.js';
import { loadYaml } from '../../src/load/yaml.js';

const file = 'content/books/pi/27-chapter.claims.yaml';
const load = (source: string) => loadYaml(source, { file });

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

describe('createLocator', () => {
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

  it('locates in a document read with positions, with a line offset', () => {
    const text = 'title: x\nnumber: 2\n';
    const locate = createLocator(parseWithPositions(text), lineLocator(text, 1), 1);
    expect(locate(['number'])).toEqual({ line: 3, column: 9 });
    expect(locate(['number'], { key: true })).toEqual({ line: 3, column: 1 });
  });
});

describe('lineLocator', () => {
  it('counts lines at LF, CR and CRLF, columns in UTF-16 code units', () => {
    const at = lineLocator('a\nb\rc\r\nd😀e', 0);
    expect([0, 2, 4, 7, 10].map(at)).toEqual([
      { line: 1, column: 1 },
      { line: 2, column: 1 },
      { line: 3, column: 1 },
      { line: 4, column: 1 },
      { line: 4, column: 4 },
    ]);
  });
});
