import type { APIRoute } from 'astro';
import { renderReportMarkdown } from '@research-pack/core';
import { bookPaths, getReport, requireBook, textResponse } from '../runtime.js';

export const getStaticPaths = bookPaths;

/** One book's research report as Markdown. */
export const GET: APIRoute = ({ params }) => textResponse(renderReportMarkdown(getReport(), { book: requireBook(params).slug }), 'text/markdown');
