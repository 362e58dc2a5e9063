/**
 * Carrying out decisions: the project is loaded, who and when settled, the
 * decisions planned by the core, the would-be sidecars checked, and then a
 * diff shown (`--dry-run`) or every file written. Any refusal writes nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parse as parseYaml } from 'yaml';
import path from 'node:path';
import { formatProblems, listBooks, planDecisions, readBookFile, SOURCES_LOCK_FILE, type ChapterModel, type Decision, type DecisionPlan, type Problem, type ResearchModel } from '@research-pack/core';
import { unifiedDiff } from '../diff.js';
import { readOptional } from '../files.js';
import { lockBook, type WriterLock } from '../lock.js';
import { CliError, EXIT, type Io } from '../io.js';
import { loadProject, type ProjectOptions } from '../project.js';
import { parseReportMarkdown } from '../report-markdown.js';
import type { TypedDecision } from './parse-decisions.js';
import { defaultBy, today } from './who.js';
import { checkWouldBe, writeFiles } from './would-be.js';

/**
 * The model decisions are made on; when it cannot be built, an error that
 * names the claim a decision is about if that claim no longer anchors.
 * @param options the project.
 * @param decisions the decisions, to name their claims in the error.
 * @returns the model.
 */
export function modelForDecisions(options: ProjectOptions, decisions: readonly TypedDecision[]): ResearchModel {
  const { model, problems } = loadProject(options);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (model && errors.length === 0) return model;
  // The :claim directives of claims being accepted name no claim yet: plan on the prose without them.
  const directives = new Set(decisions.flatMap((decision) => (decision.verb === 'accept-claim' && decision.directive !== undefined ? [decision.directive] : [])));
  if (directives.size > 0 && errors.every((problem) => problem.rule === 'anchor/unknown-directive' && [...directives].some((id) => problem.message.startsWith(`:claim directive names "${id}"`)))) {
    const unmarked = modelWithoutDirectives(options, directives);
    if (unmarked) return unmarked;
  }
  for (const decision of decisions) {
    if (decision.verb !== 'verdict' && decision.verb !== 'reviewed') continue;
    const unanchored = errors.find((problem) => problem.rule.startsWith('anchor/') && problem.message.includes(`claim "${decision.target}"`));
    if (unanchored) {
      throw new CliError(
        `${decision.verb} ${decision.target}: claim "${decision.target}" no longer anchors in its chapter:\n${formatProblems([unanchored])}\nFix its anchor (or the prose) first: a verdict is recorded only on wording found in the chapter. Nothing was written.`,
        EXIT.problems,
      );
    }
  }
  throw new CliError(`${options.contentDir} has ${errors.length} error(s); fix them before deciding (\`research-pack check\` lists them):\n${formatProblems(errors)}`, EXIT.problems);
}

/**
 * The model of a copy of the books whose chapters read the given directives
 * as plain text. The copy holds the files the check reads (each book's
 * `book.yaml` and sources lock, its chapters and their sidecars), read under
 * the file policy; a file it refuses is left out, and the check of the books
 * themselves reports it.
 */
function modelWithoutDirectives(options: ProjectOptions, ids: ReadonlySet<string>): ResearchModel | undefined {
  const temporary = mkdtempSync(path.join(os.tmpdir(), 'research-pack-decide-'));
  const copy = (absolute: string, text: string | undefined = undefined) => {
    let content = text;
    if (content === undefined) {
      const read = readBookFile(options.root, absolute);
      if (read.status !== 'read') return;
      content = read.text;
    }
    const target = path.join(temporary, path.relative(options.root, absolute));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  };
  try {
    const listing = listBooks(options.root, { contentDir: options.contentDir, frontmatter: options.config.frontmatter });
    for (const book of listing.books) {
      if (book.source !== undefined) copy(path.join(options.root, book.file), book.source);
      copy(path.join(book.dir, SOURCES_LOCK_FILE));
      for (const entry of book.chapters) {
        const read = readBookFile(options.root, entry.path);
        if (read.status === 'read') copy(entry.path, unwrapDirectives(read.text, ids));
        for (const name of Object.values(entry.sidecars)) copy(path.join(path.dirname(entry.path), name));
        // The reports its research history names, which the check looks for.
        const research = entry.sidecars.research === undefined ? undefined : readBookFile(options.root, path.join(path.dirname(entry.path), entry.sidecars.research));
        for (const report of research?.status === 'read' ? reportsNamed(research.text) : []) copy(path.join(book.dir, ...report.split('/')));
      }
    }
    const { model, problems } = loadProject({ ...options, root: temporary });
    return model && !problems.some((problem) => problem.severity === 'error') ? model : undefined;
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/** The report files a research sidecar's history names (relative to the book folder). */
function reportsNamed(text: string): string[] {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch {
    return [];
  }
  const history = (data as { history?: unknown } | null)?.history;
  return Array.isArray(history) ? history.flatMap((pass: unknown) => (typeof (pass as { report?: unknown } | null)?.report === 'string' ? [(pass as { report: string }).report] : [])) : [];
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
 * Give each decision who and when: `--by`, else git's user.name; `--date`, else today.
 * @param decisions as typed.
 * @param options the project (git is asked there).
 * @param io the environment.
 * @returns the decisions, complete.
 */
export async function settleDecisions(decisions: readonly TypedDecision[], options: ProjectOptions, io: Io): Promise<Decision[]> {
  let by: string | undefined;
  const settled: Decision[] = [];
  for (const decision of decisions) {
    if (decision.by === undefined) by ??= await defaultBy(options.root, io);
    settled.push({ ...decision, by: decision.by ?? by!, date: decision.date ?? today(io) } as Decision);
  }
  return settled;
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
 * @param dryRun print the diff only.
 * @param confirm asked once the plan passed the checks, before writing; a no writes nothing.
 * @returns the exit code.
 */
export async function carryOut(options: ProjectOptions, plan: DecisionPlan, io: Io, dryRun: boolean, confirm?: () => Promise<boolean>): Promise<number> {
  if (plan.errors.length > 0) {
    io.stderr(`${plan.errors.join('\n')}\nRefused: nothing was written.\n`);
    return EXIT.problems;
  }
  const lines = plan.outcomes.map((outcome) => `${outcome.decision.verb} ${outcome.decision.target}: ${outcome.summary}`);
  if (plan.files.length === 0) {
    io.stdout(`${lines.join('\n')}\nNothing to change: ${plan.outcomes.length === 1 ? 'the decision is' : 'every decision is'} already recorded.\n`);
    return EXIT.ok;
  }
  const problems: Problem[] = (await checkWouldBe(options, plan.files)).filter((problem) => problem.severity === 'error');
  if (problems.length > 0) {
    io.stderr(`${formatProblems(problems)}\nThe sidecars these decisions would produce do not pass \`research-pack check\`; nothing was written.\n`);
    return EXIT.problems;
  }
  io.stdout(`${lines.join('\n')}\n`);
  if (dryRun) {
    for (const file of plan.files) io.stdout(`\n${unifiedDiff(file.file, file.before, file.after)}`);
    io.stdout('\nDry run: nothing was written. Run again without --dry-run to apply.\n');
    return EXIT.ok;
  }
  if (confirm && !(await confirm())) {
    io.stdout('Nothing was written.\n');
    return EXIT.ok;
  }
  // The books' writer locks, then: a file changed on disk since it was read for the plan means deciding again reads it anew.
  const locks = lockBooks(options, plan.files, io);
  try {
    for (const file of plan.files) {
      if ((await readOptional(path.join(options.root, file.file))) !== file.before) {
        throw new CliError(`${file.file} changed on disk while the decisions were planned; nothing was written. Run the command again.`, EXIT.problems);
      }
    }
    await writeFiles(options, plan.files);
  } finally {
    for (const lock of locks.reverse()) lock.release();
  }
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

/** The writer locks of the books the files are in, in name order; all or none (a refusal releases those taken). */
function lockBooks(options: ProjectOptions, files: readonly { file: string }[], io: Io): WriterLock[] {
  const content = options.contentDir.split(path.sep).join('/');
  const books = [...new Set(files.map((file) => path.posix.relative(content, file.file).split('/')[0]!))].sort();
  const locks: WriterLock[] = [];
  try {
    for (const book of books) locks.push(lockBook(path.join(options.root, options.contentDir, book), { command: 'a review decision', shown: path.posix.join(content, book), io }));
  } catch (error) {
    for (const lock of locks.reverse()) lock.release();
    throw error;
  }
  return locks;
}
