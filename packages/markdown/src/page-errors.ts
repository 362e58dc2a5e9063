/**
 * Why a claim cannot be placed on the page: `ClaimAnchorError`, with the
 * claim's position in the chapter, and one function per reason. The model
 * reports the same mistakes as problems before any page is rendered; these
 * are what the page finds when its text is not the model's (another plugin
 * changed it) or when the model was not asked.
 */
import { shorten } from '@research-pack/core/internal';
import type { RuleId } from '@research-pack/core/problems';
import type { ClaimAnnotation } from '@research-pack/core/render';

/** The rule ids a page error carries: the `anchor/*` rules of core's registry (two of them only the page can break). */
export type PageRuleId = Extract<RuleId, `anchor/${string}`>;

/** A claim that cannot be placed on the page, with where it is. */
export class ClaimAnchorError extends Error {
  /** 1-based line in the chapter (0 when unknown). */
  line: number;
  /** 1-based column in the chapter (0 when unknown). */
  column: number;
  /** The claim, when the error is about one. */
  claim: string | undefined;
  /** Stable rule id, e.g. `anchor/page-orphan`. */
  ruleId: string;

  constructor(message: string, place: { line: number; column: number; claim?: string | undefined; ruleId: string }) {
    super(message);
    this.name = 'ClaimAnchorError';
    this.line = place.line;
    this.column = place.column;
    this.claim = place.claim;
    this.ruleId = place.ruleId;
  }
}

/** Where a directive is in the chapter. */
interface Place {
  line: number;
  column: number;
}

/** An error about a place in the chapter: `file:line:column: message`. */
function pageError(file: string, place: Place, ruleId: PageRuleId, message: string, claim?: string): ClaimAnchorError {
  return new ClaimAnchorError(`${file}:${place.line}:${place.column}: ${message}`, { line: place.line, column: place.column, claim, ruleId });
}

/**
 * A `:claim[…]` without an id.
 * @param file the chapter file.
 * @param place the directive.
 * @returns the error.
 */
export function directiveWithoutIdError(file: string, place: Place): ClaimAnchorError {
  return pageError(file, place, 'anchor/directive-without-id', 'this :claim directive has no id; write :claim[the sentence]{#claim-id}');
}

/**
 * A directive that names no directive claim of the chapter.
 * @param file the chapter file.
 * @param place the directive.
 * @param id the id it names.
 * @returns the error.
 */
export function unknownDirectiveError(file: string, place: Place, id: string): ClaimAnchorError {
  return pageError(file, place, 'anchor/unknown-directive', `:claim directive names "${id}", which is not a directive claim of this chapter's claims sidecar`, id);
}

/**
 * A claim marked twice.
 * @param file the chapter file.
 * @param place the second directive.
 * @param id the claim.
 * @returns the error.
 */
export function duplicateDirectiveError(file: string, place: Place, id: string): ClaimAnchorError {
  return pageError(file, place, 'anchor/duplicate-directive', `claim "${id}" is marked twice in the prose`, id);
}

/**
 * A directive claim the page does not mark.
 * @param file the chapter file.
 * @param annotation the claim.
 * @returns the error.
 */
export function missingDirectiveError(file: string, annotation: ClaimAnnotation): ClaimAnchorError {
  return pageError(file, annotation, 'anchor/missing-directive', `claim "${annotation.id}" is anchored by directive, but the page has no :claim[...]{#${annotation.id}}`, annotation.id);
}

/**
 * Two claims that cross.
 * @param file the chapter file.
 * @param annotation the quote claim.
 * @param other the id of the claim it crosses.
 * @returns the error.
 */
export function overlapError(file: string, annotation: ClaimAnnotation, other: string): ClaimAnchorError {
  return pageError(
    file,
    annotation,
    'anchor/overlap',
    `claims "${annotation.id}" and "${other}" overlap without one containing the other; a claim must be inside another or apart from it`,
    annotation.id,
  );
}

/**
 * A quote claim whose words are not in the page's text, or that cannot be marked there.
 * @param file the chapter file.
 * @param annotation the claim.
 * @param why `missing`: its words are not there; `empty`: they have no text of their own; `unmarkable`: they do not begin and end at text the page can cut.
 * @returns the error.
 */
export function pageOrphanError(file: string, annotation: ClaimAnnotation, why: 'missing' | 'empty' | 'unmarkable'): ClaimAnchorError {
  const exact = annotation.anchor.type === 'quote' ? annotation.anchor.exact : '';
  const message =
    why === 'missing'
      ? `claim "${annotation.id}" could not be found on the page: "${shorten(exact, 80)}" is not in the rendered text`
      : why === 'empty'
        ? `claim "${annotation.id}" has no text on the page`
        : `claim "${annotation.id}" could not be marked on the page`;
  return pageError(file, annotation, 'anchor/page-orphan', message, annotation.id);
}

/**
 * A quote claim that would cut a raw HTML element in two.
 * @param file the chapter file.
 * @param annotation the claim.
 * @returns the error.
 */
export function rawHtmlError(file: string, annotation: ClaimAnnotation): ClaimAnchorError {
  return pageError(
    file,
    annotation,
    'anchor/raw-html',
    `claim "${annotation.id}" starts or ends inside raw HTML; quote text that opens and closes its HTML elements, or mark the claim with :claim[...]{#${annotation.id}}`,
    annotation.id,
  );
}
