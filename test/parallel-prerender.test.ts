/**
 * Astro 7.4's `experimental.parallelPrerender` renders pages on worker
 * threads, which cannot see the research model the build loaded on Astro's
 * own thread: with the flag on, every chapter page stopped at "no research
 * model is loaded". The integration turns the flag off for the build, says
 * so, and the site builds to the same bytes as without it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemo, listFiles, type SiteBuild } from './helpers/site-build.js';

function parallel(dir: string): void {
  const config = path.join(dir, 'astro.config.mjs');
  const text = readFileSync(config, 'utf8');
  const edited = text.replace('export default defineConfig({', 'export default defineConfig({\n  experimental: { parallelPrerender: { workers: 2 } },');
  if (edited === text) throw new Error('astro.config.mjs no longer has the defineConfig call this test edits');
  writeFileSync(config, edited);
}

describe('a build with experimental.parallelPrerender on', () => {
  let flagged: SiteBuild;
  let plain: SiteBuild;

  beforeAll(async () => {
    [flagged, plain] = await Promise.all([buildDemo('parallel-prerender', { prepare: parallel }), buildDemo('parallel-prerender-off')]);
  });

  it('builds, turning the flag off and saying why', () => {
    expect(flagged.code, flagged.output).toBe(0);
    expect(flagged.output).toContain('`experimental.parallelPrerender` is turned off for this build: pages read the research model');
    expect(flagged.output).not.toContain('no research model is loaded');
    expect(plain.output).not.toContain('parallelPrerender');
  });

  it('writes the same bytes as a build without the flag', () => {
    expect(plain.code, plain.output).toBe(0);
    const files = listFiles(flagged.dist);
    expect(files).toEqual(listFiles(plain.dist));
    expect(readFileSync(path.join(flagged.dist, 'books/pi/27-chapter/index.html'), 'utf8')).toContain('class="rp-marker"');
    expect(files.filter((file) => !readFileSync(path.join(flagged.dist, file)).equals(readFileSync(path.join(plain.dist, file))))).toEqual([]);
  });
});
