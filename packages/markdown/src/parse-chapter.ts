/**
 * The one fast parse of a chapter used for its snapshot, fingerprint and
 * anchoring: Sätteri with directives on and smart punctuation off, so the
 * text is the author's characters. Also `@research-pack/markdown/parse`, the
 * module worker threads load (`buildModelOnThreads`).
 */
// The snapshot module alone: worker threads load this parser, and the whole core would cost them time.
import { attachSource } from '@research-pack/core/snapshot';
import type { Root } from 'mdast';
import { markdownToMdast, mdxToMdast, type Features } from 'satteri';

/** Options for `parseChapter`. */
export interface ParseChapterOptions {
  /** `mdx` for `.mdx` chapters (ESM, JSX and expressions), `md` for plain Markdown. */
  format: 'mdx' | 'md';
}

/** The parser features the model reads chapters with. */
export const CHAPTER_FEATURES: Readonly<Features> = Object.freeze({
  directive: true,
  smartPunctuation: false,
  gfm: true,
  frontmatter: true,
});

/**
 * Parse a chapter into mdast, with positions.
 * @param source the chapter file's text.
 * @param options whether it is MDX or Markdown.
 * @returns the mdast root; it remembers `source` so `extractChapterText(root)` restores directives exactly.
 */
export function parseChapter(source: string, options: ParseChapterOptions): Root {
  const parse = options.format === 'mdx' ? mdxToMdast : markdownToMdast;
  const root = parse(source, { features: { ...CHAPTER_FEATURES }, position: true }) as Root;
  return attachSource(root, source);
}
