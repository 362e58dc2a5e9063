/**
 * Sidecar text on its way into Markdown and plain-text artifacts (`brief.md`,
 * `report.md`). Authors' and researchers' strings are data: they must not
 * open a heading, a list, a table column, a link, an HTML block or an MDX
 * expression, and a line break in a one-line field must not forge the
 * structure of the document around it.
 */
import { safeHref } from '../site/safe-url.js';

/**
 * Collapse text to one line: line breaks (including U+2028/U+2029/U+0085),
 * tabs and other control characters become single spaces.
 * @param text any string.
 * @returns the string on one line, trimmed.
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * Escape text so Markdown (CommonMark, GFM, MDX) reads it as literal inline text
 * even at the start of a line.
 * @param text any string; it is collapsed to one line first.
 * @returns escaped text that renders as exactly the input.
 */
export function escapeMarkdown(text: string): string {
  return escapeInline(text)
    .replace(/^=|^[#+-](?=[\s#+-]|$)/, (char) => `\\${char}`)
    .replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2');
}

/**
 * Escape text for a place that cannot start a block, such as link text. Bare
 * URLs and e-mail addresses stay text too: only the renderers decide what is linked.
 * @param text any string; it is collapsed to one line first.
 * @returns escaped text that renders as exactly the input there.
 */
export function escapeInline(text: string): string {
  return (
    oneLine(text)
      .replace(/[\\`*_[\]<>&|~{}@]/g, (char) => `\\${char}`)
      // GFM turns bare `scheme://…` and `www.…` into links; an escaped `:` or `.` keeps them text.
      .replace(/:(?=\/\/)/g, '\\:')
      .replace(/\b(www)\./gi, '$1\\.')
  );
}

/**
 * Escaped text as a sentence: a full stop is added unless it already ends in one.
 * @param text any string.
 * @returns the escaped sentence.
 */
export function escapeSentence(text: string): string {
  const escaped = escapeMarkdown(text);
  return /[.!?…:;)"'”’]$/.test(escaped) ? escaped : `${escaped}.`;
}

/**
 * Escape text for a GFM table cell: one line, pipes escaped, never empty.
 * @param text any string.
 * @returns the escaped cell content (`—` for an empty string).
 */
export function escapeTableCell(text: string): string {
  const escaped = escapeMarkdown(text);
  return escaped === '' ? '—' : escaped;
}

/**
 * Escape multi-line text (a researcher's findings, a note) as Markdown lines,
 * each escaped on its own so no line can open a block construct.
 * @param text any string.
 * @param prefix put before every line, e.g. `> ` for a block quote.
 * @returns the lines joined with `\n`, blank lines kept as paragraph breaks.
 */
export function escapeMarkdownLines(text: string, prefix = ''): string {
  const lines = text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .split('\n')
    .map((line) => escapeMarkdown(line));
  const kept = lines.filter((line, index) => line !== '' || (index > 0 && lines[index - 1] !== ''));
  while (kept.length > 0 && kept[0] === '') kept.shift();
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  return kept.map((line) => (line === '' ? prefix.trimEnd() : prefix + line)).join('\n');
}

/**
 * A code span that holds any string, however many backticks it contains.
 * @param text one line of text.
 * @returns `` `text` `` with a fence longer than any backtick run inside.
 */
export function codeSpan(text: string): string {
  const line = oneLine(text);
  const longest = Math.max(0, ...[...line.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/**
 * A link, only when the target passes the safe-URL rule; otherwise the text alone.
 * @param text the link text (escaped here).
 * @param target a URL, DOI or arXiv id.
 * @returns `[text](<href>)` or the escaped text.
 */
export function markdownLink(text: string, target: string): string {
  const href = safeHref(target);
  return href === undefined ? escapeMarkdown(text) : `[${escapeInline(text)}](<${tableSafe(href)}>)`;
}

/**
 * A URL shown as itself: an autolink when it passes the safe-URL rule, escaped text otherwise.
 * @param target a URL, DOI or arXiv id.
 * @returns `<href>` or the escaped text.
 */
export function markdownUrl(target: string): string {
  const href = safeHref(target);
  return href === undefined ? escapeMarkdown(target) : `<${tableSafe(href)}>`;
}

/**
 * A URL the site itself generated (chapter, pack, artifact): trusted, shown as an autolink
 * when absolute and as a link with its path as text when root-relative.
 * @param url a URL from `urls.ts`.
 * @returns Markdown for the link.
 */
export function siteLink(url: string): string {
  const href = tableSafe(url);
  if (/^https?:\/\//.test(url)) return `<${href}>`;
  return `[${escapeInline(url)}](<${href}>)`;
}

/**
 * A link to a page of the site (a claim, a pack) with escaped text.
 * @param text the link text.
 * @param url a URL from `urls.ts`.
 * @returns `[text](<url>)`.
 */
export function siteLinkText(text: string, url: string): string {
  return `[${escapeInline(text)}](<${tableSafe(url)}>)`;
}

/** Pipes split GFM table cells even inside links, and `<`, `>` or a line break would end the destination. */
function tableSafe(href: string): string {
  return href.replace(/[|<>\s]/g, (char) => encodeURIComponent(char));
}

/**
 * A GFM table. Cells must already be escaped (see `escapeTableCell`).
 * @param head header cells.
 * @param rows body rows, each as long as `head`.
 * @returns the table, without a trailing newline.
 */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}
