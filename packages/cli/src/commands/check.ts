/**
 * `research-pack check [dir]`: validate every book without building the site.
 */
import { formatProblems, sortProblems } from '@research-pack/core';
import { formatOption } from '../args.js';
import { CliError, EXIT } from '../io.js';
import { checkProblems } from '../check-problems.js';
import { projectOptions } from '../project.js';
import type { Command } from './types.js';

/** Validate every book; exit 1 on any error. */
export const check: Command = async (positionals, values, io) => {
  if (positionals.length > 1) throw new CliError(`expected at most one folder, got ${positionals.map((p) => `"${p}"`).join(' ')}`);
  const format = formatOption(values);
  const options = projectOptions(values, io, positionals[0]);
  const problems = sortProblems(await checkProblems(options));
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  if (format === 'json') {
    io.stdout(`${JSON.stringify({ errors, warnings, problems }, null, 2)}\n`);
  } else if (problems.length > 0) {
    io.stderr(`${formatProblems(problems)}\n`);
    io.stderr(`${errors} error(s), ${warnings} warning(s) in ${options.contentDir}\n`);
  } else {
    io.stdout(`No problems in ${options.contentDir}.\n`);
  }
  return errors > 0 ? EXIT.problems : EXIT.ok;
};
