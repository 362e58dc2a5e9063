import { Document, isScalar, parse, Scalar, visit } from 'yaml';
import { describe, expect, it } from 'vitest';
import { renderItem, stringify, stringifyDocument, stringifyLaidOut } from '../../src/ingest/yaml-render.js';

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

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces of text that make yaml quote, fold, escape or block a scalar, and plain ones. */
const PIECES = [
  'word', 'Bench source 12', ': ', ' #', '#', '- ', '-', '?', '"', "'", '\\', '\n', '\n\n', ' ', '  ', '\t', '[', ']', '{', '}', ',', '&a', '*b', '!t', '|', '>', '%', '@', '`',
  '---', '...', 'true', 'null', '~', '1e3', '0x1F', '.inf', '2026-11-30', '10:30', 'https://example.org/papers/7?q=a#frag', '10.5555/bench.3', 'Sätteri', '“quoted”', '日本語', '\u00a0', '\u0007', '\u2028', '\ud800',
  'a study of session files, part 7919', 'prose that runs on for a while and then a little longer still',
];

function text(next: () => number): string {
  const count = Math.floor(next() * 12);
  let out = '';
  for (let i = 0; i < count; i++) out += PIECES[Math.floor(next() * PIECES.length)];
  return out;
}

const KEYS = ['id', 'title', 'url', 'note', 'claims', 'identifiers', 'doi', 'reading', 'null', 'true', 'Yes', 'x-y', 'a_b', 'with space', '---', '%k', '#k', 'k:'];

function value(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth > 2 || pick < 0.45) return text(next);
  if (pick < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => text(next));
  if (pick < 0.75) return Array.from({ length: Math.floor(next() * 3) }, () => value(next, depth + 1));
  const map: Record<string, unknown> = {};
  const count = Math.floor(next() * 5);
  for (let i = 0; i < count; i++) map[KEYS[Math.floor(next() * KEYS.length)]!] = value(next, depth + 1);
  return map;
}

describe('stringifyLaidOut', () => {
  it('writes what the Document writes, or leaves the value to it', () => {
    let laidOut = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const item = value(next, 0);
      const width = [20, 40, 58, 78, 80, 120][seed % 6]!;
      const blockRoot = seed % 2 === 0;
      const fast = stringifyLaidOut(item, width, blockRoot);
      if (fast === undefined) continue;
      laidOut++;
      expect(fast, `seed ${seed}: ${JSON.stringify(item)} at ${width}${blockRoot ? ', block root' : ''}`).toBe(stringifyDocument(item, width, blockRoot));
    }
    // Most generated values are the common case: the comparison above is not vacuous.
    expect(laidOut).toBeGreaterThan(1500);
  });

  it('writes flow lists at their limits as the Document does', () => {
    const words = (length: number, size: number, piece: string) => Array.from({ length }, (_, i) => `${piece}${'w'.repeat(Math.max(0, size - piece.length - String(i).length))}${i}`);
    let laidOut = 0;
    for (const piece of ['', '"', '\u0007', ': ', 'a b ', '[', '- ']) {
      for (const size of [8, 19, 20, 21, 38, 39, 40, 41]) {
        for (const length of [1, 2, 3, 4]) {
          for (const width of [40, 44, 58, 78]) {
            for (const item of [{ claims: words(length, size, piece) }, [{ id: 'x', nested: { claims: words(length, size, piece) } }]]) {
              const fast = stringifyLaidOut(item, width, true);
              if (fast === undefined) continue;
              laidOut++;
              expect(fast, `${JSON.stringify(item)} at ${width}`).toBe(stringifyDocument(item, width, true));
            }
          }
        }
      }
    }
    expect(laidOut).toBeGreaterThan(300);
  });

  it('lays out the items an ingest adds (the case it exists for)', () => {
    const source = { id: 'bench-source-3-a-study', title: 'Bench source 3: a study of session files, part 3743', identifiers: { doi: '10.5555/bench.3' }, url: 'https://example.org/papers/3', reading: 'abstract-only', accessed: '2026-11-30', verified: '2026-11-30' };
    const lead = { id: 'bench-lead-3', source: 'bench-source-3-a-study', claims: ['third-party-readers', 'tree-in-place'], relation: 'supports', status: 'lead', note: prose };
    for (const item of [source, lead]) {
      for (const width of [76, 78]) {
        expect(stringifyLaidOut([item], width, true)).toBeDefined();
        expect(stringifyLaidOut([item], width, true)).toBe(stringifyDocument([item], width, true));
      }
    }
  });

  it('leaves numbers, booleans, null, empty mappings and quoted keys to the Document', () => {
    for (const item of [{ a: 1 }, { a: true }, { a: null }, { a: {} }, { null: 'x' }, { 'with space': 'x' }, new Date(0)]) expect(stringifyLaidOut(item, 78)).toBeUndefined();
    expect(stringifyLaidOut([], 78, true)).toBeUndefined();
  });
});

describe('renderItem comments', () => {
  it('keeps a comment on one line, whatever line breaks it quotes', () => {
    const rendered = renderItem({ id: 'a' }, 2, false, 'Accepted by A\nclaims: []\r\nmore');
    expect(rendered).toBe('  # Accepted by A claims: [] more\n  - id: a\n');
    expect(parse(`claims:\n${rendered}`)).toEqual({ claims: [{ id: 'a' }] });
  });
});
