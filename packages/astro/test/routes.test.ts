import { describe, expect, it } from 'vitest';
import { researchRoutes } from '../src/routes.js';
import { layoutSpecifier } from '../src/layout-module.js';

describe('researchRoutes', () => {
  it('injects the default research routes', () => {
    expect(researchRoutes('/research', { packs: true, report: true }).map((route) => route.pattern)).toEqual([
      '/research/books/[book]/[chapter]',
      '/research/books/[book]/[chapter]/chapter-snapshot.txt',
      '/research/books/[book]/[chapter]/brief.md',
      '/research/books/[book]/[chapter]/report.md',
      '/research/books/[book]/[chapter]/pack.json',
      '/research',
      '/research/report.json',
      '/research/report.md',
      '/research/books/[book]',
      '/research/books/[book]/report.json',
      '/research/books/[book]/report.md',
      '/research/schemas/[name].schema.json',
    ]);
  });

  it('follows research patterns, and builds only what is asked', () => {
    const patterns = { report: '/status/', book: '/status/[book]/', pack: '/packs/[book]/[chapter]/', schemas: '/status/schemas/' };
    expect(researchRoutes(patterns, { packs: true, report: false }).map((route) => `${route.pattern} ${route.entrypoint}`)).toEqual([
      '/packs/[book]/[chapter] pack.astro',
      '/packs/[book]/[chapter]/chapter-snapshot.txt snapshot.js',
      '/packs/[book]/[chapter]/brief.md brief.js',
      '/packs/[book]/[chapter]/report.md chapter-report.js',
      '/packs/[book]/[chapter]/pack.json pack-json.js',
      '/status/schemas/[name].schema.json schema-json.js',
    ]);
    expect(researchRoutes('/research', { packs: false, report: false })).toEqual([]);
  });
});

describe('layoutSpecifier', () => {
  it('resolves a path from the project root and keeps a package specifier', () => {
    expect(layoutSpecifier('./src/layouts/Research.astro', '/site')).toBe('/site/src/layouts/Research.astro');
    expect(layoutSpecifier('@research-pack/astro/components/ResearchPage.astro', '/site')).toBe('@research-pack/astro/components/ResearchPage.astro');
  });
});
