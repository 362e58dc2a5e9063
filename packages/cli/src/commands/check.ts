/**
 * `research-pack check [dir]`: validate every book without building the site.
 */
import path from 'node:path';
import { formatProblems, sortProblems, type Problem } from '@research-pack/core/problems';
import { formatTextHashHints } from '@research-pack/core/model';
import { formatOption } from '../args.js';
import { CliError, EXIT } from '../io.js';
import { checkCache } from '../check-cache.js';
import { checkProject } from '../check-problems.js';
import { projectOptions } from '../project.js';
import { failOnOption, sourcesSection, type SourcesSection } from '../sources/check-sources.js';
import type { Command } from './types.js';

/**
 * Validate every book; exit 1 on any error (and, with `--sources --fail-on`,
 * on a finding of a category named; with `--strict`, on any warning and any
 * claim its page shows as stale: what a CI job fails a pull request on).
 */
export const check: Command = async (positionals, values, io) => {
  if (positionals.length > 1) throw new CliError(`expected at most one folder, got ${positionals.map((p) => `"${p}"`).join(' ')}`);
  const format = formatOption(values, ['github']);
  const failOn = failOnOption(values);
  const options = await projectOptions(values, io, positionals[0]);
  const store = values.cache === true ? checkCache(options.root) : undefined;
  const checked = await checkProject(options, store ? { store } : {});
  const problems = sortProblems(checked.problems);
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  // Listed after everything else, so they read together at the end.
  const sources: SourcesSection | undefined = values.sources === true ? sourcesSection(options, failOn) : undefined;
  // Not problems: claims that show as stale because their verdict records no textHash, with the commands that record it.
  const { hints } = checked;
  const strict = values.strict === true && errors === 0 && (warnings > 0 || hints.length > 0) ? strictFailure(warnings, hints.length) : undefined;
  if (format === 'json') {
    const report = { errors, warnings, problems, ...(values.strict === true ? { strict: { failed: strict !== undefined } } : {}), ...(hints.length > 0 ? { hints: hints.map((hint) => ({ ...hint, rule: hint.reason === 'text-changed' ? 'hint/text-changed' : 'hint/no-text-hash' })) } : {}), ...(sources ? { sources: sourcesJson(sources) } : {}) };
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else if (format === 'github') {
    // GitHub resolves annotation paths against the workspace: the folder the command runs in.
    const fromCwd = (file: string) => path.relative(io.cwd, path.resolve(options.root, file)).split(path.sep).join('/');
    // Under --strict a warning and a stale claim fail the job: each is annotated as the error it is there.
    const failing = values.strict === true;
    const annotated = [...problems.map((problem) => (failing ? { ...problem, severity: 'error' as const } : problem)), ...(sources?.problems ?? [])];
    if (annotated.length > 0) io.stdout(`${annotated.map((problem) => githubAnnotation({ ...problem, file: fromCwd(problem.file) })).join('\n')}\n`);
    const level = failing ? 'error' : 'notice';
    for (const hint of hints) {
      const at = `file=${fromCwd(hint.file)},line=${hint.line},col=${hint.column}`;
      if (hint.reason === 'text-changed') {
        io.stdout(`::${level} ${at},title=Research Pack%3A stale, the prose changed::claim ${hint.claim} shows as stale: the prose changed since its verdict. research-pack review shows both wordings; research-pack reviewed ${hint.claim} re-confirms the verdict on the current one.\n`);
      } else {
        io.stdout(`::${level} ${at},title=Research Pack%3A stale for want of a textHash::claim ${hint.claim} shows as stale: its verdict records no textHash. Run research-pack reviewed ${hint.claim} to record it.\n`);
      }
    }
    // The count covers every annotation above, the sources' findings too.
    const sourceErrors = sources?.problems.filter((problem) => problem.severity === 'error').length ?? 0;
    const sourceWarnings = (sources?.problems.length ?? 0) - sourceErrors;
    io.stdout(`${errors + sourceErrors} error(s), ${warnings + sourceWarnings} warning(s) in ${options.contentDir}\n`);
    if (sources) io.stdout(`${sources.summary}\n`);
    if (strict) io.stdout(`::error title=Research Pack%3A --strict::${strict}\n`);
  } else {
    if (problems.length > 0) {
      io.stderr(`${formatProblems(problems)}\n`);
      io.stderr(`${errors} error(s), ${warnings} warning(s) in ${options.contentDir}\n`);
    } else {
      // With findings of the sources below, "no problems" is said of the sidecars only.
      io.stdout(sources && sources.problems.length > 0 ? `No problems in the sidecars of ${options.contentDir}; the sources:\n` : `No problems in ${options.contentDir}.\n`);
    }
    if (hints.length > 0) io.stderr(formatTextHashHints(hints));
    if (sources && sources.problems.length > 0) io.stderr(`${formatProblems(sources.problems)}\n${sources.summary}\n`);
    else if (sources) io.stdout(`${sources.summary}\n`);
    if (strict) io.stderr(`${strict}\n`);
  }
  return errors > 0 || sources?.failed || strict ? EXIT.problems : EXIT.ok;
};

/** Why `--strict` fails a check without errors: its warnings, and the claims shown as stale. */
function strictFailure(warnings: number, stale: number): string {
  const parts = [...(warnings > 0 ? [`${warnings} warning${warnings === 1 ? '' : 's'}`] : []), ...(stale > 0 ? [`${stale} claim${stale === 1 ? '' : 's'} shown as stale`] : [])];
  return `--strict: ${parts.join(' and ')}; exit 1 (without --strict, only errors fail the check)`;
}

/** The sources section of `--format json`. */
function sourcesJson(section: SourcesSection): Record<string, unknown> {
  if (!section.found) return { listed: false, reason: 'the books have errors', failOn: section.failOn, failed: false, problems: [] };
  const { counts, sources, locks, booksWithoutLock } = section.found;
  return { listed: true, counts, sources, locks, booksWithoutLock, failOn: section.failOn, failed: section.failed, problems: section.problems };
}

/**
 * A problem as a GitHub Actions workflow command, which the pull request
 * shows beside the line: `::error file=…,line=…,col=…,title=…::message`.
 * @param problem the problem.
 * @returns one line.
 */
export function githubAnnotation(problem: Problem): string {
  const properties = [`file=${escapeProperty(problem.file)}`];
  if (problem.line > 0) properties.push(`line=${problem.line}`, `col=${Math.max(problem.column, 1)}`);
  properties.push(`title=${escapeProperty(`Research Pack: ${problem.rule}`)}`);
  const field = problem.path ? `${problem.path}: ` : '';
  const hint = problem.hint ? ` (hint: ${problem.hint})` : '';
  return `::${problem.severity === 'error' ? 'error' : 'warning'} ${properties.join(',')}::${escapeData(`${field}${problem.message}${hint}`)}`;
}

/** Escape a workflow command's message: `%`, CR and LF. */
function escapeData(value: string): string {
  // GitHub's own escapes (%, CR, LF), and every other control character the same way, so that a file name's ESC cannot
  // reach a log's terminal (an outside reviewer's finding).
  return value.replace(/%/g, '%25').replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Escape a workflow command's property value: also `:` and `,`. */
function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
