/**
 * Astro's incremental builds (`experimental.incrementalBuild`): a page whose
 * route returns a `cacheKey` is restored from the build before when the key,
 * its code and the code of the content it renders are unchanged. The demo
 * with the flag on and its chapter route keyed by the chapter's file
 * (`cacheKey: entry.digest`, as Astro's docs show): after a sidecar edit the
 * chapter's page and its research pack are rendered again and show the edit
 * (the model's verdicts and evidence are in no module: without the page
 * revision built into the chapter's module, Astro restored the old page),
 * the other chapters' pages and packs are restored, and the output is the
 * same bytes as a fresh build of the edited book.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAstro, type RunResult } from './helpers/project.js';
import { buildDemo, listFiles, SOURCE_DATE_EPOCH, type SiteBuild } from './helpers/site-build.js';

const CLAIMS = 'content/books/pi/27-chapter.claims.yaml';
const RATIONALE = 'The format notes shipped with pi 1.6.0 describe sessions';
const EDITED = 'The format notes, read again for this rebuild, describe sessions';
const ROUTE = 'src/pages/books/[book]/[chapter].astro';

/** The flag on, and the chapter route keyed by the chapter's file. */
function incremental(dir: string): void {
  const config = path.join(dir, 'astro.config.mjs');
  const text = readFileSync(config, 'utf8');
  writeFileSync(config, text.replace('export default defineConfig({', 'export default defineConfig({\n  experimental: { incrementalBuild: true },'));
  const route = path.join(dir, ROUTE);
  const routeText = readFileSync(route, 'utf8');
  const keyed = routeText.replace('props: { entry } };', 'props: { entry }, cacheKey: entry.digest };');
  if (keyed === routeText) throw new Error(`${ROUTE} no longer has the getStaticPaths this test keys`);
  writeFileSync(route, keyed);
}

function editRationale(dir: string): void {
  const file = path.join(dir, CLAIMS);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(RATIONALE)) throw new Error(`${CLAIMS} no longer has the rationale this test edits`);
  writeFileSync(file, text.replace(RATIONALE, EDITED));
}

/** The pages Astro restored and those it rendered, from its log (`├─ /path/index.html (restored)` or `(+12ms)`). */
function pagesOf(output: string): { restored: string[]; rendered: string[] } {
  const restored: string[] = [];
  const rendered: string[] = [];
  for (const match of output.matchAll(/[├└]─ (\S+\.html) \((restored|\+\d+ms)\)/g)) (match[2] === 'restored' ? restored : rendered).push(match[1]!);
  return { restored, rendered };
}

describe('incremental builds', () => {
  let first: SiteBuild;
  let again: RunResult;
  let unchanged: RunResult;
  let afterEdit: Map<string, Buffer>;
  let fresh: SiteBuild;

  beforeAll(async () => {
    first = await buildDemo('incremental-build', { prepare: incremental });
    expect(first.code, first.output).toBe(0);
    editRationale(first.dir);
    again = await runAstro(first.dir, ['build'], { SOURCE_DATE_EPOCH });
    expect(again.code, again.stderr).toBe(0);
    afterEdit = new Map(listFiles(first.dist).map((file) => [file, readFileSync(path.join(first.dist, file))]));
    unchanged = await runAstro(first.dir, ['build'], { SOURCE_DATE_EPOCH });
    expect(unchanged.code, unchanged.stderr).toBe(0);
    fresh = await buildDemo('incremental-build-fresh', { prepare: (dir) => (incremental(dir), editRationale(dir)) });
    expect(fresh.code, fresh.output).toBe(0);
  });

  it('renders every page in the first build', () => {
    const { restored, rendered } = pagesOf(first.stdout);
    expect(restored).toEqual([]);
    expect(rendered).toContain('/books/pi/27-chapter/index.html');
  });

  it('renders the edited chapter\'s page and research pack again, with the edit', () => {
    const { rendered } = pagesOf(again.stdout);
    expect(rendered).toContain('/books/pi/27-chapter/index.html');
    expect(rendered).toContain('/research/books/pi/27-chapter/index.html');
    const page = afterEdit.get('books/pi/27-chapter/index.html')!.toString();
    expect(page).toContain(EDITED);
    expect(page).not.toContain(RATIONALE);
    expect(afterEdit.get('research/books/pi/27-chapter/index.html')!.toString()).toContain(EDITED);
  });

  it('restores the other chapters\' pages and research packs', () => {
    const { restored } = pagesOf(again.stdout);
    expect(restored).toContain('/books/pi/28-chapter/index.html');
    expect(restored).toContain('/research/books/pi/28-chapter/index.html');
    expect(restored.filter((page) => page.includes('27-chapter'))).toEqual([]);
    // A build with nothing changed restores every chapter page and pack.
    const after = pagesOf(unchanged.stdout);
    expect(after.rendered.filter((page) => /^\/(books|research\/books)\/[^/]+\/[^/]+\/index\.html$/.test(page))).toEqual([]);
  });

  it('writes the same bytes as a fresh build of the edited book', () => {
    expect([...afterEdit.keys()]).toEqual(listFiles(fresh.dist));
    const differing = [...afterEdit].filter(([file, bytes]) => !readFileSync(path.join(fresh.dist, file)).equals(bytes)).map(([file]) => file);
    expect(differing).toEqual([]);
  });
});
