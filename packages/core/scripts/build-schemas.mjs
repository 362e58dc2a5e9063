/**
 * Write packages/core/schemas/<kind>.schema.json from the zod schemas.
 * Run after `tsc -b` (it reads dist/): `npm run schemas --workspace=@research-pack/core`.
 * `test/schema/json-schema.test.ts` fails when the committed files are out of date.
 */
import fs from 'node:fs';
import { jsonSchemaText, sidecarKinds } from '../dist/schema/json-schema.js';

const dir = new URL('../schemas/', import.meta.url);
fs.mkdirSync(dir, { recursive: true });
for (const kind of sidecarKinds) {
  const file = new URL(`${kind}.schema.json`, dir);
  fs.writeFileSync(file, jsonSchemaText(kind));
  console.log(`wrote ${file.pathname}`);
}
