/**
 * What awaits the author's decision, in the status report: per chapter the
 * counts and the items (with the handle `research-pack` decides on each
 * with) in `report.json`, and a section per book on the report page. Built
 * from the review queue (`model/review-queue.ts`), as `research-pack review`
 * lists it.
 */
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { labelledSection } from '../markup/hast.js';
import { reviewQueue, type ReviewItem } from '../model/review-queue.js';
import type { ChapterModel, ResearchModel } from '../model/types.js';
import { STALE_REASON } from '../model/words.js';
import type { AwaitingReview, StatusReportBook, StatusReportChapter } from '../schema/status-report.js';
import { chapterUrls, claimUrl, type SiteUrls } from '../site/urls.js';
import { chapterLabel } from './status-report-wording.js';

/**
 * What awaits review in a chapter, for `report.json`.
 * @param model the research model (handles are unique across it).
 * @param chapter the chapter.
 * @param urls where the site's pages live.
 * @returns the counts and the items.
 */
export function awaitingReviewOf(model: ResearchModel, chapter: ChapterModel, urls: SiteUrls): AwaitingReview {
  const queue = reviewQueue(model, chapter);
  const pack = chapterUrls(urls, chapter.book, chapter.slug).pack;
  const items = [...queue.leads, ...queue.proposals, ...queue.claims].map((item) => ({
    handle: item.handle,
    kind: item.kind,
    id: idOf(item),
    text: textOf(item),
    url: item.kind === 'lead' ? `${pack}#rp-evidence-${item.item.id}` : item.kind === 'proposal' ? `${pack}#rp-proposed-${item.proposal.id}` : claimUrl(urls, chapter.book, chapter.slug, item.claim.claim.id),
  }));
  return { count: queue.count, leads: queue.leads.length, proposals: queue.proposals.length, claims: queue.claims.length, items };
}

function idOf(item: ReviewItem): string {
  return item.kind === 'lead' ? item.item.id : item.kind === 'proposal' ? item.proposal.id : item.claim.claim.id;
}

/**
 * An item in a line.
 * @param item the item.
 * @returns what it is about.
 */
export function textOf(item: ReviewItem): string {
  if (item.kind === 'lead') return `${item.item.source} ${item.item.relation} ${item.item.claims.join(', ')} (${item.item.class}, recorded ${item.item.recorded})`;
  if (item.kind === 'proposal') return item.proposal.quote ?? item.proposal.statement;
  const why = [item.stale ? `stale: ${STALE_REASON[item.stale]}` : undefined, item.reviewDue ? 'review due' : undefined].filter(Boolean).join('; ');
  return `${item.claim.text} (${why})`;
}

const KIND_WORD = { lead: 'lead', proposal: 'proposed claim', claim: 'claim to review again' } as const;

/**
 * The report page's section on what awaits review in a book's chapters.
 * @param book the book as the report has it.
 * @param heading the heading level of the book's parts.
 * @param id the section's id.
 * @param item how a chapter's item of the list is put in it (the HTML renderer puts it in written: `chapterPart`).
 * @returns the section.
 */
export function awaitingReviewSection(
  book: StatusReportBook,
  heading: 'h2' | 'h3',
  id: string,
  item: (chapter: StatusReportChapter, make: () => Element[]) => ElementContent[] = (_chapter, make) => make(),
): Element {
  const chapters = book.chapters.filter((chapter) => chapter.awaitingReview.count > 0);
  if (chapters.length === 0) return labelledSection(heading, id, 'Awaiting review', [h('p', "Nothing awaits the author's decision.")]);
  return labelledSection(heading, id, 'Awaiting review', [
    h('p', [
      "Leads, proposed claims and claims to review again await the author's decision, chapter by chapter. The author decides with the research-pack CLI (",
      h('code', 'research-pack review <book>/<chapter>'),
      ' lists them; each handle names one item).',
    ]),
    h(
      'ul',
      { className: ['rp-review-chapters'] },
      chapters.flatMap((chapter) => item(chapter, () => {
        const review = chapter.awaitingReview;
        const counts = [plural(review.leads, 'lead'), plural(review.proposals, 'proposed claim'), plural(review.claims, 'claim to review again', 'claims to review again')].filter((part) => !part.startsWith('0 '));
        return [h('li', [
          h('a', { href: chapter.urls.pack }, chapterLabel(chapter)),
          `: ${counts.join(', ')}`,
          h('details', [
            h('summary', `The ${plural(review.count, 'item')}`),
            h(
              'ul',
              { className: ['rp-review-items'] },
              review.items.map((entry) => h('li', [h('code', entry.handle), ` ${KIND_WORD[entry.kind]} `, entry.url === null ? entry.id : h('a', { href: entry.url }, entry.id), `: ${entry.text}`])),
            ),
          ]),
        ])];
      })),
    ),
  ]);
}

function plural(count: number, singular: string, pluralWord = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralWord}`;
}
