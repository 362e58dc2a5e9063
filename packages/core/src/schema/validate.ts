/**
 * zod issues as positioned, friendly problems: what is wrong in the author's
 * words (a mapping, a list, one of ...), the value that was written, and a
 * hint (`hints.ts`), read against what the schema expects at the field
 * (`shape.ts`). Modelled on Starlight's `parseWithFriendlyErrors` and MyST.
 */
import type { z } from 'zod';
import { dateHint, formatHint, formatNumber, nonAsciiHint, rootHint, sizeHint, typeHint, valueHint } from './hints.js';
import { descriptionOf, literalValues, objectKeys, schemaAt, unionOptions, valueAt, type Schema } from './shape.js';
import { closest, createProblem, formatPath, quote, type Locate, type Problem } from '../problems/problem.js';
import type { RuleId } from '../problems/rules.js';
import { CONTROL_CHARACTER, controlCharacterProblems } from './text-checks.js';

/** The result of validating one value. */
export interface Validated<T> {
  /** The validated value with defaults applied; undefined when there are problems. */
  data: T | undefined;
  problems: Problem[];
}

/** Where the value came from. */
export interface ValidateOptions {
  /** File path used in problems. */
  file: string;
  /** Position lookup for field paths. */
  locate: Locate;
  /**
   * The text the value was read from. When it holds no control character
   * and no backslash (the only way YAML and JSON escape one), no string of
   * the value can hold one, and the walk that looks for them is skipped.
   */
  text?: string | undefined;
}

type Issue = z.core.$ZodIssue;

/**
 * Validate a parsed YAML value against a schema and explain every issue.
 * At most one problem is reported per field, except unknown keys, which
 * each get their own.
 * @param schema a zod schema from `schema/sidecars.ts`.
 * @param value the parsed YAML value.
 * @param options the file name and the position lookup.
 * @returns the data, or the problems.
 */
export function validateSchema<S extends z.ZodType>(schema: S, value: unknown, options: ValidateOptions): Validated<z.infer<S>> {
  // A control character is reported once, where it is, whatever else the field's schema says.
  const controls = options.text !== undefined && !mayWriteControls(options.text) ? [] : controlCharacterProblems(value, options);
  const result = schema.safeParse(value);
  if (result.success && controls.length === 0) return { data: result.data, problems: [] };
  const problems: Problem[] = [...controls];
  const seen = new Set<string>(controls.map((problem) => `value\u0000${problem.path}`));
  if (result.success) return { data: undefined, problems };
  for (const issue of result.error.issues) {
    for (const problem of explainIssue(issue, [], schema, value, options)) {
      const key = `${problem.rule === 'schema/unknown-key' ? 'key' : 'value'}\u0000${problem.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
    }
  }
  return { data: undefined, problems };
}

/**
 * A number or boolean as the file writes it (`0070`, `1e3`, `Yes`), which
 * its parsed value may not show (`70`, `1000`, `true`): to quote it as
 * written. Undefined when the text at the place does not read as that value
 * (a place in other coordinates than the text, a multi-line scalar).
 */
function writtenScalar(text: string | undefined, at: { line: number; column: number }, value: unknown): string | undefined {
  if (text === undefined || (typeof value !== 'number' && typeof value !== 'boolean') || at.line < 1) return undefined;
  let offset = 0;
  for (let line = 1; line < at.line; line++) {
    offset = text.indexOf('\n', offset) + 1;
    if (offset === 0) return undefined;
  }
  const written = /^[^\s,#\]}]+/.exec(text.slice(offset + at.column - 1))?.[0];
  if (written === undefined) return undefined;
  const reads = typeof value === 'number' ? Number(written.replace(/_/g, '')) === value || (Number.isNaN(value) && /nan$/i.test(written)) : /^(true|false|yes|no|on|off)$/i.test(written);
  return reads ? written : undefined;
}

/** Whether a text could give a parsed value a control character: it holds one, or an escape. */
function mayWriteControls(text: string): boolean {
  return text.includes('\\') || CONTROL_CHARACTER.test(text);
}

/** Turn one zod issue into problems. `prefix` is the path of the union the issue came from, if any. */
function explainIssue(issue: Issue, prefix: readonly PropertyKey[], root: Schema, value: unknown, options: ValidateOptions): Problem[] {
  const path = [...prefix, ...issue.path];
  const { file, locate } = options;
  const place = (at: readonly PropertyKey[], key = false) => ({ file, path: formatPath(at), ...locate(at, { key }) });
  const problem = (rule: RuleId, message: string, hint?: string) => createProblem(rule, place(path), message, hint);
  const input = valueAt(value, path);
  const fieldSchema = schemaAt(root, path);

  if (issue.code === 'unrecognized_keys') {
    const allowed = objectKeys(fieldSchema);
    return issue.keys.map((key) => {
      if (key === '<<') {
        return createProblem(
          'schema/unknown-key',
          place([...path, key], true),
          'merge keys ("<<") are not read: sidecars use YAML 1.2, which has none',
          'write the keys out in this mapping; sidecars need no anchors, aliases or merges',
        );
      }
      const suggestion = closest(key, allowed);
      return createProblem(
        'schema/unknown-key',
        place([...path, key], true),
        `unknown key ${quote(key)}; allowed keys: ${allowed.join(', ')}`,
        suggestion ? `did you mean ${quote(suggestion)}?` : 'remove it, or check its spelling and indentation',
      );
    });
  }

  if (!input.found) {
    const key = String(path.at(-1));
    const description = fieldSchema ? descriptionOf(fieldSchema) : undefined;
    return [
      problem(
        'schema/missing-key',
        `missing required key ${quote(key)}`,
        description ? `add "${key}: ..." — ${description}` : `add "${key}: ..."`,
      ),
    ];
  }

  switch (issue.code) {
    case 'invalid_type': {
      const expected = issue.expected === 'int' ? 'a whole number' : typeNoun(issue.expected);
      return [
        problem(
          'schema/invalid-type',
          `expected ${expected}, got ${describe(input.value)}`,
          path.length === 0 ? rootHint(root) : (typeHint(issue.expected, input.value, fieldSchema, writtenScalar(options.text, locate(path), input.value)) ?? `write ${expected} here`),
        ),
      ];
    }
    case 'invalid_value': {
      const values = issue.values.map((entry) => String(entry));
      const expected = values.length === 1 ? quote(values[0]!) : `one of ${values.join(' | ')}`;
      const got = typeof input.value === 'string' ? quote(input.value) : describe(input.value);
      const suggestion = typeof input.value === 'string' ? closest(input.value, values) : undefined;
      return [
        problem(
          'schema/invalid-enum',
          `expected ${expected}, got ${got}`,
          suggestion ? `did you mean ${quote(suggestion)}?` : values.length === 1 ? `write ${quote(values[0]!)}` : `write one of ${values.join(', ')}`,
        ),
      ];
    }
    case 'invalid_union':
      return explainUnion(issue, path, root, value, input.value, fieldSchema, options);
    case 'too_small':
    case 'too_big': {
      const rule = issue.code === 'too_small' ? 'schema/too-small' : 'schema/too-big';
      const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const hint = sizeHint(issue.code, issue.origin, limit, input.value, fieldSchema, String(path.at(-1)));
      if (!isDefaultMessage(issue.message)) return [problem(rule, withValue(issue.message, input.value), hint)];
      const bound = issue.code === 'too_small' ? 'at least' : 'at most';
      const size = sizeOf(input.value);
      const unit = issue.origin === 'string' ? 'character' : issue.origin === 'array' ? 'item' : undefined;
      const message = unit
        ? `expected ${bound} ${formatNumber(limit)} ${unit}${Number(limit) === 1 ? '' : 's'}, got ${formatNumber(size ?? 0)}`
        : `expected a number ${issue.code === 'too_small' ? '>=' : '<='} ${formatNumber(limit)}, got ${describe(input.value)}`;
      return [problem(rule, message, hint)];
    }
    case 'invalid_format': {
      const message = isDefaultMessage(issue.message)
        ? `expected text matching ${'pattern' in issue ? String(issue.pattern) : issue.format}, got ${describe(input.value)}`
        : withValue(issue.message, input.value);
      return [problem('schema/invalid-format', message, nonAsciiHint(input.value) ?? dateHint(input.value) ?? formatHint(path, input.value))];
    }
    default:
      return [
        problem(
          'schema/invalid-value',
          withValue(isDefaultMessage(issue.message) ? 'is not valid' : issue.message, input.value),
          nonAsciiHint(input.value) ?? valueHint(path, input.value),
        ),
      ];
  }
}

/**
 * A union failed. When the value has the shape of one branch (a mapping for
 * the quote anchor), that branch's issues are explained; otherwise the
 * message lists the alternatives.
 */
function explainUnion(
  issue: z.core.$ZodIssueInvalidUnion,
  path: readonly PropertyKey[],
  root: Schema,
  value: unknown,
  input: unknown,
  fieldSchema: Schema | undefined,
  options: ValidateOptions,
): Problem[] {
  const shaped = issue.errors.filter((branch) => !branch.some((inner) => inner.path.length === 0 && (inner.code === 'invalid_type' || inner.code === 'invalid_value')));
  if (shaped.length === 1) return shaped[0]!.flatMap((inner) => explainIssue(inner, path, root, value, options));

  const branches = fieldSchema ? unionOptions(fieldSchema) : [];
  const literals = branches.flatMap((option) => literalValues(option));
  const alternatives = branches.map((option) => {
    const values = literalValues(option);
    if (values.length > 0) return values.map((entry) => quote(entry)).join(' or ');
    const keys = objectKeys(option);
    if (keys.length > 0) return `a mapping with ${keys.join(', ')}`;
    return typeNoun(option._zod.def.type);
  });
  const expected = alternatives.length > 0 ? alternatives.join(' or ') : 'a different value';
  const got = typeof input === 'string' ? quote(input) : describe(input);
  const suggestion = typeof input === 'string' ? closest(input, literals) : undefined;
  const rule: RuleId = typeof input === 'string' && literals.length > 0 ? 'schema/invalid-enum' : 'schema/invalid-type';
  return [
    createProblem(
      rule,
      { file: options.file, path: formatPath(path), ...options.locate(path) },
      `expected ${expected}, got ${got}`,
      suggestion ? `did you mean ${quote(suggestion)}?` : `write ${alternatives.length > 0 ? alternatives.join(', or ') : 'a value of the documented form'}`,
    ),
  ];
}

/** Whether zod wrote the message (we rewrite those) or the schema did (we keep those). */
function isDefaultMessage(message: string): boolean {
  return /^(Invalid|Too small|Too big|Unrecognized)\b/.test(message);
}

/** Attach the offending value to a schema's own message. */
function withValue(message: string, value: unknown): string {
  if (typeof value === 'string' && value.trim() === '') return message;
  const shown = typeof value === 'string' ? quote(value) : describe(value);
  if (/^(is|must) /.test(message)) return `${shown} ${message}`;
  return `${message}, got ${shown}`;
}

/** Name a zod type the way a YAML author thinks of it. */
function typeNoun(type: string): string {
  switch (type) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'a mapping (key: value lines)';
    case 'array':
      return 'a list';
    default:
      return `a value of type ${type}`;
  }
}

/** Describe a value an author wrote. */
function describe(value: unknown): string {
  if (value === null) return 'an empty value';
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `the string ${quote(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  if (typeof value === 'object') return 'a mapping';
  return typeof value;
}

function sizeOf(value: unknown): number | undefined {
  if (typeof value === 'string') return [...value.trim()].length;
  if (Array.isArray(value)) return value.length;
  return undefined;
}
