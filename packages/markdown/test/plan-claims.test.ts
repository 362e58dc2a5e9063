import type { ChapterAnnotations, ClaimAnnotation } from '@research-pack/core';
import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { ClaimAnchorError } from '../src/page-errors.js';
import { planClaimEdits, type ClaimEdit } from '../src/plan-claims.js';

const features = { directive: true, gfm: true, smartPunctuation: false };

function annotation(id: string, anchor: ClaimAnnotation['anchor']): ClaimAnnotation {
  return {
    id,
    status: 'supported',
    anchor,
    line: 1,
    column: 1,
    wrapper: { className: ['rp-claim'], id: `rp-claim-${id}` },
    marker: { type: 'element', tagName: 'button', properties: { type: 'button' }, children: [{ type: 'text', value: '✓' }] },
    popover: { type: 'element', tagName: 'span', properties: { popover: 'auto' }, children: [] },
  };
}
const quote = (id: string, exact: string, extra: Partial<{ prefix: string; suffix: string; occurrence: number; occurrences: number }> = {}) =>
  annotation(id, { type: 'quote', exact, prefix: '', suffix: '', occurrence: 0, occurrences: 1, ...extra });
const chapter = (claims: ClaimAnnotation[]): ChapterAnnotations => ({ chapter: 'b-c', file: 'content/books/b/c.md', claims });

/** Render the edited tree as compact text: claims as [id: ...], emphasis as *...*, links as <...>. */
function show(source: string, annotations: ChapterAnnotations, options: { restoreDirectives?: boolean } = {}): string {
  const root = markdownToMdast(source, { features, position: true }) as Root;
  const frozen = JSON.stringify(root);
  const edits = planClaimEdits(root, annotations, { source, ...options });
  // The transform never changes the tree it reads.
  expect(JSON.stringify(root)).toBe(frozen);
  apply(root, edits);
  return root.children.map(render).join('\n');
}

function apply(root: Root, edits: ClaimEdit[]): void {
  for (const edit of edits) {
    if (edit.kind === 'children') (edit.node as { children: unknown[] }).children = edit.children;
    else {
      const siblings = (edit.parent as { children: unknown[] }).children;
      siblings.splice(siblings.indexOf(edit.node), 1, ...edit.nodes);
    }
  }
}

function render(node: unknown): string {
  const value = node as { type: string; value?: string; children?: unknown[]; data?: { claimId?: string } };
  const inner = () => (value.children ?? []).map(render).join('');
  switch (value.type) {
    case 'text':
      return value.value ?? '';
    case 'inlineCode':
      return `\`${value.value}\``;
    case 'emphasis':
      return `*${inner()}*`;
    case 'strong':
      return `**${inner()}**`;
    case 'link':
      return `<${inner()}>`;
    case 'html':
      return value.value ?? '';
    case 'researchClaim':
      return `[${value.data?.claimId}: ${inner()}]`;
    case 'researchClaimMarker':
    case 'researchClaimPopover':
      return '';
    default:
      return inner();
  }
}

describe('planClaimEdits', () => {
  it('wraps a quote across emphasis, strong, links and inline code, splitting at its edges', () => {
    const source = 'Before *one two* **three `four five`** [six seven](u) after.\n';
    expect(show(source, chapter([quote('q', 'two three four five six')]))).toBe('Before *one *[q: *two* **three `four five`** <six>]< seven> after.');
  });

  it('keeps a claim inside emphasis when it is all inside, but never inside a link', () => {
    expect(show('A *b c d* e.\n', chapter([quote('q', 'c')]))).toBe('A *b [q: c] d* e.');
    expect(show('A [b c d](u) e.\n', chapter([quote('q', 'c')]))).toBe('A <b >[q: <c>]< d> e.');
    expect(show('A [b :claim[c]{#d} e](u).\n', chapter([annotation('d', { type: 'directive' })]))).toBe('A <b >[d: <c>]< e>.');
  });

  it('wraps directive claims and nests a quote inside one', () => {
    expect(show('A :claim[b *c* d]{#d} e.\n', chapter([annotation('d', { type: 'directive' }), quote('q', 'c d')]))).toBe('A [d: b [q: *c* d]] e.');
    expect(show('A :claim[b *c d*]{#d} e.\n', chapter([annotation('d', { type: 'directive' }), quote('q', 'c')]))).toBe('A [d: b *[q: c] d*] e.');
  });

  it('chooses the occurrence the model chose', () => {
    expect(show('Same. Same. Same.\n', chapter([quote('q', 'Same.', { occurrence: 1, occurrences: 3 })]))).toBe('Same. [q: Same.] Same.');
    // The page has a different count: prefix and suffix decide.
    expect(show('Same. Other. Same.\n', chapter([quote('q', 'Same.', { prefix: 'Other. ', occurrence: 2, occurrences: 3 })]))).toBe('Same. Other. [q: Same.]');
  });

  it('finds quotes across smart punctuation', () => {
    const root = markdownToMdast('It\'s "quoted" -- yes...\n', { features: { ...features, smartPunctuation: true }, position: true }) as Root;
    const edits = planClaimEdits(root, chapter([quote('q', 'It\'s "quoted" -- yes...')]));
    apply(root, edits);
    expect(root.children.map(render).join('')).toBe('[q: It’s “quoted” – yes…]');
  });

  it('restores directives that are not claims, or leaves them when asked', () => {
    const source = 'At 10:30 see note:this.\n\n::leaf[x]{a=1}\n\n:::box\nInside :claim[c]{#c}.\n:::\n';
    const annotations = chapter([annotation('c', { type: 'directive' })]);
    expect(show(source, annotations)).toBe('At 10:30 see note:this.\n::leaf[x]{a=1}\n:::box\nInside [c: c].\n:::');
    expect(show('At 10:30.\n', chapter([]), { restoreDirectives: false })).toBe('At 10.');
  });

  it('touches nothing when nothing needs to change', () => {
    const root = markdownToMdast('Plain prose.\n', { features }) as Root;
    expect(planClaimEdits(root, chapter([]))).toEqual([]);
  });

  it('fails with a positioned error naming the claim', () => {
    const missing = quote('gone', 'not on the page');
    missing.line = 7;
    missing.column = 3;
    const error = catchError(() => planClaimEdits(markdownToMdast('Some prose.\n', { features }) as Root, chapter([missing])));
    expect(error).toBeInstanceOf(ClaimAnchorError);
    expect(error).toMatchObject({ line: 7, column: 3, claim: 'gone', ruleId: 'anchor/page-orphan' });
    expect(error.message).toBe('content/books/b/c.md:7:3: claim "gone" could not be found on the page: "not on the page" is not in the rendered text');
  });

  it('fails on directive problems the model would have reported', () => {
    const parse = (source: string) => markdownToMdast(source, { features, position: true }) as Root;
    expect(() => planClaimEdits(parse('A :claim[b]{#x}.\n'), chapter([]))).toThrow('content/books/b/c.md:1:3: :claim directive names "x", which is not a directive claim of this chapter\'s claims sidecar');
    expect(() => planClaimEdits(parse('A :claim[b]{#x} :claim[c]{#x}.\n'), chapter([annotation('x', { type: 'directive' })]))).toThrow('claim "x" is marked twice in the prose');
    expect(() => planClaimEdits(parse('A b.\n'), chapter([annotation('x', { type: 'directive' })]))).toThrow('claim "x" is anchored by directive, but the page has no :claim[...]{#x}');
    expect(() => planClaimEdits(parse('A :claim[b]{}.\n'), chapter([]))).toThrow('this :claim directive has no id');
  });

  it('keeps a heading\'s text its own: markers and popovers follow it', () => {
    expect(show('# A :claim[b]{#d} c\n\nNext.\n', chapter([annotation('d', { type: 'directive' })]))).toBe('A [d: b] c\n\nNext.');
    const root = markdownToMdast('# A :claim[b]{#d} c\n', { features, position: true }) as Root;
    const edits = planClaimEdits(root, chapter([annotation('d', { type: 'directive' })]));
    expect(edits).toHaveLength(1);
    const [edit] = edits;
    expect(edit?.kind === 'replace' && edit.nodes.map((node) => [node.type, (node.children ?? []).map((child) => child.type)])).toEqual([
      ['heading', ['text', 'researchClaim', 'text']],
      ['paragraph', ['researchClaimMarker', 'researchClaimPopover']],
    ]);
  });

  it('refuses a quote that would cut a raw HTML element in two', () => {
    expect(() => show('A <b>bold words</b> end.\n', chapter([quote('q', 'words end')]))).toThrow('claim "q" starts or ends inside raw HTML');
    expect(show('A <b>bold</b> words<br> end.\n', chapter([quote('q', 'A bold words end')]))).toBe('[q: A <b>bold</b> words<br> end].');
  });

  it('refuses claims that cross', () => {
    expect(() => show('One two three four.\n', chapter([quote('a', 'One two three'), quote('b', 'two three four')]))).toThrow('claims "a" and "b" overlap without one containing the other');
  });

  it('marks 20 claims in a 30,000-word chapter in milliseconds', () => {
    const words = ['session', 'entry', 'header', '*parent*', 'branch', '`reader`', 'writer', '[format](u)', 'version', 'line'];
    const paragraphs = Array.from({ length: 1000 }, (_, p) => `Paragraph ${p}: ${Array.from({ length: 30 }, (_, w) => words[(p * 7 + w * 3) % words.length]).join(' ')}.`);
    const source = paragraphs.join('\n\n');
    const root = markdownToMdast(source, { features, position: true }) as Root;
    const claims = Array.from({ length: 20 }, (_, index) => quote(`q${index}`, `Paragraph ${index * 50}: `.trim()));
    const started = performance.now();
    const edits = planClaimEdits(root, chapter(claims), { source });
    const elapsed = performance.now() - started;
    expect(edits).toHaveLength(20);
    expect(elapsed).toBeLessThan(400);
  });
});

function catchError(run: () => unknown): ClaimAnchorError {
  try {
    run();
  } catch (error) {
    return error as ClaimAnchorError;
  }
  throw new Error('expected an error');
}
