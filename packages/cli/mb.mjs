import { readdirSync, readFileSync } from 'node:fs';
import { parseChapter } from '@research-pack/markdown';
import { extractChapterText } from '@research-pack/core';
const root = '/tmp/gb1/content/books/bench-book-1';
const files = readdirSync(root).filter(f => f.endsWith('.mdx')).slice(0, 300).map(f => readFileSync(`${root}/${f}`, 'utf8'));
const trees = files.map(s => parseChapter(s, { format: 'mdx' }));
for (let r = 0; r < 30; r++) {
  const t = performance.now();
  for (let i = 0; i < trees.length; i++) extractChapterText(trees[i], { source: files[i] });
  console.log('extract 300', (performance.now() - t).toFixed(0));
}
