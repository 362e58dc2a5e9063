import { extractChapterText, sourceOf } from '@research-pack/core';
import { describe, expect, it } from 'vitest';
import { CHAPTER_FEATURES, parseChapter } from '../src/parse-chapter.js';

describe('parseChapter', () => {
  it('parses MDX with directives, without smart punctuation, with positions', () => {
    const source = '---\ntitle: T\n---\nimport X from "./x"\n\nIt\'s "quoted" -- at 10:30 :claim[here]{#c}.\n';
    const root = parseChapter(source, { format: 'mdx' });
    expect(root.children.map((node) => node.type)).toEqual(['yaml', 'mdxjsEsm', 'paragraph']);
    const paragraph = root.children[2]!;
    expect(paragraph.position?.start).toEqual({ line: 6, column: 1, offset: 38 });
    expect(paragraph.type === 'paragraph' && paragraph.children.map((node) => node.type)).toEqual(['text', 'textDirective', 'text', 'textDirective', 'text']);
    expect(sourceOf(root)).toBe(source);
    expect(extractChapterText(root).snapshot).toBe('It\'s "quoted" -- at 10:30 here.\n');
  });

  it('parses Markdown, where braces and tags are text', () => {
    const root = parseChapter('A {b} <c> d.\n', { format: 'md' });
    expect(extractChapterText(root).snapshot).toBe('A {b} d.\n');
  });

  it('uses the documented features', () => {
    expect(CHAPTER_FEATURES).toEqual({ directive: true, smartPunctuation: false, gfm: true, frontmatter: true });
    expect(Object.isFrozen(CHAPTER_FEATURES)).toBe(true);
  });
});
