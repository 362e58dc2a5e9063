/**
 * Starlight route middleware: a chapter page's ClaimReview JSON-LD goes into
 * the page's `<head>` through Starlight's route data, no `Head` override.
 */
import { defineRouteMiddleware, type StarlightRouteData } from '@astrojs/starlight/route-data';
import { chapterAtFile } from './runtime.js';
import { readState } from './state.js';

/**
 * Add the JSON-LD of the chapter this page renders, if it renders one.
 * While the book has errors, a chapter's page fails here, before Starlight
 * renders anything: `astro dev` answers 500 with its overlay.
 */
export const onRequest = defineRouteMiddleware((context) => {
  // Typed here rather than through Starlight's global `App.Locals`, which this package does not load.
  const route = (context.locals as { starlightRoute: StarlightRouteData }).starlightRoute;
  const chapter = chapterAtFile(route.entry?.filePath);
  if (!chapter || chapter.claims.length === 0) return;
  route.head.push({ tag: 'script', attrs: { type: 'application/ld+json' }, content: readState().jsonLd(chapter) });
});
