import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { loadBooks } from '../../src/load/books.js';
import { validateBook, validateChapter } from '../../src/model/cross-file.js';
import { exampleBook, withChanges, writeProject } from '../fixture-book.js';
import type { Files } from '../fixture-book.js';

/** Every problem of the example book with some files changed, as printed. */
function check(changes: Files, asOf = '2025-06-01'): string {
  const loaded = loadBooks(writeProject(withChanges(changes)));
  return formatProblems([...loaded.problems, ...loaded.books.flatMap((book) => validateBook(book, { asOf }))]);
}

describe('validateBook', () => {
  it('finds nothing wrong with the example book', () => {
    expect(check({})).toBe('');
  });

  it('cross/duplicate-chapter-number: a warning on the later chapter', () => {
    expect(check({ '02-replay.md': '---\ntitle: Replay\nnumber: 1\n---\n' })).toBe(
      'content/books/demo/02-replay.md:3:9  number  warning: chapter number 1 is also used by 01-sessions.mdx  (hint: give each chapter its own number; chapters with the same number are ordered by file name)  [cross/duplicate-chapter-number]',
    );
  });

  it('skips checks that read a file which failed to load, so one mistake is reported once', () => {
    expect(check({ '01-sessions.claims.yaml': 'claims: 3\n' })).toBe(
      'content/books/demo/01-sessions.claims.yaml:1:9  claims  expected a list, got 3  (hint: write each entry on its own line starting with "- ")  [schema/invalid-type]',
    );
    expect(check({ '01-sessions.evidence.yaml': 'sources: {}\n' })).toBe(
      'content/books/demo/01-sessions.evidence.yaml:1:10  sources  expected a list, got a mapping  (hint: write a list here)  [schema/invalid-type]',
    );
    expect(check({ '01-sessions.research.yaml': 'notebooks: {}\n' })).toBe(
      'content/books/demo/01-sessions.research.yaml:1:12  notebooks  expected a list, got a mapping  (hint: write a list here)  [schema/invalid-type]',
    );
  });

  it('reports the problems of a chapter in the order of its checks, each check in file order', () => {
    const loaded = loadBooks(
      writeProject(
        withChanges({
          '01-sessions.claims.yaml': exampleBook['content/books/demo/01-sessions.claims.yaml']!.replace('date: 2025-01-12', 'date: 2031-01-12').replace('  - id: tree', '  - id: jsonl'),
          '01-sessions.evidence.yaml': exampleBook['content/books/demo/01-sessions.evidence.yaml']!.replace('claims: [header]', 'claims: [no-such-claim]'),
          'reports/01-sessions-1.md': undefined,
        }),
      ),
    );
    const book = loaded.books[0]!;
    const problems = validateChapter(book, book.chapters[0]!, { asOf: '2025-06-01' });
    expect(problems.map((problem) => `${problem.rule} ${problem.path}`)).toEqual([
      'cross/duplicate-id claims[1].id',
      'cross/missing-claim evidence[2].claims[0]',
      'cross/future-date claims[2].verdict.date',
      'cross/verdict-unsupported claims[2].verdict.status',
      'cross/missing-report history[0].report',
    ]);
  });

  it('reports a misspelled claim id in evidence once, not again as the verdict it leaves unbacked', () => {
    const misspelled = exampleBook['content/books/demo/01-sessions.evidence.yaml']!.replace('claims: [header]', 'claims: [heade]');
    expect(check({ '01-sessions.evidence.yaml': misspelled })).toMatch(/^\S+:\d+:\d+ {2}evidence\[\d\]\.claims\[0\] {2}no claim "heade" in 01-sessions\.claims\.yaml {2}\(hint: 01-sessions\.claims\.yaml has "header", spelled nearly the same: fix whichever of the two ids is misspelled, here or in 01-sessions\.claims\.yaml\) {2}\[cross\/missing-claim\]$/);
    // The same evidence as a lead: fixing the id would not back the verdict, so that is a problem of its own, pointing at the id.
    const lead = misspelled.replace(/(claims: \[heade\][\s\S]*?status: )validated/, '$1lead');
    const problems = check({ '01-sessions.evidence.yaml': lead }).split('\n');
    expect(problems).toHaveLength(2);
    expect(problems.find((line) => line.includes('[cross/verdict-unsupported]'))).toMatch(/names "heade", not this claim, and is still a lead; fix the id/);
  });
});
