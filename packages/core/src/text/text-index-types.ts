/**
 * The shape of the text index (`text-index.ts` builds it): the types its
 * builder, its unit text, its leaf map and its directive restoration share,
 * kept apart so that those modules import nothing of one another's work.
 */
import type { Node } from 'mdast';

/** Any mdast node, as the walk sees it: the shape shared by mdast, MDX and directive nodes. */
export interface IndexNode {
  type: string;
  children?: IndexNode[];
  value?: string;
  name?: string | null;
  attributes?: unknown;
  data?: unknown;
  position?: Node['position'];
}

/** A text-bearing leaf of the tree. */
export interface IndexLeaf {
  /** The node: `text`, `inlineCode`, `code`, or a directive read as its source text. */
  node: IndexNode;
  /** The string offsets refer to: the node's value, or a directive's restored source. */
  value: string;
  /** What kind of leaf. `directive` leaves are restored directives. */
  kind: 'text' | 'inlineCode' | 'code' | 'directive';
  /** Index of the unit the leaf belongs to. */
  unit: number;
}

/**
 * A stretch of text that a claim may not cross: one prose container (its
 * children are phrasing content), one code block, or one directive fence line.
 */
export interface IndexUnit {
  /** The container: paragraph, heading, table cell, JSX element, leaf directive, code, or container directive (fences). */
  node: IndexNode;
  /** `prose` can be wrapped; `code` and `fence` cannot. */
  kind: 'prose' | 'code' | 'fence';
  /** Offsets of the unit's text in `TextIndex.text`. */
  start: number;
  end: number;
}

/** A directive in the prose with the claim directive's name. */
export interface IndexedClaimDirective {
  node: IndexNode;
  /** `{#id}` or `{id=...}`; undefined when missing. */
  id: string | undefined;
  /** Offsets of its text in `TextIndex.text`. */
  start: number;
  end: number;
  /** Position of the directive in the source, 1-based (0 when unknown). */
  line: number;
  column: number;
}

/** A directive that is not ours, read back as the text its author wrote. */
export interface RestoredDirective {
  node: IndexNode;
  kind: 'textDirective' | 'leafDirective' | 'containerDirective';
  /** Text (text and leaf directives) or opening fence line (containers). */
  text: string;
  /** Closing fence line of a container directive, when it has one. */
  close?: string;
}

/** The index. */
export interface TextIndex {
  /** Normalized text: blocks separated by one blank line, no final line feed. */
  text: string;
  leaves: IndexLeaf[];
  /** Per character of `text`: index into `leaves`, or -1 for separators and collapsed whitespace from breaks. */
  leafAt: Int32Array;
  /** Per character of `text`: offset in the leaf's `value`. */
  offsetAt: Int32Array;
  /** Units in document order. */
  units: IndexUnit[];
  /** Claim directives in document order. */
  claims: IndexedClaimDirective[];
  /** Directives that are not claims, in document order. */
  restored: RestoredDirective[];
  /** Inline content the page shows but the text leaves out (MDX expressions, childless components), in document order. */
  omitted: OmittedInline[];
}

/**
 * Inline content the page shows and the text does not hold: an MDX
 * expression (`{count}`) or a component without children (`<Version />`),
 * whose output is known only when the page renders.
 */
export interface OmittedInline {
  node: IndexNode;
  /** Where in `TextIndex.text` the content would stand: the offset of the text that follows it. */
  offset: number;
  /** Indexes into `TextIndex.claims` of the claim directives it is inside. */
  claims: number[];
}

/** Options for `buildTextIndex`. */
export interface TextIndexOptions {
  /**
   * The document's source. When given, non-claim directives read as the exact
   * source text (sliced by position); otherwise they are serialized from the node.
   */
  source?: string | undefined;
  /** Name of the claim directive. Default `claim`. */
  directive?: string | undefined;
}

/**
 * A run of index text that comes from one leaf: character `i` of the run is
 * at `map ? map[from + i] : from + i` in the leaf's value.
 */
export interface Segment {
  start: number;
  length: number;
  leaf: number;
  from: number;
  map: number[] | undefined;
}
