import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import * as loaders from '../src/loaders.js';
import * as runtime from '../src/runtime.js';
import * as starlight from '../src/starlight.js';

describe('public API', () => {
  it('exposes the integration and its options', () => {
    expect(Object.keys(api).sort()).toEqual(['ResearchPackOptionsSchema', 'default', 'parseOptions', 'researchPack']);
    expect(api.default).toBe(api.researchPack);
    expect(api.researchPack().name).toBe('@research-pack/astro');
  });

  it('exposes the content loader helpers', () => {
    expect(Object.keys(loaders).sort()).toEqual(['chapterFrontmatter', 'chapterSchema', 'chaptersLoader']);
  });

  it('exposes the Starlight plugin', () => {
    expect(Object.keys(starlight).sort()).toEqual(['default', 'researchPackStarlight']);
    expect(starlight.default).toBe(starlight.researchPackStarlight);
  });

  it('exposes the runtime readers for pages', () => {
    expect(Object.keys(runtime).sort()).toEqual([
      'bookPaths',
      'chapterAtFile',
      'chapterCacheKey',
      'chapterPaths',
      'getBook',
      'getChapter',
      'getPageUrls',
      'getReport',
      'getResearchModel',
      'getSiteUrls',
      'packPaths',
      'requireBook',
      'requireChapter',
      'textResponse',
    ]);
  });

  it('tells the user to install the integration when pages read a model that was never loaded', () => {
    expect(() => runtime.getResearchModel()).toThrow('Add `researchPack()` to `integrations` in astro.config.mjs');
  });
});
