/**
 * Serves the built demo book with `astro preview` on a free loopback port for
 * the browser tests, and fails at once (never skips) when Chromium or the
 * build is missing.
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
  if (!existsSync(`${root}/dist/index.html`)) {
    throw new Error('dist/ has no built site. Run `npm run test:e2e`, which builds the demo book first.');
  }

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // --ignore-lock: run in the foreground beside any preview server someone
  // else started in this tree, without touching Astro's lock file.
  const args = ['node_modules/astro/bin/astro.mjs', 'preview', '--host', '127.0.0.1', '--port', String(port), '--ignore-lock'];
  const server = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  // If vitest dies without running the teardown, do not leave the server behind.
  const killOnExit = () => server.kill('SIGTERM');
  process.once('exit', killOnExit);
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  try {
    await waitForServer(baseURL, server, () => output);
  } catch (error) {
    process.off('exit', killOnExit);
    await stop(server);
    throw error;
  }
  project.provide('baseURL', baseURL);
  return async () => {
    process.off('exit', killOnExit);
    await stop(server);
  };
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
