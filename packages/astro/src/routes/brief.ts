import type { APIRoute } from 'astro';
import { renderBrief } from '@research-pack/core/render';
import { chapterPaths, getResearchModel, getSiteUrls, requireChapter, textResponse } from '../runtime.js';

export const getStaticPaths = chapterPaths;

/** The research brief handed to a researcher. */
export const GET: APIRoute = ({ params }) =>
  textResponse(renderBrief(getResearchModel(), requireChapter(params), getSiteUrls()), 'text/markdown');
