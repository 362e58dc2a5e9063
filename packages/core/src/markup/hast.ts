/**
 * Pieces of the HTML pages (the research pack, the status report, the claim
 * popovers) built as hast with `hastscript`: sidecar strings only ever become
 * text nodes and attribute values, and only values that pass the safe-URL
 * rule become links.
 */
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { safeHref } from '../site/safe-url.js';

/** What an element may hold: nodes, or strings that become text nodes. */
export type HastChild = ElementContent | string;

/**
 * A section named by its heading, for landmarks and the outline.
 * @param heading the heading's element, `h2` or `h3`.
 * @param id the heading's id, which the section is labelled by.
 * @param title the heading's text.
 * @param children what follows the heading.
 * @param className the section's class, if any.
 * @returns `<section aria-labelledby>` with the heading first.
 */
export function labelledSection(heading: 'h2' | 'h3', id: string, title: string, children: readonly HastChild[], className?: string): Element {
  const properties = className === undefined ? { ariaLabelledBy: id } : { className: [className], ariaLabelledBy: id };
  return h('section', properties, [h(heading, { id }, title), ...children]);
}

/**
 * A data table in a scroll container, so a wide table scrolls sideways on a
 * narrow screen instead of the page. The container is a named region that
 * takes focus, so keyboard users can scroll it too.
 * @param className the table's class.
 * @param caption the table's caption, also the region's name.
 * @param children the table's `thead` and `tbody`.
 * @returns `<div class="rp-table-scroll" role="region">` around the table.
 */
export function scrollableTable(className: string, caption: string, children: Element[]): Element {
  return h('div', { className: ['rp-table-scroll'], role: 'region', ariaLabel: caption, tabIndex: 0 }, [
    h('table', { className: [className] }, [h('caption', caption), ...children]),
  ]);
}

/**
 * A scrollable data table with a header row of column headers.
 * @param className the table's class.
 * @param caption the table's caption.
 * @param columns the column headers, in order.
 * @param rows the body's `tr` elements.
 * @returns the table in its scroll container (see `scrollableTable`).
 */
export function dataTable(className: string, caption: string, columns: readonly string[], rows: Element[]): Element {
  return scrollableTable(className, caption, [h('thead', h('tr', columns.map((label) => h('th', { scope: 'col' }, label)))), h('tbody', rows)]);
}

/**
 * A body row whose first cell heads the row.
 * @param cells the row's cells, each a child or a list of children; the first becomes `<th scope="row">`.
 * @returns the `tr` element.
 */
export function headedRow(cells: ReadonlyArray<HastChild | readonly HastChild[]>): Element {
  const [first, ...rest] = cells;
  return h('tr', [h('th', { scope: 'row' }, (first ?? '') as HastChild[]), ...rest.map((cell) => h('td', cell as HastChild[]))]);
}

/**
 * A date as a `<time>` element, machine-readable too.
 * @param date a date, `YYYY-MM-DD`.
 * @returns `<time datetime="date">date</time>`.
 */
export function timeElement(date: string): Element {
  return h('time', { dateTime: date }, date);
}

/**
 * A link for a value that passes the safe-URL rule (http(s) URL, DOI, arXiv
 * id); the value as marked text, saying why it is not linked, otherwise.
 * @param value the URL, DOI or arXiv id as recorded.
 * @param text the link text (default: the value).
 * @returns `<a rel="external noopener noreferrer">`, or `<span class="rp-unlinked">`.
 */
export function externalLink(value: string, text = value): HastChild {
  const href = safeHref(value);
  if (href === undefined) return h('span', { className: ['rp-unlinked'] }, `${text} (not linked: not an http(s) URL, DOI or arXiv id)`);
  return h('a', { href, rel: ['external', 'noopener', 'noreferrer'] }, text);
}
