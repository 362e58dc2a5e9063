/**
 * Real `astro build`s of copies of the demo site, for the hardening tests
 * (demo build, hostile content, determinism, offline). Each copy lives in
 * `.tmp/<name>/` (see `copyDemo`) and is built with a fixed
 * `SOURCE_DATE_EPOCH`, so its output does not depend on the day it runs.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { astroBin, astroEnv, copyDemo, repoRoot, runAstro, runProcess, type RunResult } from './project.js';

/** 2026-12-01T00:00:00Z: on or after every date the demo records, so nothing lies in the future. */
export const SOURCE_DATE_EPOCH = '1796083200';

/** A built copy of the demo. */
export interface SiteBuild extends RunResult {
  /** The copy's root. */
  dir: string;
  /** Its `dist/`. */
  dist: string;
  /** stdout and stderr together. */
  output: string;
}

/** Options of `buildDemo`. */
export interface BuildDemoOptions {
  /** Change the copy before it is built (edit sidecars, ...). */
  prepare?: (dir: string) => void | Promise<void>;
  /** More environment variables for the build. */
  env?: NodeJS.ProcessEnv;
  /** Run the build through this command line, e.g. `['unshare', '-n']`. */
  wrap?: string[];
  /**
   * Build with this command instead of `astro build` (run in the copy, with
   * the pinned Node and `node_modules/.bin` first on PATH and only `env` and
   * `SOURCE_DATE_EPOCH` as its environment).
   */
  command?: string[];
}

/**
 * Copy the demo to `.tmp/<name>/`, change it, and build it with the pinned Node.
 * @param name a folder name unique to the test.
 * @param options what to change, environment, wrapper.
 * @returns the exit code, output and where the site was built.
 */
export async function buildDemo(name: string, options: BuildDemoOptions = {}): Promise<SiteBuild> {
  const dir = await copyDemo(name);
  await options.prepare?.(dir);
  const env = { SOURCE_DATE_EPOCH, ...options.env };
  const result = options.command
    ? await runCommand(dir, [...(options.wrap ?? []), ...options.command], env)
    : options.wrap
      ? await runWrapped(dir, options.wrap, env)
      : await runAstro(dir, ['build'], env);
  return { ...result, dir, dist: path.join(dir, 'dist'), output: `${result.stdout}\n${result.stderr}` };
}

/** `astro build` under a wrapper command (such as `unshare -n`). */
function runWrapped(cwd: string, wrap: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  const [command, ...args] = wrap;
  return runProcess(command!, [...args, process.execPath, astroBin, 'build'], cwd, astroEnv(env));
}

/** A command in the copy, as `npm run` would run it: the pinned Node and `node_modules/.bin` first on PATH. */
function runCommand(cwd: string, commandLine: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  const [command, ...args] = commandLine;
  const PATH = [path.join(repoRoot, 'node_modules', '.bin'), path.dirname(process.execPath), env.PATH ?? process.env.PATH].join(path.delimiter);
  return runProcess(command!, args, cwd, { ...env, PATH });
}

/**
 * Every file under a folder, relative to it, with `/` separators, sorted.
 * @param dir a folder; a missing folder has no files.
 * @returns the relative paths.
 */
export function listFiles(dir: string): string[] {
  const walk = (prefix: string): string[] => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, prefix), { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.flatMap((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? walk(rel) : [rel];
    });
  };
  return walk('').sort();
}

/**
 * The chapters of the demo as `<book>/<chapter>`, read from `content/books`.
 * @param dir the site's root.
 * @returns e.g. `['pi/26-chapter', 'pi/27-chapter']`.
 */
export function demoChapters(dir: string): string[] {
  const books = path.join(dir, 'content', 'books');
  return readdirSync(books, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !/^[._]/.test(entry.name))
    .flatMap((book) =>
      readdirSync(path.join(books, book.name))
        .filter((file) => /\.mdx?$/.test(file) && !/^[._]/.test(file))
        .map((file) => `${book.name}/${file.replace(/\.mdx?$/, '')}`),
    )
    .sort();
}
