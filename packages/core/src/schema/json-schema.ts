/**
 * JSON Schemas of the sidecars, generated from the zod schemas, so editors
 * (the YAML language server) validate and complete while authors type.
 */
import { z } from 'zod';
import { sidecarSchemas } from './sidecars.js';
import type { SidecarKind } from './sidecars.js';
import { SourcesLockSchema } from './sources-lock.js';

/** The kinds of file with a JSON Schema: `book.yaml`, the three sidecars and the sources lock. */
export type JsonSchemaKind = SidecarKind | 'sources-lock';

const schemas: Record<JsonSchemaKind, z.ZodType> = { ...sidecarSchemas, 'sources-lock': SourcesLockSchema };

const titles: Record<JsonSchemaKind, { title: string; description: string }> = {
  book: { title: 'Research Pack book.yaml', description: 'content/books/<book>/book.yaml: the book\'s title, slug, notebooks repository and brief templates.' },
  claims: { title: 'Research Pack claims sidecar', description: '<chapter>.claims.yaml: the claims a chapter makes, where they are in the prose, and their verdicts.' },
  evidence: { title: 'Research Pack evidence sidecar', description: '<chapter>.evidence.yaml: the source ledger and the evidence linking sources to claims.' },
  research: { title: 'Research Pack research sidecar', description: '<chapter>.research.yaml: objective, questions, references, notebooks and research history.' },
  'sources-lock': {
    title: 'Research Pack sources lock',
    description: 'content/books/<book>/sources.lock.json: what `research-pack sources refresh` found for each URL, DOI and arXiv id of the book, and when.',
  },
};

/** The kinds with a JSON Schema, in the order their schemas are written: `book.yaml`, the sidecars, the sources lock. */
export const sidecarKinds: readonly JsonSchemaKind[] = ['book', 'claims', 'evidence', 'research', 'sources-lock'];

/**
 * The JSON Schema (draft 2020-12) of one kind of file, describing what
 * authors (or `sources refresh`) write: defaults are optional, unknown keys are rejected.
 * @param kind `book`, `claims`, `evidence`, `research` or `sources-lock`.
 * @returns the schema as a plain object.
 */
export function createJsonSchema(kind: JsonSchemaKind): Record<string, unknown> {
  return titledJsonSchema(schemas[kind], 'input', titles[kind]);
}

/**
 * A zod schema as JSON Schema (draft 2020-12), with a title (and description) right after `$schema`.
 * @param schema the zod schema.
 * @param io `input` for what authors write (defaults optional), `output` for what the site writes.
 * @param heading the title, and a description that replaces the schema's own.
 * @returns the schema as a plain object.
 */
export function titledJsonSchema(schema: z.ZodType, io: 'input' | 'output', heading: { title: string; description?: string }): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Record<string, unknown>;
  return { $schema, ...heading, ...rest };
}

/**
 * The text of `schemas/<kind>.schema.json` as committed: two-space JSON and a final newline.
 * @param kind which file.
 * @returns the file's text.
 */
export function jsonSchemaText(kind: JsonSchemaKind): string {
  return `${JSON.stringify(createJsonSchema(kind), null, 2)}\n`;
}
