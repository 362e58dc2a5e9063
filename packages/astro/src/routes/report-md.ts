import type { APIRoute } from 'astro';
import { renderReportMarkdown } from '@research-pack/core';
import { getReport, textResponse } from '../runtime.js';

/** The book-wide research report as Markdown. */
export const GET: APIRoute = () => textResponse(renderReportMarkdown(getReport()), 'text/markdown');
