/**
 * Reading rendered HTML in renderer tests: parse it, find elements, read
 * their text, find a section by its heading.
 */
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { expect } from 'vitest';

/** Parse an HTML fragment. */
export const parse = (html: string): Root => fromHtml(html, { fragment: true });

/** Every element below a node that passes the test, in document order. */
export function elements(tree: Root | Element, test: (node: Element) => boolean): Element[] {
  const found: Element[] = [];
  visit(tree, 'element', (node: Element) => void (test(node) && found.push(node)));
  return found;
}

/** The text of a node, without markup. */
export function text(node: Root | Element): string {
  let out = '';
  visit(node, 'text', (child: { value: string }) => void (out += child.value));
  return out;
}

/** The one section whose `h2` reads `title`. */
export function section(tree: Root, title: string): Element {
  const found = elements(tree, (node) => node.tagName === 'section' && elements(node, (h) => h.tagName === 'h2').some((h) => text(h) === title));
  expect(found, title).toHaveLength(1);
  return found[0]!;
}
