/**
 * Build a project's model on threads with later passes, with the built
 * packages, in plain Node (worker threads cannot load the TypeScript
 * sources the test runner reads). Used by later.test.ts.
 *
 *   node later-run.mjs <project root> <as-of> '<JSON { threads, mainThreadTakes, failIn, exitIn, awaitLate }>'
 *
 * prints what the first call and each later pass made of each chapter, by
 * chapter id, or the error a pass was rejected with; or `{ failed }` when the
 * build itself failed.
 */
import { buildModelOnThreads } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';

const [root, asOf, threading] = [process.argv[2], process.argv[3], JSON.parse(process.argv[4])];
const { failIn, exitIn, awaitLate, ...rest } = threading;
let built;
try {
  built = await buildModelOnThreads({
    rootDir: root,
    asOf,
    parse: parseChapter,
    parser: { url: import.meta.resolve('@research-pack/markdown/parse'), name: 'parseChapter' },
    ...rest,
    derive: { url: new URL('./later-derive.mjs', import.meta.url).href, name: 'first', context: { failIn, exitIn }, later: ['pages', 'artifacts'] },
  });
} catch (error) {
  // Said, and then the process ends by itself: a worker left waiting would keep it alive.
  process.stdout.write(JSON.stringify({ failed: error.message }));
}
if (built) {
  // `awaitLate`: the passes are awaited only after they have settled (one may have failed meanwhile).
  if (awaitLate) await new Promise((resolve) => setTimeout(resolve, 3000));
  const later = [];
  for (const pass of built.later) {
    try {
      later.push(Object.fromEntries(await pass));
    } catch (error) {
      later.push({ error: error.message });
    }
  }
  const chapters = built.model.books.flatMap((book) => book.chapters.map((chapter) => chapter.id));
  process.stdout.write(JSON.stringify({ chapters, derived: Object.fromEntries(built.derived), later }));
}
