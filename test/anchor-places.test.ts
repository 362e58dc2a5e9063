/**
 * Claims that do not anchor because what they point at is in the chapter's
 * source but not in its prose, and page ids a claim's markup would share:
 * each problem says where the text is and why it does not count. Built with
 * the real chapter parser on a copy of the demo book.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildModel, formatProblems } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/project.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

const book = 'content/books/pi';
const QUOTE = `      quote: >-
        JSON Lines asks for three things: UTF-8 text, one complete JSON value
        on each line, and a line feed between values.`;
const DIRECTIVE = ':claim[The session id is a random version 4 UUID.]{#session-id-v4}';

/** The problems of the demo book with chapter 27 and its claims edited. */
function problemsWith(edit: { quote?: string; chapter?: (text: string) => string }): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-anchor-'));
  made.push(root);
  fs.cpSync(path.join(repoRoot, 'content'), path.join(root, 'content'), { recursive: true });
  const claimsFile = path.join(root, book, '27-chapter.claims.yaml');
  const chapterFile = path.join(root, book, '27-chapter.mdx');
  const claims = fs.readFileSync(claimsFile, 'utf8');
  if (edit.quote !== undefined) {
    if (!claims.includes(QUOTE)) throw new Error('the demo claim moved');
    fs.writeFileSync(claimsFile, claims.replace(QUOTE, `      quote: ${JSON.stringify(edit.quote)}`));
  }
  const chapter = fs.readFileSync(chapterFile, 'utf8');
  if (edit.chapter) {
    const changed = edit.chapter(chapter);
    if (changed === chapter) throw new Error('the chapter was not changed');
    fs.writeFileSync(chapterFile, changed);
  }
  const { problems } = buildModel({ rootDir: root, parse: (source, { format }) => parseChapter(source, { format }), today: '2026-11-30' });
  return formatProblems(problems);
}

const before = (extra: string) => (text: string) => text.replace('The header is *metadata only*', `${extra}\n\nThe header is *metadata only*`);
const claimLine = 'content/books/pi/27-chapter.claims.yaml:37:14  claims[1].anchor.quote';
const hint = "(hint: quote a sentence of the chapter's prose (a paragraph, list item, heading or table cell), or mark that sentence with :claim[…]{#id})  [anchor/orphan]";

describe('a quote that is only outside the prose', () => {
  it('says it is in the frontmatter', () => {
    expect(problemsWith({ quote: 'The Session File Format' })).toBe(
      `${claimLine}  the quote of claim "jsonl-three-rules" ("The Session File Format") is not in the prose of ${book}/27-chapter.mdx: it is only in the frontmatter (${book}/27-chapter.mdx:2:8), which is not text a claim can mark  ${hint}`,
    );
  });

  it('says it is in a code block', () => {
    expect(problemsWith({ quote: '"type":"session","version":3' })).toContain(`it is only in a code block (${book}/27-chapter.mdx:38:2)`);
  });

  it("says it is in a JSX element's attribute, an image's alt text or an expression", () => {
    expect(problemsWith({ quote: 'a caption only in an attribute', chapter: before('<div title="a caption only in an attribute"></div>') })).toContain(
      `it is only in an attribute of the <div> element (${book}/27-chapter.mdx:41:13)`,
    );
    expect(problemsWith({ quote: 'a sentence only in the alt text', chapter: before('![a sentence only in the alt text](https://example.org/x.png)') })).toContain(
      `it is only in an image's alt text (${book}/27-chapter.mdx:41:3)`,
    );
    expect(problemsWith({ quote: 'a sentence in an expression', chapter: before('{"a sentence in an expression"}') })).toContain('it is only in an MDX expression ({…})');
  });

  it('keeps the closest-text message for a quote that is nowhere', () => {
    expect(problemsWith({ quote: 'nothing like this is written anywhere' })).toContain('is not in content/books/pi/27-chapter.mdx; the closest text');
  });
});

describe('a claim directive that marks nothing', () => {
  const replace = (to: string) => (text: string) => text.replace(DIRECTIVE, to);

  it('says the directive is in an image alt text or in code', () => {
    expect(problemsWith({ chapter: replace(`![${DIRECTIVE}](https://example.org/x.png)`) })).toBe(
      `${book}/27-chapter.claims.yaml:71:13  claims[3].anchor  claim "session-id-v4" is anchored by directive, but its :claim[…]{#session-id-v4} is in an image's alt text (${book}/27-chapter.mdx:41:353), where a directive marks nothing  (hint: move :claim[the sentence]{#session-id-v4} into the prose: a paragraph, list item, heading or table cell)  [anchor/missing-directive]`,
    );
    expect(problemsWith({ chapter: replace(`\`${DIRECTIVE}\``) })).toContain('is in inline code');
  });

  it('says ::claim and :::claim are block directives', () => {
    expect(problemsWith({ chapter: replace(`\n\n::${DIRECTIVE.slice(1)}\n\n`) })).toBe(
      `${book}/27-chapter.mdx:43:1  "::claim" is a block directive, which marks no sentence: a claim is marked inside its paragraph, with one colon  (hint: write :claim[the sentence]{#session-id-v4} in the paragraph, list item or heading that says it)  [anchor/block-directive]`,
    );
    expect(problemsWith({ chapter: replace('\n\n:::claim{#session-id-v4}\nThe session id is a random version 4 UUID.\n:::\n\n') })).toContain('":::claim" is a block directive');
  });

  it('says a directive gives two ids, instead of "unknown" and "missing"', () => {
    expect(problemsWith({ chapter: replace(DIRECTIVE.replace('}', ' #other}')) })).toBe(
      `${book}/27-chapter.mdx:41:351  this :claim directive gives 2 ids (#session-id-v4 #other); a directive marks one claim, and only the last id would count  (hint: keep one id, e.g. :claim[…]{#session-id-v4}; to mark two claims on the same words, nest them: :claim[:claim[…]{#other}]{#session-id-v4})  [anchor/several-ids]`,
    );
  });
});

describe("ids a claim's markup would share", () => {
  it('reports a heading whose id is a claim popover id', () => {
    expect(problemsWith({ chapter: (text) => text.replace('## ', '## rp-claim-session-id-v4-details\n\n## ') })).toBe(
      `${book}/27-chapter.mdx:11:1  this heading gets the id "rp-claim-session-id-v4-details" on the page, which claim "session-id-v4" gives its popover: two elements would share one id, and the claim's marker would open this one  (hint: reword the heading: ids that begin with "rp-claim-" belong to the claims' markup)  [chapter/id-collision]`,
    );
  });

  it('reports a JSX element with a claim id, and leaves other ids alone', () => {
    expect(problemsWith({ chapter: before('<div id="rp-claim-session-id-v4">x</div>') })).toContain('this element gets the id "rp-claim-session-id-v4" on the page, which claim "session-id-v4" gives its text');
    expect(problemsWith({ chapter: before('## rp-claim-unknown-details') })).toBe('');
  });
});
