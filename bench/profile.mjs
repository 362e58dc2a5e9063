#!/usr/bin/env node
/**
 * Build one bench project under a CPU profiler and print where the time goes.
 *
 *   npm exec -- node bench/profile.mjs <a|b|c|d|e|check> [--chapters 300] [--top 30]
 *
 * Writes the project (or, for `check`, a generated book) to
 * `.tmp/bench-profile/<key>`, runs `astro build` (or `research-pack check`)
 * with `node --cpu-prof`, and prints the functions with the most self time
 * and the inclusive time of the Research Pack packages. The profile stays in
 * `.tmp/bench-profile/<key>/profile/` for Chrome DevTools.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { generateBook } from './generate.mjs';
import { PROJECTS, assertInstalled, installPackages, writeProject } from './projects.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  options: { chapters: { type: 'string', default: process.env.BENCH_CHAPTERS ?? '300' }, top: { type: 'string', default: '30' } },
  allowPositionals: true,
});
const key = positionals[0];
if (!key || (!PROJECTS[key] && key !== 'check')) {
  console.error('usage: node bench/profile.mjs <a|b|c|d|e|check> [--chapters N] [--top N]');
  process.exit(2);
}
const dir = path.join(REPO, '.tmp', 'bench-profile', key);
rmSync(dir, { recursive: true, force: true });
const profileDir = path.join(dir, 'profile');
const chapters = Number(values.chapters);
let args;
if (key === 'check') {
  generateBook({ dir, chapters });
  args = [path.join(REPO, 'packages/cli/bin/research-pack.js'), 'check', dir];
} else {
  writeProject(dir, key);
  if (PROJECTS[key].integration) {
    installPackages(path.dirname(dir));
    assertInstalled(dir);
  }
  generateBook({ dir, chapters, plain: !PROJECTS[key].integration });
  args = [path.join(REPO, 'node_modules/astro/bin/astro.mjs'), 'build'];
}
console.log(`profile: ${key === 'check' ? 'research-pack check' : `astro build of (${key}) ${PROJECTS[key].label}`}, ${chapters} chapters`);
const started = performance.now();
const child = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...args], {
  cwd: key === 'check' ? REPO : dir,
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
console.log(`profile: exit ${child.status}, ${((performance.now() - started) / 1000).toFixed(2)} s wall (profiler on)`);
if (child.status !== 0) process.exit(1);
const summary = path.join(REPO, 'bench', 'profile-summary.mjs');
for (const file of readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'))) {
  const profile = path.join(profileDir, file);
  console.log(`\n== ${path.relative(REPO, profile)}`);
  spawnSync(process.execPath, [summary, profile, '--top', values.top], { stdio: 'inherit' });
  console.log('\nResearch Pack packages, inclusive:');
  spawnSync(process.execPath, [summary, profile, '--top', values.top, '--inclusive', '--filter', 'packages/'], { stdio: 'inherit' });
}
