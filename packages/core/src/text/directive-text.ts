/**
 * Directives as text: which directives are claims' business, the id of a
 * claim directive, and the text a directive that is not ours reads as (the
 * source its author wrote, as Starlight restores it).
 */
import { createRequire } from 'node:module';
import type { Nodes } from 'mdast';
import type * as DirectiveExtension from 'mdast-util-directive';
import type * as ToMarkdown from 'mdast-util-to-markdown';
import { normalizeLines } from './normalize.js';
import type { IndexNode } from './text-index-types.js';

/**
 * Whether another plugin already turned a directive into something
 * (Starlight's convention: it set `data`). Such directives are left alone.
 * @param node a directive node.
 * @returns true when its `data` has `hName` or `hProperties`.
 */
export function isHandled(node: IndexNode): boolean {
  const data = node.data as { hName?: unknown; hProperties?: unknown } | undefined;
  return Boolean(data && (data.hName !== undefined || data.hProperties !== undefined));
}

/**
 * Whether a node is the label paragraph of a container directive (`:::name[label]`).
 * @param node a child of a container directive.
 * @returns true for the label.
 */
export function isDirectiveLabel(node: IndexNode): boolean {
  const data = node.data as { directiveLabel?: unknown } | undefined;
  return node.type === 'paragraph' && Boolean(data?.directiveLabel);
}

/**
 * The id of a claim directive: `{#id}` or `{id=id}` (both give the `id` attribute).
 * @param node a directive node.
 * @returns the id, or undefined.
 */
export function directiveId(node: IndexNode): string | undefined {
  const attributes = node.attributes as Record<string, unknown> | null | undefined;
  const id = attributes?.['id'];
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

/**
 * The source text of a node, when the source and the node's position are known.
 * @param node any node.
 * @param source the document's source.
 * @returns the slice of `source` the node spans, or undefined.
 */
export function sourceText(node: IndexNode, source: string | undefined): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (source === undefined || start === undefined || end === undefined || end < start) return undefined;
  return source.slice(start, end);
}

/**
 * How a container directive that is not ours reads: its opening fence line
 * and, when it has one, its closing fence line.
 * @param node the container directive.
 * @param source the document's source, to read the fences as written.
 * @returns the fence lines.
 */
export function containerFences(node: IndexNode, source: string | undefined): { text: string; close?: string } {
  const sliced = sourceText(node, source);
  if (sliced === undefined) return { text: serializeDirective(node), close: ':::' };
  const lines = normalizeLines(sliced).split('\n');
  const text = lines[0] ?? '';
  const last = lines.length > 1 ? lines.at(-1) : undefined;
  return last !== undefined && /^\s*:{3,}\s*$/.test(last) ? { text, close: last.trim() } : { text };
}

/** The Markdown serializer and its directive extension, loaded on first use: only a tree without its source needs them. */
let serializer: { toMarkdown: typeof ToMarkdown.toMarkdown; extension: ToMarkdown.Options } | undefined;
function directiveSerializer(): NonNullable<typeof serializer> {
  if (!serializer) {
    const require = createRequire(import.meta.url);
    const { toMarkdown } = require('mdast-util-to-markdown') as typeof ToMarkdown;
    const { directiveToMarkdown } = require('mdast-util-directive') as typeof DirectiveExtension;
    serializer = { toMarkdown, extension: { extensions: [directiveToMarkdown()] } };
  }
  return serializer;
}

/**
 * Serialize a directive back to Markdown source when no source text is at
 * hand, with `mdast-util-directive`'s serializer (attribute values escaped):
 * `:name[label]{#id .class key="value"}`, with `::` for leaf directives and,
 * for a container directive, its opening fence line `:::name[label]{…}`.
 * @param node a directive node.
 * @returns its source form.
 */
export function serializeDirective(node: IndexNode): string {
  const container = node.type === 'containerDirective';
  const first = node.children?.[0];
  const label = container ? (first && isDirectiveLabel(first) ? (first.children ?? []) : []) : (node.children ?? []);
  // A container is written as a leaf directive with its label, one colon longer: its fence line.
  const head = { type: container ? 'leafDirective' : node.type, name: node.name ?? '', attributes: stringAttributes(node) };
  const { toMarkdown, extension } = directiveSerializer();
  let text: string;
  try {
    text = toMarkdown({ ...head, children: label } as Nodes, extension);
  } catch {
    // A label with nodes the serializer does not know (MDX): its words only.
    text = toMarkdown({ ...head, children: [{ type: 'text', value: plainText(label) }] } as Nodes, extension);
  }
  return `${container ? ':' : ''}${text.replace(/\n$/, '')}`;
}

/** A directive's attributes that have string values (the only ones the syntax can write). */
function stringAttributes(node: IndexNode): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries((node.attributes as Record<string, unknown> | null | undefined) ?? {})) {
    if (typeof value === 'string') attributes[key] = value;
  }
  return attributes;
}

/** The words of some inline nodes: their text and inline code, nothing else. */
function plainText(nodes: IndexNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node.value === 'string' && (node.type === 'text' || node.type === 'inlineCode')) text += node.value;
    else if (node.children) text += plainText(node.children);
  }
  return text;
}
