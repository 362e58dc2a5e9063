/**
 * The five benchmark projects: an astro.config.mjs, a package.json and a
 * minimal src/ each, written into a folder inside the repository. `astro`
 * and `@astrojs/mdx` resolve from the workspace; `@research-pack/*` from
 * the packages as npm installs them (`installPackages`), as in a user's site.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AS_OF } from './generate.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** The packages a bench site installs, in the order they depend on each other. */
const PACKAGES = ['core', 'markdown', 'astro'];

/**
 * Install Research Pack's packages into `<work>/node_modules` as npm would
 * install them from the registry: each workspace package packed
 * (`npm pack`, its built `dist`) and unpacked there, so that the projects
 * in `work` resolve real package folders inside a `node_modules`, not the
 * workspace's links to `packages/*`. Vite treats the two differently: a
 * linked package is source to it (transformed and bundled into the server
 * build), an installed one a dependency (loaded by Node). Their own
 * dependencies resolve from the repository's `node_modules`, further up.
 * @param work the folder the projects are written in.
 * @returns the installed packages' folders.
 */
export function installPackages(work) {
  linkSatteri(work);
  const tarballs = mkdtempSync(path.join(os.tmpdir(), 'research-pack-bench-packs-'));
  try {
    return PACKAGES.map((name) => {
      let out;
      try {
        out = execFileSync('npm', ['pack', '--json', '--pack-destination', tarballs], { cwd: path.join(REPO, 'packages', name), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      } catch (error) {
        throw new Error(`npm pack of @research-pack/${name} failed (${error.message}); run the bench through npm, after \`npm ci\`: npm run bench`);
      }
      const [{ filename }] = JSON.parse(out);
      const folder = path.join(work, 'node_modules', '@research-pack', name);
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      execFileSync('tar', ['-xzf', path.join(tarballs, filename), '-C', folder, '--strip-components=1'], { stdio: 'inherit' });
      return folder;
    });
  } finally {
    rmSync(tarballs, { recursive: true, force: true });
  }
}

/**
 * Give the working folder the Sätteri that compiles the sites' pages (Astro's
 * default processor, `satteri()` of the `@astrojs/markdown-satteri` Astro
 * depends on), as npm's install of a site gives every package one Sätteri
 * (theirs ask for ^0.11). Without it the packages' `satteri` resolves up to
 * the workspace's root, where Starlight's older 0.10 is hoisted: the model
 * would parse the chapters with another Sätteri than the pages, and the
 * process would load a copy more.
 * @param work the folder the projects are written in.
 */
function linkSatteri(work) {
  const fromAstro = createRequire(createRequire(path.join(REPO, 'node_modules', 'astro', 'package.json')).resolve('@astrojs/markdown-satteri'));
  const folder = path.dirname(path.dirname(realpathSync(fromAstro.resolve('satteri'))));
  const link = path.join(work, 'node_modules', 'satteri');
  mkdirSync(path.dirname(link), { recursive: true });
  rmSync(link, { recursive: true, force: true });
  symlinkSync(folder, link, 'dir');
}

/**
 * Check that a project resolves the installed packages (`installPackages`), not the workspace's.
 * @param dir a project written by `writeProject` inside the folder they were installed in.
 * @throws {Error} when `@research-pack/astro` resolves elsewhere.
 */
export function assertInstalled(dir) {
  const resolved = realpathSync(createRequire(path.join(dir, 'package.json')).resolve('@research-pack/astro'));
  const expected = path.join(realpathSync(path.dirname(dir)), 'node_modules', '@research-pack', 'astro') + path.sep;
  if (!resolved.startsWith(expected)) throw new Error(`bench: ${path.basename(dir)} resolves @research-pack/astro to ${resolved}, not to the installed package in ${expected}`);
}

/** What each project is; `integration` is the researchPack() options, or null for a plain build. */
export const PROJECTS = {
  a: { label: 'plain Astro + MDX, Sätteri (floor)', processor: 'satteri', integration: null },
  b: { label: 'integration, annotation only, Sätteri', processor: 'satteri', integration: { packs: false, report: false } },
  c: { label: 'integration, packs + report, Sätteri', processor: 'satteri', integration: { packs: true, report: true } },
  d: { label: 'plain Astro + MDX, unified', processor: 'unified', integration: null },
  e: { label: 'integration, packs + report, unified', processor: 'unified', integration: { packs: true, report: true } },
};

/**
 * Write one project's config and src/ (the book is generated separately).
 * @param dir project root.
 * @param key a..e.
 * @param options `incremental`: Astro's incremental builds on (`experimental.incrementalBuild`), the chapter route keyed by `entry.digest`.
 */
export function writeProject(dir, key, { incremental = false } = {}) {
  const project = PROJECTS[key];
  mkdirSync(path.join(dir, 'src', 'pages', 'books', '[book]'), { recursive: true });
  writeFileSync(path.join(dir, 'astro.config.mjs'), astroConfig(project, incremental));
  writeFileSync(path.join(dir, 'src', 'content.config.ts'), contentConfig(project));
  writeFileSync(path.join(dir, 'src', 'pages', 'books', '[book]', '[chapter].astro'), chapterRoute(project, incremental));
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(packageJson(key, project), null, 2)}\n`);
}

/** A site's package.json: what it depends on, at the versions installed (Astro finds integrations' packages there). */
function packageJson(key, project) {
  const version = (name) => JSON.parse(readFileSync(path.join(REPO, name.startsWith('@research-pack/') ? `packages/${name.slice(15)}` : `node_modules/${name}`, 'package.json'), 'utf8')).version;
  const names = ['@astrojs/mdx', 'astro', ...(project.processor === 'unified' ? ['@astrojs/markdown-remark'] : []), ...(project.integration ? ['@research-pack/astro'] : [])].sort();
  return { name: `bench-${key}`, private: true, type: 'module', dependencies: Object.fromEntries(names.map((name) => [name, version(name)])) };
}

function astroConfig(project, incremental) {
  const lines = ['// Generated by bench/projects.mjs.', "import mdx from '@astrojs/mdx';", "import { defineConfig } from 'astro/config';"];
  if (project.processor === 'unified') lines.push("import { unified } from '@astrojs/markdown-remark';");
  if (project.integration) lines.push("import researchPack from '@research-pack/astro';");
  const integrations = ['mdx()'];
  if (project.integration) {
    const options = { contentDir: 'content/books', ...project.integration, asOf: AS_OF };
    integrations.push(`researchPack(${JSON.stringify(options)})`);
  }
  lines.push('', 'export default defineConfig({', "  site: 'https://bench.example.org',");
  if (incremental) lines.push('  experimental: { incrementalBuild: true },');
  if (project.processor === 'unified') lines.push('  markdown: { processor: unified() },');
  lines.push(`  integrations: [${integrations.join(', ')}],`, '});', '');
  return lines.join('\n');
}

function contentConfig(project) {
  if (project.integration) {
    // What a site using the integration writes (see the package README).
    return [
      "import { defineCollection } from 'astro:content';",
      "import { chaptersLoader, chapterSchema } from '@research-pack/astro/loaders';",
      '',
      'export const collections = {',
      '  chapters: defineCollection({ loader: chaptersLoader(), schema: chapterSchema }),',
      '};',
      '',
    ].join('\n');
  }
  // The same glob, deferred rendering and strict frontmatter, without the integration.
  return [
    "import { defineCollection } from 'astro:content';",
    "import { glob } from 'astro/loaders';",
    "import { z } from 'astro/zod';",
    '',
    'export const collections = {',
    '  chapters: defineCollection({',
    '    loader: glob({',
    "      pattern: '*/*.{md,mdx}',",
    "      base: 'content/books',",
    '      deferRender: true,',
    "      generateId: ({ entry }) => entry.replace(/\\.mdx?$/, ''),",
    '    }),',
    '    schema: z.strictObject({ title: z.string(), number: z.number().int(), summary: z.string().optional() }),',
    '  }),',
    '};',
    '',
  ].join('\n');
}

/** Whether the integration ships the chapter provenance component (the demo site uses it). */
function hasProvenanceComponent() {
  return existsSync(path.join(REPO, 'packages/astro/dist/components/ChapterProvenance.astro'));
}

function chapterRoute(project, incremental) {
  const provenance = project.integration && hasProvenanceComponent();
  return [
    '---',
    "import { getCollection, render } from 'astro:content';",
    ...(provenance ? ["import ChapterProvenance from '@research-pack/astro/components/ChapterProvenance.astro';"] : []),
    '',
    'export async function getStaticPaths() {',
    "  const chapters = await getCollection('chapters');",
    '  return chapters.map((entry) => {',
    "    const [book, chapter] = entry.id.split('/');",
    // With incremental builds, keyed by the chapter's file, as Astro's docs show.
    `    return { params: { book, chapter }, props: { entry }${incremental ? ', cacheKey: entry.digest' : ''} };`,
    '  });',
    '}',
    '',
    'const { entry } = Astro.props;',
    'const { book, chapter } = Astro.params;',
    'const { Content } = await render(entry);',
    '---',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    '    <title>{entry.data.title}</title>',
    ...(provenance ? ['    <ChapterProvenance book={book} chapter={chapter} part="head" />'] : []),
    '  </head>',
    '  <body>',
    '    <article>',
    '      <h1>{entry.data.number}. {entry.data.title}</h1>',
    '      <Content />',
    '    </article>',
    ...(provenance ? ['    <ChapterProvenance book={book} chapter={chapter} part="body" />'] : []),
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}
