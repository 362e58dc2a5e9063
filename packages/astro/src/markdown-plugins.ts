/**
 * Registers the claim transform on whichever Markdown processor the site
 * uses: natively on Sätteri (Astro 7's default for `.md` and `.mdx`) or on
 * unified when the site opted into `@astrojs/markdown-remark`.
 */
import { isSatteriProcessor } from '@astrojs/markdown-satteri';
import type { AstroConfig, AstroIntegrationLogger } from 'astro';
import remarkDirective from 'remark-directive';
import { remarkClaims, satteriClaims, type ClaimsPluginOptions } from '@research-pack/markdown';

type MarkdownProcessor = NonNullable<AstroConfig['markdown']['processor']>;

// Started at import time, while Astro's config runner is still open: a
// dynamic import begun later from a hook would go through a closed runner.
// `@astrojs/markdown-remark` is optional; without it, unified is not in use.
const unifiedModule = import('@astrojs/markdown-remark').catch(() => null);

/**
 * Add the claim transform to the configured processor.
 * @param processor `config.markdown.processor`.
 * @param options what the transform needs to find a chapter's claims.
 * @param logger the integration's logger, for an unsupported processor.
 * @returns which processor was extended, or undefined.
 */
export async function registerClaimPlugins(
  processor: MarkdownProcessor,
  options: ClaimsPluginOptions,
  logger: Pick<AstroIntegrationLogger, 'warn'>,
): Promise<'satteri' | 'unified' | undefined> {
  if (isSatteriProcessor(processor)) {
    // Claims are text directives, which Sätteri leaves off by default.
    processor.options.features.directive = true;
    processor.options.mdastPlugins.push(satteriClaims(options));
    return 'satteri';
  }
  const unified = await unifiedModule;
  if (unified?.isUnifiedProcessor(processor)) {
    // A host (Starlight) may have added remark-directive already; parsing directives twice breaks them.
    const plugins = processor.options.remarkPlugins;
    const hasDirective = plugins.some((entry) => (Array.isArray(entry) ? entry[0] : entry) === remarkDirective);
    plugins.push(...(hasDirective ? [] : [remarkDirective]), [remarkClaims, options]);
    return 'unified';
  }
  logger.warn(
    `The configured \`markdown.processor\` ("${processor.name}") is not supported by Research Pack: ` +
      'claims will not be marked on chapter pages (research packs are still built). ' +
      'Use `satteri()` from `@astrojs/markdown-satteri` (the default) or `unified()` from `@astrojs/markdown-remark`.',
  );
  return undefined;
}
