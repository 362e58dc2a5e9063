/**
 * A sentence moved between chapters with its :claim directive leaves two
 * errors, one in each chapter: they are said again, each naming the other
 * and `research-pack move-claim` (an outside author's finding: they said
 * nothing of each other). Anything that is not one such move is left as it is.
 */
import { describe, expect, it } from 'vitest';
import { missingDirective, movedDirectives, unknownDirective } from '../../src/text/anchor-problems.js';

const marked = (id: string, chapter: string) => unknownDirective({ file: `content/books/git/${chapter}.md`, line: 7, column: 3 }, id, `content/books/git/${chapter}.claims.yaml`, []);
const missing = (id: string, chapter: string) => missingDirective({ file: `content/books/git/${chapter}.claims.yaml`, line: 4, column: 13, path: 'claims[0].anchor' }, id, `content/books/git/${chapter}.md`);

describe('movedDirectives', () => {
  it('links a directive marked in one chapter to the claim another chapter no longer marks, naming the command in both', () => {
    const here = marked('merge-parents', '02-refs');
    const from = missing('merge-parents', '01-objects');
    const other = missing('loose-zlib', '01-objects');
    const replaced = movedDirectives([from, other, here]);
    expect([...replaced.keys()]).toEqual([here, from]);
    expect(replaced.get(here)).toEqual({ ...here, hint: expect.stringContaining('claim "merge-parents" is in content/books/git/01-objects.claims.yaml, another chapter\'s sidecar') });
    expect(replaced.get(here)!.hint).toContain('`research-pack move-claim merge-parents --to git/02-refs` carries the claim here');
    expect(replaced.get(from)!.hint).toBe(
      'content/books/git/02-refs.md:7:3 marks :claim[…]{#merge-parents}, and its chapter has no claim of that id: if you moved the sentence there, `research-pack move-claim merge-parents --to git/02-refs` carries the claim there, with its evidence and the sources it rests on',
    );
    expect(replaced.get(from)!.message).toBe(from.message);
  });

  it('links them for an id of 70 characters, which the unknown directive\'s message shortens: each problem names its claim in full', () => {
    const id = `merge-parents-${'x'.repeat(56)}`;
    const here = marked(id, '02-refs');
    const from = missing(id, '01-objects');
    expect(here.message).not.toContain(id);
    expect([here.claim, from.claim]).toEqual([id, id]);
    const replaced = movedDirectives([from, here]);
    expect([...replaced.keys()]).toEqual([here, from]);
    expect(replaced.get(from)!.hint).toContain(`\`research-pack move-claim ${id} --to git/02-refs\` carries the claim there`);
  });

  it('leaves them as they are when the move is not one: two places mark the id, two sidecars miss it, or only one side is there', () => {
    expect(movedDirectives([marked('a', '02-refs'), marked('a', '03-packs'), missing('a', '01-objects')]).size).toBe(0);
    expect(movedDirectives([marked('a', '02-refs'), missing('a', '01-objects'), missing('a', '03-packs')]).size).toBe(0);
    expect(movedDirectives([marked('a', '02-refs'), missing('b', '01-objects')]).size).toBe(0);
  });
});
