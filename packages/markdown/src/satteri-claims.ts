/**
 * The Sätteri adapter: an mdast plugin factory that marks claims with
 * Sätteri's context methods. Astro 7 renders `.md` and `.mdx` with it by default.
 *
 * Sätteri keeps the tree in Rust and hands JavaScript only the nodes a
 * plugin visits. So a chapter whose revision the model read is marked with
 * node-type visitors: every claim directive on its own node, and each prose
 * container the model placed a quote in (found by its source position)
 * rebuilt from its own text; the rest of the page never reaches JavaScript.
 * A page the model did not place (another revision, or claims the model
 * could not place) is planned from its whole tree, in a `before` hook.
 */
import { fileURLToPath } from 'node:url';
import type { MdastPluginDefinition, MdastVisitorContext, PluginFactoryContext } from 'satteri';
import { createClaimsAdapter, type FileClaims } from './claims-adapter.js';
import type { ClaimsPluginOptions } from './options.js';
import { applyEdits as apply, PageMarker, PAGE_VISITORS, type PageMarkerSettings, type PageNode } from './page-marker.js';

/** Name of the Sätteri plugin. */
export const SATTERI_PLUGIN_NAME = 'research-pack-claims';

type Visitor = (node: PageNode, ctx: MdastVisitorContext) => void;

/**
 * Create the Sätteri plugin that marks claims on chapter pages.
 * @param options where to find a file's annotations.
 * @returns a plugin factory: it returns `null` (the plugin sits out) for files that are not chapters, unless `restoreOutsideChapters` is set.
 * @throws {TypeError} when the options are wrong.
 */
export function satteriClaims(options: ClaimsPluginOptions): (context: PluginFactoryContext) => MdastPluginDefinition | null {
  const adapter = createClaimsAdapter(options);
  const { directive, restoreDirectives, popovers } = adapter.options;
  const base = { directive: directive ?? 'claim', restore: restoreDirectives !== false, popovers: popovers === 'page' ? ('page' as const) : ('inline' as const) };
  const forFormat = { markdown: { ...base, markers: 'html' }, mdx: { ...base, markers: 'mdx' } } satisfies Record<string, PageMarkerSettings>;
  return ({ fileURL, source, sourceFormat }) => {
    const settings = forFormat[sourceFormat === 'mdx' ? 'mdx' : 'markdown'];
    const found = adapter(fileURL && fileURL.protocol === 'file:' ? fileURLToPath(fileURL) : undefined, source);
    if (found instanceof Promise) return pendingPlugin(found, settings);
    if (!found) return null;
    const marker = PageMarker.create(found, source, settings);
    return marker ? visitorPlugin(found, marker) : wholeTreePlugin(found);
  };
}

/** The page read whole: plan in `before`, from the root. */
function wholeTreePlugin(claims: FileClaims): MdastPluginDefinition {
  return {
    name: pluginName(claims),
    // Positions: to restore directives exactly as written and to point errors at a line.
    options: { position: true },
    before(root, ctx) {
      // A failure is thrown as it is: Sätteri and Astro's MDX pipeline read
      // `line`/`column` off a `ClaimAnchorError` for the error's location.
      apply(claims.plan(root, ctx.source), ctx);
    },
  };
}

/** Only the nodes that hold a claim or a directive, each visited on its own. */
function visitorPlugin(claims: FileClaims, marker: PageMarker): MdastPluginDefinition {
  const plugin: MdastPluginDefinition & Record<string, unknown> = {
    name: pluginName(claims),
    options: { position: true },
    after(_root, ctx) {
      marker.finish(ctx);
    },
  };
  for (const type of marker.visitedTypes()) plugin[type] = ((node, ctx) => marker.visit(node, ctx)) satisfies Visitor;
  return plugin;
}

/**
 * The annotations are still being loaded: wait for them in `before`, then
 * mark as `satteriClaims` would have (the visitors of every kind of node a
 * marker may visit are registered, and do nothing for a page read whole).
 */
function pendingPlugin(found: Promise<FileClaims | undefined>, settings: PageMarkerSettings): MdastPluginDefinition {
  let marker: PageMarker | undefined;
  const plugin: MdastPluginDefinition & Record<string, unknown> = {
    name: SATTERI_PLUGIN_NAME,
    options: { position: true },
    async before(root, ctx) {
      const claims = await found;
      if (!claims) return;
      marker = PageMarker.create(claims, ctx.source, settings);
      if (!marker) apply(claims.plan(root, ctx.source), ctx);
    },
    after(_root, ctx) {
      marker?.finish(ctx);
    },
  };
  for (const type of PAGE_VISITORS) {
    plugin[type] = ((node, ctx) => {
      if (marker?.visits(type)) marker.visit(node, ctx);
    }) satisfies Visitor;
  }
  return plugin;
}

function pluginName(claims: FileClaims): string {
  return claims.kind === 'claims' ? SATTERI_PLUGIN_NAME : `${SATTERI_PLUGIN_NAME}-restore-directives`;
}

