/**
 * The Sätteri adapter: an mdast plugin factory that applies the claim edits
 * with Sätteri's context methods. Astro 7 renders `.md` and `.mdx` with it by default.
 */
import { fileURLToPath } from 'node:url';
import type { MdastContent, MdastPluginDefinition, MdastTarget, MdastVisitorContext, PluginFactoryContext } from 'satteri';
import { ClaimAnchorError, planClaimEdits, planDirectiveRestoration, type ClaimEdit } from './plan-claims.js';
import type { ClaimsPluginOptions } from './options.js';

/** Name of the Sätteri plugin. */
export const SATTERI_PLUGIN_NAME = 'research-pack-claims';

/**
 * Create the Sätteri plugin that marks claims on chapter pages.
 * @param options where to find a file's annotations.
 * @returns a plugin factory: it returns `null` (the plugin sits out) for files that are not chapters, unless `restoreOutsideChapters` is set.
 */
export function satteriClaims(options: ClaimsPluginOptions): (context: PluginFactoryContext) => MdastPluginDefinition | null {
  return ({ fileURL }) => {
    const annotations = fileURL && fileURL.protocol === 'file:' ? options.annotations(fileURLToPath(fileURL)) : undefined;
    if (!annotations) {
      if (!options.restoreOutsideChapters) return null;
      return {
        name: `${SATTERI_PLUGIN_NAME}-restore-directives`,
        options: { position: true },
        before(root, ctx) {
          apply(planDirectiveRestoration(root, { source: ctx.source }), ctx);
        },
      };
    }
    return {
      name: SATTERI_PLUGIN_NAME,
      // Positions: to restore directives exactly as written and to point errors at a line.
      options: { position: true },
      before(root, ctx) {
        let edits;
        try {
          edits = planClaimEdits(root, annotations, { source: ctx.source, directive: options.directive, restoreDirectives: options.restoreDirectives, popovers: options.popovers });
        } catch (error) {
          // Sätteri and Astro's MDX pipeline read `line`/`column` off the thrown error.
          if (error instanceof ClaimAnchorError) throw error;
          throw new Error(`Research Pack could not mark the claims of ${annotations.file}`, { cause: error });
        }
        apply(edits, ctx);
      },
    };
  };
}

/** Apply edits through Sätteri's context: nodes are frozen, changes are commands. */
function apply(edits: ClaimEdit[], ctx: MdastVisitorContext): void {
  for (const edit of edits) {
    if (edit.kind === 'children') ctx.setProperty(edit.node as MdastTarget, 'children', edit.children as MdastTarget[]);
    else ctx.replaceNode(edit.node as MdastTarget, edit.nodes as MdastContent[]);
  }
}
