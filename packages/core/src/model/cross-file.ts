/**
 * Checks across files: ids that must be unique, ids that must exist, verdicts
 * that need evidence, reproduced evidence that needs a passing run, dates
 * that cannot lie ahead, and paths that must stay inside their folder.
 * Each check only runs when the files it reads loaded cleanly, so one typo
 * is reported once, not again by every check that reads the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { addDays } from '../schema/dates.js';
import type { BookFolder, LoadedBook, LoadedChapter } from '../load/books.js';
import { isNotFound } from '../load/books.js';
import type { LoadedSidecar } from '../load/sidecar.js';
import { unsafePathReason } from '../load/paths.js';
import { appendProblems, closest, createProblem, formatPath, quote, type YamlPath, type Problem } from '../problems/problem.js';
import type { ProblemPlace } from '../problems/problem.js';
import type { Relation, VerdictStatus } from '../schema/sidecars.js';
import type { RuleId } from '../problems/rules.js';

/** Options of `validateBook`. */
export interface ValidateBookOptions {
  /** The build's date, `YYYY-MM-DD` (see `resolveAsOf`). */
  asOf: string;
}

/** The relation evidence must have to back each verdict. */
export const verdictRelations: Record<Exclude<VerdictStatus, 'unverified'>, Relation> = {
  supported: 'supports',
  qualified: 'qualifies',
  contradicted: 'contradicts',
};

/**
 * Run every cross-file check on a loaded book.
 *
 * Dates count as "in the future" when they are later than the day after
 * `asOf`: an author east of UTC may already live on the next day.
 * @param book a book from `loadBooks`.
 * @param options the build date.
 * @returns the problems found; the problems of single files are not repeated.
 */
export function validateBook(book: LoadedBook, options: ValidateBookOptions): Problem[] {
  const problems: Problem[] = [];
  const numbers = new Map<number, string>();
  for (const chapter of book.chapters) {
    appendProblems(problems, validateChapter(book, chapter, options));
    const duplicate = duplicateChapterNumber(numbers, chapter.file, chapter.frontmatter.data?.number, () => chapter.frontmatter.locate(['number']));
    if (duplicate) problems.push(duplicate);
  }
  return problems;
}

/**
 * The book-wide part of `validateBook`: a chapter number used twice.
 * @param seen chapter files by number, of the chapters before this one (in slug order); updated.
 * @param file this chapter's file.
 * @param number its frontmatter's number (undefined when the frontmatter did not load).
 * @param locate where `number` is in the file, called only for a duplicate.
 * @returns the problem, when an earlier chapter has the same number.
 */
export function duplicateChapterNumber(seen: Map<number, string>, file: string, number: number | undefined, locate: () => { line: number; column: number }): Problem | undefined {
  if (number === undefined) return undefined;
  const first = seen.get(number);
  if (first === undefined) {
    seen.set(number, file);
    return undefined;
  }
  return createProblem(
    'cross/duplicate-chapter-number',
    { file, path: 'number', ...locate() },
    `chapter number ${number} is also used by ${path.posix.basename(first)}`,
    'give each chapter its own number; chapters with the same number are ordered by file name',
  );
}

/**
 * The cross-file checks of one chapter: `validateBook` without the book-wide
 * duplicate-number check.
 * @param book the chapter's book folder (its configuration and where it is).
 * @param chapter the loaded chapter.
 * @param options the build date.
 * @returns the problems found; the problems of single files are not repeated.
 */
export function validateChapter(book: BookFolder, chapter: LoadedChapter, options: ValidateBookOptions): Problem[] {
  const problems: Problem[] = [];
  const report = (rule: RuleId, sidecar: LoadedSidecar<unknown>, at: YamlPath, message: string, hint?: string, key = false) => {
    problems.push(createProblem(rule, place(sidecar, at, key), message, hint));
  };
  const future = addDays(options.asOf, 1);
  const checkDate = (sidecar: LoadedSidecar<unknown>, at: YamlPath, date: string | undefined, what: string) => {
    if (date !== undefined && date > future) {
      report('cross/future-date', sidecar, at, `${what} ${date} is in the future (the build is as of ${options.asOf})`, 'record the date it happened; check for a typo in the year or month');
    }
  };

  // A file that exists but failed to load is `broken`: checks that read it are skipped.
  const claimsFile = chapter.claims;
  const evidenceFile = chapter.evidence;
  const researchFile = chapter.research;
  const claims = claimsFile?.data?.claims ?? [];
  const sources = evidenceFile?.data?.sources ?? [];
  const evidence = evidenceFile?.data?.evidence ?? [];
  const research = researchFile?.data;
  const claimsBroken = claimsFile !== undefined && claimsFile.data === undefined;
  const evidenceBroken = evidenceFile !== undefined && evidenceFile.data === undefined;
  const researchBroken = researchFile !== undefined && researchFile.data === undefined;
  const sidecarName = (kind: string) => `${chapter.slug}.${kind}.yaml`;

  // Unique ids.
  const unique = (sidecar: LoadedSidecar<unknown> | undefined, what: string, items: ReadonlyArray<{ id: string; at: YamlPath }>) => {
    if (!sidecar) return;
    const first = new Map<string, YamlPath>();
    for (const item of items) {
      const earlier = first.get(item.id);
      if (earlier) {
        const { line } = sidecar.locate([...earlier, 'id']);
        report('cross/duplicate-id', sidecar, [...item.at, 'id'], `duplicate ${what} id ${quote(item.id)}; first used at ${formatPath(earlier)} (line ${line})`, 'ids must be unique within the chapter; rename one');
      } else {
        first.set(item.id, item.at);
      }
    }
  };
  unique(claimsFile, 'claim', claims.map((claim, index) => ({ id: claim.id, at: ['claims', index] })));
  unique(evidenceFile, 'source', sources.map((source, index) => ({ id: source.id, at: ['sources', index] })));
  unique(evidenceFile, 'evidence', evidence.map((item, index) => ({ id: item.id, at: ['evidence', index] })));
  unique(researchFile, 'reference', (research?.references ?? []).map((reference, index) => ({ id: reference.id, at: ['references', index] })));
  const runs = (research?.notebooks ?? []).flatMap((notebook, index) => notebook.runs.map((run, runIndex) => ({ id: run.id, at: ['notebooks', index, 'runs', runIndex] as YamlPath, run })));
  unique(researchFile, 'run', runs);

  const claimIds = new Set(claims.map((claim) => claim.id));
  const sourceIds = new Set(sources.map((source) => source.id));
  const runsById = new Map(runs.map((entry) => [entry.run.id, entry.run]));

  // Evidence → claims, sources, runs.
  if (evidenceFile?.data) {
    evidence.forEach((item, index) => {
      if (!claimsBroken) {
        item.claims.forEach((id, claimIndex) => {
          if (claimIds.has(id)) return;
          const suggestion = closest(id, claimIds);
          report(
            'cross/missing-claim',
            evidenceFile,
            ['evidence', index, 'claims', claimIndex],
            claimsFile ? `no claim ${quote(id)} in ${sidecarName('claims')}` : `no claim ${quote(id)}: the chapter has no ${sidecarName('claims')}`,
            suggestion ? `did you mean ${quote(suggestion)}?` : `add the claim to ${sidecarName('claims')}, or fix the id`,
          );
        });
      }
      if (!sourceIds.has(item.source)) {
        const suggestion = closest(item.source, sourceIds);
        report('cross/missing-source', evidenceFile, ['evidence', index, 'source'], `no source ${quote(item.source)} in sources`, suggestion ? `did you mean ${quote(suggestion)}?` : 'add the source to "sources" in this file, or fix the id');
      }
      if (item.run !== undefined && !researchBroken && !runsById.has(item.run)) {
        const suggestion = closest(item.run, runsById.keys());
        report(
          'cross/missing-run',
          evidenceFile,
          ['evidence', index, 'run'],
          researchFile ? `no notebook run ${quote(item.run)} in ${sidecarName('research')}` : `no notebook run ${quote(item.run)}: the chapter has no ${sidecarName('research')}`,
          suggestion ? `did you mean ${quote(suggestion)}?` : `record the run under notebooks[].runs in ${sidecarName('research')}`,
        );
      }
      if (item.class === 'reproduced' && item.status === 'validated' && !researchBroken) {
        if (item.run === undefined) {
          report(
            'cross/run-required',
            evidenceFile,
            ['evidence', index, 'run'],
            'validated reproduced evidence needs "run": the id of a passed notebook run',
            `record the run in ${sidecarName('research')} and set run: <its id>, or set status: lead until it is reproduced`,
          );
        } else {
          const run = runsById.get(item.run);
          if (run && run.outcome !== 'passed') {
            report(
              'cross/run-not-passed',
              evidenceFile,
              ['evidence', index, 'run'],
              `run ${quote(item.run)} has outcome ${quote(run.outcome)}; validated reproduced evidence needs a passed run`,
              'name a passed run, or set status: lead until the notebook passes',
            );
          }
        }
      }
      checkDate(evidenceFile, ['evidence', index, 'recorded'], item.recorded, 'recorded date');
    });
    sources.forEach((source, index) => {
      checkDate(evidenceFile, ['sources', index, 'accessed'], source.accessed, 'accessed date');
      checkDate(evidenceFile, ['sources', index, 'verified'], source.verified, 'verified date');
    });
  }

  // Verdicts need a date, a rationale and validated evidence of the matching relation.
  if (claimsFile?.data) {
    claims.forEach((claim, index) => {
      const { verdict } = claim;
      checkDate(claimsFile, ['claims', index, 'verdict', 'date'], verdict.date, 'verdict date');
      if (verdict.status === 'unverified') return;
      for (const field of ['date', 'rationale'] as const) {
        if (verdict[field] === undefined) {
          report(
            'cross/verdict-incomplete',
            claimsFile,
            ['claims', index, 'verdict', field],
            `a ${verdict.status} verdict needs a ${field}`,
            field === 'date' ? 'add date: YYYY-MM-DD, the day the verdict was given' : 'add rationale: one or two sentences a reader can check against the evidence',
          );
        }
      }
      if (evidenceBroken) return;
      const relation = verdictRelations[verdict.status];
      const bearing = evidence.filter((item) => item.claims.includes(claim.id) && item.relation === relation);
      if (bearing.some((item) => item.status === 'validated')) return;
      const lead = bearing[0];
      report(
        'cross/verdict-unsupported',
        claimsFile,
        ['claims', index, 'verdict', 'status'],
        `a ${verdict.status} verdict needs validated evidence with relation ${quote(relation)} for claim ${quote(claim.id)}`,
        lead
          ? `evidence ${quote(lead.id)} is still a lead; check the source and set status: validated, or set the verdict to unverified`
          : `add it to ${sidecarName('evidence')}, or set the verdict to unverified`,
      );
    });
  }

  // References → sources.
  if (research && researchFile) {
    research.references.forEach((reference, index) => {
      if (reference.source === undefined || evidenceBroken || sourceIds.has(reference.source)) return;
      const suggestion = closest(reference.source, sourceIds);
      report(
        'cross/missing-source',
        researchFile,
        ['references', index, 'source'],
        evidenceFile ? `no source ${quote(reference.source)} in ${sidecarName('evidence')}` : `no source ${quote(reference.source)}: the chapter has no ${sidecarName('evidence')}`,
        suggestion ? `did you mean ${quote(suggestion)}?` : `add the source to ${sidecarName('evidence')}, or remove "source"`,
      );
    });

    // Notebooks live in the book's repository, under relative paths.
    const repository = book.config?.data ? book.config.data.notebooks : undefined;
    if (research.notebooks.length > 0 && book.config?.data && !repository) {
      report(
        'cross/notebooks-without-repository',
        researchFile,
        ['notebooks'],
        `the chapter lists notebooks, but ${path.posix.basename(book.file)} has no "notebooks" repository`,
        `add to ${book.file}: notebooks: { github: owner/name }`,
        true,
      );
    }
    research.notebooks.forEach((notebook, index) => {
      const reason = unsafePathReason(notebook.path);
      if (reason) {
        report('cross/notebook-path', researchFile, ['notebooks', index, 'path'], `notebook path ${quote(notebook.path)} ${reason}`, 'write it relative to the root of the notebooks repository, with "/" between folders, e.g. notebooks/27-chapter.ipynb');
      }
      notebook.runs.forEach((run, runIndex) => checkDate(researchFile, ['notebooks', index, 'runs', runIndex, 'date'], run.date, 'run date'));
    });

    // Research passes: dates and report files.
    research.history.forEach((pass, index) => {
      checkDate(researchFile, ['history', index, 'date'], pass.date, 'pass date');
      if (pass.report === undefined) return;
      const reason = unsafePathReason(pass.report);
      if (reason) {
        report('cross/report-path', researchFile, ['history', index, 'report'], `report path ${quote(pass.report)} ${reason}`, 'write it relative to the book folder, with "/" between folders, e.g. reports/27-chapter-pass-1.md');
        return;
      }
      if (!isFile(path.join(book.dir, ...pass.report.split('/')))) {
        const expected = path.posix.join(path.posix.dirname(book.file), pass.report);
        report(
          'cross/missing-report',
          researchFile,
          ['history', index, 'report'],
          `report file ${quote(pass.report)} does not exist (looked for ${expected})`,
          'report paths are relative to the book folder; fix the path, add the file, or remove "report"',
        );
      }
    });
  }

  return problems;
}

/** A problem's place: the field's position in a sidecar. */
function place(sidecar: LoadedSidecar<unknown>, at: YamlPath, key: boolean): ProblemPlace {
  return { file: sidecar.file, path: formatPath(at), ...sidecar.locate(at, { key }) };
}

/** Whether a regular file exists; only "not found" counts as absence. */
function isFile(absolute: string): boolean {
  try {
    return fs.statSync(absolute).isFile();
  } catch (error) {
    if (isNotFound(error)) return false;
    throw new Error(`Research Pack: cannot read ${absolute}`, { cause: error });
  }
}
