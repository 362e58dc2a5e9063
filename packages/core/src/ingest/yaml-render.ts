/**
 * How the sidecar editor renders the nodes it adds, in the sidecars' house
 * style (the Document API, never by hand), and how it compares the result
 * with the edited Document.
 */
import { Document, isMap, isScalar, Scalar, visit } from 'yaml';

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
 * short words in flow style (`[a, b]`).
 */
export function stringify(value: unknown, lineWidth: number, blockRoot = false): string {
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
