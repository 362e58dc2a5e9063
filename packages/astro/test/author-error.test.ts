import path from 'node:path';
import type { Problem } from '@research-pack/core/problems';
import { describe, expect, it } from 'vitest';
import { firstPlace } from '../src/author-error.js';

const problem = (file: string, line: number, column: number, severity: Problem['severity'] = 'error', rule = 'anchor/unknown-directive'): Problem => ({ file, line, column, path: '', message: 'm', rule, severity }) as Problem;

describe('firstPlace', () => {
  it("is the first error of the list as printed (by file, line and column), not as the checks found them (an outside author's finding: Location named the second)", () => {
    const found = [problem('content/books/tcp/02-fast-recovery.mdx', 13, 1), problem('content/books/tcp/02-fast-recovery.claims.yaml', 3, 13, 'error', 'anchor/missing-directive')];
    expect(firstPlace(found, '/site')).toEqual({ file: path.join('/site', 'content/books/tcp/02-fast-recovery.claims.yaml'), line: 3, column: 13 });
  });

  it('skips warnings; none when the first error is of a whole file or a file the policy refused, which Astro cannot frame', () => {
    expect(firstPlace([problem('a.claims.yaml', 1, 1, 'warning', 'anchor/fuzzy'), problem('d.claims.yaml', 4, 5)], '/site')).toEqual({ file: path.join('/site', 'd.claims.yaml'), line: 4, column: 5 });
    expect(firstPlace([problem('d.claims.yaml', 4, 5), problem('b.claims.yaml', 0, 0, 'error', 'book/orphan-sidecar')], '/site')).toBeUndefined();
    expect(firstPlace([problem('d.claims.yaml', 4, 5), problem('c.claims.yaml', 2, 3, 'error', 'file/not-a-file')], '/site')).toBeUndefined();
    expect(firstPlace([problem('a.claims.yaml', 1, 1, 'warning')], '/site')).toBeUndefined();
  });
});
