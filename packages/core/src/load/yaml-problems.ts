/**
 * What is wrong with a YAML file, as problems: its first syntax error (with
 * the quote left open, when that is the cause), every duplicate key, tags
 * sidecars do not use, aliases that cannot be expanded, and nesting too deep
 * to read. `yaml`'s own messages are reworded as clauses on one line.
 */
import type { Document } from 'yaml';
import type { Position, Problem } from '../problems/problem.js';
import { createProblem, quote } from '../problems/problem.js';
import { keyText, yaml } from './yaml-document.js';

/**
 * How deep lists and mappings may nest, counting every node from the root
 * (a sidecar needs six). Deeper input is refused before `yaml` reads it:
 * its composer recurses, so thousands of `[` would exhaust the stack (with a
 * message that depends on how deep the stack already was) and take seconds.
 */
export const MAX_YAML_DEPTH = 64;

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

/** The hint for a syntax error: by its code, but a line indented less than its neighbours is no unclosed quote. */
function syntaxHint(error: { code: string; message: string }): string {
  // `yaml` reports a line indented less than the keys of its list item (three spaces for four) as a missing "-".
  if (error.code === 'MISSING_CHAR' && /sequence item without - indicator/i.test(error.message)) {
    return 'line this up with the keys it belongs to: here a line is indented less than the keys of its list item above (three spaces for four, say), or a list item lacks its "- "';
  }
  return syntaxHints[error.code] ?? 'check the indentation and quoting at this point';
}

const TAG_HINT = 'remove the tag; sidecars use plain strings, numbers, true/false, lists and mappings';

/** Where problems go: the file and the offset → position function. */
export interface YamlPlace {
  file: string;
  at: (offset: number) => Position;
}

/**
 * The problems of a document `yaml` parsed: its duplicate keys and first
 * syntax error in the order they occur, then its warnings, then (only when
 * there is nothing else) the tags sidecars do not use. `yaml` recovers from
 * a syntax error and reads on, and what follows the first one is mostly its
 * echo (a tab in one line makes every later line "wrong"), so a file
 * reports its first syntax error, and every duplicate key.
 * @param doc the document.
 * @param text the file's text.
 * @param place the file and positions.
 * @returns the problems, empty for a clean document.
 */
export function documentProblems(doc: Document.Parsed, text: string, { file, at }: YamlPlace): Problem[] {
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
  const slipped = error ? slippedItem(error, text) : undefined;
  const shallow = error && !slipped ? shallowKey(error, text) : undefined;
  const deeper = error && !slipped && !shallow ? deeperKey(error, text) : undefined;
  if (error && slipped) {
    found.push({
      offset: slipped.offset,
      problem: createProblem(
        'yaml/syntax',
        { file, ...at(slipped.offset) },
        `the list item ${quote(slipped.item)} is indented less than the items before it (${quote(slipped.sibling)}, line ${slipped.siblingLine}), so YAML ends their list above it`,
        `put ${slipped.indent} space${slipped.indent === 1 ? '' : 's'} before its "-", as before the others`,
      ),
    });
  } else if (error && deeper) {
    found.push({
      offset: deeper.offset,
      problem: createProblem(
        'yaml/syntax',
        { file, ...at(deeper.offset) },
        `${quote(deeper.key)} is indented deeper than ${quote(deeper.above)} on the line above, so YAML reads it as part of that value`,
        `line ${quote(deeper.key)} up with ${quote(deeper.above)}: ${deeper.indent} space${deeper.indent === 1 ? '' : 's'} before it`,
      ),
    });
  } else if (error && shallow) {
    found.push({
      offset: shallow.offset,
      problem: createProblem(
        'yaml/syntax',
        { file, ...at(shallow.offset) },
        `${quote(shallow.key)} is indented ${shallow.indent} space${shallow.indent === 1 ? '' : 's'}, less than the keys of its list item above (${quote(shallow.sibling)}, ${shallow.expected}), so YAML cannot tell where it belongs`,
        `put ${shallow.expected} spaces before ${quote(shallow.key)}, as before the other keys of its item`,
      ),
    });
  } else if (error) {
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
            syntaxHint(error),
          ),
    });
  }
  found.sort((a, b) => a.offset - b.offset);
  const problems = found.map((entry) => entry.problem);

  for (const warning of doc.warnings) {
    const rule = warning.code === 'TAG_RESOLVE_FAILED' ? 'yaml/unsupported-tag' : 'yaml/syntax';
    const tag = /^Unresolved tag: (\S+)/.exec(warning.message)?.[1];
    problems.push(
      createProblem(
        rule,
        { file, ...at(warning.pos[0]) },
        rule === 'yaml/unsupported-tag' && tag ? `unsupported tag ${quote(tag.replace('tag:yaml.org,2002:', '!!'))}` : yamlMessage(warning.message),
        TAG_HINT,
      ),
    );
  }

  if (problems.length === 0) {
    yaml().visit(doc, (_, node) => {
      if (yaml().isNode(node) && node.tag && !allowedTags.has(node.tag) && node.range) {
        problems.push(createProblem('yaml/unsupported-tag', { file, ...at(tagStart(text, node.range[0])) }, `unsupported tag ${quote(node.tag.replace('tag:yaml.org,2002:', '!!'))}`, TAG_HINT));
      }
    });
  }
  return problems;
}

/**
 * A key indented deeper than the key of the line before, whose value it
 * then seems to continue (`relation: supports` then `   class: reported`):
 * `yaml` reports "nested mappings are not allowed in compact mappings" at
 * the value above, one line early (an outside author's finding). The line
 * that is wrong, and the indent it needs.
 */
/**
 * A key indented less than the other keys of its list item, and more than
 * the item's "-" (three spaces for four): `yaml` says "sequence item
 * without - indicator" at the line's start (an outside author's finding:
 * the parser's words, at column 1). The key, its indent, and the one it needs.
 */
function shallowKey(error: { code: string; pos: [number, number]; message: string }, text: string): { offset: number; key: string; indent: number; expected: number; sibling: string } | undefined {
  if (error.code !== 'MISSING_CHAR' || !/sequence item without - indicator/i.test(error.message)) return undefined;
  const lineStart = text.lastIndexOf('\n', error.pos[0] - 1) + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).replace(/\r$/, '');
  const own = /^( *)([a-z][a-zA-Z]*):(?:[ \t]|$)/.exec(line);
  if (!own) return undefined;
  const indent = own[1]!.length;
  // The keys of the item above: the nearest line with a key deeper than this one, within the item (after its "-").
  const before = text.slice(0, lineStart).split('\n').map((entry) => entry.replace(/\r$/, ''));
  for (let index = before.length - 1; index >= 0; index--) {
    const above = /^( *)(?:- )?([a-z][a-zA-Z]*):/.exec(before[index]!);
    if (!above) continue;
    const column = before[index]!.indexOf(above[2]!);
    if (column <= indent) return undefined;
    if (column > indent + 3) continue;
    return { offset: lineStart + indent, key: own[2]!, indent, expected: column, sibling: above[2]! };
  }
  return undefined;
}

/**
 * A list item that slipped left of its siblings ("- id: b" at column 1
 * under items at column 3): its keys below still line up with theirs, so
 * YAML reports the key under it, as if that key were too deep (an outside
 * author followed that hint into a second error). The item is what moved.
 */
function slippedItem(error: { code: string; pos: [number, number] }, text: string): { offset: number; item: string; sibling: string; siblingLine: number; indent: number } | undefined {
  if (error.code !== 'BLOCK_AS_IMPLICIT_KEY' && error.code !== 'MULTILINE_IMPLICIT_KEY') return undefined;
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  const errorLine = text.slice(0, error.pos[0]).split('\n').length - 1;
  // The item is the error's line or the one above it; the key below it is the next line.
  for (const itemLine of [errorLine, errorLine - 1]) {
    const item = /^(\s*)- ([\w-]+):/.exec(lines[itemLine] ?? '');
    const below = /^(\s*)[a-z][a-zA-Z]*:(?:[ \t]|$)/.exec(lines[itemLine + 1] ?? '');
    if (!item || !below) continue;
    const dash = item[1]!.length;
    if (below[1]!.length <= dash + 2) continue;
    for (let index = itemLine - 1; index >= 0; index--) {
      const sibling = /^(\s*)- ([\w-]+):/.exec(lines[index]!);
      if (!sibling || sibling[1]!.length <= dash) continue;
      if (sibling[1]!.length + 2 !== below[1]!.length) continue;
      let start = 0;
      for (let line = 0; line < itemLine; line++) start = text.indexOf('\n', start) + 1;
      return { offset: start + dash, item: lines[itemLine]!.trim(), sibling: lines[index]!.trim(), siblingLine: index + 1, indent: sibling[1]!.length };
    }
  }
  return undefined;
}

function deeperKey(error: { code: string; pos: [number, number] }, text: string): { offset: number; key: string; above: string; indent: number } | undefined {
  if (error.code !== 'BLOCK_AS_IMPLICIT_KEY' && error.code !== 'MULTILINE_IMPLICIT_KEY') return undefined;
  const lineStart = text.lastIndexOf('\n', error.pos[0] - 1) + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  if (lineEnd === -1) return undefined;
  const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
  const nextEnd = text.indexOf('\n', lineEnd + 1);
  const next = text.slice(lineEnd + 1, nextEnd === -1 ? undefined : nextEnd).replace(/\r$/, '');
  const above = /^(\s*)(?:- )?([\w-]+):[ \t]+\S/.exec(line);
  // A sidecar's keys are camelCase words ("class", "textHash"); "Note:" or "https:" in a wrapped value are none.
  const below = /^(\s*)([a-z][a-zA-Z]*):(?:[ \t]|$)/.exec(next);
  if (!above || !below) return undefined;
  // The key's column on the line above ("  - id: x" keys at 4).
  const indent = above[0].indexOf(above[2]!);
  if (below[1]!.length <= indent) return undefined;
  return { offset: lineEnd + 1 + below[1]!.length, key: below[2]!, above: above[2]!, indent };
}

/**
 * The problem when a clean document cannot be converted to a value: an
 * unresolved alias or an alias bomb (which only surface when converting), or
 * an exhausted stack.
 * @param doc the document.
 * @param error what `toJS` threw.
 * @param place the file and positions.
 * @returns the problem, at the first alias.
 */
export function conversionProblem(doc: Document.Parsed, error: unknown, { file, at }: YamlPlace): Problem {
  const message = error instanceof Error ? error.message : String(error);
  if (isStackOverflow(message)) return deepProblem(file);
  let offset = 0;
  yaml().visit(doc, {
    Alias(_, alias) {
      if (alias.range) offset = alias.range[0];
      return yaml().visit.BREAK;
    },
  });
  return createProblem('yaml/syntax', { file, ...at(offset) }, yamlMessage(message), syntaxHints.BAD_ALIAS);
}

/**
 * The problem for a file that nests more than `MAX_YAML_DEPTH` levels deep.
 * @param file the file path used in problems.
 * @param position where the limit was reached, when known.
 * @returns the `yaml/too-deep` problem.
 */
export function deepProblem(file: string, position?: Position): Problem {
  return createProblem(
    'yaml/too-deep',
    { file, ...position },
    `lists and mappings are nested more than ${MAX_YAML_DEPTH} levels deep`,
    'a sidecar nests a few levels at most: look for an unclosed "[" or "{", or indentation that keeps growing',
  );
}

/**
 * Whether a parser message reports an exhausted stack (V8, SpiderMonkey or a regular expression engine).
 * @param message the message.
 * @returns true for a stack overflow.
 */
export function isStackOverflow(message: string): boolean {
  return /call stack|stack overflow|too much recursion/i.test(message);
}

/** Where the tag written before the value at `offset` starts (the value itself when there is none). */
function tagStart(text: string, offset: number): number {
  let index = offset - 1;
  while (index >= 0 && (text[index] === ' ' || text[index] === '\t')) index--;
  const end = index;
  while (index >= 0 && !/\s/.test(text[index]!)) index--;
  return end >= 0 && text[index + 1] === '!' ? index + 1 : offset;
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
