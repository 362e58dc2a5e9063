import { describe, expect, it } from 'vitest';
import { cellText, textOf } from '../../../src/research-report/read/node-text.js';
import { satteri } from './sample-report.js';

describe('textOf', () => {
  it('keeps text, code, raw HTML and image descriptions, turns hard breaks into spaces and puts list items, rows and cells on lines of their own', () => {
    const root = satteri('- one `two`  \nthree <b>x</b>\n- ![alt](a.png) four\n\n| a | b |\n| - | - |\n| c | d |\n');
    const [list, table] = root.children;
    // What a researcher wrote is never dropped (issue 16, defect 4): the tags stay as text, the image as its description.
    expect(textOf(list!)).toBe('one two three <b>x</b>\nalt four');
    expect(textOf(table!)).toBe('a\nb\nc\nd');
  });

  it('reads a cell with its code spans and links', () => {
    const root = satteri('| a |\n| - |\n| `id-one` and [RFC](https://rfc.example/) <br> end |\n');
    const table = root.children[0] as import('mdast').Table;
    expect(cellText(table.children[1]!.children[0]!)).toEqual({ text: 'id-one and RFC end', prose: '`id-one` and RFC end', codes: ['id-one'], strong: [], links: ['https://rfc.example/'], place: { line: 3, column: 3 } });
    // Code that holds backticks is fenced as Markdown fences it; a cell without code has no prose of its own.
    const ticks = satteri('| a | b |\n| - | - |\n| ``a`b`` and `` `c` `` | plain |\n');
    const [code, plain] = (ticks.children[0] as import('mdast').Table).children[1]!.children.map(cellText);
    expect(code!.prose).toBe('``a`b`` and `` `c` ``');
    expect(plain!.prose).toBeUndefined();
  });

  it('keeps HTML-like text, entities, emphasis, footnote calls and image descriptions of a cell as written', () => {
    const root = satteri('| a | b |\n| - | - |\n| Rust Vec<T> and **Promise<void>** | The <summary> entry &amp; *AT&T* ~~x~~ ![chart](c.png) <!-- note --> [^1] |\n\n[^1]: A note.\n');
    const table = root.children[0] as import('mdast').Table;
    const [title, concern] = table.children[1]!.children.map(cellText);
    expect(title).toMatchObject({ text: 'Rust Vec<T> and Promise<void>', strong: ['Promise<void>'] });
    expect(concern!.text).toBe('The <summary> entry & AT&T x chart <!-- note --> [^1]');
  });
});
