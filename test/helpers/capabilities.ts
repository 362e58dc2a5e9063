/**
 * What this machine lets a test do, found out once by trying: run a command
 * as an unprivileged user (`setpriv`, for mode-000 files and read-only
 * folders, which root reads and writes anyway), make a file immutable
 * (`chattr +i`, which needs ext4, xfs or btrfs), create a FIFO. A test that
 * needs what is missing is skipped, and its name says why.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The unprivileged user and group tests run as: `nobody`. */
export const NOBODY = 65534;

function works(probe: (dir: string) => void): string | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-probe-'));
  try {
    probe(dir);
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  } finally {
    try {
      execFileSync('chattr', ['-R', '-i', dir], { stdio: 'ignore' });
    } catch {
      // Nothing was made immutable.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Why commands cannot run as an unprivileged user here; undefined when they can. */
export const noUnprivilegedUser: string | undefined =
  process.getuid?.() !== 0
    ? undefined
    : works((dir) => {
        fs.chmodSync(dir, 0o755);
        fs.writeFileSync(path.join(dir, 'closed'), 'x');
        fs.chmodSync(path.join(dir, 'closed'), 0);
        // As nobody, a mode-000 file must be refused: that is what the tests rely on.
        let refused = false;
        try {
          execFileSync('setpriv', ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', process.execPath, '-e', `require('fs').readFileSync(${JSON.stringify(path.join(dir, 'closed'))})`], { stdio: 'ignore' });
        } catch {
          refused = true;
        }
        if (!refused) throw new Error('a mode-000 file is still readable as uid 65534');
      });

/** Why files cannot be made immutable in the system temp folder; undefined when they can. */
export const noImmutableFiles: string | undefined = works((dir) => {
  fs.writeFileSync(path.join(dir, 'f'), '');
  execFileSync('chattr', ['+i', path.join(dir, 'f')], { stdio: 'pipe' });
});

/**
 * The command to run a program as `nobody` (as is when this process is not root).
 * @param file the program.
 * @param args its arguments.
 * @returns the program and arguments to run instead.
 */
export function asNobody(file: string, args: readonly string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [file, [...args]];
  return ['setpriv', ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', file, ...args]];
}

/**
 * A test name that says why the test is skipped here, when it is.
 * @param name the test's name.
 * @param missing why it cannot run, or undefined.
 * @returns the name, with the reason when skipped.
 */
export function named(name: string, missing: string | undefined): string {
  return missing === undefined ? name : `${name} (skipped here: ${missing})`;
}

/** Why a process cannot be killed at its Nth rename with `strace -e inject` here; undefined when it can. */
export const noStrace: string | undefined = works((dir) => {
  fs.writeFileSync(path.join(dir, 'a'), '');
  const args = ['-f', '-o', '/dev/null', '-e', 'trace=rename,renameat,renameat2', '-e', 'inject=rename,renameat,renameat2:signal=SIGKILL:when=1', 'mv', path.join(dir, 'a'), path.join(dir, 'b')];
  try {
    execFileSync('strace', args, { stdio: 'pipe' });
  } catch (error) {
    // strace reports its tracee's death by the signal as its own (exit 137, or the signal).
    if ((error as { code?: string }).code === 'ENOENT') throw new Error('no strace (apt-get install strace)');
    if (fs.existsSync(path.join(dir, 'a')) && !fs.existsSync(path.join(dir, 'b'))) return;
    throw error;
  }
  throw new Error('strace did not kill mv at its rename');
});
