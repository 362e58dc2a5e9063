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
import { Document, isMap, isScalar, isSeq, parse, parseDocument, Scalar, visit, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';

/** Options of an appended item. */
export interface AppendOptions {
  /** A comment line written above the first appended item. */
  comment?: string;
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
   * Add keys a mapping does not have yet; keys it has are never touched.
   * @param path path of the mapping, e.g. `['sources', 3]`.
   * @param entries keys and values to add.
   * @param order the schema's key order; each key goes after the last present key that precedes it.
   */
  fill(path: ReadonlyArray<string | number>, entries: ReadonlyArray<readonly [string, unknown]>, order: readonly string[]): void;
  /** Whether the mapping at `path` has `key`. */
  has(path: ReadonlyArray<string | number>, key: string): boolean;
  /** Whether anything changed. */
  readonly changed: boolean;
  /**
   * The edited text.
   * @returns the original text with the new nodes spliced in; throws when the result does not read back as the edited Document.
   */
  toString(): string;
}

/** The top-level key order of each sidecar. */
export const SIDECAR_KEY_ORDER = {
  claims: ['claims'],
  evidence: ['sources', 'evidence'],
  research: ['objective', 'questions', 'references', 'notebooks', 'history'],
} as const;

interface Splice {
  start: number;
  end: number;
  text: string;
  order: number;
}

const LINE_WIDTH = 80;

/**
 * Start editing a sidecar.
 * @param source the file's text, or undefined when the file does not exist yet.
 * @param topLevelOrder the file's top-level keys in schema order.
 * @returns the editor.
 */
export function editYaml(source: string | undefined, topLevelOrder: readonly string[]): YamlEdit {
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

  const push = (start: number, end: number, inserted: string) => splices.push({ start, end, text: inserted.replace(/\n/g, eol), order: order++ });

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

  const edit: YamlEdit = {
    append(key, items, options = {}) {
      if (items.length === 0) return;
      changed = true;
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

      if (pair && isSeq(seq) && !seq.flow && seq.items.length > items.length) {
        const existing = seq.items.slice(0, seq.items.length - items.length) as Node[];
        const first = existing[0]!;
        const dash = text.slice(lineStart(first.range![0]), first.range![0]).indexOf('-');
        const indent = dash >= 0 ? dash : columnOf(first.range![0]);
        const spaced = existing.slice(1).some((item, index) => hasBlankLine(existing[index]!.range![1], lineStart(item.range![0])));
        const last = existing.at(-1)!;
        const { at, newline } = lineAfter(last.range![1]);
        push(at, at, (newline ? '\n' : '') + renderItems(items, indent, spaced, options.comment));
        return;
      }
      if (pair && (seq === null || (isScalar(seq) && seq.value === null) || (isSeq(seq) && seq.flow && seq.items.length === items.length))) {
        // `key:` with nothing, or `key: []`: the items go on the lines below.
        const keyNode = pair.key as Node;
        const indent = columnOf(keyNode.range![0]) + 2;
        const block = renderItems(items, indent, false, options.comment).replace(/\n$/, '');
        const valueEnd = seq && (seq as Node).range ? (seq as Node).range![1] : keyNode.range![1] + 1;
        const colon = text.indexOf(':', keyNode.range![1]);
        push(keyNode.range![1], Math.max(valueEnd, colon + 1), `:\n${block}`);
        return;
      }
      if (pair) {
        // A flow sequence with items: rewrite this one value as a block sequence.
        const keyNode = pair.key as Node;
        const valueNode = seq as Node;
        const indent = columnOf(keyNode.range![0]);
        const all = (pair.value as YAMLSeq).items.map((item) => (item as Node).toJSON());
        push(keyNode.range![0], valueNode.range![1], renderPair(key, all, indent).replace(/\n$/, ''));
        return;
      }
      // A new top-level key, in schema order.
      insertTopLevel(key, `${key}:\n${renderItems(items, 2, false, options.comment)}`);
    },

    fill(path, entries, keyOrder) {
      const map = doc.getIn(path, true);
      if (!isMap(map)) throw new Error(`Research Pack: no mapping at ${path.join('.')}`);
      const rank = (key: unknown) => keyOrder.indexOf(String(key));
      const missing = entries.filter(([key]) => !map.has(key)).sort((a, b) => rank(a[0]) - rank(b[0]));
      if (missing.length === 0) return;
      changed = true;
      const items = map.items as Array<Pair<Node, Node | null>>;
      if (map.flow || items.length === 0) {
        // A flow mapping (`{ doi: x }`) or an empty one: rewrite this value in flow style.
        for (const [key, value] of missing) map.set(key, doc.createNode(value));
        if (empty) return;
        const node = map as unknown as Node;
        push(node.range![0], node.range![1], renderFlow(map.toJSON() as Record<string, unknown>));
        return;
      }
      const indent = columnOf((items[0]!.key as Node).range![0]);
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
        const pair = doc.createPair(key, value) as Pair<Node, Node | null>;
        items.splice(afterIndex + 1, 0, pair);
        places.set(pair, { at: place.at, newline: false });
        if (empty) continue;
        push(place.at, place.at, (place.newline ? '\n' : '') + renderPair(key, value, indent));
        place.newline = false;
      }
    },

    has(path, key) {
      const map = doc.getIn(path, true);
      return isMap(map) && map.has(key);
    },

    get changed() {
      return changed;
    },

    toString() {
      let result: string;
      if (empty) {
        result = renderDocument(doc.toJS() as Record<string, unknown>, topLevelOrder).replace(/\n/g, eol);
        // Comments of an otherwise empty file (a schema line) stay on top, a blank line below them.
        if (text.trim() !== '') result = `${text.replace(/\s*$/, '')}${eol}${eol}${result}`;
      } else {
        result = text;
        const sorted = [...splices].sort((a, b) => b.start - a.start || b.order - a.order);
        for (const splice of sorted) result = result.slice(0, splice.start) + splice.text + result.slice(splice.end);
      }
      const expected = doc.toJS();
      let actual: unknown;
      try {
        actual = parse(result);
      } catch {
        actual = undefined;
      }
      if (actual === undefined || !sameData(actual, expected)) throw new Error('Research Pack: the edited YAML does not read back as intended; nothing was written');
      return result;
    },
  };

  function endOf(pair: Pair<Node, Node | null>): number {
    return pair.value?.range?.[1] ?? (pair.key as Node).range![1];
  }

  function insertTopLevel(key: string, block: string): void {
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
      push(at, at, `${block}\n`);
      return;
    }
    const spaced = /\n[ \t]*\r?\n/.test(text);
    const needsNewline = text.length > 0 && !text.endsWith('\n');
    push(text.length, text.length, `${needsNewline ? '\n' : ''}${spaced ? '\n' : ''}${block}`);
  }

  return edit;
}

/** Items of a block sequence at an indent, each ending with a line feed. */
function renderItems(items: readonly unknown[], indent: number, spaced: boolean, comment?: string): string {
  const pad = ' '.repeat(indent);
  return items
    .map((item, index) => {
      const body = stringify([item], LINE_WIDTH - indent, true);
      const lines = body.replace(/\n$/, '').split('\n').map((line) => (line === '' ? '' : pad + line));
      const head = index === 0 && comment ? [`${pad}# ${comment}`] : [];
      return `${spaced ? '\n' : ''}${[...head, ...lines].join('\n')}\n`;
    })
    .join('');
}

/** `key: value` at an indent, ending with a line feed. */
function renderPair(key: string, value: unknown, indent: number): string {
  const pad = ' '.repeat(indent);
  const body = stringify({ [key]: value }, LINE_WIDTH - indent);
  return `${body
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line === '' ? '' : pad + line))
    .join('\n')}\n`;
}

/**
 * A mapping in flow style on one line (`{ id: x, priority: high }`): in a
 * block sequence, a flow mapping folded onto further lines must be indented
 * more than the sequence, so it is never folded (`lineWidth: 0`); text with
 * line breaks is written double-quoted with `\n`.
 */
function renderFlow(value: Record<string, unknown>): string {
  const doc = new Document(value);
  if (isMap(doc.contents)) doc.contents.flow = true;
  return doc.toString({ flowCollectionPadding: true, lineWidth: 0 }).replace(/\n$/, '');
}

/** A whole new sidecar, top-level keys in schema order, items separated by blank lines. */
function renderDocument(data: Record<string, unknown>, order: readonly string[]): string {
  const keys = Object.keys(data).sort((a, b) => rankOf(order, a) - rankOf(order, b));
  return keys
    .map((key) => {
      const value = data[key];
      if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'object' && item !== null)) {
        return `${key}:\n${renderItems(value, 2, false).replace(/\n(?=  - )/g, '\n\n').replace(/^\n/, '')}`;
      }
      return stringify({ [key]: value }, LINE_WIDTH);
    })
    .join('\n');
}

function rankOf(order: readonly string[], key: string): number {
  const rank = order.indexOf(key);
  return rank === -1 ? order.length : rank;
}

/**
 * Render a value with the Document API, in the sidecars' house style: long
 * text folded (`>-`), text with line breaks literal (`|-`), short lists of
 * short words in flow style (`[a, b]`).
 */
function stringify(value: unknown, lineWidth: number, blockRoot = false): string {
  const doc = new Document(value);
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value !== 'string') return;
      if (node.value.includes('\n')) node.type = Scalar.BLOCK_LITERAL;
      // Long prose is folded as the sidecars fold it; a long word (a digest, a URL) stays on its line.
      else if (node.value.length > 72 && node.value.includes(' ') && !/^\s|\s$/.test(node.value)) node.type = Scalar.BLOCK_FOLDED;
    },
    Seq(_, node) {
      if (blockRoot && node === doc.contents) return;
      const values = node.items.map((item) => (isScalar(item) ? item.value : undefined));
      if (values.every((item) => typeof item === 'string' && item.length <= 40 && !item.includes('\n')) && (values as string[]).join(', ').length <= 60) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: Math.max(40, lineWidth), minContentWidth: 20, flowCollectionPadding: false });
}

/** Deep equality of parsed YAML data. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return keysA.length === keysB.length && keysA.every((key, index) => key === keysB[index] && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return false;
}
