import type { Root } from 'mdast';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { buildTextIndex, directiveId, locateOffset, serializeDirective, type IndexNode } from '../../src/text/text-index.js';

const features = { directive: true, smartPunctuation: false, gfm: true, frontmatter: true };
const md = (source: string) => markdownToMdast(source, { features, position: true }) as Root;

describe('buildTextIndex', () => {
  it('maps every character back to its leaf and offset', () => {
    const source = 'Some *emphasis*\nand `code  here` [link](u).\n';
    const index = buildTextIndex(md(source), { source });
    expect(index.text).toBe('Some emphasis and code here link.');
    const at = (offset: number) => {
      const leaf = index.leaves[index.leafAt[offset]!]!;
      return [leaf.node.type, leaf.value[index.offsetAt[offset]!]];
    };
    expect(at(5)).toEqual(['text', 'e']);
    expect(at(18)).toEqual(['inlineCode', 'c']);
    expect(at(22)).toEqual(['inlineCode', ' ']);
    expect(at(28)).toEqual(['text', 'l']);
    expect(index.units).toHaveLength(1);
    expect(index.units[0]).toMatchObject({ kind: 'prose', start: 0, end: 33 });
  });

  it('separates blocks by a blank line and table cells by a pipe', () => {
    const index = buildTextIndex(md('# Title\n\n| a | b |\n| - | - |\n| c |  |\n'));
    expect(index.text).toBe('Title\n\na | b\nc | ');
    expect(index.units.map((unit) => [unit.node.type, unit.start, unit.end])).toEqual([
      ['heading', 0, 5],
      ['tableCell', 7, 8],
      ['tableCell', 11, 12],
      ['tableCell', 13, 14],
      ['tableCell', 17, 17],
    ]);
    expect(index.leafAt[8]).toBe(-1);
  });

  it('reads JSX element text but not expressions, and code blocks verbatim', () => {
    const source = '<Note>Keep *this*</Note>\n\n{drop}\n\n```\nkeep  \n  indent\n\n```\n';
    const index = buildTextIndex(mdxToMdast(source, { features, position: true }) as Root, { source });
    expect(index.text).toBe('Keep this\n\nkeep\n  indent');
    expect(index.units.map((unit) => unit.kind)).toEqual(['prose', 'code']);
  });

  it('records claim directives and restored directives', () => {
    const source = 'At 10:30 :claim[the *claim*]{#c} ends.\n';
    const index = buildTextIndex(md(source), { source });
    expect(index.text).toBe('At 10:30 the claim ends.');
    expect(index.claims.map(({ id, start, end, line, column }) => ({ id, start, end, line, column }))).toEqual([{ id: 'c', start: 9, end: 18, line: 1, column: 10 }]);
    expect(index.restored.map((entry) => [entry.kind, entry.text])).toEqual([['textDirective', ':30']]);
  });

  it('leaves directives that another plugin handled as content', () => {
    const root = md(':::aside\nInside.\n:::\n');
    const aside = root.children[0] as unknown as IndexNode;
    aside.data = { hName: 'aside' };
    expect(buildTextIndex(root).text).toBe('Inside.');
  });

  it('locates offsets in the source', () => {
    const source = '# T\n\nFirst line\nsecond `code` line.\n';
    const index = buildTextIndex(md(source), { source });
    expect(locateOffset(index, index.text.indexOf('second'))).toEqual({ line: 4, column: 1 });
    expect(locateOffset(index, index.text.indexOf('code'))).toEqual({ line: 4, column: 9 });
    expect(locateOffset(index, index.text.indexOf('line'))).toEqual({ line: 3, column: 7 });
  });
});

describe('directives', () => {
  it('serializes a directive without its source', () => {
    expect(serializeDirective({ type: 'textDirective', name: 'abbr', attributes: { title: 'JSON Lines', id: 'x', class: 'a b' }, children: [{ type: 'text', value: 'JSONL' }] })).toBe(
      ':abbr[JSONL]{title="JSON Lines" #x .a .b}',
    );
    expect(serializeDirective({ type: 'leafDirective', name: 'x', attributes: {}, children: [] })).toBe('::x');
  });

  it('reads the id of a directive', () => {
    expect(directiveId({ type: 'textDirective', attributes: { id: 'c1' } })).toBe('c1');
    expect(directiveId({ type: 'textDirective', attributes: { id: '' } })).toBeUndefined();
    expect(directiveId({ type: 'textDirective' })).toBeUndefined();
  });
});
