/**
 * The hints `research-pack check` prints after its problems: verdicts that
 * show as stale only because they record no textHash, found by the chapter
 * check in the claims sidecar it read, under the file policy like every
 * other file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listBooks } from '../../src/load/books.js';
import { checkChapter } from '../../src/model/check.js';
import { formatTextHashHints } from '../../src/model/text-hash-hints.js';
import { exampleBook, fakeParse, writeProject } from '../fixture-book.js';

const claimsFile = 'content/books/demo/01-sessions.claims.yaml';
const withoutHash = exampleBook[claimsFile]!.replace('      textHash: d614023fcd07a94d\n', '');

/** The hints of every chapter's check, in listing order. */
function hintsOf(root: string) {
  const listing = listBooks(root);
  return listing.books.flatMap((book) => book.chapters.flatMap((entry) => checkChapter(book, entry, { rootDir: root, parse: (source) => fakeParse(source), asOf: '2026-12-01' }).hints));
}

describe('the hints of a chapter check', () => {
  it('names each reviewed verdict without a textHash, at its verdict', () => {
    const root = writeProject({ ...exampleBook, [claimsFile]: withoutHash });
    expect(hintsOf(root)).toEqual([
      { file: claimsFile, line: 5, column: 5, chapter: 'demo/01-sessions', claim: 'jsonl' },
      { file: claimsFile, line: 18, column: 5, chapter: 'demo/01-sessions', claim: 'header' },
    ]);
    // With the textHash of "jsonl" in place (one line more above "header"), only "header" is named.
    expect(hintsOf(writeProject(exampleBook))).toEqual([{ file: claimsFile, line: 19, column: 5, chapter: 'demo/01-sessions', claim: 'header' }]);
  });

  it("names one command per chapter, with every claim it counts: reviewed takes several (an outside author's finding: the command named the first chapter's only)", () => {
    const root = writeProject({ ...exampleBook, [claimsFile]: withoutHash });
    expect(formatTextHashHints(hintsOf(root)).split('\n').at(-2)).toBe(
      'These 2 claims are not wrong, only not tied to the wording reviewed: run `research-pack reviewed jsonl header` to record the textHash of the current wording (re-confirming the verdicts), or `research-pack verdict jsonl <status> --rationale "…"` to give a new one.',
    );
    const hints = [1, 2, 3, 4, 5, 6].map((n) => ({ file: 'a.claims.yaml', line: n, column: 5, chapter: 'wal/01-how-wal-works', claim: `c${n}` }));
    const more = [...hints, { file: 'b.claims.yaml', line: 3, column: 5, chapter: 'wal/02-checkpoints', claim: 'd1' }];
    expect(formatTextHashHints(more).split('\n').at(-2)).toBe(
      'These 7 claims are not wrong, only not tied to the wording reviewed: run `research-pack reviewed c1 c2 c3 c4 c5 c6 --chapter wal/01-how-wal-works` and `research-pack reviewed d1 --chapter wal/02-checkpoints` to record the textHash of the current wording (re-confirming the verdicts), or `research-pack verdict c1 <status> --rationale "…"` to give a new one.',
    );
  });

  it('reads the sidecar under the file policy: a file check refuses gives no hint', () => {
    const root = writeProject({ ...exampleBook, [claimsFile]: withoutHash });
    // A Latin-1 byte: the check reports the file (file/encoding); the hints do not read it as if it were UTF-8.
    const file = path.join(root, claimsFile);
    const [head, tail] = withoutHash.split('one value per line.');
    fs.writeFileSync(file, Buffer.concat([Buffer.from(`${head}one value per line, caf`), Buffer.from([0xe9]), Buffer.from(`.${tail}`)]));
    expect(hintsOf(root)).toEqual([]);
  });
});
