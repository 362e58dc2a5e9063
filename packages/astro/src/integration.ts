/**
 * The Astro integration: validates options, loads the research model,
 * registers the claim transform, injects the research routes and keeps the
 * model fresh in `astro dev`. Every decision that is not about Astro lives in
 * `@research-pack/core`.
 */
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import { createModelCache, type SiteUrls } from '@research-pack/core';
import { pagesWithoutPopovers } from './check-pages.js';
import { watchBook } from './dev-watch.js';
import { loadState, loadStateOnThreads, type LoadedState } from './load-state.js';
import { registerClaimPlugins } from './markdown-plugins.js';
import { parseOptions, type ResearchPackOptions, type ResearchPackUserOptions } from './options.js';
import { publishState } from './state.js';

const NAME = '@research-pack/astro';

/**
 * Create the Research Pack integration.
 * @param userOptions see `ResearchPackUserOptions`; every key is optional.
 * @returns the Astro integration.
 */
export function researchPack(userOptions?: ResearchPackUserOptions): AstroIntegration {
  let options: ResearchPackOptions;
  let root: string;
  let urls: SiteUrls;
  let pageUrls: SiteUrls;
  // The Markdown plugins read through this, so that a reload in `astro dev`
  // reaches the next render without re-registering anything.
  let current: LoadedState | undefined;
  const cache = createModelCache();

  const publish = (loaded: LoadedState): LoadedState => {
    current = loaded;
    publishState(loaded.state);
    return loaded;
  };
  const reload = (): LoadedState => publish(loadState(root, options, urls, pageUrls, cache));

  return {
    name: NAME,
    hooks: {
      'astro:config:setup': async ({ config, command, logger, injectRoute, injectScript }) => {
        try {
          options = parseOptions(userOptions);
        } catch (error) {
          throw new AstroError(
            (error as Error).message,
            'Check the object passed to `researchPack()` in astro.config.mjs; see the @research-pack/astro README for every option.',
          );
        }
        root = fileURLToPath(config.root);
        urls = siteUrls(config, options);
        pageUrls = { ...urls, site: basePath(config) };

        // A build reads the books once, on several threads for a large project;
        // the dev server reads them with a cache, and again after every save.
        const loaded = command === 'build' ? publish(await loadStateOnThreads(root, options, urls, pageUrls)) : reload();
        const { problems, problemsText } = loaded.state;
        if (problems.some((problem) => problem.severity === 'error')) {
          const message = `Research Pack found ${countLabel(problems)} in ${options.contentDir}:\n${problemsText}`;
          // A build fails once, listing every problem. The dev server keeps
          // running and shows the same list in its overlay (see runtime.ts),
          // so the author can fix sidecars without restarting it.
          if (command === 'build') {
            throw new AstroError(message, 'Fix each file:line:column above; `npx research-pack check` lists the same problems without building.');
          }
          logger.error(message);
        } else if (problems.length > 0) {
          logger.warn(problemsText);
        }

        await registerClaimPlugins(
          config.markdown.processor,
          // Popovers are rendered once per page by ChapterProvenance part="body",
          // not compiled into every chapter module.
          { annotations: (file) => current?.annotationsFor(file), restoreOutsideChapters: true, popovers: 'page' },
          logger,
        );

        injectScript('page-ssr', `import '${NAME}/styles.css';`);
        if (options.packs) {
          const base = `${options.research}/books/[book]/[chapter]`;
          injectRoute({ pattern: base, entrypoint: `${NAME}/routes/pack.astro`, prerender: true });
          injectRoute({ pattern: `${base}/chapter-snapshot.txt`, entrypoint: `${NAME}/routes/snapshot.js`, prerender: true });
          injectRoute({ pattern: `${base}/brief.md`, entrypoint: `${NAME}/routes/brief.js`, prerender: true });
          injectRoute({ pattern: `${base}/report.md`, entrypoint: `${NAME}/routes/chapter-report.js`, prerender: true });
          injectRoute({ pattern: `${base}/pack.json`, entrypoint: `${NAME}/routes/pack-json.js`, prerender: true });
        }
        if (options.report) {
          const research = options.research;
          injectRoute({ pattern: research, entrypoint: `${NAME}/routes/report.astro`, prerender: true });
          injectRoute({ pattern: `${research}/report.json`, entrypoint: `${NAME}/routes/report-json.js`, prerender: true });
          injectRoute({ pattern: `${research}/report.md`, entrypoint: `${NAME}/routes/report-md.js`, prerender: true });
          injectRoute({ pattern: `${research}/books/[book]`, entrypoint: `${NAME}/routes/book-report.astro`, prerender: true });
          injectRoute({ pattern: `${research}/books/[book]/report.json`, entrypoint: `${NAME}/routes/book-report-json.js`, prerender: true });
          injectRoute({ pattern: `${research}/books/[book]/report.md`, entrypoint: `${NAME}/routes/book-report-md.js`, prerender: true });
        }
        if (options.packs || options.report) {
          injectRoute({ pattern: `${options.research}/schemas/[name].schema.json`, entrypoint: `${NAME}/routes/schema-json.js`, prerender: true });
        }
      },

      'astro:build:done': async ({ dir, logger }) => {
        const model = current?.state.model;
        if (!model) return;
        const pages = await pagesWithoutPopovers(fileURLToPath(dir), model, options.chapters);
        if (pages.length > 0) {
          logger.warn(
            `${pages.length} chapter ${pages.length === 1 ? 'page shows' : 'pages show'} claim markers with nothing to open: ${pages.slice(0, 5).join(', ')}${pages.length > 5 ? ', …' : ''}. ` +
              'Render `<ChapterProvenance book={book} chapter={chapter} />` (part="body") on chapter pages; it holds the claims\' popovers.',
          );
        }
      },

      'astro:server:setup': ({ server, logger }) => {
        watchBook(server, {
          contentDir: `${root}/${options.contentDir}`,
          reload: () => reload(),
          logger,
        });
      },
    },
  };
}

function basePath(config: AstroConfig): string {
  return config.base === '/' ? '' : config.base.replace(/\/$/, '');
}

function siteUrls(config: AstroConfig, options: ResearchPackOptions): SiteUrls {
  const site = config.site ? new URL(config.site).origin + basePath(config) : basePath(config);
  return { site, chapters: options.chapters, research: options.research };
}

function countLabel(problems: readonly { severity: string }[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  return `${errors} ${errors === 1 ? 'problem' : 'problems'}`;
}
