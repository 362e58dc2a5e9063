import { describe, expect, it } from 'vitest';
import { PACK_VERSION, PackSchema, packJsonSchema } from '../../src/schema/pack.js';
import { buildPack } from '../../src/render/pack-json.js';
import { richModel, ROOT_URLS } from '../model-factory.js';

describe('pack schema', () => {
  it('keeps the committed JSON Schema in sync with PackSchema (regenerate with vitest -u)', async () => {
    await expect(`${JSON.stringify(packJsonSchema(), null, 2)}\n`).toMatchFileSnapshot('../../schemas/pack.schema.json');
  });

  it('is a strict draft 2020-12 schema that documents every top-level field', () => {
    const schema = packJsonSchema() as { $schema: string; additionalProperties: boolean; properties: Record<string, { description?: string; $ref?: string }>; required: string[] };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    for (const [key, value] of Object.entries(schema.properties)) expect(value.description, key).toBeTruthy();
    expect(schema.required).toEqual(Object.keys(schema.properties));
  });

  it('rejects unknown keys and a wrong version', () => {
    const pack = buildPack(richModel(), 'pi/27-chapter', ROOT_URLS);
    expect(PACK_VERSION).toBe(1);
    expect(PackSchema.safeParse({ ...pack, extra: true }).success).toBe(false);
    expect(PackSchema.safeParse({ ...pack, version: 2 }).success).toBe(false);
  });
});
