/**
 * A ` #` that cuts a value short is a warning (an outside author's finding:
 * `rationale: RFC 5681 #section-3.2, …` showed as "RFC 5681", and neither
 * `check` nor the build said a word); the comments an author means are not.
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { commentsInValues } from '../../src/load/yaml-comments.js';
import { loadSidecar } from '../../src/load/sidecar.js';
import { loadFrontmatter } from '../../src/load/frontmatter.js';

const CLAIMS = `claims:
  - id: ssthresh-half   # the halving claim
    anchor: directive
    verdict:
      status: supported
      rationale: RFC 5681 #section-3.2, equation (4), sets ssthresh to FlightSize / 2.
      date: 2026-11-22
  - id: rto-one
    anchor:
      quote: the window drops to one segment #and the connection restarts
    verdict:
      status: unverified
      rationale: "quoted #values keep every word" # and this comment is the author's
    # a comment on a line of its own
`;

describe('commentsInValues', () => {
  it('warns where a comment cut a rationale or a quote short, with the field, line, column and the quoted value to write', () => {
    expect(formatProblems(commentsInValues(CLAIMS, 'content/books/tcp/02.claims.yaml'))).toBe(
      [
        'content/books/tcp/02.claims.yaml:6:27  claims[0].verdict.rationale  warning: YAML reads "#section-3.2, equation (4), sets ssthres…" as a comment, so this value ends at "RFC 5681"  (hint: if the words after " #" belong to the value, put the whole value in quotes: rationale: "RFC 5681 #section-3.2, equation (4), sets ssthresh to Flight…"; if they are a comment, write it on a line of its own)  [yaml/comment-in-value]',
        'content/books/tcp/02.claims.yaml:10:46  claims[1].anchor.quote  warning: YAML reads "#and the connection restarts" as a comment, so this value ends at "the window drops to one segment"  (hint: if the words after " #" belong to the value, put the whole value in quotes: quote: "the window drops to one segment #and the connection restarts"; if they are a comment, write it on a line of its own)  [yaml/comment-in-value]',
      ].join('\n'),
    );
  });

  it('leaves the comments an author means: "# words" after an id, a status or a title, on a line of their own, after a quoted value, inside a block', () => {
    expect(commentsInValues('title: Pi Agents # the book\'s title, as readers see it\nslug: pi\n', 'book.yaml')).toEqual([]);
    const meant = 'claims:\n  - id: a  # the first\n    verdict:\n      status: supported # re-read in May\n      rationale: |\n        RFC 5681 #section-3.2 stays in a block.\n';
    expect(commentsInValues(meant, 'x.yaml')).toEqual([]);
    // A list item cut by "#word" is one too.
    expect(commentsInValues('tags:\n  - tcp #congestion\n', 'x.yaml').map((problem) => [problem.path, problem.line, problem.column])).toEqual([['tags[0]', 2, 9]]);
  });

  it('is part of loading a sidecar: the data is kept, the warning is listed', () => {
    const loaded = loadSidecar('claims', CLAIMS, 'content/books/tcp/02.claims.yaml');
    expect(loaded.data?.claims[0]?.verdict.rationale).toBe('RFC 5681');
    expect(loaded.problems.map((problem) => [problem.rule, problem.severity, problem.path])).toEqual([
      ['yaml/comment-in-value', 'warning', 'claims[0].verdict.rationale'],
      ['yaml/comment-in-value', 'warning', 'claims[1].anchor.quote'],
    ]);
  });

  it('is part of reading a chapter\'s frontmatter, at the chapter file\'s line', () => {
    const loaded = loadFrontmatter('---\ntitle: Fast retransmit\nnumber: 2\nsummary: How TCP repairs a single loss #fast-retransmit without a timeout.\n---\n\nText.\n', 'content/books/tcp/02.mdx');
    expect(loaded.data?.summary).toBe('How TCP repairs a single loss');
    expect(loaded.problems.map((problem) => [problem.rule, problem.path, problem.line, problem.column])).toEqual([['yaml/comment-in-value', 'summary', 4, 40]]);
  });
});
