import type { APIRoute } from 'astro';
import { renderChapterReport } from '@research-pack/core';
import { chapterPaths, getResearchModel, getSiteUrls, requireChapter, textResponse } from '../runtime.js';

export const getStaticPaths = chapterPaths;

/** The chapter's research report in the seven-section format, from the recorded data. */
export const GET: APIRoute = ({ params }) =>
  textResponse(renderChapterReport(getResearchModel(), requireChapter(params), getSiteUrls()), 'text/markdown');
