/**
 * Builds are offline. The site step of `npm run build` runs on a copy of the
 * demo in a network namespace with no network (`unshare -n`, where it works)
 * and with a preload that records and refuses every connection, DNS lookup
 * or fetch to a host other than this machine; the build must succeed
 * without one. (Astro's telemetry would be one: the scripts turn it off.) Where `unshare` is not available the
 * preload alone denies the network. Every CLI command but `sources refresh`
 * runs with every connection refused and logged, loopback included, and
 * must make none. And the packages' code imports no networking module,
 * except the refresh's HTTP client, which only the refresh loads.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/project.js';
import { buildDemo, listFiles, type SiteBuild } from './helpers/site-build.js';

const work = path.join(repoRoot, '.tmp', 'offline');
const preload = path.join(work, 'deny-network.mjs');
const attempts = path.join(work, 'network-attempts.log');
const loaded = path.join(work, 'preloaded.log');

/**
 * Loaded with `--import` into every Node process of the build: refuses and
 * logs connections and lookups to any host but loopback (sockets, TLS, DNS,
 * fetch). Unix sockets and pipes stay allowed: they are how processes of
 * one build talk to each other.
 */
const preloadSource = `
import dns from 'node:dns';
import net from 'node:net';
import { appendFileSync } from 'node:fs';

const log = process.env.RESEARCH_PACK_NETWORK_LOG;
if (process.env.RESEARCH_PACK_PRELOADED) appendFileSync(process.env.RESEARCH_PACK_PRELOADED, process.pid + '\\n');
// RESEARCH_PACK_DENY_LOOPBACK=1: the command runs alone, so not even loopback is allowed.
const strict = process.env.RESEARCH_PACK_DENY_LOOPBACK === '1';
const isLoopback = (host) =>
  !strict && (host === undefined || host === null || host === '' || host === 'localhost' || /^127\\./.test(host) || host === '::1' || host === '[::1]');
function deny(what, host) {
  if (log) appendFileSync(log, process.pid + ' ' + what + ' ' + String(host) + '\\n');
  const error = new Error('Research Pack offline test: network access denied (' + what + ' ' + String(host) + ')');
  error.code = 'ENETUNREACH';
  throw error;
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  let options = args[0];
  if (Array.isArray(options)) options = options[0];
  if (options === null || typeof options !== 'object') options = { port: args[0], host: typeof args[1] === 'string' ? args[1] : undefined };
  if (typeof options.path !== 'string' && !isLoopback(options.host)) deny('connect', options.host);
  return connect.apply(this, args);
};

for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCname', 'resolveTxt', 'resolveSrv', 'resolveMx', 'resolveNs']) {
  for (const target of [dns, dns.promises]) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = function (host, ...rest) {
      if (!isLoopback(host)) deny('dns.' + name, host);
      return original.call(this, host, ...rest);
    };
  }
}

if (typeof globalThis.fetch === 'function') {
  const fetch = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
    if (!isLoopback(url.hostname)) deny('fetch', url.hostname);
    return fetch.call(this, input, init);
  };
}
`;

/** Whether this machine can run a command without network (root, or user namespaces). */
function unshareWorks(): boolean {
  try {
    execFileSync('unshare', ['-n', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The command of `npm run build` that builds the site (after the packages). */
const siteBuildStep = (() => {
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return scripts['build']!.split('&&').map((step) => step.trim()).find((step) => /\bastro build\b/.test(step)) ?? '';
})();

describe('offline builds', () => {
  const sandboxed = unshareWorks();
  let site: SiteBuild;

  beforeAll(async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    writeFileSync(preload, preloadSource);
    writeFileSync(attempts, '');
    writeFileSync(loaded, '');
    // The site step of `npm run build`, exactly as package.json has it, with
    // the environment a user has: nothing here turns Astro's telemetry off.
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.ASTRO_TELEMETRY_DISABLED;
    const nodeOptions = [env.NODE_OPTIONS, `--import=${pathToFileURL(preload).href}`].filter(Boolean).join(' ');
    site = await buildDemo('offline-build', {
      command: ['sh', '-c', siteBuildStep],
      env: { ...env, NODE_OPTIONS: nodeOptions, RESEARCH_PACK_NETWORK_LOG: attempts, RESEARCH_PACK_PRELOADED: loaded, NO_COLOR: '1' },
      ...(sandboxed ? { wrap: ['unshare', '-n'] } : {}),
    });
  });

  it('runs the site step of `npm run build`', () => {
    expect(siteBuildStep).toMatch(/\bastro build\b/);
  });

  it.runIf(sandboxed)('really has no network inside `unshare -n`', () => {
    const probe = `require('node:net').connect(443, '93.184.215.14').on('connect', () => process.exit(0)).on('error', (e) => { console.log(e.code); process.exit(3); })`;
    let code = 0;
    let output = '';
    try {
      output = execFileSync('unshare', ['-n', process.execPath, '-e', probe], { encoding: 'utf8', timeout: 10_000 });
    } catch (error) {
      code = (error as { status?: number }).status ?? 1;
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    expect(code, 'a connection to a public address must fail').toBe(3);
    expect(output).toMatch(/ENETUNREACH|EHOSTUNREACH|EACCES|ECONNREFUSED/);
  });

  it('the preload refuses and records a connection to another host', () => {
    const log = path.join(work, 'probe.log');
    writeFileSync(log, '');
    const probe = `require('node:net').connect(443, '93.184.215.14')`;
    expect(() =>
      execFileSync(process.execPath, ['--import', pathToFileURL(preload).href, '-e', probe], {
        env: { ...process.env, RESEARCH_PACK_NETWORK_LOG: log },
        stdio: 'pipe',
      }),
    ).toThrow(/network access denied/);
    expect(readFileSync(log, 'utf8')).toContain('connect 93.184.215.14');
  });

  it('builds the demo without the network', () => {
    expect(site.code, site.output).toBe(0);
    expect(existsSync(path.join(site.dist, 'books/pi/27-chapter/index.html'))).toBe(true);
    expect(listFiles(site.dist).filter((file) => file.startsWith('research/')).length).toBeGreaterThan(15);
  });

  it('never tries to reach the network while building', () => {
    expect(readFileSync(loaded, 'utf8'), 'the preload ran in the build').not.toBe('');
    expect(readFileSync(attempts, 'utf8')).toBe('');
  });
});

/** The one module that may open connections: the HTTP client of `research-pack sources refresh`. */
const NETWORK_MODULES = ['packages/cli/src/sources/http.ts'];
/** The refresh modules that load it, and no other. */
const NETWORK_IMPORTERS = ['packages/cli/src/commands/sources.ts', 'packages/cli/src/sources/client.ts'];

describe('no command but `sources refresh` reaches the network', () => {
  const commandWork = path.join(work, 'commands');
  const strictLog = path.join(commandWork, 'attempts.log');
  const cli = path.join(repoRoot, 'packages/cli/bin/research-pack.js');
  let project: string;

  /** Run the built CLI with every connection refused and logged, loopback included. */
  function runStrict(args: string[], cwd: string): { code: number; output: string; attempts: string } {
    writeFileSync(strictLog, '');
    const env = { ...process.env, NODE_OPTIONS: `--import=${pathToFileURL(path.join(commandWork, 'deny-network.mjs')).href}`, RESEARCH_PACK_NETWORK_LOG: strictLog, RESEARCH_PACK_DENY_LOOPBACK: '1', CI: '1' };
    delete env.RESEARCH_PACK_PRELOADED;
    let code = 0;
    let output = '';
    try {
      output = execFileSync(process.execPath, [cli, ...args], { cwd, env, encoding: 'utf8', stdio: 'pipe', timeout: 60_000 });
    } catch (error) {
      code = (error as { status?: number }).status ?? 1;
      output = `${String((error as { stdout?: string }).stdout ?? '')}${String((error as { stderr?: string }).stderr ?? '')}`;
    }
    return { code, output, attempts: readFileSync(strictLog, 'utf8') };
  }

  beforeAll(() => {
    rmSync(commandWork, { recursive: true, force: true });
    mkdirSync(path.join(commandWork, 'project'), { recursive: true });
    writeFileSync(path.join(commandWork, 'deny-network.mjs'), preloadSource);
    project = path.join(commandWork, 'project');
    execFileSync('cp', ['-r', path.join(repoRoot, 'content'), project]);
    // A project of its own: without a config file the CLI would walk up to
    // this repository's and work on the demo book itself.
    execFileSync('cp', [path.join(repoRoot, 'research-pack.config.mjs'), project]);
  });

  const commands: string[][] = [
    ['check'],
    ['check', '--sources'],
    ['check', '--sources', '--format', 'json'],
    ['brief', 'pi/27-chapter'],
    ['status'],
    ['status', '--format', 'json'],
    ['fingerprint', 'content/books/pi/27-chapter.mdx'],
    ['ingest', path.join(repoRoot, 'packages/cli/test/fixtures/reports/complete.md'), '--chapter', 'pi/27-chapter', '--as-of', '2026-11-30'],
    ['sources', 'refresh', '--offline'],
    ['review', 'pi/27-chapter'],
    ['review', '--format', 'json'],
    ['accept', 'lead-mining-a-pi-session', '--by', 'Offline Test', '--as-of', '2026-11-30', '--date', '2026-11-30', '--dry-run'],
    ['reviewed', 'tree-in-place', '--by', 'Offline Test', '--as-of', '2026-11-30', '--date', '2026-11-30'],
    ['--help'],
  ];
  it.each(commands.map((args) => [args.join(' '), args] as const))('%s makes no connection', (_, args) => {
    const { code, output, attempts } = runStrict(args, project);
    expect(code, output).toBe(0);
    expect(attempts).toBe('');
  });

  it('`sources refresh` does try the network (so the checks above can fail), and records what it could not reach', () => {
    const { code, output, attempts } = runStrict(['sources', 'refresh', 'pi/26-chapter', '--skip-archives', '--retries', '0', '--timeout', '5'], project);
    expect(code, output).toBe(0);
    expect(attempts).not.toBe('');
    const lock = JSON.parse(readFileSync(path.join(project, 'content/books/pi/sources.lock.json'), 'utf8')) as { urls: Array<{ health: string; error?: { kind: string } }> };
    expect(lock.urls.length).toBeGreaterThan(0);
    expect(lock.urls.every((entry) => entry.health === 'unreachable')).toBe(true);
  });
});

describe('no networking code in the packages', () => {
  const network = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"](?:node:)?(?:http|https|http2|net|tls|dgram|dns|undici|node-fetch|axios|ws)(?:\/[^'"]*)?['"]|\bfetch\s*\(|\bXMLHttpRequest\b|\bnew\s+WebSocket\b|\bEventSource\b/;
  const sources = readdirSync(path.join(repoRoot, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => listFiles(path.join(repoRoot, 'packages', entry.name, 'src')).map((file) => `packages/${entry.name}/src/${file}`))
    .filter((file) => /\.(?:[cm]?[jt]sx?|astro)$/.test(file));

  it('scans the sources of every package', () => {
    expect(sources.some((file) => file.startsWith('packages/core/src/'))).toBe(true);
    expect(sources.some((file) => file.startsWith('packages/markdown/src/'))).toBe(true);
  });

  it('imports no http, https, net, tls or dns module and calls no fetch, but in the refresh\'s HTTP client', () => {
    const offenders = sources.filter((file) => !NETWORK_MODULES.includes(file) && network.test(readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('lets only the refresh load its HTTP client', () => {
    for (const file of NETWORK_MODULES) expect(network.test(readFileSync(path.join(repoRoot, file), 'utf8')), file).toBe(true);
    const importers = sources.filter((file) => {
      const text = readFileSync(path.join(repoRoot, file), 'utf8');
      return NETWORK_MODULES.some((module) => {
        const relative = path.relative(path.dirname(file), module).replace(/\.ts$/, '.js');
        const spec = relative.startsWith('.') ? relative : `./${relative}`;
        return text.includes(`'${spec}'`);
      });
    });
    expect(importers.sort()).toEqual(NETWORK_IMPORTERS);
  });

  it('the scan catches what it looks for', () => {
    for (const line of ["import http from 'node:http';", "import { request } from 'https'", "const net = require('net')", "await import('node:dns')", 'await fetch(url)']) {
      expect(network.test(line), line).toBe(true);
    }
    expect(network.test("import { readFileSync } from 'node:fs';")).toBe(false);
  });
});
