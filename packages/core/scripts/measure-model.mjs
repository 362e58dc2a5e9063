/**
 * How long `buildModel` takes without the Markdown parser: a quick check
 * that loading, validation and anchoring stay well under a second for a
 * book of 300 chapters. Run after `tsc -b` (it reads dist/):
 *
 *   node packages/core/scripts/measure-model.mjs [projectRoot] [--chapters 300]
 *
 * Without a project root it generates one with `bench/generate.mjs`. Every
 * chapter is parsed up front with `@research-pack/markdown` (built), so the
 * timings are the core's own. The first build is cold, as in `astro build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildModel, createModelCache, loadBooks, validateBook } from '../dist/index.js';

const { values, positionals } = parseArgs({ options: { chapters: { type: 'string', default: '300' } }, allowPositionals: true });
let root = positionals[0];
if (!root) {
  const { generateBook } = await import('../../../bench/generate.mjs');
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-measure-'));
  generateBook({ dir: root, chapters: Number(values.chapters) });
}
const today = '2026-11-01';

// The real parser, run up front: the core never imports it, this script only borrows it.
const { parseChapter } = await import('../../markdown/dist/index.js');

const trees = new Map();
const parse = (source, { file }) => {
  let tree = trees.get(file);
  if (!tree) trees.set(file, (tree = parseChapter(source, { file, format: file.endsWith('.md') ? 'md' : 'mdx' })));
  return tree;
};
// Parse first, so that no timing below includes it.
const chapterFiles = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.mdx?$/.test(entry.name)) chapterFiles.push(full);
  }
})(path.join(root, 'content/books'));
for (const full of chapterFiles) parse(fs.readFileSync(full, 'utf8').replace(/^\uFEFF/, ''), { file: path.relative(root, full).split(path.sep).join('/') });

const time = (label, run) => {
  const start = performance.now();
  const result = run();
  console.log(`${label.padEnd(34)} ${(performance.now() - start).toFixed(0).padStart(6)} ms`);
  return result;
};

const first = time('buildModel, first (cold)', () => buildModel({ rootDir: root, parse, today }));
const loaded = time('loadBooks', () => loadBooks(root));
time('validateBook, every book', () => loaded.books.map((book) => validateBook(book, { asOf: today })));
for (let round = 0; round < 3; round++) time('buildModel, again', () => buildModel({ rootDir: root, parse, today }));
const cache = createModelCache();
time('buildModel with a cache, first', () => buildModel({ rootDir: root, parse, today, cache }));
time('buildModel with a cache, unchanged', () => buildModel({ rootDir: root, parse, today, cache }));
const chapters = first.model?.books.reduce((count, book) => count + book.chapters.length, 0) ?? 0;
console.log(`${chapters} chapters, ${first.problems.length} problems, model ${first.model ? 'built' : 'not built'} (${root})`);
