/**
 * The broken-input corpus: each `test/fixtures/invalid/<case>/` is a tiny
 * project (`content/books/<book>/…`) built with the real chapter parser.
 * The formatted problems must equal `expected.txt` exactly (file, line,
 * column, field path, message, hint, rule); `valid-*` cases must have none.
 * No case may throw, hang or yield a partial model.
 *
 * Regenerate deliberately with `npm exec -- vitest run test/invalid.test.ts -u`,
 * then read every changed `expected.txt`.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModel, checkProject, formatProblems, type BuildModelResult, type Problem, type ResearchModel } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('fixtures/invalid/', import.meta.url));
/** Every case is built as of this day, so "in the future" does not depend on the clock. */
const today = '2026-06-01';

const cases = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function build(name: string): BuildModelResult {
  return buildModel({ rootDir: path.join(root, name), parse: (source, { format }) => parseChapter(source, { format }), today });
}

/** Files of a case, relative to its root, with `/` separators. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(dir, rel) : [rel];
  });
}

/** The chapters a complete model must have: every `.md`/`.mdx` directly in a book folder. */
function chaptersOnDisk(dir: string): string[] {
  const books = path.join(dir, 'content/books');
  if (!existsSync(books)) return [];
  return readdirSync(books)
    .filter((book) => !/^[._]/.test(book) && statSync(path.join(books, book)).isDirectory())
    .flatMap((book) =>
      readdirSync(path.join(books, book))
        .filter((file) => /\.mdx?$/.test(file) && !/^[._]/.test(file))
        .map((file) => `content/books/${book}/${file}`),
    )
    .sort();
}

/** A position must lie inside the file it names: a line that exists, a column at most one past its end. */
function checkPosition(dir: string, problem: Problem): void {
  expect(Number.isInteger(problem.line) && problem.line >= 0, `line of ${JSON.stringify(problem)}`).toBe(true);
  expect(Number.isInteger(problem.column) && problem.column >= 0, `column of ${JSON.stringify(problem)}`).toBe(true);
  const absolute = path.join(dir, problem.file);
  // A whole-file problem may name a file that is missing (book.yaml); its folder exists.
  expect(existsSync(problem.line === 0 ? path.dirname(absolute) : absolute), `problem names a file that exists: ${problem.file}`).toBe(true);
  if (problem.line === 0) return;
  if (!statSync(absolute).isFile()) throw new Error(`a positioned problem names a folder: ${problem.file}`);
  const lines = readFileSync(absolute, 'utf8').replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  expect(problem.line, `${problem.file}:${problem.line} is past the end of the file`).toBeLessThanOrEqual(lines.length);
  expect(problem.column, `${problem.file}:${problem.line}:${problem.column} is past the end of the line`).toBeLessThanOrEqual(lines[problem.line - 1]!.length + 1);
  expect(problem.column).toBeGreaterThanOrEqual(1);
}

/** The model without what differs by design between copies of one book. */
function comparable(model: ResearchModel | undefined): unknown {
  return JSON.parse(JSON.stringify(model ?? null));
}

describe('broken input corpus', () => {
  it('has at least 40 cases, and the valid ones', () => {
    expect(cases.filter((name) => !name.startsWith('valid-')).length).toBeGreaterThanOrEqual(40);
    expect(cases).toEqual(expect.arrayContaining(['valid-base', 'valid-chapter-without-sidecars', 'valid-bom', 'valid-crlf', 'valid-bom-crlf']));
  });

  for (const name of cases) {
    it(name, { timeout: 20_000 }, async () => {
      const dir = path.join(root, name);
      const started = performance.now();
      const { model, problems } = build(name);
      // A hang would be caught by the timeout; a slow case is a bug too.
      expect(performance.now() - started, 'building one tiny case takes well under 5 s').toBeLessThan(5_000);

      const text = formatProblems(problems);
      await expect(text ? `${text}\n` : '').toMatchFileSnapshot(path.join(dir, 'expected.txt'));
      // `research-pack check` checks chapter by chapter, keeping nothing: the same problems, in the same order.
      expect(checkProject({ rootDir: dir, parse: (source, { format }) => parseChapter(source, { format }), today })).toEqual(problems);

      for (const problem of problems) {
        checkPosition(dir, problem);
        expect(problem.message, 'every problem says what is wrong').toMatch(/\S/);
        expect(problem.hint ?? '', `every problem says how to fix it: ${JSON.stringify(problem)}`).toMatch(/\S/);
        expect(problem.rule).toMatch(/^(yaml|schema|book|chapter|cross|anchor)\/[a-z-]+$/);
        expect(['error', 'warning']).toContain(problem.severity);
        // An anchor problem names its claim as data, so that a tool need not read it out of the message (which shortens long ids).
        const withoutId = problem.rule === 'anchor/directive-without-id' || problem.rule === 'anchor/several-ids' || (problem.rule === 'anchor/block-directive' && (problem.hint ?? '').includes('{#claim-id}'));
        if (problem.rule.startsWith('anchor/') && !withoutId) expect(problem.claim, `the claim of ${JSON.stringify(problem)}`).toMatch(/\S/);
        else expect(problem.claim, `a claim on ${JSON.stringify(problem)}`).toBeUndefined();
        // One problem is one line: a hostile value cannot forge another.
        expect(`${problem.message} ${problem.hint ?? ''} ${problem.path}`).not.toMatch(/[\r\n\u2028\u2029]/);
      }

      if (name.startsWith('valid-')) {
        expect(text).toBe('');
        expect(model).toBeDefined();
      }

      // No partial model: either none, or one with every book and chapter on disk.
      const blocking = problems.filter((problem) => problem.severity === 'error' && !problem.rule.startsWith('cross/'));
      if (blocking.length > 0) {
        expect(model, 'errors outside cross/* block the model').toBeUndefined();
      } else {
        expect(model, 'without blocking errors there is a model').toBeDefined();
        const chapters = model!.books.flatMap((book) => book.chapters.map((chapter) => chapter.file)).sort();
        expect(chapters).toEqual(chaptersOnDisk(dir));
        for (const chapter of model!.books.flatMap((book) => book.chapters)) {
          const { snapshot } = chapter;
          for (const claim of chapter.claims) {
            const { start, end } = claim.selectors.position;
            expect(snapshot.slice(start, end)).toBe(claim.selectors.quote.exact);
          }
        }
      }
    });
  }

  it('reads a BOM and CRLF line endings as if they were not there', () => {
    const base = comparable(build('valid-base').model);
    for (const name of ['valid-bom', 'valid-crlf', 'valid-bom-crlf']) {
      expect(comparable(build(name).model), name).toEqual(base);
    }
  });

  it('points at the same place in a BOM or CRLF file as in a plain one', () => {
    for (const name of cases.filter((entry) => /^(bom|crlf|valid-bom|valid-crlf)/.test(entry))) {
      const plain = mkdtempSync(path.join(tmpdir(), `invalid-${name}-`));
      for (const file of listFiles(path.join(root, name))) {
        const text = readFileSync(path.join(root, name, file), 'utf8');
        mkdirSync(path.dirname(path.join(plain, file)), { recursive: true });
        writeFileSync(path.join(plain, file), text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n'));
      }
      const parse = (source: string, { format }: { format: 'md' | 'mdx' }) => parseChapter(source, { format });
      try {
        const stripped = buildModel({ rootDir: plain, parse, today });
        expect(formatProblems(build(name).problems), name).toBe(formatProblems(stripped.problems));
        expect(comparable(build(name).model), name).toEqual(comparable(stripped.model));
      } finally {
        rmSync(plain, { recursive: true, force: true });
      }
    }
  });

  it('lists every file of each case under content/', () => {
    for (const name of cases) {
      const files = listFiles(path.join(root, name)).filter((file) => file !== 'expected.txt');
      expect(files.every((file) => file.startsWith('content/')), name).toBe(true);
    }
  });
});
