/**
 * The packages as users get them: the real `npm pack` of each, and a real
 * `npm install` of a site from the tarballs in a temporary folder outside
 * the workspace (its own node_modules, nothing resolved from here). npm
 * installs Astro and the other dependencies from the registry, or from its
 * cache (`--prefer-offline`) when the workspace's install already fetched
 * them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NOT_VITESTS, repoRoot, runProcess, type RunResult } from './project.js';
import { SOURCE_DATE_EPOCH } from './site-build.js';

/** The four packages, in the order they depend on each other. */
export const PACKAGES = ['core', 'markdown', 'astro', 'cli'] as const;

/** One of the packages. */
export type PackageName = (typeof PACKAGES)[number];

/** The pinned Node and the workspace's tools first on PATH (npm itself runs on Node 24, as the newcomers found it must). */
const PATH = [path.join(repoRoot, 'node_modules', '.bin'), path.dirname(process.execPath), process.env.PATH].join(path.delimiter);

/** The environment npm, Astro and the CLI run with: no colours, no telemetry, no audit, a fixed date, no site URL from outside. */
export const packedEnv: NodeJS.ProcessEnv = {
  ...process.env,
  ...NOT_VITESTS,
  PATH,
  NO_COLOR: '1',
  ASTRO_TELEMETRY_DISABLED: '1',
  SOURCE_DATE_EPOCH,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  RESEARCH_PACK_SITE: undefined,
};

/**
 * The version of a package installed in the workspace.
 * @param name the package name, e.g. `astro` or `@research-pack/core`.
 * @returns its version.
 */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** What `npm pack` made of one package. */
export interface Packed {
  /** Absolute path of the tarball. */
  tarball: string;
  /** The files in it, as npm lists them. */
  files: string[];
}

/**
 * Pack every package with the real `npm pack`.
 * @param destination the folder the tarballs are written to.
 * @returns each package's tarball and its file list.
 */
export async function packPackages(destination: string): Promise<Record<PackageName, Packed>> {
  const packed = {} as Record<PackageName, Packed>;
  for (const name of PACKAGES) {
    const result = await runProcess('npm', ['pack', '--json', '--pack-destination', destination], path.join(repoRoot, 'packages', name), packedEnv);
    if (result.code !== 0) throw new Error(`npm pack of ${name} failed:\n${result.stderr}`);
    const [entry] = JSON.parse(result.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    packed[name] = { tarball: path.join(destination, entry!.filename), files: entry!.files.map((file) => file.path) };
  }
  return packed;
}

/**
 * Install a site's dependencies as a user would, without writing a lockfile.
 * @param site the site's folder.
 * @param options more of npm's flags (`--install-strategy=nested`, say).
 * @returns npm's exit code and output.
 */
export function installSite(site: string, options: string[] = []): Promise<RunResult> {
  return runProcess('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', ...options], site, packedEnv);
}

/**
 * Run the site's own `astro build` with the pinned Node.
 * @param site the site's folder.
 * @returns the exit code and output.
 */
export function buildSite(site: string, env: Record<string, string> = {}): Promise<RunResult> {
  return runProcess(process.execPath, [path.join(site, 'node_modules/astro/bin/astro.mjs'), 'build'], site, { ...packedEnv, ...env });
}

/**
 * Run the site's own `research-pack` CLI in its folder.
 * @param site the site's folder.
 * @param args the command and its arguments.
 * @returns the exit code and output.
 */
export function runSiteCli(site: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return runProcess(process.execPath, [path.join(site, 'node_modules/@research-pack/cli/bin/research-pack.js'), ...args], site, { ...packedEnv, ...env });
}
