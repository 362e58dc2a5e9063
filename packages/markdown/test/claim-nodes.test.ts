import type { ClaimAnnotation } from '@research-pack/core';
import { describe, expect, it } from 'vitest';
import { claimNode, fenceParagraph, headingClaimsParagraph, isClaimElement } from '../src/claim-nodes.js';

const annotation: ClaimAnnotation = {
  id: 'c1',
  status: 'supported',
  anchor: { type: 'directive' },
  line: 1,
  column: 1,
  wrapper: { className: ['rp-claim'], id: 'rp-claim-c1' },
  marker: { type: 'element', tagName: 'button', properties: { type: 'button' }, children: [{ type: 'text', value: '✓' }] },
  popover: { type: 'element', tagName: 'span', properties: { popover: 'auto' }, children: [{ type: 'element', tagName: 'b', properties: {}, children: [] }] },
};

describe('claim nodes', () => {
  it('wraps a claim\'s text with its marker and popover', () => {
    const node = claimNode(annotation, [{ type: 'text', value: 'words' }]);
    expect(node).toEqual({
      type: 'researchClaim',
      data: { hName: 'span', hProperties: { className: ['rp-claim'], id: 'rp-claim-c1' }, claimId: 'c1' },
      children: [
        { type: 'text', value: 'words' },
        { type: 'researchClaimMarker', data: { hName: 'button', hProperties: { type: 'button' }, hChildren: [{ type: 'text', value: '✓' }] } },
        { type: 'researchClaimPopover', data: { hName: 'span', hProperties: { popover: 'auto' }, hChildren: annotation.popover.children } },
      ],
    });
    // The annotation's hast is copied, not shared: one page's processor cannot change another's.
    const popover = node.children![2] as { data: { hChildren: unknown[] } };
    expect(popover.data.hChildren).not.toBe(annotation.popover.children);
    expect(popover.data.hChildren[0]).not.toBe(annotation.popover.children[0]);
  });

  it('leaves the popover out when the page renders popovers itself', () => {
    expect(claimNode(annotation, [], 'page').children!.map((child) => child.type)).toEqual(['researchClaimMarker']);
  });

  it('makes the paragraphs of heading markers and fence lines', () => {
    expect(headingClaimsParagraph([])).toEqual({ type: 'paragraph', data: { hProperties: { className: ['rp-heading-claims'] } }, children: [] });
    expect(fenceParagraph(':::note')).toEqual({ type: 'paragraph', children: [{ type: 'text', value: ':::note' }] });
    expect(isClaimElement({ type: 'researchClaimMarker' })).toBe(true);
    expect(isClaimElement({ type: 'researchClaim' })).toBe(false);
  });
});
