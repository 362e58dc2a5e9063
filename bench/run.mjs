#!/usr/bin/env node
/**
 * `npm run bench`: what provenance costs on top of a plain Astro build.
 *
 * Generates a synthetic book, writes five projects side by side in
 * `.tmp/bench-*` (inside the repository, so that Astro and every other
 * dependency resolve from the workspace; Research Pack's own packages are
 * packed and installed there, as a site gets them), builds them alternating a,b,c,d,e, a,b,c,... with the real
 * `astro` CLI, and reports medians of wall time and peak RSS. Then measures
 * `research-pack check` on 1,000 chapters, fingerprint throughput and
 * anchoring. Writes bench/results/<date>.json, bench/results/latest.json and
 * the table in bench/README.md.
 *
 * Environment:
 *   BENCH_CHAPTERS        chapters of the built book (default 300)
 *   BENCH_RUNS            builds per project (default 3, at least 3 for a full run)
 *   BENCH_CHECK_CHAPTERS  chapters of the `check` book (default 1000)
 *   BENCH_ONLY            e.g. "a,d": build only these projects (no results written)
 *   BENCH_SKIP_BUILDS=1   only the CLI and in-process measurements (no results written)
 *   BENCH_SKIP_CHECK=1    skip `research-pack check` (no results written)
 *   BENCH_WARM_ROUNDS=4   warm rebuilds (one edit each) per project, alternating a and c
 *   BENCH_DEV_ROUNDS=5    sidecar saves timed in `astro dev` (project c)
 *   BENCH_INGEST_ROWS=10000  source-ledger rows of the ingest measurement
 *   BENCH_SKIP_EXTRA=1    skip warm rebuilds, the dev server and ingest (no results written)
 *   BENCH_KEEP=1          keep the temporary folder
 *   BENCH_QUIET=0.1       before each measurement, wait until the machine's CPU use
 *                         (other processes) is below this share ...
 *   BENCH_QUIET_WAIT=180  ... for at most this many seconds
 *   BENCH_RETRIES=2       re-measure a run when other processes took more than
 *   BENCH_MAX_OTHERS=0.1  this share of the machine's CPU during it
 *
 * The machine may be shared: CPU time of other processes during each
 * measurement is read from /proc/stat and recorded with the run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AS_OF, generateBook } from './generate.mjs';
import { PROJECTS, assertInstalled, installPackages, writeProject } from './projects.mjs';
import { editOnce, findGnuTime, firstChapter, pageBytes, runDev, runWarm, writeIngestProject } from './extra.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BENCH = fileURLToPath(new URL('.', import.meta.url));
const ASTRO_BIN = path.join(REPO, 'node_modules/astro/bin/astro.mjs');
const CLI_BIN = path.join(REPO, 'packages/cli/bin/research-pack.js');

const env = process.env;
const CHAPTERS = positiveInt('BENCH_CHAPTERS', 300);
const RUNS = positiveInt('BENCH_RUNS', 3);
const CHECK_CHAPTERS = positiveInt('BENCH_CHECK_CHAPTERS', 1000);
const ONLY = env.BENCH_ONLY ? env.BENCH_ONLY.split(',').map((key) => key.trim()) : Object.keys(PROJECTS);
const SKIP_BUILDS = env.BENCH_SKIP_BUILDS === '1';
const SKIP_CHECK = env.BENCH_SKIP_CHECK === '1';
const KEEP = env.BENCH_KEEP === '1';
const WARM_ROUNDS = positiveInt('BENCH_WARM_ROUNDS', 4);
const DEV_ROUNDS = positiveInt('BENCH_DEV_ROUNDS', 5);
const INGEST_ROWS = positiveInt('BENCH_INGEST_ROWS', 10000);
const SKIP_EXTRA = env.BENCH_SKIP_EXTRA === '1';
/** The generated book of `check`, made once for both thread counts. */
let checkStats;
const QUIET = positiveNumber('BENCH_QUIET', 0.1);
const QUIET_WAIT_S = positiveNumber('BENCH_QUIET_WAIT', 180);
const RETRIES = Number(env.BENCH_RETRIES ?? 2);
const MAX_OTHERS = positiveNumber('BENCH_MAX_OTHERS', 0.1);
const NPROC = os.availableParallelism();
const TICKS_PER_S = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
const FULL = !env.BENCH_ONLY && !SKIP_BUILDS && !SKIP_CHECK && !SKIP_EXTRA && RUNS >= 3;

const NOTES_MARKER = '<!-- notes: kept when the bench rewrites this file -->';

/** A difference with its sign: `+1.55`, `−4.64` (a run whose plugin side was faster shows it). */
const signed = (value) => (value < 0 ? `−${-value}` : `+${value}`);
const TARGETS = { b_a: 1.05, c_a: 1.35, e_d: 1.25, memory_b_a: 1.1, warm_c_a: 1.1, checkSeconds: 1.5, devMs: 300, ingestSeconds: 2 };

for (const key of ONLY) if (!PROJECTS[key]) fail(`BENCH_ONLY: unknown project "${key}" (known: ${Object.keys(PROJECTS).join(', ')})`);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  fail(`Node ${process.version} is too old for Astro 7; run the bench through npm (\`npm run bench\`) so the pinned Node 24 is used.`);
}

if (process.argv.includes('--readme')) {
  // Re-render bench/README.md from bench/results/latest.json (after editing the template or the notes).
  const latest = JSON.parse(readFileSync(path.join(BENCH, 'results', 'latest.json'), 'utf8'));
  // Judged again, as this version of the bench judges.
  latest.met = judge(latest);
  writeFileSync(path.join(BENCH, 'README.md'), readme(latest));
  console.log('bench: wrote bench/README.md from bench/results/latest.json');
  process.exit(0);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const WORK = path.join(REPO, '.tmp', `bench-${stamp}-${process.pid}`);
mkdirSync(WORK, { recursive: true });
log(`bench: Node ${process.version} (${process.execPath})`);
log(`bench: working in ${path.relative(REPO, WORK)}; ${CHAPTERS} chapters, ${RUNS} runs per project`);

const results = {
  date: new Date().toISOString(),
  command: 'npm run bench',
  config: { chapters: CHAPTERS, runs: RUNS, checkChapters: CHECK_CHAPTERS, warmRounds: WARM_ROUNDS, devRounds: DEV_ROUNDS, ingestRows: INGEST_ROWS, asOf: AS_OF, projects: ONLY },
  machine: machine(),
  book: undefined,
  builds: {},
  ratios: {},
  pairedRatios: {},
  cpuRatios: {},
  memoryRatios: {},
  pageBytes: undefined,
  warm: undefined,
  warmIncremental: undefined,
  warmRatios: {},
  dev: undefined,
  check: undefined,
  checkOneThread: undefined,
  checkCached: undefined,
  ingest: undefined,
  fingerprint: undefined,
  anchoring: undefined,
  transform: undefined,
  marks: undefined,
  targets: TARGETS,
  met: {},
};

let failed = false;
try {
  if (!SKIP_BUILDS) runBuilds();
  if (!SKIP_BUILDS && !SKIP_EXTRA) await runExtraBuilds();
  if (!SKIP_CHECK) {
    results.check = runCheck('all threads', undefined);
    results.checkOneThread = runCheck('one thread', '1');
    results.checkCached = runCheckCached();
  }
  if (!SKIP_EXTRA) runIngest();
  runMicro();
  evaluate();
  printTable();
  if (FULL) writeResults();
  else log('\nbench: partial run (BENCH_ONLY, BENCH_SKIP_*, or BENCH_RUNS < 3): results and README not written.');
} catch (error) {
  failed = true;
  console.error(`\nbench: FAILED: ${error.message}`);
  console.error(`bench: the working folder is kept for inspection: ${WORK}`);
  process.exitCode = 1;
} finally {
  if (!failed && !KEEP) rmSync(WORK, { recursive: true, force: true });
  else if (!failed) log(`bench: kept ${WORK}`);
}

// ---------------------------------------------------------------------------
// Builds

function runBuilds() {
  const timeBin = findGnuTime();
  if (!timeBin) throw new Error('GNU time (/usr/bin/time) is needed for peak RSS and CPU time: apt-get install time');
  log(`bench: peak RSS and CPU time from ${timeBin} -f "%M %U %S"`);
  // The sites install the packages as npm would, not the workspace's links (see installPackages).
  if (ONLY.some((key) => PROJECTS[key].integration)) log(`bench: installed ${installPackages(WORK).map((folder) => path.relative(WORK, folder)).join(', ')} from packed tarballs`);
  for (const key of ONLY) {
    const dir = path.join(WORK, key);
    writeProject(dir, key);
    if (PROJECTS[key].integration) assertInstalled(dir);
    const stats = generateBook({ dir, chapters: CHAPTERS, plain: !PROJECTS[key].integration });
    results.book ??= {};
    results.book[PROJECTS[key].integration ? 'annotated' : 'plain'] = summary(stats);
    results.builds[key] = { label: PROJECTS[key].label, runs: [] };
  }
  const book = results.book.annotated ?? results.book.plain;
  log(`bench: generated ${book.chapters} chapters, ${(book.bytes / 1e6).toFixed(2)} MB of MDX, ${book.claims} claims`);

  const total = RUNS * ONLY.length;
  let step = 0;
  for (let run = 1; run <= RUNS; run += 1) {
    for (const key of ONLY) {
      step += 1;
      const dir = path.join(WORK, key);
      process.stdout.write(`[${String(step).padStart(2)}/${total}] build ${key} (${PROJECTS[key].label}) run ${run}/${RUNS} ... `);
      const measured = build(dir, key, run, timeBin);
      verifyBuild(dir, key);
      results.builds[key].runs.push(measured);
      console.log(
        `${(measured.ms / 1000).toFixed(2)} s (CPU ${(measured.cpuMs / 1000).toFixed(2)} s), ${(measured.rssKiB / 1024).toFixed(0)} MiB` +
          `${measured.othersShare > 0.02 ? `; other processes: ${pct(measured.othersShare)} of the CPU` : ''}${measured.contended ? ' (CONTENDED)' : ''}`,
      );
    }
  }
  for (const key of ONLY) {
    const entry = results.builds[key];
    entry.medianMs = Math.round(median(entry.runs.map((r) => r.ms)));
    entry.medianCpuMs = Math.round(median(entry.runs.map((r) => r.cpuMs)));
    entry.minMs = Math.min(...entry.runs.map((r) => r.ms));
    entry.maxMs = Math.max(...entry.runs.map((r) => r.ms));
    entry.medianRssMiB = Math.round(median(entry.runs.map((r) => r.rssKiB)) / 1024);
    entry.peakRssMiB = Math.round(Math.max(...entry.runs.map((r) => r.rssKiB)) / 1024);
    entry.pages = countFiles(path.join(WORK, key, 'dist'), '.html');
  }
}

/**
 * One cold build (dist/ and Astro's caches removed first), re-measured when
 * other processes took a large share of the machine during it.
 */
function build(dir, key, run, timeBin, cold = true) {
  let best;
  for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
    const measured = buildOnce(dir, key, run, timeBin, cold);
    if (!best || measured.othersShare < best.othersShare) best = { ...measured, attempts: attempt + 1 };
    if (measured.othersShare <= MAX_OTHERS) break;
    if (attempt < RETRIES) process.stdout.write(`other processes took ${pct(measured.othersShare)} of the CPU, again ... `);
  }
  best.contended = best.othersShare > MAX_OTHERS;
  return best;
}

function buildOnce(dir, key, run, timeBin, cold = true) {
  // A warm build keeps Astro's caches (.astro/, node_modules/.astro) and the last dist/.
  if (cold) for (const cache of ['dist', '.astro', 'node_modules']) rmSync(path.join(dir, cache), { recursive: true, force: true });
  const logFile = path.join(WORK, `${key}-run${run}.log`);
  const timeFile = path.join(WORK, `${key}-run${run}.time`);
  const result = measure(timeBin, timeFile, [process.execPath, ASTRO_BIN, 'build'], {
    cwd: dir,
    env: { ...env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const { child } = result;
  writeFileSync(logFile, `${child.stdout ?? ''}\n${child.stderr ?? ''}`);
  if (child.error) throw new Error(`build ${key} run ${run} could not start: ${child.error.message}`);
  if (child.status !== 0) {
    const tail = `${child.stdout}\n${child.stderr}`.split('\n').filter(Boolean).slice(-40).join('\n');
    console.log('FAILED');
    throw new Error(`build ${key} (${PROJECTS[key].label}) run ${run} exited with ${child.status ?? child.signal}; log: ${logFile}\n${tail}`);
  }
  const { ms, cpuMs, rssKiB, othersShare, busyBefore } = result;
  // Astro's log of each page: `├─ /path/index.html (+12ms)` or `(+1.20s)` when rendered; when an incremental
  // build skipped it, `(restored)` (copied back from its cache) or `(cached)` (the file still in the output).
  const rendered = (child.stdout.match(/\.html \(\+[\d.]+m?s\)/g) ?? []).length;
  const restored = (child.stdout.match(/\.html \((?:restored|cached)\)/g) ?? []).length;
  return { ms, cpuMs, rssKiB, othersShare, busyBefore, rendered, restored };
}

/**
 * Run a command under GNU time after waiting for a quiet machine.
 * @returns the child, wall ms, CPU ms (user + system), peak RSS, and the share
 * of the machine's CPU other processes used meanwhile.
 */
function measure(timeBin, timeFile, command, options) {
  const busyBefore = waitForQuiet();
  const before = cpuTicks();
  const started = performance.now();
  const child = spawnSync(timeBin, ['-f', '%M %U %S', '-o', timeFile, ...command], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  const ms = performance.now() - started;
  const after = cpuTicks();
  let rssKiB = NaN;
  let cpuMs = NaN;
  if (existsSync(timeFile)) {
    const [rss, userS, systemS] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
    rssKiB = rss;
    cpuMs = Math.round((userS + systemS) * 1000);
  }
  if (child.status === 0 && (!Number.isFinite(rssKiB) || !Number.isFinite(cpuMs))) throw new Error(`could not read peak RSS and CPU time from ${timeFile}`);
  const machineMs = ((after.busy - before.busy) / TICKS_PER_S) * 1000;
  const othersShare = round(Math.max(0, machineMs - cpuMs) / (ms * NPROC), 3);
  return { child, ms: Math.round(ms), cpuMs, rssKiB, othersShare, busyBefore };
}

/** Busy and total CPU ticks of the whole machine, from /proc/stat. */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
  } catch {
    return { busy: 0, idle: 0 };
  }
}

/** Wait (up to BENCH_QUIET_WAIT seconds) until other processes use less than BENCH_QUIET of the CPU. */
function waitForQuiet() {
  const deadline = performance.now() + QUIET_WAIT_S * 1000;
  let warned = false;
  for (;;) {
    const a = cpuTicks();
    sleep(1000);
    const b = cpuTicks();
    const total = b.busy - a.busy + (b.idle - a.idle);
    const busy = total > 0 ? (b.busy - a.busy) / total : 0;
    if (busy <= QUIET) return round(busy, 3);
    if (performance.now() > deadline) {
      process.stdout.write(`(machine still ${pct(busy)} busy, measuring anyway) `);
      return round(busy, 3);
    }
    if (!warned) process.stdout.write(`(waiting: machine ${pct(busy)} busy) `);
    warned = true;
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function pct(share) {
  return `${Math.round(share * 100)}%`;
}

/** Never report numbers from a build that did not produce what it should. */
function verifyBuild(dir, key) {
  const project = PROJECTS[key];
  const dist = path.join(dir, 'dist');
  const chapterPages = [];
  const booksDir = path.join(dir, 'content', 'books');
  for (const book of readdirSync(booksDir).sort()) {
    for (const file of readdirSync(path.join(booksDir, book)).sort()) {
      if (file.endsWith('.mdx')) chapterPages.push({ book, chapter: file.slice(0, -4) });
    }
  }
  const missing = chapterPages.filter(({ book, chapter }) => !existsSync(path.join(dist, 'books', book, chapter, 'index.html')));
  if (missing.length > 0) throw new Error(`build ${key}: ${missing.length} chapter pages missing, e.g. books/${missing[0].book}/${missing[0].chapter}/`);
  let unmarked = 0;
  let checked = 0;
  let example;
  for (const { book, chapter } of chapterPages) {
    const html = readFileSync(path.join(dist, 'books', book, chapter, 'index.html'), 'utf8');
    if (html.includes(':claim[')) throw new Error(`build ${key}: books/${book}/${chapter}/ still contains ":claim[" directives`);
    if (!project.integration) continue;
    // Every claim must be marked in the chapter's prose (not only named in its JSON-LD).
    const claims = readFileSync(path.join(booksDir, book, `${chapter}.claims.yaml`), 'utf8');
    for (const [, id] of claims.matchAll(/^ {2}- id: "?([a-z0-9-]+)"?$/gm)) {
      checked += 1;
      if (!html.includes(`data-claim-id="${id}"`)) {
        unmarked += 1;
        example ??= `books/${book}/${chapter}/ #${id}`;
      }
    }
  }
  if (unmarked > 0) throw new Error(`build ${key}: ${unmarked} claims are not marked on their chapter page, e.g. ${example}`);
  if (project.integration && checked !== results.book.annotated.claims) {
    throw new Error(`build ${key}: found ${checked} claims in the sidecars, expected ${results.book.annotated.claims}`);
  }
  if (project.integration?.packs) {
    for (const { book, chapter } of chapterPages) {
      for (const file of ['index.html', 'brief.md', 'chapter-snapshot.txt', 'pack.json']) {
        if (!existsSync(path.join(dist, 'research', 'books', book, chapter, file))) {
          throw new Error(`build ${key}: research pack file missing: research/books/${book}/${chapter}/${file}`);
        }
      }
    }
  }
  if (project.integration?.report) {
    for (const file of ['research/index.html', 'research/report.json', 'research/report.md']) {
      if (!existsSync(path.join(dist, file))) throw new Error(`build ${key}: report file missing: ${file}`);
    }
  }
}

// ---------------------------------------------------------------------------
// research-pack check on 1,000 chapters

function runCheck(label, threads) {
  const { dir, stats, checkEnv } = checkSetup(label, threads);
  const runs = [];
  for (let run = 1; run <= Math.max(RUNS, 3); run += 1) {
    process.stdout.write(`check run ${run} ... `);
    runs.push(measureCheck([process.execPath, CLI_BIN, 'check', dir], checkEnv, `check-run${run}`));
  }
  return checkSummary(stats, threads, runs);
}

/**
 * `research-pack check --cache` after one sidecar edit: the book given a
 * node_modules folder of its own (where the checks are kept), one check to
 * fill it, then rounds of one claim's rationale edited and checked again.
 * The edit is undone and the folder removed afterwards.
 */
function runCheckCached() {
  const { dir, stats, checkEnv } = checkSetup('--cache, after one sidecar edit, all threads', undefined);
  const modules = path.join(dir, 'node_modules');
  const { claims } = firstChapter(dir);
  const original = readFileSync(claims, 'utf8');
  const command = [process.execPath, CLI_BIN, 'check', '--cache', dir];
  mkdirSync(modules, { recursive: true });
  try {
    process.stdout.write('check --cache, filling the cache ... ');
    measureCheck(command, checkEnv, 'check-cache-fill');
    const runs = [];
    for (let run = 1; run <= Math.max(RUNS, 3); run += 1) {
      editOnce(claims, run);
      process.stdout.write(`check --cache run ${run}, ${path.basename(claims)} edited ... `);
      runs.push(measureCheck(command, checkEnv, `check-cache-run${run}`));
    }
    return checkSummary(stats, undefined, runs);
  } finally {
    writeFileSync(claims, original);
    rmSync(modules, { recursive: true, force: true });
  }
}

/** The generated book of `check` (made once) and the environment for a thread count. */
function checkSetup(label, threads) {
  if (!existsSync(CLI_BIN)) throw new Error('packages/cli/bin/research-pack.js not found; set BENCH_SKIP_CHECK=1 to skip `check`');
  const dir = path.join(WORK, 'check');
  log(`\nbench: \`research-pack check\` on ${CHECK_CHAPTERS} chapters, ${label}`);
  // One book, as the issue asks: the chapters of a single book must be shared between threads.
  checkStats ??= generateBook({ dir, chapters: CHECK_CHAPTERS, perBook: CHECK_CHAPTERS });
  const checkEnv = { ...env };
  if (threads === undefined) delete checkEnv.RESEARCH_PACK_THREADS;
  else checkEnv.RESEARCH_PACK_THREADS = threads;
  return { dir, stats: checkStats, checkEnv };
}

/** One run of `check` (exit 0 required), measured again while other processes took too much of the machine. */
function measureCheck(command, checkEnv, name) {
  const timeBin = findGnuTime();
  if (!timeBin) throw new Error('GNU time (/usr/bin/time) is needed: apt-get install time');
  let best;
  for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
    const measured = measure(timeBin, path.join(WORK, `${name}.time`), command, { cwd: REPO, env: checkEnv });
    const { child } = measured;
    if (child.status !== 0) {
      console.log('FAILED');
      const output = `${child.stdout}\n${child.stderr}`.split('\n').filter(Boolean);
      throw new Error(`research-pack check exited with ${child.status ?? child.signal} on the generated book (${output.length} lines):\n${output.slice(0, 30).join('\n')}`);
    }
    if (!best || measured.othersShare < best.othersShare) best = measured;
    if (measured.othersShare <= MAX_OTHERS) break;
  }
  console.log(`${(best.ms / 1000).toFixed(2)} s (CPU ${(best.cpuMs / 1000).toFixed(2)} s)${best.othersShare > 0.02 ? `; other processes: ${pct(best.othersShare)}` : ''}`);
  return { ms: best.ms, cpuMs: best.cpuMs, rssKiB: best.rssKiB, othersShare: best.othersShare };
}

function checkSummary(stats, threads, runs) {
  return {
    ...summary(stats),
    threads: threads ?? 'all',
    runs,
    medianMs: Math.round(median(runs.map((r) => r.ms))),
    medianCpuMs: Math.round(median(runs.map((r) => r.cpuMs))),
    peakRssMiB: Math.round(Math.max(...runs.map((r) => r.rssKiB)) / 1024),
  };
}


// ---------------------------------------------------------------------------
// Page bytes, warm rebuilds and the dev server (bench/extra.mjs)

async function runExtraBuilds() {
  const timeBin = findGnuTime();
  const annotated = ['b', 'c'].find((key) => ONLY.includes(key));
  if (annotated) {
    const dir = path.join(WORK, annotated);
    const pages = readdirSync(path.join(dir, 'content', 'books')).sort().flatMap((book) =>
      readdirSync(path.join(dir, 'content', 'books', book)).filter((file) => file.endsWith('.mdx')).map((file) => `books/${book}/${file.slice(0, -4)}/index.html`),
    );
    results.pageBytes = { build: annotated, ...pageBytes(path.join(dir, 'dist'), ONLY.includes('a') ? path.join(WORK, 'a', 'dist') : undefined, pages) };
    const p = results.pageBytes;
    log(`\nbench: chapter pages of (${annotated}): ${p.annotatedBytes} bytes each${p.plainBytes ? ` (plain: ${p.plainBytes})` : ''}; markers ${p.markersBytes}, wrappers ${p.wrappersBytes}, popovers ${p.popoversBytes}, JSON-LD ${p.jsonLdBytes}`);
  }
  const warmKeys = ['a', 'c'].filter((key) => ONLY.includes(key));
  if (warmKeys.length > 0) {
    log(`\nbench: warm rebuilds after a one-line edit (${warmKeys.join(', ')}), ${WARM_ROUNDS} rounds`);
    results.warm = runWarm({
      work: WORK,
      keys: warmKeys,
      rounds: WARM_ROUNDS,
      integration: (key) => Boolean(PROJECTS[key].integration),
      build: (dir, key, label, cold) => build(dir, key, label, timeBin, cold),
    });
    // The same with Astro's incremental builds on in both sites, the chapter route keyed by the chapter's file.
    log(`\nbench: warm rebuilds with Astro's incremental builds (${warmKeys.join(', ')}), ${WARM_ROUNDS} rounds`);
    for (const key of warmKeys) writeProject(path.join(WORK, key), key, { incremental: true });
    try {
      results.warmIncremental = runWarm({
        work: WORK,
        keys: warmKeys,
        rounds: WARM_ROUNDS,
        label: 'incremental',
        restores: true,
        integration: (key) => Boolean(PROJECTS[key].integration),
        build: (dir, key, label, cold) => build(dir, key, label, timeBin, cold),
      });
    } finally {
      for (const key of warmKeys) writeProject(path.join(WORK, key), key);
    }
  }
  if (ONLY.includes('c')) {
    log(`\nbench: astro dev on (c), ${DEV_ROUNDS} sidecar saves`);
    results.dev = await runDev({
      dir: path.join(WORK, 'c'),
      astroBin: ASTRO_BIN,
      rounds: DEV_ROUNDS,
      env: { ...env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
  }
}

// ---------------------------------------------------------------------------
// research-pack ingest of a large source ledger

function runIngest() {
  const timeBin = findGnuTime();
  const runs = [];
  results.ingest = {};
  for (const rows of [...new Set([Math.min(1000, INGEST_ROWS), INGEST_ROWS])]) {
    const { dir } = writeIngestProject({ repo: REPO, dir: path.join(WORK, `ingest-${rows}`), rows });
    log(`\nbench: \`research-pack ingest\` (dry run) of a ${rows}-row source ledger into the demo book's chapter 27`);
    const measuredRuns = [];
    let outcome;
    for (let run = 1; run <= Math.max(RUNS, 3); run += 1) {
      const measured = measure(timeBin, path.join(WORK, `ingest-${rows}-${run}.time`), [process.execPath, CLI_BIN, 'ingest', 'report.md', '--chapter', 'pi/27-chapter'], { cwd: dir });
      const output = `${measured.child.stdout}\n${measured.child.stderr}`;
      // A ledger that fits is planned (exit 0); one that would make the sidecar too long is refused at a row.
      const refused = /report\.md:\d+:\d+ +source-ledger\[\d+\] .*\[report\/too-large\]/.exec(output);
      if (measured.child.status !== 0 && !refused) throw new Error(`research-pack ingest of ${rows} rows exited with ${measured.child.status ?? measured.child.signal}:\n${output.split('\n').slice(0, 20).join('\n')}`);
      outcome = measured.child.status === 0 ? 'planned' : `refused at ${refused[0].split(/\s+/)[0]} (report/too-large)`;
      measuredRuns.push({ ms: measured.ms, cpuMs: measured.cpuMs, rssKiB: measured.rssKiB, othersShare: measured.othersShare });
      console.log(`ingest ${rows} rows run ${run}: ${(measured.ms / 1000).toFixed(2)} s (CPU ${(measured.cpuMs / 1000).toFixed(2)} s), ${outcome}`);
    }
    results.ingest[rows] = { rows, outcome, runs: measuredRuns, medianMs: Math.round(median(measuredRuns.map((r) => r.ms))), medianCpuMs: Math.round(median(measuredRuns.map((r) => r.cpuMs))) };
    runs.push(results.ingest[rows]);
  }
}

// ---------------------------------------------------------------------------
// Fingerprint throughput and anchoring (in their own process)

function runMicro() {
  // A book with claims: `check`'s, an annotated project's, or one of its own (a run of the plain projects alone has none).
  const annotated = ONLY.find((key) => PROJECTS[key].integration);
  const dir = existsSync(path.join(WORK, 'check')) ? path.join(WORK, 'check') : path.join(WORK, annotated ?? 'micro');
  if (!existsSync(path.join(dir, 'content'))) generateBook({ dir, chapters: CHAPTERS });
  log('\nbench: fingerprint throughput and anchoring');
  const child = spawnSync(process.execPath, [path.join(BENCH, 'micro.mjs'), dir, '--iterations', String(Math.max(RUNS, 3))], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`bench/micro.mjs exited with ${child.status ?? child.signal}:\n${child.stderr}`);
  const measured = JSON.parse(child.stdout.trim().split('\n').at(-1));
  results.fingerprint = measured.fingerprint;
  results.transform = measured.transform;
  results.marks = measured.marks;
  results.anchoring = measured.anchoring;
  log(`fingerprint: ${measured.fingerprint.mbPerSecond} MB/s (${measured.fingerprint.chapters} chapters, ${measured.fingerprint.api})`);
  for (const name of ['satteri', 'unified']) {
    const t = measured.transform[name];
    log(`claim transform (${name}): ${t.withoutMsPerChapter} → ${t.withMsPerChapter} ms per chapter`);
  }
  const m = measured.marks;
  log(`a page's marks, made per chapter: markers ${m.markersMsPerChapter} ms, popovers ${m.popoversMsPerChapter} ms, JSON-LD ${m.jsonLdMsPerChapter} ms`);
  log(`anchoring: ${measured.anchoring.quotes} quotes in ${measured.anchoring.words} words: ${measured.anchoring.medianMs} ms`);
}

// ---------------------------------------------------------------------------
// Report

function evaluate() {
  const ratio = (x, y) => (results.builds[x]?.medianMs && results.builds[y]?.medianMs ? round(results.builds[x].medianMs / results.builds[y].medianMs, 3) : undefined);
  results.ratios = { b_a: ratio('b', 'a'), c_a: ratio('c', 'a'), e_d: ratio('e', 'd') };
  // Ratios within each round (x and y built back to back), less exposed to drift.
  const paired = (x, y) => {
    const xs = results.builds[x]?.runs;
    const ys = results.builds[y]?.runs;
    return xs && ys ? round(median(xs.map((run, i) => run.ms / ys[i].ms)), 3) : undefined;
  };
  results.pairedRatios = { b_a: paired('b', 'a'), c_a: paired('c', 'a'), e_d: paired('e', 'd') };
  // CPU time (user + system) is less exposed to other work on the machine than wall time.
  const cpu = (x, y) => (results.builds[x]?.medianCpuMs && results.builds[y]?.medianCpuMs ? round(results.builds[x].medianCpuMs / results.builds[y].medianCpuMs, 3) : undefined);
  results.cpuRatios = { b_a: cpu('b', 'a'), c_a: cpu('c', 'a'), e_d: cpu('e', 'd') };
  const rss = (x, y) => (results.builds[x]?.medianRssMiB && results.builds[y]?.medianRssMiB ? round(results.builds[x].medianRssMiB / results.builds[y].medianRssMiB, 3) : undefined);
  results.memoryRatios = { b_a: rss('b', 'a'), c_a: rss('c', 'a'), e_d: rss('e', 'd') };
  if (results.warm?.a && results.warm?.c) {
    const xs = results.warm.c.runs;
    const ys = results.warm.a.runs;
    results.warmRatios = {
      c_a: round(results.warm.c.medianMs / results.warm.a.medianMs, 3),
      paired: round(median(xs.map((run, i) => run.ms / ys[i].ms)), 3),
      cpu: round(results.warm.c.medianCpuMs / results.warm.a.medianCpuMs, 3),
    };
  }
  if (results.warmIncremental?.a && results.warmIncremental?.c) {
    const { a, c } = results.warmIncremental;
    results.warmIncrementalRatios = {
      c_a: round(c.medianMs / a.medianMs, 3),
      paired: round(median(c.runs.map((run, i) => run.ms / a.runs[i].ms)), 3),
      cpu: round(c.medianCpuMs / a.medianCpuMs, 3),
    };
  }
  results.met = judge(results);
}

/**
 * Which targets a run met. A ratio's target is met only when both its
 * ratio of medians and its median of paired ratios (each round's builds
 * side by side: the issue's "medians of paired ratios") are within it.
 */
function judge(res) {
  const met = {};
  const within = (ratio, paired, target) => ratio <= target && (paired === undefined || paired <= target);
  for (const key of ['b_a', 'c_a', 'e_d']) if (res.ratios[key] !== undefined) met[key] = within(res.ratios[key], res.pairedRatios?.[key], TARGETS[key]);
  if (res.memoryRatios?.b_a !== undefined) met.memory_b_a = res.memoryRatios.b_a <= TARGETS.memory_b_a;
  if (res.warmRatios) met.warm_c_a = within(res.warmRatios.c_a, res.warmRatios.paired, TARGETS.warm_c_a);
  if (res.dev) met.dev = res.dev.medianMs < TARGETS.devMs;
  if (res.check) met.check = res.check.medianMs < TARGETS.checkSeconds * 1000;
  if (res.checkOneThread) met.checkOneThread = res.checkOneThread.medianMs < TARGETS.checkSeconds * 1000;
  const largest = res.ingest && Object.values(res.ingest).at(-1);
  if (largest) met.ingest = largest.medianMs < TARGETS.ingestSeconds * 1000;
  return met;
}

function table(res) {
  const lines = [];
  const s = (ms) => (ms / 1000).toFixed(2);
  lines.push('| build | median wall time | min–max | median CPU time | median peak RSS | max peak RSS | pages | others¹ |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [key, entry] of Object.entries(res.builds)) {
    const others = Math.max(...entry.runs.map((r) => r.othersShare));
    lines.push(
      `| (${key}) ${entry.label} | ${s(entry.medianMs)} s | ${s(entry.minMs)}–${s(entry.maxMs)} s | ${s(entry.medianCpuMs)} s | ` +
        `${entry.medianRssMiB} MiB | ${entry.peakRssMiB} MiB | ${entry.pages} | ${Math.round(others * 100)}% |`,
    );
  }
  lines.push('');
  lines.push('| measure | value (medians of wall time) | per-round median | CPU-time ratio | target | met |');
  lines.push('| --- | ---: | ---: | ---: | ---: | :---: |');
  const mark = (met) => (met === undefined ? '–' : met ? 'yes' : '**no**');
  const names = { b_a: 'b/a (annotation)', c_a: 'c/a (packs + report)', e_d: 'e/d (unified)' };
  for (const key of ['b_a', 'c_a', 'e_d']) {
    if (res.ratios[key] !== undefined) lines.push(`| ${names[key]} | ${res.ratios[key].toFixed(3)} | ${res.pairedRatios[key].toFixed(3)} | ${res.cpuRatios[key].toFixed(3)} | ≤ ${res.targets[key].toFixed(2)} | ${mark(res.met[key])} |`);
  }
  const mem = res.memoryRatios ?? {};
  if (mem.b_a !== undefined) lines.push(`| peak memory b/a (median peak RSS) | ${mem.b_a.toFixed(3)} | | | ≤ ${res.targets.memory_b_a.toFixed(2)} | ${mark(res.met.memory_b_a)} |`);
  if (mem.c_a !== undefined) lines.push(`| peak memory c/a | ${mem.c_a.toFixed(3)} | | | – | – |`);
  if (mem.e_d !== undefined) lines.push(`| peak memory e/d | ${mem.e_d.toFixed(3)} | | | – | – |`);
  if (res.warmRatios?.c_a !== undefined) {
    lines.push(`| warm rebuild after a one-line edit, c/a: a sidecar in (c) ${s(res.warm.c.medianMs)} s, the chapter in (a) ${s(res.warm.a.medianMs)} s | ${res.warmRatios.c_a.toFixed(3)} | ${res.warmRatios.paired.toFixed(3)} | ${res.warmRatios.cpu.toFixed(3)} | ≤ ${res.targets.warm_c_a.toFixed(2)} | ${mark(res.met.warm_c_a)} |`);
  }
  if (res.warmIncrementalRatios?.c_a !== undefined) {
    const { a, c } = res.warmIncremental;
    lines.push(`| the same with Astro's incremental builds on in both (\`experimental.incrementalBuild\`, the chapter route keyed by \`entry.digest\`), c/a: (c) ${s(c.medianMs)} s, ${c.rendered} pages rendered and ${c.restored} restored; (a) ${s(a.medianMs)} s, ${a.rendered} and ${a.restored} | ${res.warmIncrementalRatios.c_a.toFixed(3)} | ${res.warmIncrementalRatios.paired.toFixed(3)} | ${res.warmIncrementalRatios.cpu.toFixed(3)} | – | – |`);
  }
  if (res.dev) lines.push(`| \`astro dev\` on (c): a sidecar save to the updated chapter page (${res.dev.saves.length} saves; start-up ${s(res.dev.startupMs)} s) | ${res.dev.medianMs} ms | | | < ${res.targets.devMs} ms | ${mark(res.met.dev)} |`);
  if (res.check) lines.push(`| \`research-pack check\`, ${res.check.chapters} chapters, ${res.check.claims} claims, all threads | ${s(res.check.medianMs)} s (CPU ${s(res.check.medianCpuMs)} s) | | | < ${res.targets.checkSeconds} s | ${mark(res.met.check)} |`);
  if (res.checkOneThread) lines.push(`| \`research-pack check\`, the same, one thread | ${s(res.checkOneThread.medianMs)} s (CPU ${s(res.checkOneThread.medianCpuMs)} s) | | | < ${res.targets.checkSeconds} s | ${mark(res.met.checkOneThread)} |`);
  if (res.checkCached) lines.push(`| \`research-pack check --cache\`, the same, after one sidecar edit (the other chapters' checks kept) | ${s(res.checkCached.medianMs)} s (CPU ${s(res.checkCached.medianCpuMs)} s) | | | – | – |`);
  const ingests = res.ingest ? Object.values(res.ingest) : [];
  ingests.forEach((entry, index) => {
    const last = index === ingests.length - 1;
    lines.push(`| \`research-pack ingest\` (dry run), ${entry.rows.toLocaleString('en-US')}-row source ledger: ${entry.outcome} | ${s(entry.medianMs)} s (CPU ${s(entry.medianCpuMs)} s) | | | ${last ? `< ${res.targets.ingestSeconds} s` : '–'} | ${last ? mark(res.met.ingest) : '–'} |`);
  });
  if (res.pageBytes) {
    const p = res.pageBytes;
    lines.push(`| chapter page of (${p.build}), bytes (${p.claimsPerPage} claims a page): whole page${p.plainBytes ? ` vs (a)` : ''} | ${p.annotatedBytes}${p.plainBytes ? ` vs ${p.plainBytes}` : ''} | | | – | – |`);
    lines.push(`| … of which markers / claim wrappers / popovers / JSON-LD | ${p.markersBytes} / ${p.wrappersBytes} / ${p.popoversBytes} / ${p.jsonLdBytes} (popover ${p.popoverBytesPerClaim} a claim) | | | – | – |`);
  }
  if (res.fingerprint) lines.push(`| fingerprint throughput (${res.fingerprint.chapters} chapters, ${(res.fingerprint.bytes / 1e6).toFixed(1)} MB) | ${res.fingerprint.mbPerSecond} MB/s | | | – | – |`);
  if (res.transform) {
    for (const [name, label] of [['satteri', 'Sätteri `mdxToJs`'], ['unified', '`@mdx-js/mdx` (remark)']]) {
      const t = res.transform[name];
      lines.push(`| claim transform alone, ${label}, per chapter (${res.transform.chapters} chapters): without → with the plugin | ${t.withoutMsPerChapter} → ${t.withMsPerChapter} ms (${signed(round(t.withMsPerChapter - t.withoutMsPerChapter))} ms) | | | – | – |`);
    }
  }
  if (res.marks) {
    const m = res.marks;
    lines.push(`| making a chapter page's marks from its model, per chapter (${m.chapters} chapters, ${m.claims} claims): markers (annotations with each marker's HTML) / popovers / JSON-LD | ${m.markersMsPerChapter} / ${m.popoversMsPerChapter} / ${m.jsonLdMsPerChapter} ms | | | – | – |`);
  }
  if (res.anchoring) lines.push(`| anchoring ${res.anchoring.quotes} quotes in a ${res.anchoring.words.toLocaleString('en-US')}-word chapter | ${res.anchoring.medianMs} ms | | | – | – |`);
  lines.push('');
  lines.push('¹ the largest share of the machine\'s CPU that other processes used during one of the runs (from /proc/stat); a run above 10% is measured again, at most twice, and the least disturbed attempt is kept.');
  return lines.join('\n');
}

function printTable() {
  console.log(`\n${table(results)}\n`);
}

function writeResults() {
  const dir = path.join(BENCH, 'results');
  mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(path.join(dir, `${results.date.slice(0, 10)}.json`), json);
  writeFileSync(path.join(dir, 'latest.json'), json);
  writeFileSync(path.join(BENCH, 'README.md'), readme(results));
  log(`bench: wrote bench/results/${results.date.slice(0, 10)}.json, bench/results/latest.json and bench/README.md`);
}

/** The hand-written part of bench/README.md (after the marker), kept across runs. */
function readmeNotes() {
  const file = path.join(BENCH, 'README.md');
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(NOTES_MARKER);
  return at === -1 ? '' : text.slice(at + NOTES_MARKER.length).replace(/^\n+/, '');
}

function readme(res) {
  const m = res.machine;
  const notes = readmeNotes();
  const book = res.book.annotated ?? res.book.plain;
  return `# Benchmarks

\`npm run bench\` measures what Research Pack costs on top of a plain Astro
build. It generates a synthetic book (\`bench/generate.mjs\`: seeded, so every
run builds the same ${book.chapters} chapters of technical prose, ~${Math.round(book.bytes / book.chapters / 1000)} KB each,
with headings, emphasis, links, inline code, lists, tables and code fences,
about 20 claims per chapter as \`:claim[...]{#id}\` directives and quote
anchors, and sidecars whose sources and evidence pass \`research-pack check\`),
writes five projects side by side in \`.tmp/bench-*\` and builds them with the
real \`astro build\`, alternating a, b, c, d, e, a, b, c, ..., ${res.config.runs} times each.
Each project's package.json names what it uses, as a site's does; Astro, MDX
and the rest resolve from the workspace's install, and
\`@research-pack/core\`, \`markdown\` and \`astro\` are packed (\`npm pack\`) and
unpacked into the working folder's \`node_modules\`, as npm installs them for
a user. Through the workspace's links to \`packages/*\` Vite would treat
all three as source and bundle them into the server build; in a site only
\`@research-pack/astro\` is, for its components and routes:

- **(a)** plain Astro 7 + \`@astrojs/mdx\` on Sätteri, no integration: the floor
  (the same chapters with the directives stripped to their text);
- **(b)** with \`researchPack({ packs: false, report: false })\`: annotation only;
- **(c)** with every research pack and the report;
- **(d)** (a) on the unified processor (\`markdown: { processor: unified() }\`);
- **(e)** (c) on the unified processor.

Every build is cold (\`dist/\`, \`.astro/\` and \`node_modules/\` of the project
are removed first) and checked before its numbers count: every chapter page
exists, no \`:claim[\` is left, every claim of every chapter is marked in its
prose (\`data-claim-id\`), and every chapter's pack files and the report exist. Wall time is measured around the spawned
\`astro build\`; CPU time (user + system) and peak RSS are GNU
\`time -f "%M %U %S"\` of that process. The table shows medians; the ratios are
medians of wall time, the median of each round's ratio (the targets are
medians of paired ratios: a ratio's target counts as met only when both are
within it), and the ratio of median CPU time, which other work on a shared
machine disturbs less.

The machine may be shared. Before each measurement the bench waits (up to
\`BENCH_QUIET_WAIT\` seconds) until other processes use less than 10% of the
CPU, reads from \`/proc/stat\` how much CPU other processes used during the
run, and measures a run again (up to \`BENCH_RETRIES\` times) when they took
more than 10%.

It also measures \`research-pack check\` on a ${res.check?.chapters ?? 1000}-chapter generated book (the
real binary, exit 0 required), fingerprint throughput over every chapter of that
book, anchoring ${res.anchoring?.quotes ?? 20} quote anchors in a ${(res.anchoring?.words ?? 30000).toLocaleString('en-US')}-word chapter, and the claim transform
alone: the first ${res.transform?.chapters ?? 100} chapters compiled to JS with Sätteri's \`mdxToJs\` and with \`@mdx-js/mdx\`
(remark-gfm, remark-smartypants), without the claim plugin (directives
stripped) and with it, and the time to make a chapter page's marks from its
model (the annotations with each marker's HTML, the popovers' HTML, the
JSON-LD: what the integration's worker makes for each page), outside Astro
(\`bench/micro.mjs\`).

And, in the same run (\`bench/extra.mjs\`): the peak memory ratios of the
cold builds; what the markers, claim wrappers, popovers and JSON-LD add to a
chapter page of (b) or (c), in bytes; **warm rebuilds** of (a) and (c),
alternating, ${res.config.warmRounds ?? 4} rounds, with \`.astro/\` and \`node_modules/.astro\` kept from the
build before and one line edited first (in (c) one claim's rationale in a
sidecar, in (a) the first chapter), each checked to show the edit, and the
same again with Astro's incremental builds on in both sites
(\`experimental.incrementalBuild\`, the chapter route returning
\`cacheKey: entry.digest\`), where Astro restores the pages it may; **\`astro
dev\`** on (c), the time from saving a sidecar to the first response of the
chapter's page that shows the edit; \`research-pack check\` on all threads and
on one (\`RESEARCH_PACK_THREADS=1\`), each run cold (the book has no
\`node_modules\`, so nothing is kept between runs: this is the figure the
target is for), and \`research-pack check --cache\` after one claim's
rationale is edited, the other chapters' checks kept from the run before; and \`research-pack ingest\` (dry run) of
a 1,000-row and a ${(res.config.ingestRows ?? 10000).toLocaleString('en-US')}-row source ledger into the demo book's chapter 27 (the
larger one is refused at the row where the evidence sidecar would pass its
1,000,000-character limit: the time is the time to that answer).

## Latest results

${res.date.slice(0, 10)}, ${book.chapters} chapters (${(book.bytes / 1e6).toFixed(1)} MB of MDX, ${book.claims} claims), ${res.config.runs} runs per build:

${table(res)}

Machine: ${m.cpu}, ${m.nproc} cores, ${m.memoryGiB} GiB memory, ${m.os}; Node ${m.node}.
Full results: [\`results/latest.json\`](results/latest.json).

## Targets

| ratio | target |
| --- | --- |
| b/a: annotation only over the floor | ≤ 1.05 |
| c/a: packs and report over the floor | ≤ 1.35 |
| e/d: packs and report over plain unified | ≤ 1.25 |
| peak memory b/a | ≤ 1.10 |
| warm rebuild after one sidecar edit (c) over a warm plain rebuild after one chapter edit (a) | ≤ 1.10 |
| \`research-pack check\` on 1,000 chapters (all threads and one) | < 1.5 s |
| a sidecar edit visible in \`astro dev\` | < 300 ms |
| \`research-pack ingest\` of a 10,000-row ledger | < 2 s |

## Command

\`\`\`sh
npm run bench                         # build:packages, then node bench/run.mjs
BENCH_CHAPTERS=100 BENCH_RUNS=3 npm run bench
BENCH_ONLY=a,d npm run bench          # a subset; prints the table, writes nothing
node bench/generate.mjs <dir> --chapters 300 [--plain]   # just the book
\`\`\`

Run it through npm so the pinned Node 24 (\`node_modules/.bin/node\`) runs
Astro. \`BENCH_RUNS\` (default 3), \`BENCH_CHECK_CHAPTERS\` (default 1000),
\`BENCH_WARM_ROUNDS\` (4), \`BENCH_DEV_ROUNDS\` (5), \`BENCH_INGEST_ROWS\` (10000),
\`BENCH_SKIP_EXTRA=1\` and \`BENCH_KEEP=1\` (keep the working folder) tune it. A failed build, a failed
\`check\` or a build that did not annotate makes the run exit non-zero and
nothing is written. \`npm test\` does not run it.

## Profiling

\`\`\`sh
npm exec -- node bench/profile.mjs b          # astro build of (b) under --cpu-prof, top functions
npm exec -- node bench/profile.mjs a          # the floor, for comparison
npm exec -- node bench/profile-summary.mjs .tmp/bench-profile/b/profile/*.cpuprofile \\
  --base .tmp/bench-profile/a/profile/*.cpuprofile --inclusive   # where (b)'s extra time goes
npm exec -- node bench/profile.mjs check --chapters 1000        # research-pack check
\`\`\`

${NOTES_MARKER}

${notes}`;
}

// ---------------------------------------------------------------------------
// Helpers

function machine() {
  const cpu = os.cpus()[0]?.model?.trim() || 'unknown CPU';
  const nproc = Number(spawnSync('nproc', { encoding: 'utf8' }).stdout?.trim()) || os.availableParallelism();
  return {
    cpu,
    nproc,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

function summary(stats) {
  const { files, ...rest } = stats;
  return rest;
}

function countFiles(dir, ext) {
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) count += countFiles(full, ext);
    else if (entry.name.endsWith(ext)) count += 1;
  }
  return count;
}

function median(list) {
  const sorted = [...list].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function round(value, digits = 2) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function positiveNumber(name, fallback) {
  if (env[name] === undefined || env[name] === '') return fallback;
  const value = Number(env[name]);
  if (!Number.isFinite(value) || value <= 0) fail(`${name} must be a positive number, got "${env[name]}"`);
  return value;
}

function positiveInt(name, fallback) {
  if (env[name] === undefined || env[name] === '') return fallback;
  const value = Number(env[name]);
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be a positive integer, got "${env[name]}"`);
  return value;
}

function log(message) {
  console.log(message);
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}
