import type { IndexNode } from '../src/text/text-index-types.js';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { isLink, wrapInline, type InlineRange, type WrapInlineOptions } from '../src/text/wrap-inline.js';

const features = { directive: true, gfm: true, smartPunctuation: false };

/** The phrasing content of the first paragraph, and its leaves by their text. */
function paragraph(source: string): { content: IndexNode[]; leaf: (value: string) => IndexNode } {
  const root = markdownToMdast(source, { features, position: true }) as unknown as IndexNode;
  const content = root.children![0]!.children!;
  const leaves: IndexNode[] = [];
  const walk = (nodes: IndexNode[]) => nodes.forEach((node) => (node.type === 'text' || node.type === 'inlineCode' ? leaves.push(node) : walk(node.children ?? [])));
  walk(content);
  return { content, leaf: (value) => leaves.find((node) => node.value === value)! };
}

/** Show nodes compactly: wrappers as [key: ...], emphasis as *...*, links as <...>, directives as {...}. */
function show(nodes: IndexNode[]): string {
  return nodes
    .map((node) => {
      const inner = show(node.children ?? []);
      if (node.type === 'mark') return `[${node.name}: ${inner}]`;
      if (node.type === 'emphasis') return `*${inner}*`;
      if (node.type === 'strong') return `**${inner}**`;
      if (node.type === 'link') return `<${inner}>`;
      if (node.type === 'inlineCode') return `\`${node.value}\``;
      if (node.type === 'textDirective') return `{${inner}}`;
      return node.value ?? inner;
    })
    .join('');
}

function options(ranges: Array<InlineRange<string>>, extra: Partial<WrapInlineOptions<string>> = {}): WrapInlineOptions<string> {
  const cuts = new Map<IndexNode, Set<number>>();
  const cut = (leaf: IndexNode, offset: number) => cuts.set(leaf, (cuts.get(leaf) ?? new Set()).add(offset));
  for (const range of ranges) {
    cut(range.startLeaf, range.startOffset);
    cut(range.endLeaf, range.endOffset);
  }
  return {
    cuts,
    textOf: () => undefined,
    isWrapper: () => false,
    wrapRange: (key, children) => ({ type: 'mark', name: key, children }),
    wrapNode: (node, children) => ({ type: 'mark', name: String(node.name), children }),
    isOpaque: (node) => node.type === 'image',
    fail: (key, why) => {
      throw new Error(`${key}: ${why}`);
    },
    ...extra,
  };
}

describe('wrapInline', () => {
  it('wraps a range across emphasis and links, splitting leaves at its edges and links around it', () => {
    const { content, leaf } = paragraph('Before *one two* three [four five](u) after.\n');
    const range = { key: 'a', startLeaf: leaf('one two'), startOffset: 4, endLeaf: leaf('four five'), endOffset: 4 };
    const wrapped = wrapInline(content, [range], options([range]));
    expect(show(wrapped)).toBe('Before *one *[a: *two* three <four>]< five> after.');
    // The tree read is not changed.
    expect(show(content)).toBe('Before *one two* three <four five> after.');
  });

  it('nests ranges given outer first, each as deep as its content shares', () => {
    const { content, leaf } = paragraph('A *b c d* e.\n');
    const outer = { key: 'outer', startLeaf: leaf('A '), startOffset: 0, endLeaf: leaf(' e.'), endOffset: 2 };
    const inner = { key: 'inner', startLeaf: leaf('b c d'), startOffset: 2, endLeaf: leaf('b c d'), endOffset: 3 };
    expect(show(wrapInline(content, [outer, inner], options([outer, inner])))).toBe('[outer: A *b [inner: c] d* e].');
  });

  it('reuses what does not change, keeps opaque nodes whole, and reads stand-in text', () => {
    const { content } = paragraph('Text with ![alt](i.png) and :name[x].\n');
    const directive = content.find((node) => node.type === 'textDirective')!;
    const rebuilt = wrapInline(content, [], options([], { textOf: (node) => (node === directive ? ':name[x]' : undefined) }));
    expect(show(rebuilt)).toBe('Text with  and :name[x].');
    expect(rebuilt.find((node) => node.type === 'image')).toBe(content.find((node) => node.type === 'image'));
  });

  it('moves wrapper nodes out of links', () => {
    const { content } = paragraph('See [a :claim[b]{#d} c](u).\n');
    const isWrapper = (node: IndexNode) => node.type === 'textDirective';
    expect(show(wrapInline(content, [], options([], { isWrapper })))).toBe('See <a >[claim: <b>]< c>.');
  });

  it('fails for a range that does not start at a cut, or that would cut raw HTML in two', () => {
    const { content, leaf } = paragraph('A <b>bold words</b> end.\n');
    const unplaced = { key: 'u', startLeaf: leaf('bold words'), startOffset: 2, endLeaf: leaf(' end.'), endOffset: 4 };
    expect(() => wrapInline(content, [unplaced], options([]))).toThrow('u: unplaced');
    const html = { key: 'h', startLeaf: leaf('bold words'), startOffset: 5, endLeaf: leaf(' end.'), endOffset: 4 };
    expect(() => wrapInline(content, [html], options([html]))).toThrow('h: raw-html');
  });

  it('takes in the tags beside a range that ends or starts where an element\'s text does, and reads a `>` in an attribute', () => {
    const ends = paragraph('Sessions are stored as <abbr title="JSON Lines">JSONL</abbr>.\n');
    const quote = { key: 'q', startLeaf: ends.leaf('Sessions are stored as '), startOffset: 13, endLeaf: ends.leaf('JSONL'), endOffset: 5 };
    const show = (nodes: IndexNode[]): string => nodes.map((node) => (node.type === 'mark' ? `[${node.name}: ${show(node.children ?? [])}]` : (node.value ?? ''))).join('');
    expect(show(wrapInline(ends.content, [quote], options([quote])))).toBe('Sessions are [q: stored as <abbr title="JSON Lines">JSONL</abbr>].');
    const starts = paragraph('Three <abbr title="x">ABC</abbr> and more.\n');
    const from = { key: 's', startLeaf: starts.leaf('ABC'), startOffset: 0, endLeaf: starts.leaf(' and more.'), endOffset: 9 };
    expect(show(wrapInline(starts.content, [from], options([from])))).toBe('Three [s: <abbr title="x">ABC</abbr> and more].');
    const attribute = paragraph('Two <span title="a>b">attr gt</span> here.\n');
    const whole = { key: 'w', startLeaf: attribute.leaf('Two '), startOffset: 0, endLeaf: attribute.leaf(' here.'), endOffset: 5 };
    expect(show(wrapInline(attribute.content, [whole], options([whole])))).toBe('[w: Two <span title="a>b">attr gt</span> here].');
    // Text beyond the tags is never taken in: a range that cuts an element's text still fails.
    const inside = { key: 'i', startLeaf: ends.leaf('JSONL'), startOffset: 2, endLeaf: ends.leaf('.'), endOffset: 1 };
    expect(() => wrapInline(ends.content, [inside], options([inside]))).toThrow('i: raw-html');
  });

  it('takes a link written as raw HTML tags into the wrapper whole, never putting a wrapper inside it', () => {
    const show = (nodes: IndexNode[]): string => nodes.map((node) => (node.type === 'mark' ? `[${node.name}: ${show(node.children ?? [])}]` : node.type === 'emphasis' ? `*${show(node.children ?? [])}*` : (node.value ?? show(node.children ?? [])))).join('');
    const raw = paragraph('Read <a href="https://x.org">the session docs for details</a> now.\n');
    const quote = { key: 'q', startLeaf: raw.leaf('the session docs for details'), startOffset: 4, endLeaf: raw.leaf('the session docs for details'), endOffset: 16 };
    expect(show(wrapInline(raw.content, [quote], options([quote])))).toBe('Read [q: <a href="https://x.org">the session docs for details</a>] now.');
    // Across emphasis inside the link, and inside a label and a button.
    const deep = paragraph('One <A HREF="u">two *three four* five</A> six <label>seven <button>eight</button></label>.\n');
    const inEmphasis = { key: 'e', startLeaf: deep.leaf('three four'), startOffset: 0, endLeaf: deep.leaf('three four'), endOffset: 5 };
    const inButton = { key: 'b', startLeaf: deep.leaf('eight'), startOffset: 0, endLeaf: deep.leaf('eight'), endOffset: 5 };
    expect(show(wrapInline(deep.content, [inEmphasis, inButton], options([inEmphasis, inButton])))).toBe(
      'One [e: <A HREF="u">two *three four* five</A>] six [b: <label>seven <button>eight</button></label>].',
    );
    // A claim directive in such a link.
    const directive = paragraph('Also <a href="https://y.org">see :claim[a claim]{#d1} here</a> ok.\n');
    const isWrapper = (node: IndexNode) => node.type === 'textDirective';
    expect(show(wrapInline(directive.content, [], options([], { isWrapper })))).toBe('Also [claim: <a href="https://y.org">see a claim here</a>] ok.');
    // Other raw elements still hold the wrapper.
    const span = paragraph('A <span class="x">few words here</span>.\n');
    const inSpan = { key: 's', startLeaf: span.leaf('few words here'), startOffset: 4, endLeaf: span.leaf('few words here'), endOffset: 9 };
    expect(show(wrapInline(span.content, [inSpan], options([inSpan])))).toBe('A <span class="x">few [s: words] here</span>.');
  });

  it('takes an MDX button or label into the wrapper whole, for a quote and for a claim directive', () => {
    const show = (nodes: IndexNode[]): string =>
      nodes.map((node) => (node.type === 'mark' ? `[${node.name}: ${show(node.children ?? [])}]` : node.type === 'mdxJsxTextElement' ? `<${node.name}>${show(node.children ?? [])}</${node.name}>` : (node.value ?? show(node.children ?? [])))).join('');
    const text = (value: string): IndexNode => ({ type: 'text', value });
    const inButton = text('start the session now');
    const button: IndexNode = { type: 'mdxJsxTextElement', name: 'button', children: [inButton] };
    const quote = { key: 'q', startLeaf: inButton, startOffset: 6, endLeaf: inButton, endOffset: 17 };
    expect(show(wrapInline([text('Press '), button, text(' please.')], [quote], options([quote])))).toBe('Press [q: <button>start the session now</button>] please.');
    // A quote from before a label into it takes in all of the label.
    const before = text('Tick ');
    const inLabel = text('keep the log for days');
    const label: IndexNode = { type: 'mdxJsxTextElement', name: 'label', children: [inLabel] };
    const across = { key: 'a', startLeaf: before, startOffset: 0, endLeaf: inLabel, endOffset: 4 };
    expect(show(wrapInline([before, label, text(' now.')], [across], options([across])))).toBe('[a: Tick <label>keep the log for days</label>] now.');
    const directive: IndexNode = { type: 'textDirective', name: 'claim', children: [text('the log')] };
    const labelled: IndexNode = { type: 'mdxJsxTextElement', name: 'label', children: [text('keep '), directive, text(' for days')] };
    const isWrapper = (node: IndexNode) => node.type === 'textDirective';
    expect(show(wrapInline([text('Tick '), labelled, text(' now.')], [], options([], { isWrapper })))).toBe('Tick [claim: <label>keep the log for days</label>] now.');
  });

  it('never splits an MDX element a range crosses (its copies would repeat its id, a component would render twice), and goes inside one it lies in', () => {
    const show = (nodes: IndexNode[]): string =>
      nodes.map((node) => (node.type === 'mark' ? `[${node.name}: ${show(node.children ?? [])}]` : node.type === 'mdxJsxTextElement' ? `<${node.name}>${show(node.children ?? [])}</${node.name}>` : (node.value ?? show(node.children ?? [])))).join('');
    const text = (value: string): IndexNode => ({ type: 'text', value });
    const see = text('See ');
    const inSpan = text('the anchored phrase words');
    const span: IndexNode = { type: 'mdxJsxTextElement', name: 'span', attributes: [{ type: 'mdxJsxAttribute', name: 'id', value: 'anchor-target' }], children: [inSpan] };
    const across = { key: 'a', startLeaf: see, startOffset: 0, endLeaf: inSpan, endOffset: 12 };
    expect(show(wrapInline([see, span, text(' for a link target.')], [across], options([across])))).toBe('[a: See <span>the anchored phrase words</span>] for a link target.');
    const inTerm = text('script runs quickly');
    const term: IndexNode = { type: 'mdxJsxTextElement', name: 'Term', children: [inTerm] };
    const out = { key: 'o', startLeaf: inTerm, startOffset: 7, endLeaf: inTerm, endOffset: 19 };
    const after = text(' on every load');
    const tail = { key: 't', startLeaf: inTerm, startOffset: 7, endLeaf: after, endOffset: 3 };
    expect(show(wrapInline([text('A '), term, after], [tail], options([tail])))).toBe('A [t: <Term>script runs quickly</Term> on] every load');
    // Inside it, the wrapper goes inside: nothing is copied.
    expect(show(wrapInline([text('A '), term, text('.')], [out], options([out])))).toBe('A <Term>script [o: runs quickly]</Term>.');
    // Two claims covering it in part from either side would cross once both took it whole: they split it instead.
    const alpha = text('Alpha ');
    const inBoth = text('first second');
    const both: IndexNode = { type: 'mdxJsxTextElement', name: 'Term', children: [inBoth] };
    const omega = text(' omega end');
    const left = { key: 'A', startLeaf: alpha, startOffset: 0, endLeaf: inBoth, endOffset: 5 };
    const right = { key: 'B', startLeaf: inBoth, startOffset: 6, endLeaf: omega, endOffset: 6 };
    expect(show(wrapInline([alpha, both, omega], [left, right], options([left, right])))).toBe('[A: Alpha <Term>first</Term>]<Term> </Term>[B: <Term>second</Term> omega] end');
  });

  it('knows links', () => {
    expect(isLink({ type: 'link' })).toBe(true);
    expect(isLink({ type: 'linkReference' })).toBe(true);
    expect(isLink({ type: 'mdxJsxTextElement', name: 'a' })).toBe(true);
    expect(isLink({ type: 'mdxJsxTextElement', name: 'b' })).toBe(false);
  });
});
