/**
 * The Markdown parse of a research report: Sätteri, as for chapters, with
 * GFM tables and frontmatter on, and directives and smart punctuation off,
 * so `10:30` stays text and quotes stay the characters the researcher typed.
 */
import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';

/**
 * Parse a report into mdast with positions.
 * @param source the report's text.
 * @returns the mdast root.
 */
export function parseReportMarkdown(source: string): Root {
  return markdownToMdast(source, { features: { gfm: true, frontmatter: true, directive: false, smartPunctuation: false }, position: true }) as Root;
}
