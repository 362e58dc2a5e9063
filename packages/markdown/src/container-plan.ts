/**
 * The edits of one prose container the model placed claims in: its text
 * read on its own (not the page's), each claim placed where the model found
 * it, and the same edits the whole page's plan makes for that container.
 */
import type { ChapterAnnotations } from '@research-pack/core/render';
import { buildTextIndex, type IndexNode } from '@research-pack/core/internal';
import type { MarkerForm } from './claim-nodes.js';
import { emitEdits, type ClaimEdit } from './emit-edits.js';
import { locateByPlace, type PlacedContainer } from './model-places.js';
import { placeClaims } from './place-claims.js';

/** Options of `planContainer`. */
export interface ContainerPlanOptions {
  /** The page's source, to restore directives exactly as written. */
  source: string | undefined;
  /** Name of the claim directive. */
  directive: string | undefined;
  /** Whether directives that are not claims are restored. */
  restore: boolean;
  /** Where popovers go. */
  popovers: 'inline' | 'page';
  /** How markers go into the page. */
  markers: MarkerForm;
}

/**
 * The edits that mark the claims of one container.
 * @param node the container on the page (read only).
 * @param container the claims the model placed in it.
 * @param annotations the chapter's annotations.
 * @param options the source and how to build.
 * @returns the edits (of the container itself).
 * @throws {ClaimAnchorError} when a claim cannot be placed in it.
 */
export function planContainer(node: IndexNode, container: PlacedContainer, annotations: ChapterAnnotations, options: ContainerPlanOptions): ClaimEdit[] {
  const root = wrap(node);
  const index = buildTextIndex(root, { source: options.source, directive: options.directive });
  const placement = placeClaims(root, index, annotations, options.restore, { claims: container.claims, locate: locateByPlace() });
  return emitEdits(placement, { root, treeRoot: root, file: annotations.file, restore: options.restore, popovers: options.popovers, markers: options.markers });
}

/** A root the text index reads the container in as the page's own walk would: a cell inside its row and table. */
function wrap(node: IndexNode): IndexNode {
  if (node.type === 'tableCell') return { type: 'root', children: [{ type: 'table', children: [{ type: 'tableRow', children: [node] }] }] };
  return { type: 'root', children: [node] };
}
