/**
 * How the sidecar editor renders the nodes it adds, in the sidecars' house
 * style, and how it compares the result with the edited Document. Values
 * are written by yaml: the Document API, or for the common item a layout of
 * the Document's own (`stringifyLaidOut`) with every scalar written by
 * yaml's `stringifyString`; never a scalar by hand.
 */
import { Document, isMap, Pair, Scalar, visit, YAMLMap, YAMLSeq, type Node } from 'yaml';
import { stringifyString, type StringifyContext } from 'yaml/util';

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
  // A comment is one line, whatever it quotes: a line break in it would end the comment and start YAML.
  const head = comment ? [`${pad}# ${comment.replace(/\s*[\r\n\u0085\u2028\u2029]+\s*/g, ' ')}`] : [];
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
 * line breaks is written double-quoted with `\n`. Spaces pad the braces,
 * not nested brackets: `{ id: x, claims: [a, b] }`.
 */
export function renderFlow(value: Record<string, unknown>): string {
  const doc = new Document(value);
  if (isMap(doc.contents)) doc.contents.flow = true;
  // Inside a flow collection a plain or single-quoted scalar would break its line where the text does.
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && /[\n\r]/.test(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  // Spaces inside the mapping's braces, as sidecars write them, and none inside nested brackets (`claims: [x]`).
  const written = doc.toString({ flowCollectionPadding: false, lineWidth: 0 }).replace(/\n$/, '');
  return written.length > 2 && written.startsWith('{') && written.endsWith('}') ? `{ ${written.slice(1, -1)} }` : written;
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
  return stringifyLaidOut(value, lineWidth, blockRoot) ?? stringifyDocument(value, lineWidth, blockRoot);
}

/**
 * The common case of `stringify` laid out by hand, as the Document lays it
 * out: block mappings with plain keys, block and flow sequences, and text,
 * every piece of text written by yaml's own `stringifyString` in the context
 * the Document would give it. Anything else (numbers, booleans, null, an
 * empty mapping or block list, a key yaml would quote, a flow list it would
 * break) is the Document's: undefined. The text equals `stringifyDocument`'s
 * (tested on generated values at every width) at a fraction of its cost: a
 * 10,000-row ingest sizes thousands of items.
 */
export function stringifyLaidOut(value: unknown, lineWidth: number, blockRoot = false): string | undefined {
  const options = optionsFor(Math.max(40, lineWidth));
  const body = laidOut(value, { options, indent: '', implicitKey: undefined, indentAtStart: undefined }, blockRoot);
  return body === undefined ? undefined : `${body}\n`;
}

/** What of yaml's stringify context changes on the way down: the rest is fixed per width. */
interface Place {
  options: StringifyContext['options'];
  indent: string;
  implicitKey: boolean | undefined;
  indentAtStart: number | undefined;
  inFlow?: true;
}

const INDENT_STEP = '  ';
let sharedDoc: Document | undefined;
const optionsByWidth = new Map<number, StringifyContext['options']>();

/** The options yaml's `createStringifyContext` makes for the house style at a width. */
function optionsFor(lineWidth: number): StringifyContext['options'] {
  let options = optionsByWidth.get(lineWidth);
  if (!options) {
    sharedDoc ??= new Document(null);
    options = {
      ...(sharedDoc.schema.toStringOptions ?? {}),
      blockQuote: true,
      commentString: (text: string) => text.replace(/^(?!$)(?: $)?/gm, '#'),
      defaultKeyType: null,
      defaultStringType: 'PLAIN',
      directives: null,
      doubleQuotedAsJSON: false,
      doubleQuotedMinMultiLineLength: 40,
      falseStr: 'false',
      flowCollectionPadding: false,
      indentSeq: true,
      lineWidth,
      minContentWidth: 20,
      nullStr: 'null',
      simpleKeys: false,
      singleQuote: null,
      trailingComma: false,
      trueStr: 'true',
      verifyAliasOrder: true,
    } as StringifyContext['options'];
    optionsByWidth.set(lineWidth, options);
  }
  return options;
}

/** A value at a place, as the Document's node for it would be written; undefined when it is not the common case. */
function laidOut(value: unknown, place: Place, block: boolean): string | undefined {
  if (typeof value === 'string') return text(value, place, textType(value));
  if (Array.isArray(value)) return isFlowList(value, block) ? flowList(value as string[], place) : blockList(value, place);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) return blockMap(value as Record<string, unknown>, place);
  return undefined;
}

/** `nodeOf`'s choice: a short list of short words, not at a block root, is written in flow style. */
function isFlowList(items: readonly unknown[], block: boolean): boolean {
  if (block) return false;
  let length = 0;
  for (const item of items) {
    if (typeof item !== 'string' || item.length > 40 || item.includes('\n')) return false;
    length += item.length;
  }
  return length + 2 * Math.max(0, items.length - 1) <= 60;
}

/** Text through yaml's own `stringifyString`, in the context the Document's string tag gives it. */
function text(value: string, place: Place, type: Scalar['type']): string {
  const scalar = new Scalar(value);
  if (type) scalar.type = type;
  const ctx: StringifyContext = {
    actualString: true,
    allNullValues: false,
    anchors: new Set(),
    doc: sharedDoc!,
    forceBlockIndent: false,
    flowCollectionPadding: '',
    indent: place.indent,
    indentStep: INDENT_STEP,
    inFlow: place.inFlow ?? null,
    options: place.options,
    ...(place.implicitKey === undefined ? {} : { implicitKey: place.implicitKey }),
    ...(place.indentAtStart === undefined ? {} : { indentAtStart: place.indentAtStart }),
  };
  return stringifyString(scalar, ctx);
}

/** `- item` lines; the items are indented two more. */
function blockList(items: readonly unknown[], place: Place): string | undefined {
  if (items.length === 0) return undefined;
  const inner: Place = { ...place, indent: place.indent + INDENT_STEP };
  let out = '';
  for (const [index, item] of items.entries()) {
    const body = laidOut(item, inner, false);
    if (body === undefined) return undefined;
    out += `${index === 0 ? '' : `\n${place.indent}`}- ${body}`;
  }
  return out;
}

/** `[a, b]` on one line: a list yaml would break onto more lines is the Document's. */
function flowList(items: readonly string[], place: Place): string | undefined {
  const inner: Place = { ...place, indent: place.indent + INDENT_STEP + INDENT_STEP, inFlow: true };
  const lines: string[] = [];
  let length = 2;
  for (const [index, item] of items.entries()) {
    const body = text(item, inner, undefined);
    if (body.includes('\n')) return undefined;
    const line = index < items.length - 1 ? `${body},` : body;
    length += line.length + 2;
    lines.push(line);
  }
  if (lines.length > 0 && length > place.options.lineWidth) return undefined;
  return `[${lines.join(' ')}]`;
}

/** `key: value` lines at the place's indent. */
function blockMap(map: Record<string, unknown>, place: Place): string | undefined {
  let out = '';
  let first = true;
  for (const key in map) {
    if (!Object.hasOwn(map, key)) continue;
    const value = map[key];
    if (value === undefined) continue;
    if (!isPlainKey(key)) return undefined;
    const inner: Place = { options: place.options, indent: place.indent + INDENT_STEP, implicitKey: false, indentAtStart: undefined };
    const head = `${key}:`;
    let pair: string;
    if (typeof value === 'string') {
      inner.indentAtStart = head.length + 1;
      const body = laidOut(value, inner, false);
      if (body === undefined) return undefined;
      pair = body === '' || body.startsWith('\n') ? head + body : `${head} ${body}`;
    } else {
      const body = laidOut(value, inner, false);
      if (body === undefined) return undefined;
      const flow = Array.isArray(value) && isFlowList(value, false);
      pair = body.includes('\n') || !flow ? `${head}\n${inner.indent}${body}` : `${head} ${body}`;
    }
    out += first ? pair : `\n${place.indent}${pair}`;
    first = false;
  }
  return first ? undefined : out;
}

const plainKeys = new Map<string, boolean>();

/** A key yaml writes as it is, wherever it stands (an identifier-like word that reads as text). */
function isPlainKey(key: string): boolean {
  let plain = plainKeys.get(key);
  if (plain === undefined) {
    plain = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(key) && text(key, { options: optionsFor(80), indent: INDENT_STEP + INDENT_STEP, implicitKey: true, indentAtStart: undefined }, undefined) === key;
    if (plainKeys.size < 1000) plainKeys.set(key, plain);
  }
  return plain;
}

/** `stringify` by the Document API alone: what the laid-out path must equal. */
export function stringifyDocument(value: unknown, lineWidth: number, blockRoot = false): string {
  const doc = new Document(null);
  doc.contents = nodeOf(doc, value, blockRoot);
  return doc.toString({ lineWidth: Math.max(40, lineWidth), minContentWidth: 20, flowCollectionPadding: false });
}

/** A plain value as a node in the house style; keys whose value is undefined are left out, as `createNode` leaves them. */
function nodeOf(doc: Document, value: unknown, block: boolean): Node {
  if (Array.isArray(value)) {
    const seq = new YAMLSeq(doc.schema);
    for (const item of value) seq.items.push(nodeOf(doc, item, false));
    if (isFlowList(value, block)) seq.flow = true;
    return seq;
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const map = new YAMLMap(doc.schema);
    for (const [key, item] of Object.entries(value)) if (item !== undefined) map.items.push(new Pair(new Scalar(key), nodeOf(doc, item, false)));
    return map;
  }
  const scalar = new Scalar(value);
  const type = typeof value === 'string' ? textType(value) : undefined;
  if (type) scalar.type = type;
  return scalar;
}

/** Text with line breaks is literal; long prose is folded as the sidecars fold it; a long word (a digest, a URL) stays on its line. */
function textType(value: string): Scalar['type'] {
  if (value.includes('\n')) return Scalar.BLOCK_LITERAL;
  if (value.length > 72 && value.includes(' ') && !/^\s|\s$/.test(value)) return Scalar.BLOCK_FOLDED;
  return undefined;
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
