/**
 * How the sidecar editor renders the nodes it adds, in the sidecars' house
 * style (the Document API, never by hand), and how it compares the result
 * with the edited Document.
 */
import { Document, isMap, isScalar, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';

/** The width new nodes are folded to. */
export const LINE_WIDTH = 80;

/** Renderings of items kept by their object, so an item sized before it is appended is rendered once. */
export type RenderCache = WeakMap<object, { width: number; body: string }>;

/** Items of a block sequence at an indent, each ending with a line feed. */
export function renderItems(items: readonly unknown[], indent: number, spaced: boolean, comment?: string, cache?: RenderCache): string {
  return items.map((item, index) => renderItem(item, indent, spaced, index === 0 ? comment : undefined, cache)).join('');
}

/**
 * One item of a block sequence at an indent (`- key: …`), ending with a line feed.
 * @param cache renderings kept by item; an item must not change once it is in it.
 */
export function renderItem(item: unknown, indent: number, spaced: boolean, comment?: string, cache?: RenderCache): string {
  const pad = ' '.repeat(indent);
  const width = LINE_WIDTH - indent;
  const keep = cache !== undefined && typeof item === 'object' && item !== null;
  const known = keep ? cache.get(item) : undefined;
  let body = known?.width === width ? known.body : undefined;
  if (body === undefined) {
    body = stringify([item], width, true);
    if (keep) cache.set(item, { width, body });
  }
  const lines = body.replace(/\n$/, '').split('\n').map((line) => (line === '' ? '' : pad + line));
  const head = comment ? [`${pad}# ${comment}`] : [];
  return `${spaced ? '\n' : ''}${[...head, ...lines].join('\n')}\n`;
}

/** `key: value` at an indent, ending with a line feed. */
export function renderPair(key: string, value: unknown, indent: number): string {
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
export function renderFlow(value: Record<string, unknown>): string {
  const doc = new Document(value);
  if (isMap(doc.contents)) doc.contents.flow = true;
  return doc.toString({ flowCollectionPadding: true, lineWidth: 0 }).replace(/\n$/, '');
}

/** A whole new sidecar, top-level keys in schema order, items separated by blank lines. */
export function renderDocument(data: Record<string, unknown>, order: readonly string[]): string {
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

/** A key's rank in the schema order; unknown keys go last. */
export function rankOf(order: readonly string[], key: string): number {
  const rank = order.indexOf(key);
  return rank === -1 ? order.length : rank;
}

/**
 * Render a value with the Document API, in the sidecars' house style: long
 * text folded (`>-`), text with line breaks literal (`|-`), short lists of
 * short words in flow style (`[a, b]`). The nodes are made with their style
 * as they are made (not by `createNode` and a second walk): a 10,000-row
 * ingest renders thousands of items to size them.
 */
export function stringify(value: unknown, lineWidth: number, blockRoot = false): string {
  const doc = new Document(null);
  doc.contents = nodeOf(doc, value, blockRoot);
  return doc.toString({ lineWidth: Math.max(40, lineWidth), minContentWidth: 20, flowCollectionPadding: false });
}

/** A plain value as a node in the house style; keys whose value is undefined are left out, as `createNode` leaves them. */
function nodeOf(doc: Document, value: unknown, block: boolean): Node {
  if (Array.isArray(value)) {
    const seq = new YAMLSeq(doc.schema);
    for (const item of value) seq.items.push(nodeOf(doc, item, false));
    const words = seq.items.map((item) => (isScalar(item) ? item.value : undefined));
    if (!block && words.every((item) => typeof item === 'string' && item.length <= 40 && !item.includes('\n')) && (words as string[]).join(', ').length <= 60) seq.flow = true;
    return seq;
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const map = new YAMLMap(doc.schema);
    for (const [key, item] of Object.entries(value)) if (item !== undefined) map.items.push(new Pair(new Scalar(key), nodeOf(doc, item, false)));
    return map;
  }
  const scalar = new Scalar(value);
  if (typeof value === 'string') {
    if (value.includes('\n')) scalar.type = Scalar.BLOCK_LITERAL;
    // Long prose is folded as the sidecars fold it; a long word (a digest, a URL) stays on its line.
    else if (value.length > 72 && value.includes(' ') && !/^\s|\s$/.test(value)) scalar.type = Scalar.BLOCK_FOLDED;
  }
  return scalar;
}

/** Deep equality of parsed YAML data. */
export function sameData(a: unknown, b: unknown): boolean {
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
