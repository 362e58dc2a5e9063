/**
 * Real `research-pack` processes for tests that run many commands: each
 * `CliProcess` is a Node process (optionally as another user) that loaded
 * the CLI once and runs one command at a time (`cli-server.mjs`); the real
 * binary is `runBinary`. What a command threw instead of returning is
 * reported as `threw`, so a test can assert that nothing did.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { asNobody } from './capabilities.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The built binary. */
export const bin = path.join(repoRoot, 'packages/cli/bin/research-pack.js');

/** What a command did. */
export interface CliRun {
  code: number | undefined;
  stdout: string;
  stderr: string;
  /** The stack of what the command threw, when it did not return an exit code. */
  threw?: string;
  /** The process that ran it. */
  pid: number;
}

/** The environment commands run with: no site, no epoch, no colours. */
export function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== 'RESEARCH_PACK_SITE' && key !== 'SOURCE_DATE_EPOCH') env[key] = value;
  return { ...env, NO_COLOR: '1', RESEARCH_PACK_THREADS: '1', ...extra };
}

/** A process that runs research-pack commands on request. */
export class CliProcess {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, (run: CliRun) => void>();
  private next = 0;
  /** Resolves with the process's pid once it loaded the CLI. */
  readonly ready: Promise<number>;

  /**
   * Start a process.
   * @param options run it as `nobody` (through setpriv) when `unprivileged`.
   */
  constructor(options: { unprivileged?: boolean; env?: Record<string, string> } = {}) {
    const server = path.join(repoRoot, 'test/helpers/cli-server.mjs');
    const [file, args] = options.unprivileged ? asNobody(process.execPath, [server]) : [process.execPath, [server]];
    this.child = spawn(file, args, { cwd: repoRoot, env: cliEnv(options.env), stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: this.child.stdout! });
    this.ready = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('exit', (code) => reject(new Error(`the CLI process exited with ${code} before it was ready`)));
      lines.on('line', (line) => {
        const message = JSON.parse(line) as { ready?: boolean; pid: number; id?: number } & CliRun;
        if (message.ready) return resolve(message.pid);
        const done = this.waiting.get(message.id!);
        this.waiting.delete(message.id!);
        done?.(message);
      });
    });
  }

  /**
   * Run a command.
   * @param argv its arguments.
   * @param cwd the working folder.
   * @param env more variables.
   * @returns what it did.
   */
  run(argv: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin!.write(`${JSON.stringify({ id, argv, cwd, env })}\n`);
    });
  }

  /** Stop the process. */
  stop(): void {
    this.child.stdin!.end();
    this.child.kill();
  }
}

/**
 * Run the real binary once.
 * @param args its arguments.
 * @param options working folder, more environment, as `nobody`.
 * @returns exit code and output.
 */
export function runBinary(args: readonly string[], options: { cwd: string; env?: Record<string, string>; unprivileged?: boolean; timeout?: number }): Promise<CliRun & { signal: string | null }> {
  const [file, argv] = options.unprivileged ? asNobody(process.execPath, [bin, ...args]) : [process.execPath, [bin, ...args]];
  return new Promise((resolve) => {
    const child = execFile(file, argv, { cwd: options.cwd, env: cliEnv(options.env), timeout: options.timeout ?? 30_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : undefined) : 0;
      resolve({ code, stdout, stderr, pid: child.pid ?? 0, signal: (error as { signal?: string } | null)?.signal ?? null });
    });
  });
}
