import type { APIRoute } from 'astro';
import { renderStatusReportJson } from '@research-pack/core/render';
import { bookPaths, getReport, requireBook, textResponse } from '../runtime.js';

export const getStaticPaths = bookPaths;

/** One book's research report as JSON. */
export const GET: APIRoute = ({ params }) => textResponse(renderStatusReportJson(getReport(), { book: requireBook(params).slug }), 'application/json');
