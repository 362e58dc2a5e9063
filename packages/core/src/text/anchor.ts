/**
 * Anchoring: finding each claim of a claims sidecar in the chapter's prose.
 *
 * Directive claims are where their `:claim[...]{#id}` is. Quote claims are
 * found like Hypothesis finds an annotation (`quote-search.ts`), their place
 * among several chosen by `occurrence.ts`. Claims may nest but not cross.
 * What goes wrong is reported with `anchor-problems.ts`, with the hints of
 * `anchor-hints.ts`.
 */
import type { ChapterText, ClaimAnchor, DirectiveClaim } from './chapter-text.js';
import { hashClaimText } from './fingerprint.js';
import type { Claim } from '../schema/sidecars.js';
import { appendProblems, type Problem } from '../problems/problem.js';
import { acrossBlocks, closestText, sharesAWord, suggestContext } from './anchor-hints.js';
import {
  ambiguousQuote,
  directiveForQuoteClaim,
  directiveWithoutId,
  duplicateDirective,
  emptyDirective,
  contextChanged,
  fuzzyQuote,
  insideCharacter,
  missingDirective,
  orphanOfAnother,
  omittedInClaim,
  orphanQuote,
  overlappingQuote,
  rawHtmlQuote,
  unknownDirective,
} from './anchor-problems.js';
import { locateOffset } from './leaf-map.js';
import { cutsRawHtml } from './raw-html.js';
import { locateQuote, prepareSearch, type SearchText } from './quote-search.js';
import { foldContext } from './occurrence.js';
import { selectorsFor } from './selectors.js';
import type { IndexUnit, TextIndex } from './text-index-types.js';

/** Paths used in problems, and where a claim's fields are in the sidecar. */
export interface AnchorFiles {
  /** The chapter file, relative to the project root. */
  chapter: string;
  /** The claims sidecar, relative to the project root. */
  claims: string;
  /** Position of `claims[index]` (or of one of its fields, e.g. `anchor.quote`) in the sidecar. */
  locate: (index: number, field?: string) => { line: number; column: number };
}

/**
 * Anchor every claim of a chapter in its text.
 * @param text from `extractChapterText`.
 * @param claims the claims sidecar's claims.
 * @param files paths used in problems: the chapter file and the claims sidecar, plus a locator for a claim's position in the sidecar.
 * @returns one anchor per claim that could be anchored, and positioned problems for the rest (orphan, ambiguous, unknown directive id, directive claim without directive), and a warning for each quote found only approximately.
 */
export function anchorClaims(
  text: ChapterText,
  claims: readonly Claim[],
  files: AnchorFiles,
): { anchors: Map<string, ClaimAnchor>; problems: Problem[] } {
  const index = text.index ?? indexFromSnapshot(text.snapshot);
  const anchors = new Map<string, ClaimAnchor>();
  const problems: Problem[] = [];
  let prepared: SearchText | undefined;
  const searchText = () => (prepared ??= prepareSearch(index));

  const directives = matchDirectives(text.directives, claims, files, problems, index);
  // Orphans' closest texts, to tell once every claim is anchored whether one is another claim's text.
  const orphans: Array<{ at: number; claim: string; start: number; end: number }> = [];
  claims.forEach((claim, position) => {
    const field = (name: string) => ({ file: files.claims, ...files.locate(position, name), path: `claims[${position}].${name}` });
    if (claim.anchor === 'directive') {
      const directive = directives.get(claim.id);
      if (!directive) {
        // A directive with this id that was refused is reported already.
        if (!text.directives.some((found) => found.id === claim.id)) problems.push(missingDirective(field('anchor'), claim.id, files.chapter));
        return;
      }
      const start = Math.max(0, directive.start);
      const end = Math.max(start, directive.end);
      anchors.set(claim.id, makeAnchor(index, text.snapshot, claim.id, 'directive', start, end, directive));
      return;
    }

    const anchor = claim.anchor;
    const found = locateQuote(searchText(), anchor);
    if (found.kind === 'exact' || found.kind === 'fuzzy') {
      const made = makeAnchor(index, text.snapshot, claim.id, found.kind, found.start, found.end);
      anchors.set(claim.id, made);
      // Found, but the page could not mark it: the build would fail there.
      if (cutsRawHtml(index, found.start, found.end)) problems.push(rawHtmlQuote(field('anchor.quote'), claim.id, files.chapter, locateOffset(index, found.start)));
      // Found, but its wrapper would cut a character in two (an emoji sequence, a flag).
      const cut = cutCharacter(text.snapshot, found.start, found.end);
      if (cut) problems.push(insideCharacter(field('anchor.quote'), claim.id, files.chapter, { ...cut, at: locateOffset(index, cut.start) }));
      // Found, but not as written: a typo in the quote would otherwise only show as a stale claim.
      if (found.kind === 'fuzzy') problems.push(fuzzyQuote(field('anchor.quote'), { id: claim.id, quote: anchor.quote, reviewed: claim.verdict.status !== 'unverified' }, files.chapter, { text: made.text, at: made.location.line > 0 ? made.location : undefined }));
      // Found once, but not where its context says: the words reviewed may have been edited away, and these be others.
      else if (found.occurrences === 1) {
        const side = changedContext(text.snapshot, found.start, found.end, anchor);
        if (side) problems.push(contextChanged(field(`anchor.${side.name}`), claim.id, side, files.chapter, made.location.line > 0 ? made.location : undefined));
      }
      return;
    }
    if (found.kind === 'ambiguous') {
      const places = found.ranges.slice(0, 11).map((range) => {
        const at = locateOffset(index, range.start);
        return at ? `${at.line}:${at.column}` : `offset ${range.start}`;
      });
      problems.push(ambiguousQuote(field('anchor.quote'), { id: claim.id, anchor }, files.chapter, found.ranges.length, places, suggestContext(searchText(), found.ranges)));
      return;
    }
    // Found when the breaks between blocks read as spaces: the quote runs from one block into the next.
    const across = acrossBlocks(text.snapshot, anchor.quote);
    if (across !== undefined) {
      problems.push(orphanQuote(field('anchor.quote'), { id: claim.id, quote: anchor.quote }, files.chapter, { text: across.text, at: locateOffset(index, across.start) }, 'across-blocks'));
      return;
    }
    const closest = closestText(searchText(), anchor.quote);
    // A closest text that shares no word of four letters or more with the quote is no lead: it is not offered as one.
    const near = closest && sharesAWord(closest.text, anchor.quote) ? { text: closest.text, at: locateOffset(index, closest.start) } : undefined;
    if (near) orphans.push({ at: problems.length, claim: claim.id, start: closest!.start, end: closest!.start + closest!.text.length });
    problems.push(orphanQuote(field('anchor.quote'), { id: claim.id, quote: anchor.quote, reviewed: claim.verdict.status !== 'unverified' }, files.chapter, near, closest && !near ? 'nothing-close' : undefined));
  });
  // A closest text another claim is anchored to is not this claim's sentence reworded (an outside author's finding: the hint
  // would have anchored two claims on one sentence): said so, and the hint asks for the sentence that replaced the old one.
  for (const orphan of orphans) {
    const other = [...anchors.values()].find((made) => made.id !== orphan.claim && made.location.start < orphan.end && orphan.start < made.location.end);
    if (other) problems[orphan.at] = orphanOfAnother(problems[orphan.at]!, orphan.claim, other.id);
  }

  appendProblems(problems, crossingClaims(claims, anchors, files));
  if (index.omitted.length > 0) appendProblems(problems, claimsHoldingOmitted(claims, anchors, (id) => text.directives.indexOf(directives.get(id)!), index, files));
  return { anchors, problems };
}

/**
 * A warning for each claim whose words hold what the text leaves out (an
 * MDX expression, a childless component): inside its directive, or strictly
 * inside its quote's span.
 */
function claimsHoldingOmitted(claims: readonly Claim[], anchors: Map<string, ClaimAnchor>, directiveOf: (id: string) => number, index: TextIndex, files: AnchorFiles): Problem[] {
  const problems: Problem[] = [];
  for (const claim of claims) {
    const anchor = anchors.get(claim.id);
    if (!anchor) continue;
    const { start, end } = anchor.location;
    const directive = claim.anchor === 'directive' ? directiveOf(claim.id) : -1;
    const held = index.omitted.filter((omitted) => (claim.anchor === 'directive' ? omitted.claims.includes(directive) : start < omitted.offset && omitted.offset < end));
    const first = held[0];
    if (!first) continue;
    const node = first.node;
    const point = node.position?.start;
    problems.push(
      omittedInClaim(
        { file: files.chapter, line: point?.line ?? 0, column: point?.column ?? 0 },
        { id: claim.id, directive: claim.anchor === 'directive', text: anchor.text },
        { kind: node.type === 'mdxTextExpression' ? 'expression' : 'component', source: omittedSource(node), more: held.length - 1 },
      ),
    );
  }
  return problems;
}

/** How an expression or component the text leaves out reads in a message: `{price}`, `<Version />`. */
function omittedSource(node: TextIndex['omitted'][number]['node']): string {
  return node.type === 'mdxTextExpression' ? `{${(node.value ?? '').trim()}}` : `<${node.name ?? ''} />`;
}

/** Grapheme clusters, for the edges of a quote. */
let graphemes: Intl.Segmenter | undefined;

/**
 * The character a reader sees as one (a grapheme cluster) that a range's
 * start or end falls inside, when it does: only a few characters around
 * each edge are segmented, and only when a character that joins others
 * (a joiner, a combining mark, a variation selector, a regional indicator,
 * an emoji modifier) or a surrogate stands beside the edge.
 */
function cutCharacter(snapshot: string, start: number, end: number): { character: string; start: number; edge: 'starts' | 'ends' } | undefined {
  for (const [offset, edge] of [[start, 'starts'], [end, 'ends']] as const) {
    const around = snapshot.slice(Math.max(0, offset - 2), offset + 2);
    // Without the u flag, a surrogate matches as a code unit: an edge between the two halves of one is caught.
    if (!/[\u200d\p{M}\ufe00-\ufe0f\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]/u.test(around) && !/[\ud800-\udfff]/.test(around)) continue;
    graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    // Clusters are short, but a flag's letters pair from the start of their run: from the block's start, or 64
    // characters back and then past the rest of a run of regional indicators (U+1F1E6–1F1FF), however long.
    const lineStart = snapshot.lastIndexOf('\n', offset - 1) + 1;
    let from = Math.max(0, offset - 64, lineStart);
    while (from > lineStart && /[\ud83c\udde6-\uddff]/.test(snapshot[from - 1]!)) from--;
    const window = snapshot.slice(from, Math.min(snapshot.length, offset + 64));
    for (const { segment, index } of graphemes.segment(window)) {
      const at = from + index;
      if (at >= offset) break;
      if (at + segment.length > offset) return { character: segment, start: at, edge };
    }
  }
  return undefined;
}

/**
 * The side of a quote's context (prefix first) that the text around its
 * only place does not match, with what the text reads there; compared as
 * the search compares (folded, white space as one space), so only a change
 * of words counts.
 */
function changedContext(snapshot: string, start: number, end: number, anchor: { prefix?: string | undefined; suffix?: string | undefined }): { name: 'prefix' | 'suffix'; expected: string; actual: string } | undefined {
  const squeeze = (value: string) => foldContext(value).trim();
  // A little more text than the context's length: white space the context writes once may be longer here.
  if (anchor.prefix !== undefined && squeeze(anchor.prefix) !== '') {
    const before = snapshot.slice(Math.max(0, start - anchor.prefix.length - 16), start);
    if (!squeeze(before).endsWith(squeeze(anchor.prefix))) return { name: 'prefix', expected: anchor.prefix, actual: snapshot.slice(Math.max(0, start - anchor.prefix.length), start) };
  }
  if (anchor.suffix !== undefined && squeeze(anchor.suffix) !== '') {
    const after = snapshot.slice(end, end + anchor.suffix.length + 16);
    if (!squeeze(after).startsWith(squeeze(anchor.suffix))) return { name: 'suffix', expected: anchor.suffix, actual: snapshot.slice(end, end + anchor.suffix.length) };
  }
  return undefined;
}

/**
 * The directives in the prose that mark a directive claim of the sidecar,
 * once each, by id; the others are reported.
 */
function matchDirectives(found: readonly DirectiveClaim[], claims: readonly Claim[], files: AnchorFiles, problems: Problem[], index: TextIndex): Map<string, DirectiveClaim> {
  const byId = new Map<string, { claim: Claim; index: number }>();
  claims.forEach((claim, position) => byId.set(claim.id, { claim, index: position }));
  const directives = new Map<string, DirectiveClaim>();
  for (const directive of found) {
    const at = { file: files.chapter, line: directive.line, column: directive.column };
    const empty = directive.start === directive.end;
    if (!directive.id) {
      // ":claim[…] {#id}": the id is there, a space too far (an outside author's finding: "has no id" read as wrong).
      const spaced = /^[ \t]+\{#([A-Za-z0-9][\w-]*)\}/.exec(index.text.slice(directive.end, directive.end + 120))?.[1];
      problems.push(directiveWithoutId(at, empty, spaced));
      continue;
    }
    const entry = byId.get(directive.id);
    if (!entry) {
      problems.push(unknownDirective(at, directive.id, files.claims, byId.keys()));
      continue;
    }
    const first = directives.get(directive.id);
    if (first) {
      problems.push(duplicateDirective(at, directive.id, first));
      continue;
    }
    if (entry.claim.anchor !== 'directive') {
      problems.push(directiveForQuoteClaim(at, directive.id, files.claims, files.locate(entry.index, 'anchor')));
      continue;
    }
    // Nothing to mark, hash or show: a claim is some of the prose.
    if (empty) {
      // An expression or component alone between the brackets: say so, since the author did write something there.
      const position = found.indexOf(directive);
      const held = index.omitted.find((omitted) => omitted.claims.includes(position));
      problems.push(emptyDirective(at, directive.id, held ? omittedSource(held.node) : undefined));
      continue;
    }
    directives.set(directive.id, directive);
  }
  return directives;
}

/**
 * Claims may nest but not cross: on the page a claim is one element. A quote
 * claim that crosses another claim is reported (in the sidecar, at its quote)
 * and loses its anchor, so the book fails here rather than when the page is
 * rendered.
 */
function crossingClaims(claims: readonly Claim[], anchors: Map<string, ClaimAnchor>, files: AnchorFiles): Problem[] {
  const problems: Problem[] = [];
  const placed = claims.flatMap((claim, index) => {
    const anchor = anchors.get(claim.id);
    return anchor ? [{ claim, index, anchor, start: anchor.location.start, end: anchor.location.end }] : [];
  });
  const crossing = new Set<string>();
  for (const [position, entry] of placed.entries()) {
    if (entry.claim.anchor === 'directive') continue;
    // Against directives anywhere, and against quote claims earlier in the file (each pair once).
    const other = placed.find(
      (candidate, at) =>
        candidate !== entry &&
        (candidate.claim.anchor === 'directive' || at < position) &&
        entry.start < candidate.end &&
        candidate.start < entry.end &&
        !(entry.start <= candidate.start && candidate.end <= entry.end) &&
        !(candidate.start <= entry.start && entry.end <= candidate.end),
    );
    if (!other) continue;
    crossing.add(entry.claim.id);
    const at = { file: files.claims, ...files.locate(entry.index, 'anchor.quote'), path: `claims[${entry.index}].anchor.quote` };
    const { line, column } = other.anchor.location;
    problems.push(overlappingQuote(at, { id: entry.claim.id, text: entry.anchor.text }, { id: other.claim.id, text: other.anchor.text, line, column }, files.chapter));
  }
  for (const id of crossing) anchors.delete(id);
  return problems;
}

function makeAnchor(
  index: TextIndex,
  snapshot: string,
  id: string,
  anchoring: ClaimAnchor['anchoring'],
  start: number,
  end: number,
  position?: { line: number; column: number },
): ClaimAnchor {
  const claimText = snapshot.slice(start, end);
  const at = position ?? locateOffset(index, start) ?? { line: 0, column: 0 };
  const anchor = { id, text: claimText, anchoring, location: { start, end, line: at.line, column: at.column } } as Omit<ClaimAnchor, 'textHash' | 'selectors'> as ClaimAnchor;
  // Computed on first read: checking a book needs where claims are, not their hashes and selectors.
  let textHash: string | undefined;
  let selectors: ClaimAnchor['selectors'] | undefined;
  Object.defineProperty(anchor, 'textHash', { enumerable: true, get: () => (textHash ??= hashClaimText(claimText)) });
  Object.defineProperty(anchor, 'selectors', { enumerable: true, get: () => (selectors ??= selectorsFor(snapshot, start, end)) });
  return anchor;
}

/** A minimal index when only the snapshot is known: every block one prose unit, no positions. */
function indexFromSnapshot(snapshot: string): TextIndex {
  const textValue = snapshot.endsWith('\n') ? snapshot.slice(0, -1) : snapshot;
  const units: IndexUnit[] = [];
  let start = 0;
  for (const block of textValue.split('\n\n')) {
    units.push({ node: { type: 'paragraph' }, kind: 'prose', start, end: start + block.length });
    start += block.length + 2;
  }
  return {
    text: textValue,
    leaves: [],
    leafAt: new Int32Array(textValue.length).fill(-1),
    offsetAt: new Int32Array(textValue.length),
    units,
    claims: [],
    restored: [],
    omitted: [],
  };
}
