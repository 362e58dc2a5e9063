#!/usr/bin/env node
/**
 * In-process measurements, run in their own Node process by bench/run.mjs:
 *
 * - fingerprint throughput (MB/s) over every chapter of a generated book:
 *   `fingerprint(source)` when the core exports it, else
 *   `extractChapterText(parseChapter(source))`;
 * - anchoring 20 quotes in a 30,000-word chapter (`anchorClaims`).
 *
 *   node bench/micro.mjs <book dir> [--iterations 5]
 *
 * prints one JSON object on stdout.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateLongChapter } from './generate.mjs';

const { values, positionals } = parseArgs({
  options: { iterations: { type: 'string', default: '5' } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('usage: node bench/micro.mjs <project dir with content/books> [--iterations N]');
  process.exit(2);
}
const iterations = Math.max(1, Number(values.iterations));

const core = await import('@research-pack/core');
const markdown = await import('@research-pack/markdown');
for (const name of ['extractChapterText', 'anchorClaims']) {
  if (typeof core[name] !== 'function') throw new Error(`@research-pack/core does not export ${name}() yet`);
}
if (typeof markdown.parseChapter !== 'function') throw new Error('@research-pack/markdown does not export parseChapter() yet');

const parse = (source) => markdown.parseChapter(source, { format: 'mdx' });
// The `fingerprint` export takes a chapter source in some builds and a
// parsed tree in others; use it only when it accepts the source.
let fingerprintOf = (source) => core.extractChapterText(parse(source)).fingerprint;
let fingerprintApi = 'extractChapterText(parseChapter(source)).fingerprint';
if (typeof core.fingerprint === 'function') {
  try {
    const probe = '---\ntitle: "x"\nnumber: 1\n---\n\nSome *prose* here.\n';
    const value = core.fingerprint(probe);
    if (typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) && value === fingerprintOf(probe)) {
      fingerprintOf = (source) => core.fingerprint(source);
      fingerprintApi = 'fingerprint(source)';
    }
  } catch {
    // Not a source-taking function: keep the two-step call.
  }
}

const median = (list) => {
  const sorted = [...list].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------------------
// Fingerprint throughput

const booksDir = path.join(path.resolve(positionals[0]), 'content', 'books');
const sources = [];
for (const book of readdirSync(booksDir).sort()) {
  for (const file of readdirSync(path.join(booksDir, book)).sort()) {
    if (file.endsWith('.mdx')) sources.push(readFileSync(path.join(booksDir, book, file), 'utf8'));
  }
}
const bytes = sources.reduce((sum, source) => sum + Buffer.byteLength(source), 0);
for (const source of sources.slice(0, 20)) fingerprintOf(source); // warm-up
const fingerprintMs = [];
for (let i = 0; i < iterations; i += 1) {
  const started = performance.now();
  for (const source of sources) fingerprintOf(source);
  fingerprintMs.push(performance.now() - started);
}
const fingerprintMedian = median(fingerprintMs);

// ---------------------------------------------------------------------------
// Anchoring 20 quotes in a 30,000-word chapter

const long = generateLongChapter({ words: 30_000, quotes: 20 });
const text = core.extractChapterText(parse(long.source));
const files = {
  chapter: 'content/books/long/0001-long.mdx',
  claims: 'content/books/long/0001-long.claims.yaml',
  locate: () => ({ line: 1, column: 1 }),
};
const first = core.anchorClaims(text, long.claims, files);
const anchored = first.anchors.size;
const problems = first.problems.filter((problem) => problem.severity === 'error');
if (anchored !== long.claims.length || problems.length > 0) {
  throw new Error(
    `anchoring: ${anchored} of ${long.claims.length} quotes anchored; problems:\n` +
      first.problems.map((problem) => `${problem.rule} ${problem.message}`).join('\n'),
  );
}
const anchorMs = [];
for (let i = 0; i < Math.max(iterations, 10); i += 1) {
  const started = performance.now();
  core.anchorClaims(text, long.claims, files);
  anchorMs.push(performance.now() - started);
}
const parseMs = [];
for (let i = 0; i < iterations; i += 1) {
  const started = performance.now();
  core.extractChapterText(parse(long.source));
  parseMs.push(performance.now() - started);
}

console.log(
  JSON.stringify({
    fingerprint: {
      api: fingerprintApi,
      chapters: sources.length,
      bytes,
      iterations,
      medianMs: round(fingerprintMedian),
      mbPerSecond: round(bytes / 1e6 / (fingerprintMedian / 1000)),
    },
    anchoring: {
      words: long.words,
      bytes: Buffer.byteLength(long.source),
      quotes: long.claims.length,
      anchored,
      medianMs: round(median(anchorMs)),
      parseAndExtractMs: round(median(parseMs)),
    },
  }),
);

function round(value) {
  return Math.round(value * 100) / 100;
}
