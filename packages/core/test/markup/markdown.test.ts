import type { Link, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { codeSpan, escapeInline, escapeMarkdown, escapeMarkdownLines, escapeSentence, escapeTableCell, markdownLink, markdownTable, markdownUrl, oneLine } from '../../src/markup/markdown.js';

const parse = (markdown: string): Root => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '[click](javascript:alert(1))',
  '![x](data:image/png;base64,AAAA)',
  '# not a heading',
  '- not a list',
  '1. not a list',
  '> not a quote',
  '*not emphasis* _nor this_ ~~nor this~~',
  '`not code`',
  '{globalThis.alert(1)}',
  'a | b | c',
  '&lt;b&gt; entity',
  '---',
  '===',
  '<!-- comment -->',
  '<https://autolink.example>',
  'back\\slash\\',
  'see https://a.example/x\\> and www.b.example> or a@b.example',
];

describe('markdown-text', () => {
  it('round-trips hostile strings as literal text in a paragraph', () => {
    for (const value of HOSTILE) {
      const tree = parse(escapeMarkdown(value));
      expect(tree.children.map((node) => node.type), value).toEqual(['paragraph']);
      expect(toString(tree), value).toBe(value);
      // GFM itself links bare http(s) URLs and e-mail addresses in text; nothing else may appear.
      const unexpected: unknown[] = [];
      visit(tree, (node) => {
        if (['root', 'paragraph', 'text'].includes(node.type)) return;
        if (node.type === 'link' && /^(https?|mailto):/.test((node as Link).url)) return;
        unexpected.push(node);
      });
      expect(unexpected, value).toEqual([]);
    }
  });

  it('keeps table cells in their column', () => {
    const table = markdownTable(['a', 'b'], HOSTILE.map((value) => [escapeTableCell(value), 'x']));
    const tree = parse(table);
    expect(tree.children).toHaveLength(1);
    const rows = (tree.children[0] as { children: { children: unknown[] }[] }).children;
    expect(rows.every((row) => row.children.length === 2)).toBe(true);
    rows.slice(1).forEach((row, index) => expect(toString(row.children[0] as Root)).toBe(HOSTILE[index]));
    expect(escapeTableCell('')).toBe('—');
  });

  it('collapses line breaks and control characters into one line', () => {
    expect(oneLine('a\nb\r\nc\u2028d\u0000e\tf  g')).toBe('a b c d e f g');
    expect(toString(parse(escapeMarkdown('x\n# y')))).toBe('x # y');
  });

  it('escapes multi-line text line by line, as a block quote when asked', () => {
    const out = escapeMarkdownLines('first <b>\n\n\n# second\n', '> ');
    expect(out).toBe('> first \\<b\\>\n>\n> \\# second');
    const tree = parse(out);
    expect(tree.children.map((node) => node.type)).toEqual(['blockquote']);
  });

  it('links only safe targets and keeps link text literal', () => {
    expect(markdownLink('a [b]', 'https://x.org/a|b')).toBe('[a \\[b\\]](<https://x.org/a%7Cb>)');
    expect(markdownLink('x', 'javascript:alert(1)')).toBe('x');
    expect(markdownUrl('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(markdownUrl('10.1000/xyz')).toBe('<https://doi.org/10.1000/xyz>');
    expect(escapeInline('1. a')).toBe('1. a');
  });

  it('writes code spans and sentences', () => {
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(toString(parse(codeSpan('`x`')))).toBe('`x`');
    expect(escapeSentence('done')).toBe('done.');
    expect(escapeSentence('done?')).toBe('done?');
  });
});
