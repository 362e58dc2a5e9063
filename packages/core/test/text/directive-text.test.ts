import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { containerFences, directiveId, isDirectiveLabel, isHandled, serializeDirective, sourceText } from '../../src/text/directive-text.js';
import type { IndexNode } from '../../src/text/text-index-types.js';

const features = { directive: true, smartPunctuation: false, gfm: true, frontmatter: true };
const md = (source: string) => markdownToMdast(source, { features, position: true }) as unknown as IndexNode;

describe('directives', () => {
  it('serializes a directive without its source', () => {
    // mdast-util-directive's order: id, classes, then the other attributes.
    expect(serializeDirective({ type: 'textDirective', name: 'abbr', attributes: { title: 'JSON Lines', id: 'x', class: 'a b' }, children: [{ type: 'text', value: 'JSONL' }] })).toBe(
      ':abbr[JSONL]{#x .a.b title="JSON Lines"}',
    );
    expect(serializeDirective({ type: 'leafDirective', name: 'x', attributes: {}, children: [] })).toBe('::x');
  });

  it('escapes what would end a label or an attribute value', () => {
    expect(serializeDirective({ type: 'textDirective', name: 'abbr', attributes: { title: 'say "hi" } now' }, children: [{ type: 'text', value: 'a ] b' }] })).toBe(
      ':abbr[a \\] b]{title="say &#x22;hi&#x22; } now"}',
    );
  });

  it('writes a container directive as its opening fence line', () => {
    const box: IndexNode = {
      type: 'containerDirective',
      name: 'box',
      attributes: { id: 'b' },
      children: [
        { type: 'paragraph', data: { directiveLabel: true }, children: [{ type: 'text', value: 'Title' }] },
        { type: 'paragraph', children: [{ type: 'text', value: 'Inside.' }] },
      ],
    };
    expect(serializeDirective(box)).toBe(':::box[Title]{#b}');
    expect(containerFences(box, undefined)).toEqual({ text: ':::box[Title]{#b}', close: ':::' });
  });

  it('keeps the words of a label the serializer cannot write', () => {
    const node: IndexNode = { type: 'textDirective', name: 'x', attributes: {}, children: [{ type: 'mdxJsxTextElement', name: 'b', children: [{ type: 'text', value: 'bold' }] }] };
    expect(serializeDirective(node)).toBe(':x[bold]');
  });

  it('reads directives as their source when it is known', () => {
    const source = 'At 10:30.\n\n:::note{.wide}\nInside.\n::::\n';
    const root = md(source);
    const paragraph = root.children![0]!;
    const time = paragraph.children!.find((child) => child.type === 'textDirective')!;
    expect(sourceText(time, source)).toBe(':30');
    expect(sourceText(time, undefined)).toBeUndefined();
    const container = root.children![1]!;
    expect(containerFences(container, source)).toEqual({ text: ':::note{.wide}', close: '::::' });
    const unclosed = ':::note{.wide}\nInside.\n';
    expect(containerFences(md(unclosed).children![0]!, unclosed)).toEqual({ text: ':::note{.wide}' });
  });

  it('reads the id of a directive', () => {
    expect(directiveId({ type: 'textDirective', attributes: { id: 'c1' } })).toBe('c1');
    expect(directiveId({ type: 'textDirective', attributes: { id: '' } })).toBeUndefined();
    expect(directiveId({ type: 'textDirective' })).toBeUndefined();
  });

  it('knows directives another plugin handled, and container labels', () => {
    expect(isHandled({ type: 'containerDirective', data: { hName: 'aside' } })).toBe(true);
    expect(isHandled({ type: 'containerDirective', data: { hProperties: {} } })).toBe(true);
    expect(isHandled({ type: 'containerDirective', data: {} })).toBe(false);
    expect(isDirectiveLabel({ type: 'paragraph', data: { directiveLabel: true } })).toBe(true);
    expect(isDirectiveLabel({ type: 'paragraph' })).toBe(false);
  });
});
