/**
 * Which item a decision names: a handle (`l3f2a.c41e`, or its first part
 * `l3f2a`, or a longer prefix of the hash) anywhere in the model, or an id
 * of the kind the verb acts on, in one chapter or, when it is unique, in
 * any. A whole handle whose second part no longer matches names an item
 * that changed since it was listed.
 */
import { closest } from '../problems/problem.js';
import { claimContent, contentDigest, handleIndex, itemKey, type ReviewKind } from '../model/review-queue.js';
import type { BookModel, ChapterModel, ResearchModel } from '../model/types.js';
import { VERB_KINDS, type DecisionKind, type DecisionVerb } from './decisions.js';

/** The item a decision names. */
export interface ResolvedTarget {
  book: BookModel;
  chapter: ChapterModel;
  kind: DecisionKind;
  id: string;
  /** Its index in its sidecar's list (`evidence`, `proposedClaims`, `claims`, `sources`). */
  index: number;
  /** Its handle as it reads now (a source, which has none, its id). */
  handle: string;
  /** A whole handle was given, and the item changed since: its second part differs. */
  changed: boolean;
}

const HANDLE = /^([lpc])([0-9a-f]{4,64})(?:\.([0-9a-f]{4}))?$/;
const KIND_OF_LETTER: Readonly<Record<string, ReviewKind>> = { l: 'lead', p: 'proposal', c: 'claim' };
const NOUN: Readonly<Record<DecisionKind, string>> = { lead: 'lead', proposal: 'proposed claim', claim: 'claim', source: 'source' };

/**
 * Find the item a decision names.
 * @param model the research model.
 * @param target a handle or an id.
 * @param verb the decision's verb: which kinds it acts on.
 * @param scope `<book>/<chapter>` to look in only, when given.
 * @returns the item, or an error naming what was not found and what to do.
 */
export function resolveTarget(model: ResearchModel, target: string, verb: DecisionVerb, scope?: string): ResolvedTarget | { error: string } {
  const chapters = model.books.flatMap((book) => book.chapters.map((chapter) => ({ book, chapter }))).filter(({ book, chapter }) => scope === undefined || `${book.slug}/${chapter.slug}` === scope);
  const kinds = VERB_KINDS[verb];
  const handle = HANDLE.exec(target);
  if (handle) {
    const found = byHandle(model, chapters, handle[1]!, handle[2]!, handle[3]);
    if (found) return checkKind(found, verb, kinds);
  }
  const matches = chapters.flatMap(({ book, chapter }) => kinds.flatMap((kind) => (indexOf(chapter, kind, target) === -1 ? [] : [target_(model, book, chapter, kind, target, undefined)])));
  if (matches.length === 1) return matches[0]!;
  const where = scope ?? 'the books';
  if (matches.length > 1) {
    // A source has no handle: only --chapter tells them apart.
    if (kinds.includes('source')) return { error: `"${target}" is a source of ${matches.length} chapters (${matches.map((item) => spec(item)).join(', ')}); give --chapter <book>/<chapter>` };
    return { error: `"${target}" names ${matches.length} items: ${matches.map((item) => `the ${NOUN[item.kind]} in ${spec(item)} (${item.handle})`).join(', ')}; give its handle, or --chapter <book>/<chapter>` };
  }
  if (handle) {
    // A slip of a key ("lc6566" for "lc656"): the handle whose first part is nearest, to copy, not taken for it.
    const items = chapters.flatMap(({ book, chapter }) => kinds.flatMap((kind) => idsOf(chapter, kind).map((id) => target_(model, book, chapter, kind, id, undefined))));
    const guess = closest(`${handle[1]}${handle[2]}`, items.map((item) => item.handle.split('.')[0]!));
    const near = items.find((item) => guess !== undefined && item.handle.startsWith(`${guess}.`));
    // Named with the item it is, so that a near handle of another item is not taken for the one meant.
    const nearly = near === undefined ? '' : ` (did you mean ${near.handle}, the ${NOUN[near.kind]} "${near.id}" of ${spec(near)}?)`;
    return { error: `no item has the handle "${target}" in ${where}: it was never listed, or its chapter changed${nearly}; run \`research-pack review\` for the current handles` };
  }
  const others = chapters.flatMap(({ chapter }) => (['lead', 'proposal', 'claim', 'source'] as const).filter((kind) => !kinds.includes(kind) && indexOf(chapter, kind, target) !== -1));
  if (others.length > 0) return { error: `"${target}" is a ${NOUN[others[0]!]}, and \`${verb}\` takes ${kinds.map((kind) => `a ${NOUN[kind]}`).join(' or ')}${hintFor(others[0]!)}` };
  const ids = chapters.flatMap(({ chapter }) => kinds.flatMap((kind) => idsOf(chapter, kind)));
  const guess = closest(target, ids);
  // "lc65": the start of a handle, too short to be one (and no id of any kind).
  if (guess === undefined && /^[lpc][0-9a-f]{1,3}(?:\.[0-9a-f]*)?$/.test(target)) {
    return { error: `"${target}" is too short for a handle: a handle is its letter and at least four hex characters, as \`research-pack review\` prints it (e.g. l3f2a or l3f2a.c41e)` };
  }
  const lists = kinds.includes('source') ? "the chapter's evidence sidecar lists its sources by id, under `sources`" : '`research-pack review` lists what awaits a decision, with handles';
  return { error: `no ${kinds.map((kind) => NOUN[kind]).join(' or ')} "${target}" in ${where}${guess ? `; did you mean "${guess}"?` : ''} (${lists})` };
}

function byHandle(model: ResearchModel, chapters: ReadonlyArray<{ book: BookModel; chapter: ChapterModel }>, letter: string, hex: string, digest: string | undefined): ResolvedTarget | undefined {
  const handles = handleIndex(model);
  const kind = KIND_OF_LETTER[letter]!;
  const typed = `${letter}${hex}`;
  for (const { book, chapter } of chapters) {
    for (const id of idsOf(chapter, kind)) {
      const identity = handles.get(itemKey(chapter.id, kind, id))!;
      // The short part as printed, or a longer prefix of the same hash.
      if (identity.full.startsWith(typed) && typed.length >= identity.short.length) return target_(model, book, chapter, kind, id, digest);
    }
  }
  return undefined;
}

function checkKind(found: ResolvedTarget, verb: DecisionVerb, kinds: readonly DecisionKind[]): ResolvedTarget | { error: string } {
  if (kinds.includes(found.kind)) return found;
  return { error: `${found.handle} is the ${NOUN[found.kind]} "${found.id}" of ${spec(found)}, and \`${verb}\` takes ${kinds.map((kind) => `a ${NOUN[kind]}`).join(' or ')}${hintFor(found.kind)}` };
}

function hintFor(kind: DecisionKind): string {
  if (kind === 'source') return '; correct a source of the ledger with `research-pack source`';
  if (kind === 'proposal') return '; accept a proposed claim with `research-pack accept-claim`, reject it with `research-pack reject`';
  if (kind === 'lead') return '; accept a lead with `research-pack accept`, reject it with `research-pack reject`';
  return '; give a claim a verdict with `research-pack verdict`, re-confirm one with `research-pack reviewed`';
}

function target_(model: ResearchModel, book: BookModel, chapter: ChapterModel, kind: DecisionKind, id: string, digest: string | undefined): ResolvedTarget {
  const index = indexOf(chapter, kind, id);
  // A source has no handle: it is named by its ledger id.
  if (kind === 'source') return { book, chapter, kind, id, index, handle: id, changed: false };
  const now = contentDigest(contentOf(chapter, kind, index));
  const identity = handleIndex(model).get(itemKey(chapter.id, kind, id))!;
  return { book, chapter, kind, id, index, handle: `${identity.short}.${now}`, changed: digest !== undefined && digest !== now };
}

/**
 * What an item's handle digests, as the review queue computes it.
 * @param chapter the chapter.
 * @param kind the item's kind.
 * @param index its index in its list.
 * @returns the value digested.
 */
export function contentOf(chapter: ChapterModel, kind: DecisionKind, index: number): unknown {
  if (kind === 'source') return chapter.sources[index];
  if (kind === 'lead') return chapter.evidence[index];
  if (kind === 'proposal') return chapter.research.proposedClaims[index];
  return claimContent(chapter.claims[index]!);
}

function idsOf(chapter: ChapterModel, kind: DecisionKind): string[] {
  if (kind === 'source') return chapter.sources.map((source) => source.id);
  if (kind === 'lead') return chapter.evidence.map((item) => item.id);
  if (kind === 'proposal') return chapter.research.proposedClaims.map((proposal) => proposal.id);
  return chapter.claims.map((claim) => claim.claim.id);
}

function indexOf(chapter: ChapterModel, kind: DecisionKind, id: string): number {
  return idsOf(chapter, kind).indexOf(id);
}

function spec(target: { book: BookModel; chapter: ChapterModel }): string {
  return `${target.book.slug}/${target.chapter.slug}`;
}
