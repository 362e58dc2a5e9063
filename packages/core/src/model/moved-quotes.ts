/**
 * A claim whose quote is no longer found in its chapter, or found only
 * approximately or between other words, while another chapter has its words
 * as written: the sentence was probably moved there (an outside author's
 * finding: `check` named neither that chapter nor the command that carries
 * the claim over, and offered to re-anchor the claim on what was left, or
 * to remove it, which drops its verdict and evidence). Its problem is said
 * again with a hint that names the chapter and `research-pack move-claim`.
 * Read only for such problems: the other chapters' files, once each.
 */
import path from 'node:path';
import { parse } from 'yaml';
import type { BookListings } from '../load/books.js';
import { readChapterSource } from '../load/books.js';
import { relativePath } from '../load/paths.js';
import { readBookFile } from '../load/book-files.js';
import type { Problem } from '../problems/problem.js';
import { foldText, normalizeProse } from '../text/normalize.js';

/** The anchor problems of a claim whose words may have moved to another chapter. */
const MOVED_RULES = new Set(['anchor/orphan', 'anchor/fuzzy', 'anchor/context-changed']);
/** Shorter quotes say too little to tell a moved sentence from a phrase two chapters share. */
const MIN_WORDS = 6;

/**
 * Hints for claims whose words are in another chapter.
 * @param rootDir the project root.
 * @param listing the books.
 * @param problems every problem of the project.
 * @returns the problems to replace, by the problem they replace.
 */
export function movedQuotes(rootDir: string, listing: BookListings, problems: readonly Problem[]): Map<Problem, Problem> {
  const replaced = new Map<Problem, Problem>();
  const candidates = problems.filter((problem) => MOVED_RULES.has(problem.rule) && /^claims\[\d+\]\.anchor/.test(problem.path));
  if (candidates.length === 0) return replaced;
  const chapters = listing.books.flatMap((book) =>
    book.chapters.map((entry) => {
      const folder = path.dirname(entry.path);
      const claims = entry.sidecars.claims === undefined ? undefined : relativePath(rootDir, path.join(folder, entry.sidecars.claims));
      return { book: book.slug, entry, file: relativePath(rootDir, entry.path), claims };
    }),
  );
  const texts = new Map<string, string>();
  const textOf = (chapter: (typeof chapters)[number]) => {
    let text = texts.get(chapter.file);
    if (text === undefined) texts.set(chapter.file, (text = flat(readChapterSource(chapter.entry.path, chapter.file, rootDir) ?? '')));
    return text;
  };
  const sidecars = new Map<string, unknown>();
  for (const problem of candidates) {
    const own = chapters.find((chapter) => chapter.claims === problem.file);
    if (!own) continue;
    if (!sidecars.has(problem.file)) sidecars.set(problem.file, readClaims(rootDir, problem.file));
    const claim = (sidecars.get(problem.file) as { claims?: Array<{ id?: unknown; anchor?: { quote?: unknown } }> } | undefined)?.claims?.[Number(/^claims\[(\d+)\]/.exec(problem.path)![1])];
    const words = typeof claim?.anchor?.quote === 'string' ? flat(claim.anchor.quote) : '';
    if (typeof claim?.id !== 'string' || words.split(' ').length < MIN_WORDS) continue;
    const there = chapters.filter((chapter) => chapter !== own && textOf(chapter).includes(words));
    if (there.length !== 1) continue;
    const spec = `${there[0]!.book}/${there[0]!.entry.slug}`;
    replaced.set(problem, {
      ...problem,
      hint: `${there[0]!.file} has these words as written: if you moved the sentence there, \`research-pack move-claim ${claim.id} --to ${spec}\` carries the claim there, with its evidence and the sources it rests on${problem.hint ? `; if not, ${problem.hint}` : ''}`,
    });
  }
  return replaced;
}

/** A claims sidecar's data, as far as it reads; undefined when it does not. */
function readClaims(rootDir: string, file: string): unknown {
  const read = readBookFile(rootDir, path.join(rootDir, file));
  if (read.status !== 'read') return undefined;
  try {
    return parse(read.text);
  } catch {
    return undefined;
  }
}

/**
 * Text as a reader sees its words, near enough to find a quote in:
 * directives, links and emphasis marks left out, spaces collapsed, and
 * typographic quotes and dashes folded as anchoring folds them (an outside
 * author's quote had a hyphen where the prose has an en dash).
 */
function flat(text: string): string {
  return foldText(
    normalizeProse(
      text
        .replace(/:claim\[([^\]\n]*)\]\{[^}\n]*\}/g, '$1')
        .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
        .replace(/[`*_]/g, '')
        .replace(/\s+/g, ' '),
    ),
  ).text.replace(/ {2,}/g, ' ');
}
