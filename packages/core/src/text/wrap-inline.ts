/**
 * Wrap ranges of inline content in new parents, across inline markup.
 *
 * A range starts and ends inside text (or inline code) leaves, and may span
 * emphasis, strong, links and code. The content is flattened into atoms,
 * each a piece of a leaf (leaves are cut at every range edge) or a node kept
 * whole, with the chain of inline parents it sits in; each range's wrapper
 * goes into the chains of its atoms as deep as they all share, but never
 * inside a link (a wrapper holds a `<button>`, which may not be inside an
 * `<a>`): a Markdown or MDX link is split around it, and a link written as
 * raw HTML tags (`<a href="…">…</a>`, whose tags are siblings of its text,
 * not its parent), a button or a label is taken into the wrapper whole; then the nodes are
 * rebuilt, consecutive atoms that share a chain entry sharing one (copied)
 * parent. The tree read is never changed.
 */
import type { IndexNode } from './text-index-types.js';

/** A range of inline content to wrap in one new parent. */
export interface InlineRange<K> {
  /** What the range stands for; handed to `wrapRange`. */
  key: K;
  /** The leaf and the offset in its value where the range starts. */
  startLeaf: IndexNode;
  startOffset: number;
  /** The leaf and the offset in its value where the range ends. */
  endLeaf: IndexNode;
  endOffset: number;
}

/** How to read the content and build the wrappers. */
export interface WrapInlineOptions<K> {
  /** Offsets at which each leaf's value is cut: every range edge. */
  cuts: ReadonlyMap<IndexNode, ReadonlySet<number>>;
  /** The text a node reads as when it stands for text of its own (a restored directive), else undefined. */
  textOf: (node: IndexNode) => string | undefined;
  /** Inline parents replaced by a wrapper of their own (claim directives): moved out of links, built by `wrapNode`. */
  isWrapper: (node: IndexNode) => boolean;
  /** The new parent of a range's content. */
  wrapRange: (key: K, children: IndexNode[]) => IndexNode;
  /** The new parent that replaces a wrapper node. */
  wrapNode: (node: IndexNode, children: IndexNode[]) => IndexNode;
  /** Inline nodes whose content is not prose: kept whole. */
  isOpaque: (node: IndexNode) => boolean;
  /** Report a range that cannot be wrapped: its edges are not where the leaves are cut, or it would cut a raw HTML element in two. */
  fail: (key: K, why: 'unplaced' | 'raw-html') => never;
}

/** A piece of inline content after splitting, with the inline parents it sits in. */
interface Atom {
  node: IndexNode;
  /** Original inline parents (and wrapper nodes), outermost first; range keys are inserted later. */
  chain: object[];
  /** For text pieces: the original leaf and the piece's offsets in its value. */
  leaf?: IndexNode;
  from?: number;
  to?: number;
}

/** Stands for a range's wrapper in an atom's chain. */
interface RangeKey<K> {
  range: InlineRange<K>;
}

/**
 * Rebuild inline content with each range wrapped.
 * @param content the inline nodes (read only).
 * @param ranges the ranges, outer ranges before the ranges they contain, in document order.
 * @param options how to cut, read and wrap.
 * @returns the new nodes; subtrees without a change are the nodes read.
 */
export function wrapInline<K>(content: IndexNode[], ranges: ReadonlyArray<InlineRange<K>>, options: WrapInlineOptions<K>): IndexNode[] {
  const atoms: Atom[] = [];
  linearize(content, [], atoms, options);
  hoistWrappersOutOfLinks(atoms, options);
  hoistWrappersOutOfWholeElements(atoms, options);
  if (ranges.length > 0) insertRangeKeys(atoms, ranges, options);
  return build(atoms, 0, options);
}

function linearize<K>(nodes: IndexNode[], chain: object[], atoms: Atom[], options: WrapInlineOptions<K>): void {
  for (const node of nodes) {
    const text = options.textOf(node);
    if (text !== undefined) {
      pushText({ type: 'text', value: text }, node, text, chain, atoms, options.cuts);
      continue;
    }
    if (node.type === 'text' || node.type === 'inlineCode') {
      pushText(node, node, node.value ?? '', chain, atoms, options.cuts);
      continue;
    }
    if (options.isWrapper(node)) {
      linearize(node.children ?? [], [...chain, node], atoms, options);
      continue;
    }
    if (node.children && node.children.length > 0 && !options.isOpaque(node)) {
      linearize(node.children, [...chain, node], atoms, options);
      continue;
    }
    atoms.push({ node, chain });
  }
}

/** Push a text-like leaf, split at its cut offsets. */
function pushText(node: IndexNode, leaf: IndexNode, value: string, chain: object[], atoms: Atom[], cuts: ReadonlyMap<IndexNode, ReadonlySet<number>>): void {
  const offsets = cuts.get(leaf);
  if (!offsets || offsets.size === 0) {
    atoms.push({ node, chain, leaf, from: 0, to: value.length });
    return;
  }
  const points = [0, ...[...offsets].filter((cut) => cut > 0 && cut < value.length).sort((a, b) => a - b), value.length];
  for (let index = 0; index < points.length - 1; index++) {
    const from = points[index]!;
    const to = points[index + 1]!;
    if (to <= from) continue;
    const { position: _position, ...rest } = node;
    void _position;
    atoms.push({ node: { ...rest, value: value.slice(from, to) }, chain, leaf, from, to });
  }
}

/**
 * A wrapper node inside a link's text would put its marker (a button) inside
 * the link: move it outside the outermost link, which is then split around it.
 */
function hoistWrappersOutOfLinks<K>(atoms: Atom[], options: WrapInlineOptions<K>): void {
  for (const atom of atoms) {
    const link = atom.chain.findIndex((entry) => isLink(entry as IndexNode));
    if (link === -1) continue;
    const wrappers = atom.chain.filter((entry, index) => index > link && options.isWrapper(entry as IndexNode));
    if (wrappers.length === 0) continue;
    const rest = atom.chain.filter((entry) => !wrappers.includes(entry));
    atom.chain = [...rest.slice(0, link), ...wrappers, ...rest.slice(link)];
  }
}

/**
 * A wrapper node inside a link written as raw HTML tags, or inside an MDX
 * `<button>` or `<label>`, would put its marker inside it: the wrapper takes
 * in the whole element instead, the text beside the claim's with it (raw
 * tags cannot be split as a Markdown link is without writing HTML of our
 * own; a button split in two is two buttons, a label split in two labels its
 * control from one part only).
 */
function hoistWrappersOutOfWholeElements<K>(atoms: Atom[], options: WrapInlineOptions<K>): void {
  const seen = new Set<object>();
  for (const atom of atoms) {
    for (const wrapper of atom.chain) {
      if (seen.has(wrapper) || !options.isWrapper(wrapper as IndexNode)) continue;
      seen.add(wrapper);
      const first = atoms.findIndex((candidate) => candidate.chain.includes(wrapper));
      let last = first;
      while (last + 1 < atoms.length && atoms[last + 1]!.chain.includes(wrapper)) last++;
      const [from, to] = withWholeElements(atoms, first, last);
      if (from === first && to === last) continue;
      const without = (index: number) => atoms[index]!.chain.filter((entry) => entry !== wrapper);
      let parents = without(from);
      for (let index = from + 1; index <= to; index++) parents = commonPrefix(parents, without(index));
      const cut = parents.findIndex((entry) => isLink(entry as IndexNode) || isWholeElement(entry as IndexNode));
      if (cut !== -1) parents = parents.slice(0, cut);
      for (let index = from; index <= to; index++) {
        const chain = without(index);
        atoms[index]!.chain = [...parents, wrapper, ...chain.slice(parents.length)];
      }
    }
  }
}

/**
 * Some atoms widened over the elements a marker may not be in and that are
 * kept whole around or across them: links written as raw HTML tags, raw or
 * MDX buttons and labels; and over any MDX element they cross (cover in
 * part), which a split would copy.
 */
function withWholeElements(atoms: Atom[], first: number, last: number, crossedMdx = true): [number, number] {
  for (;;) {
    let from = first;
    let to = last;
    for (let index = first; index <= last; index++) {
      for (const entry of atoms[index]!.chain) {
        // An MDX element the range only partly covers is not split either: its copies would repeat its id,
        // and a component would render twice. One the range lies inside takes the wrapper inside it.
        const crossed = crossedMdx && (entry as IndexNode).type === 'mdxJsxTextElement' && !(atoms[first]!.chain.includes(entry) && atoms[last]!.chain.includes(entry));
        if (!crossed && !isWholeElement(entry as IndexNode)) continue;
        while (from > 0 && atoms[from - 1]!.chain.includes(entry)) from--;
        while (to + 1 < atoms.length && atoms[to + 1]!.chain.includes(entry)) to++;
      }
    }
    const raw = interactiveAround(atoms, from, to);
    if (raw) [from, to] = [Math.min(from, raw[0]), Math.max(to, raw[1])];
    if (from === first && to === last) return [first, last];
    [first, last] = [from, to];
  }
}

/**
 * Whether an inline node is an MDX `<button>` or `<label>`: kept whole by a
 * claim's wrapper, which goes around it.
 * @param node an inline node.
 * @returns true for those.
 */
export function isWholeElement(node: IndexNode): boolean {
  return node.type === 'mdxJsxTextElement' && (node.name === 'button' || node.name === 'label');
}

/** Raw HTML elements that may not hold a marker's `<button>`: interactive content, and a label (a button is labelable). */
const INTERACTIVE_ELEMENTS = new Set(['a', 'button', 'label']);

/**
 * The outermost raw HTML element of INTERACTIVE_ELEMENTS around some atoms,
 * as the indexes of its opening and closing tags, when its tags share one
 * parent (the atoms between them all inside it).
 */
function interactiveAround(atoms: Atom[], first: number, last: number): [number, number] | undefined {
  let found: [number, number] | undefined;
  let depth = 0;
  for (let opener = first - 1; opener >= 0; opener--) {
    const step = tagStep(atoms[opener]!);
    if (step < 0) depth++;
    else if (step > 0 && depth > 0) depth--;
    else if (step > 0 && INTERACTIVE_ELEMENTS.has(tagName(atoms[opener]!.node)!)) {
      const closer = closingTag(atoms, opener, last);
      if (closer === undefined) continue;
      const parents = atoms[opener]!.chain;
      const inside = (atom: Atom) => parents.every((entry, index) => atom.chain[index] === entry);
      if (atoms.slice(opener, closer + 1).every(inside) && atoms[closer]!.chain.length === parents.length) found = [opener, closer];
    }
  }
  return found;
}

/** The index of the tag that closes the element opened at `opener`, looked for after `after`. */
function closingTag(atoms: Atom[], opener: number, after: number): number | undefined {
  let depth = 1;
  for (let index = opener + 1; index < atoms.length; index++) {
    depth += tagStep(atoms[index]!);
    if (depth === 0) return index > after ? index : undefined;
  }
  return undefined;
}

/** Put each range's wrapper in the chains of its atoms, outside any link. */
function insertRangeKeys<K>(atoms: Atom[], ranges: ReadonlyArray<InlineRange<K>>, options: WrapInlineOptions<K>): void {
  const place = (range: InlineRange<K>, crossedMdx: boolean) => {
    let first = atoms.findIndex((atom) => atom.leaf === range.startLeaf && atom.from === range.startOffset);
    let last = atoms.findIndex((atom) => atom.leaf === range.endLeaf && atom.to === range.endOffset);
    if (first === -1 || last === -1 || last < first) options.fail(range.key, 'unplaced');
    // A range that ends where an element's text ends (`stored as <abbr>JSONL</abbr>`), or starts where it
    // starts, takes in the tags right beside it that close or open what it holds of the element.
    [first, last] = withAdjacentTags(atoms, first, last);
    if (!balancedHtml(atoms, first, last)) options.fail(range.key, 'raw-html');
    // Inside (or across) a link written as raw HTML tags, or a button or a label, the wrapper takes in the whole element.
    [first, last] = withWholeElements(atoms, first, last, crossedMdx);
    if (!balancedHtml(atoms, first, last)) options.fail(range.key, 'raw-html');
    // As deep as the inline parents all its atoms share, but never inside a link, a button or a label.
    let common = atoms[first]!.chain;
    for (let index = first + 1; index <= last; index++) common = commonPrefix(common, atoms[index]!.chain);
    const link = common.findIndex((entry) => isLink(entry as IndexNode) || isWholeElement(entry as IndexNode));
    return { range, first, last, depth: link === -1 ? common.length : Math.min(common.length, link) };
  };
  let spans = ranges.map((range) => place(range, true));
  // Two claims that each cover part of one MDX element from either side would cross once both take it whole:
  // those two split it, as a Markdown parent is split, rather than cross.
  const crossing = (a: { first: number; last: number }, b: { first: number; last: number }) => a.first < b.first && b.first <= a.last && a.last < b.last;
  const crossed = new Set<number>();
  spans.forEach((a, i) => spans.forEach((b, j) => {
    if (crossing(a, b)) crossed.add(i).add(j);
  }));
  if (crossed.size > 0) spans = spans.map((span, index) => (crossed.has(index) ? place(ranges[index]!, false) : span));
  for (const span of spans) {
    const key: RangeKey<K> = { range: span.range };
    for (let index = span.first; index <= span.last; index++) {
      const atom = atoms[index]!;
      // Insert after the wrappers already placed at this depth (outer ranges come first).
      let at = 0;
      let original = 0;
      while (at < atom.chain.length && (original < span.depth || isRangeKey(atom.chain[at]!))) {
        if (!isRangeKey(atom.chain[at]!)) original++;
        at++;
      }
      atom.chain = [...atom.chain.slice(0, at), key, ...atom.chain.slice(at)];
    }
  }
}

/** Rebuild nodes from atoms: consecutive atoms sharing a chain entry share one (copied) parent. */
function build<K>(atoms: Atom[], level: number, options: WrapInlineOptions<K>): IndexNode[] {
  const nodes: IndexNode[] = [];
  let index = 0;
  while (index < atoms.length) {
    const atom = atoms[index]!;
    const key = atom.chain[level];
    if (key === undefined) {
      nodes.push(atom.node);
      index++;
      continue;
    }
    let end = index + 1;
    while (end < atoms.length && atoms[end]!.chain[level] === key) end++;
    const children = build(atoms.slice(index, end), level + 1, options);
    nodes.push(parentFor(key, children, options));
    index = end;
  }
  return nodes;
}

function parentFor<K>(key: object, children: IndexNode[], options: WrapInlineOptions<K>): IndexNode {
  if (isRangeKey<K>(key)) return options.wrapRange(key.range.key, children);
  const node = key as IndexNode;
  return options.isWrapper(node) ? options.wrapNode(node, children) : { ...node, children };
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** A raw HTML tag: whether it closes, its name, whether it closes itself; an attribute's quoted value may hold `>`. */
const TAG = /^<(\/?)([A-Za-z][\w-]*)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>$/;

/** The name of a raw HTML tag, in lower case; undefined for any other node. */
function tagName(node: IndexNode): string | undefined {
  return node.type === 'html' ? TAG.exec((node.value ?? '').trim())?.[2]!.toLowerCase() : undefined;
}

/**
 * Whether some inline content holds a raw HTML tag (opening or closing) of
 * a link, a button or a label, whose claims `wrapInline` keeps outside it.
 * @param node an inline parent.
 * @returns true when one of its descendants is such a tag.
 */
export function holdsInteractiveTag(node: IndexNode): boolean {
  return (node.children ?? []).some((child) => INTERACTIVE_ELEMENTS.has(tagName(child) ?? '') || holdsInteractiveTag(child));
}

/** An atom's raw HTML tag as +1 (opens an element), -1 (closes one) or 0 (anything else: text, a void or self-closing tag). */
function tagStep(atom: Atom): number {
  if (atom.node.type !== 'html') return 0;
  const tag = TAG.exec((atom.node.value ?? '').trim());
  if (!tag || tag[3] || VOID_ELEMENTS.has(tag[2]!.toLowerCase())) return 0;
  return tag[1] ? -1 : 1;
}

/** Whether the raw HTML tags among some atoms open and close in step (a wrapper must not cut an element in two). */
function balancedHtml(atoms: Atom[], first: number, last: number): boolean {
  let depth = 0;
  for (let index = first; index <= last; index++) {
    depth += tagStep(atoms[index]!);
    if (depth < 0) return false;
  }
  return depth === 0;
}

/**
 * A range widened over the raw HTML tags right beside it, in the same
 * parent, that close elements it opens or open elements it closes: only
 * tags, never text, so that the wrapper holds the same words.
 */
function withAdjacentTags(atoms: Atom[], first: number, last: number): [number, number] {
  let open = 0;
  let unopened = 0;
  for (let index = first; index <= last; index++) {
    const step = tagStep(atoms[index]!);
    if (step > 0) open++;
    else if (step < 0 && open > 0) open--;
    else if (step < 0) unopened++;
  }
  const sameParent = (a: Atom, b: Atom) => a.chain.length === b.chain.length && a.chain.every((entry, index) => entry === b.chain[index]);
  while (open > 0 && last + 1 < atoms.length && tagStep(atoms[last + 1]!) < 0 && sameParent(atoms[last + 1]!, atoms[last]!)) {
    last++;
    open--;
  }
  while (unopened > 0 && first > 0 && tagStep(atoms[first - 1]!) > 0 && sameParent(atoms[first - 1]!, atoms[first]!)) {
    first--;
    unopened--;
  }
  return [first, last];
}

function commonPrefix(a: object[], b: object[]): object[] {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index === a.length ? a : a.slice(0, index);
}

function isRangeKey<K>(value: object): value is RangeKey<K> {
  return 'range' in value && !('type' in value);
}

/**
 * Whether an inline node is a link: mdast links and references, and MDX `<a>`.
 * @param node an inline node.
 * @returns true for links.
 */
export function isLink(node: IndexNode): boolean {
  return node.type === 'link' || node.type === 'linkReference' || (node.type === 'mdxJsxTextElement' && node.name === 'a');
}
