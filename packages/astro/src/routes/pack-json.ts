import type { APIRoute } from 'astro';
import { renderPackJson } from '@research-pack/core/render';
import { chapterPaths, getResearchModel, getSiteUrls, requireChapter, textResponse } from '../runtime.js';

export const getStaticPaths = chapterPaths;

/** Everything in the research pack as versioned JSON. */
export const GET: APIRoute = ({ params }) =>
  textResponse(renderPackJson(getResearchModel(), requireChapter(params), getSiteUrls()), 'application/json');
