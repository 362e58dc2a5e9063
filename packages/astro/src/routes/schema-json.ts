import type { APIRoute } from 'astro';
import { packJsonSchema, statusReportJsonSchema } from '@research-pack/core/schema';
import { textResponse } from '../runtime.js';

const SCHEMAS = { pack: packJsonSchema, report: statusReportJsonSchema } as const;

export function getStaticPaths() {
  return Object.keys(SCHEMAS).map((name) => ({ params: { name } }));
}

/** The JSON Schemas of pack.json and report.json, served where their `$schema` points. */
export const GET: APIRoute = ({ params }) => {
  const make = SCHEMAS[params.name as keyof typeof SCHEMAS];
  return textResponse(`${JSON.stringify(make(), null, 2)}\n`, 'application/schema+json');
};
