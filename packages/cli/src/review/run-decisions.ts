/**
 * Carrying out decisions: the project is loaded, who and when settled, the
 * decisions planned by the core, the would-be sidecars checked, and then a
 * diff shown (`--dry-run`) or every file written. Any refusal writes nothing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatProblems, type Problem } from '@research-pack/core/problems';
import { listBooks, readBookFile } from '@research-pack/core/load';
import type { ChapterModel, ResearchModel, SetAsideChapter } from '@research-pack/core/model';
import { planDecisions, type Decision, type DecisionPlan } from '@research-pack/core/review';
import { unifiedDiff } from '../diff.js';
import { copyBook, makeCopyFolder, removeTemporary } from '../files.js';
import type { WriterLock } from '../lock.js';
import { CliError, EXIT, type Io } from '../io.js';
import { loadProject, setAsideWords, workingModel, type ProjectOptions, type WorkingModel } from '../project.js';
import { parseReportMarkdown } from '../report-markdown.js';
import type { TypedDecision } from './parse-decisions.js';
import { plain } from './queue-text.js';
import { defaultBy, sayDecidingAs } from './who.js';
import { checkWouldBe, lockBooks, unchangedOnDisk, writeChecked } from './would-be.js';

/** How a decision's writer lock names its holder. */
const DECISION_LOCK = 'a review decision';
/** What was done since the files were read, when one changed on disk. */
const PLANNED = 'the decisions were planned';

/**
 * The model decisions are made on; when it cannot be built, an error that
 * names the claim a decision is about if that claim no longer anchors.
 * @param options the project.
 * @param decisions the decisions, to name their claims in the error.
 * @param io the streams (a stale writer lock taken over is said there, and the chapters set aside).
 * @param quiet the chapters set aside were said already (a walk through the queue reads the books again before it writes).
 * @returns the model, and the chapters set aside for their own errors (see `workingModel`).
 */
export async function modelForDecisions(options: ProjectOptions, decisions: readonly TypedDecision[], io: Io, quiet = false): Promise<WorkingModel> {
  let loaded = loadProject(options);
  let { model, problems } = loaded;
  let errors = problems.filter((problem) => problem.severity === 'error');
  if (model && errors.length === 0) return { model, setAside: [] };
  // Another writer may have been between two files of a book when it was read (its evidence written, its
  // claims not yet): read again under the writer locks of the books with errors, which a writer holds while it writes.
  // Only the books the listing reads as books (inside the project), and not for a file the file policy refused.
  const content = options.contentDir.split(path.sep).join('/');
  const books = new Set(listBooks(options.root, { contentDir: options.contentDir }).books.map((book) => `${content}/${book.slug}/`));
  const inBooks = errors.filter((problem) => !problem.rule.startsWith('file/') && [...books].some((book) => problem.file.startsWith(book)));
  if (inBooks.length > 0) {
    let locks: WriterLock[] | undefined;
    try {
      locks = lockBooks(options, inBooks, DECISION_LOCK, io);
    } catch (error) {
      // Another writer at work is the answer; a folder that cannot hold a lock leaves the errors as read.
      if (error instanceof CliError && error.message.includes(' is locked: ')) throw error;
    }
    if (locks) {
      try {
        loaded = loadProject(options);
        ({ model, problems } = loaded);
      } finally {
        for (const lock of locks.reverse()) lock.release();
      }
      errors = problems.filter((problem) => problem.severity === 'error');
      if (model && errors.length === 0) return { model, setAside: [] };
    }
  }
  // The :claim directives of claims being accepted name no claim yet: plan on the prose without them.
  const directives = new Set(decisions.flatMap((decision) => (decision.verb === 'accept-claim' && decision.directive !== undefined ? [decision.directive] : [])));
  if (directives.size > 0 && errors.every((problem) => problem.rule === 'anchor/unknown-directive' && problem.claim !== undefined && directives.has(problem.claim))) {
    const unmarked = await modelWithoutDirectives(options, directives);
    if (unmarked) return { model: unmarked, setAside: [] };
  }
  for (const decision of decisions) {
    if (decision.verb !== 'verdict' && decision.verb !== 'reviewed') continue;
    const unanchored = errors.find((problem) => problem.rule.startsWith('anchor/') && problem.claim === decision.target);
    if (unanchored) {
      throw new CliError(
        `${decision.verb} ${decision.target}: claim "${decision.target}" no longer anchors in its chapter:\n${formatProblems([unanchored])}\nFix its anchor (or the prose) first: a verdict is recorded only on wording found in the chapter. Nothing was written.`,
        EXIT.problems,
      );
    }
  }
  // Only some chapters' own errors: the others are decided on (a decision on a chapter set aside finds nothing there, and says why).
  const working = workingModel(options, io, loaded, quiet);
  if (working) return working;
  throw new CliError(`${options.contentDir} has ${errors.length} error(s); fix them before deciding (\`research-pack check\` lists them):\n${formatProblems(errors)}`, EXIT.problems);
}

/**
 * The model of a copy of the books whose chapters read the given directives
 * as plain text. The books are copied as the would-be check copies them
 * (`copyBook`); here the project's only errors are those directives, so
 * every file passed the file policy. The copy's chapters are read under it.
 */
async function modelWithoutDirectives(options: ProjectOptions, ids: ReadonlySet<string>): Promise<ResearchModel | undefined> {
  const temporary = makeCopyFolder('decide');
  try {
    const listingOptions = { contentDir: options.contentDir, frontmatter: options.config.frontmatter };
    for (const book of listBooks(options.root, listingOptions).books) await copyBook(book.dir, path.join(temporary, options.contentDir, book.slug), options.root);
    for (const book of listBooks(temporary, listingOptions).books) {
      for (const entry of book.chapters) {
        const read = readBookFile(temporary, entry.path);
        if (read.status === 'read') writeFileSync(entry.path, unwrapDirectives(read.text, ids));
      }
    }
    const { model, problems } = loadProject({ ...options, root: temporary });
    return model && !problems.some((problem) => problem.severity === 'error') ? model : undefined;
  } finally {
    await removeTemporary(temporary);
  }
}

/**
 * Prose with the given `:claim[…]{#id}` directives replaced by their text.
 * @param text a chapter.
 * @param ids the directive ids.
 * @returns the chapter without those directives.
 */
export function unwrapDirectives(text: string, ids: ReadonlySet<string>): string {
  let result = text;
  for (const id of ids) {
    const close = `]{#${id}}`;
    for (let end = result.indexOf(close); end !== -1; end = result.indexOf(close, end)) {
      const start = result.lastIndexOf(':claim[', end);
      if (start === -1) break;
      result = `${result.slice(0, start)}${result.slice(start + ':claim['.length, end)}${result.slice(end + close.length)}`;
      end = start;
    }
  }
  return result;
}

/**
 * Give each decision who and when: `--by`, else the one name the chain's
 * other decisions give with `--by` (`accept l1 + reject l2 --why … --by
 * "J. Author"`: both are J. Author's), else git's user.name; `--date`, else
 * the run's as-of date.
 * @param decisions as typed.
 * @param options the project (git is asked there).
 * @param io the environment.
 * @returns the decisions, complete, and git's name when some are recorded under it (for `carryOut` to say).
 */
export async function settleDecisions(decisions: readonly TypedDecision[], options: ProjectOptions, io: Io): Promise<{ decisions: Decision[]; fromGit?: string }> {
  const named = new Set(decisions.flatMap((decision) => (decision.by === undefined ? [] : [decision.by])));
  const dated = new Set(decisions.flatMap((decision) => (decision.date === undefined ? [] : [decision.date])));
  // A source's correction records no one and no date: it needs neither (and takes neither option).
  const unnamed = decisions.filter((decision) => decision.by === undefined && decision.verb !== 'source');
  const undated = decisions.filter((decision) => decision.date === undefined && decision.verb !== 'source');
  // One --by (or --date) in a chain holds for the decisions that give none; two different ones leave them undecided.
  if (named.size > 1 && unnamed.length > 0) {
    throw new CliError(`this call gives --by ${[...named].map((name) => `"${name}"`).join(' and ')}; give --by to every decision of it, or one --by for all (${unnamed.map((decision) => `${decision.verb} ${decision.target}`).join(', ')} ${unnamed.length === 1 ? 'gives' : 'give'} none)`);
  }
  if (dated.size > 1 && undated.length > 0) {
    throw new CliError(`this call gives --date ${[...dated].join(' and ')}; give --date to every decision of it, or one --date for all (${undated.map((decision) => `${decision.verb} ${decision.target}`).join(', ')} ${undated.length === 1 ? 'gives' : 'give'} none)`);
  }
  let by: string | undefined = named.size === 1 ? [...named][0] : undefined;
  let fromGit: string | undefined;
  const date = dated.size === 1 ? [...dated][0]! : options.asOf;
  const settled: Decision[] = [];
  for (const decision of decisions) {
    // A source's correction records no one: git is not asked for it.
    if (decision.verb === 'source') {
      settled.push({ ...decision, by: decision.by ?? by ?? '', date: decision.date ?? date } as Decision);
      continue;
    }
    if (decision.by === undefined && by === undefined) by = fromGit = await defaultBy(options.root, io);
    // Dated, unless told, on the day the checks count as today (`--as-of`, else SOURCE_DATE_EPOCH, else the UTC date):
    // a local date a day ahead of it would be "in the future" to them, and a re-confirmation would not count.
    settled.push({ ...decision, by: decision.by ?? by!, date: decision.date ?? date } as Decision);
  }
  return { decisions: settled, ...(fromGit === undefined ? {} : { fromGit }) };
}

/** How `carryOut` writes: a dry run, a question before writing, the chapters set aside, and git's name to say. */
export interface CarryOutOptions {
  /** Print the diff only. */
  dryRun: boolean;
  /** Asked once the plan passed the checks, before writing; a no writes nothing. */
  confirm?: (() => Promise<boolean>) | undefined;
  /** The chapters set aside for their errors (`workingModel`), named when a decision finds nothing. */
  setAside?: readonly SetAsideChapter[] | undefined;
  /** Git's `user.name`, when decisions are recorded under it: said before they are written or shown (`sayDecidingAs`). */
  fromGit?: string | undefined;
}

/**
 * Plan decisions on the project's sidecars as they are on disk.
 * @param options the project.
 * @param model its model.
 * @param decisions the decisions.
 * @returns the plan.
 */
export function planOnDisk(options: ProjectOptions, model: ResearchModel, decisions: readonly Decision[]): DecisionPlan {
  return planDecisions({
    model,
    decisions,
    sidecar: (chapter, kind) => {
      const file = sidecarPath(options, chapter, kind);
      return { file, text: readIfThere(options.root, path.join(options.root, file)) };
    },
    reports: { read: (book, report) => readIfThere(options.root, path.join(options.root, options.contentDir, book, ...report.split('/'))), parse: parseReportMarkdown },
  });
}

/**
 * Check a plan, then print it as a diff (dry run) or write it.
 * @param options the project.
 * @param plan the planned decisions.
 * @param io the streams.
 * @param how a dry run or not, the question before writing, the chapters set aside, git's name.
 * @returns the exit code.
 */
export async function carryOut(options: ProjectOptions, plan: DecisionPlan, io: Io, how: CarryOutOptions): Promise<number> {
  const { dryRun, confirm, setAside = [], fromGit } = how;
  // What the lines quote of the sidecars is shown as \`review\` shows it: control and bidirectional characters spelled out.
  if (plan.errors.length > 0) {
    // What a chapter set aside holds is not read: a handle or claim of it is "not found" for that reason.
    const aside = setAside.length === 0 ? '' : `\n(${setAsideWords(setAside)}: a lead, proposal or claim there is found again once \`research-pack check\` passes.)`;
    io.stderr(`${plan.errors.map(plain).join('\n')}${aside}\nRefused: nothing was written.\n`);
    return EXIT.problems;
  }
  const lines = plan.outcomes.map((outcome) => plain(`${outcome.decision.verb} ${outcome.decision.target}: ${outcome.summary}`));
  if (plan.files.length === 0) {
    io.stdout(`${lines.join('\n')}\nNothing to change: ${plan.outcomes.length === 1 ? 'the decision is' : 'every decision is'} already recorded.\n`);
    return EXIT.ok;
  }
  let problems: Problem[] = (await checkWouldBe(options, plan.files)).filter((problem) => problem.severity === 'error');
  if (problems.length > 0) {
    // Another writer may have been between two of its files when the books were copied for the check
    // (its evidence written, its claims not yet): judged again under the books' writer locks, which a
    // writer holds while it writes, so that a refusal names a problem there is.
    const locks = lockBooks(options, plan.files, DECISION_LOCK, io);
    try {
      await unchangedOnDisk(options, plan.files, PLANNED);
      problems = (await checkWouldBe(options, plan.files)).filter((problem) => problem.severity === 'error');
    } finally {
      for (const lock of locks.reverse()) lock.release();
    }
  }
  if (problems.length > 0) {
    // The lines are those of the files as the decisions would write them; a date problem comes from --date, not from the file.
    const dated = problems.some((problem) => problem.rule === 'cross/future-date') ? ' A date in the future is the decision\'s --date: give the day you decided.' : '';
    // Under --dry-run the would-be files' diff follows, so that the places named can be found in it.
    if (dryRun) for (const file of plan.files) io.stdout(`${plainLines(unifiedDiff(file.file, file.before, file.after))}\n`);
    io.stderr(
      `${formatProblems(problems)}\nThe sidecars these decisions would produce do not pass \`research-pack check\` (the places above are in the files as they would be written${dryRun ? ': their diff is on standard output' : '; `--dry-run` shows their diff'}); nothing was written.${dated}\n`,
    );
    return EXIT.problems;
  }
  // What the decisions do is said before a dry run's diff and before the question, else once it is written: a refused write says only why.
  const summary = `${lines.join('\n')}\n`;
  if (fromGit !== undefined) sayDecidingAs(io, fromGit);
  if (dryRun) {
    io.stdout(summary);
    for (const file of plan.files) io.stdout(`\n${plainLines(unifiedDiff(file.file, file.before, file.after))}`);
    io.stdout('\nDry run: nothing was written. Run again without --dry-run to apply.\n');
    return EXIT.ok;
  }
  if (confirm) {
    io.stdout(summary);
    if (!(await confirm())) {
      io.stdout('Nothing was written.\n');
      return EXIT.ok;
    }
  }
  // The books' writer locks, then: a file changed on disk since it was read for the plan means deciding again reads it anew.
  await writeChecked(options, plan.files, { lock: DECISION_LOCK, journal: [...new Set(plan.outcomes.map((outcome) => outcome.decision.verb))].join(' + '), checked: PLANNED }, io);
  if (!confirm) io.stdout(summary);
  io.stdout(`Wrote ${plan.files.map((file) => file.file).join(', ')}.\n`);
  return EXIT.ok;
}

/**
 * A chapter's sidecar path, relative to the root: the file that exists, else where it would be.
 * @param options the project.
 * @param chapter the chapter.
 * @param kind which sidecar.
 * @returns the path, with `/`.
 */
export function sidecarPath(options: ProjectOptions, chapter: ChapterModel, kind: 'claims' | 'evidence' | 'research'): string {
  return chapter.sidecars[kind] ?? [...options.contentDir.split(path.sep), chapter.book, `${chapter.slug}.${kind}.yaml`].join('/');
}

/** A book file's text under the file policy (inside the project, a regular text file); undefined when it is not there. */
function readIfThere(root: string, file: string): string | undefined {
  const read = readBookFile(root, file);
  if (read.status === 'absent') return undefined;
  if (read.status === 'refused') throw new CliError(`${formatProblems([read.problem])}\nNothing was written.`, EXIT.problems);
  return read.text;
}

/** Text of several lines shown as `plain` shows one: each line's characters spelled out, its line breaks (CRLF too) kept. */
export function plainLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.endsWith('\r') ? `${plain(line.slice(0, -1))}\r` : plain(line)))
    .join('\n');
}
