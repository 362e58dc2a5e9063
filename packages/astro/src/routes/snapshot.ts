import type { APIRoute } from 'astro';
import { chapterPaths, requireChapter, textResponse } from '../runtime.js';

export const getStaticPaths = chapterPaths;

/** The chapter's normalized plain-text snapshot; its sha256 is the fingerprint. */
export const GET: APIRoute = ({ params }) => textResponse(requireChapter(params).snapshot, 'text/plain');
