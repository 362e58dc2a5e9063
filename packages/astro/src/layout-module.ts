/**
 * `virtual:research-pack/layout`: the component the injected research pages
 * render in, chosen by the `layout` option (plain Astro sites get
 * `ResearchPage.astro`, Starlight sites a page inside Starlight's layout).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:research-pack/layout';
const RESOLVED = `\0${ID}`;

/**
 * The layout as an import specifier: a path written relative to the project
 * root becomes absolute; a package specifier is kept.
 * @param layout the `layout` option.
 * @param root the absolute project root.
 * @returns what the virtual module re-exports.
 */
export function layoutSpecifier(layout: string, root: string): string {
  return layout.startsWith('.') || path.isAbsolute(layout) ? path.resolve(root, layout).split(path.sep).join('/') : layout;
}

/**
 * The Vite plugin that serves the virtual module.
 * @param specifier see `layoutSpecifier`.
 * @returns the plugin.
 */
export function layoutModulePlugin(specifier: string): Plugin {
  return {
    name: 'research-pack:layout',
    // Filtered hooks: Vite (rolldown) calls them for this one module only, not for every module of the site.
    resolveId: {
      filter: { id: /^virtual:research-pack\/layout$/ },
      handler: (id) => (id === ID ? RESOLVED : undefined),
    },
    load: {
      filter: { id: /^\0virtual:research-pack\/layout$/ },
      handler: (id) => (id === RESOLVED ? `export { default } from ${JSON.stringify(specifier)};\n` : undefined),
    },
  };
}
