/**
 * Editing a sidecar without touching a byte the author wrote.
 *
 * Each change is made on the `yaml` Document (parseDocument, then nodes
 * added or set), and rendered by the Document API, but only the new nodes:
 * they are spliced into the original text at the place the Document's node
 * ranges give, indented like their neighbours. Everything else (comments,
 * key order, blank lines, folded text, quoting) stays as the author wrote
 * it. Re-stringifying the whole Document would re-fold every long line.
 * Before the text is returned, it is parsed again and must equal the
 * edited Document's data; otherwise the edit throws and nothing is written.
 */
import { isAlias, isCollection, isMap, isScalar, isSeq, parse, parseDocument, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { readFast } from '../load/yaml-fast.js';
import { rankOf, renderDocument, renderFlow, renderItem, renderItems, renderPair, sameData, type RenderCache } from './yaml-render.js';

/** Options of an appended item. */
export interface AppendOptions {
  /** A comment line written above the first appended item. */
  comment?: string;
}

/** What appending items would add, item by item (`YamlEdit.sizer`). */
export interface ItemSizer {
  /**
   * @param item an item to append.
   * @param first whether it will be the first item appended.
   * @returns the characters it adds.
   */
  size(item: unknown, first: boolean): number;
  /** Drop an item's kept rendering: it changed since it was sized. */
  forget(item: object): void;
}

/** A sidecar being edited. */
export interface YamlEdit {
  /**
   * Append items to the top-level sequence `key`, creating it when missing.
   * @param key e.g. `evidence`.
   * @param items plain values, keys in the order they should be written.
   * @param options a comment above the first one.
   */
  append(key: string, items: readonly unknown[], options?: AppendOptions): void;
  /**
   * What appending to `key` would add, item by item, before anything is
   * appended: to stop at the item that would make the file too long. Items
   * are rendered as `append` renders them, and kept for it: an item that
   * changes after it was sized must be forgotten and sized again.
   * @param key e.g. `sources`.
   * @param options the options `append` will be given.
   * @returns `size`: the characters an item adds (the first also counts the lines around the items: the key, the comment); `forget`: drop an item's rendering.
   */
  sizer(key: string, options?: AppendOptions): ItemSizer;
  /**
   * Add keys a mapping does not have yet; keys it has are never touched.
   * @param path path of the mapping, e.g. `['sources', 3]`.
   * @param entries keys and values to add.
   * @param order the schema's key order; each key goes after the last present key that precedes it.
   */
  fill(path: ReadonlyArray<string | number>, entries: ReadonlyArray<readonly [string, unknown]>, order: readonly string[]): void;
  /**
   * Set a key of a mapping: its value is replaced (the pair rendered anew, in
   * place), or the key added in schema order when the mapping lacks it.
   * Setting the value the key already has changes nothing.
   * @param path path of the key, e.g. `['evidence', 4, 'status']`.
   * @param value the new value.
   * @param order the mapping's key order in the schema.
   */
  set(path: ReadonlyArray<string | number>, value: unknown, order: readonly string[]): void;
  /**
   * Remove a key of a mapping, with its lines; nothing when it is not there.
   * @param path path of the key, e.g. `['evidence', 4, 'reason']`.
   */
  unset(path: ReadonlyArray<string | number>): void;
  /**
   * Remove an item of the top-level block sequence `key`, with its lines,
   * the comment lines right above it at its dash's indent (its own, as the
   * yaml Document has them) and the blank lines that part it from the next.
   * The last item left becomes `key: []`. Items are counted as the edit
   * has them now: to remove several, remove the later ones first; an item
   * this edit changed or appended is not removed.
   * @param key e.g. `claims`.
   * @param index the item's index.
   */
  removeItem(key: string, index: number): void;
  /** Whether the mapping at `path` has `key`. */
  has(path: ReadonlyArray<string | number>, key: string): boolean;
  /**
   * The value at `path` as the text writes it (plain data, without the
   * defaults a schema would add), as the edit has it now.
   * @param path e.g. `['claims', 3]`.
   * @returns the value, or undefined.
   */
  value(path: ReadonlyArray<string | number>): unknown;
  /** Whether the collection at `path` is written in flow style (`{ a: 1 }`, `[a, b]`). */
  isFlow(path: ReadonlyArray<string | number>): boolean;
  /** Whether anything changed. */
  readonly changed: boolean;
  /** The length of the edited text (`render().length`), known without rendering it; for a file that was empty, its length before the edit. */
  readonly length: number;
  /**
   * The edited text.
   * @returns the original text with the new nodes spliced in; throws when the result does not read back as the edited Document.
   */
  toString(): string;
  /**
   * The edited text, not read back (`toString` reads it back): to know its length first.
   * @returns the original text with the new nodes spliced in.
   */
  render(): string;
}

/** The top-level key order of each sidecar. */
export const SIDECAR_KEY_ORDER = {
  claims: ['claims'],
  evidence: ['sources', 'evidence'],
  research: ['objective', 'questions', 'references', 'notebooks', 'history', 'proposedClaims'],
} as const;

/** The depth given to a flow mapping's rewrite (see `Splice.depth`). */
const FLOW_DEPTH = 1000;

interface Splice {
  start: number;
  end: number;
  text: string;
  order: number;
  /**
   * How deep the node the splice edits is (a top-level key 0, an item
   * appended to a top-level list 1, a key of that item 2): of two inserted
   * at one place, the deeper one's text comes first, as it is part of the
   * node whose end that place is (a key added to a list's last item, and an
   * item appended after it).
   */
  depth: number;
}

/**
 * Start editing a sidecar.
 * @param source the file's text, or undefined when the file does not exist yet.
 * @param topLevelOrder the file's top-level keys in schema order.
 * @param file the file's path, named by the edits it refuses (`YamlEditError`).
 * @returns the editor.
 */
export function editYaml(source: string | undefined, topLevelOrder: readonly string[], file?: string): YamlEdit {
  const text = source ?? '';
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`Research Pack: cannot edit YAML with errors: ${doc.errors[0]!.message}`);
  if (doc.contents === null || doc.contents === undefined) doc.contents = doc.createNode({}) as unknown as typeof doc.contents;
  const root = doc.contents;
  if (!isMap(root)) throw new Error('Research Pack: a sidecar must be a mapping at the top level');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const empty = text.trim() === '' || (root as YAMLMap).items.length === 0;
  const splices: Splice[] = [];
  let changed = false;
  let order = 0;
  /** Counts every change of the splices: the rendered length of a file without a final line break is kept for one. */
  let revision = 0;
  let lengthAt: { revision: number; length: number } | undefined;

  // Where pairs set or added by this editor end in the original text: later keys go after them.
  const endAt = new WeakMap<object, number>();
  /** The splice that inserts each pair `fill` added, so that pairs added at one place later are put in their order there. */
  const insertedBy = new WeakMap<object, Splice>();
  // The length of the edited text, kept as splices are pushed (splices do not overlap).
  let length = text.length;
  const push = (start: number, end: number, inserted: string, depth: number): Splice => {
    const spliced = inserted.replace(/\n/g, eol);
    length += spliced.length - (end - start);
    revision += 1;
    const splice = { start, end, text: spliced, order: order++, depth };
    splices.push(splice);
    return splice;
  };
  /** Replace what a splice inserts (a node rewritten whole, again, after a later edit of it). */
  const respell = (splice: Splice, inserted: string) => {
    const spliced = inserted.replace(/\n/g, eol);
    length += spliced.length - splice.text.length;
    revision += 1;
    splice.text = spliced;
  };
  /**
   * Keys appended to already, and how more items of each are added: a
   * second `append` of a key (two proposals accepted in one command) puts
   * its items after the first's, in the text the first one spliced in (the
   * items the Document holds now have no place in the original text).
   */
  const appendedTo = new Map<string, (items: readonly unknown[], comment: string | undefined) => void>();
  /** More items go into `splice`'s text at `at`, rendered by `render`; `at` moves past them. */
  const extend = (splice: Splice, at: number, render: (items: readonly unknown[], comment: string | undefined) => string) => (items: readonly unknown[], comment: string | undefined) => {
    const added = render(items, comment).replace(/\n/g, eol);
    splice.text = splice.text.slice(0, at) + added + splice.text.slice(at);
    at += added.length;
    length += added.length;
    revision += 1;
  };
  /** A refusal, naming the file when it is known. */
  const refuse = (message: string) => new YamlEditError(file ? `cannot edit ${file}: ${message}` : message);

  /** The offset of the start of the line after the one holding `offset - 1`. */
  const lineAfter = (offset: number): { at: number; newline: boolean } => {
    if (offset > 0 && text[offset - 1] === '\n') return { at: offset, newline: false };
    const next = text.indexOf('\n', offset);
    return next === -1 ? { at: text.length, newline: true } : { at: next + 1, newline: false };
  };
  const lineStart = (offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
  const columnOf = (offset: number) => offset - lineStart(offset);
  /** Whether a whole blank line lies between the end of one node and the line of the next. */
  const hasBlankLine = (from: number, to: number) => {
    const gap = text.slice(lineAfter(from).at, to);
    return gap.length > 0 && /^[ \t]*\r?$/m.test(gap.replace(/\n$/, ''));
  };

  const topPair = (key: string): Pair<Node, Node | null> | undefined =>
    (root as YAMLMap<Node, Node | null>).items.find((pair) => isScalar(pair.key) && pair.key.value === key);
  const rendered: RenderCache = new WeakMap();

  /** What `append` replaces of `key:` or `key: []` (the colon and the empty value) by `:` and the items below. */
  const emptyValueRange = (pair: Pair<Node, Node | null>): { start: number; end: number } => {
    const keyNode = pair.key as Node;
    const value = pair.value as Node | null;
    const valueEnd = value?.range ? value.range[1] : keyNode.range![1] + 1;
    return { start: keyNode.range![1], end: Math.max(valueEnd, text.indexOf(':', keyNode.range![1]) + 1) };
  };
  /**
   * How new items of `key` are laid out: their indent, whether blank lines
   * part them, and the characters of the lines around them (exact for a
   * block sequence, which is what sidecars have; close for the rest).
   */
  const layoutOf = (key: string): { indent: number; spaced: boolean; around: number; replaced?: { start: number; end: number } } => {
    const pair = topPair(key);
    const seq = pair?.value;
    // A new file is rendered whole (`renderDocument`): `key:`, items parted by blank lines, no comments.
    if (empty) return { indent: 2, spaced: true, around: key.length + 2 };
    // Only the items the text has (an earlier `append` adds items without a place in it).
    const existing = pair && isSeq(seq) && !seq.flow ? (seq.items as Node[]).filter((item) => item.range) : [];
    if (existing.length > 0) {
      const first = existing[0]!;
      const dash = text.slice(lineStart(first.range![0]), first.range![0]).indexOf('-');
      const spaced = existing.slice(1).some((item, index) => hasBlankLine(existing[index]!.range![1], lineStart(item.range![0])));
      return { indent: dash >= 0 ? dash : columnOf(first.range![0]), spaced, around: lineAfter(existing.at(-1)!.range![1]).newline ? 1 : 0 };
    }
    if (pair) {
      // `key:` or `key: []`, replaced by `key:` and the lines below.
      const replaced = emptyValueRange(pair);
      return { indent: columnOf((pair.key as Node).range![0]) + 2, spaced: false, around: 1 - (replaced.end - replaced.start), replaced };
    }
    return { indent: 2, spaced: false, around: key.length + 2 };
  };
  const eolExtra = (added: string) => (eol === '\n' ? 0 : added.split('\n').length - 1);

  /** Where an offset of the text is: `line L, column C`, both 1-based. */
  const placeOf = (offset: number) => `line ${text.slice(0, offset).split('\n').length}, column ${offset - lineStart(offset) + 1}`;
  /**
   * The mapping at `path`, to be edited. A value reached through an alias
   * (`*u`), or one an alias repeats (`&u`), is refused: an edit of one entry
   * would change, or could not reach, the other entries that share it.
   */
  const mappingAt = (path: ReadonlyArray<string | number>): YAMLMap => {
    let node: unknown = doc.contents;
    for (const [at, step] of path.entries()) {
      node = isCollection(node) ? node.get(step, true) : undefined;
      if (isAlias(node)) throw refuse(shared(`*${node.source}`, (node as Node).range?.[0], path.slice(0, at + 1)));
    }
    if (!isMap(node)) throw refuse(`no mapping at ${path.join('.')}`);
    if (node.anchor) throw refuse(shared(`&${node.anchor}`, node.range ? text.lastIndexOf(`&${node.anchor}`, node.range[0]) : undefined, path));
    return node;
  };
  const shared = (written: string, offset: number | undefined, path: ReadonlyArray<string | number>) =>
    `${path.join('.')} is shared with another entry through a YAML ${written.startsWith('*') ? 'alias' : 'anchor'} (${written}${offset === undefined || offset < 0 ? '' : ` at ${placeOf(offset)}`}), and this edit would change, or miss, every entry that shares it: write the value out in each entry (no & anchors or * aliases), then run again`;
  /** Flow collections rewritten whole (`{ id: x, status: lead }`), by node: a later edit of the same one rewrites it again, in the same splice. */
  const flowSplices = new WeakMap<object, { splice: Splice; lineBreak: string }>();
  const rewriteFlow = (map: YAMLMap) => {
    const earlier = flowSplices.get(map);
    const node = map as unknown as Node;
    // A block mapping emptied (its last key removed) is written `{}` where its lines were: its line break stays.
    const lineBreak = earlier ? earlier.lineBreak : !map.flow && text[node.range![1] - 1] === '\n' ? '\n' : '';
    const rendered = flowText(map) + lineBreak;
    if (earlier) {
      respell(earlier.splice, rendered);
      return;
    }
    const [start, end] = node.range!;
    if (!map.flow) {
      // The block's own edits so far (keys set, added or removed in its lines) are superseded by the rewrite.
      const owned = ownSplices.get(map);
      for (let index = splices.length - 1; index >= 0; index--) {
        const splice = splices[index]!;
        if (owned?.has(splice) || (splice.start >= start && splice.end <= end && !(splice.start === end && splice.end === end))) {
          length -= splice.text.length - (splice.end - splice.start);
          revision += 1;
          splices.splice(index, 1);
        }
      }
    }
    // It replaces the mapping's own text, which nothing else inserted at one place ties with: its depth does not matter.
    flowSplices.set(map, { splice: push(start, end, rendered, FLOW_DEPTH), lineBreak });
  };
  /**
   * A flow mapping on one line, each pair the edit left alone spelled as the
   * author wrote it (`claims: [x]` stays so) and each pair set or added
   * rendered anew; the braces padded as the author padded them.
   */
  const flowText = (map: YAMLMap): string => {
    const node = map as unknown as Node;
    const pairs = (map.items as Array<Pair<Node, Node | null>>).map((pair) => {
      const key = pair.key as Node | null;
      const value = pair.value;
      const original = key?.range !== undefined && value !== null && value?.range !== undefined;
      const written = original ? text.slice(key.range![0], value.range![1]) : undefined;
      // Kept when it is one line and reads as the same pair; else rendered.
      if (written !== undefined && !/[\r\n]/.test(written)) return written;
      return renderFlow({ [String(isScalar(key) ? key.value : key)]: value === null ? null : value.toJSON() }).slice(2, -2);
    });
    if (pairs.length === 0) return '{}';
    const padded = !map.flow || text[node.range![0] + 1] === ' ';
    return padded ? `{ ${pairs.join(', ')} }` : `{${pairs.join(', ')}}`;
  };
  /** The splices each block mapping's own edits made (`fill`, `set`, `unset` of its keys). */
  const ownSplices = new WeakMap<object, Set<Splice>>();
  const own = (map: object, splice: Splice) => {
    let set = ownSplices.get(map);
    if (!set) ownSplices.set(map, (set = new Set()));
    set.add(splice);
    return splice;
  };

  /** The items removed from each list so far, with the list as the text has it and the splices that remove them. */
  const removals = new WeakMap<object, { original: Node[]; removed: Set<Node>; splices: Splice[] }>();
  /** The first line of an item's block: its dash line, or the comment lines right above it at the dash's indent (its own). */
  const blockStart = (item: Node) => {
    let at = lineStart(item.range![0]);
    const indent = text.slice(at, item.range![0]).indexOf('-');
    while (at > 0) {
      const line = text.slice(lineStart(at - 1), at);
      if (!line.startsWith(' '.repeat(indent) + '#')) break;
      at = lineStart(at - 1);
    }
    return at;
  };
  /**
   * What removes a list's removed items: each run of removed items, with its
   * own comment lines, up to the next kept item's block (the blank lines
   * between go with it); a run at the list's end with the blank lines above
   * it; the whole list, `key: []`.
   */
  const removedSplices = (pair: Pair<Node, Node | null>, state: { original: Node[]; removed: Set<Node> }): Array<{ start: number; end: number; text: string }> => {
    const { original, removed } = state;
    const out: Array<{ start: number; end: number; text: string }> = [];
    for (let first = 0; first < original.length; first++) {
      if (!removed.has(original[first]!)) continue;
      let last = first;
      while (last + 1 < original.length && removed.has(original[last + 1]!)) last++;
      const after = original[last + 1];
      if (after) {
        out.push({ start: blockStart(original[first]!), end: blockStart(after), text: '' });
      } else if (first === 0) {
        // Every item: `key:` and its items become `key: []`.
        const end = lineAfter(original[last]!.range![1] - 1).at;
        out.push({ start: (pair.key as Node).range![1], end, text: `: []${text[end - 1] === '\n' ? '\n' : ''}` });
      } else {
        let start = blockStart(original[first]!);
        while (start > 0 && /^[ \t]*\r?\n$/.test(text.slice(lineStart(start - 1), start))) start = lineStart(start - 1);
        out.push({ start, end: lineAfter(original[last]!.range![1] - 1).at, text: '' });
      }
      first = last;
    }
    return out;
  };

  const edit: YamlEdit = {
    append(key, items, options = {}) {
      if (items.length === 0) return;
      changed = true;
      const more = appendedTo.get(key);
      const layout = more ? undefined : layoutOf(key);
      const pair = topPair(key);
      const seq = pair?.value;
      // The Document edit: the items at the end of the sequence, a new key in schema order.
      if (isSeq(seq)) for (const item of items) seq.items.push(doc.createNode(item));
      else if (pair) pair.value = doc.createNode([...items]);
      else {
        const pairs = (root as YAMLMap).items;
        const next = pairs.findIndex((other) => isScalar(other.key) && rankOf(topLevelOrder, String(other.key.value)) > rankOf(topLevelOrder, key));
        pairs.splice(next === -1 ? pairs.length : next, 0, doc.createPair(key, [...items]));
      }
      if (empty) return;
      if (more) {
        more(items, options.comment);
        return;
      }
      if (!layout) return;

      if (pair && isSeq(seq) && !seq.flow && seq.items.length > items.length) {
        const existing = seq.items.slice(0, seq.items.length - items.length) as Node[];
        const { indent, spaced } = layout;
        const { at, newline } = lineAfter(existing.at(-1)!.range![1]);
        const splice = push(at, at, (newline ? '\n' : '') + renderItems(items, indent, spaced, options.comment, rendered), 1);
        appendedTo.set(key, extend(splice, splice.text.length, (next, comment) => renderItems(next, indent, spaced, comment, rendered)));
        return;
      }
      if (pair && (seq === null || (isScalar(seq) && seq.value === null) || (isSeq(seq) && seq.flow && seq.items.length === items.length))) {
        // `key:` with nothing, or `key: []`: the items go on the lines below.
        const block = renderItems(items, layout.indent, false, options.comment, rendered).replace(/\n$/, '');
        const { start, end } = layout.replaced!;
        const splice = push(start, end, `:\n${block}`, 1);
        appendedTo.set(key, extend(splice, splice.text.length, (next, comment) => `\n${renderItems(next, layout.indent, false, comment, rendered).replace(/\n$/, '')}`));
        return;
      }
      if (pair) {
        // A flow sequence with items: rewrite this one value as a block sequence (again with every item, on a later append).
        const keyNode = pair.key as Node;
        const valueNode = seq as Node;
        const indent = columnOf(keyNode.range![0]);
        const block = () => renderPair(key, (pair.value as YAMLSeq).items.map((item) => (item as Node).toJSON()), indent).replace(/\n$/, '');
        const splice = push(keyNode.range![0], valueNode.range![1], block(), 1);
        appendedTo.set(key, () => respell(splice, block()));
        return;
      }
      // A new top-level key, in schema order.
      const block = `${key}:\n${renderItems(items, 2, false, options.comment, rendered)}`;
      const splice = insertTopLevel(key, block);
      const after = splice.text.indexOf(block.replace(/\n/g, eol)) + block.replace(/\n/g, eol).length;
      appendedTo.set(key, extend(splice, after, (next, comment) => renderItems(next, 2, false, comment, rendered)));
    },

    sizer(key, options = {}) {
      const { indent, spaced, around } = layoutOf(key);
      return {
        size(item, first) {
          const added = renderItem(item, indent, spaced && !(first && empty), first && !empty ? options.comment : undefined, rendered);
          return added.length + eolExtra(added) + (first ? around : 0);
        },
        forget(item) {
          rendered.delete(item);
        },
      };
    },

    fill(path, entries, keyOrder) {
      const map = mappingAt(path);
      const rank = (key: unknown) => keyOrder.indexOf(String(key));
      const missing = entries.filter(([key]) => !map.has(key)).sort((a, b) => rank(a[0]) - rank(b[0]));
      if (missing.length === 0) return;
      changed = true;
      const items = map.items as Array<Pair<Node, Node | null>>;
      if (map.flow || items.length === 0 || flowSplices.has(map)) {
        // A flow mapping (`{ doi: x }`), an empty one or one already rewritten so: rewrite this value in flow style.
        for (const [key, value] of missing) map.set(key, doc.createNode(value));
        if (empty) return;
        rewriteFlow(map);
        return;
      }
      // The mapping's own column (its first key in the text), though the pairs there now may all be new.
      const indent = columnOf((map as unknown as Node).range![0]);
      // Where each pair's following line starts: new pairs go where their predecessor's splice went.
      const places = new Map<Pair<Node, Node | null>, { at: number; newline: boolean }>();
      for (const [key, value] of missing) {
        const position = rank(key);
        let afterIndex = items.length - 1;
        if (position >= 0) {
          for (let index = items.length - 1; index >= 0; index--) {
            const present = rank(isScalar(items[index]!.key) ? (items[index]!.key as Scalar).value : undefined);
            if (present >= 0 && present < position) {
              afterIndex = index;
              break;
            }
          }
        }
        const after = items[afterIndex]!;
        const place = places.get(after) ?? lineAfter(endOf(after));
        if (!places.has(after) && endAt.has(after) && text[endOf(after) - 1] === '\n') place.at = endOf(after);
        const pair = doc.createPair(key, value) as Pair<Node, Node | null>;
        items.splice(afterIndex + 1, 0, pair);
        places.set(pair, { at: place.at, newline: false });
        endAt.set(pair, place.at);
        if (empty) continue;
        const splice = own(map, push(place.at, place.at, (place.newline ? '\n' : '') + renderPair(key, value, indent), path.length));
        insertedBy.set(pair, splice);
        splice.order = orderAmong(items, afterIndex + 1, splice);
        place.newline = false;
      }
    },

    set(path, value, keyOrder) {
      const parent = path.slice(0, -1);
      const key = String(path.at(-1));
      const map = mappingAt(parent);
      if (!map.has(key)) {
        edit.fill(parent, [[key, value]], keyOrder);
        return;
      }
      const pair = (map.items as Array<Pair<Node, Node | null>>).find((candidate) => isScalar(candidate.key) && candidate.key.value === key)!;
      if (sameData(pair.value === null ? null : (pair.value as Node).toJSON(), value)) return;
      changed = true;
      if (map.flow || flowSplices.has(map)) {
        map.set(key, doc.createNode(value));
        if (empty) return;
        rewriteFlow(map);
        return;
      }
      const keyNode = pair.key as Node;
      const start = keyNode.range![0];
      const end = (pair.value as Node | null)?.range?.[1] ?? keyNode.range![1];
      pair.value = doc.createNode(value) as Node;
      endAt.set(pair, end);
      if (empty) return;
      const indent = columnOf(start);
      const rendered = renderPair(key, value, indent).slice(indent).replace(/\n$/, '');
      own(map, push(start, end, rendered + (text[end - 1] === '\n' ? '\n' : ''), parent.length));
    },

    unset(path) {
      const parent = path.slice(0, -1);
      const key = String(path.at(-1));
      const map = mappingAt(parent);
      if (!map.has(key)) return;
      changed = true;
      const items = map.items as Array<Pair<Node, Node | null>>;
      const pair = items.find((candidate) => isScalar(candidate.key) && candidate.key.value === key)!;
      const keyNode = pair.key as Node;
      const end = (pair.value as Node | null)?.range?.[1] ?? keyNode.range![1];
      map.delete(key);
      if (empty) return;
      if (map.flow || items.length === 0 || flowSplices.has(map)) {
        rewriteFlow(map);
        return;
      }
      own(map, push(lineStart(keyNode.range![0]), lineAfter(end - 1).at, '', parent.length));
    },

    removeItem(key, index) {
      const pair = topPair(key);
      const seq = pair?.value;
      if (!pair || !isSeq(seq)) throw refuse(`no list ${key}`);
      if (seq.flow) throw refuse(`${key} is written as a flow list ([…]): write its items one per line (- …), then run again`);
      const items = seq.items as Node[];
      const node = items[index];
      if (!node) throw refuse(`${key} has no item ${index}`);
      if (isAlias(node) || (node as { anchor?: string }).anchor) throw refuse(shared(isAlias(node) ? `*${node.source}` : `&${(node as { anchor?: string }).anchor}`, node.range?.[0], [key, index]));
      if (empty || !node.range || appendedTo.has(key)) throw refuse(`${key}[${index}] was added by this edit; it cannot be removed in it`);
      if (!/^ *-[ \t]*$/.test(text.slice(lineStart(node.range[0]), node.range[0]))) {
        throw refuse(`${key}[${index}] does not start its own line with "- " (at ${placeOf(node.range[0])}): put each item of ${key} on lines of its own, then run again`);
      }
      // The list's items as the text has them, and the ones removed so far: removals next to each other are one splice.
      const state = removals.get(seq) ?? { original: [...items], removed: new Set<Node>(), splices: [] as Splice[] };
      removals.set(seq, state);
      state.removed.add(node);
      const next = removedSplices(pair, state);
      const mine = new Set(state.splices);
      if (splices.some((splice) => !mine.has(splice) && next.some((range) => splice.start < range.end && splice.end > range.start))) {
        state.removed.delete(node);
        throw refuse(`${key}[${index}] was changed by this edit; it cannot be removed in it`);
      }
      changed = true;
      items.splice(index, 1);
      // The splices of the removals before are replaced by the ones for all of them.
      for (const splice of state.splices) {
        length -= splice.text.length - (splice.end - splice.start);
        revision += 1;
        splices.splice(splices.indexOf(splice), 1);
      }
      state.splices = next.map((range) => push(range.start, range.end, range.text, 0));
    },

    isFlow(path) {
      const node = doc.getIn(path, true);
      return (isMap(node) || isSeq(node)) && node.flow === true;
    },

    value(path) {
      const node = doc.getIn(path, true);
      return node === undefined || node === null ? undefined : (node as Node).toJSON();
    },

    has(path, key) {
      const map = doc.getIn(path, true);
      return isMap(map) && map.has(key);
    },

    get length() {
      // A file without a final line break may lose the one an edit at its end brings (see `render`): counted as written.
      if (!empty && text !== '' && !text.endsWith('\n') && changed) {
        // Rendered once per change, not once per question: ingest's budget asks after every ledger row.
        if (lengthAt?.revision !== revision) lengthAt = { revision, length: this.render().length };
        return lengthAt.length;
      }
      return length;
    },

    get changed() {
      return changed;
    },

    toString() {
      return verified(this.render());
    },

    render() {
      let result: string;
      if (empty) {
        result = renderDocument(doc.toJS() as Record<string, unknown>, topLevelOrder).replace(/\n/g, eol);
        // Comments of an otherwise empty file (a schema line) stay on top, a blank line below them.
        if (text.trim() !== '') result = `${text.replace(/\s*$/, '')}${eol}${eol}${result}`;
      } else {
        result = text;
        // From the end back, so that each splice's offsets still hold. Where a splice removes or replaces
        // text and others insert at its start (a key filled after a pair whose next one is unset), it goes
        // first: what is inserted there then stays, before its text.
        // Applied from the end of the text back; at one place, the shallower first (its text ends up after the deeper's), then the later.
        const sorted = [...splices].sort((a, b) => b.start - a.start || b.end - a.end || a.depth - b.depth || b.order - a.order);
        for (const splice of sorted) result = result.slice(0, splice.start) + splice.text + result.slice(splice.end);
        // A file saved without a final line break keeps that (what was appended at its end ends without one too).
        if (text !== '' && !text.endsWith('\n') && result.endsWith(eol)) result = result.slice(0, -eol.length);
      }
      return result;
    },
  };

  /** The text, once it reads back as the edited Document, read as the loader reads a sidecar: with js-yaml first, and `yaml` when js-yaml gives up. */
  function verified(result: string): string {
    const expected = doc.toJS();
    let actual = readFast(result)?.value;
    if (actual === undefined) {
      try {
        actual = parse(result);
      } catch {
        actual = undefined;
      }
    }
    // A safety net: an edit that would not read back as the data it was asked to write is refused, not written.
    if (actual === undefined || !sameData(actual, expected)) {
      throw refuse('the edited YAML does not read back as the data the edit asked for, so nothing was written; this is a bug of Research Pack: please report it with the sidecar and the command you ran');
    }
    return result;
  }

  /**
   * Where a pair inserted at a place goes among the pairs other fills
   * inserted at the same place: after those before it in the mapping and
   * before those after it (insertions at one place are applied in their
   * order), whichever order the keys were filled in.
   */
  function orderAmong(items: ReadonlyArray<Pair<Node, Node | null>>, index: number, splice: Splice): number {
    let lower = -Infinity;
    let upper = Infinity;
    for (const [at, item] of items.entries()) {
      const other = at === index ? undefined : insertedBy.get(item);
      if (!other || other.start !== splice.start) continue;
      if (at < index) lower = Math.max(lower, other.order);
      else upper = Math.min(upper, other.order);
    }
    if (upper === Infinity) return lower === -Infinity ? splice.order : Math.max(splice.order, lower + 1);
    return lower === -Infinity ? upper - 1 : (lower + upper) / 2;
  }

  function endOf(pair: Pair<Node, Node | null>): number {
    return endAt.get(pair) ?? pair.value?.range?.[1] ?? (pair.key as Node).range![1];
  }

  function insertTopLevel(key: string, block: string): Splice {
    const position = rankOf(topLevelOrder, key);
    const pairs = (root as YAMLMap<Node, Node | null>).items;
    const next = pairs.find((pair) => isScalar(pair.key) && (pair.key as Node).range !== undefined && rankOf(topLevelOrder, String(pair.key.value)) > position);
    if (next) {
      // Before the next key and the comment lines right above it.
      let at = lineStart((next.key as Node).range![0]);
      for (;;) {
        const previous = lineStart(at - 1);
        if (at === 0 || !/^[ \t]*#/.test(text.slice(previous, at))) break;
        at = previous;
      }
      return push(at, at, `${block}\n`, 0);
    }
    const spaced = /\n[ \t]*\r?\n/.test(text);
    const needsNewline = text.length > 0 && !text.endsWith('\n');
    return push(text.length, text.length, `${needsNewline ? '\n' : ''}${spaced ? '\n' : ''}${block}`, 0);
  }

  return edit;
}

/**
 * Positions of the items of a top-level sequence, by id.
 * @param text a sidecar's text, or undefined when it does not exist.
 * @param key the top-level key of the sequence, e.g. `claims`.
 * @returns each id's index in the sequence (the first, when an id repeats).
 */
export function indexById(text: string | undefined, key: string): Map<string, number> {
  const result = new Map<string, number>();
  if (text === undefined) return result;
  const data = parse(text) as Record<string, unknown> | null;
  const list = data?.[key];
  if (!Array.isArray(list)) return result;
  list.forEach((item: unknown, index) => {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && !result.has(id)) result.set(id, index);
  });
  return result;
}

/** An edit the editor cannot make as asked (a shared value, no mapping where one was expected): its message says why and what to do. */
export class YamlEditError extends Error {
  override name = 'YamlEditError';
}
