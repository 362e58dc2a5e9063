/**
 * Ids a chapter's own content would share with a claim's markup: a heading
 * "rp-claim-tree-details" gets the id of the claim `tree`'s popover, and its
 * marker would then open the heading. Reported at the heading.
 */
import { createProblem, quote, type Problem } from '../problems/problem.js';
import type { Claim } from '../schema/sidecars.js';
import { claimPopoverId, claimWrapperId, type PageId } from '../text/page-ids.js';

/**
 * The problems of page ids that collide with the ids of the chapter's claims.
 * @param ids the ids of the chapter's headings and elements.
 * @param claims the chapter's claims.
 * @param file the chapter file, relative to the project root.
 * @returns one `chapter/id-collision` problem per colliding id.
 */
export function idCollisions(ids: readonly PageId[], claims: readonly Claim[], file: string): Problem[] {
  if (ids.length === 0 || claims.length === 0) return [];
  const ours = new Map<string, { claim: string; what: string }>();
  for (const claim of claims) {
    ours.set(claimWrapperId(claim.id), { claim: claim.id, what: 'its text' });
    ours.set(claimPopoverId(claim.id), { claim: claim.id, what: 'its popover' });
  }
  const problems: Problem[] = [];
  for (const id of ids) {
    const owner = ours.get(id.id);
    if (!owner) continue;
    problems.push(
      createProblem(
        'chapter/id-collision',
        id.line > 0 ? { file, line: id.line, column: id.column } : { file },
        `this ${id.kind === 'heading' ? 'heading' : 'element'} gets the id ${quote(id.id)} on the page, which claim ${quote(owner.claim)} gives ${owner.what}: two elements would share one id${owner.what === 'its popover' ? ", and the claim's marker would open this one" : ''}`,
        id.kind === 'heading' ? 'reword the heading: ids that begin with "rp-claim-" belong to the claims\' markup' : 'choose another id: ids that begin with "rp-claim-" belong to the claims\' markup',
      ),
    );
  }
  return problems;
}
