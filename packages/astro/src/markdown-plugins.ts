/**
 * Registers the claim transform on whichever Markdown processor the site
 * uses: natively on Sätteri (Astro 7's default for `.md` and `.mdx`) or on
 * unified when the site opted into `@astrojs/markdown-remark`.
 */
import type { SatteriResolvedOptions } from '@astrojs/markdown-satteri';
import type { UnifiedResolvedOptions } from '@astrojs/markdown-remark';
import type { AstroConfig, AstroIntegrationLogger } from 'astro';
import { fileURLToPath } from 'node:url';
import { remarkClaims, satteriClaims, type ClaimsPluginOptions } from '@research-pack/markdown';
import { STAMP_KEY } from './state.js';

type MarkdownProcessor = NonNullable<AstroConfig['markdown']['processor']>;

/**
 * Whether the processor is `satteri()` of `@astrojs/markdown-satteri`: the
 * test that package's own `isSatteriProcessor` makes. Made here, so that the
 * build does not load a copy of that package and its Sätteri of its own
 * (about 60 modules and a native addon, 130 ms, before Vite starts) beside
 * the ones Astro loads, only to compare a name.
 */
function isSatteriProcessor(processor: MarkdownProcessor): processor is MarkdownProcessor & { options: SatteriResolvedOptions } {
  return processor.name === 'satteri';
}

/**
 * Whether the processor is `unified()` of `@astrojs/markdown-remark`: the
 * test that package's own `isUnifiedProcessor` makes. Made here, so that a
 * Sätteri site does not load the unified pipeline (about 300 modules: remark,
 * rehype, micromark, MDX's compiler) only to be told it is not in use.
 */
function isUnifiedProcessor(processor: MarkdownProcessor): processor is MarkdownProcessor & { options: UnifiedResolvedOptions } {
  return processor.name === 'unified';
}

/**
 * What a Markdown render of a chapter was marked from, for
 * `remarkPluginFrontmatter`: the content layer keeps a rendered `.md`
 * entry until its file changes, so a page reads this to tell whether the
 * render it is handed is still the one its annotations give.
 */
export type MarksOf = (file: string) => string | undefined;

/**
 * Add the claim transform to the configured processor, and after it the
 * plugin that records in a Markdown chapter's frontmatter what it was marked from.
 * @param processor `config.markdown.processor`.
 * @param options what the transform needs to find a chapter's claims.
 * @param logger the integration's logger, for an unsupported processor.
 * @param marksOf what a file was just marked from (see `MarksOf`).
 * @returns which processor was extended, or undefined.
 */
export async function registerClaimPlugins(
  processor: MarkdownProcessor,
  options: ClaimsPluginOptions,
  logger: Pick<AstroIntegrationLogger, 'warn'>,
  marksOf: MarksOf = () => undefined,
): Promise<'satteri' | 'unified' | undefined> {
  if (isSatteriProcessor(processor)) {
    // Claims are text directives, which Sätteri leaves off by default.
    processor.options.features.directive = true;
    processor.options.mdastPlugins.push(satteriClaims(options), satteriStamp(marksOf));
    return 'satteri';
  }
  if (isUnifiedProcessor(processor)) {
    // Loaded only here: a Sätteri site has no use for it.
    const { default: remarkDirective } = await import('remark-directive');
    // A host (Starlight) may have added remark-directive already; parsing directives twice breaks them.
    const plugins = processor.options.remarkPlugins;
    const hasDirective = plugins.some((entry) => (Array.isArray(entry) ? entry[0] : entry) === remarkDirective);
    plugins.push(...(hasDirective ? [] : [remarkDirective]), [remarkClaims, options], [remarkStamp, marksOf]);
    return 'unified';
  }
  logger.warn(
    `The configured \`markdown.processor\` ("${processor.name}") is not supported by Research Pack: ` +
      'claims will not be marked on chapter pages (research packs are still built). ' +
      'Use `satteri()` from `@astrojs/markdown-satteri` (the default) or `unified()` from `@astrojs/markdown-remark`.',
  );
  return undefined;
}

/** Frontmatter as Astro's Markdown pipelines hand it to plugins. */
type AstroData = { astro?: { frontmatter?: Record<string, unknown> } };

function stamp(data: AstroData | undefined, marks: string | undefined): void {
  const astro = data?.astro;
  if (marks === undefined || !astro?.frontmatter) return;
  astro.frontmatter = { ...astro.frontmatter, [STAMP_KEY]: marks };
}

/** The stamp on Sätteri: Markdown chapters only (MDX chapters are modules, which Vite transforms again). */
function satteriStamp(marksOf: MarksOf) {
  return ({ fileURL, sourceFormat }: { fileURL: URL | undefined; sourceFormat: string }) => {
    if (sourceFormat !== 'markdown' || fileURL?.protocol !== 'file:') return null;
    const file = fileURLToPath(fileURL);
    return {
      name: 'research-pack-marks',
      // Runs after the claim plugin has marked the page (and read the annotations).
      before(_root: unknown, ctx: { data: AstroData }) {
        stamp(ctx.data, marksOf(file));
      },
    };
  };
}

/** The stamp on unified. */
function remarkStamp(marksOf: MarksOf) {
  return (_tree: unknown, file: { path?: string; data: AstroData }) => {
    if (file.path && !/\.mdx$/i.test(file.path)) stamp(file.data, marksOf(file.path));
  };
}
