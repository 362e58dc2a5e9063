/**
 * `ingest` and `check` run on a thread of their own, with a bounded young
 * generation (`command-thread.ts`). What the binary prints for them, in what
 * order, and its exit code are what `main` gives on this thread.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WORKER_YOUNG_GENERATION_MB } from '@research-pack/core/workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { commandThreadOptions, runsOnOwnThread } from '../src/command-thread.js';
import { bin, copyDemoBooks, DEMO_STALE_NOTE, removeProject, repoRoot } from './helpers.js';

let root: string;
beforeEach(async () => {
  root = await copyDemoBooks();
});
afterEach(async () => {
  await removeProject(root);
});

const env = { ...process.env, NO_COLOR: '1', RESEARCH_PACK_SITE: undefined, SOURCE_DATE_EPOCH: undefined } as Record<string, string | undefined>;
for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

/** What `main` prints on this thread, stdout and stderr in the order printed, and its exit code. */
async function inProcess(argv: string[]): Promise<{ code: number; output: string }> {
  return (await inProcessApart(argv)).merged;
}

/** The same, with what it printed on stderr alone. */
async function inProcessApart(argv: string[]): Promise<{ merged: { code: number; output: string }; stderr: string }> {
  let output = '';
  let stderr = '';
  const code = await main(argv, {
    cwd: root,
    env,
    stdout: (text) => void (output += text),
    stderr: (text) => {
      output += text;
      stderr += text;
    },
  });
  return { merged: { code, output }, stderr };
}

/** What the binary prints, stdout and stderr into one file in the order written, and its exit code. */
function throughBinary(argv: string[]): { code: number; output: string } {
  const file = path.join(root, 'output.txt');
  const fd = openSync(file, 'w');
  try {
    const child = spawnSync(process.execPath, [bin, ...argv], { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', fd, fd] });
    return { code: child.status ?? 1, output: readFileSync(file, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

describe('the commands that run on a thread of their own', () => {
  it('are ingest and check, not their help nor the other commands', () => {
    expect(runsOnOwnThread(['ingest', 'report.md'])).toBe(true);
    expect(runsOnOwnThread(['check'])).toBe(true);
    expect(runsOnOwnThread(['check', '--help'])).toBe(false);
    expect(runsOnOwnThread(['help', 'ingest'])).toBe(false);
    expect(runsOnOwnThread(['review', '--interactive'])).toBe(false);
    expect(runsOnOwnThread(['status'])).toBe(false);
    expect(runsOnOwnThread([])).toBe(false);
  });

  it('start it with the young generation of the chapter workers', () => {
    const options = commandThreadOptions({ argv: ['check'], cwd: root, env: {}, tty: false });
    expect(options?.resourceLimits?.maxYoungGenerationSizeMb).toBe(WORKER_YOUNG_GENERATION_MB);
    expect(WORKER_YOUNG_GENERATION_MB).toBeLessThanOrEqual(32);
  });

  it('print through the binary what they print on this thread, in order, with its exit code (ingest: rows held back)', async () => {
    const report = await readFile(path.join(repoRoot, 'packages/cli/test/fixtures/reports/malformed.md'), 'utf8');
    await mkdir(path.join(root, 'incoming'), { recursive: true });
    await writeFile(path.join(root, 'incoming/report.md'), report);
    const argv = ['ingest', 'incoming/report.md', '--chapter', 'pi/27-chapter', '--as-of', '2026-11-30'];
    const expected = await inProcess(argv);
    expect(expected.output).toMatch(/warning|error/);
    expect(throughBinary(argv)).toEqual(expected);
  });

  it('… and for check on a book with a broken sidecar, and for a usage error', async () => {
    const claims = path.join(root, 'content/books/pi/27-chapter.claims.yaml');
    await writeFile(claims, (await readFile(claims, 'utf8')).replace(/status: \w+/, 'status: maybe'));
    for (const argv of [['check'], ['ingest', 'incoming/none.md', '--chapter', 'pi/99-nothing'], ['check', '--no-such-option']]) {
      const expected = await inProcess(argv);
      expect(expected.code).not.toBe(0);
      expect(throughBinary(argv)).toEqual(expected);
    }
  });

  it('print what the project\'s settings print in the order it was printed, before the command\'s own output', async () => {
    const config = path.join(root, 'research-pack.config.mjs');
    await writeFile(config, `${Array.from({ length: 3 }, (_, line) => `console.log('settings line ${line}');\nconsole.error('settings warning ${line}');`).join('\n')}\nexport default {};\n`);
    const { code, output } = throughBinary(['check']);
    expect(code).toBe(0);
    expect(output).toBe(`${Array.from({ length: 3 }, (_, line) => `settings line ${line}\nsettings warning ${line}\n`).join('')}No problems in content/books.\n${DEMO_STALE_NOTE}`);
  });

  it('end their output, not themselves, at a closed pipe', async () => {
    // A report whose dry run prints a diff far longer than a pipe holds (64 KiB).
    const template = await readFile(path.join(repoRoot, 'packages/cli/test/fixtures/reports/complete.md'), 'utf8');
    const rows = Array.from({ length: 400 }, (_, index) => `| Pipe source ${index}: a long enough title for a long enough diff | Author ${index}, 2026 | https://example.org/pipe/${index} | abstract only | supports \`one-object-per-line\` | None | 2026-11-30 / 2026-11-30 |`);
    const start = template.indexOf('## 3. Source ledger');
    const end = template.indexOf('## 4. Findings');
    const header = '| Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |\n| --- | --- | --- | --- | --- | --- | --- |\n';
    await writeFile(path.join(root, 'report.md'), `${template.slice(0, start)}## 3. Source ledger\n\n${header}${rows.join('\n')}\n\n${template.slice(end)}`);
    const argv = ['ingest', 'report.md', '--chapter', 'pi/27-chapter', '--as-of', '2026-11-30'];
    const { merged: expected, stderr: expectedStderr } = await inProcessApart(argv);
    expect(expected.output.length).toBeGreaterThan(256 * 1024);
    const script = `"${process.execPath}" "${bin}" ${argv.join(' ')} 2> stderr.txt | head -c 1 > /dev/null; echo "\${PIPESTATUS[0]}"`;
    const status = execFileSync('bash', ['-c', script], { cwd: root, env: env as NodeJS.ProcessEnv, encoding: 'utf8' }).trim();
    // The command ran to its end: its own exit code, all it says on stderr, no trace of the closed pipe.
    expect(status).toBe(String(expected.code));
    expect(readFileSync(path.join(root, 'stderr.txt'), 'utf8')).toBe(expectedStderr);
  });
});
