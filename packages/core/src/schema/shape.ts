/**
 * What a zod schema expects at a field path, read from the schema itself:
 * the schema of a field, the keys a mapping may have, the words an enum
 * allows, a field's description and a number's bounds. Validation messages
 * and hints (`validate.ts`, `hints.ts`) are worded from these.
 */
import { z } from 'zod';

/** A zod schema of any kind. */
export type Schema = z.core.$ZodType;

/** The value at a path, and whether it is there at all (a missing key vs an explicit null). */
export function valueAt(value: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
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
export function schemaAt(schema: Schema, path: readonly PropertyKey[]): Schema | undefined {
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

/** The branches of a union (the schema itself when it is none). */
export function unionOptions(schema: Schema): Schema[] {
  const def = unwrap(schema)._zod.def as { type: string; options?: Schema[] };
  return def.type === 'union' && def.options ? def.options : [schema];
}

/** The keys a mapping may have, in schema order (all branches of a union). */
export function objectKeys(schema: Schema | undefined): string[] {
  if (!schema) return [];
  return unionOptions(schema).flatMap((option) => {
    const def = unwrap(option)._zod.def as { type: string; shape?: Record<string, Schema> };
    return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
  });
}

/** The words a literal or an enum allows. */
export function literalValues(schema: Schema): string[] {
  const def = unwrap(schema)._zod.def as { type: string; values?: unknown[]; entries?: Record<string, unknown> };
  if (def.type === 'literal' && def.values) return def.values.map(String);
  if (def.type === 'enum' && def.entries) return Object.values(def.entries).map(String);
  return [];
}

/** The field's `.describe()` text, as a clause: "when the verdict was given". */
export function descriptionOf(schema: Schema): string | undefined {
  const description = z.globalRegistry.get(schema)?.description ?? z.globalRegistry.get(unwrap(schema))?.description;
  if (!description) return undefined;
  const clause = description.replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(clause) ? clause.charAt(0).toLowerCase() + clause.slice(1) : clause;
}

/** The bounds a number field declares, if both are known. */
export function numberRange(schema: Schema): { min: number; max: number } | undefined {
  const checks = ((unwrap(schema)._zod.def as { checks?: Array<{ _zod: { def: { check?: string; value?: unknown } } }> }).checks ?? []).map((check) => check._zod.def);
  const min = checks.find((check) => check.check === 'greater_than')?.value;
  const max = checks.find((check) => check.check === 'less_than')?.value;
  return typeof min === 'number' && typeof max === 'number' ? { min, max } : undefined;
}

/**
 * Whether a field may be left out.
 * @param schema the field's schema.
 * @returns true when `undefined` passes it.
 */
export function isOptional(schema: Schema | undefined): boolean {
  return schema !== undefined && z.safeParse(schema, undefined).success;
}
