/**
 * The research routes the integration injects, at the URLs the `research`
 * option gives (Astro route patterns, without the trailing slash).
 */
import { researchPatterns, type SiteUrls } from '@research-pack/core/site';

/** One route to inject. */
export interface ResearchRoute {
  pattern: string;
  /** The entrypoint, relative to the package's `routes/` folder. */
  entrypoint: string;
}

/**
 * Every research route.
 * @param research the `research` option.
 * @param build which pages are built.
 * @param served `artifacts: false` leaves out the text artifacts (`brief.md`, `pack.json`, `report.json`, ...), which a build writes itself.
 * @returns the routes, packs first.
 */
export function researchRoutes(research: SiteUrls['research'], build: { packs: boolean; report: boolean }, served: { artifacts: boolean } = { artifacts: true }): ResearchRoute[] {
  const patterns = researchPatterns(research);
  const route = (pattern: string, file = '') => (pattern.replace(/\/+$/, '') + (file ? `/${file}` : '')) || '/';
  const routes: ResearchRoute[] = [];
  const artifacts = served.artifacts;
  if (build.packs) {
    routes.push({ pattern: route(patterns.pack), entrypoint: 'pack.astro' });
    if (artifacts) {
      routes.push(
        { pattern: route(patterns.pack, 'chapter-snapshot.txt'), entrypoint: 'snapshot.js' },
        { pattern: route(patterns.pack, 'brief.md'), entrypoint: 'brief.js' },
        { pattern: route(patterns.pack, 'report.md'), entrypoint: 'chapter-report.js' },
        { pattern: route(patterns.pack, 'pack.json'), entrypoint: 'pack-json.js' },
      );
    }
  }
  if (build.report) {
    routes.push({ pattern: route(patterns.report), entrypoint: 'report.astro' });
    if (artifacts) {
      routes.push({ pattern: route(patterns.report, 'report.json'), entrypoint: 'report-json.js' }, { pattern: route(patterns.report, 'report.md'), entrypoint: 'report-md.js' });
    }
    routes.push({ pattern: route(patterns.book), entrypoint: 'book-report.astro' });
    if (artifacts) {
      routes.push({ pattern: route(patterns.book, 'report.json'), entrypoint: 'book-report-json.js' }, { pattern: route(patterns.book, 'report.md'), entrypoint: 'book-report-md.js' });
    }
  }
  if (build.packs || build.report) routes.push({ pattern: route(patterns.schemas, '[name].schema.json'), entrypoint: 'schema-json.js' });
  return routes;
}
