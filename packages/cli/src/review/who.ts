/**
 * Who decides and when, for the decision commands: `--by`, else git's
 * `user.name` in the project. (`--date`, else the run's `--as-of` date: see
 * `settleDecisions`.)
 */
import { execFile } from 'node:child_process';
import { CliError, type Io } from '../io.js';

/**
 * The name decisions are recorded under when `--by` is not given.
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
