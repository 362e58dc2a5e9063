/**
 * `cutsRawHtml`: whether the page could not wrap a quote because it would cut
 * a raw HTML element in two; silent where Markdown parsers read the tags
 * differently (the page's parse decides there).
 */
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { cutsRawHtml } from '../../src/text/raw-html.js';
import { buildTextIndex } from '../../src/text/text-index.js';
import type { IndexNode } from '../../src/text/text-index-types.js';

/** Whether the quote, found in the paragraph's text, cuts raw HTML. */
function cuts(markdown: string, quote: string): boolean {
  const root = markdownToMdast(markdown, { features: { directive: true, gfm: true, smartPunctuation: false }, position: true }) as unknown as IndexNode;
  const index = buildTextIndex(root, { source: markdown });
  const start = index.text.indexOf(quote);
  if (start === -1) throw new Error(`"${quote}" is not in "${index.text}"`);
  return cutsRawHtml(index, start, start + quote.length);
}

describe('cutsRawHtml', () => {
  it('is true for a quote that starts or ends inside an element, and false for one that holds or stays in it', () => {
    expect(cuts('A <b>bold words</b> end.\n', 'words end')).toBe(true);
    expect(cuts('A <b>bold words</b> end.\n', 'A bold')).toBe(true);
    expect(cuts('A <b>bold words</b> end.\n', 'bold words')).toBe(false);
    expect(cuts('A <b>bold words</b> end.\n', 'A bold words end')).toBe(false);
    expect(cuts('A <em title="x=y">bold words</em> end.\n', 'words end')).toBe(true);
    // A link, a button or a label is taken in whole: never cut.
    expect(cuts('Read <a href="https://x.org">the session docs</a> now.\n', 'session docs')).toBe(false);
    expect(cuts('Plain words, no HTML.\n', 'words, no')).toBe(false);
  });

  it('says nothing where parsers read the tags differently: an unquoted attribute value, or text that reads like a tag', () => {
    expect(cuts('A <b class=x>bold words</b> end.\n', 'words end')).toBe(false);
    expect(cuts('Open <a href=/search>the search page</a> first, <b>bold words</b> end.\n', 'words end')).toBe(false);
  });
});
