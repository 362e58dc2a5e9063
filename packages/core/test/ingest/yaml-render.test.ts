import { Document, isScalar, Scalar, visit } from 'yaml';
import { describe, expect, it } from 'vitest';
import { stringify } from '../../src/ingest/yaml-render.js';

/** The house style as `createNode` and a second walk make it: what `stringify` built its nodes from before it made them styled. */
function byCreateNode(value: unknown, lineWidth: number, blockRoot: boolean): string {
  const doc = new Document(value);
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value !== 'string') return;
      if (node.value.includes('\n')) node.type = Scalar.BLOCK_LITERAL;
      else if (node.value.length > 72 && node.value.includes(' ') && !/^\s|\s$/.test(node.value)) node.type = Scalar.BLOCK_FOLDED;
    },
    Seq(_, node) {
      if (blockRoot && node === doc.contents) return;
      const values = node.items.map((item) => (isScalar(item) ? item.value : undefined));
      if (values.every((item) => typeof item === 'string' && item.length <= 40 && !item.includes('\n')) && (values as string[]).join(', ').length <= 60) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: Math.max(40, lineWidth), minContentWidth: 20, flowCollectionPadding: false });
}

const prose = 'A long sentence of prose that goes well past the seventy-two characters after which the sidecars fold it.';
const values: unknown[] = [
  { id: 'a-source', title: prose, url: 'https://example.org/a/very/long/path/that/is/one/word/and/stays/on/its/own/line/when/folded', authors: ['Ada Lovelace', 'Alan Turing'] },
  { id: 'e-1', claim: 'tree-in-place', note: 'line one\nline two\n', status: 'lead', priority: 3, accepted: true, reason: null, skipped: undefined },
  { words: ['yes', 'no', '2026', '1e3', '- x', ': a', '#c', 'null', '~'], empty: [], nothing: {} },
  { nested: { deeper: { list: [{ a: 1 }, { b: ' padded ' }], tags: ['x'.repeat(41)] } } },
  { quoted: 'it\'s "quoted": yes', unicode: 'Sätteri — “quotes” and 日本語', tab: 'a\tb', hash: 'a #b', colon: 'key: value' },
  ['short', 'list'],
  [{ id: 'one' }, { id: 'two', title: prose }],
  'a plain string',
  prose,
  42,
];

describe('stringify', () => {
  it('renders as createNode and a styling walk did, at every width', () => {
    for (const value of values) {
      for (const width of [20, 40, 60, 78, 80, 120]) {
        for (const blockRoot of [false, true]) {
          expect(stringify(value, width, blockRoot), `${JSON.stringify(value)} at ${width}${blockRoot ? ', block root' : ''}`).toBe(byCreateNode(value, width, blockRoot));
        }
      }
    }
  });
});
