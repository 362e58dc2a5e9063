/**
 * Helpers for tests that run the real, built `research-pack` binary on the
 * demo book and on copies of it in temporary folders.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** The binary, as npm links it. */
export const bin = path.join(repoRoot, 'packages/cli/bin/research-pack.js');

/** Output of a finished command. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Run `research-pack` with the Node running the tests.
 * @param args the arguments.
 * @param options working folder (default: the repository) and extra environment.
 * @returns exit code, stdout and stderr; never throws for a non-zero exit.
 */
export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}): Promise<RunResult> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', RESEARCH_PACK_SITE: undefined, SOURCE_DATE_EPOCH: undefined, ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, env: env as NodeJS.ProcessEnv, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Copy the demo books into a fresh temporary project.
 * @returns the project root (it holds `content/books/pi/...`).
 */
export async function copyDemoBooks(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'research-pack-cli-'));
  await cp(path.join(repoRoot, 'content/books'), path.join(root, 'content/books'), { recursive: true });
  return root;
}

/**
 * Remove a temporary project.
 * @param root what `copyDemoBooks` returned.
 */
export async function removeProject(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/**
 * Replace text in a file of a temporary project, failing when the text is not there.
 * @param file absolute path.
 * @param search exact text to replace (first occurrence).
 * @param replacement the new text.
 */
export async function editFile(file: string, search: string, replacement: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(search)) throw new Error(`${file} does not contain ${JSON.stringify(search)}`);
  await writeFile(file, text.replace(search, replacement));
}

/**
 * The 1-based line of the first occurrence of a text in a file's content.
 * @param text the file's content.
 * @param search what to find.
 * @returns its line number.
 */
export function lineOf(text: string, search: string): number {
  const at = text.indexOf(search);
  if (at === -1) throw new Error(`not found: ${JSON.stringify(search)}`);
  return text.slice(0, at).split('\n').length;
}

/**
 * What `check` says of the demo book on stderr: its one claim whose prose
 * changed since the verdict (the demo keeps it, to show a stale claim).
 */
export const DEMO_STALE_NOTE = demoStaleNote(127);

/**
 * `DEMO_STALE_NOTE` with the claim's verdict at another line of its sidecar (after edits above it).
 * @param line the line of `tree-in-place`'s `verdict:`.
 * @returns the note.
 */
export function demoStaleNote(line: number): string {
  return [
    `content/books/pi/27-chapter.claims.yaml:${line}:5  note: pi/27-chapter claim "tree-in-place": the prose changed since its verdict, so its page shows it as stale`,
    '`research-pack review` shows the wording reviewed beside the wording now: if the verdict still holds, run `research-pack reviewed tree-in-place` to re-confirm it on the current wording; if not, `research-pack verdict tree-in-place <status> --rationale "…"` gives a new one.',
    '',
  ].join('\n');
}

/**
 * `demoStaleNote` at the line where `tree-in-place`'s verdict is now in a copy of the demo's books.
 * @param root the copy's root.
 * @returns the note.
 */
export async function demoStaleNoteIn(root: string): Promise<string> {
  const lines = (await readFile(path.join(root, 'content/books/pi/27-chapter.claims.yaml'), 'utf8')).split('\n');
  const claim = lines.findIndex((line) => line === '  - id: tree-in-place');
  const verdict = lines.findIndex((line, index) => index > claim && line === '    verdict:');
  if (claim === -1 || verdict === -1) throw new Error('no verdict of tree-in-place in the demo copy');
  return demoStaleNote(verdict + 1);
}
