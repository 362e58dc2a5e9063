/**
 * The pieces Markdown artifacts are built from, as mdast nodes. Sidecar
 * strings only ever become text nodes (escaped when written, see
 * `markdown.ts`), collapsed to one line so that a line break cannot forge
 * the structure around them; only values that pass the safe-URL rule become
 * links. Plain strings among the parts of a paragraph, a heading, a list
 * item or a cell are the renderer's own words.
 */
import type { Blockquote, Heading, InlineCode, Link, List, Paragraph, PhrasingContent, Table, TableCell, Text } from 'mdast';
import { safeHref } from '../site/safe-url.js';
import { oneLine } from './markdown.js';

/** A part of inline content: a node, or the renderer's own words. */
export type Inline = PhrasingContent | string;

/**
 * A recorded string as text, on one line.
 * @param value any string from a sidecar or the model.
 * @returns a text node.
 */
export function recorded(value: string): Text {
  return { type: 'text', value: oneLine(value) };
}

/**
 * A recorded string in a table cell, where nothing must stay blank.
 * @param value any string.
 * @returns a text node; `—` for a string that is empty on one line.
 */
export function recordedCell(value: string): Text {
  const text = oneLine(value);
  return { type: 'text', value: text === '' ? '—' : text };
}

/**
 * A recorded string as a sentence: a full stop is added unless it already ends in one.
 * @param value any string.
 * @returns a text node.
 */
export function recordedSentence(value: string): Text {
  const text = oneLine(value);
  return { type: 'text', value: /[.!?…:;)"'”’]$/.test(text) ? text : `${text}.` };
}

/**
 * Code (an id, a path, a fingerprint), on one line.
 * @param value any string; the writer picks a fence longer than any backtick run in it.
 * @returns an inline code node.
 */
export function code(value: string): InlineCode {
  return { type: 'inlineCode', value: oneLine(value) };
}

/**
 * Inline content from parts, adjacent words and text merged into one text node.
 * @param parts nodes and strings.
 * @returns phrasing content.
 */
export function inline(parts: readonly Inline[]): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  for (const part of parts) {
    const node: PhrasingContent = typeof part === 'string' ? { type: 'text', value: part } : part;
    const last = nodes.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else nodes.push(node.type === 'text' ? { ...node } : node);
  }
  return nodes.filter((node) => node.type !== 'text' || node.value !== '');
}

/**
 * A paragraph.
 * @param parts its content.
 * @returns the paragraph node.
 */
export function paragraph(...parts: Inline[]): Paragraph {
  return { type: 'paragraph', children: inline(parts) };
}

/**
 * A heading.
 * @param depth 1 to 3.
 * @param parts its content.
 * @returns the heading node.
 */
export function heading(depth: 1 | 2 | 3, ...parts: Inline[]): Heading {
  return { type: 'heading', depth, children: inline(parts) };
}

/**
 * A tight bullet list, one paragraph per item.
 * @param items each item's content.
 * @param options `task: true` for a checklist of open tasks (`- [ ]`).
 * @returns the list node.
 */
export function bulletList(items: readonly (readonly Inline[])[], options: { task?: boolean } = {}): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((parts) => ({
      type: 'listItem',
      spread: false,
      ...(options.task ? { checked: false } : {}),
      children: [{ type: 'paragraph', children: inline(parts) }],
    })),
  };
}

/**
 * Multi-line recorded text (a researcher's findings, a proposal) as a block
 * quote: each line on one line, blank lines as paragraph breaks.
 * @param value any string.
 * @returns the block quote node.
 */
export function quoteLines(value: string): Blockquote {
  const paragraphs: string[][] = [[]];
  for (const line of value.split(/\r\n?|[\n\u2028\u2029\u0085]/)) {
    const text = oneLine(line);
    if (text !== '') paragraphs.at(-1)!.push(text);
    else if (paragraphs.at(-1)!.length > 0) paragraphs.push([]);
  }
  const kept = paragraphs.filter((lines) => lines.length > 0);
  return { type: 'blockquote', children: kept.map((lines) => ({ type: 'paragraph', children: [{ type: 'text', value: lines.join('\n') }] })) };
}

/**
 * A GFM table.
 * @param columns the header cells.
 * @param rows the body rows, each a list of cells, each cell a list of parts.
 * @returns the table node, without column alignment.
 */
export function table(columns: readonly string[], rows: readonly (readonly (readonly Inline[])[])[]): Table {
  const cell = (parts: readonly Inline[]): TableCell => ({ type: 'tableCell', children: inline(parts) });
  return {
    type: 'table',
    align: columns.map(() => null),
    children: [{ type: 'tableRow', children: columns.map((column) => cell([column])) }, ...rows.map((cells) => ({ type: 'tableRow' as const, children: cells.map(cell) }))],
  };
}

/**
 * A link to a recorded target, only when it passes the safe-URL rule.
 * @param text the link text.
 * @param target a URL, DOI or arXiv id.
 * @returns a link, or the text alone.
 */
export function safeLink(text: string, target: string): PhrasingContent {
  const href = safeHref(target);
  return href === undefined ? recorded(text) : linkTo(href, [recorded(text)]);
}

/**
 * A recorded URL shown as itself: an autolink when it passes the safe-URL rule, text otherwise.
 * @param target a URL, DOI or arXiv id.
 * @returns `<href>` as a link, or the text.
 */
export function safeUrl(target: string): PhrasingContent {
  const href = safeHref(target);
  return href === undefined ? recorded(target) : siteLink(href);
}

/**
 * A URL the site itself generated (a chapter, a pack, an artifact), shown as
 * itself: an autolink when absolute, a link with its path as text when root-relative.
 * @param url a URL from `site/urls.ts` (or a safe href).
 * @returns the link node.
 */
export function siteLink(url: string): Link {
  const href = linkable(url);
  return linkTo(href, [{ type: 'text', value: href }]);
}

/**
 * A link to a page of the site (a claim, a pack) with recorded text.
 * @param text the link text.
 * @param url a URL from `site/urls.ts`.
 * @returns the link node.
 */
export function siteLinkText(text: string, url: string): Link {
  return linkTo(url, [recorded(text)]);
}

/**
 * Parts joined with a separator, as `Array.prototype.join` joins strings.
 * @param parts each part's content.
 * @param separator the renderer's words between two parts, e.g. `', '`.
 * @returns the parts with the separator between them.
 */
export function joined(parts: readonly (readonly Inline[])[], separator: string): Inline[] {
  return parts.flatMap((part, index) => (index === 0 ? [...part] : [separator, ...part]));
}

function linkTo(url: string, children: PhrasingContent[]): Link {
  return { type: 'link', url: linkable(url), children };
}

/** Pipes split GFM table cells even inside links, and `<`, `>` or a line break would end the destination: percent-encoded, the URL means the same. */
function linkable(href: string): string {
  return href.replace(/[|<>\s]/g, (char) => encodeURIComponent(char));
}
