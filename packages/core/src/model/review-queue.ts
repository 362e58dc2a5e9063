/**
 * What awaits the author's decision in a chapter: leads (grouped by the
 * claim they bear on), the claims research passes proposed, claims whose
 * verdict is stale or due for review, and the latest pass's upgrade
 * proposal. The CLI's `review` lists it, the research pack page and the
 * status report show it.
 *
 * Every item has a handle: a letter for its kind (`l` lead, `p` proposed
 * claim, `c` claim), the shortest prefix (at least 4 hex characters) of a
 * hash of its chapter, kind and id that no other item of the model shares,
 * then a dot and 4 hex characters of a hash of the item as it reads now.
 * The first part never names another item when one is decided (decided
 * items keep theirs); the second tells a decision that the item changed
 * since it was listed.
 */
import { hash } from 'node:crypto';
import { latestPass } from './queries.js';
import type { ChapterModel, ResearchModel, ResolvedClaim, StaleReason } from './types.js';
import type { EvidenceItem, ProposedClaim, ResearchPass, Source } from '../schema/sidecars.js';

/** The kinds of item a handle names. */
export type ReviewKind = 'lead' | 'proposal' | 'claim';

/** The letter each kind's handles start with. */
export const HANDLE_LETTER: Readonly<Record<ReviewKind, string>> = Object.freeze({ lead: 'l', proposal: 'p', claim: 'c' });

/** A lead awaiting validation, with what it rests on. */
export interface ReviewLead {
  kind: 'lead';
  handle: string;
  item: EvidenceItem;
  /** Its ledger source; undefined when the id is not in the ledger. */
  source: Source | undefined;
  /** The research pass whose report it came from, when its note names one. */
  pass: ResearchPass | undefined;
}

/** A claim proposed by a research pass, not accepted or rejected yet. */
export interface ReviewProposal {
  kind: 'proposal';
  handle: string;
  proposal: ProposedClaim;
}

/** A claim whose verdict no longer stands as given: stale, or due for review. */
export interface ReviewClaim {
  kind: 'claim';
  handle: string;
  claim: ResolvedClaim;
  /** Why it is stale, if it is. */
  stale: false | StaleReason;
  reviewDue: boolean;
  /** The wording the verdict reviewed, when it records it (`verdict.text`). */
  reviewedText: string | undefined;
}

/** One item awaiting a decision. */
export type ReviewItem = ReviewLead | ReviewProposal | ReviewClaim;

/** Leads bearing on one claim (or on a claim id the chapter does not have). */
export interface ReviewLeadGroup {
  claim: string;
  leads: ReviewLead[];
}

/** What awaits the author's decision in one chapter. */
export interface ReviewQueue {
  chapter: ChapterModel;
  /** Each lead once, in sidecar order. */
  leads: ReviewLead[];
  /** The leads by claim, in claim order (a lead on two claims is in both groups). */
  leadsByClaim: ReviewLeadGroup[];
  proposals: ReviewProposal[];
  claims: ReviewClaim[];
  /** The latest pass's upgrade proposal, when it made one: context for the decisions, edited in the prose. */
  upgrade: { pass: ResearchPass; proposal: string } | undefined;
  /**
   * The latest pass, when it has a report: what its claim audit says of a
   * lead's claims is shown under a lead an earlier pass (or the author)
   * recorded, since a later pass may have run or read what the lead proposed.
   */
  latest: ResearchPass | undefined;
  /** Items awaiting a decision: leads, proposals and claims. */
  count: number;
  /** The book's `reviewAfterDays`, which "review due" is counted in. */
  reviewAfterDays: number;
}

/** The identity of one item: the short part of its handle and the whole hash it is cut from. */
export interface HandleIdentity {
  /** `l3f2a`: the letter and the shortest prefix no other item of the model shares. */
  short: string;
  /** The letter and all 64 hex characters. */
  full: string;
  kind: ReviewKind;
  chapter: string;
  id: string;
}

/** Handles of every item of a model, by item key. */
export type HandleIndex = ReadonlyMap<string, HandleIdentity>;

const HANDLE_MIN = 4;
const handleCache = new WeakMap<object, Map<string, HandleIdentity>>();

/**
 * The key of an item: its chapter, kind and id.
 * @param chapterId the chapter's `<book>-<chapter>` id.
 * @param kind the kind of item (or `source`, which decisions name too).
 * @param id its id in the sidecar.
 * @returns the key handles are computed from.
 */
export function itemKey(chapterId: string, kind: ReviewKind | 'source', id: string): string {
  return `${chapterId}\u0000${kind}\u0000${id}`;
}

/**
 * The identity part of every handle of a model (`l3f2a`), by item key:
 * every evidence item, proposed claim and claim, decided or not, so that a
 * handle keeps its meaning when an item is decided. Cached per model.
 * @param model the research model.
 * @returns the handles' identity parts.
 */
export function handleIndex(model: ResearchModel): HandleIndex {
  const cached = handleCache.get(model);
  if (cached) return cached;
  const keys: Array<{ key: string; kind: ReviewKind; digest: string; chapter: string; id: string }> = [];
  for (const book of model.books) {
    for (const chapter of book.chapters) {
      const add = (kind: ReviewKind, id: string) => {
        const key = itemKey(chapter.id, kind, id);
        keys.push({ key, kind, digest: hash('sha256', key, 'hex'), chapter: `${book.slug}/${chapter.slug}`, id });
      };
      for (const item of chapter.evidence) add('lead', item.id);
      for (const proposal of chapter.research.proposedClaims) add('proposal', proposal.id);
      for (const claim of chapter.claims) add('claim', claim.claim.id);
    }
  }
  // The shortest prefix no other item shares: one more than the longest prefix shared with a neighbour in sorted order.
  const sorted = [...keys].sort((a, b) => (a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0));
  const result = new Map<string, HandleIdentity>();
  sorted.forEach((entry, index) => {
    const shared = Math.max(commonPrefix(entry.digest, sorted[index - 1]?.digest), commonPrefix(entry.digest, sorted[index + 1]?.digest));
    const letter = HANDLE_LETTER[entry.kind];
    result.set(entry.key, { short: `${letter}${entry.digest.slice(0, Math.max(HANDLE_MIN, shared + 1))}`, full: `${letter}${entry.digest}`, kind: entry.kind, chapter: entry.chapter, id: entry.id });
  });
  handleCache.set(model, result);
  return result;
}

function commonPrefix(a: string, b: string | undefined): number {
  if (b === undefined) return 0;
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return length;
}

/**
 * The content part of a handle: 4 hex characters of a hash of what the item says now.
 * @param value the item as the decision will read it.
 * @returns e.g. `c41e`.
 */
export function contentDigest(value: unknown): string {
  return hash('sha256', JSON.stringify(value), 'hex').slice(0, 4);
}

/**
 * What a claim's handle hashes: the claim as written and its current wording.
 * @param claim the resolved claim.
 * @returns the value to digest.
 */
export function claimContent(claim: ResolvedClaim): unknown {
  return { claim: claim.claim, text: claim.text, anchoring: claim.anchoring };
}

/**
 * The handle of an item.
 * @param handles the model's handle index.
 * @param chapter the item's chapter.
 * @param kind its kind.
 * @param id its id.
 * @param content what it says now (see `contentDigest`).
 * @returns `l3f2a.c41e`.
 */
export function itemHandle(handles: HandleIndex, chapter: ChapterModel, kind: ReviewKind, id: string, content: unknown): string {
  const identity = handles.get(itemKey(chapter.id, kind, id));
  if (identity === undefined) throw new RangeError(`Research Pack: no ${kind} "${id}" in ${chapter.book}/${chapter.slug}`);
  return `${identity.short}.${contentDigest(content)}`;
}

/**
 * What awaits the author's decision in a chapter.
 * @param model the research model (handles are unique across it).
 * @param chapter the chapter.
 * @returns its leads, proposals, claims to review and upgrade proposal.
 */
export function reviewQueue(model: ResearchModel, chapter: ChapterModel): ReviewQueue {
  const handles = handleIndex(model);
  const leads: ReviewLead[] = chapter.evidence
    .filter((item) => item.status === 'lead')
    .map((item) => ({
      kind: 'lead',
      handle: itemHandle(handles, chapter, 'lead', item.id, item),
      item,
      source: chapter.sources.find((source) => source.id === item.source),
      pass: passOfLead(chapter, item),
    }));
  const order = chapter.claims.map((claim) => claim.claim.id);
  const groups = new Map<string, ReviewLead[]>();
  for (const lead of leads) {
    for (const claim of lead.item.claims) groups.set(claim, [...(groups.get(claim) ?? []), lead]);
  }
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const leadsByClaim = [...groups].map(([claim, list]) => ({ claim, leads: list })).sort((a, b) => rank(a.claim) - rank(b.claim));
  const proposals: ReviewProposal[] = chapter.research.proposedClaims
    .filter((proposal) => proposal.rejected === undefined && proposal.accepted === undefined)
    .map((proposal) => ({ kind: 'proposal', handle: itemHandle(handles, chapter, 'proposal', proposal.id, proposal), proposal }));
  const claims: ReviewClaim[] = chapter.claims
    .filter((claim) => claim.stale !== false || claim.reviewDue)
    .map((claim) => ({
      kind: 'claim',
      handle: itemHandle(handles, chapter, 'claim', claim.claim.id, claimContent(claim)),
      claim,
      stale: claim.stale,
      reviewDue: claim.reviewDue,
      reviewedText: claim.claim.verdict.text,
    }));
  const pass = latestPass(chapter);
  const upgrade = pass?.proposal === undefined ? undefined : { pass, proposal: pass.proposal };
  const reviewAfterDays = model.books.find((book) => book.slug === chapter.book)?.config.reviewAfterDays ?? 365;
  const latest = pass?.report === undefined ? undefined : pass;
  return { chapter, leads, leadsByClaim, proposals, claims, upgrade, latest, count: leads.length + proposals.length + claims.length, reviewAfterDays };
}

/** The pass whose report a lead's note names (ingest writes it there, and accept-claim for the leads of a proposal), else none. */
function passOfLead(chapter: ChapterModel, item: EvidenceItem): ResearchPass | undefined {
  const note = item.note ?? '';
  return chapter.research.history.find(
    (pass) => pass.report !== undefined && (note.includes(`(${pass.report},`) || note.includes(`by ${pass.report} (research pass of ${pass.date}`)),
  );
}
