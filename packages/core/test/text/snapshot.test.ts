import { createHash } from 'node:crypto';
import type { Root } from 'mdast';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { attachSource, extractChapterText, snapshotOf, sourceOf } from '../../src/text/snapshot.js';

/** Parse as the model does: directives on, smart punctuation off, positions. */
function parse(source: string, format: 'md' | 'mdx' = 'mdx'): Root {
  const features = { directive: true, smartPunctuation: false, gfm: true, frontmatter: true };
  const root = (format === 'mdx' ? mdxToMdast : markdownToMdast)(source, { features, position: true }) as Root;
  return attachSource(root, source);
}

const text = (source: string, format: 'md' | 'mdx' = 'mdx') => extractChapterText(parse(source, format));
const fingerprint = (source: string) => text(source).fingerprint;

const chapter = `---
title: The Session File Format
number: 27
---
import Figure from '../components/Figure.astro';
export const meta = { draft: false };

# The *session* file

A session file holds one JSON object per line. The first line is the
header; every later line is an entry.

{/* an MDX comment */}

Entries carry an \`id\` and a \`parentId\`, so they form a tree ({1 + 1} branches here).

<Figure caption="not prose">The figure's *own* text</Figure>

![a diagram of the tree](tree.png)

| Field | Meaning |
| --- | --- |
| \`id\` | unique within the file |
| \`parentId\` | the entry it follows |

\`\`\`json
{"type":"session","version":3}   
  {"type":"message"}
\`\`\`

> A block quote
> on two lines.

- one item
- two *items*

It is 10:30 and note:this survives.
`;

describe('extractChapterText', () => {
  it('keeps the prose and drops frontmatter, ESM, expressions, comments and alt text', () => {
    expect(text(chapter).snapshot).toBe(
      [
        'The session file',
        'A session file holds one JSON object per line. The first line is the header; every later line is an entry.',
        'Entries carry an id and a parentId, so they form a tree ( branches here).',
        "The figure's own text",
        'Field | Meaning\nid | unique within the file\nparentId | the entry it follows',
        '{"type":"session","version":3}\n  {"type":"message"}',
        'A block quote on two lines.',
        'one item',
        'two items',
        'It is 10:30 and note:this survives.',
      ].join('\n\n') + '\n',
    );
  });

  it('ends with exactly one line feed, also when empty', () => {
    expect(text('').snapshot).toBe('\n');
    expect(text('Hello.\n\n\n').snapshot).toBe('Hello.\n');
  });

  it('lists claim directives with their snapshot offsets and source positions', () => {
    const result = text('# T\n\nFirst :claim[the *claim* text]{#c1} and :claim[another]{id=c2}.\n');
    expect(result.directives).toEqual([
      { id: 'c1', start: 9, end: 23, line: 3, column: 7 },
      { id: 'c2', start: 28, end: 35, line: 3, column: 41 },
    ]);
    expect(result.snapshot.slice(9, 23)).toBe('the claim text');
  });

  it('restores directives that are not claims as their source text', () => {
    const source = 'At 10:30, see :abbr[JSONL]{title="JSON Lines"}.\n\n::leaf[x]{a=1}\n\n:::note[Label]\nInside.\n:::\n';
    expect(text(source, 'md').snapshot).toBe('At 10:30, see :abbr[JSONL]{title="JSON Lines"}.\n\n::leaf[x]{a=1}\n\n:::note[Label]\n\nInside.\n\n:::\n');
  });

  it('serializes directives from the tree when the source is unknown', () => {
    const root = markdownToMdast('At 10:30, :abbr[JSONL]{title="JSON Lines" #x}.\n', { features: { directive: true }, position: true }) as Root;
    // Written by mdast-util-directive's serializer: the id first, then the other attributes.
    expect(extractChapterText(root).snapshot).toBe('At 10:30, :abbr[JSONL]{#x title="JSON Lines"}.\n');
  });

  it('remembers the source without making it enumerable', () => {
    const root = parse('A.\n');
    expect(sourceOf(root)).toBe('A.\n');
    expect(Object.keys(root)).not.toContain('source');
    expect(JSON.stringify(root)).not.toContain('"A.\\n"');
  });

  it('gives the snapshot of an index', () => {
    expect(snapshotOf({ text: 'a' } as Parameters<typeof snapshotOf>[0])).toBe('a\n');
  });
});

describe('fingerprint properties', () => {
  const base = 'The header is the *first* line. Each entry\nhas an id and a parent id.\n';

  it('does not change when claim markup is added or removed', () => {
    expect(fingerprint('The header is the *first* line. :claim[Each entry has an id]{#ids} and a parent id.\n')).toBe(fingerprint(base));
    expect(fingerprint('The header is the *first* line. :claim[Each entry has an id]{id=ids} and a parent id.\n')).toBe(fingerprint(base));
  });

  it('does not change with the emphasis markers', () => {
    expect(fingerprint('The header is the _first_ line. Each entry\nhas an id and a parent id.\n')).toBe(fingerprint(base));
    expect(fingerprint('The header is the **first** line. Each entry\nhas an id and a parent id.\n')).toBe(fingerprint(base));
  });

  it('does not change when lines are re-wrapped', () => {
    expect(fingerprint('The header is the *first*\nline. Each entry has an id and\na    parent id.\n')).toBe(fingerprint(base));
  });

  it('does not change with line endings or Unicode normalization', () => {
    expect(fingerprint(base.replace(/\n/g, '\r\n'))).toBe(fingerprint(base));
    expect(fingerprint('Caf\u0065\u0301 entries.\n')).toBe(fingerprint('Caf\u00e9 entries.\n'));
  });

  it('changes when one word changes', () => {
    expect(fingerprint(base.replace('parent', 'child'))).not.toBe(fingerprint(base));
  });

  it('is the sha256 of the UTF-8 snapshot', () => {
    const result = text('Ünïcödé prose.\n');
    expect(result.fingerprint).toBe(createHash('sha256').update(Buffer.from(result.snapshot, 'utf8')).digest('hex'));
  });
});
