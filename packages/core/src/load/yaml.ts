/**
 * YAML with positions. Answers "where is `claims[2].verdict.status`?" so
 * that every problem can name a line and column.
 *
 * Two parsers, one meaning (YAML 1.2, core schema). `js-yaml` reads every
 * file first: it is about eight times faster than `yaml`, and a book of 300
 * chapters carries megabytes of sidecars. `yaml`, whose syntax tree has
 * positions, reads a file only when something about it must be reported: a
 * syntax error (it then also words the message), a schema problem (read
 * again so that problems never depend on the parser), or a problem that
 * needs a line and column. A valid file is parsed once.
 */
import { CORE_SCHEMA, load as loadFast, Type } from 'js-yaml';
import type { LoadOptions } from 'js-yaml';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { Document, Node, Pair, ParsedNode, YAMLMap } from 'yaml';
import type { Locate, Position, Problem, YamlPath } from '../problems/problem.js';
import { createProblem, quote } from '../problems/problem.js';

/** `yaml` (the parser with positions) is loaded on first use: a file without problems never needs it. */
let yamlModule: typeof Yaml | undefined;
function yaml(): typeof Yaml {
  return (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml);
}




/** A parsed YAML file. */
export interface LoadedYaml {
  /** The plain value; `undefined` when the file has errors, `null` when it is empty. */
  value: unknown;
  /** True when the file holds no document: empty, blank or only comments. */
  empty: boolean;
  /** YAML problems: syntax, duplicate keys, unsupported tags, size. */
  problems: Problem[];
  locate: Locate;
  /** True when the fast parser read the file; `yaml` will only read it if `locate` is called. */
  fast: boolean;
}

/** Options of `loadYaml`. */
export interface LoadYamlOptions {
  /** File path used in problems (relative to the project root). */
  file: string;
  /** Lines before the YAML in its file, e.g. 1 for frontmatter after `---`. */
  lineOffset?: number;
  /**
   * Longest accepted text, in UTF-16 code units. Default 1,000,000: fifty
   * times a large sidecar, and small enough that a file of nothing but
   * mistakes is still read in a second or two.
   */
  maxLength?: number;
  /**
   * Try the fast parser first (default true). Pass false to read with `yaml`
   * only, as `loadSidecar` does before reporting schema problems, so that
   * what is reported never depends on which parser read the file.
   */
  fast?: boolean;
}

/**
 * How deep lists and mappings may nest, counting every node from the root
 * (a sidecar needs six). Deeper input is refused before `yaml` reads it:
 * its composer recurses, so thousands of `[` would exhaust the stack (with a
 * message that depends on how deep the stack already was) and take seconds.
 */
const MAX_YAML_DEPTH = 64;

/** js-yaml 4.3 counts nesting and stops at `maxDepth`; its types do not list the option yet. */
interface DepthOption {
  maxDepth: number;
}

/** Tags that only restate what YAML 1.2 infers; anything else is rejected. */
const allowedTags = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => `tag:yaml.org,2002:${name}`));

const syntaxHints: Partial<Record<string, string>> = {
  TAB_AS_INDENT: 'indent with spaces; YAML does not allow tabs for indentation',
  BAD_INDENT: 'line this up with the keys or list items it belongs to',
  MISSING_CHAR: 'close the quote or bracket that opens before this point',
  BLOCK_AS_IMPLICIT_KEY: 'a value containing ": " must be quoted, e.g. title: "Sessions: the file format"; a key must line up with the keys above it',
  MULTILINE_IMPLICIT_KEY: 'a value containing ": " must be quoted, or a key is missing its ":"',
  MULTIPLE_DOCS: 'a sidecar is one YAML document; remove the extra "---" line',
  BAD_DQ_ESCAPE: 'inside double quotes write \\\\ for a backslash, or use single quotes',
  BAD_ALIAS: 'sidecars do not need anchors and aliases; write the value out',
  RESOURCE_EXHAUSTION: 'sidecars do not need anchors and aliases; write the value out',
};

/**
 * Parse YAML text with positions. Never throws: every failure is a problem.
 *
 * A byte order mark is accepted and dropped (positions are counted without
 * it, as editors do); CRLF line endings are accepted. The YAML 1.2 core
 * schema is used, so `2024-05-01` stays a string and only `true`/`false` are
 * booleans.
 * @param source the file's text.
 * @param options file name for problems and a line offset for embedded YAML.
 * @returns the value, problems and a locator.
 */
export function loadYaml(source: string, options: LoadYamlOptions): LoadedYaml {
  const { file, lineOffset = 0, maxLength = 1_000_000, fast: tryFast = true } = options;
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  // Lines are counted here rather than by yaml's LineCounter, which misses
  // line breaks while it recovers from an unclosed flow collection.
  // Counted on first use: a file without problems is never located.
  let lines: ((offset: number) => Position) | undefined;
  const at = (offset: number): Position => (lines ??= lineLocator(text, lineOffset))(offset);

  if (text.length > maxLength) {
    const problem = createProblem(
      'yaml/too-large',
      { file },
      `the file has ${text.length.toLocaleString('en')} characters; at most ${maxLength.toLocaleString('en')} are read`,
      'split the chapter or move long notes into a linked document',
    );
    return { value: undefined, empty: false, problems: [problem], locate: () => ({ line: 1 + lineOffset, column: 1 }), fast: false };
  }

  const fast = tryFast ? readFast(text) : undefined;
  if (fast) {
    let locator: Locate | undefined;
    const locate: Locate = (path, locateOptions) => {
      locator ??= createLocator(parseWithPositions(text), at, lineOffset);
      return locator(path, locateOptions);
    };
    return { value: fast.value, empty: false, problems: [], locate, fast: true };
  }

  const deep = tooDeep(text, lineOffset, file);
  if (deep) return { value: undefined, empty: false, problems: [deep], locate: () => ({ line: 1 + lineOffset, column: 1 }), fast: false };

  const doc = parseWithPositions(text);
  const locate = createLocator(doc, at, lineOffset);
  const problems: Problem[] = [];

  // The depth guard reads the file with js-yaml, which stops at the first syntax
  // error; should `yaml` still run out of stack further on, say so without a position.
  if ([...doc.errors, ...doc.warnings].some((error) => isStackOverflow(error.message))) {
    return { value: undefined, empty: false, problems: [deepProblem(file)], locate, fast: false };
  }

  // yaml recovers from a syntax error and reads on, and what follows the first
  // one is mostly its echo (a tab in one line makes every later line "wrong").
  // So a file reports its first syntax error, and every duplicate key.
  const found: Array<{ offset: number; problem: Problem }> = [];
  for (const { offset, key } of duplicateKeys(doc)) {
    found.push({
      offset,
      problem: createProblem(
        'yaml/duplicate-key',
        { file, ...at(offset) },
        key === undefined ? 'duplicate key' : `duplicate key ${quote(key)}`,
        'a key may appear once in each mapping; keep one of them',
      ),
    });
  }
  const [error] = doc.errors;
  if (error) {
    const open = error.code === 'MISSING_CHAR' ? unclosedQuote(doc, error.pos[0]) : undefined;
    found.push({
      offset: open ? open.offset : error.pos[0],
      problem: open
        ? createProblem(
            'yaml/syntax',
            { file, ...at(open.offset) },
            `the quoted value that starts here has no closing ${open.mark}`,
            `end the value with ${open.mark} on the line where it ends; inside it, write ${open.mark === '"' ? '\\"' : "''"} for a ${open.mark === '"' ? 'double' : 'single'} quote`,
          )
        : createProblem(
            'yaml/syntax',
            { file, ...at(error.pos[0]) },
            error.code === 'MULTIPLE_DOCS' ? 'the file holds more than one YAML document' : yamlMessage(error.message),
            syntaxHints[error.code] ?? 'check the indentation and quoting at this point',
          ),
    });
  }
  found.sort((a, b) => a.offset - b.offset);
  for (const entry of found) problems.push(entry.problem);

  for (const warning of doc.warnings) {
    const rule = warning.code === 'TAG_RESOLVE_FAILED' ? 'yaml/unsupported-tag' : 'yaml/syntax';
    const tag = /^Unresolved tag: (\S+)/.exec(warning.message)?.[1];
    problems.push(
      createProblem(
        rule,
        { file, ...at(warning.pos[0]) },
        rule === 'yaml/unsupported-tag' && tag ? `unsupported tag ${quote(tag.replace('tag:yaml.org,2002:', '!!'))}` : yamlMessage(warning.message),
        'remove the tag; sidecars use plain strings, numbers, true/false, lists and mappings',
      ),
    );
  }

  if (problems.length === 0) {
    yaml().visit(doc, (_, node) => {
      if (yaml().isNode(node) && node.tag && !allowedTags.has(node.tag) && node.range) {
        problems.push(
          createProblem(
            'yaml/unsupported-tag',
            { file, ...at(tagStart(text, node.range[0])) },
            `unsupported tag ${quote(node.tag.replace('tag:yaml.org,2002:', '!!'))}`,
            'remove the tag; sidecars use plain strings, numbers, true/false, lists and mappings',
          ),
        );
      }
    });
  }

  if (problems.length > 0) return { value: undefined, empty: false, problems, locate, fast: false };
  if (doc.contents === null) return { value: null, empty: true, problems, locate, fast: false };

  try {
    return { value: doc.toJS({ maxAliasCount: 100 }), empty: false, problems, locate, fast: false };
  } catch (error) {
    // Unresolved aliases and alias bombs only surface when converting.
    let offset = 0;
    yaml().visit(doc, {
      Alias(_, alias) {
        if (alias.range) offset = alias.range[0];
        return yaml().visit.BREAK;
      },
    });
    const message = error instanceof Error ? error.message : String(error);
    if (isStackOverflow(message)) return { value: undefined, empty: false, problems: [deepProblem(file)], locate, fast: false };
    problems.push(createProblem('yaml/syntax', { file, ...at(offset) }, yamlMessage(message), syntaxHints.BAD_ALIAS));
    return { value: undefined, empty: false, problems, locate, fast: false };
  }
}

/** Parse with `yaml`, keeping the positions of every node. */
function parseWithPositions(text: string): Document.Parsed {
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
 */
function lineLocator(text: string, lineOffset: number): (offset: number) => Position {
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
 * Read a file with `js-yaml`, or give up (undefined) when anything is
 * unusual: a syntax error, a duplicate key, a tag, several documents, a
 * warning, an empty or null document, or an alias to a list or mapping
 * (which `yaml` expands with a limit). `yaml` then reads the file and
 * reports it.
 */
function readFast(text: string): { value: unknown } | undefined {
  // Explicit tags are where the two parsers differ (`!!float 1`); leave them to `yaml`.
  if (text.includes('!') && /(?:^|[\s[{,:-])!/.test(text)) return undefined;
  let warned = false;
  let value: unknown;
  try {
    const options: LoadOptions & DepthOption = { schema: CORE_SCHEMA, maxDepth: MAX_YAML_DEPTH, onWarning: () => (warned = true) };
    value = loadFast(text, options);
  } catch {
    return undefined;
  }
  // Empty and null documents are cheap to read again, and `yaml` tells them apart.
  // Without an anchor (`&name`) there can be no alias, and the walk is skipped.
  if (warned || value === undefined || value === null || (text.includes('&') && hasSharedNodes(value))) return undefined;
  return { value };
}

/** js-yaml's core schema, plus any tag (the guard only measures depth; `yaml` judges tags). */
const anyTagSchema = CORE_SCHEMA.extend(
  (['scalar', 'sequence', 'mapping'] as const).flatMap((kind) => ['!', 'tag:'].map((prefix) => new Type(prefix, { kind, multi: true, construct: (data: unknown) => data }))),
);

/**
 * The problem for a file that nests deeper than `MAX_YAML_DEPTH`, found with
 * js-yaml, which counts the depth as it reads and gives up at the limit with
 * the place; undefined when the file is not that deep (or has an earlier
 * syntax error, which `yaml` then reports).
 */
function tooDeep(text: string, lineOffset: number, file: string): Problem | undefined {
  try {
    // `json: true` lets duplicate keys pass, so the guard reads past them.
    const options: LoadOptions & DepthOption = { schema: anyTagSchema, json: true, maxDepth: MAX_YAML_DEPTH };
    loadFast(text, options);
    return undefined;
  } catch (error) {
    const mark = (error as { mark?: { line?: unknown; column?: unknown } }).mark;
    const reason = String((error as { reason?: unknown }).reason ?? '');
    if (!reason.startsWith('nesting exceeded maxDepth')) return undefined;
    const line = typeof mark?.line === 'number' ? mark.line + 1 + lineOffset : 0;
    const column = typeof mark?.column === 'number' ? mark.column + 1 : 0;
    return deepProblem(file, line > 0 ? { line, column } : undefined);
  }
}

function deepProblem(file: string, position?: Position): Problem {
  return createProblem(
    'yaml/too-deep',
    { file, ...position },
    `lists and mappings are nested more than ${MAX_YAML_DEPTH} levels deep`,
    'a sidecar nests a few levels at most: look for an unclosed "[" or "{", or indentation that keeps growing',
  );
}

/** Whether a parser message reports an exhausted stack (V8, SpiderMonkey or a regular expression engine). */
function isStackOverflow(message: string): boolean {
  return /call stack|stack overflow|too much recursion/i.test(message);
}

/** Whether a list or mapping appears twice in a value: the mark of an alias. */
function hasSharedNodes(value: unknown): boolean {
  const seen = new Set<object>();
  const visit = (node: unknown): boolean => {
    if (node === null || typeof node !== 'object') return false;
    if (seen.has(node)) return true;
    seen.add(node);
    for (const key in node) if (visit((node as Record<string, unknown>)[key])) return true;
    return false;
  };
  return visit(value);
}

/** Build the path → position lookup for a document. */
function createLocator(doc: Document.Parsed, at: (offset: number) => Position, lineOffset: number): Locate {
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

/** Where the tag written before the value at `offset` starts (the value itself when there is none). */
function tagStart(text: string, offset: number): number {
  let index = offset - 1;
  while (index >= 0 && (text[index] === ' ' || text[index] === '\t')) index--;
  const end = index;
  while (index >= 0 && !/\s/.test(text[index]!)) index--;
  return end >= 0 && text[index + 1] === '!' ? index + 1 : offset;
}

/** The text of a mapping key, as `toJS` would make it a property name. */
function keyText(key: unknown): string | undefined {
  if (yaml().isScalar(key)) return String(key.value);
  if (yaml().isAlias(key)) return key.source;
  return undefined;
}

/** The quoted scalar that runs up to `offset` because its closing quote is missing. */
function unclosedQuote(doc: Document.Parsed, offset: number): { offset: number; mark: string } | undefined {
  let found: { offset: number; mark: string } | undefined;
  yaml().visit(doc, {
    Scalar(_, scalar) {
      if ((scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE') && scalar.range && scalar.range[0] < offset && scalar.range[1] >= offset) {
        found = { offset: scalar.range[0], mark: scalar.type === 'QUOTE_DOUBLE' ? '"' : "'" };
      }
    },
  });
  return found;
}

/** Keys written twice in one mapping (as yaml's `uniqueKeys` would find them: scalars with equal values), in one pass. */
function duplicateKeys(doc: Document.Parsed): Array<{ offset: number; key: string | undefined }> {
  const duplicates: Array<{ offset: number; key: string | undefined }> = [];
  yaml().visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const item of map.items) {
        if (!yaml().isPair(item) || !yaml().isScalar(item.key)) continue;
        const value: unknown = item.key.value;
        const id = `${typeof value}\u0000${String(value)}`;
        if (seen.has(id)) duplicates.push({ offset: item.key.range?.[0] ?? 0, key: keyText(item.key) });
        else seen.add(id);
      }
    },
  });
  return duplicates;
}

/**
 * yaml's messages start with a capital and some end with a period; ours read
 * as a clause. Some quote the source (`Not a YAML token: …`): control and
 * invisible characters there are spelled out and the quote is shortened, so
 * the problem stays one readable line.
 */
function yamlMessage(message: string): string {
  const line = (message.split('\n')[0] ?? message).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (char) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`);
  const chars = [...line];
  const short = chars.length > 160 ? `${chars.slice(0, 160).join('')}…` : line;
  return (short.charAt(0).toLowerCase() + short.slice(1)).replace(/\.$/, '');
}
