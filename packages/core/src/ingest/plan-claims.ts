/**
 * The claim audit's part of an ingest: each row matched to a claim of the
 * chapter (whose empty concern, priority and response it fills), proposed as
 * a new claim, or held back. The rows' labels are kept, so the source ledger
 * can name claims by them.
 */
import { matchClaimRows, type ClaimMatch, type ClaimText } from './match.js';
import { planProposals, type PlannedProposal } from './proposals.js';
import type { LabelledRow } from './refs.js';
import { editYaml, indexById, SIDECAR_KEY_ORDER, type YamlEdit } from './yaml-edit.js';
import { createProblem, quote, type Problem } from '../problems/problem.js';
import type { HeldBackRow, ResearchReport } from '../research-report/read.js';
import { at } from '../research-report/read/node-text.js';
import { ClaimSchema, type ProposedClaim } from '../schema/sidecars.js';

/** What the claim part needs. */
export interface ClaimsInput {
  report: ResearchReport;
  claims: readonly ClaimText[];
  spec: string;
  claimsFile: string;
  claimsSidecar: string | undefined;
  snapshot: string;
  recordedProposals: readonly ProposedClaim[];
  reportPath: string;
  date: string;
}

/** The claim part of the plan. */
export interface ClaimsPlan {
  matches: ClaimMatch[];
  edit: YamlEdit;
  filled: Array<{ id: string; fields: string[] }>;
  proposals: PlannedProposal[];
  labelled: LabelledRow[];
  held: HeldBackRow[];
}

const CLAIM_KEYS = Object.keys(ClaimSchema.shape);
/** What a claim's priority and response are when its sidecar leaves them out. */
const DEFAULT_PRIORITY = 'medium';
const DEFAULT_RESPONSE = 'no-change';

/**
 * Match the claim audit to the claims, propose the claims it adds, and fill what the author left empty.
 * @param input the report, the chapter's claims and snapshot, the claims sidecar, the recorded proposals and the pass.
 * @param problems where problems go.
 * @returns the claims sidecar edit, the matches, the proposals, the labelled rows and the held-back rows.
 */
export function planClaims(input: ClaimsInput, problems: Problem[]): ClaimsPlan {
  const { report } = input;
  const file = report.file;
  const matched = matchClaimRows(report.claimAudit, input.claims, { file, claimsFile: input.claimsFile, chapter: input.spec });
  problems.push(...matched.problems);
  const audited = new Set(matched.matches.map((match) => match.id));
  const missed = input.claims.filter((claim) => !audited.has(claim.id)).map((claim) => claim.id);
  if (missed.length > 0) {
    const section = report.sections.find((found) => found.number === 2);
    problems.push(createProblem('report/claims-not-audited', at(file, section, 'claim-audit'), `the claim audit covers ${audited.size} of ${input.claims.length} claims; not audited: ${missed.join(', ')}`));
  }
  const usedIds = new Set([...input.claims.map((claim) => claim.id), ...input.recordedProposals.map((proposal) => proposal.id)]);
  const proposals = planProposals(matched.unmatched, { snapshot: input.snapshot, usedIds, recorded: input.recordedProposals, reportPath: input.reportPath, date: input.date });
  for (const { row, proposal, recorded } of proposals) {
    // A quote the chapter does not hold may be invented, or about another revision: the author must see it now.
    if (recorded || proposal.quote !== undefined || row.quotes.length === 0) continue;
    problems.push(
      createProblem(
        'report/quote-not-found',
        at(file, row.claimAt, `claim-audit[${row.index}].claim`),
        `the quoted words ${quote(row.quotes[0]!)} are not in the chapter snapshot; the claim is proposed as "${proposal.id}" without a quote`,
        "the words may be invented or of another revision: check them against the chapter; `research-pack review` lists the proposal, to accept with accept-claim or reject with reject --why",
      ),
    );
  }
  const labelled: LabelledRow[] = [];
  for (const row of report.claimAudit) {
    if (!row.label) continue;
    const match = matched.matches.find((candidate) => candidate.row === row);
    const proposal = proposals.find((candidate) => candidate.row === row);
    const heldRow = matched.held.find((candidate) => candidate.row === row);
    labelled.push({
      label: row.label.value,
      ...(match ? { claim: match.id } : {}),
      ...(proposal ? { proposal: proposal.proposal.id } : {}),
      ...(heldRow ? { held: heldRow.meant === undefined ? {} : { meant: heldRow.meant } } : {}),
    });
  }
  const held = matched.held.map(({ row, reason, fix }): HeldBackRow => ({ table: 'claim-audit', index: row.index, line: row.line, column: row.column, label: row.label?.value ?? row.claimText.slice(0, 60), reason, fix }));
  const { edit, filled } = fillClaims(input.claimsSidecar, matched.matches, input.claimsFile);
  return { matches: matched.matches, edit, filled, proposals, labelled, held };
}

/** The concern, priority and response of each matched claim, where the author wrote none. */
function fillClaims(text: string | undefined, matches: readonly ClaimMatch[], file: string): { edit: YamlEdit; filled: ClaimsPlan['filled'] } {
  const edit = editYaml(text, SIDECAR_KEY_ORDER.claims, file);
  const claimIndex = indexById(text, 'claims');
  const filled: ClaimsPlan['filled'] = [];
  for (const match of matches) {
    const index = claimIndex.get(match.id);
    if (index === undefined || match.duplicate) continue;
    const entries: Array<[string, unknown]> = [];
    const path = ['claims', index];
    // A priority or response the report gives as the default (medium, no-change) is what the claim has already: not written
    // (an outside author's finding: every claim of the file gained two lines that say nothing).
    if (match.row.priority && match.row.priority !== DEFAULT_PRIORITY && !edit.has(path, 'priority')) entries.push(['priority', match.row.priority]);
    if (match.row.concern && !edit.has(path, 'concern')) entries.push(['concern', match.row.concern]);
    if (match.row.response && match.row.response !== DEFAULT_RESPONSE && !edit.has(path, 'response')) entries.push(['response', match.row.response]);
    if (entries.length === 0) continue;
    edit.fill(path, entries, CLAIM_KEYS);
    filled.push({ id: match.id, fields: entries.map(([key]) => key) });
  }
  return { edit, filled };
}
