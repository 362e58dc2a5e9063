/**
 * The sidecar diffs ingest and review print: the same text as jsdiff's own
 * patch of the whole file for the edits they make, a patch that turns the
 * old text into the new one for any edit, also for a large ingest.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatch, createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../src/diff.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const evidence = readFileSync(path.join(REPO, 'content/books/pi/27-chapter.evidence.yaml'), 'utf8');
const research = readFileSync(path.join(REPO, 'content/books/pi/27-chapter.research.yaml'), 'utf8');

/** jsdiff's patch of the whole file, as the CLI printed it before. */
function wholeFileDiff(file: string, before: string | undefined, after: string): string {
  const patch = createTwoFilesPatch(before === undefined ? '/dev/null' : `a/${file}`, `b/${file}`, before ?? '', after, undefined, undefined, { context: 3, headerOptions: FILE_HEADERS_ONLY });
  return patch.endsWith('\n') ? patch : `${patch}\n`;
}

const lead = (id: string) => `  - id: ${id}\n    source: rfc-9562\n    claims: [one-object-per-line]\n    relation: supports\n    status: lead\n`;

describe('unifiedDiff', () => {
  it.each([
    ['items appended to two top-level keys', `${evidence.replace(/\nevidence:\n/, '\n  - id: new-source\n    title: New\n    reading: full-text\n\nevidence:\n')}\n${lead('lead-one')}\n${lead('lead-two')}`],
    ['a key filled in the middle of a block', evidence.replace(/(\n {4}reading: [^\n]*\n)/, '$1    verified: 2026-11-30\n')],
    ['a line replaced and one removed', evidence.replace(/(\n {4}reading: )[^\n]*\n/, '$1partial\n').replace(/\n {4}accessed: [^\n]*\n/, '\n')],
    ['a new top-level key', `${research}proposedClaims:\n  - id: a-new-claim\n    text: Something the prose says.\n`],
    ['changes a few lines apart, in one hunk', evidence.replace(/(\n {4}reading: [^\n]*\n)/g, '$1    verified: 2026-11-30\n')],
    ['a file that ends without a line feed', evidence.replace(/\n$/, '')],
    ['nothing changed', evidence],
  ])('prints what jsdiff prints for the whole file: %s', (name, after) => {
    const before = name === 'a new top-level key' ? research : evidence;
    expect(unifiedDiff('content/books/pi/27-chapter.evidence.yaml', before, after)).toBe(wholeFileDiff('content/books/pi/27-chapter.evidence.yaml', before, after));
  });

  it('prints a new file as jsdiff does, from /dev/null', () => {
    expect(unifiedDiff('content/books/pi/28-chapter.evidence.yaml', undefined, evidence)).toBe(wholeFileDiff('content/books/pi/28-chapter.evidence.yaml', undefined, evidence));
  });

  it('gives a patch that turns the old text into the new one, for random edits', () => {
    // A small deterministic generator: the same edits on every run.
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const pool = ['sources:', 'evidence:', '  - id: x', '    status: lead', '', '# a comment', '    claims: [a, b]', 'history:'];
    for (let trial = 0; trial < 200; trial++) {
      const lines = evidence.split('\n');
      for (let edit = random(6) + 1; edit > 0; edit--) {
        const at = random(lines.length + 1);
        const kind = random(3);
        if (kind === 0) lines.splice(at, 0, ...Array.from({ length: random(4) + 1 }, () => pool[random(pool.length)]!));
        else if (kind === 1) lines.splice(at, random(3) + 1);
        else lines.splice(at, 1, pool[random(pool.length)]!);
      }
      const after = lines.join('\n');
      expect(applyPatch(evidence, unifiedDiff('e.yaml', evidence, after)), `trial ${trial}`).toBe(after);
    }
  });

  // How fast is the bench's business (`ingest` of 1,000 rows); this checks the large diff is right.
  it('diffs an ingest of 1,000 ledger rows, added to two keys', () => {
    const sources = Array.from({ length: 1000 }, (_, index) => `  - id: bench-${index}\n    title: Bench source ${index}\n    reading: abstract-only\n    accessed: 2026-11-30\n`).join('');
    const leads = Array.from({ length: 1000 }, (_, index) => lead(`lead-bench-${index}`)).join('');
    const after = `${evidence.replace(/\nevidence:\n/, `\n${sources}\nevidence:\n`)}${leads}`;
    const diff = unifiedDiff('e.yaml', evidence, after);
    expect(applyPatch(evidence, diff)).toBe(after);
    expect(diff).toBe(wholeFileDiff('e.yaml', evidence, after));
  });
});
