/**
 * A real `astro dev` in a project folder, for tests that edit files while it
 * runs: start it on a free port, fetch pages, wait for what a page shows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { astroBin } from './project.js';

/** A running dev server. */
export interface DevServer {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** Everything it printed so far. */
  output: () => string;
  /** Fetch a page. */
  get: (pathname: string) => Promise<{ status: number; text: string }>;
  /** Stop it, and wait until it has exited. */
  stop: () => Promise<void>;
}

/** The environment without vitest's variables, which would put Astro in test mode. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_ENV' || key === 'TEST') delete env[key];
  return env;
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Start `astro dev` in a folder.
 * @param dir the project.
 * @param env more environment variables.
 * @returns the server, once it listens.
 */
export async function startDevServer(dir: string, env: NodeJS.ProcessEnv = {}): Promise<DevServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [astroBin, 'dev', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: dir,
    env: { ...cleanEnv(), ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: DevServer = {
    base,
    output: () => output,
    async get(pathname) {
      const response = await fetch(base + pathname);
      return { status: response.status, text: await response.text() };
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  // Starting takes long on a busy machine.
  await until(server, () => server.get('/'), (page) => page.status < 500, 'the dev server', 180_000);
  return server;
}

/**
 * Wait until a probe's result is accepted.
 * @param server the server, for its output in the error.
 * @param probe what to fetch.
 * @param accept whether the result is the one waited for.
 * @param what what is waited for, for the error.
 * @param timeout how long at most, in milliseconds (default 60 s).
 * @returns the accepted result.
 */
export async function until<T>(server: DevServer, probe: () => Promise<T>, accept: (value: T) => boolean, what: string, timeout = 60_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (accept(last)) return last;
    } catch {
      // the server may be reloading
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)?.slice(0, 300)}\nserver output:\n${server.output().slice(-3000)}`);
}
