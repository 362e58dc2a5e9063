/**
 * zod issues as positioned, friendly problems: what is wrong in the author's
 * words (a mapping, a list, one of ...), the value that was written, and a
 * hint. Modelled on Starlight's `parseWithFriendlyErrors` and MyST.
 */
import { z } from 'zod';
import { isDateString } from './dates.js';
import { closest, createProblem, formatPath, quote, type Locate, type Problem } from '../problems/problem.js';
import type { RuleId } from '../problems/rules.js';

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
}

type Issue = z.core.$ZodIssue;
type Schema = z.core.$ZodType;

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
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, problems: [] };
  const problems: Problem[] = [];
  const seen = new Set<string>();
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
          path.length === 0 ? rootHint(root) : (typeHint(issue.expected, input.value, fieldSchema) ?? `write ${expected} here`),
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

/** A hint for a wrong type, where a common slip explains it. */
function typeHint(expected: string, value: unknown, fieldSchema: Schema | undefined): string | undefined {
  if (value === null) {
    const optional = fieldSchema !== undefined && z.safeParse(fieldSchema, undefined).success;
    return optional ? 'write a value after the colon, or remove the key' : 'write a value after the colon';
  }
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return `quote it: "${String(value)}"`;
  if ((expected === 'number' || expected === 'int') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return `write it without quotes: ${value.trim()}`;
  }
  if (expected === 'boolean' && typeof value === 'string') return 'write true or false, without quotes';
  if (expected === 'array' && (typeof value === 'string' || typeof value === 'number')) return 'write each entry on its own line starting with "- "';
  if (expected === 'object' && typeof value === 'string') return 'write the fields as indented key: value lines below the key';
  return undefined;
}

/** What a whole file must look like, for a file that is a list or a scalar. */
function rootHint(root: Schema): string {
  const keys = objectKeys(root);
  return `the file is a mapping: start each line at the left margin with one of its keys (${keys.join(', ')}) and a colon`;
}

/** How to bring a string, list or number within its bounds. */
function sizeHint(code: 'too_small' | 'too_big', origin: string, limit: number | bigint, value: unknown, fieldSchema: Schema | undefined, field: string): string {
  const optional = fieldSchema !== undefined && z.safeParse(fieldSchema, undefined).success;
  if (origin === 'string') {
    if (code === 'too_big') return `shorten it to at most ${formatNumber(limit)} characters; put longer text in a linked document`;
    if (typeof value === 'string' && value.trim() === '') return optional ? 'write the text, or remove the key' : 'write the text';
    if (field === 'quote') return 'quote the whole sentence as it reads in the prose';
    return `write at least ${formatNumber(limit)} characters`;
  }
  if (origin === 'array') {
    if (code === 'too_big') return `list at most ${formatNumber(limit)} entries`;
    return optional ? `list at least ${formatNumber(limit)} entr${Number(limit) === 1 ? 'y' : 'ies'}, or remove the key` : `list at least ${formatNumber(limit)} entr${Number(limit) === 1 ? 'y' : 'ies'}`;
  }
  const range = fieldSchema ? numberRange(fieldSchema) : undefined;
  if (range) return `write a whole number from ${formatNumber(range.min)} to ${formatNumber(range.max)}`;
  return `write a number ${code === 'too_small' ? 'of at least' : 'of at most'} ${formatNumber(limit)}`;
}

/** The bounds a number field declares, if both are known. */
function numberRange(schema: Schema): { min: number; max: number } | undefined {
  const checks = ((unwrap(schema)._zod.def as { checks?: Array<{ _zod: { def: { check?: string; value?: unknown } } }> }).checks ?? []).map((check) => check._zod.def);
  const min = checks.find((check) => check.check === 'greater_than')?.value;
  const max = checks.find((check) => check.check === 'less_than')?.value;
  return typeof min === 'number' && typeof max === 'number' ? { min, max } : undefined;
}

/** How to write a value of a field with a format (ids, dates, identifiers), by the field's name. */
function formatHint(path: readonly PropertyKey[], value: unknown): string {
  const field = String([...path].reverse().find((segment) => typeof segment === 'string') ?? '');
  const text = typeof value === 'string' ? value : '';
  if (/^\d{4}-\d{2}-\d{2}[T ]/.test(text)) return `write the date only: ${text.slice(0, 10)}`;
  switch (field) {
    case 'doi':
      return 'write the DOI itself, starting with "10." (no https://doi.org/ in front), e.g. 10.1145/3368089.3409742';
    case 'arxiv':
      return /^\d{4}\.\d{4,5}$/.test(text) ? `add the version you read, e.g. ${text}v1` : 'write the arXiv id with its version, e.g. 2210.03629v3';
    case 'isbn':
      return 'write the 10 or 13 digits of the ISBN, hyphens allowed';
    case 'github':
      return 'write the repository as owner/name, e.g. example/notebooks';
    case 'branch':
      return 'write a branch name such as main';
    case 'textHash':
      return 'copy the textHash that `research-pack check` prints for the claim, or remove the key';
    case 'fingerprint':
      return "copy the chapter's fingerprint (64 hex characters) from its research pack";
    case 'id':
    case 'slug':
    case 'source':
    case 'run':
    case 'claims':
      return idHint(text);
    default:
      break;
  }
  if (typeof path.at(-1) === 'number' && field === 'claims') return idHint(text);
  if (/date|accessed|verified|recorded|published|updated/i.test(field)) return 'write the date as YYYY-MM-DD, e.g. 2026-01-31';
  return 'rewrite the value in the form the message gives';
}

/** Suggest the id an author probably meant: lowercase, hyphens for anything else. */
function idHint(value: string): string {
  if ([...value].length > 80) return 'shorten it to at most 80 characters';
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (slug && slug !== value) return `did you mean ${quote(slug)}?`;
  return 'use lowercase ASCII letters, digits and single hyphens, e.g. "session-tree"';
}

/** How to fix a value a schema refined away (impossible dates, URLs, ...). */
function valueHint(path: readonly PropertyKey[], value: unknown): string {
  const field = String([...path].reverse().find((segment) => typeof segment === 'string') ?? '');
  const text = typeof value === 'string' ? value : '';
  if (field === 'url' || field === 'archiveUrl') {
    return /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^https?:/i.test(text)
      ? 'only http:// and https:// URLs are linked; remove this one, or write the https:// address of the document'
      : 'write the full address, starting with https:// (or http://)';
  }
  const date = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(text);
  if (date) {
    const month = date[2] === undefined ? 1 : Number(date[2]);
    if (month < 1 || month > 12) return 'months run from 01 to 12';
    const year = Number(date[1]);
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const name = new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
    return `${name} ${year} has ${days} days; check the day and the month`;
  }
  if (field === 'id' || field === 'slug' || field === 'source' || field === 'run' || field === 'claims') return idHint(text);
  return 'rewrite the value as the message says';
}

/** Point out characters that look like ASCII but are not, the usual cause of a valid-looking id being rejected. */
function nonAsciiHint(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const char = [...value].find((entry) => entry.codePointAt(0)! > 0x7e || entry.codePointAt(0)! < 0x20);
  if (!char) return undefined;
  const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `it contains ${quote(char)} (${code}), which is not plain ASCII; retype it`;
}

/** Suggest the padded form of a date written without leading zeros (`2024-1-5`). */
function dateHint(value: unknown): string | undefined {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value) : null;
  if (!match) return undefined;
  const padded = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isDateString(padded) ? `did you mean ${quote(padded)}?` : undefined;
}

function sizeOf(value: unknown): number | undefined {
  if (typeof value === 'string') return [...value.trim()].length;
  if (Array.isArray(value)) return value.length;
  return undefined;
}

function formatNumber(value: number | bigint): string {
  return typeof value === 'bigint' || Number.isInteger(value) ? value.toLocaleString('en') : String(value);
}

/** The value at a path, and whether it is there at all (a missing key vs an explicit null). */
function valueAt(value: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return { found: true, value: current };
}

/** Unwrap optional, default and similar wrappers. */
function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: Schema; in?: Schema };
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

/** The schema that validates the value at a path. */
function schemaAt(schema: Schema, path: readonly PropertyKey[]): Schema | undefined {
  let current: Schema | undefined = schema;
  for (const segment of path) {
    if (!current) return undefined;
    const inner = unwrap(current);
    const def = inner._zod.def as { type: string; shape?: Record<string, Schema>; element?: Schema };
    if (def.type === 'object' && def.shape) current = def.shape[String(segment)];
    else if (def.type === 'array' && def.element) current = def.element;
    else if (def.type === 'union') current = unionOptions(inner).map((option) => schemaAt(option, [segment])).find(Boolean);
    else return undefined;
  }
  return current;
}

function unionOptions(schema: Schema): Schema[] {
  const def = unwrap(schema)._zod.def as { type: string; options?: Schema[] };
  return def.type === 'union' && def.options ? def.options : [schema];
}

/** The keys a mapping may have, in schema order (all branches of a union). */
function objectKeys(schema: Schema | undefined): string[] {
  if (!schema) return [];
  return unionOptions(schema).flatMap((option) => {
    const def = unwrap(option)._zod.def as { type: string; shape?: Record<string, Schema> };
    return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
  });
}

function literalValues(schema: Schema): string[] {
  const def = unwrap(schema)._zod.def as { type: string; values?: unknown[]; entries?: Record<string, unknown> };
  if (def.type === 'literal' && def.values) return def.values.map(String);
  if (def.type === 'enum' && def.entries) return Object.values(def.entries).map(String);
  return [];
}

/** The field's `.describe()` text, as a clause: "when the verdict was given". */
function descriptionOf(schema: Schema): string | undefined {
  const description = z.globalRegistry.get(schema)?.description ?? z.globalRegistry.get(unwrap(schema))?.description;
  if (!description) return undefined;
  const clause = description.replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(clause) ? clause.charAt(0).toLowerCase() + clause.slice(1) : clause;
}
