import type { APIRoute } from 'astro';
import { renderStatusReportMarkdown } from '@research-pack/core/render';
import { getReport, textResponse } from '../runtime.js';

/** The book-wide research report as Markdown. */
export const GET: APIRoute = () => textResponse(renderStatusReportMarkdown(getReport()), 'text/markdown');
