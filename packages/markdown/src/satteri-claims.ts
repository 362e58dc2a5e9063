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
import type { MdastContent, MdastPluginDefinition, MdastVisitorContext, PluginFactoryContext } from 'satteri';
import { markerCalls } from './claim-nodes.js';
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
  const { directive, restoreDirectives, popovers, markerModule } = adapter.options;
  const base = { directive: directive ?? 'claim', restore: restoreDirectives !== false, popovers: popovers === 'page' ? ('page' as const) : ('inline' as const) };
  const forFormat = { markdown: { ...base, markers: 'html' }, mdx: { ...base, markers: 'mdx' } } satisfies Record<string, PageMarkerSettings>;
  // With `markerModule`, an MDX chapter's markers are calls of the function it imports.
  const marking = (claims: FileClaims, mdx: boolean): Marking => {
    const settings = forFormat[mdx ? 'mdx' : 'markdown'];
    const calls = mdx && markerModule && claims.kind === 'claims' ? markerCalls(claims.annotations, markerModule) : undefined;
    return calls ? { settings: { ...settings, markers: calls.markers }, preamble: calls.preamble } : { settings };
  };
  return ({ fileURL, source, sourceFormat }) => {
    const mdx = sourceFormat === 'mdx';
    const found = adapter(fileURL && fileURL.protocol === 'file:' ? fileURLToPath(fileURL) : undefined, source);
    if (found instanceof Promise) return pendingPlugin(found, (claims) => marking(claims, mdx));
    if (!found) return null;
    const chosen = marking(found, mdx);
    const marker = PageMarker.create(found, source, chosen.settings);
    return marker ? visitorPlugin(found, marker, chosen.preamble) : wholeTreePlugin(found);
  };
}

/** How a page's claims are marked on the visitor path: the settings, and the import its markers need, if any. */
interface Marking {
  settings: PageMarkerSettings;
  preamble?: NonNullable<ReturnType<typeof markerCalls>>['preamble'] | undefined;
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

/** Only the nodes that hold a claim or a directive, each visited on its own (and the import its markers call, when they do). */
function visitorPlugin(claims: FileClaims, marker: PageMarker, preamble?: Marking['preamble']): MdastPluginDefinition {
  const plugin: MdastPluginDefinition & Record<string, unknown> = {
    name: pluginName(claims),
    options: { position: true },
    after(root, ctx) {
      marker.finish(ctx);
      if (preamble) ctx.prependChild(root, preamble as unknown as MdastContent);
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
function pendingPlugin(found: Promise<FileClaims | undefined>, marking: (claims: FileClaims) => Marking): MdastPluginDefinition {
  let marker: PageMarker | undefined;
  let preamble: Marking['preamble'];
  const plugin: MdastPluginDefinition & Record<string, unknown> = {
    name: SATTERI_PLUGIN_NAME,
    options: { position: true },
    async before(root, ctx) {
      const claims = await found;
      if (!claims) return;
      const chosen = marking(claims);
      marker = PageMarker.create(claims, ctx.source, chosen.settings);
      if (marker) preamble = chosen.preamble;
      else apply(claims.plan(root, ctx.source), ctx);
    },
    after(root, ctx) {
      marker?.finish(ctx);
      if (preamble) ctx.prependChild(root, preamble as unknown as MdastContent);
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

