/**
 * The Starlight plugin: `starlight({ plugins: [researchPackStarlight()] })`
 * marks claims on docs pages, renders their popovers and JSON-LD through
 * Starlight's extension points, and serves research packs and reports inside
 * Starlight's layout.
 *
 * ```js
 * import starlight from '@astrojs/starlight';
 * import researchPackStarlight from '@research-pack/astro/starlight';
 * export default defineConfig({ integrations: [starlight({ title: 'My book', plugins: [researchPackStarlight()] })] });
 * ```
 */
import type { StarlightPlugin } from '@astrojs/starlight/types';
import { createIntegration } from './integration.js';
import type { ResearchPackUserOptions } from './options.js';

const NAME = '@research-pack/astro/starlight';
const MARKDOWN_CONTENT = '@research-pack/astro/components/starlight/MarkdownContent.astro';
const STYLES = '@research-pack/astro/starlight.css';

/**
 * Create the Starlight plugin.
 * @param options the integration's options; on Starlight they default to books in `src/content/docs`, chapters at their docs URL, Starlight's frontmatter and Starlight's directive restoration.
 * @returns the plugin.
 */
export function researchPackStarlight(options?: ResearchPackUserOptions): StarlightPlugin {
  return {
    name: NAME,
    hooks: {
      'config:setup': async ({ addIntegration, addRouteMiddleware, updateConfig, config, logger }) => {
        // Popovers come after a chapter's text, in Starlight's MarkdownContent.
        if (config.components?.MarkdownContent) {
          logger.warn(
            `\`components.MarkdownContent\` is already overridden (${config.components.MarkdownContent}): render ` +
              '`<ChapterProvenance book={…} chapter={…} />` from @research-pack/astro in it, or chapters show claim markers with nothing to open.',
          );
        } else {
          updateConfig({ components: { ...config.components, MarkdownContent: MARKDOWN_CONTENT } });
        }
        // Popovers and research pages take Starlight's colours and follow its theme switch.
        updateConfig({ customCss: [...(config.customCss ?? []), STYLES] });
        // The ClaimReview JSON-LD goes into <head> through the route data.
        addRouteMiddleware({ entrypoint: `${NAME}/route-middleware` });
        // Added by Starlight after its own Markdown plugins (asides) and before
        // its directive restoration, so `:claim` is marked and `:::note` kept.
        addIntegration(createIntegration(options, 'starlight'));
      },
    },
  };
}

export default researchPackStarlight;
