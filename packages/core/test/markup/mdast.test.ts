import { describe, expect, it } from 'vitest';
import { bulletList, code, inline, joined, paragraph, quoteLines, recorded, recordedCell, recordedSentence, safeLink, safeUrl, siteLink, siteLinkText, table } from '../../src/markup/mdast.js';

describe('mdast pieces', () => {
  it('puts recorded strings on one line, and never leaves a cell blank', () => {
    expect(recorded(' a\nb\u2028c ')).toEqual({ type: 'text', value: 'a b c' });
    expect(recordedCell('\n')).toEqual({ type: 'text', value: '—' });
    expect(recordedSentence('Checked')).toEqual({ type: 'text', value: 'Checked.' });
    expect(recordedSentence('Checked (twice)')).toEqual({ type: 'text', value: 'Checked (twice)' });
    expect(code('a\nb')).toEqual({ type: 'inlineCode', value: 'a b' });
  });

  it('merges adjacent words and text, and drops empty text', () => {
    const node = recorded('x');
    expect(inline(['a ', node, '', ' b', code('c'), ''])).toEqual([{ type: 'text', value: 'a x b' }, { type: 'inlineCode', value: 'c' }]);
    expect(node.value).toBe('x');
  });

  it('joins parts as Array#join joins strings', () => {
    expect(joined([['a'], [code('b'), 'c'], []], ', ')).toEqual(['a', ', ', { type: 'inlineCode', value: 'b' }, 'c', ', ']);
    expect(joined([], ', ')).toEqual([]);
  });

  it('links only what passes the safe-URL rule', () => {
    expect(safeLink('t', 'javascript:alert(1)')).toEqual({ type: 'text', value: 't' });
    expect(safeLink('t', 'arxiv:2501.01234v2')).toEqual({ type: 'link', url: 'https://arxiv.org/abs/2501.01234v2', children: [{ type: 'text', value: 't' }] });
    expect(safeUrl('data:text/html,<b>')).toEqual({ type: 'text', value: 'data:text/html,<b>' });
    expect(safeUrl('https://x.org/a|b')).toEqual({ type: 'link', url: 'https://x.org/a%7Cb', children: [{ type: 'text', value: 'https://x.org/a%7Cb' }] });
    expect(siteLink('/research/')).toEqual({ type: 'link', url: '/research/', children: [{ type: 'text', value: '/research/' }] });
    expect(siteLinkText('a\nb', '/x y')).toEqual({ type: 'link', url: '/x%20y', children: [{ type: 'text', value: 'a b' }] });
  });

  it('groups quoted lines into paragraphs at blank lines', () => {
    expect(quoteLines('\n one \r\ntwo\n\n\n three\n')).toEqual({
      type: 'blockquote',
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: 'one\ntwo' }] },
        { type: 'paragraph', children: [{ type: 'text', value: 'three' }] },
      ],
    });
  });

  it('builds tight lists, tasks and unaligned tables', () => {
    const list = bulletList([['a'], ['b']], { task: true });
    expect(list.spread).toBe(false);
    expect(list.children.map((item) => [item.checked, item.spread])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(bulletList([['a']]).children[0]).not.toHaveProperty('checked');
    const grid = table(['A', 'B'], [[['1'], ['2', code('x')]]]);
    expect(grid.align).toEqual([null, null]);
    expect(grid.children[1]!.children[1]!.children).toEqual([{ type: 'text', value: '2' }, { type: 'inlineCode', value: 'x' }]);
    expect(paragraph('p').children).toEqual([{ type: 'text', value: 'p' }]);
  });
});
