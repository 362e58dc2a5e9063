/**
 * The bench's sites get Research Pack as a user's site does: its packages
 * packed and installed into a `node_modules` (real folders), and named in
 * the site's package.json, not resolved through the workspace's links to
 * `packages/*` (which Vite treats as source, not as dependencies). And a
 * site that has the integration installed without naming it (another
 * package depends on it) builds too.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { generateBook } from '../bench/generate.mjs';
import { assertInstalled, installPackages, writeProject } from '../bench/projects.mjs';
import { runAstro } from './helpers/project.js';

const repo = path.join(import.meta.dirname, '..');
mkdirSync(path.join(repo, '.tmp'), { recursive: true });
// Inside the repository, as the bench's own folder is, so that the workspace's links are what a project would otherwise resolve.
const work = mkdtempSync(path.join(repo, '.tmp', 'bench-projects-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const version = (folder: string) => (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;

describe('bench projects', () => {
  it('name what they use in package.json, as a site does', () => {
    writeProject(path.join(work, 'a'), 'a');
    writeProject(path.join(work, 'e'), 'e');
    const dependencies = (key: string) => Object.keys((JSON.parse(readFileSync(path.join(work, key, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
    expect(dependencies('a')).toEqual(['@astrojs/mdx', 'astro']);
    expect(dependencies('e')).toEqual(['@astrojs/markdown-remark', '@astrojs/mdx', '@research-pack/astro', 'astro']);
  });

  it('are refused while they would resolve the workspace links', () => {
    const dir = path.join(work, 'b');
    writeProject(dir, 'b');
    expect(realpathSync(createRequire(path.join(dir, 'package.json')).resolve('@research-pack/astro'))).toBe(path.join(repo, 'packages', 'astro', 'dist', 'index.js'));
    expect(() => assertInstalled(dir)).toThrow(/resolves @research-pack\/astro to .*packages\/astro\/dist\/index\.js, not to the installed package/);
  });

  it('resolve the packed packages once they are installed', () => {
    const folders = installPackages(work);
    expect(folders.map((folder) => path.relative(work, folder))).toEqual(['node_modules/@research-pack/core', 'node_modules/@research-pack/markdown', 'node_modules/@research-pack/astro']);
    for (const folder of folders) {
      const name = path.basename(folder);
      expect(version(folder)).toBe(version(path.join(repo, 'packages', name)));
      // What npm packs: the built files, not the sources.
      expect(existsSync(path.join(folder, 'dist', 'index.js'))).toBe(true);
      expect(existsSync(path.join(folder, 'src'))).toBe(false);
    }
    const dir = path.join(work, 'b');
    expect(() => assertInstalled(dir)).not.toThrow();
    const require = createRequire(path.join(dir, 'package.json'));
    expect(realpathSync(require.resolve('@research-pack/astro'))).toBe(path.join(realpathSync(work), 'node_modules', '@research-pack', 'astro', 'dist', 'index.js'));
    // Its own dependencies come from the repository's install.
    expect(realpathSync(createRequire(require.resolve('@research-pack/astro')).resolve('zod'))).toContain(path.join(repo, 'node_modules', 'zod'));
  }, 60_000);

  it('build a site that has the integration installed without naming it in package.json', async () => {
    // The site names Astro and MDX only, as when the integration comes with another package.
    const site = mkdtempSync(path.join(repo, '.tmp', 'bench-projects-'));
    onTestFinished(() => rmSync(site, { recursive: true, force: true }));
    installPackages(site);
    const dir = path.join(site, 'c');
    writeProject(dir, 'c');
    writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-c', private: true, type: 'module', dependencies: { '@astrojs/mdx': '*', astro: '*' } }, null, 2)}\n`);
    generateBook({ dir, chapters: 2, perBook: 2 });
    assertInstalled(dir);
    const built = await runAstro(dir, ['build']);
    expect(built.stderr + built.stdout).not.toContain('Invalid URL');
    expect(built.code, built.stderr).toBe(0);
    // Its injected routes were built from the installed package: the pack page, the report and the schemas.
    const dist = path.join(dir, 'dist');
    expect(existsSync(path.join(dist, 'research', 'index.html'))).toBe(true);
    expect(existsSync(path.join(dist, 'research', 'schemas', 'pack.schema.json'))).toBe(true);
  }, 120_000);
});
