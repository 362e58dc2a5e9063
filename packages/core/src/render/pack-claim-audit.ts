/**
 * The claim audit of the research pack page: one row per claim, in the order
 * the claims appear, with its place in the prose, its status and verdict, the
 * evidence bearing on it, the concern, priority and proposed response, and
 * whether it is flagged for review because of its sources. Each
 * row is `#rp-audit-<id>`, where a claim's popover links to, and links back
 * to the claim on the chapter page.
 */
import type { Element } from 'hast';
import { h } from 'hastscript';
import { dataTable, labelledSection, timeElement, type HastChild } from '../markup/hast.js';
import type { BookModel, ChapterModel, ResolvedClaim } from '../model/types.js';
import { claimsInDocumentOrder, sourceReviewOf } from '../model/queries.js';
import { ANCHORING_WORD, SOURCE_CHECK_WORD, SOURCE_REVIEW_REASON, STALE_REASON, STATUS_WORD, capitalize } from '../model/words.js';
import { auditFragment, claimUrl, type SiteUrls } from '../site/urls.js';
import { fact, type PackContext } from './pack-context.js';

/**
 * The "Claim audit" section.
 * @param context the pack page's inputs.
 * @returns the section: the audit table, or the fact that no claims are recorded.
 */
export function claimAuditSection({ book, chapter, urls }: PackContext): Element {
  if (chapter.claims.length === 0) return labelledSection('h2', 'rp-section-claim-audit', 'Claim audit', [fact('No claims are recorded for this chapter.')], 'rp-section');
  return labelledSection(
    'h2',
    'rp-section-claim-audit',
    'Claim audit',
    [
      dataTable(
        'rp-claim-audit',
        `Claims in this chapter (${chapter.claims.length}), in the order they appear`,
        ['Claim', 'Location', 'Status', 'Evidence', 'Concern', 'Priority', 'Proposed response'],
        claimsInDocumentOrder(chapter).map((resolved) => claimRow(book, chapter, urls, resolved)),
      ),
    ],
    'rp-section',
  );
}

function claimRow(book: BookModel, chapter: ChapterModel, urls: SiteUrls, resolved: ResolvedClaim): Element {
  const { claim } = resolved;
  return h('tr', { id: auditFragment(claim.id), dataStatus: resolved.status }, [
    h('th', { scope: 'row' }, [h('a', { href: claimUrl(urls, chapter.book, chapter.slug, claim.id) }, claim.id), h('br'), h('q', resolved.text)]),
    h('td', `line ${resolved.location.line}, column ${resolved.location.column} (${ANCHORING_WORD[resolved.anchoring]})`),
    h('td', statusCell(book, chapter, resolved)),
    h('td', evidenceCell(chapter, resolved)),
    h('td', claim.concern ?? 'none recorded'),
    h('td', claim.priority),
    h('td', claim.response),
  ]);
}

/** The status shown, the verdict behind it when they differ, and why a claim is stale, due for review or flagged. */
function statusCell(book: BookModel, chapter: ChapterModel, resolved: ResolvedClaim): HastChild[] {
  const verdict = resolved.claim.verdict;
  const status: HastChild[] = [h('strong', STATUS_WORD[resolved.status])];
  if (resolved.status !== verdict.status) status.push(` (verdict: ${verdict.status})`);
  if (verdict.date !== undefined) status.push(', ', timeElement(verdict.date));
  if (verdict.rationale !== undefined) status.push(h('br'), verdict.rationale);
  if (resolved.stale !== false) status.push(h('br'), `Stale: ${STALE_REASON[resolved.stale]}.`);
  if (resolved.reviewDue) status.push(h('br'), `Review due: the newest validated evidence is older than ${book.config.reviewAfterDays} days.`);
  const review = sourceReviewOf(chapter, resolved.claim.id);
  if (review) {
    const sources = review.sources.flatMap((source, index) => [...(index === 0 ? [] : [', ']), h('a', { href: `#rp-source-${source.source}` }, source.source)]);
    status.push(h('br'), h('strong', { className: ['rp-source-review'] }, `${capitalize(SOURCE_CHECK_WORD.flagged)}:`), ` ${SOURCE_REVIEW_REASON[review.reason]} (`, ...sources, ').');
  }
  return status;
}

/** The evidence bearing on a claim, each item linked to its entry in the evidence sections. */
function evidenceCell(chapter: ChapterModel, resolved: ResolvedClaim): HastChild[] {
  if (resolved.evidence.length === 0) return ['none recorded'];
  return [
    h(
      'ul',
      resolved.evidence.map((id) => {
        const item = chapter.evidence.find((candidate) => candidate.id === id);
        return h('li', item === undefined ? `${id} (not recorded)` : [h('a', { href: `#rp-evidence-${id}` }, id), ` (${item.status}, ${item.relation}, ${item.class})`]);
      }),
    ),
  ];
}
