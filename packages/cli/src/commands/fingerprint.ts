/**
 * `research-pack fingerprint <chapter file>`: the sha256 of a chapter's snapshot.
 */
import path from 'node:path';
import { formatProblem } from '@research-pack/core/problems';
import { deepMarkdownProblem, deepNodePlace, deepSourcePlace, extractChapterText } from '@research-pack/core/text';
import { parseChapter } from '@research-pack/markdown/parse';
import { expectPositionals } from '../args.js';
import { CliError, EXIT } from '../io.js';
import { readText } from '../files.js';
import type { Command } from './types.js';

/** Print the fingerprint of one chapter file. */
export const fingerprint: Command = async (positionals, _values, io) => {
  expectPositionals(positionals, 1, '<chapter file>');
  const given = positionals[0]!;
  const file = path.resolve(io.cwd, given);
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.mdx' && extension !== '.md') throw new CliError(`expected a chapter file ending in .mdx or .md, got "${given}"`);
  const source = await readText(file, given);
  // Nesting is bounded as `check` bounds it: before the parse, then before the text is extracted (which recurses).
  const unparsable = deepSourcePlace(source);
  if (unparsable) throw new CliError(formatProblem(deepMarkdownProblem('chapter/too-deep', given, unparsable)), EXIT.problems);
  let root;
  try {
    root = parseChapter(source, { format: extension === '.md' ? 'md' : 'mdx' });
  } catch (error) {
    throw new CliError(`${given}: cannot be parsed: ${(error as Error).message}`, EXIT.problems);
  }
  const deep = deepNodePlace(root);
  if (deep) throw new CliError(formatProblem(deepMarkdownProblem('chapter/too-deep', given, deep)), EXIT.problems);
  io.stdout(`${extractChapterText(root).fingerprint}\n`);
  return EXIT.ok;
};
