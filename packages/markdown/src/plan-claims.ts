/**
 * The processor-neutral claim transform. It reads an mdast tree (never
 * changes it) and says what to change: which prose containers get new
 * children (claims wrapped, directives that are not ours restored as text),
 * and which directive blocks are replaced. The Sätteri and remark adapters
 * only apply these edits, so both pipelines produce the same tree.
 *
 * The plan is: the blocks to read (`claim-blocks.ts`), the page's text index
 * (the core's, as the model's), where each claim is (`place-claims.ts`), and
 * the edits that mark them (`emit-edits.ts`).
 */
import type { ChapterAnnotations } from '@research-pack/core/render';
import { buildTextIndex, type IndexNode } from '@research-pack/core/internal';
import type { Root } from 'mdast';
import { claimBlocks } from './claim-blocks.js';
import { emitEdits, type ClaimEdit } from './emit-edits.js';
import type { MarkerForm } from './claim-nodes.js';
import { ClaimAnchorError } from './page-errors.js';
import { placeClaims } from './place-claims.js';

export type { ChildrenEdit, ClaimEdit, ReplaceEdit } from './emit-edits.js';

/** Options for `planClaimEdits`. */
export interface PlanOptions {
  /** The document's source, to restore directives exactly as written. */
  source?: string | undefined;
  /** Name of the claim directive. Default `claim`. */
  directive?: string | undefined;
  /** Restore directives that are not claims as their source text. Default true. */
  restoreDirectives?: boolean | undefined;
  /**
   * Where claim popovers go: `'inline'` (default) puts each popover in the
   * claim's wrapper, after its marker; `'page'` leaves it out, for the page to
   * render once elsewhere (the marker's `popovertarget` still names its id).
   */
  popovers?: 'inline' | 'page' | undefined;
  /**
   * Read every block of the page. By default only the blocks that hold a
   * claim (where the model placed it) or may hold a directive are read, and
   * the whole page only when that could differ; the edits are the same.
   */
  wholeTree?: boolean | undefined;
  /** How markers go into the page (default `tree`: see `MarkerForm`). */
  markers?: MarkerForm | undefined;
}

/** Annotations of a file that is not a chapter: nothing to mark. */
const NO_CLAIMS: ChapterAnnotations = { chapter: '', file: '', claims: [] };

/**
 * Compute the edits that only restore directives, in a file that is not a
 * chapter: every directive, `:claim` included, reads as its source text.
 * @param root the file's mdast (read only).
 * @param options the source.
 * @returns the edits.
 */
export function planDirectiveRestoration(root: Root | IndexNode, options: Pick<PlanOptions, 'source'> = {}): ClaimEdit[] {
  // No directive has an empty name, so every directive is restored.
  return plan(root as IndexNode, root as IndexNode, NO_CLAIMS, { source: options.source, directive: '' });
}

/**
 * Compute the edits that mark a chapter's claims and restore the directives that are not claims.
 * @param root the chapter's mdast (read only).
 * @param annotations the chapter's annotations from the core.
 * @param options the source, and the claim directive's name.
 * @returns the edits, in document order.
 * @throws {ClaimAnchorError} when a claim cannot be found on the page, or a claim directive is unknown.
 */
export function planClaimEdits(root: Root | IndexNode, annotations: ChapterAnnotations, options: PlanOptions = {}): ClaimEdit[] {
  const blocks = options.wholeTree ? undefined : claimBlocks(root, annotations, options.source);
  if (blocks) {
    try {
      return plan(blocks, root as IndexNode, annotations, options);
    } catch (error) {
      // Whatever went wrong, the whole page says it precisely (or finds the claim after all).
      if (!(error instanceof ClaimAnchorError)) throw error;
    }
  }
  return plan(root as IndexNode, root as IndexNode, annotations, options);
}

/** Index, place and edit: the plan of one (part of a) tree. */
function plan(root: IndexNode, treeRoot: IndexNode, annotations: ChapterAnnotations, options: PlanOptions): ClaimEdit[] {
  const restore = options.restoreDirectives !== false;
  const index = buildTextIndex(root, { source: options.source, directive: options.directive });
  const placement = placeClaims(root, index, annotations, restore);
  return emitEdits(placement, { root, treeRoot, file: annotations.file, restore, popovers: options.popovers === 'page' ? 'page' : 'inline', markers: options.markers });
}
