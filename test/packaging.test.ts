/**
 * The packages as users get them: the real `npm pack` of each, installed
 * from the tarballs into a fresh site in a temporary folder outside the
 * workspace (its own node_modules, nothing resolved from here), then a real
 * `astro build` of the demo book there, set up as the astro package's README
 * says. npm installs Astro and the other dependencies from the registry,
 * or from its cache (`--prefer-offline`) when the workspace's install
 * already fetched them. The same site installed without hoisting (npm's
 * nested layout: each package's dependencies in its own folder, as pnpm
 * keeps them) builds too, and so does the same site on the floor of the
 * astro package's peer range (Astro 7.3, whose Markdown pipeline runs
 * Sätteri 0.10 beside the packages' 0.11).
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, type RunResult } from './helpers/project.js';
import { PACKAGES, buildSite, installSite, installedVersion as version, packPackages, runSiteCli } from './helpers/packed.js';

/** `check`'s stderr on the demo's books: the note of its one claim whose prose changed since the verdict, and nothing else. */
const DEMO_STALE_ONLY = /^content\/books\/pi\/27-chapter\.claims\.yaml:\d+:5  note: pi\/27-chapter claim "tree-in-place": the prose changed since its verdict, so its page shows it as stale\n`research-pack review` shows the wording reviewed beside the wording now[^\n]*\n$/;

function readmeBlock(file: string, language: string, first: string): string {
  const text = readFileSync(file, 'utf8');
  const block = [...text.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!).find((body) => body.includes(first));
  if (!block) throw new Error(`${file} has no \`\`\`${language} block with ${first}`);
  return block;
}

/** The floor of the astro package's peer range: Astro 7.3.5 and the MDX integration of its day. */
const FLOOR = { astro: '7.3.5', '@astrojs/mdx': '8.0.2' };

describe('the packed packages, installed into a fresh site', () => {
  let work: string;
  let site: string;
  const tarballs: Record<string, string> = {};
  const contents: Record<string, string[]> = {};
  let install: RunResult;
  let build: RunResult;
  let nested: string;
  let nestedBuild: RunResult;
  let floor: string;
  let floorBuild: RunResult;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'research-pack-tarballs-'));
    const packed = await packPackages(work);
    for (const name of PACKAGES) {
      tarballs[name] = packed[name].tarball;
      contents[name] = packed[name].files;
    }
    site = path.join(work, 'site');
    await mkdir(path.join(site, 'src/pages/books/[book]'), { recursive: true });
    const dependencies = Object.fromEntries(PACKAGES.map((name) => [`@research-pack/${name}`, `file:${tarballs[name]}`]));
    // The install line of the astro package's README, with the versions this workspace tests.
    const line = readmeBlock(path.join(repoRoot, 'packages/astro/README.md'), 'sh', 'npm install').trim();
    for (const name of line.replace(/^npm install /, '').split(/\s+/)) {
      if (!name.startsWith('@research-pack/')) dependencies[name] = version(name);
    }
    dependencies.astro = version('astro');
    await writeFile(path.join(site, 'package.json'), `${JSON.stringify({ name: 'fresh-site', private: true, type: 'module', dependencies }, null, 2)}\n`);
    await writeFile(path.join(site, 'astro.config.mjs'), readmeBlock(path.join(repoRoot, 'packages/astro/README.md'), 'js', 'researchPack()'));
    await writeFile(path.join(site, 'src/content.config.ts'), readmeBlock(path.join(repoRoot, 'packages/astro/README.md'), 'ts', 'chaptersLoader'));
    await writeFile(path.join(site, 'src/pages/books/[book]/[chapter].astro'), readmeBlock(path.join(repoRoot, 'packages/astro/README.md'), 'astro', 'ChapterProvenance'));
    await cp(path.join(repoRoot, 'content/books'), path.join(site, 'content/books'), { recursive: true });
    install = await installSite(site);
    build = install.code === 0 ? await buildSite(site) : install;
    nested = path.join(work, 'nested');
    await cp(site, nested, { recursive: true, filter: (file) => !/[\\/](node_modules|dist|\.astro)$/.test(file) });
    const nestedInstall = await installSite(nested, ['--install-strategy=nested']);
    nestedBuild = nestedInstall.code === 0 ? await buildSite(nested) : nestedInstall;
    floor = path.join(work, 'floor');
    await cp(site, floor, { recursive: true, filter: (file) => !/[\\/](node_modules|dist|\.astro)$/.test(file) });
    const floorPackage = JSON.parse(await readFile(path.join(floor, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    Object.assign(floorPackage.dependencies, FLOOR);
    await writeFile(path.join(floor, 'package.json'), `${JSON.stringify(floorPackage, null, 2)}\n`);
    const floorInstall = await installSite(floor);
    floorBuild = floorInstall.code === 0 ? await buildSite(floor) : floorInstall;
  });

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it.each(PACKAGES)('packs %s with its LICENSE and README, without source maps or sources', (name) => {
    expect(contents[name]).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    expect(contents[name]!.filter((file) => file.endsWith('.map') || file.startsWith('src/') || file.endsWith('.tsbuildinfo'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'packages', name, 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['license', 'repository', 'homepage', 'bugs', 'keywords']) expect(pkg[field], `${name}: ${field}`).toBeDefined();
  });

  it('installs from the tarballs alone, outside the workspace', async () => {
    expect(install.code, `${install.stdout}\n${install.stderr}`).toBe(0);
    expect(site.startsWith(repoRoot)).toBe(false);
    const installed = JSON.parse(await readFile(path.join(site, 'node_modules/@research-pack/astro/package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(version('@research-pack/astro'));
    expect(existsSync(path.join(site, 'node_modules/@research-pack/core/src'))).toBe(false);
    // The packages' dependencies on each other are the tarballs too, not copies from elsewhere.
    for (const name of ['astro', 'cli', 'markdown']) expect(existsSync(path.join(site, `node_modules/@research-pack/${name}/node_modules/@research-pack`))).toBe(false);
  });

  it('builds the demo book as the README sets it up, with no source map warning', async () => {
    const output = `${build.stdout}\n${build.stderr}`;
    expect(build.code, output).toBe(0);
    expect(output).not.toMatch(/Sourcemap|points to missing source/);
    const chapter = await readFile(path.join(site, 'dist/books/pi/27-chapter/index.html'), 'utf8');
    expect(chapter).toContain('class="rp-marker"');
    expect(chapter).toContain('class="rp-popovers"');
    expect(chapter).toContain('application/ld+json');
    expect(existsSync(path.join(site, 'dist/research/books/pi/27-chapter/brief.md'))).toBe(true);
    expect(existsSync(path.join(site, 'dist/research/index.html'))).toBe(true);
  });

  it('builds it installed without hoisting, with Sätteri only in the folders of the packages that depend on it, and runs the CLI there', async () => {
    expect(nestedBuild.code, `${nestedBuild.stdout}\n${nestedBuild.stderr}`).toBe(0);
    // The layout that stopped the integration at "Cannot find package 'satteri'": not where the integration is, only beside its parser.
    expect(existsSync(path.join(nested, 'node_modules/satteri'))).toBe(false);
    expect(existsSync(path.join(nested, 'node_modules/@research-pack/astro/node_modules/satteri'))).toBe(false);
    expect(existsSync(path.join(nested, 'node_modules/@research-pack/markdown/node_modules/satteri/package.json'))).toBe(true);
    const chapter = await readFile(path.join(nested, 'dist/books/pi/27-chapter/index.html'), 'utf8');
    expect(chapter).toContain('class="rp-marker"');
    expect(chapter).toBe(await readFile(path.join(site, 'dist/books/pi/27-chapter/index.html'), 'utf8'));
    // The CLI, nested too, finds everything it imports in its own folder.
    expect(await runSiteCli(nested, ['check'])).toEqual({ code: 0, stdout: 'No problems in content/books.\n', stderr: expect.stringMatching(DEMO_STALE_ONLY) });
  });

  it('runs the installed CLI there with no flags', async () => {
    const check = await runSiteCli(site, ['check']);
    // No problem; on stderr, the demo's one claim whose prose changed since its verdict.
    expect(check).toEqual({ code: 0, stdout: 'No problems in content/books.\n', stderr: expect.stringMatching(DEMO_STALE_ONLY) });
  });

  it('builds it on Astro 7.3, the floor of the peer range, with the same claims marked', async () => {
    expect(floorBuild.code, `${floorBuild.stdout}\n${floorBuild.stderr}`).toBe(0);
    expect(JSON.parse(await readFile(path.join(floor, 'node_modules/astro/package.json'), 'utf8'))).toMatchObject({ version: FLOOR.astro });
    const page = (dir: string) => readFile(path.join(dir, 'dist/books/pi/27-chapter/index.html'), 'utf8');
    // The claims' wrappers and markers, as the current Astro builds them.
    const marks = (html: string) => [...html.matchAll(/<span class="rp-claim[^"]*"[^>]*data-claim-id="([^"]+)"[^>]*>|class="rp-marker"/g)].map((match) => match[1] ?? 'marker');
    const [older, newer] = [await page(floor), await page(site)];
    expect(marks(older).length).toBeGreaterThan(2);
    expect(marks(older)).toEqual(marks(newer));
    expect(older).toContain('class="rp-popovers"');
    expect(await readFile(path.join(floor, 'dist/research/books/pi/27-chapter/brief.md'))).toEqual(await readFile(path.join(site, 'dist/research/books/pi/27-chapter/brief.md')));
  });
});
