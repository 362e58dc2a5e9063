/**
 * The `yaml` side of loading: the parser whose syntax tree has positions,
 * loaded on first use (a file without problems never needs it), and the
 * lookup from a field path (`claims[2].verdict.status`) to the line and
 * column where it is written.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import type { Locate, Position } from '../problems/problem.js';

let yamlModule: typeof Yaml | undefined;

/**
 * The `yaml` package, loaded on first use.
 * @returns its module.
 */
export function yaml(): typeof Yaml {
  return (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml);
}

/**
 * Parse with `yaml`, keeping the positions of every node.
 * @param text the file's text, without a byte order mark.
 * @returns the document, with its errors and warnings.
 */
export function parseWithPositions(text: string): Document.Parsed {
  // yaml makes an Error per mistake, and a file of mistakes makes a million:
  // without stack traces they cost a few hundred bytes each, not a kilobyte.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    // logLevel 'error': yaml's own warnings go to the console otherwise; ours are problems.
    // uniqueKeys: false: yaml compares each key with every earlier one (quadratic
    // in a mapping's size); `duplicateKeys` finds them in one pass instead.
    return yaml().parseDocument(text, { prettyErrors: false, schema: 'core', uniqueKeys: false, logLevel: 'error' });
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Offsets to 1-based lines and columns (UTF-16 code units), with YAML's line
 * breaks: line feed, carriage return and both together.
 * @param text the file's text.
 * @param lineOffset lines before the YAML in its file.
 * @returns the offset → position function.
 */
export function lineLocator(text: string, lineOffset: number): (offset: number) => Position {
  const starts = [0];
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 10 || (char === 13 && text.charCodeAt(index + 1) !== 10)) starts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1 + lineOffset, column: offset - starts[low]! + 1 };
  };
}

/**
 * Build the path → position lookup for a document. A path that leads
 * nowhere points at the deepest node it reached; an empty value at its key.
 * @param doc the document with positions.
 * @param at offset → position.
 * @param lineOffset lines before the YAML in its file.
 * @returns the lookup.
 */
export function createLocator(doc: Document.Parsed, at: (offset: number) => Position, lineOffset: number): Locate {
  const start = (node: Node | null | undefined): Position | undefined => (node?.range ? at(node.range[0]) : undefined);
  const fallback: Position = { line: 1 + lineOffset, column: 1 };
  // Pairs by key text, per mapping, built on first use: locating each of
  // thousands of keys must not search the mapping again each time.
  const indexes = new WeakMap<object, Map<string, Pair>>();
  const pairOf = (map: YAMLMap, segment: string): Pair | undefined => {
    let index = indexes.get(map);
    if (!index) {
      index = new Map();
      for (const item of map.items) {
        const text = yaml().isPair(item) ? keyText(item.key) : undefined;
        if (text !== undefined && !index.has(text)) index.set(text, item as Pair);
      }
      indexes.set(map, index);
    }
    return index.get(segment);
  };

  return (path, options = {}) => {
    let node: unknown = doc.contents;
    let key: Node | undefined;
    for (const segment of path) {
      if (yaml().isMap(node)) {
        const pair = pairOf(node, String(segment));
        if (!pair) return start(node) ?? fallback;
        key = yaml().isNode(pair.key) ? pair.key : undefined;
        node = pair.value;
      } else if (yaml().isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
        key = undefined;
        node = node.items[segment];
      } else {
        return start(yaml().isNode(node) ? node : undefined) ?? fallback;
      }
    }
    // An empty value (`status:`) has no text of its own; its key is what to point at.
    const valueIsEmpty = yaml().isScalar(node) && node.value === null && node.source === '';
    if ((options.key || valueIsEmpty || !yaml().isNode(node)) && key) return start(key) ?? fallback;
    return start(yaml().isNode(node) ? node : undefined) ?? fallback;
  };
}

/**
 * The text of a mapping key, as `toJS` would make it a property name.
 * @param key a pair's key node.
 * @returns the text, or undefined for a key that is a collection.
 */
export function keyText(key: unknown): string | undefined {
  if (yaml().isScalar(key)) return String(key.value);
  if (yaml().isAlias(key)) return key.source;
  return undefined;
}
