/**
 * The Vite plugin that makes a build's chapter transforms wait for the
 * model, before any other plugin reads the chapter: the build does not wait
 * for the model in `astro:build:start` (Vite starts while the workers finish
 * it), and when its check stops the build, the error is thrown here, in
 * this package's words, not reworded by the Markdown processor as an error
 * of whichever chapter it was compiling.
 */
import type { Plugin } from 'vite';
import type { ModelSource } from './model-source.js';

/**
 * @param source the integration's model.
 * @returns the plugin.
 */
export function modelWaitPlugin(source: Pick<ModelSource, 'loadedFor'>): Plugin {
  return {
    name: 'research-pack:model',
    enforce: 'pre',
    transform: {
      filter: { id: /\.mdx?(?:\?|$)/i },
      async handler(_code, id) {
        await source.loadedFor(id.replace(/\?.*$/, ''));
        return null;
      },
    },
  };
}
