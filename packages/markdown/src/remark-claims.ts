/**
 * The unified adapter: a remark plugin that applies the claim edits by
 * mutation. Needs `remark-directive` before it in the pipeline.
 */
import type { Parent, Root, RootContent } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { ClaimAnchorError, planClaimEdits, planDirectiveRestoration, type ClaimEdit } from './plan-claims.js';
import type { ClaimsPluginOptions } from './options.js';

/**
 * Mark claims on chapter pages (unified).
 * @param options where to find a file's annotations.
 * @returns the transformer; it does nothing for files that are not chapters (or have no path).
 */
export const remarkClaims: Plugin<[ClaimsPluginOptions], Root> = function remarkClaims(options) {
  return function transformer(tree: Root, file: VFile) {
    const annotations = file.path ? options.annotations(file.path) : undefined;
    const source = file.value === undefined ? undefined : String(file);
    if (!annotations) {
      if (options.restoreOutsideChapters) apply(tree, planDirectiveRestoration(tree, { source }));
      return;
    }
    let edits;
    try {
      edits = planClaimEdits(tree, annotations, {
        source,
        directive: options.directive,
        restoreDirectives: options.restoreDirectives,
        popovers: options.popovers,
      });
    } catch (error) {
      if (error instanceof ClaimAnchorError) {
        const place = error.line > 0 ? { line: error.line, column: Math.max(1, error.column) } : undefined;
        file.fail(error.message, { ...(place ? { place } : {}), ruleId: error.ruleId, source: 'research-pack', cause: error });
      }
      throw error;
    }
    apply(tree, edits);
  };
};

/** Apply edits by mutation, as remark plugins do. */
function apply(_tree: Root, edits: ClaimEdit[]): void {
  for (const edit of edits) {
    if (edit.kind === 'children') {
      (edit.node as unknown as Parent).children = edit.children as unknown as RootContent[];
      continue;
    }
    const parent = edit.parent as unknown as Parent;
    const at = parent.children.indexOf(edit.node as unknown as RootContent);
    if (at !== -1) parent.children.splice(at, 1, ...(edit.nodes as unknown as RootContent[]));
  }
}
