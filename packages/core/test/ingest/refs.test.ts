/**
 * What a "bears on" reference names: claim ids, claim-audit row labels across
 * tables, ranges, proposed claims, and the labels of findings.
 */
import { describe, expect, it } from 'vitest';
import { refResolver } from '../../src/ingest/refs.js';

const at = { line: 1, column: 1 };

describe('refResolver', () => {
  const refs = refResolver(
    new Set(['tree', 'ids', 'header']),
    new Set(['torn-line']),
    [
      { label: 'C1', claim: 'tree' },
      { label: 'C2', claim: 'ids' },
      { label: 'C2b', proposal: 'torn-line' },
      { label: 'N1', claim: 'header' },
      { label: 'C3', claim: 'header' },
    ],
    [{ value: 'F3', text: 'F3: ids are short. Qualifies C2.' }, { value: 'F4', text: 'F4: prices. Bears on brief question 3.' }],
  );

  it('names claims by id, by label (any case) and proposals by id or label', () => {
    expect(refs.resolve({ ref: 'tree', ...at })).toEqual({ claims: ['tree'], proposals: [] });
    expect(refs.resolve({ ref: 'c2', ...at })).toEqual({ claims: ['ids'], proposals: [] });
    expect(refs.resolve({ ref: 'C2b', ...at })).toEqual({ claims: [], proposals: ['torn-line'] });
    expect(refs.resolve({ ref: 'torn-line', ...at })).toEqual({ claims: [], proposals: ['torn-line'] });
    expect(refs.resolve({ ref: 'C9', ...at })).toBeUndefined();
  });

  it('expands ranges in the order the rows stand, else by number', () => {
    expect(refs.resolve({ ref: 'C1', to: 'N1', ...at })).toEqual({ claims: ['tree', 'ids', 'header'], proposals: ['torn-line'] });
    expect(refs.resolve({ ref: 'C1', to: 'C3', ...at })).toEqual({ claims: ['tree', 'ids', 'header'], proposals: ['torn-line'] });
    expect(refs.resolve({ ref: 'C3', to: 'C5', ...at })).toEqual({ claims: ['header'], proposals: [] });
    expect(refs.resolve({ ref: 'C7', to: 'C9', ...at })).toBeUndefined();
  });

  it('names what a labelled finding opens with', () => {
    expect(refs.resolve({ ref: 'F3', ...at })).toEqual({ claims: ['ids'], proposals: [] });
    expect(refs.resolve({ ref: 'F4', ...at })).toBeUndefined();
  });
});
