/**
 * Serves the built demo book and examples/starlight with `astro preview`,
 * each on a free loopback port, for the browser tests, and fails at once
 * (never skips) when Chromium or a build is missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where `astro preview` serves the demo book, e.g. `http://127.0.0.1:4321`. */
    baseURL: string;
    /** Where it serves examples/starlight, the demo book as Starlight docs. */
    starlightURL: string;
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
    for (const site of sites) {
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

/** `astro preview` of a built site on a free loopback port. */
async function preview(cwd: string): Promise<{ server: ChildProcess; url: string }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // --ignore-lock: run in the foreground beside any preview server someone
  // else started in this tree, without touching Astro's lock file.
  const args = [`${root}/node_modules/astro/bin/astro.mjs`, 'preview', '--host', '127.0.0.1', '--port', String(port), '--ignore-lock'];
  const server = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForServer(baseURL, server, () => output);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return { server, url: baseURL };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`astro preview exited with code ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`astro preview did not answer on ${baseURL} within 30 s:\n${output()}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
