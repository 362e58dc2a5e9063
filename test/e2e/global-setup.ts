/**
 * Serves the built demo book and examples/starlight with `astro preview`,
 * each on a free loopback port, for the browser tests, and fails at once
 * (never skips) when Chromium or a build is missing. Makes and serves the
 * fixture site of the sources tests too (`sources-site.ts`).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser.js';
import { preview, stop } from './preview.js';
import { buildSourcesSite } from './sources-site.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where `astro preview` serves the demo book, e.g. `http://127.0.0.1:4321`. */
    baseURL: string;
    /** Where it serves examples/starlight, the demo book as Starlight docs. */
    starlightURL: string;
    /** Where it serves the fixture book whose sources lock a real refresh wrote. */
    sourcesURL: string;
    /** The test web's origin its sources named (the server itself is closed). */
    sourcesOrigin: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executable = chromiumPath();
  if (!existsSync(executable)) {
    throw new Error(
      `Chromium not found at ${executable}. The browser tests need Debian's Chromium: ` +
        '`apt-get install chromium` (as root), or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  const sites = [
    { key: 'baseURL', dir: root, build: 'npm run build' },
    { key: 'starlightURL', dir: `${root}/examples/starlight`, build: 'npm run build -w examples/starlight' },
  ] as const;
  for (const site of sites) {
    if (!existsSync(`${site.dir}/dist/index.html`)) {
      throw new Error(`${site.dir}/dist/ has no built site. Run \`npm run test:e2e\`, which builds it first (\`${site.build}\`).`);
    }
  }
  const servers: ChildProcess[] = [];
  const killOnExit = () => servers.forEach((server) => server.kill('SIGTERM'));
  // If vitest dies without running the teardown, do not leave the servers behind.
  process.once('exit', killOnExit);
  try {
    const fixture = await buildSourcesSite();
    project.provide('sourcesOrigin', fixture.origin);
    for (const site of [...sites, { key: 'sourcesURL', dir: fixture.dir }] as const) {
      const { server, url } = await preview(site.dir);
      servers.push(server);
      project.provide(site.key, url);
    }
  } catch (error) {
    process.off('exit', killOnExit);
    await Promise.all(servers.map(stop));
    throw error;
  }
  return async () => {
    process.off('exit', killOnExit);
    await Promise.all(servers.map(stop));
  };
}
