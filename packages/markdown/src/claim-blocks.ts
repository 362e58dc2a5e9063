/**
 * The blocks of a page the claim plan must read. The model placed every
 * claim in the chapter's source, so the page need not be indexed (and, on
 * Sätteri, copied into JavaScript) as a whole: only the top-level blocks that
 * hold a claim or may hold a directive.
 */
import type { ChapterAnnotations } from '@research-pack/core/render';
import type { IndexNode } from '@research-pack/core/internal';
import type { Root } from 'mdast';
import { location } from 'vfile-location';

/**
 * Where a directive can start: a colon, then a letter, mark or digit of any
 * script (`:name`, `::name`, `:::name`; Sätteri reads `10:30` as a directive
 * named `30`).
 */
const DIRECTIVE_LIKE = /:[\p{L}\p{M}\p{N}]/gu;

/**
 * The top-level blocks of a chapter that hold a claim or may hold a
 * directive, as a root of their own: the only ones the plan must read.
 *
 * Undefined, for the whole tree to be read, when that is not certain to give
 * the same edits: no source or positions, a claim whose place is unknown or in
 * no block, or a quote that occurs more than once in the chapter (telling its
 * occurrences apart needs the whole text).
 * @param root the page's mdast (read only; on Sätteri, only the blocks kept are copied into JavaScript).
 * @param annotations the chapter's annotations, with each claim's line and column in `source`.
 * @param source the text the page was parsed from.
 * @returns a root whose children are the blocks to read, or undefined.
 */
export function claimBlocks(root: Root | IndexNode, annotations: ChapterAnnotations, source: string | undefined): IndexNode | undefined {
  if (source === undefined || annotations.claims.length === 0) return undefined;
  if (annotations.claims.some((claim) => claim.anchor.type === 'quote' && claim.anchor.occurrences !== 1)) return undefined;
  const points = location(source);
  const places: number[] = [];
  for (const claim of annotations.claims) {
    const place = points.toOffset({ line: claim.line, column: claim.column });
    if (place === undefined) return undefined;
    places.push(place);
  }
  const directives: number[] = [];
  DIRECTIVE_LIKE.lastIndex = 0;
  for (let match = DIRECTIVE_LIKE.exec(source); match; match = DIRECTIVE_LIKE.exec(source)) directives.push(match.index);
  const kept: IndexNode[] = [];
  let placed = 0;
  for (const block of (root as IndexNode).children ?? []) {
    const position = block.position;
    const start = position?.start.offset;
    const end = position?.end.offset;
    if (start === undefined || end === undefined) return undefined;
    let holds = 0;
    for (const place of places) if (place >= start && place < end) holds++;
    placed += holds;
    if (holds > 0 || directives.some((at) => at >= start && at < end)) kept.push(block);
  }
  if (placed !== places.length) return undefined;
  return { type: 'root', children: kept };
}
