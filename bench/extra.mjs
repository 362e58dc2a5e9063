/**
 * The bench's measurements beyond cold builds (see bench/run.mjs): warm
 * rebuilds after a one-line edit, the dev server's time from a sidecar save
 * to the updated page, what the markers and popovers add to a page, and an
 * ingest of a 10,000-row source ledger.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The first chapter of the generated book, with its sidecar. */
export function firstChapter(dir) {
  const booksDir = path.join(dir, 'content', 'books');
  const book = readdirSync(booksDir).sort()[0];
  const chapter = readdirSync(path.join(booksDir, book)).filter((file) => file.endsWith('.mdx')).sort()[0].slice(0, -4);
  return { book, chapter, mdx: path.join(booksDir, book, `${chapter}.mdx`), claims: path.join(booksDir, book, `${chapter}.claims.yaml`), page: `books/${book}/${chapter}/index.html` };
}

/**
 * A one-line edit a reader sees: in a sidecar, a claim's one-line rationale
 * gets a marker word (it shows in the claim's popover); in a plain chapter,
 * the last paragraph does.
 * @returns the word to look for in the rebuilt page.
 */
export function editOnce(file, round) {
  const word = `Edited${round}x`;
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.claims.yaml')) {
    const line = /^( {6}rationale: )(?:Edited\d+x )?([^>|\n][^\n]*)$/m;
    if (!line.test(text)) throw new Error(`no one-line rationale to edit in ${file}`);
    writeFileSync(file, text.replace(line, `$1${word} $2`));
  } else {
    writeFileSync(file, `${text.replace(/\n\nEdited\d+x\.\n$/, '\n')}\nEdited${round}x.\n`.replace(/\n\n\n+/g, '\n\n'));
  }
  return word;
}

/**
 * Warm rebuilds: the project's caches kept from the build before, one file
 * edited (a sidecar for an integration's project, the chapter for a plain
 * one), rebuilt; alternating between the projects, `rounds` times each.
 * @param options `{ work, keys, rounds, build: (dir, key, label) => measured, integration: (key) => boolean }`;
 *   `label` names the runs (`warm`), and `restores` requires each rebuild to have restored pages (Astro's incremental builds on).
 * @returns per key: the runs, their medians, and the median counts of pages rendered and restored.
 */
export function runWarm({ work, keys, rounds, build, integration, label = 'warm', restores = false }) {
  const out = {};
  for (const key of keys) {
    const dir = path.join(work, key);
    // One warm-up build fills the caches (the cold runs removed them before each build).
    process.stdout.write(`${label} ${key}: filling the caches ... `);
    const first = build(dir, key, `${label}-0`, false);
    console.log(`${(first.ms / 1000).toFixed(2)} s`);
    out[key] = { runs: [] };
  }
  for (let round = 1; round <= rounds; round += 1) {
    for (const key of keys) {
      const dir = path.join(work, key);
      const chapter = firstChapter(dir);
      const file = integration(key) ? chapter.claims : chapter.mdx;
      const word = editOnce(file, round);
      process.stdout.write(`${label} ${key} round ${round}/${rounds}, ${path.basename(file)} edited ... `);
      const measured = build(dir, key, `${label}-${round}`, false);
      const page = readFileSync(path.join(dir, 'dist', chapter.page), 'utf8');
      if (!page.includes(word)) throw new Error(`warm rebuild of ${key}: ${chapter.page} does not show the edit (${word})`);
      // With incremental builds on, a rebuild that restored nothing would measure a build the flag did not change.
      if (restores && !measured.restored) throw new Error(`${label} rebuild of ${key}: Astro restored no page (${measured.rendered} rendered)`);
      out[key].runs.push(measured);
      console.log(`${(measured.ms / 1000).toFixed(2)} s (CPU ${(measured.cpuMs / 1000).toFixed(2)} s), ${measured.rendered} pages rendered, ${measured.restored} restored`);
    }
  }
  for (const entry of Object.values(out)) {
    entry.medianMs = Math.round(median(entry.runs.map((run) => run.ms)));
    entry.medianCpuMs = Math.round(median(entry.runs.map((run) => run.cpuMs)));
    entry.rendered = Math.round(median(entry.runs.map((run) => run.rendered ?? NaN)));
    entry.restored = Math.round(median(entry.runs.map((run) => run.restored ?? NaN)));
  }
  return out;
}

/**
 * `astro dev` on a project: the time from saving a sidecar to the first
 * response of the chapter's page that shows the edit, `rounds` times.
 * @param options `{ dir, astroBin, rounds, env }`.
 * @returns the start-up time, each save's time and their median.
 */
export async function runDev({ dir, astroBin, rounds, env }) {
  const chapter = firstChapter(dir);
  const started = performance.now();
  const child = spawn(process.execPath, [astroBin, 'dev', '--port', '0', '--host', '127.0.0.1'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`astro dev did not start within 300 s:\n${output.slice(-2000)}`)), 300_000);
    const onData = (data) => {
      output += data;
      // Astro's banner: "Local    http://127.0.0.1:4321/" (colours off).
      const found = /(http:\/\/(?:127\.0\.0\.1|localhost):\d+)\//.exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`astro dev exited with ${code}:\n${output.slice(-2000)}`)));
  });
  const url = `${base}/books/${chapter.book}/${chapter.chapter}/`;
  try {
    // The first request compiles the page; it is not measured.
    const first = await fetch(url);
    if (!first.ok) throw new Error(`astro dev: ${url} answered ${first.status}`);
    await first.text();
    const startupMs = Math.round(performance.now() - started);
    const saves = [];
    for (let round = 1; round <= rounds; round += 1) {
      const before = performance.now();
      const word = editOnce(chapter.claims, 100 + round);
      for (;;) {
        const response = await fetch(url);
        const html = await response.text();
        if (html.includes(word)) break;
        if (performance.now() - before > 60_000) throw new Error(`astro dev: ${url} did not show the edit (${word}) within 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      saves.push(Math.round(performance.now() - before));
      process.stdout.write(`dev save ${round}/${rounds}: ${saves.at(-1)} ms\n`);
      // Let the watcher settle before the next save.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return { startupMs, saves, medianMs: Math.round(median(saves)), chapter: `${chapter.book}/${chapter.chapter}` };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve) : resolve()));
  }
}

/**
 * What the claims add to the chapter pages of a build: the markers, the
 * wrappers around the claims' text, the popovers and the JSON-LD, in bytes
 * per page, against the same pages of the plain build.
 * @param withDist the annotated build's dist/.
 * @param plainDist the plain build's dist/.
 * @param pages the chapter pages (relative paths).
 */
export function pageBytes(withDist, plainDist, pages) {
  const total = { pages: 0, annotated: 0, plain: 0, markers: 0, wrappers: 0, popovers: 0, jsonLd: 0, claims: 0 };
  for (const page of pages) {
    const html = readFileSync(path.join(withDist, page), 'utf8');
    total.pages += 1;
    total.annotated += Buffer.byteLength(html);
    if (plainDist && existsSync(path.join(plainDist, page))) total.plain += Buffer.byteLength(readFileSync(path.join(plainDist, page), 'utf8'));
    for (const match of html.matchAll(/<button type="button" class="rp-marker"[\s\S]*?<\/button>/g)) total.markers += Buffer.byteLength(match[0]);
    for (const match of html.matchAll(/<span class="rp-claim"[^>]*>/g)) {
      total.wrappers += Buffer.byteLength(match[0]) + '</span>'.length;
      total.claims += 1;
    }
    // The container opens with attributes after its class (`data-pagefind-ignore`): matched without its `>`.
    const popovers = balancedDiv(html, '<div class="rp-popovers"');
    // A page with claims has their popovers: a measure that finds none has lost its pattern, not the popovers.
    if (popovers === '' && /<span class="rp-claim"/.test(html)) throw new Error(`bench: ${page} marks claims but no <div class="rp-popovers"> was found: the page-bytes measure no longer matches the page`);
    total.popovers += Buffer.byteLength(popovers);
    for (const match of html.matchAll(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g)) total.jsonLd += Buffer.byteLength(match[0]);
  }
  const per = (value) => Math.round(value / Math.max(1, total.pages));
  return {
    pages: total.pages,
    claimsPerPage: round(total.claims / Math.max(1, total.pages), 1),
    annotatedBytes: per(total.annotated),
    plainBytes: plainDist ? per(total.plain) : undefined,
    markersBytes: per(total.markers),
    wrappersBytes: per(total.wrappers),
    popoversBytes: per(total.popovers),
    jsonLdBytes: per(total.jsonLd),
    popoverBytesPerClaim: Math.round(total.popovers / Math.max(1, total.claims)),
  };
}

function balancedDiv(html, open) {
  const start = html.indexOf(open);
  if (start === -1) return '';
  let depth = 0;
  for (const tag of html.slice(start).matchAll(/<(\/?)div\b[^>]*>/g)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, start + tag.index + tag[0].length);
  }
  return html.slice(start);
}

/**
 * A copy of the demo book and a report on its chapter 27 whose source
 * ledger has `rows` new sources (a third with DOIs), for `research-pack ingest`.
 * @returns the folder and the report's path.
 */
export function writeIngestProject({ repo, dir, rows }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(repo, 'content'), path.join(dir, 'content'), { recursive: true });
  cpSync(path.join(repo, 'research-pack.config.mjs'), path.join(dir, 'research-pack.config.mjs'));
  const template = readFileSync(path.join(repo, 'packages/cli/test/fixtures/reports/complete.md'), 'utf8');
  const lines = [];
  for (let index = 0; index < rows; index += 1) {
    const doi = index % 3 === 0 ? `, doi:10.5555/bench.${index}` : '';
    lines.push(`| Bench source ${index}: a study of session files, part ${(index * 7919) % 10007} | Author ${index}, 2026${doi} | https://example.org/papers/${index} | abstract only | supports \`one-object-per-line\` | None | 2026-11-30 / 2026-11-30 |`);
  }
  const start = template.indexOf('## 3. Source ledger');
  const end = template.indexOf('## 4. Findings');
  const header = '| Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |\n| --- | --- | --- | --- | --- | --- | --- |\n';
  const report = path.join(dir, 'report.md');
  writeFileSync(report, `${template.slice(0, start)}## 3. Source ledger\n\n${header}${lines.join('\n')}\n\n${template.slice(end)}`);
  return { dir, report };
}

/** The median of a list of numbers. */
export function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value, digits = 2) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** GNU time, which reports a command's peak RSS (`-f %M`); undefined when the machine has none. */
export function findGnuTime() {
  for (const candidate of ['/usr/bin/time', '/bin/time']) {
    if (!existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['-f', '%M', 'true'], { encoding: 'utf8' });
    if (probe.status === 0 && /^\d+\s*$/.test(probe.stderr.trim().split('\n').at(-1) ?? '')) return candidate;
  }
  return undefined;
}
