/**
 * `research-pack check --sources`: what the books' sources locks say, listed
 * together after the other problems, each at its ledger's file:line:column.
 * Findings are warnings unless `--fail-on` names their category; then they
 * are errors and the command exits with 1. Reads only the locks: no network.
 */
import { sortProblems, type Problem } from '@research-pack/core/problems';
import { SOURCE_FINDING_CATEGORIES, findingCategory, sourceFindings, type SourceFindingCategory, type SourceFindings } from '@research-pack/core/sources';
import { LINK_HEALTH_WORD } from '@research-pack/core/model';
import { stringOption, type Values } from '../args.js';
import { CliError } from '../io.js';
import { loadProject, type ProjectOptions } from '../project.js';
import { findingCounts } from './report.js';

/** What `--sources` adds to `check`. */
export interface SourcesSection {
  /** The findings, sorted, as errors when their category fails the run. */
  problems: Problem[];
  /** The findings and counts; undefined when the books have errors that block the model. */
  found: SourceFindings | undefined;
  /** The categories that fail the run. */
  failOn: SourceFindingCategory[];
  /** Whether a finding of a `--fail-on` category was found. */
  failed: boolean;
  /** One line: counts, sources checked, locks read. */
  summary: string;
}

/**
 * `--fail-on`, checked.
 * @param values parsed options.
 * @returns the categories (empty when not given); a usage error for an unknown one or without `--sources`.
 */
export function failOnOption(values: Values): SourceFindingCategory[] {
  const text = stringOption(values, 'fail-on');
  if (text === undefined) return [];
  if (values.sources !== true) throw new CliError('--fail-on needs --sources: it says which findings of the sources locks fail the check');
  const words = text.split(',').map((word) => word.trim()).filter(Boolean);
  const unknown = words.filter((word) => !(SOURCE_FINDING_CATEGORIES as readonly string[]).includes(word));
  if (words.length === 0 || unknown.length > 0) {
    throw new CliError(`--fail-on takes a comma-separated list of ${SOURCE_FINDING_CATEGORIES.join(', ')}; got "${text}"`);
  }
  return [...new Set(words)] as SourceFindingCategory[];
}

/**
 * The sources section of `check`.
 * @param options where the project is.
 * @param failOn the categories that fail the run.
 * @returns the findings and their summary line.
 */
export function sourcesSection(options: ProjectOptions, failOn: readonly SourceFindingCategory[]): SourcesSection {
  const { model } = loadProject(options);
  if (!model) return { problems: [], found: undefined, failOn: [...failOn], failed: false, summary: 'Sources: not listed; fix the errors above first.' };
  const found = sourceFindings(model, { rootDir: options.root });
  const problems = sortProblems(
    found.problems.map((problem) => (failOn.includes(findingCategory(problem.rule)!) ? { ...problem, severity: 'error' as const } : problem)),
  );
  const { total, checked, unchecked, uncheckable } = found.sources;
  const details = [`${checked} of ${total} source${total === 1 ? '' : 's'} checked`];
  if (unchecked) details.push(`${unchecked} ${LINK_HEALTH_WORD.unchecked}`);
  if (uncheckable) details.push(`${uncheckable} with no URL, DOI or arXiv id`);
  const locks = found.locks.length ? `from ${found.locks.join(', ')}` : 'no sources lock';
  const missing = found.booksWithoutLock.length ? `; no lock for ${found.booksWithoutLock.join(', ')} (run \`research-pack sources refresh\`)` : '';
  const failed = problems.some((problem) => problem.severity === 'error');
  const summary = `Sources: ${findingCounts(found.counts)} to review; ${details.join(', ')} (${locks}${missing})${failed ? `; failing on ${failOn.join(', ')}` : ''}.`;
  return { problems, found, failOn: [...failOn], failed, summary };
}
