import type { APIRoute } from 'astro';
import { renderStatusReportMarkdown } from '@research-pack/core/render';
import { bookPaths, getReport, requireBook, textResponse } from '../runtime.js';

export const getStaticPaths = bookPaths;

/** One book's research report as Markdown. */
export const GET: APIRoute = ({ params }) => textResponse(renderStatusReportMarkdown(getReport(), { book: requireBook(params).slug }), 'text/markdown');
