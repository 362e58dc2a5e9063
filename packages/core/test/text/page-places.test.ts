/**
 * `claimPlaces`: a directive claim the page may mark on its own node
 * (`simple`) is never one inside a link, a button or a label, however they
 * are written; the page rebuilds those containers and keeps the marker out.
 */
import type { Root } from 'mdast';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { anchorClaims, type AnchorFiles } from '../../src/text/anchor.js';
import { claimPlaces } from '../../src/text/page-places.js';
import type { Claim } from '../../src/schema/sidecars.js';
import { extractChapterText } from '../../src/text/snapshot.js';

const files: AnchorFiles = { chapter: 'chapter.md', claims: 'chapter.claims.yaml', locate: () => ({ line: 1, column: 1 }) };
const claim: Claim = { id: 'd1', anchor: 'directive', verdict: { status: 'unverified' }, priority: 'medium', response: 'no-change' };

/** Whether the directive claim `d1` of a one-paragraph chapter is marked where it stands. */
function simple(source: string, format: 'md' | 'mdx'): boolean {
  const parse = format === 'mdx' ? mdxToMdast : markdownToMdast;
  const root = parse(source, { features: { directive: true, smartPunctuation: false, gfm: true }, position: true }) as Root;
  const text = extractChapterText(root, { source });
  const { anchors, problems } = anchorClaims(text, [claim], files);
  expect(problems).toEqual([]);
  return claimPlaces(text, anchors)!.get('d1')!.simple;
}

describe('claimPlaces', () => {
  it('marks a directive where it stands only outside links, buttons and labels', () => {
    expect(simple('See :claim[three readers]{#d1} today.\n', 'md')).toBe(true);
    expect(simple('See [the :claim[three readers]{#d1}](https://x.org) today.\n', 'md')).toBe(false);
    expect(simple('See <a href="https://x.org">:claim[three readers]{#d1} and more</a> today.\n', 'md')).toBe(false);
    expect(simple('See <b>:claim[three readers]{#d1} and more</b> today.\n', 'md')).toBe(true);
    expect(simple('Tick <label>keep :claim[the log]{#d1} for days</label> now.\n', 'mdx')).toBe(false);
    expect(simple('Press <button>:claim[start]{#d1} now</button> please.\n', 'mdx')).toBe(false);
    expect(simple('Read <a href="https://x.org">:claim[the notes]{#d1}</a> first.\n', 'mdx')).toBe(false);
    expect(simple('Read <em>:claim[the notes]{#d1}</em> first.\n', 'mdx')).toBe(true);
  });
});
