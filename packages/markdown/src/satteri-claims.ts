/**
 * The Sätteri adapter: an mdast plugin factory that applies the claim edits
 * with Sätteri's context methods. Astro 7 renders `.md` and `.mdx` with it by default.
 */
import { fileURLToPath } from 'node:url';
import type { MdastContent, MdastPluginDefinition, MdastTarget, MdastVisitorContext, PluginFactoryContext } from 'satteri';
import { createClaimsAdapter } from './claims-adapter.js';
import type { ClaimEdit } from './emit-edits.js';
import type { ClaimsPluginOptions } from './options.js';

/** Name of the Sätteri plugin. */
export const SATTERI_PLUGIN_NAME = 'research-pack-claims';

/**
 * Create the Sätteri plugin that marks claims on chapter pages.
 * @param options where to find a file's annotations.
 * @returns a plugin factory: it returns `null` (the plugin sits out) for files that are not chapters, unless `restoreOutsideChapters` is set.
 * @throws {TypeError} when the options are wrong.
 */
export function satteriClaims(options: ClaimsPluginOptions): (context: PluginFactoryContext) => MdastPluginDefinition | null {
  const claimsFor = createClaimsAdapter(options);
  return ({ fileURL }) => {
    const claims = claimsFor(fileURL && fileURL.protocol === 'file:' ? fileURLToPath(fileURL) : undefined);
    if (!claims) return null;
    return {
      name: claims.kind === 'claims' ? SATTERI_PLUGIN_NAME : `${SATTERI_PLUGIN_NAME}-restore-directives`,
      // Positions: to restore directives exactly as written and to point errors at a line.
      options: { position: true },
      before(root, ctx) {
        // A failure is thrown as it is: Sätteri and Astro's MDX pipeline read
        // `line`/`column` off a `ClaimAnchorError` for the error's location.
        apply(claims.plan(root, ctx.source), ctx);
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
