import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createJsonSchema, jsonSchemaText, sidecarKinds } from '../../src/schema/json-schema.js';

describe('JSON Schemas', () => {
  it.each(sidecarKinds)('schemas/%s.schema.json matches the zod schema (run `npm run schemas -w @research-pack/core` after changing schema.ts)', (kind) => {
    const committed = fs.readFileSync(new URL(`../../schemas/${kind}.schema.json`, import.meta.url), 'utf8');
    expect(committed).toBe(jsonSchemaText(kind));
  });

  it('describes what authors write: strict objects, defaults optional, field descriptions', () => {
    const claims = createJsonSchema('claims') as { $schema: string; title: string; properties: { claims: { items: Record<string, unknown> } } };
    expect(claims.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(claims.title).toBe('Research Pack claims sidecar');
    const item = claims.properties.claims.items as { additionalProperties: boolean; required: string[]; properties: Record<string, { description?: string }> };
    expect(item.additionalProperties).toBe(false);
    expect(item.required).toEqual(['id', 'anchor', 'verdict']);
    expect(item.properties.id!.description).toBe('Stable id, unique within the chapter.');
  });

  it('is exported by the package', () => {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown>; files: string[] };
    expect(pkg.exports['./schemas/*']).toBe('./schemas/*');
    expect(pkg.files).toContain('schemas');
  });
});
