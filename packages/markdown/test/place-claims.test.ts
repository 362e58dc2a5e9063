import path from 'node:path';
import { claimAnnotations, type ChapterAnnotations, type ClaimAnnotation } from '@research-pack/core';
import { buildTextIndex, type IndexNode } from '@research-pack/core/internal';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { markdownToMdast } from 'satteri';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { fixtures, loadChapter } from '../../../test/helpers/claim-fixtures.js';
import { ClaimAnchorError } from '../src/page-errors.js';
import { placeClaims } from '../src/place-claims.js';

const features = { directive: true, gfm: true, frontmatter: true, smartPunctuation: true };

const remark = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/** The page's tree on Sätteri (smart punctuation on, as Astro renders) and on remark. */
const pages = {
  satteri: (source: string) => markdownToMdast(source, { features, position: true }) as unknown as IndexNode,
  remark: (source: string) => remark.runSync(remark.parse(source)) as unknown as IndexNode,
};

function place(root: IndexNode, source: string, annotations: ChapterAnnotations) {
  return placeClaims(root, buildTextIndex(root, { source }), annotations, true);
}

function annotation(id: string, anchor: ClaimAnnotation['anchor']): ClaimAnnotation {
  return {
    id,
    status: 'supported',
    anchor,
    line: 1,
    column: 1,
    wrapper: {},
    marker: { type: 'element', tagName: 'button', properties: {}, children: [] },
    popover: { type: 'element', tagName: 'span', properties: {}, children: [] },
  };
}
const chapter = (claims: ClaimAnnotation[]): ChapterAnnotations => ({ chapter: 'b-c', file: 'content/books/b/c.md', claims });

describe('placeClaims', () => {
  it.each(Object.keys(pages) as Array<keyof typeof pages>)('marks the occurrence the model anchored, where a common prefix would choose another (%s)', (processor) => {
    // Twice in prose with the same 32 characters around it, once in code; the sidecar's longer prefix chose the second.
    const name = 'repeated-quote';
    const { chapter: model, source } = loadChapter(path.join(fixtures, name), name, {});
    const anchored = model.claims[0]!;
    expect(anchored.location.line).toBe(5);
    const annotations = claimAnnotations(model);
    expect(annotations.claims[0]!.anchor).toMatchObject({ occurrence: 1, occurrences: 3 });

    const placement = place(pages[processor](source), source, annotations);
    const [quote] = [...placement.quotes.values()].flat();
    const start = quote!.startLeaf.position!.start;
    expect({ line: start.line, column: start.column + quote!.startOffset }).toEqual({ line: anchored.location.line, column: anchored.location.column });
  });

  it('marks what must change: the containers to rebuild and where leaves are cut', () => {
    const source = 'A :claim[b]{#d} c.\n\nUntouched.\n\nThe quote is here, at 10:30.\n';
    const root = pages.satteri(source);
    const placement = place(root, source, chapter([annotation('d', { type: 'directive' }), annotation('q', { type: 'quote', exact: 'quote is', prefix: '', suffix: '', occurrence: 0, occurrences: 1 })]));
    const [first, untouched, third] = root.children!;
    expect([...placement.dirty]).toEqual([third, first]);
    expect(placement.dirty.has(untouched!)).toBe(false);
    expect([...placement.directiveClaims.values()].map((claim) => claim.id)).toEqual(['d']);
    // The quote's leaf is cut at both its edges; the restored `:30` stands for its text.
    const leaf = third!.children![0]!;
    expect([...placement.cuts.get(leaf)!]).toEqual([4, 12]);
    expect([...placement.restoredLeaves.values()].map((entry) => entry.value)).toEqual([':30']);
  });

  it('restores nothing when asked not to', () => {
    const source = 'At 10:30.\n';
    const root = pages.satteri(source);
    const placement = placeClaims(root, buildTextIndex(root, { source }), chapter([]), false);
    expect(placement.restored.size).toBe(0);
    expect(placement.dirty.size).toBe(0);
  });

  it('fails, at the claim, for claims that cross or are not on the page', () => {
    const source = 'One two three four.\n';
    const quote = (id: string, exact: string) => annotation(id, { type: 'quote', exact, prefix: '', suffix: '', occurrence: 0, occurrences: 1 });
    expect(() => place(pages.satteri(source), source, chapter([quote('a', 'One two three'), quote('b', 'two three four')]))).toThrow(ClaimAnchorError);
    expect(() => place(pages.satteri(source), source, chapter([quote('a', 'five')]))).toThrow('claim "a" could not be found on the page: "five" is not in the rendered text');
  });
});
