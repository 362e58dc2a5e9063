/**
 * `research-pack ingest <report.md> --chapter <book>/<chapter>`: turn a
 * returned research report into sidecar leads, sources and a research pass.
 * Dry run by default; `--write` applies it, atomically, after the would-be
 * files passed every check `research-pack check` runs.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildModel,
  formatProblems,
  parseResearchReport,
  planIngest,
  type BookModel,
  type ChapterModel,
  type IngestPlan,
  type Problem,
} from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { dateOption, expectPositionals, stringOption } from '../args.js';
import { unifiedDiff } from '../diff.js';
import { copyBook, readOptional, readText, removeTemporary, writeAtomic } from '../files.js';
import { lockChapterBook } from '../lock.js';
import { CliError, EXIT, type Io } from '../io.js';
import { findChapter, projectOptions, requireModel, type ProjectOptions } from '../project.js';
import { parseReportMarkdown } from '../report-markdown.js';
import type { Command } from './types.js';

type SidecarKind = 'claims' | 'evidence' | 'research';

/** Check a report, show what it adds, and with --write apply it. */
export const ingest: Command = async (positionals, values, io) => {
  expectPositionals(positionals, 1, 'one <report.md>');
  const spec = stringOption(values, 'chapter');
  if (spec === undefined) throw new CliError('which chapter is the report about? give --chapter <book>/<chapter>, e.g. --chapter pi/27-chapter');
  const dateFlag = dateOption(values, 'date');
  const byFlag = stringOption(values, 'by');
  if (byFlag !== undefined && byFlag.trim() === '') throw new CliError('--by must not be empty');
  const write = values.write === true;
  const options = await projectOptions(values, io);
  // Held from before the sidecars are read until the last write, so that no other writer's pass is lost.
  using lock = write ? lockChapterBook(options.root, options.contentDir, spec, { command: 'ingest --write', io }) : undefined;

  const shown = positionals[0]!;
  const reportFile = path.resolve(io.cwd, shown);
  const source = await readText(reportFile, shown);
  const model = requireModel(options);
  const { book, chapter } = findChapter(model, spec);
  const display = posix(path.relative(io.cwd, reportFile)) || shown;

  const chapterData = {
    spec: `${book.slug}/${chapter.slug}`,
    fingerprint: chapter.fingerprint,
    claims: chapter.claims.map((claim) => ({ id: claim.claim.id, text: claim.text })),
    sources: chapter.sources,
    evidence: chapter.evidence,
  };
  const { sidecars, missing } = await readSidecars(options, book, chapter);

  // 1. The report on its own, and (to report every mistake at once) what its readable rows name.
  const parsed = parseResearchReport(source, { file: display, parse: parseReportMarkdown });
  if (hasErrors(parsed.problems)) {
    const { problems } = planIngest({ report: parsed.report, chapter: chapterData, sidecars, reportPath: 'reports/report.md', date: options.asOf, by: 'unknown' });
    const errors = problems.filter((problem) => problem.severity === 'error');
    return fail(io, [...parsed.problems, ...errors], `${display} cannot be ingested; nothing was written.`);
  }

  // 2. Already ingested? The same bytes as a pass's report file.
  const bookDir = path.join(options.root, options.contentDir, book.slug);
  const hash = sha256(source);
  for (const pass of chapter.research.history) {
    if (pass.report === undefined) continue;
    const recorded = await readOptional(path.join(bookDir, pass.report));
    if (recorded !== undefined && sha256(recorded) === hash) {
      io.stdout(`${display} is already ingested: it is the report of the research pass of ${pass.date} (${pass.report}) of ${spec}. Nothing to change.\n`);
      return EXIT.ok;
    }
  }

  // 3. The pass: who, when, where the report goes.
  const by = byFlag ?? parsed.report.by?.value;
  if (by === undefined) {
    throw new CliError(`${display} does not say who made the pass (no "By:" line in section 1); give --by <name>, e.g. --by "A. Researcher, with a research agent"`);
  }
  const date = dateFlag ?? parsed.report.date?.value ?? options.asOf;
  const reportPath = await chooseReportPath(bookDir, options.config.reports, date, chapter.slug, source);

  // 4. The plan.
  const plan = planIngest({ report: parsed.report, chapter: chapterData, sidecars, reportPath, date, by });
  const problems = [...parsed.problems, ...plan.problems];
  if (hasErrors(problems)) return fail(io, problems, `${display} does not fit ${spec}; nothing was written.`);

  // 5. The would-be files must pass check.
  const reportTarget = path.join(bookDir, reportPath);
  const copyReport = (await readOptional(reportTarget)) === undefined;
  const checkProblems = await checkWouldBe(options, book, plan, copyReport ? { file: reportPath, text: source } : undefined);
  if (hasErrors(checkProblems)) {
    printProblems(io, problems);
    io.stderr(`${formatProblems(checkProblems.filter((problem) => problem.severity === 'error'))}\n`);
    io.stderr(`The sidecars ${display} would produce do not pass \`research-pack check\`; nothing was written.\n`);
    return EXIT.problems;
  }

  // 6. Show it, and write it.
  printProblems(io, problems);
  const shownReport = posix(path.relative(options.root, reportTarget));
  io.stdout(summary(plan, { display, spec, current: chapter.fingerprint, reportTarget: shownReport, copyReport, experiments: parsed.report.experiments, write }));
  for (const file of plan.files) io.stdout(`\n${unifiedDiff(file.file, missing.has(file.file) ? undefined : file.before, file.after)}`);
  if (copyReport) io.stdout(`\nnew file ${shownReport}: a copy of ${display} (${source.split('\n').length} lines, sha256 ${hash.slice(0, 12)}…)\n`);
  if (!write) {
    io.stdout('\nDry run: nothing was written. Run again with --write to apply.\n');
    return EXIT.ok;
  }
  await applyPlan(options, plan, missing, copyReport ? { target: reportTarget, text: source } : undefined);
  const written = [...(copyReport ? [shownReport] : []), ...plan.files.map((file) => file.file)];
  io.stdout(`\nWrote ${written.join(', ')}.\nThe leads and sources are not validated: check each against its source before you change a verdict.\n`);
  return EXIT.ok;
};

function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((problem) => problem.severity === 'error');
}

function fail(io: Io, problems: readonly Problem[], conclusion: string): number {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  io.stderr(`${formatProblems(problems)}\n${errors} error(s), ${problems.length - errors} warning(s). ${conclusion}\n`);
  return EXIT.problems;
}

function printProblems(io: Io, problems: readonly Problem[]): void {
  if (problems.length > 0) io.stderr(`${formatProblems(problems)}\n`);
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function posix(value: string): string {
  return value.split(path.sep).join('/');
}

/** `<reports>/<date>-<chapter>.md` (`reports` by default, the `reports` setting), or `-2`, `-3`… when another report has that name. */
async function chooseReportPath(bookDir: string, folder: string, date: string, chapter: string, text: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = `${folder}/${date}-${chapter}${n === 1 ? '' : `-${n}`}.md`;
    const existing = await readOptional(path.join(bookDir, candidate));
    if (existing === undefined || existing === text) return candidate;
  }
}

async function readSidecars(options: ProjectOptions, book: BookModel, chapter: ChapterModel) {
  const entry = async (kind: SidecarKind) => {
    const file = chapter.sidecars[kind] ?? posix(path.join(options.contentDir, book.slug, `${chapter.slug}.${kind}.yaml`));
    const text = await readOptional(path.join(options.root, file));
    if (text === undefined) missing.add(file);
    return { file, text: text ?? (await schemaLine(options, book, chapter, kind)) };
  };
  const missing = new Set<string>();
  return { sidecars: { claims: await entry('claims'), evidence: await entry('evidence'), research: await entry('research') }, missing };
}

/**
 * A new sidecar starts with the `yaml-language-server` line of another
 * chapter's sidecar of the same kind, so editors validate it the same way.
 */
async function schemaLine(options: ProjectOptions, book: BookModel, chapter: ChapterModel, kind: SidecarKind): Promise<string | undefined> {
  for (const other of book.chapters) {
    const file = other.sidecars[kind];
    if (other === chapter || file === undefined) continue;
    const first = (await readOptional(path.join(options.root, file)))?.split(/\r?\n/, 1)[0];
    if (first?.startsWith('# yaml-language-server: $schema=')) return `${first}\n`;
  }
  return undefined;
}

/**
 * Run the checks of `research-pack check` on a copy of the book holding the
 * would-be sidecars (and the copied report, which a pass must point at).
 */
async function checkWouldBe(options: ProjectOptions, book: BookModel, plan: IngestPlan, report: { file: string; text: string } | undefined): Promise<Problem[]> {
  const temporary = await mkdtemp(path.join(os.tmpdir(), 'research-pack-ingest-'));
  try {
    const bookDir = path.join(options.root, options.contentDir, book.slug);
    const copy = path.join(temporary, 'content', book.slug);
    await copyBook(bookDir, copy);
    const bookPrefix = posix(path.join(options.contentDir, book.slug));
    for (const file of plan.files) await writeAtomic(path.join(copy, path.relative(bookPrefix, file.file)), file.after);
    if (report) await writeAtomic(path.join(copy, report.file), report.text);
    const { problems } = buildModel({
      rootDir: temporary,
      contentDir: 'content',
      frontmatter: options.config.frontmatter,
      parse: (source, { format }) => parseChapter(source, { format }),
      today: options.asOf,
    });
    // Name the files as they are in the project.
    return problems.map((problem) => ({ ...problem, file: problem.file.replace(/^content\//, `${posix(options.contentDir)}/`) }));
  } finally {
    await removeTemporary(temporary);
  }
}

/** Write the report copy, then each sidecar, each atomically; on a failure, put back what was already replaced. */
async function applyPlan(options: ProjectOptions, plan: IngestPlan, missing: ReadonlySet<string>, report: { target: string; text: string } | undefined): Promise<void> {
  const done: Array<{ file: string; before: string | undefined }> = [];
  try {
    if (report) {
      await writeAtomic(report.target, report.text, { create: true });
      done.push({ file: report.target, before: undefined });
    }
    // The research sidecar last: its pass says the ingest happened.
    const ordered = [...plan.files].sort((a, b) => Number(a.kind === 'research') - Number(b.kind === 'research'));
    for (const file of ordered) {
      const absolute = path.join(options.root, file.file);
      await writeAtomic(absolute, file.after);
      done.push({ file: absolute, before: missing.has(file.file) ? undefined : file.before });
    }
  } catch (error) {
    for (const entry of done.reverse()) {
      if (entry.before === undefined) await rm(entry.file, { force: true });
      else await writeAtomic(entry.file, entry.before);
    }
    throw error;
  }
}

interface SummaryContext {
  display: string;
  spec: string;
  current: string;
  reportTarget: string;
  copyReport: boolean;
  experiments: ReadonlyArray<{ marker: 'UNRUN' | 'RAN' }>;
  write: boolean;
}

/** What the ingest adds, in a few lines. */
function summary(plan: IngestPlan, context: SummaryContext): string {
  const { pass } = plan;
  const lines = [`Ingest ${context.display} into ${context.spec}${context.write ? '' : ' (dry run)'}`];
  const revision =
    pass.fingerprint === undefined
      ? 'not stated'
      : pass.fingerprint === context.current
        ? `${pass.fingerprint.slice(0, 12)}… (the current revision)`
        : `${pass.fingerprint.slice(0, 12)}… (an older revision; the current one is ${context.current.slice(0, 12)}…)`;
  lines.push(`  pass:        ${pass.date}, by ${pass.by}; report ${context.reportTarget}${context.copyReport ? ' (copied)' : ' (already there)'}`);
  lines.push(`  revision:    ${revision}`);

  const byHow = (how: string) => plan.claims.filter((match) => match.how === how).length;
  const how = [`${byHow('id')} by id`, `${byHow('exact')} by quoted text`, `${byHow('fuzzy')} by approximate text`].filter((part) => !part.startsWith('0 '));
  lines.push(`  claims:      ${plan.claims.length} audited${how.length > 0 ? ` (${how.join(', ')})` : ''}`);
  if (plan.filledClaims.length > 0) {
    lines.push(`               filled where the author had written nothing: ${plan.filledClaims.map((claim) => `${claim.id} (${claim.fields.join(', ')})`).join('; ')}`);
  }
  const added = plan.sources.filter((source) => source.action === 'new');
  const merged = plan.sources.filter((source) => source.action === 'merged');
  const unchanged = plan.sources.filter((source) => source.action === 'unchanged');
  lines.push(`  sources:     ${added.length} new${added.length > 0 ? ` (${added.map((source) => source.id).join(', ')})` : ''}, ${merged.length} merged, ${unchanged.length} already recorded`);
  for (const source of merged) lines.push(`               ${source.id}: matched by ${source.how}; added ${source.filled.join(', ')}`);
  lines.push(`  leads:       ${plan.leads.length} added as status: lead${plan.leads.length > 0 ? ` (${plan.leads.map((lead) => lead.id).join(', ')})` : ''}; nothing validated`);
  const unrun = context.experiments.filter((item) => item.marker === 'UNRUN').length;
  lines.push(`  experiments: ${unrun} UNRUN, ${context.experiments.length - unrun} RAN (kept in the report)`);
  return `${lines.join('\n')}\n`;
}
