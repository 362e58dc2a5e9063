import type { ChapterAnnotations, ClaimAnnotation } from '@research-pack/core';
import { buildTextIndex, type IndexNode } from '@research-pack/core/internal';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { emitEdits } from '../src/emit-edits.js';
import { placeClaims } from '../src/place-claims.js';

const features = { directive: true, gfm: true, smartPunctuation: false };

function annotation(id: string): ClaimAnnotation {
  return { id, status: 'supported', anchor: { type: 'directive' }, line: 1, column: 1, wrapper: {}, marker: { type: 'element', tagName: 'button', properties: {}, children: [] }, popover: { type: 'element', tagName: 'span', properties: {}, children: [] } };
}

function edits(source: string, claims: ClaimAnnotation[], restore = true, popovers: 'inline' | 'page' = 'inline') {
  const root = markdownToMdast(source, { features, position: true }) as unknown as IndexNode;
  const annotations: ChapterAnnotations = { chapter: 'b-c', file: 'c.md', claims };
  const placement = placeClaims(root, buildTextIndex(root, { source }), annotations, restore);
  return { root, edits: emitEdits(placement, { root, treeRoot: root, file: 'c.md', restore, popovers }) };
}

describe('emitEdits', () => {
  it('gives a prose container with a claim new children, and leaves the rest alone', () => {
    const { root, edits: found } = edits('A :claim[b]{#d}.\n\nPlain.\n', [annotation('d')]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'children', node: root.children![0] });
    const children = found[0]!.kind === 'children' ? found[0]!.children : [];
    expect(children.map((child) => child.type)).toEqual(['text', 'researchClaim', 'text']);
    expect(children[1]!.children!.map((child) => child.type)).toEqual(['text', 'researchClaimMarker', 'researchClaimPopover']);
  });

  it('replaces a heading with a claim by the heading and a paragraph of its markers', () => {
    const { root, edits: found } = edits('# A :claim[b]{#d}\n', [annotation('d')], true, 'page');
    expect(found).toHaveLength(1);
    const [edit] = found;
    expect(edit).toMatchObject({ kind: 'replace', node: root.children![0], parent: root });
    expect(edit!.kind === 'replace' && edit!.nodes.map((node) => [node.type, (node.children ?? []).map((child) => child.type)])).toEqual([
      ['heading', ['text', 'researchClaim']],
      ['paragraph', ['researchClaimMarker']],
    ]);
  });

  it('replaces a directive block that is not ours by its text, with the claims inside it marked', () => {
    const { root, edits: found } = edits(':::note\nInside :claim[c]{#c}.\n:::\n', [annotation('c')]);
    expect(found).toHaveLength(1);
    const [edit] = found;
    expect(edit).toMatchObject({ kind: 'replace', node: root.children![0], parent: root });
    const nodes = edit!.kind === 'replace' ? edit!.nodes : [];
    expect(nodes.map((node) => node.children!.map((child) => child.type))).toEqual([['text'], ['text', 'researchClaim', 'text'], ['text']]);
    expect(nodes[0]!.children![0]!.value).toBe(':::note');
  });

  it('changes nothing in a directive block when directives are not restored', () => {
    expect(edits(':::note\nInside.\n:::\n\nAt 10:30.\n', [], false).edits).toEqual([]);
  });
});
