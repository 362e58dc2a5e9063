/**
 * The `js-yaml` side of loading: it reads every file first, about eight
 * times faster than `yaml`, and gives up on anything unusual so that `yaml`
 * reads the file and reports it. It also measures how deep a file nests,
 * before `yaml` (whose composer recurses) would run out of stack.
 */
import { CORE_SCHEMA, load as loadFast, Type } from 'js-yaml';
import type { LoadOptions } from 'js-yaml';
import type { Problem } from '../problems/problem.js';
import { MAX_YAML_DEPTH, deepProblem } from './yaml-problems.js';

/** js-yaml 4.3 counts nesting and stops at `maxDepth`; its types do not list the option yet. */
interface DepthOption {
  maxDepth: number;
}

/**
 * Read a file with `js-yaml`, or give up (undefined) when anything is
 * unusual: a syntax error, a duplicate key, a tag, several documents, a
 * warning, an empty or null document, or an alias to a list or mapping
 * (which `yaml` expands with a limit). `yaml` then reads the file and
 * reports it.
 * @param text the file's text, without a byte order mark.
 * @returns the value, or undefined.
 */
export function readFast(text: string): { value: unknown } | undefined {
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
 * the place.
 * @param text the file's text.
 * @param lineOffset lines before the YAML in its file.
 * @param file the file path used in problems.
 * @returns the problem; undefined when the file is not that deep (or has an earlier syntax error, which `yaml` then reports).
 */
export function tooDeep(text: string, lineOffset: number, file: string): Problem | undefined {
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
