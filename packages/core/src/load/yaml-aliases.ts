/**
 * Anchors (`&name`) and aliases (`*name`) in a sidecar. YAML lets one value
 * stand in several places, but a sidecar is edited one entry at a time (the
 * decision commands, an ingest): an edit of the anchored value changes every
 * entry that repeats it, or drops the anchor its aliases need (an outside
 * reviewer's finding: `accept` crashed on `status: &st lead` and
 * `status: *st`). So sidecars write every value out, and `check` says where
 * one is not. Alias bombs and unresolved aliases are `loadYaml`'s to report.
 */
import type { Document, Node } from 'yaml';
import { createProblem, formatPath, hidesOrBreaks, quote, type Position, type Problem } from '../problems/problem.js';
import { lineLocator, parseWithPositions, yaml } from './yaml-document.js';

/** Characters after which `&` or `*` can open an anchor or alias: the start of a value, an item or a key. */
const NODE_START = new Set([':', '-', '?', '[', '{', ',']);

/**
 * Whether the text may hold an anchor or alias: a `&` or `*` at the start of
 * a line or after the indicator of a value, item, key or flow entry. Prose
 * (`AT&T`, `Tom & Jerry`, `a *b*`) is passed over, so most files are not
 * parsed again. One pass over the text.
 */
function hasCandidate(text: string): boolean {
  for (const mark of ['&', '*']) {
    for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + 1)) {
      let before = at - 1;
      while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before--;
      const char = before < 0 ? '\n' : text[before]!;
      if (char === '\n' || char === '\r' || NODE_START.has(char)) return true;
    }
  }
  return false;
}

/** An anchor or alias found in the document, with its field path. */
interface Shared {
  kind: 'anchor' | 'alias';
  name: string;
  offset: number;
  path: Array<string | number>;
}

/**
 * The anchors and aliases of a sidecar, as problems: one at each `&name`
 * and each `*name`, with the field it stands in and how to write it out.
 * @param source the file's text (a byte order mark is dropped, as `loadYaml` drops it).
 * @param file the file, as problems name it.
 * @returns the problems, in file order; none for a file without anchors or aliases (most are not parsed again).
 */
export function aliasProblems(source: string, file: string): Problem[] {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (!hasCandidate(text)) return [];
  const doc = parseWithPositions(text);
  if (doc.errors.length > 0) return [];
  const found = sharedNodes(doc, text);
  if (found.length === 0) return [];
  const at = lineLocator(text, 0);
  const anchors = new Map<string, Position>();
  const problems: Problem[] = [];
  for (const shared of found) {
    // A name is printed as written unless it holds what could hide or forge text (a bidi control): then escaped, as values are
    // (an outside reviewer's finding).
    const entry = hidesOrBreaks(shared.name) ? { ...shared, name: quote(shared.name).slice(1, -1) } : shared;
    const place = { file, path: formatPath(entry.path), ...at(entry.offset) };
    if (entry.kind === 'anchor') {
      anchors.set(entry.name, at(entry.offset));
      problems.push(
        createProblem(
          'yaml/alias',
          place,
          `the anchor &${entry.name} marks this value to be repeated elsewhere with *${entry.name}; sidecars do not use YAML anchors or aliases`,
          `remove "&${entry.name}" here, and write the value out in full wherever "*${entry.name}" stands`,
        ),
      );
      continue;
    }
    const anchor = anchors.get(entry.name);
    const where = anchor ? ` at line ${anchor.line}, column ${anchor.column}` : '';
    problems.push(
      createProblem(
        'yaml/alias',
        place,
        `the alias *${entry.name} repeats the value marked &${entry.name}${where}; sidecars do not use YAML anchors or aliases, since each entry is edited on its own`,
        `write the value out in full here in place of "*${entry.name}", and remove "&${entry.name}"`,
      ),
    );
  }
  return problems;
}

/** Every anchored node and alias of a document, in file order, with its field path. */
function sharedNodes(doc: Document.Parsed, text: string): Shared[] {
  const found: Shared[] = [];
  const { isAlias, isNode, isPair, isScalar, isSeq, visit } = yaml();
  visit(doc, (_key, node, ancestors) => {
    if (!isNode(node)) return;
    const alias = isAlias(node);
    if (!alias && !node.anchor) return;
    const path: Array<string | number> = [];
    for (let index = 0; index < ancestors.length; index += 1) {
      const ancestor = ancestors[index];
      if (isPair(ancestor) && isScalar(ancestor.key)) path.push(String(ancestor.key.value));
      else if (isSeq(ancestor)) path.push(ancestor.items.indexOf((ancestors[index + 1] ?? node) as never));
    }
    const start = (node as Node).range?.[0] ?? 0;
    if (alias) found.push({ kind: 'alias', name: node.source, offset: start, path });
    // A node's range starts at its value; the anchor is written before it.
    else found.push({ kind: 'anchor', name: node.anchor!, offset: Math.max(0, text.lastIndexOf(`&${node.anchor}`, start)), path });
  });
  return found.sort((a, b) => a.offset - b.offset);
}
