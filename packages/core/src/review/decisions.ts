/**
 * The author's decisions on what a research pass brought in: accept or
 * reject a lead, accept a proposed claim, give a verdict, re-confirm a
 * verdict on the current wording. Each names its item by a handle or an
 * id; two decisions on one item must agree.
 */
import type { EvidenceClass, Priority, ProposedResponse, ReadingStatus, Relation, VerdictStatus } from '../schema/sidecars.js';
import type { ReviewKind } from '../model/review-queue.js';

/** The decision verbs, as the CLI spells them. */
export type DecisionVerb = 'accept' | 'reject' | 'accept-claim' | 'verdict' | 'reviewed' | 'source' | 'cite';

/** What a decision acts on: an item awaiting review, or a source of the ledger (named by its id). */
export type DecisionKind = ReviewKind | 'source';

/** What every decision records: who, when, and whether it may override an earlier decision. */
interface DecisionBase {
  /** A handle (`l3f2a.c41e`, `l3f2a`) or an id. */
  target: string;
  by: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Override an earlier, different decision on the item (a rejected lead accepted, an accepted one rejected). */
  force?: boolean;
  /** `<book>/<chapter>`: where an id is looked up (default: every chapter, when it is unique). */
  chapter?: string;
}

/** A lead becomes validated evidence. */
export interface AcceptDecision extends DecisionBase {
  verb: 'accept';
  /** What the lead does to its claims, as the author read the source: set on the lead as it is accepted (a lead the report left `unresolved`, say). */
  relation?: Exclude<Relation, 'unresolved'>;
  /**
   * What the lead does to each of its claims, when that differs from claim
   * to claim (one source supports one claim and qualifies another): every
   * claim of the lead in one group. The lead keeps the group of its first
   * claim; each other group becomes validated evidence of its own, from the
   * same source. Not with `relation`.
   */
  relations?: ReadonlyArray<ClaimRelations>;
  /** Where in the source, as the author found it (section, page, line): set on the evidence, in place of the report's. */
  locator?: string;
  /** What exactly the source shows, in the author's words: added to the evidence's note, after where the lead came from. */
  note?: string;
}

/** Claims of a lead and what it does to them. */
export interface ClaimRelations {
  relation: Exclude<Relation, 'unresolved'>;
  claims: readonly string[];
}

/** A lead (or a proposed claim) is kept in the record as rejected, with the reason. */
export interface RejectDecision extends DecisionBase {
  verb: 'reject';
  why: string;
}

/** A proposed claim becomes a claim: by its quote, under its id or another, or by a `:claim` directive. */
export interface AcceptClaimDecision extends DecisionBase {
  verb: 'accept-claim';
  /** The id the claim takes instead of the proposal's; its quote anchor is kept. */
  id?: string;
  /** The id of a `:claim[…]{#id}` directive the author put in the prose: the claim is anchored by it. */
  directive?: string;
}

/** A verdict on a claim, given or taken from a research pass's claim audit. */
export interface VerdictDecision extends DecisionBase {
  verb: 'verdict';
  status?: VerdictStatus;
  rationale?: string;
  /** `latest`, a pass's date, or its report path: its reported status and rationale are taken, unless given. */
  fromPass?: string;
  /** The claim's concern, in the author's words; `null` drops it (a concern a pass left that no longer holds). */
  concern?: string | null;
  /** The claim's priority. */
  priority?: Priority;
  /** The change the author means to make to the prose. */
  response?: ProposedResponse;
}

/** A stale or review-due verdict re-confirmed on the claim's current wording. */
export interface ReviewedDecision extends DecisionBase {
  verb: 'reviewed';
}

/**
 * A source of the ledger corrected by the author: how much of it was read
 * (a pass that read it otherwise says so, `report/reading-differs`), its
 * title, its limitations. Who and when are not written: a source records
 * what it is, not who corrected it.
 */
export interface SourceDecision extends DecisionBase {
  verb: 'source';
  reading?: ReadingStatus;
  title?: string;
  /** What the source cannot show; `null` drops them. */
  limitations?: string | null;
}

/**
 * The author's own evidence: a source of the ledger bears on claims of its
 * chapter, as the author read it. Recorded as validated evidence, with who
 * and when; what no research pass named (a source the author read for
 * another claim, a researcher's slip of a claim id) needs no lead first.
 */
export interface CiteDecision extends DecisionBase {
  verb: 'cite';
  /** The claims it bears on, by id. */
  claims: readonly string[];
  relation: Exclude<Relation, 'unresolved'>;
  /** What kind of evidence it is (`reported` by default, as the CLI gives it). */
  class: EvidenceClass;
  /** Where in the source. */
  locator?: string;
  /** What exactly the source shows, in the author's words. */
  note?: string;
  /** The evidence item's id (default: made from the source's and the first claim's). */
  id?: string;
}

/** One decision. */
export type Decision = AcceptDecision | RejectDecision | AcceptClaimDecision | VerdictDecision | ReviewedDecision | SourceDecision | CiteDecision;

/** The kinds of item each verb acts on. */
export const VERB_KINDS: Readonly<Record<DecisionVerb, readonly DecisionKind[]>> = Object.freeze({
  accept: ['lead'],
  reject: ['lead', 'proposal'],
  'accept-claim': ['proposal'],
  verdict: ['claim'],
  reviewed: ['claim'],
  source: ['source'],
  cite: ['source'],
});

/**
 * A decision as a command line would spell it, for messages.
 * @param decision the decision.
 * @returns e.g. `reject l3f2a.c41e`.
 */
export function describeDecision(decision: Decision): string {
  return `${decision.verb} ${decision.target}`;
}

/**
 * Whether two decisions on one item say the same thing.
 * @param a a decision.
 * @param b another, on the same item.
 * @returns true when applying both is applying one.
 */
export function sameDecision(a: Decision, b: Decision): boolean {
  const { target: _a, ...restA } = a;
  const { target: _b, ...restB } = b;
  return JSON.stringify(sortKeys(restA)) === JSON.stringify(sortKeys(restB));
}

/**
 * What two decisions on one item give differently, for the refusal: e.g.
 * `one gives relation "supports", the other "qualifies"`.
 * @param a the first.
 * @param b the second.
 * @returns the differences, joined.
 */
export function decisionDifference(a: Decision, b: Decision): string {
  if (a.verb !== b.verb) return `one is ${a.verb}, the other ${b.verb}`;
  const first = a as unknown as Record<string, unknown>;
  const second = b as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(first), ...Object.keys(second)])].filter((key) => key !== 'target' && JSON.stringify(first[key]) !== JSON.stringify(second[key])).sort();
  const shown = (value: unknown) => (value === undefined ? 'none' : value === null ? 'none (dropped)' : Array.isArray(value) ? value.map((group: { relation: string; claims: string[] }) => `${group.relation}=${group.claims.join(',')}`).join(' ') : JSON.stringify(value));
  return keys.map((key) => `one gives ${key} ${shown(first[key])}, the other ${shown(second[key])}`).join('; ');
}

function sortKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined).sort(([x], [y]) => (x < y ? -1 : 1)));
}
