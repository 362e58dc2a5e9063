/**
 * The verdict a research pass reported for a claim: its report (kept in the
 * book's reports folder) is read again, its claim-audit rows matched to the
 * chapter's claims as `ingest` matched them, and the row about the claim
 * gives the status its evidence cell opens with and that cell as the
 * rationale.
 */
import { matchClaimRows } from '../ingest/match.js';
import type { ChapterModel } from '../model/types.js';
import { parseResearchReport, type ParseResearchReportMarkdown } from '../research-report/read.js';
import type { ResearchPass, VerdictStatus } from '../schema/sidecars.js';

/** How `reportedVerdict` reads a pass's report. */
export interface PassReports {
  /** The text of a report, by its path relative to the book folder; undefined when it is not there. */
  read: (book: string, report: string) => string | undefined;
  /** The Markdown parser of reports. */
  parse: ParseResearchReportMarkdown;
}

/**
 * The pass a `--from-pass` names.
 * @param chapter the chapter.
 * @param which `latest`, a pass's date (the latest pass of that day), or its report path.
 * @returns the pass, or an error naming the passes there are.
 */
export function findPass(chapter: ChapterModel, which: string): ResearchPass | { error: string } {
  const history = chapter.research.history;
  if (history.length === 0) return { error: `${chapter.book}/${chapter.slug} has no research pass to take a verdict from` };
  const found =
    which === 'latest'
      ? history.reduce((latest, pass) => (pass.date >= latest.date ? pass : latest))
      : history.filter((pass) => pass.date === which || pass.report === which).at(-1);
  if (found) return found;
  const known = history.map((pass) => `${pass.date}${pass.report ? ` (${pass.report})` : ''}`).join(', ');
  return { error: `no research pass "${which}" in ${chapter.book}/${chapter.slug}; give latest, a date or a report path of: ${known}` };
}

/**
 * What a pass reported about a claim.
 * @param chapter the chapter.
 * @param claimId the claim.
 * @param pass the pass.
 * @param reports how to read its report.
 * @returns the reported status and rationale, or an error saying what is missing.
 */
export function reportedVerdict(chapter: ChapterModel, claimId: string, pass: ResearchPass, reports: PassReports): { status: VerdictStatus | undefined; rationale: string | undefined; label: string } | { error: string } {
  const name = `the research pass of ${pass.date}${pass.report ? ` (${pass.report})` : ''}`;
  if (pass.report === undefined) return { error: `${name} records no report to read its verdict from` };
  const text = reports.read(chapter.book, pass.report);
  if (text === undefined) return { error: `the report of ${name} is not in the book folder` };
  const { report } = parseResearchReport(text, { file: pass.report, parse: reports.parse });
  const claims = chapter.claims.map((claim) => ({ id: claim.claim.id, text: claim.text }));
  const { matches } = matchClaimRows(report.claimAudit, claims, { file: pass.report, claimsFile: chapter.sidecars.claims ?? '', chapter: `${chapter.book}/${chapter.slug}` });
  const match = matches.find((candidate) => candidate.id === claimId && !candidate.duplicate);
  if (!match) return { error: `${name} has no claim-audit row about "${claimId}"` };
  const label = match.row.label?.value ?? `row ${match.row.index + 1}`;
  // "Supported. The notes say …": the status word is the verdict's status, not part of its rationale.
  const rationale = match.row.evidence.replace(/^\s*(?:supported|qualified|contradicted|unverified)\s*[.:;]\s*/i, '').trim();
  return { status: match.row.status, rationale: rationale === '' ? undefined : rationale, label };
}
