import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildModel } from '../../src/model/build.js';
import type { ParseChapter } from '../../src/model/build.js';
import { formatProblems } from '../../src/problems/format.js';
import { hashClaimText as hash } from '../../src/text/fingerprint.js';
import { createModelCache } from '../../src/load/cache.js';
import { exampleBook, fakeParse, withChanges, writeProject } from '../fixture-book.js';
import type { Files } from '../fixture-book.js';

const claimsFile = 'content/books/demo/01-sessions.claims.yaml';
const parse: ParseChapter = (source) => fakeParse(source);

/** The example book with some files changed, in a new temporary project. */
function project(changes: Files = {}): string {
  return writeProject(withChanges(changes));
}

const today = '2025-06-01';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('buildModel', () => {
  it('builds the example book with no problems', () => {
    const { model, problems } = buildModel({ rootDir: project(), parse, today });
    expect(formatProblems(problems)).toBe('');
    expect(model).toBeDefined();
    expect(model!.version).toBe(1);
    expect(model!.asOf).toBe(today);
    const [book] = model!.books;
    expect(book!.slug).toBe('demo');
    expect(book!.file).toBe('content/books/demo/book.yaml');
    expect(book!.config.reviewAfterDays).toBe(180);
    expect(book!.config.notebooks).toEqual({ github: 'example/demo-notebooks', branch: 'main' });
    expect(book!.chapters.map((chapter) => [chapter.id, chapter.file, chapter.sidecars])).toEqual([
      [
        'demo-01-sessions',
        'content/books/demo/01-sessions.mdx',
        {
          claims: 'content/books/demo/01-sessions.claims.yaml',
          evidence: 'content/books/demo/01-sessions.evidence.yaml',
          research: 'content/books/demo/01-sessions.research.yaml',
        },
      ],
      ['demo-02-replay', 'content/books/demo/02-replay.md', {}],
    ]);
    const [sessions, replay] = book!.chapters;
    expect(sessions!.frontmatter).toEqual({ title: 'Sessions', number: 1 });
    expect(sessions!.snapshot).toContain('each line holds one JSON object');
    expect(sessions!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions!.sources.map((source) => source.id)).toEqual(['jsonl-spec', 'session-code']);
    expect(sessions!.evidence.map((item) => item.id)).toEqual(['jsonl-lead', 'jsonl-spec-says', 'header-run']);
    expect(sessions!.research.notebooks[0]!.runs[0]!.id).toBe('first-run');
    expect(replay!.claims).toEqual([]);
    expect(replay!.research).toEqual({ questions: [], references: [], notebooks: [], history: [], proposedClaims: [] });

    expect(
      sessions!.claims.map(({ claim, stale, reviewDue, status, evidence, anchoring }) => ({ id: claim.id, stale, reviewDue, status, evidence, anchoring })),
    ).toEqual([
      // Validated evidence first, then leads, each in file order.
      { id: 'jsonl', stale: false, reviewDue: false, status: 'supported', evidence: ['jsonl-spec-says', 'jsonl-lead'], anchoring: 'exact' },
      { id: 'tree', stale: false, reviewDue: false, status: 'unverified', evidence: [], anchoring: 'exact' },
      // Reviewed without recording the text: stale. Its evidence is older than 180 days, but its verdict (2025-01-12) is not: not due.
      { id: 'header', stale: 'no-text-hash', reviewDue: false, status: 'stale', evidence: ['header-run'], anchoring: 'exact' },
    ]);
    expect(sessions!.claims[0]!.textHash).toBe(hash('each line holds one JSON object'));
    expect(sessions!.claims[0]!.claim.priority).toBe('high');
  });

  it('marks a claim review-due when its newest validated evidence is older than reviewAfterDays', () => {
    const claims = exampleBook[claimsFile]!.replace('      rationale: Only version 3 files name it.', `      rationale: Only version 3 files name it.\n      textHash: ${hash('names the format version')}`);
    const root = project({ '01-sessions.claims.yaml': claims });
    const header = (date: string) => buildModel({ rootDir: root, parse, today: date }).model!.books[0]!.chapters[0]!.claims[2]!;
    // 2024-03-01 + 180 days = 2024-08-28: due after that day, not on it.
    expect(header('2024-08-28')).toMatchObject({ stale: false, reviewDue: false, status: 'qualified' });
    expect(header('2024-08-29')).toMatchObject({ stale: false, reviewDue: true, status: 'review-due' });
    // Turned unverified, the same claim has no verdict to review again: unverified, not due (an outside author's finding).
    expect(exampleBook[claimsFile]!.match(/status: qualified/g)).toHaveLength(1);
    const unverified = project({ '01-sessions.claims.yaml': exampleBook[claimsFile]!.replace('status: qualified', 'status: unverified') });
    expect(buildModel({ rootDir: unverified, parse, today: '2024-08-29' }).model!.books[0]!.chapters[0]!.claims[2]).toMatchObject({ stale: false, reviewDue: false, status: 'unverified' });
  });

  it('marks a claim stale when its text changed or it only anchors fuzzily', () => {
    const changed = project({ '01-sessions.mdx': exampleBook['content/books/demo/01-sessions.mdx']!.replace('Entries', 'entries') });
    const [jsonl, tree] = buildModel({ rootDir: changed, parse, today }).model!.books[0]!.chapters[0]!.claims;
    // Not reviewed yet: found approximately, it has no verdict to outdate (a newcomer's finding), and `check` warns of the quote.
    expect(tree).toMatchObject({ anchoring: 'fuzzy', stale: false, status: 'unverified' });
    expect(jsonl).toMatchObject({ stale: false, status: 'supported' });
    const retyped = project({ '01-sessions.mdx': exampleBook['content/books/demo/01-sessions.mdx']!.replace('one JSON object', 'one JSON objekt') });
    expect(buildModel({ rootDir: retyped, parse, today }).model!.books[0]!.chapters[0]!.claims[0]).toMatchObject({ anchoring: 'fuzzy', stale: 'fuzzy-anchor', status: 'stale' });

    const rehashed = project({ '01-sessions.claims.yaml': exampleBook[claimsFile]!.replace('d614023fcd07a94d', '0123456789abcdef') });
    expect(buildModel({ rootDir: rehashed, parse, today }).model!.books[0]!.chapters[0]!.claims[0]).toMatchObject({ stale: 'text-changed', status: 'stale' });
  });

  it('compares the reviewed wording a verdict records when it has no textHash', () => {
    const withText = (text: string) =>
      project({ '01-sessions.claims.yaml': exampleBook[claimsFile]!.replace('      textHash: d614023fcd07a94d', `      text: ${text}`) });
    const same = buildModel({ rootDir: withText('each line holds one JSON object'), parse, today }).model!.books[0]!.chapters[0]!.claims[0]!;
    expect(same).toMatchObject({ stale: false, status: 'supported' });
    expect(same.claim.verdict.text).toBe('each line holds one JSON object');
    const reworded = buildModel({ rootDir: withText('each line holds one JSON value'), parse, today }).model!.books[0]!.chapters[0]!.claims[0]!;
    expect(reworded).toMatchObject({ stale: 'text-changed', status: 'stale' });
  });

  it('records the chapter headings with their snapshot lines', () => {
    const root = project({ '01-sessions.mdx': exampleBook['content/books/demo/01-sessions.mdx']!.replace('Entries form a tree', '## The tree\n\nEntries form a tree') });
    const chapter = buildModel({ rootDir: root, parse, today }).model!.books[0]!.chapters[0]!;
    expect(chapter.headings).toEqual([{ text: 'The tree', depth: 2, start: chapter.snapshot.indexOf('The tree'), line: 3 }]);
    expect(chapter.snapshot.split('\n')[2]).toBe('The tree');
  });

  it('orders books by slug and chapters by number, then slug', () => {
    const root = project({
      '00-b.md': '---\ntitle: B\nnumber: 3\n---\n\nB.\n',
      '00-a.mdx': '---\ntitle: A\nnumber: 3\n---\n\nA.\n',
      '/content/books/alpha/book.yaml': 'title: Alpha\nslug: alpha\n',
      '/content/books/alpha/1.mdx': '---\ntitle: One\nnumber: 1\n---\n\nOne.\n',
    });
    const { model, problems } = buildModel({ rootDir: root, parse, today });
    expect(model!.books.map((book) => [book.slug, book.chapters.map((chapter) => chapter.slug)])).toEqual([
      ['alpha', ['1']],
      ['demo', ['01-sessions', '02-replay', '00-a', '00-b']],
    ]);
    expect(formatProblems(problems)).toBe(
      'content/books/demo/00-b.md:3:9  number  warning: chapter number 3 is also used by 00-a.mdx  (hint: give each chapter its own number; chapters with the same number are ordered by file name)  [cross/duplicate-chapter-number]',
    );
  });

  it('passes each chapter to parse once, with its file and format', () => {
    const calls: Array<[string, string]> = [];
    buildModel({ rootDir: project(), parse: (source, options) => (calls.push([options.file, options.format]), fakeParse(source)), today });
    expect(calls).toEqual([
      ['content/books/demo/01-sessions.mdx', 'mdx'],
      ['content/books/demo/02-replay.md', 'md'],
    ]);
  });

  it('returns no model when a file does not load, and every problem', () => {
    const { model, problems } = buildModel({
      rootDir: project({ '01-sessions.evidence.yaml': exampleBook['content/books/demo/01-sessions.evidence.yaml']!.replace('reading: full-text', 'reading: full') }),
      parse,
      today,
    });
    expect(model).toBeUndefined();
    expect(formatProblems(problems)).toBe(
      'content/books/demo/01-sessions.evidence.yaml:5:14  sources[0].reading  expected one of full-text | abstract-only | partial | not-accessible, got "full"  (hint: did you mean "full-text"?)  [schema/invalid-enum]',
    );
  });

  it('returns no model when a claim cannot be anchored, with the claim\'s position from the sidecar', () => {
    const claims = exampleBook[claimsFile]!.replace('Entries form a tree', 'Sessions live in a SQLite database');
    const { model, problems } = buildModel({ rootDir: project({ '01-sessions.claims.yaml': claims }), parse, today });
    expect(model).toBeUndefined();
    // The message is anchoring's (tested there); the position comes from the sidecar's locator.
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: claimsFile, line: 13, column: 14, path: 'claims[1].anchor.quote', rule: 'anchor/orphan', severity: 'error' });
  });

  it('gives, without a model, the model of the chapters whose own errors do not stop it, and the chapters set aside', () => {
    const claims = exampleBook[claimsFile]!.replace('Entries form a tree', 'Sessions live in a SQLite database');
    const whole = buildModel({ rootDir: project(), parse, today });
    const broken = buildModel({ rootDir: project({ '01-sessions.claims.yaml': claims }), parse, today });
    expect(broken.model).toBeUndefined();
    expect(broken.partial!.setAside).toEqual([
      {
        book: 'demo',
        chapter: '01-sessions',
        files: ['content/books/demo/01-sessions.mdx', 'content/books/demo/01-sessions.claims.yaml', 'content/books/demo/01-sessions.evidence.yaml', 'content/books/demo/01-sessions.research.yaml'],
        errors: broken.problems,
      },
    ]);
    // The other chapter as the whole model has it.
    expect(broken.partial!.model).toEqual({ ...whole.model!, books: [{ ...whole.model!.books[0]!, chapters: [whole.model!.books[0]!.chapters[1]!] }] });
    // A chapter that cannot be read at all (an empty file) is set aside too.
    expect(buildModel({ rootDir: project({ '02-replay.md': '' }), parse, today }).partial!.setAside.map((aside) => aside.chapter)).toEqual(['02-replay']);
    // None when the model is whole, or when an error is not a chapter's own: the book's file, or a cross-file error of a chapter kept.
    expect(whole.partial).toBeUndefined();
    const bookFile = exampleBook['content/books/demo/book.yaml']!;
    expect(buildModel({ rootDir: project({ '01-sessions.claims.yaml': claims, 'book.yaml': `${bookFile}sevrity: high\n` }), parse, today }).partial).toBeUndefined();
    const future = buildModel({ rootDir: project({ '02-replay.md': '' }), parse, today: '2024-01-01' });
    expect(future.problems.some((problem) => problem.rule.startsWith('cross/') && problem.file.startsWith('content/books/demo/01-sessions'))).toBe(true);
    expect(future.partial).toBeUndefined();
    // A cross-file error in a chapter set aside is its own: the others are kept.
    const both = buildModel({ rootDir: project({ '01-sessions.claims.yaml': claims }), parse, today: '2024-01-01' });
    expect(both.problems.some((problem) => problem.rule.startsWith('cross/') && problem.severity === 'error' && problem.file.startsWith('content/books/demo/01-sessions'))).toBe(true);
    expect(both.partial!.setAside.map((aside) => aside.chapter)).toEqual(['01-sessions']);
  });

  it('says of an empty chapter file that it is empty, and nothing of the quotes of its claims', () => {
    for (const empty of ['', '\n\n  \n']) {
      const { model, problems } = buildModel({ rootDir: project({ '01-sessions.mdx': empty }), parse, today });
      expect(model).toBeUndefined();
      expect(formatProblems(problems)).toBe(
        'content/books/demo/01-sessions.mdx:1:1  the chapter file is empty  (hint: start the file with "---", then "title: ..." and "number: ..." lines, then "---", and the chapter\'s prose after it; or delete the file and its sidecars)  [chapter/missing-frontmatter]',
      );
    }
  });

  it('still returns the model when the only errors are cross-file ones', () => {
    const { model, problems } = buildModel({ rootDir: project(), parse, today: '2024-01-01' });
    expect(model).toBeDefined();
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems.map((problem) => problem.rule))).toEqual(new Set(['cross/future-date']));
  });

  it('reports a parser exception at its position', () => {
    const failing: ParseChapter = (source, { file }) => {
      if (file.endsWith('.md')) throw Object.assign(new Error('Unexpected character `<`\nmore detail'), { line: 6, column: 3 });
      return fakeParse(source);
    };
    const { model, problems } = buildModel({ rootDir: project(), parse: failing, today });
    expect(model).toBeUndefined();
    expect(formatProblems(problems)).toBe(
      'content/books/demo/02-replay.md:6:3  the chapter could not be parsed: Unexpected character `<`  (hint: fix the Markdown or MDX syntax at this point)  [chapter/parse-error]',
    );
    const vfileStyle: ParseChapter = () => {
      throw Object.assign(new Error('x'), { reason: 'Could not parse expression', place: { start: { line: 2, column: 4 } } });
    };
    expect(buildModel({ rootDir: project(), parse: vfileStyle, today }).problems[0]).toMatchObject({ line: 2, column: 4, message: 'the chapter could not be parsed: Could not parse expression' });
    // ":claim[…] {#id}" in MDX: the hint names the space, and the id (line 6 of the file, after the frontmatter).
    const spaced: ParseChapter = (source) => {
      if (source.includes('{#kept}')) throw new Error('6:36: Could not parse expression with oxc: Expected `in` but found `)`');
      return fakeParse(source);
    };
    const root = project({ '02-replay.md': '---\ntitle: Replay\nnumber: 2\n---\n\nThe log :claim[keeps every change] {#kept} on disk.\n' });
    expect(formatProblems(buildModel({ rootDir: root, parse: spaced, today }).problems)).toBe(
      'content/books/demo/02-replay.md:6:36  the chapter could not be parsed: Could not parse expression with oxc: Expected `in` but found `)`  (hint: write :claim[the sentence]{#kept}, with nothing between "]" and "{": after a space, MDX reads {#kept} as a JavaScript expression)  [chapter/parse-error]',
    );
  });

  it('takes asOf from today, else SOURCE_DATE_EPOCH, else the current UTC date', () => {
    const root = project();
    vi.stubEnv('SOURCE_DATE_EPOCH', '1750000000');
    expect(buildModel({ rootDir: root, parse }).model!.asOf).toBe('2025-06-15');
    expect(buildModel({ rootDir: root, parse, today: '2025-07-01' }).model!.asOf).toBe('2025-07-01');
    vi.stubEnv('SOURCE_DATE_EPOCH', '');
    expect(buildModel({ rootDir: root, parse }).model!.asOf).toBe(new Date().toISOString().slice(0, 10));
  });

  it('is deterministic: the same files give the same model', () => {
    const root = project();
    expect(JSON.stringify(buildModel({ rootDir: root, parse, today }))).toBe(JSON.stringify(buildModel({ rootDir: root, parse, today })));
  });

  it('reads books from another content directory', () => {
    const files: Files = {};
    for (const [file, text] of Object.entries(withChanges({}))) files[file.replace('content/books/', 'docs/')] = text;
    const { model, problems } = buildModel({ rootDir: writeProject(files), contentDir: 'docs', parse, today });
    expect(problems).toEqual([]);
    expect(model!.books[0]!.chapters[0]!.file).toBe('docs/demo/01-sessions.mdx');
  });

  it('with a cache, parses only chapters whose text changed', () => {
    const root = project();
    const cache = createModelCache();
    const parsed: string[] = [];
    const counting: ParseChapter = (source, options) => (parsed.push(options.file), fakeParse(source));
    const first = buildModel({ rootDir: root, parse: counting, today, cache });
    expect(parsed).toHaveLength(2);

    const again = buildModel({ rootDir: root, parse: counting, today, cache });
    expect(parsed).toHaveLength(2);
    expect(again).toEqual(first);

    const claimsPath = path.join(root, claimsFile);
    fs.writeFileSync(claimsPath, fs.readFileSync(claimsPath, 'utf8').replace('priority: high', 'priority: low'));
    const edited = buildModel({ rootDir: root, parse: counting, today, cache });
    expect(parsed).toHaveLength(2);
    expect(edited.model!.books[0]!.chapters[0]!.claims[0]!.claim.priority).toBe('low');

    fs.appendFileSync(path.join(root, 'content/books/demo/02-replay.md'), '\nMore.\n');
    buildModel({ rootDir: root, parse: counting, today, cache });
    expect(parsed).toEqual([
      'content/books/demo/01-sessions.mdx',
      'content/books/demo/02-replay.md',
      'content/books/demo/02-replay.md',
    ]);

    fs.rmSync(path.join(root, 'content/books/demo/02-replay.md'));
    buildModel({ rootDir: root, parse: counting, today, cache });
    expect([...cache.entries.keys()].some((key) => key.includes('02-replay'))).toBe(false);
  });
});
