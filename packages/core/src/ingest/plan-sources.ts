/**
 * The source ledger's part of an ingest: each row merged into a recorded
 * source (found by its ledger id, DOI, arXiv id, URL or title) or added as a
 * new one with the reading status the report gives, and one lead per
 * relation for the claims it bears on. References to proposed claims go to
 * the proposals. A new source whose reading the report does not state is
 * held back.
 */
import { normalizeTitle, SourceIndex, type SourceMatchKind } from './match.js';
import { slug, uniqueId } from './ids.js';
import type { RefResolver } from './refs.js';
import { indexById, SIDECAR_KEY_ORDER, editYaml, type AppendOptions, type ItemSizer, type YamlEdit } from './yaml-edit.js';
import { closest, createProblem, quote, type Problem } from '../problems/problem.js';
import type { HeldBackRow, ResearchReport, SourceLedgerRow } from '../research-report/read.js';
import { at, isNone } from '../research-report/read/node-text.js';
import { atWord, OWN_RUN_HINT } from '../research-report/read/source-ledger.js';
import { SourceSchema, type EvidenceClass, type EvidenceItem, type ReadingStatus, type Relation, type Source } from '../schema/sidecars.js';

/** What happened to one source-ledger row. */
export interface PlannedSource {
  row: SourceLedgerRow;
  id: string;
  /** `new`: added to the ledger; `merged`: fields filled in a recorded source; `unchanged`: recorded, nothing to add. */
  action: 'new' | 'merged' | 'unchanged';
  /** How a recorded source was found. */
  how?: SourceMatchKind | 'id' | 'elided-id';
  /** Fields added to a recorded source. */
  filled: string[];
}

/** What the ledger part needs. */
export interface SourcesInput {
  report: ResearchReport;
  sources: readonly Source[];
  evidence: readonly EvidenceItem[];
  evidenceSidecar: string | undefined;
  /** The evidence sidecar's path, named when it cannot be edited. */
  evidenceFile?: string | undefined;
  refs: RefResolver;
  reportPath: string;
  date: string;
  /** The most characters the evidence sidecar may have after the pass. */
  maxLength: number;
  /** Ids a new source may not take though no source or evidence has them: the chapter's claims' and proposals'. */
  reservedIds?: ReadonlySet<string>;
  /** `<book>/<chapter>`, for the commands hints name. */
  chapter?: string | undefined;
}

/** The ledger row after which the evidence sidecar would be too long. */
export interface SourcesOverflow {
  row: SourceLedgerRow;
  /** How many rows before it fit. */
  fit: number;
  /** The sidecar's length before the rows' new sources and leads. */
  before: number;
}

/** The ledger part of the plan. */
/** A source the ledger ties to a claim-audit row that was held back, and how. */
export interface HeldLink {
  /** The row's label. */
  label: string;
  /** The claim the row's id was one slip from. */
  meant?: string;
  source: string;
  relation: Relation;
}

export interface SourcesPlan {
  edit: YamlEdit;
  planned: PlannedSource[];
  leads: EvidenceItem[];
  /** New sources added. */
  added: number;
  /** Source ids the report says bear on each proposed claim. */
  proposalSources: Map<string, string[]>;
  /** How each of those sources bears on it, where the report says, by proposal id. */
  proposalRelations: Map<string, Map<string, Relation>>;
  /** What the ledger ties to claim-audit rows that were held back: nothing of it lands; the held row says it. */
  heldLinks: HeldLink[];
  held: HeldBackRow[];
  /** Links the report makes again that the author rejected: reported, not added. */
  rejectedAgain: RejectedAgain[];
  /** Links the report makes that the evidence already records (or an earlier row of the pass added): reported, not added again. */
  linkedAgain: LinkedAgain[];
  /** Set when the rows would make the evidence sidecar too long: nothing is appended. */
  overflow?: SourcesOverflow;
}

/** A source and claim the report links again, whose lead the author rejected. */
export interface RejectedAgain {
  /** The rejected lead. */
  lead: string;
  source: string;
  claim: string;
  reason: string | undefined;
  /** The report's source-ledger row. */
  line: number;
}

/**
 * A source and claim the report links that the evidence already links, as
 * the report says it (the same relation, and a class no stronger than one
 * recorded, when the row gives one): no lead is added, and the ingest says
 * so, naming the items that record it, so that what the pass says of them
 * is looked at there.
 */
export interface LinkedAgain {
  source: string;
  claim: string;
  /** The relation the report gives (`unresolved` when it gives none). */
  relation: Relation;
  /** The items that link them already: recorded ones, or a lead an earlier row of this pass added (`thisPass`). */
  items: Array<LinkingItem & { thisPass?: true }>;
  /** The report's source-ledger rows that make the link, by line. */
  lines: number[];
}

/** An item that links a source to a claim, as far as whether a row's link is new depends on it. */
type LinkingItem = Pick<EvidenceItem, 'id' | 'relation' | 'class' | 'status'>;

/**
 * How much a class of evidence shows, for whether a later pass's word on a
 * link is news: a proposed experiment or a hypothesis, then what a source
 * reports (or gives as background), then what was reproduced.
 */
const CLASS_WEIGHT: Readonly<Record<EvidenceClass, number>> = { 'proposed-experiment': 0, hypothesis: 0, background: 1, reported: 1, reproduced: 2 };

const SOURCE_KEYS = Object.keys(SourceSchema.shape);

/** What planning the sources carries from row to row. */
interface SourcePlanState {
  edit: YamlEdit;
  sourceIndex: Map<string, number>;
  /** Copies: merging fills them as the sidecar will read, without touching the caller's model; indexed by id and keys. */
  known: SourceIndex;
  usedIds: Set<string>;
  /** Claim and proposal ids: not a new source's id. */
  reservedIds: ReadonlySet<string>;
  /** `<book>/<chapter>`, for hints. */
  chapter: string | undefined;
  /** The items that link each source to each claim (by `source\0claim`), recorded or added by this pass; rejected ones are in `rejected`. */
  links: Map<string, LinkingItem[]>;
  newSources: Array<Record<string, unknown>>;
  /** The evidence sidecar's length as the rows grow it. */
  budget: SidecarBudget;
  /** The new sources by id. */
  newById: Map<string, Record<string, unknown>>;
  planned: PlannedSource[];
  leads: EvidenceItem[];
  /** The author's rejected leads, by source, and what the report brought again. */
  rejected: ReadonlyMap<string, readonly EvidenceItem[]>;
  rejectedAgain: RejectedAgain[];
  linkedAgain: LinkedAgain[];
}

/**
 * Each ledger row merged into a recorded source or added as a new one, and its leads.
 * @param input the report, the recorded ledger and evidence, the evidence sidecar's text, references and the pass.
 * @param problems where problems go.
 * @returns the evidence sidecar edit and what it adds.
 */
export function planSources(input: SourcesInput, problems: Problem[]): SourcesPlan {
  const { report, reportPath, date } = input;
  const edit = editYaml(input.evidenceSidecar, SIDECAR_KEY_ORDER.evidence, input.evidenceFile);
  const comments = {
    sources: { comment: `Sources added from ${reportPath} (research pass of ${date}); reading as the report gives it` },
    // Said of the leads as they come in, true after the author decides on some: each one's status says where it stands.
    leads: { comment: `Leads from ${reportPath} (research pass of ${date}), as the report gave them; each is evidence once the author accepts it` },
  };
  const state: SourcePlanState = {
    edit,
    sourceIndex: indexById(input.evidenceSidecar, 'sources'),
    known: new SourceIndex(input.sources.map((source) => ({ ...source, identifiers: { ...source.identifiers } }))),
    usedIds: new Set<string>([...input.sources.map((source) => source.id), ...input.evidence.map((item) => item.id)]),
    reservedIds: input.reservedIds ?? new Set(),
    chapter: input.chapter,
    links: new Map(),
    newSources: [],
    newById: new Map(),
    planned: [],
    leads: [],
    rejected: groupBy(input.evidence.filter((item) => item.status === 'rejected'), (item) => item.source),
    rejectedAgain: [],
    linkedAgain: [],
    budget: new SidecarBudget(edit, input.maxLength, comments),
  };
  for (const item of input.evidence) if (item.status !== 'rejected') for (const claim of item.claims) link(state, item.source, claim, item);
  const proposalSources = new Map<string, string[]>();
  const proposalRelations = new Map<string, Map<string, Relation>>();
  const heldLinks: HeldLink[] = [];
  const held: HeldBackRow[] = [];
  let overflow: SourcesOverflow | undefined;
  for (const [fit, row] of report.sourceLedger.entries()) {
    const targets = resolveTargets(row, input.refs, report.file, problems);
    const sourceId = placeSource(row, state, { file: report.file, date }, problems, held);
    if (sourceId === undefined) continue;
    addLeads(row, sourceId, targets.claims, state, reportPath, date);
    for (const link of targets.held) heldLinks.push({ ...link, source: sourceId });
    for (const [proposal, relation] of targets.proposals) {
      const list = proposalSources.get(proposal) ?? [];
      if (!list.includes(sourceId)) list.push(sourceId);
      proposalSources.set(proposal, list);
      // "contradicts C3", C3 a proposed claim: what the source does to it, kept for its lead (an outside author retyped it).
      const relations = proposalRelations.get(proposal) ?? new Map<string, Relation>();
      if (relation !== 'unresolved' && !relations.has(sourceId)) relations.set(sourceId, relation);
      if (relations.size > 0) proposalRelations.set(proposal, relations);
    }
    // With this row the sidecar would be too long to read: the pass is refused here, and the rows after it are not planned.
    if (state.budget.over(state)) {
      overflow = { row, fit, before: state.budget.before };
      break;
    }
  }
  if (!overflow) {
    if (state.newSources.length > 0) state.edit.append('sources', state.newSources, comments.sources);
    if (state.leads.length > 0) state.edit.append('evidence', state.leads, comments.leads);
  }
  return { edit: state.edit, planned: state.planned, leads: state.leads, added: state.newSources.length, proposalSources, proposalRelations, heldLinks, held, rejectedAgain: state.rejectedAgain, linkedAgain: state.linkedAgain, ...(overflow ? { overflow } : {}) };
}

/**
 * The evidence sidecar's length as the rows grow it: what the edit has
 * filled in recorded sources, and each new source and lead sized as the
 * edit will append it. A new source that a later row fills is sized again.
 */
class SidecarBudget {
  private readonly sources: ItemSizer;
  private readonly leads: ItemSizer;
  /** The size of each new source counted, and whether it is the first. */
  private readonly sized = new Map<object, { size: number; first: boolean }>();
  private added = 0;
  private sourcesCounted = 0;
  private leadsCounted = 0;
  /** The sidecar's length before the pass. */
  readonly before: number;

  constructor(
    private readonly edit: YamlEdit,
    private readonly maxLength: number,
    comments: { sources: AppendOptions; leads: AppendOptions },
  ) {
    this.sources = edit.sizer('sources', comments.sources);
    this.leads = edit.sizer('evidence', comments.leads);
    this.before = edit.length;
  }

  /** Count what the rows so far added; true when the sidecar would then be longer than it may be. */
  over(state: Pick<SourcePlanState, 'newSources' | 'leads'>): boolean {
    for (; this.sourcesCounted < state.newSources.length; this.sourcesCounted++) {
      const source = state.newSources[this.sourcesCounted]!;
      const first = this.sourcesCounted === 0;
      const size = this.sources.size(source, first);
      this.sized.set(source, { size, first });
      this.added += size;
    }
    for (; this.leadsCounted < state.leads.length; this.leadsCounted++) this.added += this.leads.size(state.leads[this.leadsCounted], this.leadsCounted === 0);
    return this.edit.length + this.added > this.maxLength;
  }

  /** A new source that changed after it was counted: count it again. */
  changed(source: object): void {
    const counted = this.sized.get(source);
    if (!counted) return;
    this.sources.forget(source);
    const size = this.sources.size(source, counted.first);
    this.added += size - counted.size;
    this.sized.set(source, { size, first: counted.first });
  }
}

/** A did-you-mean for a reference that names nothing, else how to name claims. */
function guessHint(ref: string, refs: RefResolver): string {
  // "Q3": the brief's research question 3 (an outside report's ledger named them), which a source answers but no claim is.
  const question = /^Q(\d{1,2})$/i.exec(ref);
  if (question) return `"${ref}" reads as the brief's research question ${question[1]}, which is not a claim: name the claims the source bears on, by id or claim-audit row (C1, C4–C9), and say what it answers in its limitations or the findings`;
  // "background": a class of evidence written where the claims go (an outside report's "background (which pi is current)").
  if (/^(background|reported|reproduced|hypothesis|context)$/i.test(ref)) return `${quote(ref)} reads as the kind of evidence the source is, not a claim: the source lands in the ledger without a lead; to link it to claims, name them by id or claim-audit row (C1, C4–C9), and give the kind in a Class column`;
  // Row labels (C4, F4) are too short for a guess to mean anything.
  const guess = /^[A-Za-z]{0,4}\d{1,4}[a-z]?$/.test(ref) ? undefined : closest(ref, refs.ids);
  return guess ? `did you mean "${guess}"?` : 'name claims by id, or by the label of their claim-audit row (C1, C4–C9)';
}

/** The claims and proposals a row's references name, each with its relation; a reference that names nothing is a warning. */
function resolveTargets(row: SourceLedgerRow, refs: RefResolver, file: string, problems: Problem[]) {
  const claims = new Map<string, Relation>();
  const proposals = new Map<string, Relation>();
  const held: Array<{ label: string; meant?: string; relation: Relation }> = [];
  for (const ref of row.bearsOn) {
    const resolved = refs.resolve(ref);
    if (!resolved) {
      const named = ref.to === undefined ? ref.ref : `${ref.ref}–${ref.to}`;
      problems.push(
        createProblem(
          'report/unresolved-reference',
          at(file, ref, `source-ledger[${row.index}].bearsOn`),
          `${quote(named)} names no claim of the chapter, no claim-audit row and no proposed claim; the source lands without it`,
          guessHint(ref.ref, refs),
        ),
      );
      continue;
    }
    const relation = ref.relation ?? row.relation ?? 'unresolved';
    for (const claim of resolved.claims) if (!claims.has(claim) || claims.get(claim) === 'unresolved') claims.set(claim, relation);
    for (const proposal of resolved.proposals) if (!proposals.has(proposal) || proposals.get(proposal) === 'unresolved') proposals.set(proposal, relation);
    for (const row of resolved.held ?? []) held.push({ ...row, relation });
  }
  return { claims, proposals, held };
}

/** The id of the source a row is about: a recorded one (merged) or a new one (added); undefined when the row is held back. */
function placeSource(given: SourceLedgerRow, state: SourcePlanState, pass: { file: string; date: string }, problems: Problem[], held: HeldBackRow[]): string | undefined {
  const path = `source-ledger[${given.index}]`;
  const row = unnamed(given, state);
  const match = state.known.place(row);
  if (!match.source) {
    const named = row.namedId;
    if (named && 'elided' in named) {
      // "read-pi-sessions…hazat-pi-config:": an id shortened in the middle that names no recorded source, or one at another
      // address (an outside author's finding: a near-duplicate went unnoticed).
      const near = state.known.elidedCandidates(named.elided);
      const elsewhere = near.length === 1 ? state.known.byId(near) : undefined;
      const why =
        near.length === 0
          ? 'no recorded source has an id of those ends'
          : elsewhere
            ? `the row's address is not that of "${elsewhere.id}", the recorded source with those ends (${elsewhere.url ?? 'none'})`
            : `${near.length} recorded sources have an id of those ends (${near.map((id) => `"${id}"`).join(', ')})`;
      problems.push(
        createProblem(
          'report/unknown-source-id',
          at(pass.file, row, `${path}.source`),
          `${quote(named.text)} reads as a ledger id with its middle left out, but ${why}; it names no recorded source`,
          elsewhere
            ? `if it is the same source, write its id in full ("${elsewhere.id}"); as it is, the row is another source`
            : 'write the ledger id in full if the source is recorded (`research-pack brief` lists the chapter\'s sources by id)',
        ),
      );
    }
    return addSource(row, state, pass, problems, held);
  }
  const sourceId = match.source.id;
  if (match.others.length > 0 && normalizeTitle(match.source.title) !== normalizeTitle(row.title)) {
    problems.push(
      createProblem(
        'report/ambiguous-source',
        at(pass.file, row, path),
        `${quote(row.title)} matches the sources ${[match.source, ...match.others].map((source) => `"${source.id}"`).join(', ')} by ${match.how}; it is merged into "${sourceId}"`,
        'give the source its ledger id, DOI or exact title so it matches one ledger entry',
      ),
    );
  }
  if (row.readingInvalid) {
    problems.push(
      createProblem(
        'report/invalid-value',
        at(pass.file, row.readingText, `${path}.reading`),
        `reading status ${quote(row.readingText.value)} is not one of full text, abstract only, partial, not accessible; the ledger's word for "${sourceId}" is kept`,
        'say how much of the source you read: full text, abstract only, partial (which parts) or not accessible',
      ),
    );
  }
  if (row.reading !== undefined && row.reading !== 'as-recorded' && match.source.reading !== row.reading) {
    problems.push(
      createProblem(
        'report/reading-differs',
        at(pass.file, row, `${path}.reading`),
        `the report read ${quote(row.title)} as ${row.reading}, the ledger says ${match.source.reading} for "${sourceId}"; the ledger is kept`,
        `if the report is right: research-pack source ${sourceId} --reading ${row.reading}${state.chapter ? ` --chapter ${state.chapter}` : ''}`,
      ),
    );
  }
  const filled = mergeSource(row, match.source);
  const pendingNew = state.newById.get(sourceId);
  if (pendingNew) {
    for (const [key, value] of filled) if (pendingNew[key] === undefined) pendingNew[key] = value;
    if (filled.length > 0) {
      state.known.changed(match.source);
      state.budget.changed(pendingNew);
    }
    state.planned.push({ row, id: sourceId, action: 'unchanged', how: match.how!, filled: [] });
  } else if (filled.length > 0 && state.sourceIndex.has(sourceId)) {
    fillRecordedSource(state.edit, state.sourceIndex.get(sourceId)!, filled);
    Object.assign(match.source, Object.fromEntries(filled.map(([key, value]) => [key, key === 'identifiers' ? { ...match.source!.identifiers, ...(value as object) } : value])));
    state.known.changed(match.source);
    state.planned.push({ row, id: sourceId, action: 'merged', how: match.how!, filled: filled.map(([key, value]) => (key === 'identifiers' ? Object.keys(value as object).map((name) => `identifiers.${name}`).join(', ') : key)) });
  } else {
    state.planned.push({ row, id: sourceId, action: 'unchanged', how: match.how!, filled: [] });
  }
  return sourceId;
}

/**
 * The row as placed and written: an opening id that names no source and
 * that a claim, a proposal or an evidence item of the chapter has (or an
 * earlier row made a lead of) is no source's id; it goes back before the
 * title, as written, so that the same row matches the same source when the
 * report comes back.
 */
function unnamed(row: SourceLedgerRow, state: SourcePlanState): SourceLedgerRow {
  const opening = row.namedId && 'id' in row.namedId ? row.namedId : undefined;
  if (!opening || state.known.byId([opening.id]) || (!state.usedIds.has(opening.id) && !state.reservedIds.has(opening.id))) return row;
  const { namedId: _namedId, ...rest } = row;
  // As long as a title may be, as the reader cuts one.
  return { ...rest, title: atWord(`${opening.text}: ${row.title}`, 500) };
}

/**
 * What a metadata cell says beyond what the ingest reads from it (DOI, arXiv
 * id, the row's dates): authors, a publisher, a date of publication written
 * in words. Those are read from columns of their own (Authors, Published,
 * Venue); an outside author's researcher wrote them in the one cell the brief
 * named, and they were left out in silence.
 * @param text the cell's text.
 * @returns the words left, or undefined when nothing is.
 */
export function unreadMetadata(text: string): string | undefined {
  if (isNone(text)) return undefined;
  const left = text
    .replace(/\bhttps?:\/\/\S+/gi, ' ')
    .replace(/\b(?:doi|arxiv)\b\s*:?\s*/gi, ' ')
    .replace(/\b10\.\d{4,9}\/[^\s"<>;,]+/g, ' ')
    .replace(/\b\d{4}\.\d{4,5}(?:v\d+)?\b/g, ' ')
    .replace(/\b(?:verified|accessed|retrieved|checked|attempted)\b(?:\s+and\s+\w+)?(?:\s+on)?:?\s*\d{4}-\d{2}-\d{2}/gi, ' ')
    .replace(/\bUNVERIFIED\b/g, ' ')
    .replace(/^[\s,;.:/|()–—-]+|[\s,;.:/|()–—-]+$/g, '')
    .replace(/(?:\s*[,;.:/|]\s*){2,}/g, '; ')
    .replace(/\s+/g, ' ');
  // What reads as bibliographic: a year, an author's initial and name, "et al.", a month and a year. A remark ("version of
  // the page not noted", "Project docs") is none.
  return BIBLIOGRAPHIC.test(left) ? left : undefined;
}

const BIBLIOGRAPHIC = /\b(?:1[5-9]|20)\d{2}\b|\b\p{Lu}\.\s?\p{Lu}\p{Ll}|\bet al\b/u;

/**
 * The metadata a row's cell gives that the new source it makes has no field
 * for: said, not dropped. (A recorded source is the author's: what a pass
 * says of it beyond what it fills stays in the report.)
 */
function metadataLeftOut(row: SourceLedgerRow, source: Source, file: string, problems: Problem[]): void {
  if (!row.metadataAt || (source.authors?.length ?? 0) > 0 || source.published !== undefined || source.venue !== undefined) return;
  const words = unreadMetadata(row.metadata);
  if (!words) return;
  problems.push(
    createProblem(
      'report/metadata-not-recorded',
      at(file, row.metadataAt, `source-ledger[${row.index}].metadata`),
      `the metadata cell of ${quote(row.title, 80)} says ${quote(words, 160)}; only its identifiers (DOI, arXiv id) and dates are read from it, so the ledger records "${source.id}" without authors, publication date or venue`,
      'give them in columns of their own, Authors (separated by ;), Published (YYYY-MM-DD, YYYY-MM or YYYY) and Venue, and ingest the report again; or add authors, published and venue to the source in the evidence sidecar',
    ),
  );
}

/** A new ledger entry for a row; held back when the row does not say how much of the source was read. */
function addSource(row: SourceLedgerRow, state: SourcePlanState, pass: { file: string; date: string }, problems: Problem[], held: HeldBackRow[]): string | undefined {
  const path = `source-ledger[${row.index}]`;
  if (row.reading === undefined || row.reading === 'as-recorded') {
    const reason = row.reading === 'as-recorded'
      ? `the reading status ${quote(row.readingText.value)} refers to the ledger, but ${quote(row.title)} is not in it`
      : row.readingInvalid && !row.ownRun
        ? `${quote(row.title)} is new to the ledger, and its reading status ${quote(row.readingText.value)} is not one of full text, abstract only, partial, not accessible`
        : `${quote(row.title)} is new to the ledger, and the row does not say how much of it was read`;
    const fix = row.ownRun ? OWN_RUN_HINT : 'give its reading status: full text, abstract only, partial (which parts) or not accessible';
    problems.push(createProblem('report/invalid-value', at(pass.file, row.readingText, `${path}.reading`), `${reason}; the row is held back`, fix));
    held.push({ table: 'source-ledger', index: row.index, line: row.line, column: row.column, label: row.label?.value ?? row.title.slice(0, 60), reason, fix });
    return undefined;
  }
  let accessed = row.accessed;
  if (accessed === undefined) {
    accessed = pass.date;
    problems.push(
      createProblem(
        'report/assumed-date',
        at(pass.file, row, `${path}.accessed`),
        `no access date for ${quote(row.title)}; the date of the pass, ${pass.date}, is recorded`,
        'give the date you last opened the source (or tried to), YYYY-MM-DD',
      ),
    );
  }
  // The id the row opens with ("pi-readme-0-58-3: …"): the researcher named it (an outside author's finding: ids cut from
  // titles were unreadable). One the chapter uses for something else is no longer the row's (`unnamed`).
  const named = row.namedId && 'id' in row.namedId ? row.namedId.id : undefined;
  const sourceId = named ?? uniqueId(slug(row.title, 48) || 'source', state.usedIds);
  state.usedIds.add(sourceId);
  const source = newSource(sourceId, row, row.reading, accessed);
  metadataLeftOut(row, source as unknown as Source, pass.file, problems);
  state.newSources.push(source);
  state.newById.set(sourceId, source);
  state.known.add(source as unknown as Source);
  state.planned.push({ row, id: sourceId, action: 'new', filled: [] });
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

/**
 * One lead per relation, for the claims this source is not yet linked to as
 * the row links it: by that relation (any, when the row gives none), and of
 * a class at least as strong as the row gives, when it gives one (a pass
 * that reproduces what an earlier one proposed to run is news; one that
 * only reports what was reproduced is not). A link already there is reported.
 */
function addLeads(row: SourceLedgerRow, sourceId: string, targets: ReadonlyMap<string, Relation>, state: SourcePlanState, reportPath: string, date: string): void {
  const groups = new Map<Relation, string[]>();
  for (const [claim, relation] of targets) {
    // The author rejected this source for this claim: whatever the relation, it is not brought back.
    const rejected = state.rejected.get(sourceId)?.find((item) => item.claims.includes(claim));
    if (rejected) {
      if (!state.rejectedAgain.some((entry) => entry.lead === rejected.id && entry.claim === claim)) state.rejectedAgain.push({ lead: rejected.id, source: sourceId, claim, reason: rejected.reason, line: row.line });
      continue;
    }
    const items = state.links.get(`${sourceId}\0${claim}`) ?? [];
    const given = row.evidenceClass;
    const same = items.filter((item) => (relation === 'unresolved' || item.relation === relation) && (given === undefined || CLASS_WEIGHT[item.class] >= CLASS_WEIGHT[given]));
    if (same.length > 0) {
      const known = state.linkedAgain.find((entry) => entry.source === sourceId && entry.claim === claim && entry.relation === relation);
      if (known) {
        if (!known.lines.includes(row.line)) known.lines.push(row.line);
      } else {
        const added = new Set(state.leads.map((lead) => lead.id));
        state.linkedAgain.push({ source: sourceId, claim, relation, items: same.map(({ id, relation: r, class: c, status }) => ({ id, relation: r, class: c, status, ...(added.has(id) ? { thisPass: true as const } : {}) })), lines: [row.line] });
      }
      continue;
    }
    const list = groups.get(relation) ?? [];
    if (!list.includes(claim)) list.push(claim);
    groups.set(relation, list);
  }
  for (const [relation, claims] of groups) {
    const base = groups.size > 1 ? `lead-${slug(sourceId, 60)}-${relation}` : `lead-${slug(sourceId, 70)}`;
    const id = uniqueId(base, state.usedIds);
    state.usedIds.add(id);
    const lead: EvidenceItem = {
      id,
      source: sourceId,
      claims,
      relation,
      class: row.evidenceClass ?? 'reported',
      status: 'lead',
      ...(row.locator ? { locator: row.locator } : {}),
      note: leadNote(row, reportPath, date),
      recorded: date,
    };
    state.leads.push(lead);
    for (const claim of claims) link(state, sourceId, claim, lead);
  }
}

/** Record that an item links a source to a claim. */
function link(state: SourcePlanState, source: string, claim: string, item: LinkingItem): void {
  const key = `${source}\0${claim}`;
  const items = state.links.get(key);
  if (items) items.push(item);
  else state.links.set(key, [item]);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(keyOf(item));
    if (list) list.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
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
function newSource(id: string, row: SourceLedgerRow, reading: ReadingStatus, accessed: string): Record<string, unknown> {
  const identifiers: Record<string, string> = {};
  if (row.identifiers.doi) identifiers.doi = row.identifiers.doi;
  if (row.identifiers.arxiv) identifiers.arxiv = row.identifiers.arxiv;
  const entry: Record<string, unknown> = {
    id,
    title: row.title,
    authors: row.authors,
    venue: row.venue,
    published: row.published,
    identifiers: Object.keys(identifiers).length > 0 ? identifiers : undefined,
    url: row.url,
    reading,
    accessed,
    verified: row.verified,
    limitations: row.limitations,
  };
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));
}

const READ_AS: Readonly<Record<ReadingStatus, string>> = {
  'full-text': 'read in full',
  'abstract-only': 'only its abstract or opening was read',
  partial: 'it was read in part',
  'not-accessible': 'it could not be opened',
};

function leadNote(row: SourceLedgerRow, reportPath: string, date: string): string {
  const reading = row.reading === undefined || row.reading === 'as-recorded' ? 'read as the ledger records' : READ_AS[row.reading];
  const marks = row.unverified ? ' The report marks parts of it UNVERIFIED.' : '';
  // "as S9" in the URL cell: said in words of the note's own, not quoted as the report's (an outside author's finding).
  const same = row.sameAddressAs;
  const url = same
    ? ` The report gives it no address of its own, but that of its row ${same.label}${same.url === undefined ? ', which gives none' : `: ${same.url}`}.`
    : row.urlNote
      ? row.url === undefined
        ? ` The report gives its address as ${quoteNote(row.urlNote)}.`
        : ` Beside its URL the report says: ${quoteNote(row.urlNote)}.`
      : '';
  return `From the research pass of ${date} (${reportPath}, source ledger, line ${row.line}): ${reading}.${marks}${url} Not yet checked by the author.`;
}

/** A researcher's words inside a note, in quotation marks of their own. */
function quoteNote(text: string): string {
  return `“${text.replace(/[“”]/g, '"')}”`;
}
