import type { Root } from 'mdast';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { buildTextIndex, type IndexNode } from '../../src/text/text-index.js';

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

  it('serializes directives that are not claims when the source is unknown', () => {
    const index = buildTextIndex(md('At 10:30.\n\n::leaf[x]{a="1"}\n\n:::box[Title]\nInside.\n:::\n'));
    expect(index.text).toBe('At 10:30.\n\n::leaf[x]{a="1"}\n\n:::box[Title]\n\nInside.\n\n:::');
    expect(index.units.map((unit) => unit.kind)).toEqual(['prose', 'prose', 'fence', 'prose', 'fence']);
    expect(index.restored.map((entry) => [entry.kind, entry.text, entry.close])).toEqual([
      ['textDirective', ':30', undefined],
      ['leafDirective', '::leaf[x]{a="1"}', undefined],
      ['containerDirective', ':::box[Title]', ':::'],
    ]);
  });

  it('leaves directives that another plugin handled as content', () => {
    const root = md(':::aside\nInside.\n:::\n');
    const aside = root.children[0] as unknown as IndexNode;
    aside.data = { hName: 'aside' };
    expect(buildTextIndex(root).text).toBe('Inside.');
  });
});
