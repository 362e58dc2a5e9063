import { describe, expect, it } from 'vitest';
import { codeText, fenceText, joinPieces } from '../../src/text/unit-text.js';

const node = { type: 'paragraph' };

describe('unit text', () => {
  it('joins pieces with every run of whitespace one space, trimmed', () => {
    const unit = joinPieces(node, 'prose', [
      { leaf: 0, text: '  Some\t', map: undefined },
      { leaf: 1, text: ' text\n\nhere ', map: undefined },
      { leaf: -1, text: ' ', map: undefined },
      { leaf: 2, text: 'end  ', map: undefined },
    ], [0, 1, 2]);
    expect(unit.text).toBe('Some text here end');
    // Each run of the text maps back to its leaf and the offset there; a
    // space stands for the first whitespace of its run, and joins the run before it.
    expect(unit.segments.map(({ start, length, leaf, from }) => [unit.text.slice(start, start + length), leaf, from])).toEqual([
      ['Some ', 0, 2],
      ['text ', 1, 1],
      ['here ', 1, 7],
      ['end', 2, 0],
    ]);
  });

  it('places directive edges on the text they mark, never past its end', () => {
    const unit = joinPieces(node, 'prose', [
      { leaf: 0, text: 'A ', map: undefined },
      { directive: 0, edge: 'start' },
      { leaf: 1, text: 'claim', map: undefined },
      { directive: 0, edge: 'end' },
      { leaf: 2, text: ' ', map: undefined },
      { directive: 1, edge: 'start' },
      { directive: 1, edge: 'end' },
    ], [0, 1, 2]);
    expect(unit.text).toBe('A claim');
    expect(unit.edges).toEqual([
      { directive: 0, edge: 'start', offset: 2 },
      { directive: 0, edge: 'end', offset: 7 },
      { directive: 1, edge: 'start', offset: 7 },
      { directive: 1, edge: 'end', offset: 7 },
    ]);
  });

  it('keeps code lines verbatim without trailing spaces or blank lines at the end', () => {
    const unit = codeText({ type: 'code', value: 'keep  \r\n  indent\n\n\n' }, 4);
    expect(unit.text).toBe('keep\n  indent');
    expect(unit).toMatchObject({ kind: 'code', leaves: [4] });
    expect(unit.segments).toEqual([
      { start: 0, length: 4, leaf: 4, from: 0, map: undefined },
      { start: 5, length: 8, leaf: 4, from: 8, map: undefined },
    ]);
  });

  it('reads a fence line as prose no claim may mark', () => {
    expect(fenceText({ type: 'containerDirective' }, ':::note  {.wide}')).toMatchObject({ kind: 'fence', text: ':::note {.wide}', segments: [] });
  });
});
