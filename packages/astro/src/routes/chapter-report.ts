import type { APIRoute } from 'astro';
import { renderResearchReport } from '@research-pack/core/render';
import { chapterPaths, getResearchModel, getSiteUrls, requireChapter, textResponse } from '../runtime.js';

export const getStaticPaths = chapterPaths;

/** The chapter's research report in the seven-section format, from the recorded data. */
export const GET: APIRoute = ({ params }) =>
  textResponse(renderResearchReport(getResearchModel(), requireChapter(params), getSiteUrls()), 'text/markdown');
