/**
 * Planning an ingest: what a research report adds to a chapter's sidecars,
 * as the new text of each sidecar. Nothing is validated on the way in:
 * sources keep the reading status the report gives, evidence enters as
 * `status: lead`, claims keep their verdicts, and the claims a report
 * proposes go to the research sidecar, never to the claims sidecar. Values
 * the author wrote are never overwritten; a source the ledger already holds
 * is merged (missing fields filled), never duplicated. A row that cannot land
 * is held back: the pass lists it, and the report file keeps it.
 */
import { citeCommands, tiedSources, typoFix, type ClaimMatch, type ClaimText } from './match.js';
import { planClaims } from './plan-claims.js';
import { planSources, type HeldLink, type LinkedAgain, type PlannedSource, type RejectedAgain, type SourcesOverflow } from './plan-sources.js';
import type { PlannedProposal } from './proposals.js';
import { refResolver } from './refs.js';
import { labelReplacer, namesLabels, outsideCode } from './labels.js';
import { editYaml, indexById, SIDECAR_KEY_ORDER, type YamlEdit } from './yaml-edit.js';
import { createProblem, groupDigits, hasErrors, type Problem } from '../problems/problem.js';
import type { HeldBackRow, ResearchReport } from '../research-report/read.js';
import { at } from '../research-report/read/node-text.js';
import { MAX_YAML_LENGTH } from '../load/yaml.js';
import { shortDigests } from '../text/fingerprint.js';
import { ProposedClaimSchema, type EvidenceItem, type ProposedClaim, type Relation, type ResearchPass, type Source } from '../schema/sidecars.js';

export type { LinkedAgain, PlannedSource, RejectedAgain } from './plan-sources.js';
export type { PlannedProposal } from './proposals.js';

/** What `planIngest` needs to know about the chapter. */
export interface IngestChapter {
  /** `<book>/<chapter>`, for messages. */
  spec: string;
  /** The current fingerprint. */
  fingerprint: string;
  /** The claims with their current text. */
  claims: readonly ClaimText[];
  /** The source ledger and evidence as validated. */
  sources: readonly Source[];
  evidence: readonly EvidenceItem[];
  /** The chapter's snapshot, where the claims a report proposes are anchored. */
  snapshot?: string;
  /** The proposed claims the research sidecar already records. */
  proposals?: readonly ProposedClaim[];
}

/** The chapter's sidecars: their paths (relative to the project root) and texts (undefined when a file does not exist). */
export interface IngestSidecars {
  claims: { file: string; text: string | undefined };
  evidence: { file: string; text: string | undefined };
  research: { file: string; text: string | undefined };
}

/** Options for `planIngest`. */
export interface PlanIngestOptions {
  report: ResearchReport;
  chapter: IngestChapter;
  sidecars: IngestSidecars;
  /** Where the report is copied, relative to the book folder, e.g. `reports/2026-11-30-27-chapter.md`. */
  reportPath: string;
  /** The date of the pass, YYYY-MM-DD; also the `recorded` date of its leads. */
  date: string;
  /** Who made the pass. */
  by: string;
}

/** A sidecar the ingest changes. */
export interface PlannedFile {
  kind: 'claims' | 'evidence' | 'research';
  file: string;
  before: string | undefined;
  after: string;
}

/** The plan: new sidecar texts, and what they add. */
export interface IngestPlan {
  files: PlannedFile[];
  problems: Problem[];
  claims: ClaimMatch[];
  /** Claims whose missing concern, priority or response was filled from the audit. */
  filledClaims: Array<{ id: string; fields: string[] }>;
  /** The claims the report proposes, one per claim-audit row about no recorded claim. */
  proposals: PlannedProposal[];
  sources: PlannedSource[];
  leads: EvidenceItem[];
  /** Rows that cannot land, in report order; the pass lists them. */
  heldBack: HeldBackRow[];
  /** Sources the report links to claims again whose leads the author rejected: not added. */
  rejectedAgain: RejectedAgain[];
  /** Source-claim links the report makes that the evidence already records as it says them: not added again. */
  linkedAgain: LinkedAgain[];
  pass: ResearchPass;
}

const PASS_TEXT_LIMIT = 19_000;

/**
 * Plan the ingest of a report into a chapter's sidecars.
 * @param options the report, the chapter, its sidecars, and the pass's report path, date and author.
 * @returns the new sidecar texts and what they add; `problems` with errors mean: write nothing.
 */
export function planIngest(options: PlanIngestOptions): IngestPlan {
  const plan = planOnce(options);
  // The report's own labels in text the sidecars keep ("Same concern as C1", "conflicts with S1/S6", "Cite: S5") are
  // written as the chapter's ids, once the first plan has said which claim and source each label is.
  // Code spans and blocks are left as written ("process.argv[2]" names no row 2).
  const replace = outsideCode(labelReplacer(labelIds(plan)));
  const { report } = options;
  const labelled =
    report.claimAudit.some((row) => namesLabels(row.concern, replace) || namesLabels(row.evidence, replace)) ||
    report.sourceLedger.some((row) => namesLabels(row.limitations, replace)) ||
    namesLabels(report.findings, replace) ||
    namesLabels(report.proposal, replace);
  if (!labelled) return plan;
  const again = planOnce({ ...options, report: relabelled(report, replace) });
  // What the plan says of the rows is said of the report's rows as written (the rows are the same, but for that text).
  const audit = new Map(report.claimAudit.map((row) => [row.index, row]));
  const ledger = new Map(report.sourceLedger.map((row) => [row.index, row]));
  return {
    ...again,
    claims: again.claims.map((match) => ({ ...match, row: audit.get(match.row.index) ?? match.row })),
    proposals: again.proposals.map((planned) => ({ ...planned, row: audit.get(planned.row.index) ?? planned.row })),
    sources: again.sources.map((planned) => ({ ...planned, row: ledger.get(planned.row.index) ?? planned.row })),
  };
}

/**
 * The ids the report's labels stand for: each claim-audit row's label the
 * claim it is about (or the proposal it became), each source-ledger row's the source it was placed as
 * (a label of both tables is the source's, as `verdict --from-pass` reads it).
 */
function labelIds(plan: IngestPlan): Map<string, string> {
  const ids = new Map<string, string>();
  for (const { row, id } of plan.sources) {
    const label = row.label?.value.trim();
    if (label && !ids.has(label)) ids.set(label, id);
  }
  for (const match of plan.claims) {
    const label = match.row.label?.value.trim();
    if (label && !match.duplicate && !ids.has(label)) ids.set(label, match.id);
  }
  // A row about a claim the chapter does not have yet: the id of the proposal it became.
  for (const planned of plan.proposals) {
    const label = planned.row.label?.value.trim();
    if (label && !ids.has(label)) ids.set(label, planned.proposal.id);
  }
  return ids;
}

/**
 * The report with its concerns, claim-audit evidence, limitations, findings
 * and upgrade proposal in the chapter's ids (an outside author's finding:
 * "Cite: S5 …" under `review`'s upgrade proposal named a row of a report
 * the author did not have open). The report file keeps them as written.
 */
function relabelled(report: ResearchReport, replace: (text: string) => string): ResearchReport {
  return {
    ...report,
    ...(report.findings === undefined ? {} : { findings: replace(report.findings) }),
    ...(report.proposal === undefined ? {} : { proposal: replace(report.proposal) }),
    claimAudit: report.claimAudit.map((row) => ({ ...row, evidence: replace(row.evidence), ...(row.concern === undefined ? {} : { concern: replace(row.concern) }) })),
    sourceLedger: report.sourceLedger.map((row) => (row.limitations === undefined ? row : { ...row, limitations: replace(row.limitations) })),
  };
}

function planOnce(options: PlanIngestOptions): IngestPlan {
  const { report, chapter, sidecars, reportPath, date } = options;
  const problems: Problem[] = [];
  checkRevision(report, chapter, problems);
  const recordedProposals = chapter.proposals ?? [];
  const claims = planClaims(
    { report, claims: chapter.claims, spec: chapter.spec, claimsFile: sidecars.claims.file, claimsSidecar: sidecars.claims.text, snapshot: chapter.snapshot ?? '', recordedProposals, reportPath, date },
    problems,
  );
  const proposalIds = new Set([...recordedProposals.map((proposal) => proposal.id), ...claims.proposals.map((planned) => planned.proposal.id)]);
  const refs = refResolver(new Set(chapter.claims.map((claim) => claim.id)), proposalIds, claims.labelled, report.labelled);
  const reservedIds = new Set([...chapter.claims.map((claim) => claim.id), ...proposalIds]);
  const sources = planSources({ report, sources: chapter.sources, evidence: chapter.evidence, evidenceSidecar: sidecars.evidence.text, evidenceFile: sidecars.evidence.file, refs, reportPath, date, maxLength: MAX_YAML_LENGTH, reservedIds, chapter: chapter.spec }, problems);
  if (sources.overflow) problems.push(ledgerTooLarge(report, sidecars.evidence.file, sources.overflow));
  const fresh = claims.proposals
    .filter((planned) => !planned.recorded)
    .map((planned) => ({ ...planned.proposal, sources: sources.proposalSources.get(planned.proposal.id) ?? [], ...relationsOf(sources.proposalRelations.get(planned.proposal.id)) }));
  const heldBack = [...report.heldBack, ...heldWithLinks(claims.held, sources.heldLinks, problems), ...sources.held].sort((a, b) => a.line - b.line || a.column - b.column);
  const pass = planPass(options, {
      claims: claims.matches.filter((match) => !match.duplicate).length,
      sources: sources.added,
      leads: sources.leads.length,
      ...(fresh.length > 0 ? { proposed: fresh.length } : {}),
      ...(heldBack.length > 0 ? { heldBack: heldBack.length } : {}),
    }, heldBack, problems);
  const researchEdit = editYaml(sidecars.research.text, SIDECAR_KEY_ORDER.research, sidecars.research.file);
  researchEdit.append('history', [pass], { comment: `Research pass ingested from ${reportPath}` });
  const grown = growRecordedProposals(claims.proposals, sources, sidecars.research.text, researchEdit);
  if (fresh.length > 0) {
    researchEdit.append('proposedClaims', fresh, { comment: `Claims proposed by ${reportPath} (research pass of ${date}): not claims until the author adds them to the claims sidecar` });
  }

  const files: PlannedFile[] = [];
  if (!hasErrors(problems)) {
    for (const [kind, edit] of [
      ['claims', claims.edit],
      ['evidence', sources.edit],
      ['research', researchEdit],
    ] as const) {
      if (!edit.changed) continue;
      // A sidecar the pass would make too long to read is refused here, where the report's rows are known.
      const after = edit.render();
      const before = sidecars[kind].text?.length ?? 0;
      if (after.length > MAX_YAML_LENGTH && before <= MAX_YAML_LENGTH) {
        problems.push(tooLarge(report, kind, sidecars[kind].file, before, after.length));
        continue;
      }
      files.push({ kind, file: sidecars[kind].file, before: sidecars[kind].text, after: edit.toString() });
    }
    // Nothing is written when one of the files cannot be.
    if (hasErrors(problems)) files.length = 0;
  }
  const proposals = claims.proposals.map((planned) => {
    if (!planned.recorded) return { ...planned, proposal: fresh.find((proposal) => proposal.id === planned.proposal.id)! };
    const added = grown.get(planned.proposal.id);
    return added ? { ...planned, sourcesAdded: added } : planned;
  });
  return { files, problems, claims: claims.matches, filledClaims: claims.filled, proposals, sources: sources.planned, leads: sources.leads, heldBack, rejectedAgain: sources.rejectedAgain, linkedAgain: sources.linkedAgain, pass };
}

/** The keys of a proposed claim, in the schema's order. */
const PROPOSAL_KEYS = Object.keys(ProposedClaimSchema.shape);

/**
 * The held-back claim-audit rows, each with what the source ledger ties to
 * it, which lands nowhere: its fix (and its warning's hint) names each
 * source and relation, as the \`cite\` that records it for the claim the
 * row meant (an outside author had to read the report to find them).
 */
function heldWithLinks(held: readonly HeldBackRow[], links: readonly HeldLink[], problems: Problem[]): HeldBackRow[] {
  return held.map((row) => {
    const tied = links.filter((link) => link.label === row.label);
    if (tied.length === 0) return row;
    // A typo of a claim's id: its fix made concrete; another held row (an ambiguous quote): the links said after its own fix.
    const meant = tied[0]!.meant;
    const fix = meant !== undefined ? typoFix(meant, tied) : `${row.fix ?? ''}; the source ledger ties ${tiedSources(tied)} to this row, which lands nowhere: ${citeCommands(tied, '<claim>')}`;
    const problem = problems.find((candidate) => candidate.rule === 'report/unknown-claim' && candidate.path === `claim-audit[${row.index}].claim`);
    if (problem) problem.hint = fix;
    return { ...row, fix };
  });
}

/** A proposal's `relations`, when the report gives any. */
function relationsOf(relations: ReadonlyMap<string, Relation> | undefined): { relations?: Record<string, Relation> } {
  return relations && relations.size > 0 ? { relations: Object.fromEntries(relations) } : {};
}

/**
 * The sources a report links anew to a claim an earlier pass proposed (and
 * the author has neither accepted nor rejected): added to that proposal's
 * `sources` in the research sidecar, with their relations where the report
 * gives them, as a first pass would have listed them.
 * @param planned the planned proposals.
 * @param linked the sources the report links to each proposal, and their relations, by its id.
 * @param researchText the research sidecar as it is.
 * @param edit its edit.
 * @returns the sources added, by proposal id.
 */
function growRecordedProposals(
  planned: readonly PlannedProposal[],
  linked: { proposalSources: ReadonlyMap<string, string[]>; proposalRelations: ReadonlyMap<string, ReadonlyMap<string, Relation>> },
  researchText: string | undefined,
  edit: YamlEdit,
): Map<string, string[]> {
  const grown = new Map<string, string[]>();
  const index = indexById(researchText, 'proposedClaims');
  for (const { recorded, proposal } of planned) {
    if (!recorded || proposal.accepted || proposal.rejected || grown.has(proposal.id)) continue;
    const at = index.get(proposal.id);
    const added = (linked.proposalSources.get(proposal.id) ?? []).filter((source) => !proposal.sources.includes(source));
    if (at === undefined || added.length === 0) continue;
    edit.set(['proposedClaims', at, 'sources'], [...proposal.sources, ...added], PROPOSAL_KEYS);
    const given = linked.proposalRelations.get(proposal.id);
    const relations = added.flatMap((source) => (given?.has(source) ? [[source, given.get(source)!] as const] : []));
    if (relations.length > 0) edit.set(['proposedClaims', at, 'relations'], { ...proposal.relations, ...Object.fromEntries(relations) }, PROPOSAL_KEYS);
    grown.set(proposal.id, added);
  }
  return grown;
}

/**
 * The problem of a sidecar the pass would make longer than a sidecar may
 * be, at the report's row after which it would be too long: the rows of the
 * table that adds to it (claim audit, source ledger) are taken to add as
 * much each, so the row is named as an estimate.
 */
function tooLarge(report: ResearchReport, kind: 'claims' | 'evidence' | 'research', file: string, before: number, after: number): Problem {
  const rows: ReadonlyArray<{ line: number; column: number }> = kind === 'evidence' ? report.sourceLedger : kind === 'claims' ? report.claimAudit : [];
  const fit = rows.length === 0 ? 0 : Math.max(0, Math.min(rows.length - 1, Math.floor(((MAX_YAML_LENGTH - before) / (after - before)) * rows.length)));
  const row = rows[fit];
  const table = kind === 'evidence' ? 'source ledger' : 'claim audit';
  const where = row ? `; about the first ${groupDigits(fit)} of the ${table}'s ${groupDigits(rows.length)} rows fit, and this row is about where it would pass the limit` : '';
  return createProblem(
    'report/too-large',
    row ? { file: report.file, line: row.line, column: row.column, path: `${kind === 'evidence' ? 'source-ledger' : 'claim-audit'}[${fit}]` } : { file: report.file },
    `the pass would make ${file} ${groupDigits(after)} characters long, over the ${groupDigits(MAX_YAML_LENGTH)} a sidecar may have (it has ${groupDigits(before)})${where}; nothing is written`,
    row ? `split the ${table} into reports of at most about ${groupDigits(Math.max(1, fit))} rows, ingested one after another` : 'split the report into smaller passes',
  );
}

/** The problem of a source ledger whose rows would not all fit in the evidence sidecar, at the first row that does not. */
function ledgerTooLarge(report: ResearchReport, file: string, { row, fit, before }: SourcesOverflow): Problem {
  const rows = report.sourceLedger.length;
  return createProblem(
    'report/too-large',
    at(report.file, row, `source-ledger[${row.index}]`),
    `with this row the pass would make ${file} longer than the ${groupDigits(MAX_YAML_LENGTH)} characters a sidecar may have (it has ${groupDigits(before)}): the first ${groupDigits(fit)} of the source ledger's ${groupDigits(rows)} rows fit; nothing is written`,
    fit === 0
      ? "the evidence sidecar has no room for this row's source and leads: keep the ledger to the sources that bear on this chapter's claims, or split the chapter"
      : `the evidence sidecar has room for the first ${groupDigits(fit)} rows: keep the ledger to the sources that bear on this chapter's claims, or ingest a report with at most those rows`,
  );
}

/** Warn when the report read another revision than the current one. */
function checkRevision(report: ResearchReport, chapter: IngestChapter, problems: Problem[]): void {
  if (!report.fingerprint || report.fingerprint.value === chapter.fingerprint) return;
  const [read, current] = shortDigests(report.fingerprint.value, chapter.fingerprint);
  problems.push(
    createProblem(
      'report/old-revision',
      at(report.file, report.fingerprint, 'context.fingerprint'),
      `the report read revision ${read}, but the current fingerprint of ${chapter.spec} is ${current}: the chapter changed after the research, so check its claim audit against the current prose`,
      'the pass records the revision the report read, and the research pack shows it as an older revision',
    ),
  );
}

/** The research pass the ingest records. */
function planPass(options: PlanIngestOptions, counts: NonNullable<ResearchPass['counts']>, heldBack: readonly HeldBackRow[], problems: Problem[]): ResearchPass {
  const { report, reportPath, date, by } = options;
  return {
    date,
    by: by.trim(),
    report: reportPath,
    ...(report.fingerprint ? { fingerprint: report.fingerprint.value } : {}),
    ...(report.summary ? { summary: report.summary.value } : {}),
    ...(report.findings ? { findings: limitText(report.findings, 'findings', 4, report, reportPath, problems) } : {}),
    ...(report.proposal ? { proposal: limitText(report.proposal, 'proposal', 5, report, reportPath, problems) } : {}),
    counts,
    ...(heldBack.length > 0
      ? { heldBack: heldBack.map((row) => ({ table: row.table, line: Math.max(1, row.line), column: Math.max(1, row.column), label: row.label.slice(0, 200) || 'row', reason: row.reason, ...(row.fix ? { fix: row.fix } : {}) })) }
      : {}),
  };
}

function limitText(text: string, field: string, section: number, report: ResearchReport, reportPath: string, problems: Problem[]): string {
  if (text.length <= PASS_TEXT_LIMIT) return text;
  const found = report.sections.find((candidate) => candidate.number === section);
  problems.push(
    createProblem(
      'report/truncated',
      at(report.file, found, field),
      `section ${section} has ${text.length} characters; the pass keeps the first ${PASS_TEXT_LIMIT}, the whole section stays in ${reportPath}`,
    ),
  );
  return `${text.slice(0, PASS_TEXT_LIMIT).replace(/\s+\S*$/, '')} … (truncated; the whole section is in ${reportPath})`;
}

