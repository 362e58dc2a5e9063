/**
 * The Astro integration: validates options, loads the research model,
 * registers the claim transform, injects the research routes and keeps the
 * model fresh in `astro dev`. Every decision that is not about Astro lives in
 * `@research-pack/core`.
 */
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import { createModelCache, formatProblems, loadConfigFile, type ProjectPreset, type SiteUrls } from '@research-pack/core';
import { missingChapterPages, missingMdxWarning, pagesWithoutPopovers } from './check-pages.js';
import { watchBook } from './dev-watch.js';
import { layoutModulePlugin, layoutSpecifier } from './layout-module.js';
import { loadState, loadStateOnThreads, type LoadedState } from './load-state.js';
import { registerClaimPlugins } from './markdown-plugins.js';
import { resolveOptions, validateOptions, type ResearchPackOptions, type ResearchPackUserOptions } from './options.js';
import { researchRoutes } from './routes.js';
import { publishState } from './state.js';

const NAME = '@research-pack/astro';

/** Refusals of the file policy that would hurt if Astro read the chapter file anyway. */
const UNSAFE_CHAPTER_RULES = new Set(['file/outside-project', 'file/symlink-loop', 'file/not-a-file', 'file/too-large']);

/**
 * Create the Research Pack integration.
 * @param userOptions see `ResearchPackUserOptions`; every key is optional, and keys of `research-pack.config.mjs` apply under them.
 * @returns the Astro integration.
 */
export function researchPack(userOptions?: ResearchPackUserOptions): AstroIntegration {
  return createIntegration(userOptions, 'astro');
}

/**
 * The integration with the defaults of a kind of site: `astro` for
 * `researchPack()`, `starlight` for the Starlight plugin.
 * @param userOptions the options given in astro.config.mjs.
 * @param preset the kind of site.
 * @returns the Astro integration.
 */
export function createIntegration(userOptions: ResearchPackUserOptions | undefined, preset: ProjectPreset): AstroIntegration {
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
      'astro:config:setup': async ({ config, command, logger, injectRoute, injectScript, updateConfig, addWatchFile }) => {
        root = fileURLToPath(config.root);
        const source = preset === 'starlight' ? 'researchPackStarlight() options' : 'researchPack() options';
        let file: Awaited<ReturnType<typeof loadConfigFile>>;
        try {
          // research-pack.config.mjs holds what the CLI reads too; options given here apply over it.
          file = await loadConfigFile(root);
          options = resolveOptions({ ...file?.config, ...validateOptions(userOptions, source) }, preset);
        } catch (error) {
          throw new AstroError(
            (error as Error).message.replace(/^Research Pack: /, ''),
            'Check research-pack.config.mjs and the options passed in astro.config.mjs; see the @research-pack/astro README for every option.',
          );
        }
        if (file) addWatchFile(file.file);
        if (preset === 'astro' && config.integrations.some((integration) => integration.name === '@astrojs/starlight')) {
          // Beside starlight() no order works: before it, claims are marked but asides are lost; after it, the claims are.
          logger.warn(
            'This is a Starlight site: use `researchPackStarlight()` from `@research-pack/astro/starlight` in `starlight({ plugins: [...] })` ' +
              "instead of `researchPack()` in `integrations`, so that claims are marked between Starlight's asides and its directive restoration.",
          );
        }
        urls = siteUrls(config, options);
        pageUrls = { ...urls, site: basePath(config) };

        // A build reads the books once, on several threads for a large project;
        // the dev server reads them with a cache, and again after every save.
        const loaded = command === 'build' ? publish(await loadStateOnThreads(root, options, urls, pageUrls)) : reload();
        const { problems, problemsText } = loaded.state;
        // Astro's own content loaders (glob(), Starlight's docsLoader()) would still open
        // these chapter files after this hook: a FIFO would hang them, a link out of the
        // project would publish what it points at. Not even the dev server starts.
        const unsafe = problems.filter((problem) => UNSAFE_CHAPTER_RULES.has(problem.rule) && /\.mdx?$/i.test(problem.file));
        if (unsafe.length > 0) {
          throw new AstroError(
            `Research Pack refuses ${unsafe.length === 1 ? 'a chapter file' : `${unsafe.length} chapter files`} that Astro's content loaders would still read:\n${formatProblems(unsafe)}`,
            'Replace each with a regular file inside the project; `npx research-pack check` lists the same problems.',
          );
        }
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
          // Popovers are rendered once per page (ChapterProvenance part="body",
          // or the Starlight plugin's MarkdownContent), not compiled into every chapter module.
          {
            annotations: (chapterFile) => current?.annotationsFor(chapterFile),
            restoreDirectives: options.restoreDirectives !== 'nowhere',
            restoreOutsideChapters: options.restoreDirectives === 'everywhere',
            popovers: 'page',
          },
          logger,
        );

        updateConfig({ vite: { plugins: [layoutModulePlugin(layoutSpecifier(options.layout, root))] } });
        injectScript('page-ssr', `import '${NAME}/styles.css';`);
        for (const route of researchRoutes(options.research, options)) {
          injectRoute({ pattern: route.pattern, entrypoint: `${NAME}/routes/${route.entrypoint}`, prerender: true });
        }
      },

      'astro:config:done': ({ config, logger }) => {
        const model = current?.state.model;
        const warning = model && missingMdxWarning(model, config.integrations.map((integration) => integration.name));
        if (warning) logger.warn(warning);
      },

      'astro:build:done': async ({ dir, logger }) => {
        const model = current?.state.model;
        if (!model) return;
        const outDir = fileURLToPath(dir);
        const absent = await missingChapterPages(outDir, model, options.chapters);
        if (absent.length > 0) {
          logger.warn(
            `${absent.length} chapter ${absent.length === 1 ? 'page was' : 'pages were'} not built where the \`chapters\` option puts them: ${absent.slice(0, 5).join(', ')}${absent.length > 5 ? ', …' : ''}. ` +
              'Research packs, briefs and the report link there: render the chapters at those URLs, or set `chapters` to where they are.',
          );
        }
        const pages = await pagesWithoutPopovers(outDir, model, options.chapters);
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
  const astroSite = config.site ? new URL(config.site).origin + basePath(config) : undefined;
  // `site` in research-pack.config.mjs is for the CLI; it must say what Astro says.
  if (options.site !== undefined && astroSite !== undefined && options.site !== astroSite) {
    throw new AstroError(
      `Research Pack's \`site\` (${JSON.stringify(options.site)}) differs from Astro's \`site\` and \`base\` (${JSON.stringify(astroSite)}): the CLI's briefs would link elsewhere than the site's.`,
      'Give the same URL in both, or leave `site` out of the Research Pack options.',
    );
  }
  const site = astroSite ?? options.site ?? basePath(config);
  return { site, chapters: options.chapters, research: options.research };
}

function countLabel(problems: readonly { severity: string }[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  return `${errors} ${errors === 1 ? 'problem' : 'problems'}`;
}
