/**
 * Test helpers that work on real copies of the demo site: a copy lives under
 * `.tmp/` in the repository so that it resolves the workspace's packages.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Copy the demo site (config, src, content, public) into a fresh folder.
 * @param name a folder name unique to the test.
 * @returns the absolute path of the copy.
 */
export async function copyDemo(name: string): Promise<string> {
  const dir = path.join(repoRoot, '.tmp', name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const entry of ['astro.config.mjs', 'src', 'content', 'public']) {
    await cp(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  }
  return dir;
}

/** Output of a finished command. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Run the real `astro` CLI in a project folder with the pinned Node.
 * @param cwd the project folder.
 * @param args e.g. `['build']`.
 * @returns exit code and output; never throws for a non-zero exit.
 */
export async function runAstro(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return runProcess(process.execPath, [astroBin, ...args], cwd, astroEnv(env));
}

/** The real `astro` CLI script. */
export const astroBin = path.join(repoRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');

/**
 * The environment Astro runs with in tests: no telemetry, no colours.
 * @param env variables to add or override.
 * @returns the environment.
 */
export function astroEnv(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...NOT_VITESTS, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env };
}

/**
 * What vitest puts in its workers' `process.env` (Vite's `import.meta.env`
 * keys) left out of a child's: a site built with `BASE_URL=/` in its
 * environment gets `import.meta.env.BASE_URL` "/" whatever its `base`.
 */
export const NOT_VITESTS: NodeJS.ProcessEnv = { BASE_URL: undefined, MODE: undefined, DEV: undefined, PROD: undefined, SSR: undefined };

/**
 * Run a program to its end.
 * @param file the program.
 * @param args its arguments.
 * @param cwd where it runs.
 * @param env its whole environment.
 * @returns exit code and output; never throws for a non-zero exit.
 */
export async function runProcess(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<RunResult> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failure.code === 'number' ? failure.code : 1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}
