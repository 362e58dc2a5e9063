import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { leafIndexAt, leafOffsetAt, locateOffset } from '../../src/text/leaf-map.js';
import { buildTextIndex } from '../../src/text/text-index.js';

const features = { directive: true, smartPunctuation: false, gfm: true, frontmatter: true };
const md = (source: string) => markdownToMdast(source, { features, position: true }) as Root;

describe('the leaf map', () => {
  it('locates offsets in the source', () => {
    const source = '# T\n\nFirst line\nsecond `code` line.\n';
    const index = buildTextIndex(md(source), { source });
    expect(locateOffset(index, index.text.indexOf('second'))).toEqual({ line: 4, column: 1 });
    expect(locateOffset(index, index.text.indexOf('code'))).toEqual({ line: 4, column: 9 });
    expect(locateOffset(index, index.text.indexOf('line'))).toEqual({ line: 3, column: 7 });
  });

  it('locates offsets in code blocks, from the line after the fence', () => {
    const source = 'Intro.\n\n```js\nconst a = 1;\n  b();\n```\n';
    const index = buildTextIndex(md(source), { source });
    expect(locateOffset(index, index.text.indexOf('const'))).toEqual({ line: 4, column: 1 });
    expect(locateOffset(index, index.text.indexOf('b()'))).toEqual({ line: 5, column: 3 });
    // A separator has no leaf: the next character that has one is located.
    expect(locateOffset(index, index.text.indexOf('\n\n'))).toEqual({ line: 4, column: 1 });
  });

  it('has no position for a tree without positions', () => {
    const index = buildTextIndex({ type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Some text.' }] }] });
    expect(locateOffset(index, 0)).toBeUndefined();
  });

  it('answers like the per-character maps without building them', () => {
    const source = 'Caf\u0065\u0301 *au*   lait\nand `code` [link](u).\n\n| a | b |\n| - | - |\n| c | d |\n';
    const index = buildTextIndex(md(source), { source });
    const leaves = Array.from({ length: index.text.length + 2 }, (_, offset) => leafIndexAt(index, offset - 1));
    const offsets = Array.from({ length: index.text.length + 2 }, (_, offset) => leafOffsetAt(index, offset - 1));
    // Now the maps are built; reading them agrees everywhere, separators and out-of-range included.
    expect(leaves).toEqual([-1, ...index.leafAt, -1]);
    expect(offsets).toEqual([0, ...index.offsetAt, 0]);
    expect(leaves).toContain(-1);
    // The decomposed é is one character of the text, mapped to where its base letter is.
    const e = index.text.indexOf('\u00e9');
    expect(index.leaves[leafIndexAt(index, e)]!.value.slice(leafOffsetAt(index, e), leafOffsetAt(index, e) + 2)).toBe('\u0065\u0301');
  });
});
