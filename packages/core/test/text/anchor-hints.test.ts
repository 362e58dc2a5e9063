import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { closestText, suggestContext } from '../../src/text/anchor-hints.js';
import { prepareSearch } from '../../src/text/quote-search.js';
import { buildTextIndex } from '../../src/text/text-index.js';

const search = (source: string) => prepareSearch(buildTextIndex(markdownToMdast(source, { features: { directive: true, gfm: true }, position: true }) as Root, { source }));

describe('anchoring hints', () => {
  it('finds the closest text in whole words', () => {
    const text = search('Sessions are stored in JSONL files.\n\nSomething else entirely.\n');
    expect(closestText(text, 'Sessions are stored in a SQLite database.')).toMatchObject({ text: 'Sessions are stored in JSONL files.', start: 0 });
    expect(closestText(search('```\ncode only\n```\n'), 'anything')).toBeUndefined();
  });

  it('narrows a long text down to the units most like the quote', () => {
    const filler = Array.from({ length: 400 }, (_, index) => `Filler paragraph number ${index} about nothing in particular.`).join('\n\n');
    const text = search(`${filler}\n\nThe reader follows the parent id of each entry.\n`);
    expect(text.folded.text.length).toBeGreaterThan(20_000);
    expect(closestText(text, 'The reader follows the parent ids of entries.')?.text).toBe('The reader follows the parent id of each entry.');
  });

  it('suggests the shortest prefix or suffix that tells the first place apart', () => {
    const text = search('One JSON object. The header comes first.\n\nThe header comes first. Readers rely on it.\n');
    const ranges = [
      { start: 17, end: 40 },
      { start: 42, end: 65 },
    ];
    expect(text.index.text.slice(17, 40)).toBe('The header comes first.');
    expect(suggestContext(text, ranges)).toEqual({ kind: 'prefix', text: 'object. ' });
    const same = search('A b. A b.\n');
    expect(suggestContext(same, [{ start: 0, end: 4 }, { start: 5, end: 9 }])).toEqual({ kind: 'suffix', text: ' A' });
  });
});
