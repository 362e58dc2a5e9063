import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BookConfigSchema, ClaimsFileSchema, VerdictSchema } from '../../src/schema/sidecars.js';
import { descriptionOf, isOptional, literalValues, numberRange, objectKeys, schemaAt, unionOptions, valueAt } from '../../src/schema/shape.js';

describe('schema shape', () => {
  it('finds the schema of a field through mappings, lists and unions', () => {
    expect(schemaAt(ClaimsFileSchema, ['claims', 0, 'verdict', 'status'])).toBeDefined();
    expect(literalValues(schemaAt(ClaimsFileSchema, ['claims', 0, 'verdict', 'status'])!)).toEqual(['supported', 'qualified', 'contradicted', 'unverified']);
    expect(objectKeys(schemaAt(ClaimsFileSchema, ['claims', 0, 'anchor']))).toEqual(['quote', 'prefix', 'suffix']);
    expect(schemaAt(ClaimsFileSchema, ['claims', 0, 'anchor', 'prefix'])).toBeDefined();
    expect(schemaAt(ClaimsFileSchema, ['claims', 0, 'nope'])).toBeUndefined();
    expect(schemaAt(ClaimsFileSchema, ['claims', 0, 'id', 'deeper'])).toBeUndefined();
  });

  it('lists the keys of a mapping in schema order, and the branches of a union', () => {
    expect(objectKeys(VerdictSchema)).toEqual(['status', 'date', 'rationale', 'textHash', 'text', 'by']);
    expect(objectKeys(undefined)).toEqual([]);
    const anchor = schemaAt(ClaimsFileSchema, ['claims', 0, 'anchor'])!;
    expect(unionOptions(anchor)).toHaveLength(2);
    expect(unionOptions(VerdictSchema)).toEqual([VerdictSchema]);
    expect(literalValues(z.literal('directive'))).toEqual(['directive']);
    expect(literalValues(VerdictSchema)).toEqual([]);
  });

  it('reads descriptions as clauses, bounds and optionality', () => {
    expect(descriptionOf(schemaAt(BookConfigSchema, ['reviewAfterDays'])!)).toBe('evidence older than this many days is shown as review due');
    expect(numberRange(schemaAt(BookConfigSchema, ['reviewAfterDays'])!)).toEqual({ min: 1, max: 36_500 });
    expect(numberRange(z.number())).toBeUndefined();
    expect(isOptional(schemaAt(BookConfigSchema, ['description']))).toBe(true);
    expect(isOptional(schemaAt(BookConfigSchema, ['title']))).toBe(false);
    expect(isOptional(undefined)).toBe(false);
  });

  it('tells a missing key from an explicit null, without reading inherited keys', () => {
    expect(valueAt({ a: { b: null } }, ['a', 'b'])).toEqual({ found: true, value: null });
    expect(valueAt({ a: {} }, ['a', 'b'])).toEqual({ found: false, value: undefined });
    expect(valueAt({ a: [1, 2] }, ['a', 1])).toEqual({ found: true, value: 2 });
    expect(valueAt({}, ['toString'])).toEqual({ found: false, value: undefined });
  });
});
