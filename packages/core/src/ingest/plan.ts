/**
 * Planning an ingest: what a checked research report adds to a chapter's
 * sidecars, as the new text of each sidecar. Nothing is validated on the
 * way in: sources keep the reading status the report gives, evidence enters
 * as `status: lead`, claims keep their verdicts. Validating is the author's
 * act. Values the author wrote are never overwritten; a source the ledger
 * already holds is merged (missing fields filled), never duplicated.
 */
import { parse } from 'yaml';
import { matchClaimRows, matchSourceRow, normalizeTitle, type ClaimMatch, type ClaimText, type SourceMatchKind } from './match.js';
import { editYaml, SIDECAR_KEY_ORDER, type YamlEdit } from './yaml-edit.js';
import { closest, createProblem, quote, type Problem } from '../problems/problem.js';
import type { ResearchReport, SourceLedgerRow } from '../research-report/read.js';
import { at } from '../research-report/read/node-text.js';
import { ClaimSchema, SourceSchema, type EvidenceItem, type Relation, type ResearchPass, type Source } from '../schema/sidecars.js';

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

/** What happened to one source-ledger row. */
export interface PlannedSource {
  row: SourceLedgerRow;
  id: string;
  /** `new`: added to the ledger; `merged`: fields filled in a recorded source; `unchanged`: recorded, nothing to add. */
  action: 'new' | 'merged' | 'unchanged';
  /** How a recorded source was found. */
  how?: SourceMatchKind;
  /** Fields added to a recorded source. */
  filled: string[];
}

/** The plan: new sidecar texts, and what they add. */
export interface IngestPlan {
  files: PlannedFile[];
  problems: Problem[];
  claims: ClaimMatch[];
  /** Claims whose missing concern, priority or response was filled from the audit. */
  filledClaims: Array<{ id: string; fields: string[] }>;
  sources: PlannedSource[];
  leads: EvidenceItem[];
  pass: ResearchPass;
}

const SOURCE_KEYS = Object.keys(SourceSchema.shape);
const CLAIM_KEYS = Object.keys(ClaimSchema.shape);
const PASS_TEXT_LIMIT = 19_000;

/**
 * Plan the ingest of a report into a chapter's sidecars.
 * @param options the checked report, the chapter, its sidecars, and the pass's report path, date and author.
 * @returns the new sidecar texts and what they add; `problems` with errors mean: write nothing.
 */
export function planIngest(options: PlanIngestOptions): IngestPlan {
  const { report, chapter, sidecars } = options;
  const problems: Problem[] = [];
  checkRevision(report, chapter, problems);
  const claims = planClaims(report, chapter, sidecars, problems);
  const sources = planSources(options, problems);
  const pass = planPass(options, { claims: claims.matches.length, sources: sources.added, leads: sources.leads.length }, problems);
  const researchEdit = editYaml(sidecars.research.text, SIDECAR_KEY_ORDER.research);
  researchEdit.append('history', [pass], { comment: `Research pass ingested from ${options.reportPath}` });

  const files: PlannedFile[] = [];
  if (problems.every((problem) => problem.severity !== 'error')) {
    for (const [kind, edit] of [
      ['claims', claims.edit],
      ['evidence', sources.edit],
      ['research', researchEdit],
    ] as const) {
      if (!edit.changed) continue;
      files.push({ kind, file: sidecars[kind].file, before: sidecars[kind].text, after: edit.toString() });
    }
  }
  return { files, problems, claims: claims.matches, filledClaims: claims.filled, sources: sources.planned, leads: sources.leads, pass };
}

/** Warn when the report read another revision than the current one. */
function checkRevision(report: ResearchReport, chapter: IngestChapter, problems: Problem[]): void {
  if (!report.fingerprint || report.fingerprint.value === chapter.fingerprint) return;
  problems.push(
    createProblem(
      'report/old-revision',
      at(report.file, report.fingerprint, 'context.fingerprint'),
      `the report read revision ${report.fingerprint.value.slice(0, 12)}…, but the current fingerprint of ${chapter.spec} is ${chapter.fingerprint.slice(0, 12)}…: the chapter changed after the research, so check its claim audit against the current prose`,
      'the pass records the revision the report read, and the research pack shows it as an older revision',
    ),
  );
}

/** Match the claim audit to the claims, and fill the concern, priority and response the author left empty. */
function planClaims(report: ResearchReport, chapter: IngestChapter, sidecars: IngestSidecars, problems: Problem[]) {
  const file = report.file;
  const claimMatches = matchClaimRows(report.claimAudit, chapter.claims, { file, claimsFile: sidecars.claims.file, chapter: chapter.spec });
  problems.push(...claimMatches.problems);
  const audited = new Set(claimMatches.matches.map((match) => match.id));
  const missed = chapter.claims.filter((claim) => !audited.has(claim.id)).map((claim) => claim.id);
  if (missed.length > 0 && chapter.claims.length > 0) {
    const section = report.sections.find((found) => found.number === 2);
    problems.push(
      createProblem('report/claims-not-audited', at(file, section, 'claim-audit'), `the claim audit covers ${audited.size} of ${chapter.claims.length} claims; not audited: ${missed.join(', ')}`),
    );
  }

  const edit = editYaml(sidecars.claims.text, SIDECAR_KEY_ORDER.claims);
  const claimIndex = indexById(sidecars.claims.text, 'claims');
  const filled: IngestPlan['filledClaims'] = [];
  for (const match of claimMatches.matches) {
    const index = claimIndex.get(match.id);
    if (index === undefined) continue;
    const entries: Array<[string, unknown]> = [];
    const path = ['claims', index];
    if (match.row.priority && !edit.has(path, 'priority')) entries.push(['priority', match.row.priority]);
    if (match.row.concern && !edit.has(path, 'concern')) entries.push(['concern', match.row.concern]);
    if (match.row.response && !edit.has(path, 'response')) entries.push(['response', match.row.response]);
    if (entries.length === 0) continue;
    edit.fill(path, entries, CLAIM_KEYS);
    filled.push({ id: match.id, fields: entries.map(([key]) => key) });
  }
  return { matches: claimMatches.matches, edit, filled };
}

/** What planning the sources carries from row to row. */
interface SourcePlanState {
  edit: YamlEdit;
  sourceIndex: Map<string, number>;
  /** Copies: merging fills them as the sidecar will read, without touching the caller's model. */
  known: Source[];
  usedIds: Set<string>;
  links: Array<{ source: string; claim: string; relation: Relation }>;
  newSources: Array<Record<string, unknown>>;
  planned: PlannedSource[];
  leads: EvidenceItem[];
}

/** Each ledger row merged into a recorded source or added as a new one, and its leads. */
function planSources(options: PlanIngestOptions, problems: Problem[]) {
  const { report, chapter, sidecars, reportPath, date } = options;
  const state: SourcePlanState = {
    edit: editYaml(sidecars.evidence.text, SIDECAR_KEY_ORDER.evidence),
    sourceIndex: indexById(sidecars.evidence.text, 'sources'),
    known: chapter.sources.map((source) => ({ ...source, identifiers: { ...source.identifiers } })),
    usedIds: new Set<string>([...chapter.sources.map((source) => source.id), ...chapter.evidence.map((item) => item.id)]),
    links: chapter.evidence.flatMap((item) => item.claims.map((claim) => ({ source: item.source, claim, relation: item.relation }))),
    newSources: [],
    planned: [],
    leads: [],
  };
  const claimIds = new Set(chapter.claims.map((claim) => claim.id));
  for (const row of report.sourceLedger) {
    if (!bearsOnKnownClaims(row, claimIds, report.file, sidecars.claims.file, problems)) continue;
    const sourceId = placeSource(row, state, report.file, problems);
    addLeads(row, sourceId, state, reportPath, date);
  }
  if (state.newSources.length > 0) state.edit.append('sources', state.newSources, { comment: `Sources added from ${reportPath} (research pass of ${date}); reading as the report gives it` });
  if (state.leads.length > 0) {
    state.edit.append('evidence', state.leads.map(withoutUndefined), { comment: `Leads from ${reportPath} (research pass of ${date}): not verified; validating them is the author's act` });
  }
  return { edit: state.edit, planned: state.planned, leads: state.leads, added: state.newSources.length };
}

/** Whether every claim a row bears on exists; each one that does not is a problem. */
function bearsOnKnownClaims(row: SourceLedgerRow, claimIds: ReadonlySet<string>, file: string, claimsFile: string, problems: Problem[]): boolean {
  let known = true;
  for (const target of row.bearsOn) {
    if (claimIds.has(target.id)) continue;
    known = false;
    problems.push(createProblem('report/unknown-claim', at(file, target, `source-ledger[${row.index}].bearsOn`), `no claim "${target.id}" in ${claimsFile}`, closestHint(target.id, claimIds)));
  }
  return known;
}

/** The id of the source a row is about: a recorded one (merged) or a new one (added). */
function placeSource(row: SourceLedgerRow, state: SourcePlanState, file: string, problems: Problem[]): string {
  const path = `source-ledger[${row.index}]`;
  const match = matchSourceRow(row, state.known);
  if (!match.source) {
    const sourceId = uniqueId(slug(row.title, 48) || 'source', state.usedIds);
    state.usedIds.add(sourceId);
    const source = newSource(sourceId, row);
    state.newSources.push(source);
    state.known.push(source as unknown as Source);
    state.planned.push({ row, id: sourceId, action: 'new', filled: [] });
    return sourceId;
  }
  const sourceId = match.source.id;
  if (match.others.length > 0 && normalizeTitle(match.source.title) !== normalizeTitle(row.title)) {
    problems.push(
      createProblem(
        'report/ambiguous-source',
        at(file, row, path),
        `${quote(row.title)} matches the sources ${[match.source, ...match.others].map((source) => `"${source.id}"`).join(', ')} by ${match.how}; it is merged into "${sourceId}"`,
        'give the source its DOI or exact title so it matches one ledger entry',
      ),
    );
  }
  if (match.source.reading !== row.reading) {
    problems.push(
      createProblem(
        'report/reading-differs',
        at(file, row, `${path}.reading`),
        `the report read ${quote(row.title)} as ${row.reading}, the ledger says ${match.source.reading} for "${sourceId}"; the ledger is kept`,
        'change `reading` in the evidence sidecar yourself if the report is right',
      ),
    );
  }
  const filled = mergeSource(row, match.source);
  const pendingNew = state.newSources.find((source) => source.id === sourceId);
  if (pendingNew) {
    for (const [key, value] of filled) if (pendingNew[key] === undefined) pendingNew[key] = value;
    state.planned.push({ row, id: sourceId, action: 'unchanged', how: match.how!, filled: [] });
  } else if (filled.length > 0 && state.sourceIndex.has(sourceId)) {
    fillRecordedSource(state.edit, state.sourceIndex.get(sourceId)!, filled);
    Object.assign(match.source, Object.fromEntries(filled.map(([key, value]) => [key, key === 'identifiers' ? { ...match.source!.identifiers, ...(value as object) } : value])));
    state.planned.push({ row, id: sourceId, action: 'merged', how: match.how!, filled: filled.map(([key, value]) => (key === 'identifiers' ? Object.keys(value as object).map((name) => `identifiers.${name}`).join(', ') : key)) });
  } else {
    state.planned.push({ row, id: sourceId, action: 'unchanged', how: match.how!, filled: [] });
  }
  return sourceId;
}

/** Write the fields a row adds into a recorded source of the sidecar. */
function fillRecordedSource(edit: YamlEdit, index: number, filled: Array<[string, unknown]>): void {
  const identifiers = filled.find(([key]) => key === 'identifiers');
  const plain = filled.filter(([key]) => key !== 'identifiers');
  if (plain.length > 0) edit.fill(['sources', index], plain, SOURCE_KEYS);
  if (!identifiers) return;
  const value = identifiers[1] as Record<string, string>;
  if (edit.has(['sources', index], 'identifiers')) edit.fill(['sources', index, 'identifiers'], Object.entries(value), ['doi', 'arxiv', 'isbn']);
  else edit.fill(['sources', index], [['identifiers', value]], SOURCE_KEYS);
}

/** One lead per relation, for the claims this source is not yet linked to. */
function addLeads(row: SourceLedgerRow, sourceId: string, state: SourcePlanState, reportPath: string, date: string): void {
  const groups = new Map<Relation, string[]>();
  for (const target of row.bearsOn) {
    const relation = target.relation ?? row.relation ?? 'unresolved';
    const linked = state.links.some((link) => link.source === sourceId && link.claim === target.id && (link.relation === relation || relation === 'unresolved'));
    if (linked) continue;
    const list = groups.get(relation) ?? [];
    if (!list.includes(target.id)) list.push(target.id);
    groups.set(relation, list);
  }
  for (const [relation, claims] of groups) {
    const base = groups.size > 1 ? `lead-${slug(sourceId, 60)}-${relation}` : `lead-${slug(sourceId, 70)}`;
    const id = uniqueId(base, state.usedIds);
    state.usedIds.add(id);
    state.leads.push({
      id,
      source: sourceId,
      claims,
      relation,
      class: row.evidenceClass ?? 'reported',
      status: 'lead',
      ...(row.locator ? { locator: row.locator } : {}),
      note: leadNote(row, reportPath, date),
      recorded: date,
    });
    for (const claim of claims) state.links.push({ source: sourceId, claim, relation });
  }
}

/** The research pass the ingest records. */
function planPass(options: PlanIngestOptions, counts: ResearchPass['counts'] & object, problems: Problem[]): ResearchPass {
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
  };
}

/** Fields a ledger row can add to a recorded source that does not have them. */
function mergeSource(row: SourceLedgerRow, source: Source): Array<[string, unknown]> {
  const filled: Array<[string, unknown]> = [];
  const recorded = source as Source & Record<string, unknown>;
  if (row.url && recorded.url === undefined) filled.push(['url', row.url]);
  if (row.verified && recorded.verified === undefined) filled.push(['verified', row.verified]);
  if (row.limitations && recorded.limitations === undefined) filled.push(['limitations', row.limitations]);
  if (row.venue && recorded.venue === undefined) filled.push(['venue', row.venue]);
  if (row.published && recorded.published === undefined) filled.push(['published', row.published]);
  const identifiers: Record<string, string> = {};
  if (row.identifiers.doi && source.identifiers?.doi === undefined) identifiers.doi = row.identifiers.doi;
  if (row.identifiers.arxiv && source.identifiers?.arxiv === undefined) identifiers.arxiv = row.identifiers.arxiv;
  if (Object.keys(identifiers).length > 0) filled.push(['identifiers', identifiers]);
  return filled;
}

/** A new ledger entry, keys in schema order, with the reading status the report gives. */
function newSource(id: string, row: SourceLedgerRow): Record<string, unknown> {
  const identifiers: Record<string, string> = {};
  if (row.identifiers.doi) identifiers.doi = row.identifiers.doi;
  if (row.identifiers.arxiv) identifiers.arxiv = row.identifiers.arxiv;
  return withoutUndefined({
    id,
    title: row.title,
    authors: row.authors,
    venue: row.venue,
    published: row.published,
    identifiers: Object.keys(identifiers).length > 0 ? identifiers : undefined,
    url: row.url,
    reading: row.reading,
    accessed: row.accessed,
    verified: row.verified,
    limitations: row.limitations,
  });
}

function leadNote(row: SourceLedgerRow, reportPath: string, date: string): string {
  const reading = { 'full-text': 'read in full', 'abstract-only': 'only its abstract or opening was read', partial: 'it was read in part', 'not-accessible': 'it could not be opened' }[row.reading];
  const marks = row.unverified ? ' The report marks parts of it UNVERIFIED.' : '';
  return `From the research pass of ${date} (${reportPath}, source ledger, line ${row.line}): ${reading}.${marks} Not yet checked by the author.`;
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

/** Positions of the items of a top-level sequence, by id. */
function indexById(text: string | undefined, key: string): Map<string, number> {
  const result = new Map<string, number>();
  if (text === undefined) return result;
  const data = parse(text) as Record<string, unknown> | null;
  const list = data?.[key];
  if (!Array.isArray(list)) return result;
  list.forEach((item: unknown, index) => {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && !result.has(id)) result.set(id, index);
  });
  return result;
}

/**
 * A stable id from a title: lowercase ASCII words joined by hyphens.
 * @param text a title.
 * @param max the longest id.
 * @returns the id, possibly empty.
 */
export function slug(text: string, max: number): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let result = '';
  for (const word of words) {
    const next = result ? `${result}-${word}` : word;
    if (next.length > max) break;
    result = next;
  }
  return result || (words[0] ?? '').slice(0, max);
}

function uniqueId(base: string, used: ReadonlySet<string>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function closestHint(id: string, ids: ReadonlySet<string>): string {
  const guess = closest(id, ids);
  return guess ? `did you mean "${guess}"?` : `the chapter's claims are ${[...ids].join(', ') || '(none)'}`;
}
