/**
 * What a reader gets for each claim of a chapter, as plain data for the page
 * transform: how to find the claim on the page, and the hast of its wrapper,
 * status marker and popover.
 *
 * Everything is built as hast (`el`), so sidecar text only ever becomes text
 * nodes and attribute values (escaped when serialized); links come only from
 * `safe-url.ts`. The popover uses the HTML `popover` attribute, so it opens on
 * click, Enter or Space with no client JavaScript. It sits inside a `<p>`, so
 * it holds phrasing content only: spans that the stylesheet shows as blocks.
 *
 * A claim flagged for review because every source of its validated evidence
 * is dead or changed (the book's sources lock says so) keeps its status; its
 * marker adds a warning sign and "flagged for review" to its name, its
 * wrapper a `data-source-review` attribute, its popover a note with the
 * reason, and each evidence row names a dead, changed or superseded source
 * (with the archived copy of a dead one). Nothing of this appears when no
 * source has such a state, so a chapter without a lock renders as before.
 */
import type { Element, ElementContent, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { fold } from '../text/normalize.js';
import { quoteOccurrence } from '../text/occurrence.js';
import type { ChapterBody, ClaimPlace } from '../text/page-places.js';
import type { ChapterModel, DisplayStatus, ResolvedClaim } from '../model/types.js';
import { safeHref, sourceHref } from '../site/safe-url.js';
import type { EvidenceItem } from '../schema/sidecars.js';
import { claimFragment, auditFragment } from '../site/urls.js';
import { claimsInDocumentOrder as inDocumentOrder, sourceCheckOf, sourceReviewOf } from '../model/queries.js';
import { EVIDENCE_CLASS_WORD, LINK_HEALTH_WORD, READING, SOURCE_CHECK_WORD, SOURCE_REVIEW_REASON, STATUS_SYMBOL, STATUS_WORD, capitalize } from '../model/words.js';
import type { ClaimSourceReview, SourceCheck } from '../sources/view.js';
import { claimPopoverId } from '../text/page-ids.js';

/** How the page finds a claim marked with `:claim[...]{#id}`. */
export interface DirectiveAnnotationAnchor {
  type: 'directive';
}

/** How the page finds a claim anchored by quote: the text as it reads now, and which occurrence. */
export interface QuoteAnnotationAnchor {
  type: 'quote';
  /** The claim's text in the snapshot (for a fuzzy anchor: the text found, not the sidecar's quote). */
  exact: string;
  /** Up to 32 characters before it in the snapshot. */
  prefix: string;
  /** Up to 32 characters after it in the snapshot. */
  suffix: string;
  /** Which occurrence of `exact` (folded) in the snapshot it is, from 0. */
  occurrence: number;
  /** How many occurrences of `exact` (folded) the snapshot has. */
  occurrences: number;
}

/** One claim as the page shows it. */
export interface ClaimAnnotation {
  /** The claim's id. */
  id: string;
  /** What the reader sees. */
  status: DisplayStatus;
  /** How the page transform finds it. */
  anchor: DirectiveAnnotationAnchor | QuoteAnnotationAnchor;
  /** Where the claim starts in the chapter source (1-based), for errors. */
  line: number;
  column: number;
  /** Properties of the wrapper `<span>` around the claim's text. */
  wrapper: Properties;
  /** The status marker: a `<button>` that opens the popover. */
  marker: Element;
  /** The popover: verdict, rationale, evidence, link to the research pack. */
  popover: Element;
  /** Where the claim is in the chapter's source (the model's placing); without it the page finds the claim in its own text. */
  place?: ClaimPlace;
  /** The marker's HTML, when it was made already (see `claimMarkerHtml`). */
  markerHtml?: string;
}

/** Everything the page transform needs for one chapter. Plain data. */
export interface ChapterAnnotations {
  /** Stable chapter id `<book>-<chapter>`. */
  chapter: string;
  /** Chapter file, relative to the project root. */
  file: string;
  /** Claims in document order. */
  claims: ClaimAnnotation[];
  /** The body of the revision the model read: a page compares it with its own source before it trusts `place`. */
  body?: ChapterBody;
}

/** Options for `claimAnnotations`. */
export interface ClaimAnnotationsOptions {
  /** URL of the chapter's research pack page (root-relative or absolute http(s)); without it the popover has no pack link. */
  packUrl?: string | undefined;
  /**
   * Make each claim's popover (default true). Without, every `popover` is
   * `NO_POPOVER`: for a caller that renders the popovers apart, later
   * (`chapterPopoversHtml`), and wants the rest of the annotations first.
   */
  popovers?: boolean | undefined;
}

/** The `popover` of an annotation made without its popover (`popovers: false`): an empty `<span>`, the same object every time. */
export const NO_POPOVER: Element = Object.freeze({ type: 'element', tagName: 'span', properties: Object.freeze({}), children: Object.freeze([]) }) as unknown as Element;

/**
 * Build the annotations of a chapter's claims.
 * @param chapter the resolved chapter.
 * @param options where the chapter's research pack is.
 * @returns one annotation per claim, in document order.
 */
export function claimAnnotations(chapter: ChapterModel, options: ClaimAnnotationsOptions = {}): ChapterAnnotations {
  const packUrl = options.packUrl === undefined ? undefined : checkPackUrl(options.packUrl);
  const folded = fold(chapter.snapshot);
  const popovers = options.popovers ?? true;
  const claims = inDocumentOrder(chapter).map((claim) => annotateClaim(chapter, claim, folded, packUrl, popovers));
  return { chapter: chapter.id, file: chapter.file, claims, ...(chapter.body ? { body: chapter.body } : {}) };
}

/**
 * The popovers of a chapter's claims as HTML, made from the chapter alone:
 * what `claimPopoversHtml(claimAnnotations(chapter, options))` returns,
 * without making the rest of the annotations.
 * @param chapter the resolved chapter.
 * @param options where the chapter's research pack is.
 * @returns the HTML of every popover, in document order.
 */
export function chapterPopoversHtml(chapter: ChapterModel, options: Pick<ClaimAnnotationsOptions, 'packUrl'> = {}): string {
  const packUrl = options.packUrl === undefined ? undefined : checkPackUrl(options.packUrl);
  return toHtml(inDocumentOrder(chapter).map((resolved) => claimPopover(chapter, resolved, claimParts(chapter, resolved), packUrl)));
}


/**
 * The popovers of a chapter's claims as one HTML string, in document order,
 * for a page that renders them itself (the claim plugins' `popovers: 'page'`):
 * each marker's `popovertarget` names its popover's id anywhere in the
 * document. The same hast as the inline popovers, so ids, roles, names and
 * links are identical.
 * @param annotations the chapter's annotations.
 * @returns the HTML of every popover.
 */
export function claimPopoversHtml(annotations: ChapterAnnotations): string {
  return toHtml(annotations.claims.map((claim) => claim.popover));
}

/**
 * A claim's marker as HTML, for a page transform that puts it in the page
 * as markup of its own (a raw HTML node, or MDX's `<Fragment set:html>`)
 * rather than as a tree the page compiles: the same element as `marker`.
 * @param annotation the claim's annotation.
 * @returns the marker's HTML.
 */
export function claimMarkerHtml(annotation: ClaimAnnotation): string {
  if (annotation.markerHtml !== undefined) return annotation.markerHtml;
  let html = markerHtml.get(annotation.marker);
  if (html === undefined) markerHtml.set(annotation.marker, (html = toHtml(annotation.marker)));
  return html;
}

const markerHtml = new WeakMap<Element, string>();

/** What a claim's marker and popover are both made from. */
interface ClaimParts {
  popoverId: string;
  evidence: EvidenceItem[];
  /** How many distinct sources the validated evidence cites, and how many leads bear on the claim. */
  count: EvidenceCount;
  review: ClaimSourceReview | undefined;
  label: string;
}

function claimParts(chapter: ChapterModel, resolved: ResolvedClaim): ClaimParts {
  const id = resolved.claim.id;
  const evidence = resolved.evidence
    .map((evidenceId) => chapter.evidence.find((item) => item.id === evidenceId))
    .filter((item): item is EvidenceItem => item !== undefined);
  const count = evidenceCount(evidence);
  const review = sourceReviewOf(chapter, id);
  return { popoverId: claimPopoverId(id), evidence, count, review, label: accessibleName(resolved, count, review !== undefined) };
}

/** A claim's annotation; without its popover (`NO_POPOVER`) unless `popovers`. */
function annotateClaim(chapter: ChapterModel, resolved: ResolvedClaim, foldedSnapshot: string, packUrl: string | undefined, popovers: boolean): ClaimAnnotation {
  const id = resolved.claim.id;
  const status = resolved.status;
  const parts = claimParts(chapter, resolved);
  const { popoverId, count, review, label } = parts;

  const marker = el(
    'button',
    // No `title`: it would repeat the name as the button's description. Kept out of a site's search index (Pagefind): its words are no prose.
    { type: 'button', className: ['rp-marker'], popoverTarget: popoverId, ariaLabel: label, dataPagefindIgnore: true },
    [
      el('span', { className: ['rp-marker-symbol'], ariaHidden: 'true' }, STATUS_SYMBOL[status]),
      ' ',
      el('span', { className: ['rp-marker-word'] }, STATUS_WORD[status]),
      ...(review ? [' ', el('span', { className: ['rp-marker-flag'], ariaHidden: 'true' }, FLAG_SYMBOL)] : []),
      el('span', { className: ['rp-visually-hidden', 'rp-print'] }, ` (${countWords(count)}${review ? `; ${SOURCE_CHECK_WORD.flagged}` : ''})`),
    ],
  );

  return {
    id,
    status,
    anchor: resolved.anchoring === 'directive' ? { type: 'directive' } : quoteAnchor(chapter.snapshot, foldedSnapshot, resolved),
    line: resolved.location.line,
    column: resolved.location.column,
    wrapper: { className: ['rp-claim'], id: claimFragment(id), dataClaimId: id, dataStatus: status, ...(review ? { dataSourceReview: review.reason } : {}) },
    marker,
    popover: popovers ? claimPopover(chapter, resolved, parts, packUrl) : NO_POPOVER,
    ...(resolved.place ? { place: resolved.place } : {}),
  };
}

/** A claim's popover: verdict, notes, rationale, evidence, the way to its pack and out. */
function claimPopover(chapter: ChapterModel, resolved: ResolvedClaim, parts: ClaimParts, packUrl: string | undefined): Element {
  const { popoverId, evidence, review, label } = parts;
  // Kept out of a site's search index, wherever it sits (inline, or in the page's popovers after the text).
  return el('span', { className: ['rp-popover'], id: popoverId, popover: 'auto', role: 'dialog', ariaLabel: label, dataPagefindIgnore: true }, [
    verdictBlock(resolved),
    ...notes(resolved, review),
    ...(resolved.claim.verdict.rationale ? [el('span', { className: ['rp-block-rationale'] }, resolved.claim.verdict.rationale)] : []),
    // What a reviewer is still worried about, which the pack's audit records: a reader of the popover should not have to go there to learn of it.
    ...(resolved.claim.concern ? [el('span', { className: ['rp-block-note', 'rp-note-concern'] }, [el('strong', {}, 'Open concern. '), resolved.claim.concern])] : []),
    evidenceBlock(evidence, chapter),
    // A visible way out for touch and screen-reader users, who have no Escape key at hand.
    el('span', { className: ['rp-block-actions'] }, [
      ...(packUrl ? [el('a', { className: ['rp-block-pack'], href: `${packUrl}#${auditFragment(resolved.claim.id)}` }, 'Research pack for this chapter')] : []),
      el('button', { type: 'button', className: ['rp-close'], popoverTarget: popoverId, popoverTargetAction: 'hide' }, 'Close'),
    ]),
  ]);
}

/**
 * A hast element, as `hastscript`'s `h` makes it from properties already in
 * hast's form (camel-cased names, `className` a list, every value a string):
 * `h` looks each name up in the HTML schema to normalize it, which for the
 * ~20 elements of each of a chapter's popovers was a third of making them.
 * @param tagName the element's name.
 * @param properties its properties, as hast holds them.
 * @param children its children; a string is a text node.
 * @returns the element.
 */
function el(tagName: string, properties: Properties, children: ElementContent | string | ReadonlyArray<ElementContent | string> = []): Element {
  const list = typeof children === 'string' || !Array.isArray(children) ? [children as ElementContent | string] : (children as ReadonlyArray<ElementContent | string>);
  return { type: 'element', tagName, properties, children: list.map((child) => (typeof child === 'string' ? { type: 'text', value: child } : child)) };
}

/** The sign a flagged claim's marker adds after its status word. */
export const FLAG_SYMBOL = '⚠';

/**
 * What a claim's evidence amounts to, as its marker names it: the distinct
 * sources of its validated evidence, and its leads (evidence not verified
 * yet), which are not counted as sources.
 */
export interface EvidenceCount {
  /** Distinct sources cited by the claim's validated evidence. */
  sources: number;
  /** Evidence items bearing on the claim that are still leads. */
  leads: number;
}

function evidenceCount(evidence: readonly EvidenceItem[]): EvidenceCount {
  const validated = new Set<string>();
  let leads = 0;
  for (const item of evidence) {
    if (item.status === 'validated') validated.add(item.source);
    else if (item.status === 'lead') leads += 1;
  }
  return { sources: validated.size, leads };
}

/**
 * The accessible name of a claim's marker and popover.
 * @param claim the resolved claim.
 * @param count the distinct sources of its validated evidence and its leads (a number: sources, no leads).
 * @param flagged whether it is flagged for review because of its sources.
 * @returns e.g. "Claim, supported: 2 sources", "Claim, supported, flagged for review: 1 source",
 *   "Claim, supported: 1 validated source, 1 lead", "Claim, unverified: no validated sources, 3 leads".
 */
export function accessibleName(claim: Pick<ResolvedClaim, 'status' | 'claim' | 'reviewDue'>, count: number | EvidenceCount, flagged = false): string {
  const verdict = claim.claim.verdict.status;
  let state: string;
  if (claim.status === 'stale') state = `stale, was ${verdict}`;
  else if (claim.status === 'review-due' || claim.reviewDue) state = `${verdict}, review due`;
  else state = STATUS_WORD[claim.status];
  return `Claim, ${state}${flagged ? `, ${SOURCE_CHECK_WORD.flagged}` : ''}: ${countWords(typeof count === 'number' ? { sources: count, leads: 0 } : count)}`;
}

/** "2 sources"; with leads, "1 validated source, 2 leads": a lead is never counted as a source. */
function countWords({ sources, leads }: EvidenceCount): string {
  if (leads === 0) return sources === 0 ? 'no sources' : sources === 1 ? '1 source' : `${sources} sources`;
  const validated = sources === 0 ? 'no validated sources' : sources === 1 ? '1 validated source' : `${sources} validated sources`;
  return `${validated}, ${leads === 1 ? '1 lead' : `${leads} leads`}`;
}

function verdictBlock(resolved: ResolvedClaim): Element {
  const verdict = resolved.claim.verdict;
  const children: Array<ElementContent | string> = [el('strong', {}, `Verdict: ${verdict.status}`)];
  if (verdict.date) children.push(', ', el('time', { dateTime: verdict.date }, verdict.date));
  // Who gave it, where the record says (the decision commands write it): a reader asked who stood behind a verdict.
  if (verdict.by) children.push(`, by ${verdict.by}`);
  return el('span', { className: ['rp-block-verdict'] }, children);
}

function notes(resolved: ResolvedClaim, review: ClaimSourceReview | undefined): Element[] {
  const result: Element[] = [];
  if (resolved.stale) {
    const why =
      resolved.stale === 'no-text-hash'
        ? 'The verdict does not say which wording of this claim it was given on, so it may not fit the words above.'
        : 'The text of this claim changed since the verdict was given; it needs a new review.';
    result.push(el('span', { className: ['rp-block-note', 'rp-note-stale'] }, [el('strong', {}, 'Stale. '), why]));
  }
  if (resolved.reviewDue) {
    result.push(el('span', { className: ['rp-block-note', 'rp-note-review-due'] }, [el('strong', {}, 'Review due. '), 'The newest validated evidence is older than the review interval.']));
  }
  if (review) {
    result.push(el('span', { className: ['rp-block-note', 'rp-note-source-review'] }, [el('strong', {}, `${capitalize(SOURCE_CHECK_WORD.flagged)}. `), `${capitalize(SOURCE_REVIEW_REASON[review.reason])}.`]));
  }
  return result;
}

function evidenceBlock(evidence: EvidenceItem[], chapter: ChapterModel): Element {
  const sources = chapter.sources;
  if (evidence.length === 0) return el('span', { className: ['rp-block-evidence', 'rp-muted'] }, 'No evidence recorded yet.');
  return el(
    'span',
    { className: ['rp-block-evidence'], role: 'list', ariaLabel: 'Evidence' },
    evidence.map((item) => {
      const source = sources.find((entry) => entry.id === item.source);
      const href = source ? sourceHref(source) : undefined;
      const title = source ? source.title : item.source;
      const details: string[] = [];
      if (source) details.push(READING[source.reading].detail, `accessed ${source.accessed}`);
      if (item.locator) details.unshift(item.locator);
      const check = source ? sourceCheckOf(chapter, source.id) : undefined;
      if (check) details.push(...checkDetails(check));
      const archive = check?.link?.health === 'dead' ? (source?.archiveUrl ?? check.link.archive?.url) : undefined;
      const archiveHref = archive === undefined ? undefined : safeHref(archive);
      return el('span', { className: ['rp-row'], role: 'listitem', dataRelation: item.relation, dataEvidenceStatus: item.status }, [
        el('span', { className: ['rp-relation'] }, item.relation),
        // A source nobody could open states nothing a reader can rely on: what it is said to state (an outside author's finding).
        ` · ${item.class === 'reported' && source?.reading === 'not-accessible' ? 'said to be stated in the source' : EVIDENCE_CLASS_WORD[item.class]} · `,
        el('span', { className: ['rp-evidence-status'] }, item.status === 'validated' ? 'validated' : 'lead, not yet verified'),
        ': ',
        href ? el('a', { href }, title) : el('cite', {}, title),
        ...(details.length > 0 ? [' ', el('span', { className: ['rp-muted'] }, `(${details.join(', ')})`)] : []),
        ...(archiveHref ? [' · ', el('a', { href: archiveHref }, SOURCE_CHECK_WORD.archive)] : []),
      ]);
    }),
  );
}

/** What the lock says of an evidence item's source, when a reader should know: dead, changed, superseded. */
function checkDetails(check: SourceCheck): string[] {
  const details: string[] = [];
  if (check.link?.health === 'dead') details.push(`link ${LINK_HEALTH_WORD.dead} since ${check.link.since?.slice(0, 10) ?? 'an unknown date'}`);
  else if (check.dead) details.push(LINK_HEALTH_WORD.dead);
  if (check.changed) details.push(SOURCE_CHECK_WORD.changed);
  if (check.arxiv?.newer) details.push(`${SOURCE_CHECK_WORD.newer} v${check.arxiv.latest} on arXiv`);
  return details;
}

function quoteAnchor(snapshot: string, foldedSnapshot: string, resolved: ResolvedClaim): QuoteAnnotationAnchor {
  const { exact, prefix, suffix } = resolved.selectors.quote;
  // Which occurrence of its text the claim is, counted as the page counts
  // (`relocateQuote`): its start is mapped through the fold by folding what is before it.
  const foldedStart = fold(snapshot.slice(0, resolved.location.start)).length;
  return { type: 'quote', exact, prefix, suffix, ...quoteOccurrence(foldedSnapshot, fold(exact), foldedStart) };
}

function checkPackUrl(value: string): string {
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  const href = safeHref(value);
  if (href && /^https?:/.test(href)) return href;
  throw new Error(`claimAnnotations: packUrl must be a root-relative path or an http(s) URL, got ${JSON.stringify(value)}`);
}
