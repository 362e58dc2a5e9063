#!/usr/bin/env node
/**
 * What a megabyte kept on Astro's thread costs at a build's peak: cold
 * builds of the bench's plain project (a), alternating without and with an
 * integration that keeps `--mb` of small objects on `globalThis` from
 * `astro:config:setup` (as an integration that holds a model would), each
 * with its peak RSS from GNU time.
 *
 *   npm exec -- node bench/ballast.mjs [--mb 50] [--pairs 2] [--chapters 300]
 *
 * On the bench machine (2026-12-06, 300 chapters, two pairs): 1,573 and
 * 1,620 MiB without, 1,834 and 1,839 MiB with 50 MB. (With 50 chapters the
 * heap stays small: 806 against 862 MiB.) The project is written to
 * `.tmp/bench-ballast/` and left there.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { findGnuTime } from './extra.mjs';
import { generateBook } from './generate.mjs';
import { writeProject } from './projects.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const timeBin = findGnuTime();
if (!timeBin) throw new Error('GNU time (/usr/bin/time) is needed for peak RSS: apt-get install time');
const { values } = parseArgs({ options: { mb: { type: 'string', default: '50' }, pairs: { type: 'string', default: '2' }, chapters: { type: 'string', default: '300' } } });
const dir = path.join(REPO, '.tmp', 'bench-ballast');
rmSync(dir, { recursive: true, force: true });
writeProject(dir, 'a');
generateBook({ dir, chapters: Number(values.chapters), plain: true });

// The integration: objects of a string, a two-number array and a one-key object, counted at 120 bytes each.
writeFileSync(
  path.join(dir, 'ballast.mjs'),
  `export default function ballast(mb) {
  return { name: 'ballast', hooks: { 'astro:config:setup': () => {
    const kept = [];
    for (let bytes = 0; bytes < mb * 1048576; bytes += 120) kept.push({ a: 'x' + bytes, b: [bytes, bytes + 1], c: { d: bytes } });
    globalThis.__ballast = kept;
  } } };
}
`,
);
const config = path.join(dir, 'astro.config.mjs');
const text = readFileSync(config, 'utf8');
if (!text.includes('integrations: [')) throw new Error('bench/ballast.mjs: the (a) project no longer lists `integrations: [`');
writeFileSync(config, text.replace('integrations: [', "integrations: [(await import('./ballast.mjs')).default(Number(process.env.BALLAST_MB ?? 0)), "));

const build = (mb) => {
  for (const folder of ['dist', '.astro', 'node_modules/.astro']) rmSync(path.join(dir, folder), { recursive: true, force: true });
  const timeFile = path.join(dir, 'build.time');
  const child = spawnSync(timeBin, ['-f', '%M', '-o', timeFile, process.execPath, path.join(REPO, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: dir,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', BALLAST_MB: String(mb) },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`astro build with ${mb} MB kept exited with ${child.status ?? child.signal}:\n${child.stderr}`);
  return Math.round(Number(readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)) / 1024);
};

for (let pair = 1; pair <= Number(values.pairs); pair++) {
  const without = build(0);
  const kept = build(Number(values.mb));
  console.log(`pair ${pair}: peak RSS ${without} MiB without, ${kept} MiB with ${values.mb} MB kept (+${kept - without} MiB)`);
}
