/**
 * `research-pack ingest <report.md> --chapter <book>/<chapter>`: turn a
 * returned research report into sidecar leads, sources and a research pass.
 * Dry run by default; `--write` applies it, atomically, after the would-be
 * files passed every check `research-pack check` runs.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { createProblem, formatProblems, type Problem } from '@research-pack/core/problems';
import { shownName } from '@research-pack/core/internal';
import { buildModel, type BookModel, type ChapterModel } from '@research-pack/core/model';
import { parseResearchReport, type ResearchReport } from '@research-pack/core/research-report';
import { planIngest, type IngestPlan } from '@research-pack/core/ingest';
import { parseChapter } from '@research-pack/markdown/parse';
import { dateOption, expectPositionals, stringOption } from '../args.js';
import { assertWritableInside, copyBook, makeCopyFolder, readOptional, readText, removeTemporary, schemaLineOf, writeAtomic } from '../files.js';
import { lockChapterBook } from '../lock.js';
import { writeTogether } from '../write-together.js';
import { CliError, EXIT, type Io } from '../io.js';
import { chapterIn, projectOptions, requireWorkingModel, saySetAside, type ProjectOptions, type WorkingModel } from '../project.js';
import { ownProblems } from '../review/would-be.js';
import { parseReportMarkdown } from '../report-markdown.js';
import { heldBackList, summary } from './ingest-summary.js';
import type { Command } from './types.js';

type SidecarKind = 'claims' | 'evidence' | 'research';

/** Check a report, show what it adds, and with --write apply it. */
export const ingest: Command = async (positionals, values, io) => {
  expectPositionals(positionals, 1, 'one <report.md>');
  const given = stringOption(values, 'chapter');
  const flags = { date: dateOption(values, 'date'), by: stringOption(values, 'by'), write: values.write === true, strict: values.strict === true };
  if (flags.by !== undefined && flags.by.trim() === '') throw new CliError('--by must not be empty');
  const options = await projectOptions(values, io);

  const shown = positionals[0]!;
  const reportFile = path.resolve(io.cwd, shown);
  const source = await readText(reportFile, shown);
  // A report inside the folder the command runs in is named from there; one elsewhere, by its whole path.
  const relative = posix(path.relative(io.cwd, reportFile));
  // Quoted when its name holds a line break or an escape, as problem lines name files (an outside reviewer's finding).
  const display = shownName(relative === '' ? shown : relative.startsWith('../') || path.isAbsolute(relative) ? reportFile : relative);
  const read = parseResearchReport(source, { file: display, parse: parseReportMarkdown });
  // With --date the day the report gives, or does not give, is no longer a question.
  const parsed = flags.date === undefined ? read : { ...read, problems: read.problems.filter((problem) => problem.path !== 'context.date') };
  // Without --chapter, the chapter whose current revision the report read, or whose stable id its title or "Chapter:" line gives.
  // Another chapter's own errors do not stop it (they are said on standard error), unless it is about that chapter.
  const unlocked = given === undefined ? requireWorkingModel(options, io) : undefined;
  const spec = given ?? chapterOfReport(unlocked!, parsed.report, source, display);
  // Held from before the sidecars are read until the last write, so that no other writer's pass is lost.
  using lock = flags.write ? lockChapterBook(options.root, options.contentDir, spec, { command: 'ingest --write', io }) : undefined;

  // A write reads the model again under the lock: another writer may have changed the sidecars since.
  const working = unlocked && !flags.write ? unlocked : requireWorkingModel(options, io, true);
  const { model } = working;
  const { book, chapter } = chapterIn(working, spec);
  if (!unlocked) saySetAside(io, working.setAside);
  const chapterData = ingestChapter(`${book.slug}/${chapter.slug}`, chapter);
  const { sidecars, missing } = await readSidecars(options, book, chapter);
  // A report about another chapter of the project is refused before anything else is said of it.
  const other = otherChapter(model, parsed.report, source, `${book.slug}/${chapter.slug}`);
  if (other) return fail(io, [other], `${display} is about another chapter; nothing was written.`);

  // The report on its own; with errors, also what its readable rows name, so every mistake is reported at once.
  if (hasErrors(parsed.problems)) {
    const { problems } = planIngest({ report: parsed.report, chapter: chapterData, sidecars, reportPath: 'reports/report.md', date: options.asOf, by: 'unknown' });
    const errors = problems.filter((problem) => problem.severity === 'error');
    return fail(io, [...parsed.problems, ...errors], `${display} cannot be ingested; nothing was written.`);
  }
  const bookDir = path.join(options.root, options.contentDir, book.slug);
  const earlier = await ingestedAs(bookDir, chapter, source);
  if (earlier) {
    const held = earlier.heldBack > 0 ? ` ${earlier.heldBack === 1 ? 'One row of it was' : `${earlier.heldBack} rows of it were`} held back, as the pass records: fix ${earlier.heldBack === 1 ? 'it' : 'them'} in a copy of the report and ingest that.` : '';
    io.stdout(`${display} is already ingested: it is the report of the research pass of ${earlier.date} (${earlier.report}) of ${book.slug}/${chapter.slug}. Nothing to change.${held}\n`);
    return earlier.heldBack > 0 ? EXIT.heldBack : EXIT.ok;
  }
  const pass = await passOf(parsed.report, flags, { display, bookDir, reports: options.config.reports, chapter: chapter.slug, asOf: options.asOf, source });
  const plan = planIngest({ report: parsed.report, chapter: chapterData, sidecars, ...pass });
  const problems = [...parsed.problems, ...plan.problems];
  if (hasErrors(problems)) return fail(io, problems, `${display} does not fit ${book.slug}/${chapter.slug}; nothing was written.`);
  if (flags.strict && problems.length > 0) return fail(io, problems, `--strict: ${display} has ${problems.length} problem(s); nothing was written.`);

  // The would-be files must pass check.
  const reportTarget = path.join(bookDir, pass.reportPath);
  // A `reports` folder committed as a link out of the book folder: the copy would be written there, even into the site's
  // pages (outside reviewers' findings).
  assertWritableInside(reportTarget, bookDir, posix(path.relative(options.root, reportTarget)), 'the book folder');
  const copyReport = (await readOptional(reportTarget)) === undefined;
  const checkProblems = await checkWouldBe(options, book, plan, copyReport ? { file: pass.reportPath, text: source } : undefined);
  if (hasErrors(checkProblems)) {
    printProblems(io, problems);
    io.stderr(`${formatProblems(checkProblems.filter((problem) => problem.severity === 'error'))}\n`);
    io.stderr(`The sidecars ${display} would produce do not pass \`research-pack check\`; nothing was written.\n`);
    return EXIT.problems;
  }
  printProblems(io, problems);
  if (copyReport) io.stderr(otherReportsFolder(book, pass.reportPath, options.configFile));
  const shownReport = posix(path.relative(options.root, reportTarget));
  // `review` shows the latest pass's claim audit under the leads of earlier ones: this pass's, unless a recorded one is later.
  const latest = chapter.research.history.every((recorded) => recorded.date <= plan.pass.date);
  io.stdout(summary(plan, { display, spec: `${book.slug}/${chapter.slug}`, current: chapter.fingerprint, reportTarget: shownReport, copyReport, experiments: parsed.report.experiments, write: flags.write, latest }));
  io.stdout(heldBackList(plan, display));
  // The diff library is loaded only for a pass that can land: a refused one prints no diff.
  const { unifiedDiff } = await import('../diff.js');
  for (const file of plan.files) io.stdout(`\n${unifiedDiff(file.file, missing.has(file.file) ? undefined : file.before, file.after)}`);
  if (copyReport) io.stdout(`\nnew file ${shownReport}: a copy of ${display} (${source.split('\n').length} lines, sha256 ${sha256(source).slice(0, 12)}…)\n`);
  const done = plan.heldBack.length > 0 ? EXIT.heldBack : EXIT.ok;
  if (!flags.write) {
    io.stdout('\nDry run: nothing was written. Run again with --write to apply.\n');
    return done;
  }
  await applyPlan(options, plan, missing, copyReport ? { target: reportTarget, text: source } : undefined);
  const written = [...(copyReport ? [shownReport] : []), ...plan.files.map((file) => file.file)];
  const proposed = plan.proposals.some((planned) => !planned.recorded) ? ' The proposed claims are not claims until you accept one: `research-pack review` lists them with a handle, `research-pack accept-claim <handle>` adds one.' : '';
  io.stdout(`\nWrote ${written.join(', ')}.\nThe leads and sources are not validated: check each against its source before you change a verdict.${proposed}\n`);
  return done;
};

/**
 * A warning when the book's recorded passes keep their reports in another
 * folder than the one this report is copied into (the `reports` setting):
 * two folders of reports in one book, unless the setting says theirs.
 */
function otherReportsFolder(book: BookModel, reportPath: string, configFile: string | undefined): string {
  const folder = path.posix.dirname(reportPath);
  const recorded = new Map<string, string>();
  for (const chapter of book.chapters) {
    for (const pass of chapter.research.history) {
      const dir = pass.report === undefined ? undefined : path.posix.dirname(pass.report);
      if (dir !== undefined && dir !== '.' && !recorded.has(dir)) recorded.set(dir, `${chapter.slug}.research.yaml`);
    }
  }
  if (recorded.size === 0 || recorded.has(folder)) return '';
  const [theirs, where] = [...recorded][0]!;
  const fix = configFile === undefined ? `put \`export default { reports: '${theirs}' };\` in research-pack.config.mjs in the project root` : `set \`reports: '${theirs}'\` in ${configFile}`;
  return `warning: the report is copied into ${folder}/ in the book folder (the \`reports\` setting), but the book's earlier passes keep theirs in ${theirs}/ (${where}); to keep them together, ${fix}\n`;
}

/** What planning needs of the chapter. */
function ingestChapter(spec: string, chapter: ChapterModel) {
  return {
    spec,
    fingerprint: chapter.fingerprint,
    claims: chapter.claims.map((claim) => ({ id: claim.claim.id, text: claim.text })),
    sources: chapter.sources,
    evidence: chapter.evidence,
    snapshot: chapter.snapshot,
    proposals: chapter.research.proposedClaims,
  };
}

/** The recorded pass whose report file has the same bytes as this report, if any. */
async function ingestedAs(bookDir: string, chapter: ChapterModel, source: string): Promise<{ date: string; report: string; heldBack: number } | undefined> {
  const hash = sha256(source);
  for (const pass of chapter.research.history) {
    if (pass.report === undefined) continue;
    const recorded = await readOptional(path.join(bookDir, pass.report));
    if (recorded !== undefined && sha256(recorded) === hash) return { date: pass.date, report: pass.report, heldBack: pass.heldBack?.length ?? pass.counts?.heldBack ?? 0 };
  }
  return undefined;
}

/** The pass: who made it and when (flags first, then the report), and where its report goes. */
async function passOf(
  report: ResearchReport,
  flags: { date: string | undefined; by: string | undefined },
  context: { display: string; bookDir: string; reports: string; chapter: string; asOf: string; source: string },
): Promise<{ by: string; date: string; reportPath: string }> {
  const by = flags.by ?? report.by?.value;
  if (by === undefined) {
    throw new CliError(`${context.display} does not say who made the pass (no "By:" line in section 1); give --by <name>, e.g. --by "A. Researcher, with a research agent"`);
  }
  const date = flags.date ?? report.date?.value ?? context.asOf;
  return { by, date, reportPath: await chooseReportPath(context.bookDir, context.reports, date, context.chapter, context.source) };
}

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
    const line = schemaLineOf(await readOptional(path.join(options.root, file)));
    if (line !== undefined) return line;
  }
  return undefined;
}

/**
 * Run the checks of `research-pack check` on a copy of the book holding the
 * would-be sidecars (and the copied report, which a pass must point at).
 */
async function checkWouldBe(options: ProjectOptions, book: BookModel, plan: IngestPlan, report: { file: string; text: string } | undefined): Promise<Problem[]> {
  const temporary = makeCopyFolder('ingest');
  try {
    const bookDir = path.join(options.root, options.contentDir, book.slug);
    const copy = path.join(temporary, 'content', book.slug);
    await copyBook(bookDir, copy, options.root);
    const bookPrefix = posix(path.join(options.contentDir, book.slug));
    for (const file of plan.files) await writeAtomic(path.join(copy, path.relative(bookPrefix, file.file)), file.after);
    if (report) await writeAtomic(path.join(copy, report.file), report.text);
    const result = buildModel({
      rootDir: temporary,
      contentDir: 'content',
      frontmatter: options.config.frontmatter,
      parse: (source, { format }) => parseChapter(source, { format }),
      today: options.asOf,
    });
    // Another chapter's errors, there before and left alone, are not the ingest's (said where the model was loaded).
    const written = [...plan.files.map((file) => posix(path.join('content', book.slug, path.relative(bookPrefix, file.file)))), ...(report ? [posix(path.join('content', book.slug, report.file))] : [])];
    const problems = ownProblems(result, written);
    // Name the files as they are in the project.
    return problems.map((problem) => ({ ...problem, file: problem.file.replace(/^content\//, `${posix(options.contentDir)}/`) }));
  } finally {
    await removeTemporary(temporary);
  }
}

/**
 * Write the report copy and the sidecars as one (`writeTogether`): each
 * whole beside its file first, then moved into place, the research sidecar
 * last; a crash among the moves is finished by the next writer of the book.
 */
async function applyPlan(options: ProjectOptions, plan: IngestPlan, missing: ReadonlySet<string>, report: { target: string; text: string } | undefined): Promise<void> {
  // The research sidecar last: its pass says the ingest happened.
  const ordered = [...plan.files].sort((a, b) => Number(a.kind === 'research') - Number(b.kind === 'research'));
  await writeTogether(path.join(options.root, options.contentDir), 'ingest --write', [
    ...(report ? [{ file: report.target, text: report.text, before: undefined, create: true }] : []),
    ...ordered.map((file) => ({ file: path.join(options.root, file.file), text: file.after, before: missing.has(file.file) ? undefined : file.before })),
  ]);
}

/** A chapter a report names, how, and where (for a stable id, its first place in the report). */
interface NamedChapter {
  spec: string;
  how: 'fingerprint' | 'history' | 'id';
  id: string;
  line: number;
  column: number;
}

/**
 * The chapters a report says it is about: those whose current fingerprint is
 * the revision it read; else those whose stable id (`pi-27-chapter`) its
 * title or a "Chapter:" line of its section 1 gives.
 */
function chaptersNamed(model: { books: readonly BookModel[] }, report: ResearchReport, source: string): NamedChapter[] {
  const all = model.books.flatMap((book) => book.chapters.map((chapter) => ({ spec: `${book.slug}/${chapter.slug}`, chapter })));
  const read = report.fingerprint;
  const byFingerprint = read === undefined ? [] : all.filter(({ chapter }) => chapter.fingerprint === read.value);
  if (read && byFingerprint.length > 0) return byFingerprint.map(({ spec, chapter }) => ({ spec, how: 'fingerprint', id: chapter.id, line: read.line, column: read.column }));
  // A revision a pass of a chapter already read: that chapter, at an earlier revision.
  const byHistory = read === undefined ? [] : all.filter(({ chapter }) => chapter.research.history.some((pass) => pass.fingerprint === read.value));
  if (read && byHistory.length > 0) return byHistory.map(({ spec, chapter }) => ({ spec, how: 'history', id: chapter.id, line: read.line, column: read.column }));
  const lines = source.split('\n');
  const section = lines.findIndex((line) => /^##\s*1\b/.test(line));
  const end = section === -1 ? -1 : lines.findIndex((line, index) => index > section && /^##\s/.test(line));
  // The title, and section 1's lines (a stable id is named there as "Chapter: pi-27-chapter", "(stable id `pi-27-chapter`)", …).
  const places = lines.map((text, index) => ({ text, index })).filter(({ text, index }) => /^#\s/.test(text) || (section !== -1 && index > section && (end === -1 || index < end)));
  const named: NamedChapter[] = [];
  for (const { spec, chapter } of all) {
    const pattern = new RegExp(`(?<![\\w-])${chapter.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
    for (const { text, index } of places) {
      const found = pattern.exec(text);
      if (found) {
        named.push({ spec, how: 'id', id: chapter.id, line: index + 1, column: found.index + 1 });
        break;
      }
    }
  }
  return named;
}

/** The chapter a report is about, when --chapter does not say: the one it names, or an error that lists what it matches. */
function chapterOfReport(working: WorkingModel, report: ResearchReport, source: string, display: string): string {
  const { model, setAside } = working;
  const named = chaptersNamed(model, report, source);
  if (named.length === 1) return named[0]!.spec;
  if (named.length > 1) throw new CliError(`${display} matches ${named.length} chapters (${named.map((entry) => entry.spec).join(', ')}); give --chapter <book>/<chapter>`);
  const chapters = model.books.flatMap((book) => book.chapters.map((chapter) => `${book.slug}/${chapter.slug}`));
  // A chapter set aside for its errors is not read: the report may be about it.
  const aside = setAside.length === 0 ? '' : ` (${setAside.map((chapter) => `${chapter.book}/${chapter.chapter}`).join(', ')}, set aside for ${setAside.length === 1 ? 'its' : 'their'} errors, ${setAside.length === 1 ? 'is' : 'are'} not read: fix ${setAside.length === 1 ? 'it' : 'them'} first if the report is about ${setAside.length === 1 ? 'it' : 'one of them'})`;
  throw new CliError(
    `which chapter is ${display} about? its fingerprint is no revision a chapter has or a pass read, and its title and section 1 give no chapter's stable id; give --chapter <book>/<chapter>, one of: ${chapters.join(', ') || '(none)'}${aside}`,
  );
}

/** An error when the report names another chapter than the one it is ingested into, and not that one. */
function otherChapter(model: { books: readonly BookModel[] }, report: ResearchReport, source: string, target: string): Problem | undefined {
  const named = chaptersNamed(model, report, source);
  if (named.length === 0 || named.some((entry) => entry.spec === target)) return undefined;
  const first = named[0]!;
  const about = named.map((entry) => entry.spec).join(' or ');
  const how =
    first.how === 'fingerprint'
      ? `it read revision ${report.fingerprint!.value.slice(0, 12)}…, the current revision of ${about}`
      : first.how === 'history'
        ? `it read revision ${report.fingerprint!.value.slice(0, 12)}…, which a research pass of ${about} read`
        : `it gives the stable id ${first.id}, of ${first.spec}`;
  return createProblem('report/other-chapter', { file: report.file, line: first.line, column: first.column, path: 'context.chapter' }, `the report is about ${about}, not ${target}: ${how}`, `ingest it with --chapter ${first.spec}, or leave --chapter out`);
}
