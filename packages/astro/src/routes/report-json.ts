import type { APIRoute } from 'astro';
import { renderStatusReportJson } from '@research-pack/core/render';
import { getReport, textResponse } from '../runtime.js';

/** The book-wide research report as JSON. */
export const GET: APIRoute = () => textResponse(renderStatusReportJson(getReport()), 'application/json');
