import { describe, expect, it } from 'vitest';
import { cellText, textOf } from '../../../src/research-report/read/node-text.js';
import { satteri } from './sample-report.js';

describe('textOf', () => {
  it('keeps text and code, turns hard breaks into spaces and puts list items, rows and cells on lines of their own', () => {
    const root = satteri('- one `two`  \nthree <b>x</b>\n- ![alt](a.png) four\n\n| a | b |\n| - | - |\n| c | d |\n');
    const [list, table] = root.children;
    expect(textOf(list!)).toBe('one two three x\n four');
    expect(textOf(table!)).toBe('a\nb\nc\nd');
  });

  it('reads a cell with its code spans and links', () => {
    const root = satteri('| a |\n| - |\n| `id-one` and [RFC](https://rfc.example/) <br> end |\n');
    const table = root.children[0] as import('mdast').Table;
    expect(cellText(table.children[1]!.children[0]!)).toEqual({ text: 'id-one and RFC end', codes: ['id-one'], strong: [], links: ['https://rfc.example/'], place: { line: 3, column: 3 } });
  });
});
