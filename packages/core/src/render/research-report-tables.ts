/**
 * The two tables of the chapter's `report.md`, the claim audit (section 2)
 * and the source ledger (section 3), in the columns a research pass returns
 * them in. Every recorded string is a text node on one line (never blank:
 * an empty one is `—`), and only safe identifiers and URLs become links.
 */
import type { BlockContent } from 'mdast';
import { joined, paragraph, recordedCell, safeLink, safeUrl, siteLinkText, table, type Inline } from '../markup/mdast.js';
import type { ChapterModel, ResolvedClaim } from '../model/types.js';
import { claimsInDocumentOrder, claimsOfSource } from '../model/queries.js';
import { ANCHORING_WORD, READING, STALE_REASON } from '../model/words.js';
import type { Source } from '../schema/sidecars.js';
import { claimUrl, type SiteUrls } from '../site/urls.js';

/** What the tables are built from. */
export interface ReportTableInputs {
  chapter: ChapterModel;
  urls: SiteUrls;
}

/**
 * Section 2, the claim audit: one row per claim with its place, status and
 * verdict, the evidence bearing on it, the concern, priority and response.
 * @param inputs the chapter, and where the site's pages live (each claim links to the chapter page).
 * @returns the table, or the fact that no claims are recorded.
 */
export function claimAuditTable({ chapter, urls }: ReportTableInputs): BlockContent[] {
  if (chapter.claims.length === 0) return [paragraph('No claims are recorded for this chapter.')];
  const rows = claimsInDocumentOrder(chapter).map((resolved) => {
    const { claim } = resolved;
    return [
      [siteLinkText(claim.id, claimUrl(urls, chapter.book, chapter.slug, claim.id)), ': ', recordedCell(resolved.text)],
      [`line ${resolved.location.line}, column ${resolved.location.column} (${ANCHORING_WORD[resolved.anchoring]})`],
      statusCell(resolved),
      evidenceCell(chapter, resolved),
      [claim.concern === undefined ? 'none recorded' : recordedCell(claim.concern)],
      [claim.priority],
      [claim.response],
    ];
  });
  return [table(['Claim', 'Location', 'Status', 'Evidence', 'Concern', 'Priority', 'Proposed response'], rows)];
}

function statusCell(resolved: ResolvedClaim): Inline[] {
  const verdict = resolved.claim.verdict;
  const given: Inline[] = [
    `${verdict.status}${verdict.date === undefined ? '' : ` on ${verdict.date}`}`,
    ...(verdict.rationale === undefined ? [] : [': ', recordedCell(verdict.rationale)]),
  ];
  if (resolved.status === 'stale') return [`stale (${STALE_REASON[resolved.stale || 'text-changed']}); verdict was `, ...given];
  if (resolved.status === 'review-due') return ['review due; verdict ', ...given];
  return given;
}

function evidenceCell(chapter: ChapterModel, resolved: ResolvedClaim): Inline[] {
  if (resolved.evidence.length === 0) return ['none recorded'];
  return joined(
    resolved.evidence.map((id) => {
      const item = chapter.evidence.find((candidate) => candidate.id === id);
      return [recordedCell(id), item === undefined ? ' (not recorded)' : ` (${item.status}, ${item.relation}, ${item.class})`];
    }),
    '; ',
  );
}

/**
 * Section 3, the source ledger: one row per source with its metadata,
 * identifiers and URLs (linked only when safe), reading status, the claims
 * it bears on, its limitations and dates.
 * @param inputs the chapter.
 * @returns the table, or the fact that no sources are recorded.
 */
export function sourceLedgerTable({ chapter }: Pick<ReportTableInputs, 'chapter'>): BlockContent[] {
  if (chapter.sources.length === 0) return [paragraph('No sources are recorded in the source ledger of this chapter.')];
  const rows = chapter.sources.map((source) => {
    const claims = claimsOfSource(chapter, source.id);
    return [
      [recordedCell(source.id), ': ', recordedCell(source.title)],
      metadataCell(source),
      identifiersCell(source),
      urlCell(source),
      [READING[source.reading].word],
      claims.length === 0 ? ['none recorded'] : joined(claims.map((id) => [recordedCell(id)]), ', '),
      [source.limitations === undefined ? 'none recorded' : recordedCell(source.limitations)],
      [`accessed ${source.accessed}; ${source.verified === undefined ? 'metadata not verified' : `verified ${source.verified}`}`],
    ];
  });
  return [table(['Source', 'Metadata', 'Identifiers', 'URL', 'Reading status', 'Claims', 'Limitations', 'Accessed / verified'], rows)];
}

function metadataCell(source: Source): Inline[] {
  const parts: (Inline[] | undefined)[] = [
    source.authors.length === 0 ? ['authors not recorded'] : joined(source.authors.map((author) => [recordedCell(author)]), ', '),
    source.venue === undefined ? undefined : [recordedCell(source.venue)],
    source.publisher === undefined ? undefined : [recordedCell(source.publisher)],
    [source.published === undefined ? 'publication date not recorded' : `published ${source.published}`],
    source.updated === undefined ? undefined : [`updated ${source.updated}`],
  ];
  return joined(parts.filter((part) => part !== undefined), '; ');
}

function identifiersCell(source: Source): Inline[] {
  const { doi, arxiv, isbn } = source.identifiers;
  const parts = [
    doi === undefined ? undefined : ['DOI ', safeLink(doi, `doi:${doi}`)],
    arxiv === undefined ? undefined : ['arXiv ', safeLink(arxiv, `arxiv:${arxiv}`)],
    isbn === undefined ? undefined : ['ISBN ', recordedCell(isbn)],
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? ['none recorded'] : joined(parts, '; ');
}

function urlCell(source: Source): Inline[] {
  const parts = [
    source.url === undefined ? undefined : [safeUrl(source.url)],
    source.archiveUrl === undefined ? undefined : ['archived copy: ', safeUrl(source.archiveUrl)],
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? ['none recorded'] : joined(parts, '; ');
}
