/**
 * `astro preview` for the browser tests: a built site served on a free
 * loopback port, and stopped again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `astro preview` of a built site on a free loopback port.
 * @param cwd the site's root (its `dist/` is served).
 * @returns the server and its URL, once it answers.
 */
export async function preview(cwd: string): Promise<{ server: ChildProcess; url: string }> {
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

/**
 * Stop a preview server: SIGTERM, then SIGKILL after 5 s.
 * @param server the server.
 */
export async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
