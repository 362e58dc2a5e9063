import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { anchorClaims, type AnchorFiles } from '../../src/text/anchor.js';
import { foldText } from '../../src/text/normalize.js';
import { claimPlaces } from '../../src/text/page-places.js';
import type { Claim } from '../../src/schema/sidecars.js';
import { extractChapterText } from '../../src/text/snapshot.js';

/** The model's places of some claims in a chapter, parsed as the model parses (smart punctuation off). */
function placesOf(source: string, claims: Claim[]) {
  const root = markdownToMdast(source, { features: { directive: true, smartPunctuation: false, gfm: true, frontmatter: true }, position: true }) as Root;
  const text = extractChapterText(root, { source });
  const { anchors, problems } = anchorClaims(text, claims, files);
  expect(problems).toEqual([]);
  return claimPlaces(text, anchors)!;
}

const files: AnchorFiles = { chapter: 'content/books/pi/27-chapter.md', claims: 'content/books/pi/27-chapter.claims.yaml', locate: () => ({ line: 1, column: 1 }) };

function quote(id: string, text: string): Claim {
  return { id, anchor: { quote: text }, verdict: { status: 'unverified' }, priority: 'medium', response: 'no-change' };
}
function directive(id: string): Claim {
  return { id, anchor: 'directive', verdict: { status: 'unverified' }, priority: 'medium', response: 'no-change' };
}

describe('the text node of a quote claim', () => {
  it('is given when the words lie in one text node: where it starts and where the words are in its folded text', () => {
    const source = "Intro.\n\nThe header -- it's *metadata only* -- comes first, and readers rely on it.\n";
    const places = placesOf(source, [quote('first', 'comes first, and readers rely'), quote('header', 'The header')]);
    const leaf = places.get('first')!.leaf!;
    // The last text node of the paragraph: ` -- comes first, and readers rely on it.`, read on its own (trimmed).
    const start = source.indexOf(' -- comes');
    expect(leaf.start).toBe(start);
    const folded = foldText('-- comes first, and readers rely on it.').text;
    expect(leaf).toEqual({ start, from: folded.indexOf('comes'), to: folded.indexOf(' on it'), length: folded.length, text: 'comes first, and readers rely' });
    // Another text node of the same paragraph (the first), with its folded apostrophe and dash.
    expect(places.get('header')!.leaf).toMatchObject({ start: source.indexOf('The header'), from: 0, text: 'The header' });
    expect(places.get('header')!.container).toEqual(places.get('first')!.container);
  });

  it('is not given when the words cross inline markup or sit in a link', () => {
    const source = 'Entries form a tree: *each entry* points at its parent.\n\nSee [the session format](https://example.org) for more.\n';
    const places = placesOf(source, [quote('tree', 'each entry points at'), quote('link', 'session format')]);
    expect(places.get('tree')!.leaf).toBeUndefined();
    expect(places.get('link')!.leaf).toBeUndefined();
  });

  it('is given to no claim of a container where one claim has none, or that holds a directive, or whose claims nest', () => {
    const mixed = placesOf('One two three *four five* six.\n', [quote('one', 'One two'), quote('four', 'three four')]);
    expect(mixed.get('one')!.leaf).toBeUndefined();
    expect(mixed.get('four')!.leaf).toBeUndefined();
    const withDirective = placesOf('One two three and :claim[a marked claim]{#marked} here.\n\nOne two four.\n', [quote('one', 'One two three'), directive('marked'), quote('other', 'two four')]);
    expect(withDirective.get('one')!.leaf).toBeUndefined();
    expect(withDirective.get('other')!.leaf).toBeDefined();
    const restored = placesOf('One two three at 10:30 here.\n', [quote('one', 'One two three')]);
    expect(restored.get('one')!.leaf).toBeUndefined();
    // Claims may nest (crossing ones are refused): the page rebuilds their container.
    const nested = placesOf('One two three four five.\n', [quote('outer', 'One two three four'), quote('inner', 'two three')]);
    expect(nested.get('outer')!.leaf).toBeUndefined();
    expect(nested.get('inner')!.leaf).toBeUndefined();
  });

  it('is given in paragraphs and table cells, not in headings (whose markers follow them)', () => {
    const source = '# The header comes first\n\n| a | b |\n| --- | --- |\n| readers rely on it | x |\n';
    const places = placesOf(source, [quote('heading', 'header comes'), quote('cell', 'readers rely')]);
    expect(places.get('heading')!.leaf).toBeUndefined();
    expect(places.get('cell')!.container.type).toBe('tableCell');
    expect(places.get('cell')!.leaf).toMatchObject({ start: source.indexOf('readers rely'), text: 'readers rely' });
  });
});
