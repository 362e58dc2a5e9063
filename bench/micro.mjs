#!/usr/bin/env node
/**
 * In-process measurements, run in their own Node process by bench/run.mjs:
 *
 * - fingerprint throughput (MB/s) over every chapter of a generated book:
 *   `fingerprint(source)` when the core exports it, else
 *   `extractChapterText(parseChapter(source))`;
 * - anchoring 20 quotes in a 30,000-word chapter (`anchorClaims`);
 * - the claim transform alone: the first chapters of the book compiled to JS
 *   with Sätteri's `mdxToJs` (as @astrojs/markdown-satteri does) and with
 *   `@mdx-js/mdx` (remark-gfm and remark-smartypants, as on unified), each
 *   without the claim plugin (directives stripped, as in the floor build) and
 *   with it, given the options and annotations the integration gives it
 *   (popovers left to the page, each marker's HTML made beforehand, on
 *   Sätteri each marker a call into the model). Astro's
 *   own work is left out, so this shows what the plugin costs per chapter
 *   without the noise of a whole build.
 *
 *   node bench/micro.mjs <book dir> [--iterations 5]
 *
 * prints one JSON object on stdout.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { AS_OF, generateLongChapter } from './generate.mjs';

const { values, positionals } = parseArgs({
  options: { iterations: { type: 'string', default: '5' }, 'transform-chapters': { type: 'string', default: '100' } },
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

const rootDir = path.resolve(positionals[0]);
const booksDir = path.join(rootDir, 'content', 'books');
const sources = [];
const files = [];
for (const book of readdirSync(booksDir).sort()) {
  for (const file of readdirSync(path.join(booksDir, book)).sort()) {
    if (!file.endsWith('.mdx')) continue;
    files.push(path.join(booksDir, book, file));
    sources.push(readFileSync(path.join(booksDir, book, file), 'utf8'));
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
const anchorFiles = {
  chapter: 'content/books/long/0001-long.mdx',
  claims: 'content/books/long/0001-long.claims.yaml',
  locate: () => ({ line: 1, column: 1 }),
};
const first = core.anchorClaims(text, long.claims, anchorFiles);
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
  core.anchorClaims(text, long.claims, anchorFiles);
  anchorMs.push(performance.now() - started);
}
const parseMs = [];
for (let i = 0; i < iterations; i += 1) {
  const started = performance.now();
  core.extractChapterText(parse(long.source));
  parseMs.push(performance.now() - started);
}

// ---------------------------------------------------------------------------
// The claim transform alone, per chapter

const transform = await measureTransform(Math.min(Number(values['transform-chapters']), files.length));

// ---------------------------------------------------------------------------
// What a chapter page's marks cost to make, per chapter

const marks = measureMarks(Math.min(Number(values['transform-chapters']), files.length));

console.log(
  JSON.stringify({
    transform,
    marks,
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

async function measureTransform(count) {
  const { parseFrontmatter } = await import('@astrojs/markdown-remark');
  const { mdxToJs } = await import('satteri');
  const { compile } = await import('@mdx-js/mdx');
  const remarkGfm = (await import('remark-gfm')).default;
  const remarkSmartypants = (await import('remark-smartypants')).default;
  const remarkDirective = (await import('remark-directive')).default;

  const model = bookModel();
  const annotations = new Map();
  for (const book of model.books) {
    for (const chapter of book.chapters) {
      // As the integration's workers derive them: each marker's HTML made once, beside the claim.
      const made = core.claimAnnotations(chapter, {});
      annotations.set(path.resolve(rootDir, chapter.file), { ...made, claims: made.claims.map((claim) => ({ ...claim, markerHtml: core.claimMarkerHtml(claim) })) });
    }
  }
  // The integration's options: popovers are rendered by the page (ChapterProvenance), not compiled into the chapter;
  // on Sätteri each marker is a call into the model (the unified plugin ignores `markerModule`).
  const options = { annotations: (file) => annotations.get(path.resolve(file)), popovers: 'page', restoreDirectives: true, markerModule: { from: '@research-pack/astro/marker', name: 'claimMarker' } };
  const chapters = files.slice(0, count).map((file, i) => {
    // As @astrojs/mdx: frontmatter blanked, positions kept.
    const content = parseFrontmatter(sources[i], { frontmatter: 'empty-with-spaces' }).content;
    return { file, content, plain: content.replace(/:claim\[([^\]]*)\]\{#[a-z0-9-]+\}/g, '$1') };
  });
  const features = { gfm: true, smartPunctuation: true };
  const satteri = {
    without: (chapter) => mdxToJs(chapter.plain, { features, fileURL: pathToFileURL(chapter.file), jsxImportSource: 'astro', elementAttributeNameCase: 'html' }),
    with: (chapter) =>
      mdxToJs(chapter.content, {
        mdastPlugins: [markdown.satteriClaims(options)],
        features: { ...features, directive: true },
        fileURL: pathToFileURL(chapter.file),
        jsxImportSource: 'astro',
        elementAttributeNameCase: 'html',
      }),
  };
  const unified = {
    without: (chapter) => compile({ value: chapter.plain, path: chapter.file }, { remarkPlugins: [remarkGfm, remarkSmartypants], jsxImportSource: 'astro' }),
    with: (chapter) =>
      compile(
        { value: chapter.content, path: chapter.file },
        { remarkPlugins: [remarkGfm, remarkSmartypants, remarkDirective, [markdown.remarkClaims, options]], jsxImportSource: 'astro' },
      ),
  };
  const result = { chapters: chapters.length };
  for (const [name, variants] of Object.entries({ satteri, unified })) {
    // Marked claims must show up in the compiled output.
    const probe = String((await variants.with(chapters[0])).code ?? (await variants.with(chapters[0])));
    if (!probe.includes('data-claim-id') && !probe.includes('dataClaimId')) throw new Error(`transform (${name}): no claim marked in the compiled chapter`);
    const times = { without: [], with: [] };
    for (let i = 0; i < Math.max(3, Math.min(iterations, 5)); i += 1) {
      for (const variant of ['without', 'with']) {
        const started = performance.now();
        for (const chapter of chapters) await variants[variant](chapter);
        times[variant].push(performance.now() - started);
      }
    }
    const without = median(times.without);
    const withClaims = median(times.with);
    result[name] = {
      withoutMsPerChapter: round(without / chapters.length),
      withMsPerChapter: round(withClaims / chapters.length),
      ratio: round(withClaims / without),
    };
  }
  return result;
}

/** The book's model, built once for the measurements that need it. */
function bookModel() {
  if (bookModel.model) return bookModel.model;
  const { model, problems } = core.buildModel({ rootDir, parse: (source, { format }) => parse(source, { format }), today: AS_OF });
  if (!model) throw new Error(`the book has problems:\n${core.formatProblems(problems)}`);
  return (bookModel.model = model);
}

/**
 * What the integration's worker makes for each chapter's page, from its
 * model, timed apart: the annotations with each marker's HTML (what the
 * claim transform marks the page with), the popovers' HTML and the
 * JSON-LD. Milliseconds per chapter, medians of the rounds.
 */
function measureMarks(count) {
  const chapters = bookModel().books.flatMap((book) => book.chapters).slice(0, count);
  const urls = { site: 'https://bench.example.org', chapters: '/books', research: '/research' };
  const packUrl = (chapter) => `/research/books/${chapter.book}/${chapter.slug}/`;
  const parts = {
    markers: (chapter) => core.claimAnnotations(chapter, { packUrl: packUrl(chapter), popovers: false }).claims.map((claim) => core.claimMarkerHtml(claim)),
    popovers: (chapter) => core.chapterPopoversHtml(chapter, { packUrl: packUrl(chapter) }),
    jsonLd: (chapter) => core.claimReviewJsonLd(chapter, urls),
  };
  // Each part must make something for these chapters (they all have claims).
  for (const [name, make] of Object.entries(parts)) {
    const made = make(chapters[0]);
    if ((Array.isArray(made) ? made.join('') : made).length === 0) throw new Error(`marks (${name}): nothing made for ${chapters[0].id}`);
  }
  const result = { chapters: chapters.length, claims: chapters.reduce((sum, chapter) => sum + chapter.claims.length, 0) };
  for (const [name, make] of Object.entries(parts)) {
    const times = [];
    for (let i = 0; i < Math.max(3, Math.min(iterations, 5)); i += 1) {
      const started = performance.now();
      for (const chapter of chapters) make(chapter);
      times.push(performance.now() - started);
    }
    result[`${name}MsPerChapter`] = round(median(times) / chapters.length);
  }
  return result;
}

function round(value) {
  return Math.round(value * 100) / 100;
}
