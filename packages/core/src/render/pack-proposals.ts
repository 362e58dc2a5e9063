/**
 * The research pack's account of what research passes returned that is not
 * (yet) part of the chapter's record: the claims a pass proposed and the
 * author has not accepted, and the report rows a pass held back. Both are
 * shown as what they are, leads for the author; a proposed claim is never
 * shown as a claim, with a status or on the chapter page. Built as hast, so
 * all of it is text.
 */
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { ChapterModel } from '../model/types.js';
import type { ProposedClaim, ResearchPass } from '../schema/sidecars.js';

/**
 * The pack page sections for proposed claims and held-back rows; none when there are none.
 * @param chapter the chapter.
 * @returns zero, one or two `<section>` elements.
 */
export function proposalSections(chapter: ChapterModel): Element[] {
  const sections: Element[] = [];
  const proposals = chapter.research.proposedClaims.filter((proposal) => proposal.accepted === undefined && proposal.rejected === undefined);
  const decided = chapter.research.proposedClaims.filter((proposal) => proposal.accepted !== undefined || proposal.rejected !== undefined);
  if (proposals.length > 0) {
    sections.push(
      section('rp-section-proposed', 'Proposed claims, not yet accepted', [
        h(
          'p',
          `Research passes found ${proposals.length === 1 ? 'this claim' : `these ${proposals.length} claims`} in the prose that the claims sidecar does not hold. They are leads for the author, not claims of the chapter: nothing here has been reviewed, and readers of the chapter do not see them.`,
        ),
        h('ul', { className: ['rp-proposed'] }, proposals.map(proposalItem)),
      ]),
    );
  }
  if (decided.length > 0) {
    sections.push(
      section('rp-section-proposals-decided', 'Proposed claims the author decided on', [
        h('p', 'Claims research passes proposed that the author accepted (they are claims of the chapter now) or rejected, with the reason. They stay on record so that later passes do not propose them again.'),
        h('ul', { className: ['rp-proposed', 'rp-proposed-decided'] }, decided.map(decidedItem)),
      ]),
    );
  }
  const held = chapter.research.history.filter((pass) => (pass.heldBack?.length ?? 0) > 0);
  if (held.length > 0) {
    sections.push(
      section('rp-section-held-back', 'Report rows held back at ingest', [
        // History, as each pass records it: the author may have settled a row since (an outside author's finding: it read as still open).
        h(
          'p',
          "Rows of returned reports that the ingest could not read, as each research pass recorded them. Each stays in its report file; a later pass, or the author's own decision (a lead accepted, a source cited, a verdict), may have settled it since.",
        ),
        ...held.map(heldBackList),
      ]),
    );
  }
  return sections;
}

function section(id: string, title: string, children: Element[]): Element {
  return h('section', { className: ['rp-section'], ariaLabelledBy: id }, [h('h2', { id }, title), ...children]);
}

function proposalItem(proposal: ProposedClaim): Element {
  const facts = [
    proposal.line === undefined ? 'no snapshot line given' : `snapshot line ${proposal.line}`,
    proposal.status === undefined ? undefined : `the report says ${proposal.status}`,
    proposal.priority === undefined ? undefined : `priority ${proposal.priority}`,
    proposal.response === undefined ? undefined : `proposed response ${proposal.response}`,
    proposal.sources.length === 0 ? undefined : `sources ${proposal.sources.join(', ')}`,
  ].filter((part) => part !== undefined);
  return h('li', { id: `rp-proposed-${proposal.id}` }, [
    h('code', proposal.id),
    ': ',
    h('q', proposal.quote ?? proposal.statement),
    h('br'),
    h('span', { className: ['rp-proposed-facts'] }, `${facts.join('; ')}. Proposed ${proposal.recorded} by ${proposal.report}.`),
    ...(proposal.concern === undefined ? [] : [h('br'), `Concern: ${proposal.concern}`]),
  ]);
}

function decidedItem(proposal: ProposedClaim): Element {
  const decision = proposal.accepted
    ? `Accepted ${proposal.accepted.date} by ${proposal.accepted.by} as claim ${proposal.accepted.claim}.`
    : `Rejected ${proposal.rejected!.date} by ${proposal.rejected!.by}: ${proposal.rejected!.reason}`;
  return h('li', { id: `rp-proposed-${proposal.id}` }, [h('code', proposal.id), ': ', h('q', proposal.quote ?? proposal.statement), h('br'), `Proposed ${proposal.recorded} by ${proposal.report}. ${decision}`]);
}

function heldBackList(pass: ResearchPass): Element {
  return h('div', [
    h('h3', `From the research pass of ${pass.date}${pass.report === undefined ? '' : ` (${pass.report})`}`),
    h(
      'ul',
      { className: ['rp-held-back'] },
      (pass.heldBack ?? []).map((row) => h('li', `${row.table}, line ${row.line}, ${JSON.stringify(row.label)}: ${row.reason}${row.fix === undefined ? '' : ` (fix: ${row.fix})`}`)),
    ),
  ]);
}
