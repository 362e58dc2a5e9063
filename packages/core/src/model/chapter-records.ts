/**
 * A chapter's sidecars as the cross-file checks read them: the records of
 * each file (empty when the file is absent), whether a file exists but
 * failed to load (its checks are then skipped, so one typo is reported
 * once), the ids the checks look up, and where the problems go.
 */
import type { BookFolder, LoadedChapter } from '../load/books.js';
import type { LoadedSidecar } from '../load/sidecar.js';
import { createProblem, formatPath, type Problem, type ProblemPlace, type YamlPath } from '../problems/problem.js';
import type { RuleId } from '../problems/rules.js';
import { addDays } from '../schema/dates.js';
import type { Claim, EvidenceItem, NotebookRun, ResearchFile, Source } from '../schema/sidecars.js';

/** What the cross-file checks of one chapter read, and how they report. */
export interface ChapterRecords {
  book: BookFolder;
  chapter: LoadedChapter;
  claimsFile: LoadedChapter['claims'];
  evidenceFile: LoadedChapter['evidence'];
  researchFile: LoadedChapter['research'];
  claims: readonly Claim[];
  sources: readonly Source[];
  evidence: readonly EvidenceItem[];
  /** The research record, when the file loaded. */
  research: ResearchFile | undefined;
  /** The file exists but did not load: checks that read it are skipped. */
  claimsBroken: boolean;
  evidenceBroken: boolean;
  researchBroken: boolean;
  claimIds: ReadonlySet<string>;
  sourceIds: ReadonlySet<string>;
  /** Every recorded notebook run with where it is written. */
  runs: ReadonlyArray<{ id: string; at: YamlPath; run: NotebookRun }>;
  runsById: ReadonlyMap<string, NotebookRun>;
  /** The build's date, `YYYY-MM-DD`. */
  asOf: string;
  /** The latest date that is not in the future: the day after `asOf`, since an author east of UTC may already live on the next day. */
  latest: string;
  /** The problems found so far, in the order found. */
  problems: Problem[];
}

/**
 * Gather what the checks of a chapter read.
 * @param book the chapter's book folder.
 * @param chapter the loaded chapter.
 * @param asOf the build's date, `YYYY-MM-DD`.
 * @returns the records, with no problems yet.
 */
export function chapterRecords(book: BookFolder, chapter: LoadedChapter, asOf: string): ChapterRecords {
  const { claims: claimsFile, evidence: evidenceFile, research: researchFile } = chapter;
  const claims = claimsFile?.data?.claims ?? [];
  const sources = evidenceFile?.data?.sources ?? [];
  const research = researchFile?.data;
  const runs = (research?.notebooks ?? []).flatMap((notebook, index) =>
    notebook.runs.map((run, runIndex) => ({ id: run.id, at: ['notebooks', index, 'runs', runIndex] as YamlPath, run })),
  );
  return {
    book,
    chapter,
    claimsFile,
    evidenceFile,
    researchFile,
    claims,
    sources,
    evidence: evidenceFile?.data?.evidence ?? [],
    research,
    claimsBroken: claimsFile !== undefined && claimsFile.data === undefined,
    evidenceBroken: evidenceFile !== undefined && evidenceFile.data === undefined,
    researchBroken: researchFile !== undefined && researchFile.data === undefined,
    claimIds: new Set(claims.map((claim) => claim.id)),
    sourceIds: new Set(sources.map((source) => source.id)),
    runs,
    runsById: new Map(runs.map((entry) => [entry.run.id, entry.run])),
    asOf,
    latest: addDays(asOf, 1),
    problems: [],
  };
}

/**
 * Record a problem at a field of a sidecar.
 * @param records the chapter's records; the problem is appended to them.
 * @param rule the rule broken.
 * @param sidecar the file.
 * @param at the field's path.
 * @param message what is wrong.
 * @param hint how to fix it.
 * @param key point at the key rather than the value.
 */
export function report(records: ChapterRecords, rule: RuleId, sidecar: LoadedSidecar<unknown>, at: YamlPath, message: string, hint?: string, key = false): void {
  records.problems.push(createProblem(rule, place(sidecar, at, key), message, hint));
}

/**
 * Report a date that records something done but lies in the future (after `records.latest`).
 * @param records the chapter's records.
 * @param sidecar the file.
 * @param at the date's path.
 * @param date the date, when recorded.
 * @param what what the date records, e.g. `verdict date`.
 */
export function checkDate(records: ChapterRecords, sidecar: LoadedSidecar<unknown>, at: YamlPath, date: string | undefined, what: string): void {
  if (date !== undefined && date > records.latest) {
    report(records, 'cross/future-date', sidecar, at, `${what} ${date} is in the future (the build is as of ${records.asOf})`, 'record the date it happened; check for a typo in the year or month');
  }
}

/**
 * The file name of one of the chapter's sidecars.
 * @param records the chapter's records.
 * @param kind `claims`, `evidence` or `research`.
 * @returns e.g. `27-chapter.claims.yaml`.
 */
export function sidecarName(records: ChapterRecords, kind: 'claims' | 'evidence' | 'research'): string {
  return `${records.chapter.slug}.${kind}.yaml`;
}

/** A problem's place: the field's position in a sidecar. */
function place(sidecar: LoadedSidecar<unknown>, at: YamlPath, key: boolean): ProblemPlace {
  return { file: sidecar.file, path: formatPath(at), ...sidecar.locate(at, { key }) };
}
