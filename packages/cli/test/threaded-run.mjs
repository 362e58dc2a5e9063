/**
 * Check and build a project on threads, with the built packages, in plain
 * Node (the test runner reads the TypeScript sources, which worker threads
 * cannot load). Used by check.test.ts.
 *
 *   node threaded-run.mjs <project root> <as-of> '<JSON list of { threads, mainThreadTakes }>'
 *
 * prints, per threading, the model and problems of `buildModelOnThreads` and
 * the problems and hints of `checkProblemsOnThreads`, as JSON.
 */
import { buildModelOnThreads, checkProblemsOnThreads } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';

const [root, asOf, threadings] = [process.argv[2], process.argv[3], JSON.parse(process.argv[4])];
const parser = { url: import.meta.resolve('@research-pack/markdown/parse'), name: 'parseChapter' };
const runs = [];
for (const threading of threadings) {
  const options = { rootDir: root, asOf, parse: parseChapter, parser, ...threading };
  const built = await buildModelOnThreads(options);
  const checked = await checkProblemsOnThreads(options);
  runs.push({ threading, model: built.model, problems: built.problems, checked: checked.problems, hints: checked.hints });
}
process.stdout.write(JSON.stringify(runs));
