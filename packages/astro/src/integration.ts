/**
 * The Astro integration: validates options, loads the research model,
 * registers the claim transform, injects the research routes and keeps the
 * model fresh in `astro dev`. Every decision that is not about Astro lives in
 * `@research-pack/core`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration, AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { modelWaitPlugin } from './model-wait.js';
import { pageRevisionPlugin, unstampedChapters } from './page-revision.js';
import { formatProblems } from '@research-pack/core/problems';
import { readTextFile } from '@research-pack/core/load';
import { authorError, firstPlace } from './author-error.js';
import { parserVersion } from '@research-pack/markdown/parse';
import { loadConfigFile, type ProjectPreset, type SiteUrls } from '@research-pack/core/site';
import { copyAhead, keptRows, publishArtifacts, textArtifacts, type CachedArtifacts, type CopiedAhead, type KeptRows } from './artifacts.js';
import { missingChapterPages, missingMdxWarning, pagesWithoutPopovers, staleClaimsNote } from './check-pages.js';
import { watchBook } from './dev-watch.js';
import { layoutModulePlugin, layoutSpecifier } from './layout-module.js';
import { registerClaimPlugins } from './markdown-plugins.js';
import { ModelSource } from './model-source.js';
import type { LoadedState } from './load-state.js';
import { resolveOptions, validateOptions, type ResearchPackOptions, type ResearchPackUserOptions } from './options.js';
import { markdownRenderer } from './render-again.js';
import { researchRoutes } from './routes.js';
import { refusedChapterProblems } from './refused-chapters.js';
import { keyedChapters, publishRenderer, type ResearchPackState } from './state.js';

const NAME = '@research-pack/astro';

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
  let command: 'build' | 'dev' | 'preview' | 'sync';
  let artifactsDir: string;
  // A build's status report pages find the parts an earlier build kept, and those this build's workers write ahead.
  let reportParts: KeptRows | undefined;
  // A static build's output folder, where the kept artifacts are copied while Astro builds the pages.
  let copyAheadTo: string | undefined;
  let copiedAhead: Promise<CopiedAhead> | undefined;
  let publicDir: string | undefined;
  /** Whether Astro's incremental builds are on, and the chapters whose modules got their page revision (`pageRevisionPlugin`). */
  let incremental = false;
  const stamped = new Set<string>();
  // The Markdown plugins read through this, so that a reload in `astro dev`
  // reaches the next render without re-registering anything.
  const source = new ModelSource();

  return {
    name: NAME,
    hooks: {
      'astro:config:setup': async ({ config, command: running, logger, injectRoute, injectScript, updateConfig, addWatchFile, addMiddleware }) => {
        root = fileURLToPath(config.root);
        command = running;
        // A process may build more than once with this integration: each build copies its own artifacts ahead.
        copiedAhead = undefined;
        const sourceName = preset === 'starlight' ? 'researchPackStarlight() options' : 'researchPack() options';
        let file: Awaited<ReturnType<typeof loadConfigFile>>;
        try {
          // research-pack.config.mjs holds what the CLI reads too; options given here apply over it.
          file = await loadConfigFile(root);
          options = resolveOptions({ ...file?.config, ...validateOptions(userOptions, sourceName) }, preset);
        } catch (error) {
          throw authorError(
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
        if (running === 'build' && (config.experimental as { parallelPrerender?: unknown }).parallelPrerender) {
          // Pages read the model the build loaded on this thread; a prerender worker has none.
          updateConfig({ experimental: { parallelPrerender: false } } as Parameters<typeof updateConfig>[0]);
          logger.warn(
            "`experimental.parallelPrerender` is turned off for this build: pages read the research model the build loaded on Astro's own thread, which Astro's prerender workers cannot see. The build renders its pages on that thread, as without the flag.",
          );
        }
        const urls = siteUrls(config, options, file?.file);
        // Without a `site` of its own, `research-pack brief` links root-relative: on a site with a base, past it.
        if (options.site === undefined && file && basePath(config) !== '') {
          const astroSite = astroSiteOf(config);
          logger.warn(
            `${path.basename(file.file)} gives no \`site\`, so \`research-pack brief\` links to ${options.research}/books/… where this site's briefs link to ${astroSite ?? basePath(config)}${options.research}/books/…: ` +
              (astroSite ? `add \`site: '${astroSite}'\` (Astro's \`site\` with its \`base\`) to it.` : `give Astro a \`site\`, and the same URL with the base (${basePath(config)}) as \`site\` in ${path.basename(file.file)}.`),
          );
        }
        const pageUrls = { ...urls, site: basePath(config) };
        // Chapter checks and text artifacts are kept in Astro's cache folder across builds and dev sessions.
        const cache = path.join(fileURLToPath(config.cacheDir), 'research-pack');
        // Checks made by another parser are not reused; when its code cannot be read, none are kept.
        const parser = parserVersion();
        const store = parser ? { dir: path.join(cache, 'chapters'), salt: parser } : undefined;
        artifactsDir = path.join(cache, 'artifacts');

        // Astro's own content loaders (glob(), Starlight's docsLoader()) would still open
        // these chapter files after this hook: a FIFO would hang them, a link out of the
        // project would publish what it points at. Not even the dev server starts.
        // (Nothing is read to know it: the model is read later, on other threads.)
        const unsafe = refusedChapterProblems(root, options.contentDir, options.frontmatter);
        if (unsafe.length > 0) {
          throw authorError(
            `Research Pack refuses ${unsafe.length === 1 ? 'a chapter file' : `${unsafe.length} chapter files`} that Astro's content loaders would still read:\n${formatProblems(unsafe)}`,
            'Replace each with a regular file inside the project; `npx research-pack check` lists the same problems.',
          );
        }

        // A build reads the books on worker threads while the content layer
        // syncs and Vite starts, and waits for them where it needs them (the
        // first chapter transform, `astro:build:done`), reporting their problems
        // as soon as they are read; the dev server reads them now, and again
        // after every save.
        const background = command === 'build';
        reportParts = background && options.report ? keptRows(path.join(cache, 'status-report-parts.json'), 'html') : undefined;
        source.start({ root, options, urls, pageUrls, store, artifactsDir, reportParts }, background);
        if (!background) reportProblems(source.loaded()!.state, command, options, logger, root);

        await registerClaimPlugins(
          config.markdown.processor,
          // Popovers are rendered once per page (ChapterProvenance part="body",
          // or the Starlight plugin's MarkdownContent), not compiled into every chapter module.
          {
            annotations: (chapterFile, text) => source.annotationsFor(chapterFile, text),
            restoreDirectives: options.restoreDirectives !== 'nowhere',
            restoreOutsideChapters: options.restoreDirectives === 'everywhere',
            popovers: 'page',
            // An MDX chapter's markers are calls into the model, not markup compiled into its module (both processors).
            markerModule: { from: `${NAME}/marker`, name: 'claimMarker' },
          },
          logger,
          (chapterFile) => source.marksOf(chapterFile),
        );

        updateConfig({
          vite: {
            plugins: [modelWaitPlugin(source), pageRevisionPlugin(source, stamped), layoutModulePlugin(layoutSpecifier(options.layout, root))],
            // Its routes and components are source to Vite (compiled, bundled with the pages). Astro finds
            // that of a package the site's package.json names, not of one installed as another package's
            // dependency: its routes would then resolve as external modules, and Astro stop at "Invalid URL".
            resolve: { noExternal: [NAME] },
          },
        });
        injectScript('page-ssr', `import '${NAME}/styles.css';`);
        // A build writes the text artifacts itself, in astro:build:done; the dev server serves them.
        for (const route of researchRoutes(options.research, options, { artifacts: !background })) {
          injectRoute({ pattern: route.pattern, entrypoint: `${NAME}/routes/${route.entrypoint}`, prerender: true });
        }
        // While the sidecars have errors, a page that reads the model answers 500 with Astro's overlay, not a cut-off 200.
        if (running === 'dev') addMiddleware({ entrypoint: `${NAME}/dev-middleware`, order: 'pre' });
      },

      'astro:config:done': ({ config, logger }) => {
        publishRenderer(markdownRenderer(config, root));
        const model = source.loaded()?.state.model;
        const warning = model && missingMdxWarning(model, config.integrations.map((integration) => integration.name));
        if (warning) logger.warn(warning);
        integrationNames = config.integrations.map((integration) => integration.name);
        incremental = config.experimental?.incrementalBuild === true;
        // With an adapter the pages go elsewhere (\`build.client\`): the artifacts are put where astro:build:done says.
        copyAheadTo = command === 'build' && options.packs && !config.adapter ? fileURLToPath(config.outDir) : undefined;
        publicDir = fileURLToPath(config.publicDir);
      },

      'astro:build:setup': () => {
        // Astro has emptied the output folder by now (it does so before it builds).
        if (copiedAhead || !copyAheadTo) return;
        const ahead: CopiedAhead = { outDir: copyAheadTo, publicDir, copies: new Map() };
        copiedAhead = (async () => {
          try {
            const loaded = await source.ready();
            if (!loaded.state.model) return ahead;
            // What an earlier build kept, now; what the workers make, once they have made it all.
            await copyAhead(ahead.outDir, cachedArtifactsOf(loaded), ahead);
            await loaded.finished;
            await copyAhead(ahead.outDir, cachedArtifactsOf(loaded), ahead);
          } catch {
            // astro:build:done copies whatever is not copied, and reports what stops it.
          }
          return ahead;
        })();
      },

      'astro:build:start': ({ logger }) => {
        // What `chapterCacheKey` keys, this build's alone (a process may build more than once).
        keyedChapters().clear();
        // Not awaited here: Vite starts while the workers finish the model, and
        // the first chapter transform waits for it. Its problems are reported
        // as soon as it is loaded (at once, if it is), before any page reads it;
        // an error stops the build there.
        source.verify(
          (loaded) => {
            reportProblems(loaded.state, command, options, logger, root);
            const warning = loaded.state.model && missingMdxWarning(loaded.state.model, integrationNames);
            if (warning) logger.warn(warning);
          },
          (error) =>
            new AstroError(`Research Pack could not read the books in ${options.contentDir}: ${(error as Error).message}`, 'Run `npx research-pack check` for the same check without building.'),
        );
      },

      'astro:build:done': async ({ dir, logger }) => {
        // A build whose chapters no transform read still waits for its model here (and stops at its problems).
        const loaded = await source.ready();
        const { state } = loaded;
        const model = state.model;
        if (!model) return;
        const outDir = fileURLToPath(dir);
        try {
          await loaded.finished;
        } catch (error) {
          throw new AstroError(`Research Pack could not make the research packs of ${options.contentDir}: ${(error as Error).message}`, 'Run the build again; if it fails the same way, report it with the output above.');
        }
        // What the model's workers made is in the artifact cache (copied ahead, mostly); the rest (the reports) is rendered now.
        const cached = cachedArtifactsOf(loaded);
        // The status report's rows are kept beside the artifact cache (which keeps only the chapters' folders).
        const rows = options.report ? keptRows(path.join(path.dirname(artifactsDir), 'status-report-rows.json')) : undefined;
        // The rows the workers wrote for the chapters they made (a chapter an earlier build kept has its rows kept too).
        for (const derived of loaded.derived.values()) if (derived.reportRows) rows?.offer(derived.reportRows);
        await publishArtifacts(outDir, textArtifacts(model, state.urls, { packs: options.packs, report: options.report, rows: rows?.memo }), cached, artifactsDir, await copiedAhead);
        await rows?.save();
        await reportParts?.save();
        const absent = await missingChapterPages(outDir, model, options.chapters);
        if (absent.length > 0) {
          logger.warn(
            `${absent.length} chapter ${absent.length === 1 ? 'page was' : 'pages were'} not built where the \`chapters\` option puts them: ${absent.slice(0, 5).join(', ')}${absent.length > 5 ? ', …' : ''}. ` +
              'Research packs, briefs and the report link there: render the chapters at those URLs, or set `chapters` to where they are.',
          );
        }
        // Starlight's route returns no `cacheKey`: its pages are always rendered.
        const unstamped = incremental && preset !== 'starlight' ? unstampedChapters(model, root, stamped, keyedChapters()) : [];
        if (unstamped.length > 0) {
          const one = unstamped.length === 1;
          logger.warn(
            `With incremental builds on, ${unstamped.length} ${one ? "chapter's page has" : "chapters' pages have"} nothing Astro compares that holds the claims' verdicts: ${unstamped.slice(0, 5).join(', ')}${unstamped.length > 5 ? ', …' : ''} ` +
              `(a Markdown chapter: Astro 7.4 compares nothing of a Markdown entry's module, and a collection that renders Markdown when it syncs makes none). ` +
              `If ${one ? 'its' : 'their'} route returns \`entry.digest\` as the \`cacheKey\`, Astro restores ${one ? 'the page' : 'them'} with the old verdicts after a sidecar edit: ` +
              `return \`chapterCacheKey(entry)\` (from \`@research-pack/astro/runtime\`) instead. A route that returns no \`cacheKey\` is always rendered, and can leave this be.`,
          );
        }
        // What readers will see as stale: the build says it too, not only `check` and `review`.
        const stale = staleClaimsNote(model);
        if (stale) logger.info(stale);
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
          reload: (changed) => source.reload(changed),
          staleMarks: () => source.staleMarks(),
          logger,
        });
      },
    },
  };
}

/** The names of the site's integrations, for the MDX warning. */
let integrationNames: string[] = [];

/**
 * Report a load's problems: a build fails once, listing every problem; the
 * dev server keeps running and shows the same list in its overlay (see
 * runtime.ts), so the author can fix sidecars without restarting it.
 */
function reportProblems(state: ResearchPackState, command: string, options: ResearchPackOptions, logger: AstroIntegrationLogger, root: string): void {
  const { problems, problemsText } = state;
  if (problems.some((problem) => problem.severity === 'error')) {
    const message = `Research Pack found ${countLabel(problems)} in ${options.contentDir}:\n${problemsText}`;
    if (command === 'build') {
      throw authorError(message, 'Fix each file:line:column above; `npx research-pack check` lists the same problems without building.', firstPlace(problems, root));
    }
    logger.error(message);
  } else if (problems.length > 0) {
    logger.warn(problemsText);
  }
}

/** Where a config file writes `site` (its first line and column), for Astro's `Location:`; its first line when it cannot tell. */
function siteLine(file: string): { file: string; line: number; column: number } {
  const read = readTextFile(file, { root: path.dirname(file) });
  const lines = read.status === 'read' ? read.text.split('\n') : [];
  const index = lines.findIndex((line) => /\bsite\s*:/.test(line));
  return index === -1 ? { file, line: 1, column: 1 } : { file, line: index + 1, column: lines[index]!.search(/\bsite\s*:/) + 1 };
}

function basePath(config: AstroConfig): string {
  return config.base === '/' ? '' : config.base.replace(/\/$/, '');
}

/** Astro's `site` with its `base` (`https://example.com/handbook`), when it has a `site`. */
function astroSiteOf(config: AstroConfig): string | undefined {
  return config.site ? new URL(config.site).origin + basePath(config) : undefined;
}

function siteUrls(config: AstroConfig, options: ResearchPackOptions, configFile: string | undefined): SiteUrls {
  const astroSite = astroSiteOf(config);
  // `site` in research-pack.config.mjs is for the CLI; it must say what Astro says.
  if (options.site !== undefined && astroSite !== undefined && options.site !== astroSite) {
    const where = configFile ? path.basename(configFile) : 'the Research Pack options';
    throw authorError(
      `Research Pack's \`site\` (${JSON.stringify(options.site)}) differs from Astro's \`site\` with its \`base\` (${JSON.stringify(astroSite)}): the CLI's briefs would link elsewhere than the site's.`,
      `Write \`site: ${JSON.stringify(astroSite)}\` in ${where}: Astro's \`site\` with its \`base\`, so that \`research-pack brief\` links where the site does.`,
      configFile ? siteLine(configFile) : undefined,
    );
  }
  const site = astroSite ?? options.site ?? basePath(config);
  return { site, chapters: options.chapters, research: options.research };
}

function countLabel(problems: readonly { severity: string }[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  return `${errors} ${errors === 1 ? 'error' : 'errors'}${warnings > 0 ? ` and ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : ''}`;
}

/** The chapters' text artifacts in the artifact cache, as far as the workers have made or found them. */
function cachedArtifactsOf(loaded: LoadedState): CachedArtifacts {
  return [...loaded.derived.values()].flatMap((derived) => (derived.artifactsKey ? [{ key: derived.artifactsKey, files: derived.artifacts ?? [] }] : []));
}
