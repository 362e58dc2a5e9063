/**
 * The verdict a research pass reported for a claim: its report (kept in the
 * book's reports folder) is read again, its claim-audit rows matched to the
 * chapter's claims as `ingest` matched them, and the row about the claim
 * gives the status its evidence cell opens with and that cell as the
 * rationale, its references to the report's source-ledger rows (`[S4]`)
 * written as the ids those sources have in the chapter's ledger.
 */
import { labelReplacer, withChapterIds } from '../ingest/labels.js';
import { matchClaimRows, SourceIndex } from '../ingest/match.js';
import type { ChapterModel } from '../model/types.js';
import { parseResearchReport, type ParseResearchReportMarkdown, type SourceLedgerRow } from '../research-report/read.js';
import { STATUS_MARK } from '../research-report/read/node-text.js';
import type { ResearchPass, Source, VerdictStatus } from '../schema/sidecars.js';

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
      : history.filter((pass) => pass.date === which || (pass.report !== undefined && namesReport(which, pass.report))).at(-1);
  if (found) return found;
  const known = history.map((pass) => `${pass.date}${pass.report ? ` (${pass.report})` : ''}`).join(', ');
  return { error: `no research pass "${which}" in ${chapter.book}/${chapter.slug}; give latest, a date or a report path of: ${known}` };
}

/**
 * Whether a path a user gives names a pass's report (`reports/x.md`, as the
 * pass records it, relative to the book folder): that path, one that ends
 * in it (from the project root, or absolute), or its file name.
 */
function namesReport(given: string, report: string): boolean {
  const path = given.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
  const recorded = report.replace(/^(?:\.\/)+/, '');
  return path === recorded || path.endsWith(`/${recorded}`) || path === recorded.slice(recorded.lastIndexOf('/') + 1);
}

/**
 * What a pass reported about a claim.
 * @param chapter the chapter.
 * @param claimId the claim.
 * @param pass the pass.
 * @param reports how to read its report.
 * @returns the reported status and rationale, or an error saying what is missing.
 */
export function reportedVerdict(chapter: ChapterModel, claimId: string, pass: ResearchPass, reports: PassReports): ReportedVerdict | { error: string } {
  const audit = passAudit(chapter, pass, reports);
  if ('error' in audit) return audit;
  return audit.get(claimId) ?? { error: `the research pass of ${pass.date}${pass.report ? ` (${pass.report})` : ''} has no claim-audit row about "${claimId}"` };
}

/** What a pass's claim-audit row says of a claim. */
export interface ReportedVerdict {
  /** The status its row gives, if any. */
  status: VerdictStatus | undefined;
  /** Its evidence cell without the status word it opens with, with the chapter's source ids for the report's ledger labels. */
  rationale: string | undefined;
  /** The row's label (`C4`), else its number in the table. */
  label: string;
}

/**
 * Every claim-audit row of a pass's report that is about one of the
 * chapter's claims, by claim id (the report read once).
 * @param chapter the chapter.
 * @param pass the pass.
 * @param reports how to read its report.
 * @returns the rows' verdicts, or an error saying why the report cannot be read.
 */
export function passAudit(chapter: ChapterModel, pass: ResearchPass, reports: PassReports): Map<string, ReportedVerdict> | { error: string } {
  const name = `the research pass of ${pass.date}${pass.report ? ` (${pass.report})` : ''}`;
  if (pass.report === undefined) return { error: `${name} records no report to read its verdict from` };
  const text = reports.read(chapter.book, pass.report);
  if (text === undefined) return { error: `the report of ${name} is not in the book folder` };
  const { report } = parseResearchReport(text, { file: pass.report, parse: reports.parse });
  const claims = chapter.claims.map((claim) => ({ id: claim.claim.id, text: claim.text }));
  const { matches } = matchClaimRows(report.claimAudit, claims, { file: pass.report, claimsFile: chapter.sidecars.claims ?? '', chapter: `${chapter.book}/${chapter.slug}` });
  const rows = new Map<string, ReportedVerdict>();
  // "(see C4)": the claim-audit rows' labels as the ids of the claims they are about.
  const claimLabels = new Map<string, string>();
  for (const match of matches) if (!match.duplicate && match.row.label) claimLabels.set(match.row.label.value.trim(), match.id);
  const relabel = labelReplacer(reportLabelIds(report.sourceLedger, chapter.sources, claimLabels));
  for (const match of matches) {
    if (match.duplicate || rows.has(match.id)) continue;
    const label = match.row.label?.value ?? String(match.row.index + 1);
    // "Supported. …", "supports: …": the status (or relation) word is the verdict's status, not part of its rationale.
    const cell = match.row.evidence.trim();
    // A mark before it ("✅ holds. …") goes with it.
    const unmarked = cell.replace(MARK_AND_WORD, '');
    const stripped = unmarked.replace(/^\s*(?:supported|qualified|contradicted|unverified|supports|qualifies|contradicts)\s*[.:;]\s*/i, '').trim();
    // What followed "qualifies:" may start in lower case: a rationale starts a sentence (an outside author's finding).
    const stated = stripped !== cell && /^[a-z]+\s/.test(stripped) ? `${stripped[0]!.toUpperCase()}${stripped.slice(1)}` : stripped;
    const rationale = relabel(stated);
    rows.set(match.id, { status: match.row.status, rationale: rationale === '' ? undefined : rationale, label });
  }
  return rows;
}

/**
 * A rationale as the chapter names things: the label of a source-ledger row
 * whose source the chapter records (as `ingest` matched it) becomes that
 * source's id, and the label of a claim-audit row about one of the
 * chapter's claims (`claims`, when given) that claim's id (`withChapterIds`:
 * `[S4]`, `[S1, S4]`, `S2 lists them`, `(see C4)`). A label whose row
 * matches nothing recorded is left as written; where a label is both, the
 * source's wins.
 * @param text the rationale as the report gives it.
 * @param ledger the report's source-ledger rows.
 * @param sources the chapter's recorded sources.
 * @param claims the claim-audit rows' labels and the claims they are about.
 * @returns the rationale with those labels replaced.
 */
export function withSourceIds(text: string, ledger: readonly SourceLedgerRow[], sources: readonly Source[], claims: ReadonlyMap<string, string> = new Map()): string {
  return withChapterIds(text, reportLabelIds(ledger, sources, claims));
}

/** The ids a report's labels stand for in the chapter: its ledger rows' sources, then its claim rows' claims. */
function reportLabelIds(ledger: readonly SourceLedgerRow[], sources: readonly Source[], claims: ReadonlyMap<string, string>): Map<string, string> {
  const ids = new Map<string, string>();
  const index = new SourceIndex(sources);
  for (const row of ledger) {
    const label = row.label?.value.trim();
    if (!label || ids.has(label)) continue;
    const id = index.place(row).source?.id;
    if (id !== undefined) ids.set(label, id);
  }
  for (const [label, claim] of claims) if (!ids.has(label)) ids.set(label, claim);
  return ids;
}

/** A status mark and the word after it that only repeats it ("✅ holds.", "❌️ Wrong:"). */
const MARK_AND_WORD = new RegExp(`${STATUS_MARK.source}\\s*(?:(?:holds|partly|wrong|unknown)\\s*[.:;]\\s*)?`, 'iu');
