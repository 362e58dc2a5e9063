/**
 * Who decides and when, for the decision commands: `--by`, else git's
 * `user.name` in the project. (`--date`, else the run's `--as-of` date: see
 * `settleDecisions`.)
 */
import { execFile } from 'node:child_process';
import { CliError, type Io } from '../io.js';

/**
 * The name decisions are recorded under when `--by` is not given.
 * Whoever records a decision under it is told so (`sayDecidingAs`): a
 * machine's global name is not always the author's.
 * @param root the project root (git reads its repository's config there).
 * @param io the environment.
 * @returns git's `user.name`; a usage error when git has none.
 */
export async function defaultBy(root: string, io: Io): Promise<string> {
  const name = await new Promise<string | undefined>((resolve) => {
    execFile('git', ['config', 'user.name'], { cwd: root, env: io.env as NodeJS.ProcessEnv, timeout: 10_000 }, (error, stdout) => resolve(error ? undefined : stdout.trim()));
  });
  if (name === undefined || name === '') {
    throw new CliError('who decides? give --by <name>, e.g. --by "J. Author" (git config user.name is not set here, so there is no default)');
  }
  return name;
}

/**
 * Say on standard error that decisions are recorded under git's `user.name`.
 * Said only where they are written or shown as they would be (an outside
 * author read it above every refusal and every "nothing to change", and
 * stopped reading it).
 * @param io the streams.
 * @param name the name `defaultBy` gave.
 */
export function sayDecidingAs(io: Io, name: string): void {
  io.stderr(`research-pack: deciding as "${name.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')}" (git config user.name); give --by to decide as someone else\n`);
}

/**
 * Check a name given with `--by`: it is recorded as a YAML value and in a
 * comment line above what a decision adds, so it is one line of text.
 * @param by the name as given (trimmed).
 * @returns the name.
 */
export function checkedBy(by: string): string {
  if (by === '') throw new CliError('--by must not be empty');
  const control = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.exec(by);
  if (control) throw new CliError(`--by is a name on one line: it must not hold a line break or another control character (it holds \\u${control[0].charCodeAt(0).toString(16).padStart(4, '0')})`);
  return by;
}
