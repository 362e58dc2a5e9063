/**
 * The edits that carry a placement into the tree: each prose container that
 * holds a claim or a restored directive gets new children (claims wrapped by
 * `wrapInline`), and each directive block that is not ours, and each heading
 * with a claim, is replaced. Edits never overlap.
 */
import type { ClaimAnnotation } from '@research-pack/core/render';
import { isDirectiveLabel, wrapInline, type IndexNode, type WrapInlineOptions } from '@research-pack/core/internal';
import { claimNode, fenceParagraph, headingClaimsParagraph, isClaimElement, type MarkerForm } from './claim-nodes.js';
import { pageOrphanError, rawHtmlError } from './page-errors.js';
import type { ClaimPlacement } from './place-claims.js';

/** Replace the children of a prose container (paragraph, heading, table cell, JSX element). */
export interface ChildrenEdit {
  kind: 'children';
  node: IndexNode;
  children: IndexNode[];
}

/** Replace a node (a directive that is not ours, or a heading with claims) by other nodes. */
export interface ReplaceEdit {
  kind: 'replace';
  node: IndexNode;
  parent: IndexNode;
  nodes: IndexNode[];
}

/** One change to the tree. Edits never overlap: no edit's node is inside another's. */
export type ClaimEdit = ChildrenEdit | ReplaceEdit;

/** What the edits are made from. */
export interface EmitOptions {
  /** The (part of the) tree the placement was made on. */
  root: IndexNode;
  /** The tree's real root: the parent of replaced top-level nodes when `root` holds only some of its blocks. */
  treeRoot: IndexNode;
  /** The chapter file, for errors. */
  file: string;
  /** Whether directives that are not claims are restored. */
  restore: boolean;
  /** Where popovers go. */
  popovers: 'inline' | 'page';
  /** How markers go into the page (default `tree`). */
  markers?: MarkerForm | undefined;
}

/**
 * The edits of a placement, in document order.
 * @param placement where the claims are, and what must change.
 * @param options the tree and how to build.
 * @returns the edits.
 * @throws {ClaimAnchorError} when a quote's words cannot be wrapped.
 */
export function emitEdits(placement: ClaimPlacement, options: EmitOptions): ClaimEdit[] {
  const emitter = new EditEmitter(placement, options);
  const edits: ClaimEdit[] = [];
  emitter.visitFlow(options.root, edits);
  return edits;
}

class EditEmitter {
  readonly wrap: WrapInlineOptions<ClaimAnnotation>;

  constructor(
    readonly placement: ClaimPlacement,
    readonly options: EmitOptions,
  ) {
    const { directiveClaims, restoredLeaves, cuts } = placement;
    const { file, popovers } = options;
    const markers = options.markers ?? 'tree';
    this.wrap = {
      cuts,
      textOf: (node) => restoredLeaves.get(node)?.value,
      isWrapper: (node) => directiveClaims.has(node),
      wrapRange: (annotation, children) => claimNode(annotation, children, popovers, markers),
      wrapNode: (node, children) => claimNode(directiveClaims.get(node)!, children, popovers, markers),
      // Images (their alt text is not prose) and the nodes of claims already marked.
      isOpaque: (node) => node.type === 'image' || node.type === 'imageReference' || isClaimElement(node),
      fail: (annotation, why) => {
        throw why === 'raw-html' ? rawHtmlError(file, annotation) : pageOrphanError(file, annotation, 'unmarkable');
      },
    };
  }

  /** Whether a flow node is a restored directive block (text directives are rebuilt with their container). */
  restoredBlock(node: IndexNode): boolean {
    return this.options.restore && this.placement.restored.has(node) && node.type !== 'textDirective';
  }

  /** Walk flow content, emitting edits for dirty containers and directive blocks. */
  visitFlow(node: IndexNode, edits: ClaimEdit[]): void {
    const { proseUnits, dirty } = this.placement;
    for (const child of node.children ?? []) {
      const parent = node === this.options.root ? this.options.treeRoot : node;
      if (this.restoredBlock(child)) {
        edits.push({ kind: 'replace', node: child, parent, nodes: this.resolveFlow(child) });
        continue;
      }
      if (proseUnits.has(child)) {
        if (!dirty.has(child)) continue;
        if (child.type === 'heading') edits.push({ kind: 'replace', node: child, parent, nodes: this.resolveHeading(child) });
        else edits.push({ kind: 'children', node: child, children: this.rebuild(child) });
        continue;
      }
      if (child.children) this.visitFlow(child, edits);
    }
  }

  /** A flow node with every change applied, as new nodes (inside a replaced directive block). */
  resolveFlow(node: IndexNode): IndexNode[] {
    const restored = this.options.restore ? this.placement.restored.get(node) : undefined;
    if (restored && node.type === 'leafDirective') {
      return [{ type: 'paragraph', children: this.rebuild(node), ...(node.position ? { position: node.position } : {}) }];
    }
    if (restored && node.type === 'containerDirective') {
      const children = node.children ?? [];
      const first = children[0];
      const label = first !== undefined && isDirectiveLabel(first);
      const nodes: IndexNode[] = [fenceParagraph(restored.text)];
      for (const child of label ? children.slice(1) : children) nodes.push(...this.resolveFlow(child));
      if (restored.close !== undefined) nodes.push(fenceParagraph(restored.close));
      return nodes;
    }
    if (this.placement.proseUnits.has(node)) {
      if (!this.placement.dirty.has(node)) return [node];
      return node.type === 'heading' ? this.resolveHeading(node) : [{ ...node, children: this.rebuild(node) }];
    }
    if (!node.children || !this.changesInside(node)) return [node];
    return [{ ...node, children: node.children.flatMap((child) => this.resolveFlow(child)) }];
  }

  changesInside(node: IndexNode): boolean {
    if (this.placement.dirty.has(node) || this.restoredBlock(node)) return true;
    return (node.children ?? []).some((child) => this.changesInside(child));
  }

  /**
   * A heading with claims: the claims are wrapped in the heading, but their
   * markers and popovers follow it in a paragraph of their own, so that the
   * heading's text (its id, the table of contents) stays the author's words.
   */
  resolveHeading(node: IndexNode): IndexNode[] {
    const detached: IndexNode[] = [];
    const detach = (nodes: IndexNode[]): IndexNode[] =>
      nodes.map((child) => {
        if (!child.children) return child;
        const children = detach(
          child.children.filter((grandchild) => {
            if (!isClaimElement(grandchild)) return true;
            detached.push(grandchild);
            return false;
          }),
        );
        return { ...child, children };
      });
    const heading = { ...node, children: detach(this.rebuild(node)) };
    if (detached.length === 0) return [heading];
    return [heading, headingClaimsParagraph(detached)];
  }

  /** New children for a prose container: claims wrapped, restored directives as text. */
  rebuild(container: IndexNode): IndexNode[] {
    const content = container.type === 'leafDirective' && this.placement.restoredLeaves.has(container) ? [container] : (container.children ?? []);
    return wrapInline(content, this.placement.quotes.get(container) ?? [], this.wrap);
  }
}
