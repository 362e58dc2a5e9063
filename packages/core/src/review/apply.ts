/**
 * Each decision applied to the edits of its chapter's sidecars: a lead
 * validated or rejected in place, a proposed claim added to the claims
 * sidecar (its sources as leads on it) and marked accepted, a verdict
 * recorded with the current textHash, a verdict re-confirmed on the current
 * wording. What is already recorded changes nothing.
 */
import { slug, uniqueId, withoutUndefined } from '../ingest/ids.js';
import { closest, quote, shorten } from '../problems/problem.js';
import type { YamlEdit } from '../ingest/yaml-edit.js';
import type { ChapterModel, ResolvedClaim } from '../model/types.js';
import { ClaimSchema, EvidenceItemSchema, ProposedClaimSchema, QuoteAnchorSchema, SourceSchema, VerdictSchema, type EvidenceItem, type ProposedClaim, type Verdict } from '../schema/sidecars.js';
import { addDays, isDateString } from '../schema/dates.js';
import type { AcceptClaimDecision, AcceptDecision, CiteDecision, ClaimRelations, Decision, RejectDecision, ReviewedDecision, SourceDecision, VerdictDecision } from './decisions.js';
import { findPass, reportedVerdict, type PassReports } from './from-pass.js';
import type { ResolvedTarget } from './resolve.js';

/** A sidecar being edited, opened on first use. */
export interface SidecarEdit {
  file: string;
  text: string | undefined;
  readonly edit: YamlEdit;
}

/** The edits of one chapter's sidecars, shared by the decisions on it. */
export interface ChapterEdits {
  chapter: ChapterModel;
  claims: SidecarEdit;
  evidence: SidecarEdit;
  research: SidecarEdit;
  /** Evidence ids in use, the ones this plan adds included. */
  usedIds: Set<string>;
  /** Claim ids this plan adds. */
  newClaims: Set<string>;
  /** The claims this call accepts leads on (whatever their order in it). */
  acceptedNow: Set<string>;
}

/** What applying a decision did. */
export type Applied = { changed: boolean; summary: string } | { error: string };

const EVIDENCE_KEYS = Object.keys(EvidenceItemSchema.shape);
/** The sentence the ingest (and accept-claim) ends a lead's note with. */
const UNCHECKED = ' Not yet checked by the author.';
const VERDICT_KEYS = Object.keys(VerdictSchema.shape);
const PROPOSAL_KEYS = Object.keys(ProposedClaimSchema.shape);
const CLAIM_KEYS = Object.keys(ClaimSchema.shape);
const QUOTE_KEYS = Object.keys(QuoteAnchorSchema.shape);
const SOURCE_KEYS = Object.keys(SourceSchema.shape);

/**
 * Apply one decision.
 * @param decision the decision.
 * @param target its item.
 * @param edits the chapter's sidecar edits.
 * @param reports how `verdict --from-pass` reads reports.
 * @returns whether it changed anything and what, or an error.
 */
export function applyDecision(decision: Decision, target: ResolvedTarget, edits: ChapterEdits, reports: PassReports): Applied {
  switch (decision.verb) {
    case 'accept':
      return acceptLead(decision, target, edits);
    case 'reject':
      return target.kind === 'lead' ? rejectLead(decision, target, edits) : rejectProposal(decision, target, edits);
    case 'accept-claim':
      return acceptProposal(decision, target, edits);
    case 'verdict':
      return giveVerdict(decision, target, edits, reports);
    case 'reviewed':
      return reconfirm(decision, target, edits);
    case 'source':
      return correctSource(decision, target, edits);
    case 'cite':
      return citeSource(decision, target, edits);
  }
}

/**
 * A source of the ledger recorded as validated evidence on claims of its
 * chapter, by the author: a new evidence item, or nothing when one already
 * says the same (the source, the claims, the relation, validated).
 */
function citeSource(decision: CiteDecision, target: ResolvedTarget, edits: ChapterEdits): Applied {
  const source = target.chapter.sources[target.index]!;
  const name = `source "${source.id}" of ${spec(target)}`;
  const known = new Set([...target.chapter.claims.map((claim) => claim.claim.id), ...edits.newClaims]);
  for (const claim of decision.claims) {
    if (known.has(claim)) continue;
    const guess = closest(claim, known);
    return { error: `${spec(target)} has no claim "${claim}"${guess ? `; did you mean "${guess}"?` : ''} (\`research-pack review ${spec(target)}\` lists its claims)` };
  }
  const claims = [...new Set(decision.claims)];
  const same = target.chapter.evidence.find(
    (item) => item.status === 'validated' && item.source === source.id && item.relation === decision.relation && item.claims.length === claims.length && claims.every((claim) => item.claims.includes(claim)),
  );
  if (same) return { changed: false, summary: `${name} ${decision.relation} ${claims.join(', ')} already, as validated evidence "${same.id}"; nothing to change` };
  if (decision.id !== undefined && edits.usedIds.has(decision.id)) return { error: `${spec(target)} has an evidence item "${decision.id}" already: give --id another id` };
  const id = decision.id ?? uniqueId(`${slug(source.id, 40)}-${slug(claims[0]!, 36)}`, edits.usedIds);
  edits.usedIds.add(id);
  const item = withoutUndefined({
    id,
    source: source.id,
    claims,
    relation: decision.relation,
    class: decision.class,
    status: 'validated',
    locator: decision.locator,
    note: decision.note,
    recorded: decision.date,
    by: decision.by,
  });
  edits.evidence.edit.append('evidence', [item], { comment: `Cited by ${decision.by} on ${decision.date}` });
  return { changed: true, summary: `${name} ${decision.relation} ${claims.join(', ')}: validated evidence "${id}" (${decision.class}), by ${decision.by} on ${decision.date}` };
}

/**
 * A source of the ledger as the author corrects it: its reading status,
 * title or limitations set (limitations `null`: dropped). What is the same
 * already changes nothing.
 */
function correctSource(decision: SourceDecision, target: ResolvedTarget, edits: ChapterEdits): Applied {
  const source = target.chapter.sources[target.index]!;
  const name = `source "${source.id}" of ${spec(target)}`;
  const changes: Array<[key: 'reading' | 'title' | 'limitations', value: string | undefined, was: string | undefined]> = [];
  if (decision.reading !== undefined && decision.reading !== source.reading) changes.push(['reading', decision.reading, source.reading]);
  if (decision.title !== undefined && decision.title !== source.title) changes.push(['title', decision.title, source.title]);
  if (decision.limitations === null && source.limitations !== undefined) changes.push(['limitations', undefined, source.limitations]);
  if (typeof decision.limitations === 'string' && decision.limitations !== source.limitations) changes.push(['limitations', decision.limitations, source.limitations]);
  if (changes.length === 0) return { changed: false, summary: `${name} already reads so; nothing to change` };
  const path = ['sources', target.index];
  for (const [key, value] of changes) {
    if (value === undefined) edits.evidence.edit.unset([...path, key]);
    else edits.evidence.edit.set([...path, key], value, SOURCE_KEYS);
  }
  const said = changes.map(([key, value, was]) => {
    const shown = (text: string | undefined) => (text === undefined ? 'none' : key === 'reading' ? text : quote(text, 80));
    return value === undefined ? `its ${key} dropped (was ${shown(was)})` : `its ${key} ${shown(value)} (was ${shown(was)})`;
  });
  return { changed: true, summary: `${name}: ${said.join(', ')}` };
}

/** The error for an item that changed since `review` listed it. */
function changedSince(target: ResolvedTarget, what: string): { error: string } {
  return {
    error: `the handle does not match the ${what} "${target.id}" of ${spec(target)} as it reads now (its handle now reads ${target.handle}): either it changed since \`review\` listed it or the handle is mistyped; run \`research-pack review ${spec(target)}\` again and decide on what it says now`,
  };
}

/**
 * The error for a decision dated before the item it decides on was recorded
 * (a slip of the year, say), with the one day of slack dates have elsewhere
 * for time zones (`cross/future-date`).
 */
function beforeRecorded(decision: { date: string }, recorded: string | undefined, name: string): { error: string } | undefined {
  if (recorded === undefined || !isDateString(recorded) || decision.date >= addDays(recorded, -1)) return undefined;
  return { error: `the decision's date ${decision.date} is before ${name} was recorded (${recorded}); give --date the day you decided, on or after ${recorded} (today's by default)` };
}

function acceptLead(decision: AcceptDecision, target: ResolvedTarget, edits: ChapterEdits): Applied {
  const item = target.chapter.evidence[target.index]!;
  // Evidence already validated, accepted again with --force, is no lead (an outside author's finding).
  const name = `${item.status === 'validated' ? 'evidence' : 'lead'} "${item.id}" of ${spec(target)}`;
  if (decision.relations !== undefined) {
    const groups = claimGroups(decision.relations, item, name);
    if ('error' in groups) return groups;
    // One relation for every claim is the plain accept.
    if (groups.length === 1) {
      const { relations: _relations, ...plain } = decision;
      return acceptLead({ ...plain, relation: groups[0]!.relation }, target, edits);
    }
    return splitLead(decision, target, edits, groups);
  }
  const relation = decision.relation ?? item.relation;
  const described = (decision.locator === undefined || decision.locator === item.locator) && noteWith(item, decision) === item.note;
  if (item.status === 'validated' && item.recorded === decision.date && item.by === decision.by && relation === item.relation && described) {
    return { changed: false, summary: `${name} is already validated, by ${decision.by} on ${decision.date}; nothing to change` };
  }
  // A relation the report or the author already gave is changed only on purpose.
  if (decision.relation !== undefined && item.relation !== 'unresolved' && item.relation !== decision.relation && !decision.force) {
    return { error: `${name} ${item.relation} its claims (${item.claims.join(', ')}); to record that it ${decision.relation} them instead, give --force` };
  }
  const refused = acceptRefusal(decision, target, item, name);
  if (refused) return refused;
  validateLead(edits.evidence.edit, ['evidence', target.index], decision, item, { relation });
  return { changed: true, summary: `${name} (${item.source} ${relation} ${item.claims.join(', ')}${relation !== item.relation ? `; was ${item.relation}` : ''}) is validated evidence, by ${decision.by} on ${decision.date}${describedSaid(item, decision)}${weakClass(item)}${unreadSource(item, target)}` };
}

/**
 * What accepting evidence from a source nobody could open means, said with
 * the decision: validated evidence says the author checked the source (an
 * outside author validated a lead whose source the report could not open,
 * without a word).
 */
function unreadSource(item: EvidenceItem, target: ResolvedTarget): string {
  // Reproduced evidence rests on a run, which needs no reading (as `cross/validated-unread-source` has it).
  const source = item.class === 'reproduced' ? undefined : target.chapter.sources.find((candidate) => candidate.id === item.source);
  if (source?.reading !== 'not-accessible') return '';
  return `; note: its source "${source.id}" is recorded as not accessible (nobody could open it), and validated evidence says you checked the source: if you read it, record how much, \`research-pack source ${source.id} --reading full-text\` (or partial, abstract-only); if not, reject the lead instead`;
}

/** The locator an author gives as they accept a lead, set on it, and their note, added to its note (`noteWith`). */
function describe(edit: YamlEdit, path: Array<string | number>, decision: AcceptDecision, item: EvidenceItem): void {
  if (decision.locator !== undefined) edit.set([...path, 'locator'], decision.locator, EVIDENCE_KEYS);
  if (decision.note !== undefined) edit.set([...path, 'note'], noteWith(item, decision), EVIDENCE_KEYS);
}

/**
 * A lead's note once accepted: without the ingest's "not yet checked", and
 * with the author's words after what is there (where the lead came from,
 * which a reader checking provenance needs), unless it already ends with them.
 */
function noteWith(item: EvidenceItem, decision: AcceptDecision): string | undefined {
  const base = checkedNote(item);
  if (decision.note === undefined) return item.note;
  if (base === undefined || base === '') return decision.note;
  // Already there as a sentence of its own, after the one before it ("… read in full." is not the note "in full.").
  const at = base.length - decision.note.length;
  const there = base.endsWith(decision.note) && (at === 0 || /[.!?"”')\]]\s$/.test(base.slice(Math.max(0, at - 2), at)));
  return there ? base : `${base} ${decision.note}`;
}

/** What the summary says of a locator and note given. */
function describedSaid(item: EvidenceItem, decision: AcceptDecision): string {
  const parts = [
    decision.locator === undefined || decision.locator === item.locator ? undefined : item.locator === undefined ? `locator ${quote(decision.locator, 200)}` : `locator ${quote(decision.locator, 200)} (was ${quote(item.locator, 200)})`,
    decision.note === undefined || noteWith(item, decision) === item.note ? undefined : 'your note added to its note',
  ].filter((part): part is string => part !== undefined);
  return parts.length === 0 ? '' : `, with ${parts.join(' and ')}`;
}

/**
 * What accepting evidence of a class that shows nothing yet means, said
 * with the decision (an outside author's finding: it went through without a word).
 */
function weakClass(item: EvidenceItem): string {
  if (item.class === 'proposed-experiment') return `; note: its class is proposed-experiment, an experiment not run: accepted, it counts toward the verdicts of ${item.claims.join(', ')} as any evidence does. Once it is run, record the run in the research sidecar and give it class reproduced and its run; to keep it as a plan only, reject it with --why instead`;
  if (item.class === 'hypothesis') return `; note: its class is hypothesis, an explanation nobody has checked: accepted, it counts toward the verdicts of ${item.claims.join(', ')} as any evidence does`;
  return '';
}

/** Why a lead is not accepted as it stands: already decided (without --force), changed since listed, or dated before it was recorded. */
function acceptRefusal(decision: AcceptDecision, target: ResolvedTarget, item: EvidenceItem, name: string): { error: string } | undefined {
  if (item.status === 'validated' && !decision.force) {
    const given = [decision.locator === undefined ? undefined : 'locator', decision.note === undefined ? undefined : 'note'].filter(Boolean).join(' and ');
    if (given !== '') return { error: `${name} is already validated (${decided(item)}); to give it this ${given}, give --force: the acceptance is then recorded again, by ${decision.by} on ${decision.date}` };
    return { error: `${name} is already validated (${decided(item)}); nothing to change. To record this acceptance instead, give --force` };
  }
  if (item.status === 'rejected' && !decision.force) {
    return { error: `${name} was rejected (${decided(item)}${item.reason ? `: "${item.reason}"` : ''}); to accept it all the same, give --force` };
  }
  if (target.changed) return changedSince(target, 'lead');
  return beforeRecorded(decision, item.recorded, name);
}

/**
 * A lead's claims grouped by the relation the author gives each, in the
 * lead's order of its claims (the group of its first claim first); an error
 * for a claim it does not bear on, one named twice, or one left out.
 */
function claimGroups(relations: ReadonlyArray<ClaimRelations>, item: EvidenceItem, name: string): ClaimRelations[] | { error: string } {
  const given = new Map<string, ClaimRelations['relation']>();
  for (const { relation, claims } of relations) {
    for (const claim of claims) {
      if (!item.claims.includes(claim)) {
        const guess = closest(claim, item.claims);
        return { error: `${name} bears on ${item.claims.join(', ')}, not on "${claim}"${guess ? ` (did you mean "${guess}"?)` : ''}; give each of its claims one relation, e.g. --relation ${relation}=${item.claims[0]}` };
      }
      const earlier = given.get(claim);
      if (earlier !== undefined && earlier !== relation) return { error: `--relation gives claim "${claim}" of ${name} two relations, ${earlier} and ${relation}; give it one` };
      given.set(claim, relation);
    }
  }
  const left = item.claims.filter((claim) => !given.has(claim));
  if (left.length > 0) {
    return { error: `--relation gives no relation for ${left.length === 1 ? 'claim' : 'claims'} ${left.map((claim) => `"${claim}"`).join(', ')} of ${name}; give each of its claims one (--relation supports=<claim>,… --relation qualifies=<claim>,…), or one for all (--relation supports)` };
  }
  const groups = new Map<ClaimRelations['relation'], string[]>();
  for (const claim of item.claims) {
    const relation = given.get(claim)!;
    groups.set(relation, [...(groups.get(relation) ?? []), claim]);
  }
  return [...groups].map(([relation, claims]) => ({ relation, claims }));
}

/**
 * Accept a lead that bears differently on its claims: the lead keeps the
 * claims of the first group, with that group's relation; each other group
 * is appended as validated evidence of its own, a copy of the lead with
 * those claims and that relation.
 */
function splitLead(decision: AcceptDecision, target: ResolvedTarget, edits: ChapterEdits, groups: readonly ClaimRelations[]): Applied {
  const item = target.chapter.evidence[target.index]!;
  const name = `lead "${item.id}" of ${spec(target)}`;
  const changed = groups.filter((group) => group.relation !== item.relation);
  if (item.relation !== 'unresolved' && changed.length > 0 && !decision.force) {
    return { error: `${name} ${item.relation} its claims (${item.claims.join(', ')}); to record that it ${changed.map((group) => `${group.relation} ${group.claims.join(', ')}`).join(' and ')} instead, give --force` };
  }
  const refused = acceptRefusal(decision, target, item, name);
  if (refused) return refused;
  const [first, ...rest] = groups as [ClaimRelations, ...ClaimRelations[]];
  validateLead(edits.evidence.edit, ['evidence', target.index], decision, item, first);
  const note = decision.note === undefined ? checkedNote(item) : noteWith(item, decision);
  const copies = rest.map((group) => {
    // Named by the group's first claim, which stays the copy's whatever relation it is later given (an outside author's
    // finding: a copy named "-qualifies" read wrong once the prose was rewritten and its relation became supports).
    const claim = group.claims[0]!;
    // Cut between words, not inside one ("…-core-sessio-compaction" read wrong to an outside author).
    const id = uniqueId(slug(`${slug(item.id, Math.max(80 - claim.length - 4, 20))}-${claim}`, 77), edits.usedIds);
    edits.usedIds.add(id);
    const copy: Record<string, unknown> = { ...item, id, claims: [...group.claims], relation: group.relation, status: 'validated', recorded: decision.date, by: decision.by, reason: undefined, locator: decision.locator ?? item.locator, note: note === '' ? undefined : note };
    // In the sidecar's order of keys, as every other item (a locator the lead had not is not written last).
    return withoutUndefined(Object.fromEntries(EVIDENCE_KEYS.map((key) => [key, copy[key]])));
  });
  edits.evidence.edit.append('evidence', copies, { comment: `Split from "${item.id}" by ${decision.by} on ${decision.date}: the same source, bearing differently on these claims` });
  const said = groups.map((group, index) => `${group.relation} ${group.claims.join(', ')}${index === 0 ? '' : `, as "${copies[index - 1]!.id}"`}`).join('; ');
  return { changed: true, summary: `${name} (${item.source} ${said}; was ${item.relation}) is validated evidence, by ${decision.by} on ${decision.date}${describedSaid(item, decision)}${weakClass(item)}${unreadSource(item, target)}` };
}

/**
 * Mark a lead validated by the author's decision: its relation (and, for
 * the first group of a split, its claims) as decided, the decision's date and
 * author, no reason, and its note and description as the decision gives them.
 */
function validateLead(edit: YamlEdit, path: Array<string | number>, decision: AcceptDecision, item: EvidenceItem, decided: { relation: EvidenceItem['relation']; claims?: readonly string[] }): void {
  if (decided.relation !== item.relation) edit.set([...path, 'relation'], decided.relation, EVIDENCE_KEYS);
  if (decided.claims) edit.set([...path, 'claims'], [...decided.claims], EVIDENCE_KEYS);
  edit.set([...path, 'status'], 'validated', EVIDENCE_KEYS);
  edit.set([...path, 'recorded'], decision.date, EVIDENCE_KEYS);
  edit.set([...path, 'by'], decision.by, EVIDENCE_KEYS);
  edit.unset([...path, 'reason']);
  if (decision.note === undefined) dropUnchecked(edit, path, item);
  describe(edit, path, decision, item);
}

/** The ingest's note says a lead is not checked yet; once it is accepted or rejected, that sentence would be false. */
function dropUnchecked(edit: YamlEdit, path: Array<string | number>, item: EvidenceItem): void {
  if (item.note?.endsWith(UNCHECKED)) edit.set([...path, 'note'], checkedNote(item), EVIDENCE_KEYS);
}

/** A lead's note without the ingest's "Not yet checked by the author.". */
function checkedNote(item: EvidenceItem): string | undefined {
  return item.note?.endsWith(UNCHECKED) ? item.note.slice(0, -UNCHECKED.length).trimEnd() : item.note;
}

function rejectLead(decision: RejectDecision, target: ResolvedTarget, edits: ChapterEdits): Applied {
  const item = target.chapter.evidence[target.index]!;
  const name = `lead "${item.id}" of ${spec(target)}`;
  if (item.status === 'rejected' && item.reason === decision.why && item.by === decision.by && item.recorded === decision.date) {
    return { changed: false, summary: `${name} is already rejected, by ${decision.by} on ${decision.date}; nothing to change` };
  }
  if (item.status !== 'lead' && !decision.force) {
    const was = item.status === 'rejected' ? `was already rejected (${decided(item)}${item.reason ? `: "${item.reason}"` : ''})` : `is validated evidence (${decided(item)})`;
    return { error: `${name} ${was}; to record this rejection instead, give --force` };
  }
  if (target.changed) return changedSince(target, 'lead');
  const early = beforeRecorded(decision, item.recorded, name);
  if (early) return early;
  const path = ['evidence', target.index];
  const edit = edits.evidence.edit;
  edit.set([...path, 'status'], 'rejected', EVIDENCE_KEYS);
  edit.set([...path, 'recorded'], decision.date, EVIDENCE_KEYS);
  edit.set([...path, 'by'], decision.by, EVIDENCE_KEYS);
  edit.set([...path, 'reason'], decision.why, EVIDENCE_KEYS);
  dropUnchecked(edit, path, item);
  return { changed: true, summary: `${name} is rejected, by ${decision.by} on ${decision.date}: "${decision.why}" (kept in the record; a later pass does not add it again)` };
}

function rejectProposal(decision: RejectDecision, target: ResolvedTarget, edits: ChapterEdits): Applied {
  const proposal = target.chapter.research.proposedClaims[target.index]!;
  const name = `proposed claim "${proposal.id}" of ${spec(target)}`;
  const rejection = { date: decision.date, by: decision.by, reason: decision.why };
  if (proposal.rejected && JSON.stringify(proposal.rejected) === JSON.stringify(rejection)) {
    return { changed: false, summary: `${name} is already rejected, by ${decision.by} on ${decision.date}; nothing to change` };
  }
  if (proposal.accepted) {
    return { error: `${name} was accepted as claim "${proposal.accepted.claim}" (by ${proposal.accepted.by} on ${proposal.accepted.date}); if it should not be one, \`research-pack remove-claim ${proposal.accepted.claim}\` takes it out` };
  }
  if (proposal.rejected && !decision.force) {
    return { error: `${name} was already rejected (by ${proposal.rejected.by} on ${proposal.rejected.date}: "${proposal.rejected.reason}"); to record this rejection instead, give --force` };
  }
  if (target.changed) return changedSince(target, 'proposed claim');
  edits.research.edit.set(['proposedClaims', target.index, 'rejected'], rejection, PROPOSAL_KEYS);
  return { changed: true, summary: `${name} is rejected, by ${decision.by} on ${decision.date}: "${decision.why}" (kept in the record; a later pass does not propose it again)` };
}

function acceptProposal(decision: AcceptClaimDecision, target: ResolvedTarget, edits: ChapterEdits): Applied {
  const { chapter } = target;
  const proposal = chapter.research.proposedClaims[target.index]!;
  const name = `proposed claim "${proposal.id}" of ${spec(target)}`;
  const id = decision.directive ?? decision.id ?? proposal.id;
  if (proposal.accepted) {
    if (proposal.accepted.claim === id && proposal.accepted.by === decision.by && proposal.accepted.date === decision.date) {
      return { changed: false, summary: `${name} is already claim "${id}", accepted by ${decision.by} on ${decision.date}; nothing to change` };
    }
    return { error: `${name} was already accepted as claim "${proposal.accepted.claim}" (by ${proposal.accepted.by} on ${proposal.accepted.date}); a proposal becomes one claim: decide on claim "${proposal.accepted.claim}" instead` };
  }
  if (proposal.rejected && !decision.force) {
    return { error: `${name} was rejected (by ${proposal.rejected.by} on ${proposal.rejected.date}: "${proposal.rejected.reason}"); to accept it all the same, give --force` };
  }
  if (target.changed) return changedSince(target, 'proposed claim');
  if (chapter.claims.some((claim) => claim.claim.id === id) || edits.newClaims.has(id)) {
    return { error: decision.directive !== undefined ? `${spec(target)} already has a claim "${id}"; mark the sentence with another directive id (:claim[…]{#other-id}) and give that with --directive` : `${spec(target)} already has a claim "${id}"; give the new claim another id with --id <id>` };
  }
  if (decision.directive === undefined && proposal.quote === undefined) {
    return { error: `${name} has no quote found in the snapshot to anchor it; mark the sentence in the prose as :claim[…]{#${id}} and give --directive ${id}` };
  }
  edits.newClaims.add(id);
  const claim = {
    id,
    anchor: decision.directive === undefined ? { quote: proposal.quote } : 'directive',
    verdict: { status: 'unverified' },
    priority: proposal.priority ?? 'medium',
    ...(proposal.concern ? { concern: proposal.concern } : {}),
    response: proposal.response ?? 'no-change',
  };
  edits.claims.edit.append('claims', [claim], { comment: `Accepted by ${decision.by} on ${decision.date}: proposed by ${proposal.report} (research pass of ${proposal.recorded})` });
  const leads = proposalLeads(proposal, id, edits);
  if (leads.length > 0) {
    edits.evidence.edit.append('evidence', leads, { comment: `Leads for claim ${id}, named by ${proposal.report} for the proposed claim "${proposal.id}"; each is evidence once the author accepts it` });
  }
  const research = edits.research.edit;
  research.set(['proposedClaims', target.index, 'accepted'], { date: decision.date, by: decision.by, claim: id }, PROPOSAL_KEYS);
  if (decision.force) research.unset(['proposedClaims', target.index, 'rejected']);
  const anchored = decision.directive === undefined ? 'anchored by its quote' : 'anchored by its :claim directive';
  const added = leads.length === 0 ? '' : `; its ${leads.length === 1 ? 'source is a lead' : `${leads.length} sources are leads`} on it (${leads.map((lead) => lead.id).join(', ')})`;
  return { changed: true, summary: `${name} is claim "${id}", ${anchored}, unverified until it has a verdict${added}` };
}

/**
 * One lead per ledger source the proposal names, with the relation the
 * report's ledger gives that source (`contradicts C3`), else `unresolved`:
 * the claim-audit row's status is the report's verdict on the claim, not
 * what each source does to it (outside authors found a source the claim
 * repeats recorded as contradicting it), so it is only said in the note,
 * and the author gives such a lead's relation as they accept it.
 */
function proposalLeads(proposal: ProposedClaim, claim: string, edits: ChapterEdits): EvidenceItem[] {
  const status = proposal.status === undefined ? '' : `; the row's status for the claim: ${proposal.status}`;
  const known = new Set(edits.chapter.sources.map((source) => source.id));
  return proposal.sources
    .filter((source) => known.has(source))
    .map((source) => {
      const id = uniqueId(`lead-${slug(source, 60)}`, edits.usedIds);
      edits.usedIds.add(id);
      return {
        id,
        source,
        claims: [claim],
        relation: proposal.relations?.[source] ?? 'unresolved',
        class: 'reported',
        status: 'lead',
        note: `Named for the proposed claim "${proposal.id}" by ${proposal.report} (research pass of ${proposal.recorded}${proposal.label ? `, claim-audit row ${proposal.label}` : ''}${status}${proposal.relations?.[source] ? `; its source ledger says the source ${proposal.relations[source]} the claim` : ''}). Not yet checked by the author.`,
        recorded: proposal.recorded,
      };
    });
}

/**
 * A verdict, and with it (or alone, when no status is given) the claim's
 * concern, priority and response as the author gives them: a concern a
 * research pass left goes on into the next brief until the author changes
 * it (an outside author's finding: only a hand edit could).
 */
function giveVerdict(decision: VerdictDecision, target: ResolvedTarget, edits: ChapterEdits, reports: PassReports): Applied {
  const claim = target.chapter.claims[target.index]!;
  const name = `claim "${claim.claim.id}" of ${spec(target)}`;
  const fields = claimFieldChanges(decision, claim, (key) => edits.claims.edit.has(['claims', target.index], key));
  const alone = decision.status === undefined && decision.fromPass === undefined;
  const applied: Applied = alone ? { changed: false, summary: `${name} already has ${fieldNames(decision)}; nothing to change` } : recordVerdict(decision, target, edits, reports);
  if ('error' in applied || fields.length === 0) return applied;
  if (target.changed) return changedSince(target, 'claim');
  for (const [key, value] of fields) {
    if (value === undefined) edits.claims.edit.unset(['claims', target.index, key]);
    else edits.claims.edit.set(['claims', target.index, key], value, CLAIM_KEYS);
  }
  const said = fields.map(([key, value, was]) => (value === undefined ? `its ${key} dropped (was ${quote(String(was), 80)})` : `its ${key} ${key === 'concern' ? quote(value, 80) : value}${was === undefined ? '' : ` (was ${key === 'concern' ? quote(String(was), 80) : was})`}`));
  return { changed: true, summary: applied.changed ? `${applied.summary}; ${said.join(', ')}` : `${name}: ${said.join(', ')}; its verdict stays as it is` };
}

/** The concern, priority and response a verdict decision changes: each with its new value (undefined: dropped) and its old one. */
function claimFieldChanges(decision: VerdictDecision, claim: ResolvedClaim, written: (key: string) => boolean): Array<['concern' | 'priority' | 'response', string | undefined, string | undefined]> {
  const changes: Array<['concern' | 'priority' | 'response', string | undefined, string | undefined]> = [];
  const { concern, priority, response } = claim.claim;
  if (decision.concern === null && concern !== undefined) changes.push(['concern', undefined, concern]);
  if (typeof decision.concern === 'string' && decision.concern !== concern) changes.push(['concern', decision.concern, concern]);
  // A priority or response the file does not write is the default only until a pass fills it: the author's is written.
  for (const [key, given, now] of [['priority', decision.priority, priority], ['response', decision.response, response]] as const) {
    if (given !== undefined && (given !== now || !written(key))) changes.push([key, given, written(key) ? now : undefined]);
  }
  return changes;
}

/** The fields a decision gives, for "already has …": "no concern and priority high". */
function fieldNames(decision: VerdictDecision): string {
  const names = [
    decision.concern === null ? 'no concern' : decision.concern !== undefined ? 'this concern' : undefined,
    decision.priority !== undefined ? `priority ${decision.priority}` : undefined,
    decision.response !== undefined ? `response ${decision.response}` : undefined,
  ].filter(Boolean);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'this verdict');
}

function recordVerdict(decision: VerdictDecision, target: ResolvedTarget, edits: ChapterEdits, reports: PassReports): Applied {
  const claim = target.chapter.claims[target.index]!;
  const name = `claim "${claim.claim.id}" of ${spec(target)}`;
  let { status, rationale } = decision;
  let from = '';
  if (decision.fromPass !== undefined) {
    const pass = findPass(target.chapter, decision.fromPass);
    if ('error' in pass) return pass;
    const reported = reportedVerdict(target.chapter, claim.claim.id, pass, reports);
    if ('error' in reported) return reported;
    status ??= reported.status;
    rationale ??= reported.rationale;
    // Two passes of one day: the report read is named.
    const sameDay = target.chapter.research.history.filter((other) => other.date === pass.date).length > 1;
    from = ` (from the research pass of ${pass.date}${sameDay && pass.report ? `, ${pass.report}` : ''}, claim-audit row ${reported.label})`;
    if (status === undefined) return { error: `the claim-audit row ${reported.label} of the research pass of ${pass.date} gives no status for "${claim.claim.id}"; give it: verdict ${claim.claim.id} <status> --from-pass ${decision.fromPass}` };
    // The researcher's cell says part of it is unverified: under a verdict that says otherwise, readers would see both (an
    // outside author published "supported" over "UNVERIFIED wording").
    if (decision.rationale === undefined && status !== 'unverified' && rationale !== undefined && /\bUNVERIFIED\b/.test(rationale)) {
      return {
        error: `the claim-audit row ${reported.label} of the research pass of ${pass.date} says UNVERIFIED in what would be the rationale of a ${status} verdict ("${shorten(rationale, 120)}"); give the rationale in your words with --rationale "…" (the status may still come from the pass), or make the verdict unverified`,
      };
    }
  }
  if (status === undefined) return { error: `give the verdict's status: supported, qualified, contradicted or unverified` };
  // Taking back a verdict is a decision readers see: it says why.
  if (status === 'unverified' && rationale === undefined && claim.claim.verdict.status !== 'unverified') {
    return { error: `${name} is ${claim.claim.verdict.status}; to make it unverified, say why with --rationale "…" (readers see it in place of the verdict's rationale)` };
  }
  if (status !== 'unverified' && rationale === undefined) return { error: `a ${status} verdict needs a rationale: give --rationale "…", one or two sentences a reader can check against the evidence` };
  // Unverified again, with nothing said: nothing to record (an outside author's slip wrote a date and a name and no reason).
  if (status === 'unverified' && rationale === undefined && claim.claim.verdict.status === 'unverified') {
    return { changed: false, summary: `${name} is unverified already; nothing to change (to record why it stays so, give --rationale "…")` };
  }
  const verdict: Verdict =
    status === 'unverified'
      ? { status, date: decision.date, ...(rationale ? { rationale } : {}), by: decision.by }
      : { status, date: decision.date, rationale: rationale!, textHash: claim.textHash, text: claim.text, by: decision.by };
  if (JSON.stringify(orderVerdict(claim.claim.verdict)) === JSON.stringify(orderVerdict(verdict)) && claim.anchoring !== 'fuzzy') {
    return { changed: false, summary: `${name} already has this verdict; nothing to change` };
  }
  if (target.changed) return changedSince(target, 'claim');
  const early = beforeRecorded(decision, claim.claim.verdict.date, `the ${claim.claim.verdict.status} verdict of claim "${claim.claim.id}" it replaces`);
  if (early) return early;
  writeVerdict(edits.claims.edit, target.index, claim, verdict);
  const hashNote = status === 'unverified' ? '' : ` on its current wording (textHash ${claim.textHash})`;
  // The researcher's words under the author's name: said when they speak in the first person (an outside author's finding: "my runs").
  // Code spans hold no one's voice ("`us-east-1`").
  const spoken = decision.rationale === undefined && rationale !== undefined ? FIRST_PERSON.exec(rationale.replace(/`[^`]*`/g, ' ')) : null;
  const voice = spoken ? `; note: the rationale is the researcher's cell as written, in their first person ("${spoken[0]}"), and readers see it as yours: give --rationale "…" in your own words` : '';
  // Ledger ids in brackets are the book's bookkeeping, not a citation a reader can follow (an outside author's finding: "[rfc8446]").
  const cited = decision.rationale === undefined && rationale !== undefined ? ledgerIdsIn(rationale, target.chapter.sources) : [];
  const ids = cited.length === 0 ? '' : `; note: the rationale names ${cited.length === 1 ? 'a source' : 'sources'} by ledger id (${cited.map((id) => `[${id}]`).join(', ')}), which readers see as written: give --rationale "…" to name ${cited.length === 1 ? 'it' : 'them'} in words`;
  return { changed: true, summary: `${name} is ${status}, by ${decision.by} on ${decision.date}${hashNote}${from}${voice}${ids}` };
}

/** The ledger ids a text gives in brackets (`[rfc8446]`, `[a, b]`), in order, once each. */
function ledgerIdsIn(text: string, sources: readonly { id: string }[]): string[] {
  const known = new Set(sources.map((source) => source.id));
  const found: string[] = [];
  for (const match of text.matchAll(/\[([a-z0-9][a-z0-9.-]*(?:\s*,\s*[a-z0-9][a-z0-9.-]*)*)\]/g)) {
    for (const id of match[1]!.split(/\s*,\s*/)) if (known.has(id) && !found.includes(id)) found.push(id);
  }
  return found;
}

/** Words of one speaking of themselves: "I ran", "my runs", "we measured". */
const FIRST_PERSON = /(?<![\w-])(?:I (?:ran|read|found|checked|tested|measured|saw|could|did|have|had|used|tried|think|believe|was|am|got|opened|wrote)|(?:my|My|me|we|We|our|Our|us)(?![\w-])(?:\s+\p{L}+)?)/u;

function reconfirm(decision: ReviewedDecision, target: ResolvedTarget, edits: ChapterEdits): Applied {
  const claim = target.chapter.claims[target.index]!;
  const { verdict } = claim.claim;
  const name = `claim "${claim.claim.id}" of ${spec(target)}`;
  if (verdict.status === 'unverified') {
    return { error: `${name} is unverified: there is no verdict to re-confirm; give one with \`research-pack verdict ${claim.claim.id} <status> --rationale "…"\`` };
  }
  const next: Verdict = { ...verdict, date: decision.date, textHash: claim.textHash, text: claim.text, by: decision.by };
  if (JSON.stringify(orderVerdict(verdict)) === JSON.stringify(orderVerdict(next)) && claim.anchoring !== 'fuzzy') {
    return { changed: false, summary: `${name} has its ${verdict.status} verdict of ${decision.date}, by ${decision.by}, on its current wording; nothing to re-confirm` };
  }
  if (claim.stale === false && !claim.reviewDue) {
    return { error: `${name} is neither stale nor review due: its ${verdict.status} verdict of ${verdict.date ?? 'no date'} stands on the current wording; nothing to re-confirm (give a new verdict with \`research-pack verdict\`)` };
  }
  if (target.changed) return changedSince(target, 'claim');
  const early = beforeRecorded(decision, verdict.date, `the ${verdict.status} verdict of claim "${claim.claim.id}"`);
  if (early) return early;
  writeVerdict(edits.claims.edit, target.index, claim, orderVerdict(next));
  const was = verdict.textHash === undefined ? 'no textHash recorded' : verdict.textHash === claim.textHash ? 'the same wording' : `was ${verdict.textHash}`;
  // Review due is about the evidence's age: re-confirming says the author checked the claim, and the evidence stays as old (an outside author's finding).
  // Evidence this call accepts is recorded today: then there is nothing old to say (an outside author's finding: the note named the date it replaced).
  const newest = claim.reviewDue && !edits.acceptedNow.has(claim.claim.id) ? newestValidated(target.chapter.evidence, claim.claim.id) : undefined;
  const due = newest === undefined ? '' : `; note: its newest validated evidence is still of ${newest}: this records that you checked the claim on ${decision.date}, not newer evidence (a research pass brings that)`;
  // The verdict's date becomes the re-confirmation's: said, with the date it had (an outside author's finding: it moved unsaid).
  const dated = verdict.date !== undefined && verdict.date !== decision.date ? `; its date was ${verdict.date}${verdict.by !== undefined && verdict.by !== decision.by ? `, by ${verdict.by}` : ''}` : '';
  return { changed: true, summary: `${name} stays ${verdict.status}, re-confirmed by ${decision.by} on ${decision.date} on its current wording (textHash ${claim.textHash}; ${was}${dated})${due}` };
}

/** The date of the newest validated evidence on a claim, if any. */
function newestValidated(evidence: readonly EvidenceItem[], claim: string): string | undefined {
  let newest: string | undefined;
  for (const item of evidence) if (item.status === 'validated' && item.claims.includes(claim) && (newest === undefined || item.recorded > newest)) newest = item.recorded;
  return newest;
}

/** Set the verdict key by key (comments in it stay), or whole when it is written in flow style; a fuzzily found quote is re-anchored on the words found. */
function writeVerdict(edit: YamlEdit, index: number, claim: ResolvedClaim, verdict: Verdict): void {
  const path = ['claims', index, 'verdict'];
  if (edit.isFlow(path)) edit.set(path, verdict, CLAIM_KEYS);
  else {
    for (const key of VERDICT_KEYS) {
      const value = (verdict as Record<string, unknown>)[key];
      if (value === undefined) edit.unset([...path, key]);
      else edit.set([...path, key], value, VERDICT_KEYS);
    }
  }
  if (claim.anchoring === 'fuzzy' && typeof claim.claim.anchor === 'object') edit.set(['claims', index, 'anchor', 'quote'], claim.text, QUOTE_KEYS);
}

/** A verdict's keys in schema order, as the sidecar will hold them. */
function orderVerdict(verdict: Verdict): Verdict {
  return Object.fromEntries(VERDICT_KEYS.flatMap((key) => ((verdict as Record<string, unknown>)[key] === undefined ? [] : [[key, (verdict as Record<string, unknown>)[key]]]))) as Verdict;
}

function decided(item: EvidenceItem): string {
  return `${item.by ? `by ${item.by}, ` : ''}recorded ${item.recorded}`;
}

function spec(target: ResolvedTarget): string {
  return `${target.book.slug}/${target.chapter.slug}`;
}
