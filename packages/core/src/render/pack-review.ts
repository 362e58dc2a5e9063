/**
 * The research pack page's section on what awaits the author's decision:
 * the leads, proposed claims and claims to review again, counted and
 * listed, each with the handle `research-pack` decides on it with and a
 * link to where the page (or the chapter page) shows it. Built as hast, so
 * all of it is text.
 */
import type { Element } from 'hast';
import { h } from 'hastscript';
import { labelledSection } from '../markup/hast.js';
import { reviewQueue } from '../model/review-queue.js';
import { claimUrl } from '../site/urls.js';
import type { PackContext } from './pack-context.js';
import { textOf } from './status-report-review.js';

const KIND_WORD = { lead: 'Lead', proposal: 'Proposed claim', claim: 'Claim to review again' } as const;

/**
 * The "Awaiting review" section.
 * @param context the pack's context.
 * @returns the section; it says so when nothing awaits review.
 */
export function awaitingReviewSection({ model, chapter, urls }: PackContext): Element {
  const queue = reviewQueue(model, chapter);
  const id = 'rp-section-review';
  if (queue.count === 0) return labelledSection('h2', id, 'Awaiting review', [h('p', { className: ['rp-none'] }, "Nothing awaits the author's decision.")], 'rp-section');
  const counts = [plural(queue.leads.length, 'lead'), plural(queue.proposals.length, 'proposed claim'), plural(queue.claims.length, 'claim to review again', 'claims to review again')].filter((part) => !part.startsWith('0 '));
  const spec = `${chapter.book}/${chapter.slug}`;
  const items = [...queue.leads, ...queue.proposals, ...queue.claims].map((item) => {
    const [label, href] =
      item.kind === 'lead'
        ? [item.item.id, `#rp-evidence-${item.item.id}`]
        : item.kind === 'proposal'
          ? [item.proposal.id, `#rp-proposed-${item.proposal.id}`]
          : [item.claim.claim.id, claimUrl(urls, chapter.book, chapter.slug, item.claim.claim.id)];
    return h('li', { dataKind: item.kind }, [h('code', item.handle), ` ${KIND_WORD[item.kind]} `, h('a', { href }, label), `: ${textOf(item)}`]);
  });
  return labelledSection(
    'h2',
    id,
    'Awaiting review',
    [
      h('p', [`${counts.join(', ')}, await${queue.count === 1 ? 's' : ''} the author's decision: none of it backs a verdict until then. The author decides with `, h('code', `research-pack review ${spec}`), ' and the handle of each item.']),
      h('ul', { className: ['rp-review-items'] }, items),
    ],
    'rp-section',
  );
}

function plural(count: number, singular: string, pluralWord = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralWord}`;
}
