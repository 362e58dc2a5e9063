/**
 * Keeps `astro dev` fresh: when a chapter, a sidecar, `book.yaml` or a
 * book's `sources.lock.json` changes (a `research-pack sources refresh` in
 * another terminal), reload the model, invalidate the chapter modules so
 * that the claim transform runs again, and reload the browser. No server
 * restart.
 */
import path from 'node:path';
import { WRITE_JOURNAL_FILE } from '@research-pack/core/internal';
import { SOURCES_LOCK_FILE } from '@research-pack/core/sources';
import type { AstroIntegrationLogger } from 'astro';
import type { ViteDevServer } from 'vite';
import type { LoadedState } from './load-state.js';

/** What the watcher needs from the integration. */
export interface WatchOptions {
  /** Absolute folder of the books. */
  contentDir: string;
  /** Reload the model and publish it, reading the changed files again. */
  reload: (changed: Iterable<string>) => LoadedState;
  /** The chapter files whose compiled marks the reloaded model changes (`ModelSource.staleMarks`). */
  staleMarks: () => Iterable<string>;
  logger: AstroIntegrationLogger;
}

const WATCHED = /\.(?:ya?ml|mdx?)$/;

/**
 * Whether a changed file is one the model is built from.
 * @param file an absolute path inside the books folder.
 * @returns true for chapters, sidecars, `book.yaml`, the books' sources locks, and their write journals (a command killed among its
 *   moves leaves one, which the page reports until `research-pack recover` removes it, perhaps with no other file to move).
 */
export function isWatched(file: string): boolean {
  const name = path.basename(file);
  return WATCHED.test(file) || name === SOURCES_LOCK_FILE || name === WRITE_JOURNAL_FILE;
}
/** How long a burst of file events must be quiet before the model reloads. */
const SETTLE_MS = 30;

/**
 * Watch the books and refresh on change.
 * @param server the Vite dev server.
 * @param options see `WatchOptions`.
 */
export function watchBook(server: ViteDevServer, options: WatchOptions): void {
  const contentDir = path.resolve(options.contentDir);
  server.watcher.add(contentDir);
  // Editors write a file in several steps (truncate, write, rename), each
  // firing an event: reload once the burst has settled, so the model is
  // never built from a half-written file and the last write always counts.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changed = new Set<string>();
  const refresh = () => {
    timer = undefined;
    const saved = changed;
    const files = [...saved].map((file) => path.relative(contentDir, file)).join(', ');
    changed = new Set();
    const loaded = options.reload(saved);
    const { problems, problemsText } = loaded.state;
    if (problems.some((problem) => problem.severity === 'error')) {
      options.logger.error(`Research Pack found problems after ${files} changed:\n${problemsText}`);
    } else {
      options.logger.info(`Research Pack reloaded after ${files} changed`);
    }
    // A sidecar change can alter a chapter's compiled marks without touching
    // its file: drop the modules whose marks changed, so the next request
    // transforms them again. The popovers are rendered by the page from the
    // published state: a change to them alone needs no new transform.
    const stale = [...options.staleMarks()];
    for (const environment of Object.values(server.environments)) {
      const graph = environment.moduleGraph;
      for (const chapterFile of stale) {
        for (const mod of graph.getModulesByFile(chapterFile) ?? []) {
          graph.invalidateModule(mod);
        }
      }
    }
    server.environments.client.hot.send({ type: 'full-reload' });
  };
  const onChange = (file: string) => {
    const absolute = path.resolve(file);
    if (!absolute.startsWith(contentDir + path.sep) || !isWatched(absolute)) return;
    changed.add(absolute);
    if (timer) clearTimeout(timer);
    timer = setTimeout(refresh, SETTLE_MS);
  };
  server.watcher.on('change', onChange);
  server.watcher.on('add', onChange);
  server.watcher.on('unlink', onChange);
}
