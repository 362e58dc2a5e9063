/**
 * The nodes the claim transform makes: a claim's wrapper with its marker and
 * popover (from the core's hast), and the paragraphs that hold a heading's
 * markers or a restored directive's fence line.
 */
import { claimMarkerHtml, type ChapterAnnotations, type ClaimAnnotation } from '@research-pack/core/render';
import type { IndexNode } from '@research-pack/core/internal';
import type { Element } from 'hast';
import type { ResearchClaim, ResearchClaimMarker, ResearchClaimPopover } from './types.js';

/**
 * The wrapper node of a claim: its text, then its marker and (unless the
 * page renders popovers itself) its popover.
 * @param annotation the claim's annotation.
 * @param children the claim's text, with its inline markup.
 * @param popovers `'inline'` (default) to include the popover, `'page'` to leave it out.
 * @returns a `researchClaim` node.
 */
export function claimNode(annotation: ClaimAnnotation, children: IndexNode[], popovers: 'inline' | 'page' = 'inline', markers: MarkerForm = 'tree'): IndexNode {
  const node: ResearchClaim = {
    type: 'researchClaim',
    data: { hName: 'span', hProperties: { ...annotation.wrapper }, claimId: annotation.id },
    children: [
      ...(children as ResearchClaim['children']),
      markerNode(annotation, markers) as ResearchClaimMarker,
      ...(popovers === 'page' ? [] : [elementNode('researchClaimPopover', annotation.popover)]),
    ],
  };
  return node as unknown as IndexNode;
}

/**
 * How a claim's marker goes into the page: `tree`, a `researchClaimMarker`
 * node standing for its hast (unified turns it into elements); `html`, a
 * raw HTML node with the marker's markup; `mdx`, an MDX `<Fragment
 * set:html>` with it; a `MarkerCall`, an MDX `<Fragment set:html>` whose
 * value is a call that returns it when the page renders. The same HTML
 * every way; the last three keep the marker's elements out of the tree the
 * processor compiles (an MDX chapter would otherwise carry every marker as
 * JSX in its module), and the last keeps even its markup out.
 */
export type MarkerForm = 'tree' | 'html' | 'mdx' | MarkerCall;

/**
 * A marker as a call the page makes when it renders: an MDX `<Fragment
 * set:html={call(chapter, claim)}>`, where `call` is a binding the chapter
 * imports (`markerCalls`). Only the call is compiled into the chapter.
 */
export interface MarkerCall {
  /** The local name of the imported function. */
  call: string;
  /** The chapter's id, its first argument (the claim's id is the second). */
  chapter: string;
  /**
   * Give the call's expression its syntax tree too (`data.estree`), as
   * `remark-mdx` does: MDX's own compiler (`@mdx-js/mdx`, on unified) reads
   * the tree, not the text. Sätteri parses the text.
   */
  estree?: boolean | undefined;
}

function markerNode(annotation: ClaimAnnotation, markers: MarkerForm): IndexNode {
  if (markers === 'tree') return elementNode('researchClaimMarker', annotation.marker);
  if (typeof markers === 'string') return markupNode(claimMarkerHtml(annotation), markers);
  const args = [markers.chapter, annotation.id];
  const expression = `${markers.call}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
  const value = {
    type: 'mdxJsxAttributeValueExpression',
    value: expression,
    ...(markers.estree ? { data: { estree: program([{ type: 'ExpressionStatement', expression: { type: 'CallExpression', callee: identifier(markers.call), arguments: args.map(literal), optional: false } }]) } } : {}),
  };
  return claimElement({
    type: 'mdxJsxTextElement',
    name: 'Fragment',
    attributes: [{ type: 'mdxJsxAttribute', name: 'set:html', value }],
    children: [],
  } as IndexNode);
}

/** The local name of the marker function a chapter whose markers are calls imports (`markerModule`). */
const MARKER_CALL = '_researchPackClaimMarker';

/**
 * How a chapter's markers are calls of a marker module (`markerModule`),
 * and the import they need at the start of the chapter; undefined for a
 * chapter without claims (it needs neither).
 * @param annotations the chapter's annotations.
 * @param module the module and the name of its marker function.
 * @param estree give the call and the import their syntax trees too (see `MarkerCall.estree`).
 * @returns the marker form and the import.
 */
export function markerCalls(annotations: ChapterAnnotations | undefined, module: { from: string; name: string }, estree = false): { markers: MarkerCall; preamble: IndexNode } | undefined {
  if (!annotations || annotations.claims.length === 0) return undefined;
  return { markers: { call: MARKER_CALL, chapter: annotations.chapter, ...(estree ? { estree } : {}) }, preamble: markerImport(module.from, module.name, MARKER_CALL, estree) };
}

/** The ES module import a chapter whose markers are calls starts with: an `mdxjsEsm` node. */
function markerImport(from: string, name: string, call: string, estree: boolean): IndexNode {
  const value = `import { ${name} as ${call} } from ${JSON.stringify(from)};`;
  if (!estree) return { type: 'mdxjsEsm', value } as IndexNode;
  const declaration = { type: 'ImportDeclaration', specifiers: [{ type: 'ImportSpecifier', imported: identifier(name), local: identifier(call) }], source: literal(from), attributes: [] };
  return { type: 'mdxjsEsm', value, data: { estree: program([declaration]) } } as unknown as IndexNode;
}

/** An ESTree program of the statements, as `remark-mdx` gives an expression or an ESM block. */
function program(body: object[]): object {
  return { type: 'Program', sourceType: 'module', body, comments: [] };
}

function identifier(name: string): object {
  return { type: 'Identifier', name };
}

function literal(value: string): object {
  return { type: 'Literal', value, raw: JSON.stringify(value) };
}

/** Marks the markup nodes that stand for a claim's marker, without a field a processor would read. */
const CLAIM_ELEMENT = Symbol.for('research-pack.claim-element');

function markupNode(html: string, form: 'html' | 'mdx'): IndexNode {
  return claimElement(
    form === 'html'
      ? { type: 'html', value: html }
      : ({ type: 'mdxJsxTextElement', name: 'Fragment', attributes: [{ type: 'mdxJsxAttribute', name: 'set:html', value: html }], children: [] } as IndexNode),
  );
}

function claimElement(node: IndexNode): IndexNode {
  Object.defineProperty(node, CLAIM_ELEMENT, { value: true });
  return node;
}

/**
 * Whether a node is a claim's marker or popover (childless, standing for a hast element, or its markup).
 * @param node any node.
 * @returns true for `researchClaimMarker` and `researchClaimPopover`, and a marker's markup node.
 */
export function isClaimElement(node: IndexNode): boolean {
  return node.type === 'researchClaimMarker' || node.type === 'researchClaimPopover' || (node as { [CLAIM_ELEMENT]?: boolean })[CLAIM_ELEMENT] === true;
}

/**
 * The paragraph after a heading that holds the markers and popovers of its claims.
 * @param children the markers and popovers.
 * @returns a `<p class="rp-heading-claims">`.
 */
export function headingClaimsParagraph(children: IndexNode[]): IndexNode {
  return { type: 'paragraph', data: { hProperties: { className: ['rp-heading-claims'] } }, children };
}

/**
 * A paragraph of plain text: a restored directive's fence line.
 * @param text the line.
 * @returns the paragraph.
 */
export function fenceParagraph(text: string): IndexNode {
  return { type: 'paragraph', children: [{ type: 'text', value: text }] };
}

function elementNode<T extends 'researchClaimMarker' | 'researchClaimPopover'>(type: T, element: Element): T extends 'researchClaimMarker' ? ResearchClaimMarker : ResearchClaimPopover {
  return {
    type,
    data: { hName: element.tagName, hProperties: { ...element.properties }, hChildren: clonePlain(element.children) as Element['children'] },
  } as T extends 'researchClaimMarker' ? ResearchClaimMarker : ResearchClaimPopover;
}

/**
 * A deep copy of plain data (hast: objects, arrays, strings, numbers,
 * booleans, null), several times faster than `structuredClone` for many small trees.
 * @param value plain data.
 * @returns its copy.
 */
function clonePlain(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) copy[index] = clonePlain(value[index]);
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = clonePlain((value as Record<string, unknown>)[key]);
  return copy;
}
