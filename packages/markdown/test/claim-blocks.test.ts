import type { ChapterAnnotations, ClaimAnnotation } from '@research-pack/core';
import type { IndexNode } from '@research-pack/core/internal';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { claimBlocks } from '../src/claim-blocks.js';

const features = { directive: true, gfm: true, smartPunctuation: true };
const parse = (source: string) => markdownToMdast(source, { features, position: true }) as unknown as IndexNode;

function claim(id: string, line: number, column: number, anchor: ClaimAnnotation['anchor'] = { type: 'directive' }): ClaimAnnotation {
  return { id, status: 'supported', anchor, line, column, wrapper: {}, marker: { type: 'element', tagName: 'button', properties: {}, children: [] }, popover: { type: 'element', tagName: 'span', properties: {}, children: [] } };
}
const chapter = (claims: ClaimAnnotation[]): ChapterAnnotations => ({ chapter: 'b-c', file: 'c.md', claims });
const quote = (exact: string, occurrences = 1): ClaimAnnotation['anchor'] => ({ type: 'quote', exact, prefix: '', suffix: '', occurrence: 0, occurrences });

const source = '# Title\n\nFirst block.\n\nThe claim :claim[is here]{#c}.\n\nA block at 10:30.\n\nLast block.\n';

describe('claimBlocks', () => {
  it('keeps the blocks that hold a claim or may hold a directive', () => {
    const root = parse(source);
    const blocks = claimBlocks(root, chapter([claim('c', 5, 11)]), source);
    expect(blocks?.children?.map((block) => block.position?.start.line)).toEqual([5, 7]);
    // The blocks are the tree's own nodes.
    expect(blocks?.children?.[0]).toBe(root.children![2]);
  });

  it('reads the whole tree when that is not certain to give the same edits', () => {
    const root = parse(source);
    expect(claimBlocks(root, chapter([claim('c', 5, 11)]), undefined)).toBeUndefined();
    expect(claimBlocks(root, chapter([]), source)).toBeUndefined();
    // A quote found more than once: telling its places apart needs the whole text.
    expect(claimBlocks(root, chapter([claim('q', 3, 1, quote('block', 3))]), source)).toBeUndefined();
    // A place that is not in the source, or in no block.
    expect(claimBlocks(root, chapter([claim('c', 0, 1)]), source)).toBeUndefined();
    expect(claimBlocks(root, chapter([claim('c', 5, 99)]), source)).toBeUndefined();
    expect(claimBlocks(root, chapter([claim('c', 99, 1)]), source)).toBeUndefined();
    expect(claimBlocks(root, chapter([claim('c', 2, 1)]), source)).toBeUndefined();
  });
});
