/**
 * The model's placing of a chapter's claims, read for one page: which
 * containers the page must rebuild (by the source offsets the model found
 * them at, shifted to the page's), which directive claims it marks on their
 * own node, and how a quote's words are found in its container's text.
 *
 * Only when the page is the revision the model read (its body's digest is
 * the model's) and the model placed every claim; otherwise the page is
 * marked from its own text, as a whole (`plan-claims.ts`).
 */
import { chapterBody } from '@research-pack/core/text';
import type { ChapterAnnotations, ClaimAnnotation } from '@research-pack/core/render';
import { fold, fromFolded, normalizeProse, prepareSearch } from '@research-pack/core/internal';
import type { LocateQuote } from './place-claims.js';

/** A container the page rebuilds, with the claims the model placed in it. */
export interface PlacedContainer {
  /** Node type, as the model's parse has it. */
  type: string;
  /** Start and end offsets in the page's source. */
  start: number;
  end: number;
  /** Its claims, in document order. */
  claims: ClaimAnnotation[];
}

/** How a page is marked from the model's places. */
export interface ModelPlaces {
  /** Directive claims by id. */
  directives: Map<string, ClaimAnnotation>;
  /** Containers to rebuild, by start offset in the page's source. */
  containers: Map<number, PlacedContainer>;
  /** The same, in document order: directives inside them are theirs. */
  ranges: PlacedContainer[];
}

/**
 * The model's places for a page, or undefined when the page must be read whole.
 * @param annotations the chapter's annotations.
 * @param source the source the page was parsed from.
 * @returns the containers and directive claims, in the page's offsets.
 */
export function modelPlaces(annotations: ChapterAnnotations, source: string | undefined): ModelPlaces | undefined {
  const body = annotations.body;
  if (source === undefined || !body || annotations.claims.some((claim) => !claim.place)) return undefined;
  const page = chapterBody(source);
  if (page.digest !== body.digest) return undefined;
  // Offsets in the file are offsets in the page plus this.
  const shift = body.start - page.start;
  const directives = new Map<string, ClaimAnnotation>();
  const containers = new Map<number, PlacedContainer>();
  for (const claim of annotations.claims) {
    const place = claim.place!;
    if (claim.anchor.type === 'directive') directives.set(claim.id, claim);
    if (place.simple) continue;
    const start = place.container.start - shift;
    let container = containers.get(start);
    if (!container) containers.set(start, (container = { type: place.container.type, start, end: place.container.end - shift, claims: [] }));
    container.claims.push(claim);
  }
  const ranges = [...containers.values()].sort((a, b) => a.start - b.start);
  return { directives, containers, ranges };
}

/**
 * Whether a page offset is inside one of the containers the page rebuilds.
 * @param places the page's places.
 * @param offset an offset in the page's source.
 * @returns true when a rebuilt container holds it.
 */
export function insideRebuilt(places: ModelPlaces, offset: number): boolean {
  for (const range of places.ranges) {
    if (range.start > offset) return false;
    if (offset < range.end) return true;
  }
  return false;
}

/**
 * Find a quote claim in its container's text where the model placed it: at
 * the model's offsets in the folded text, when the words there are the
 * claim's; else the occurrence of its words nearest to them.
 * @returns the locator for `placeClaims`, for an index of one container.
 */
export function locateByPlace(): LocateQuote {
  return (index, annotation) => {
    if (annotation.anchor.type !== 'quote' || !annotation.place) return undefined;
    const { folded } = prepareSearch(index);
    const needle = fold(normalizeProse(annotation.anchor.exact));
    const { from, to } = annotation.place;
    if (folded.text.slice(from, to) === needle) return fromFolded(folded, from, to);
    let best: number | undefined;
    for (let at = folded.text.indexOf(needle); at !== -1 && needle.length > 0; at = folded.text.indexOf(needle, at + 1)) {
      if (best === undefined || Math.abs(at - from) < Math.abs(best - from)) best = at;
    }
    return best === undefined ? undefined : fromFolded(folded, best, best + needle.length);
  };
}
