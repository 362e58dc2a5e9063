/**
 * The source ledger of the research pack page: one row per source, with its
 * metadata, identifiers (DOIs linked through doi.org, arXiv ids through
 * arxiv.org), its URL and archived copy when they pass the safe-URL rule, how
 * far it was read, the claims it bears on, its limitations and dates. Beside
 * the URL and each identifier, what the book's sources lock says about it
 * (`source-facts.ts`): "never checked" when the book has none.
 */
import type { Element } from 'hast';
import { h } from 'hastscript';
import { dataTable, externalLink, labelledSection, timeElement, type HastChild } from '../markup/hast.js';
import type { ChapterModel } from '../model/types.js';
import { claimsOfSource, sourceCheckOf } from '../model/queries.js';
import { READING } from '../model/words.js';
import type { Source } from '../schema/sidecars.js';
import type { SiteUrls } from '../site/urls.js';
import { claimLink, fact, type PackContext } from './pack-context.js';
import { sourceCheckData } from './source-check-data.js';
import { factElement, factLine, sourceFacts, type SourceFact } from './source-facts.js';

/**
 * The "Source ledger" section.
 * @param context the pack page's inputs.
 * @returns the section: the ledger table, or the fact that no sources are recorded.
 */
export function sourceLedgerSection({ chapter, urls }: PackContext): Element {
  if (chapter.sources.length === 0) {
    return labelledSection('h2', 'rp-section-source-ledger', 'Source ledger', [fact('No sources are recorded in the source ledger of this chapter.')], 'rp-section');
  }
  return labelledSection(
    'h2',
    'rp-section-source-ledger',
    'Source ledger',
    [
      dataTable(
        'rp-source-ledger',
        `Sources consulted for this chapter (${chapter.sources.length})`,
        ['Source', 'Metadata', 'Identifiers', 'URL', 'Reading status', 'Claims', 'Limitations', 'Accessed / verified'],
        chapter.sources.map((source) => sourceRow(chapter, urls, source)),
      ),
    ],
    'rp-section',
  );
}

function sourceRow(chapter: ChapterModel, urls: SiteUrls, source: Source): Element {
  const claims = claimsOfSource(chapter, source.id);
  const check = sourceCheckOf(chapter, source.id);
  const facts = check === undefined ? [] : sourceFacts(source, sourceCheckData(check));
  return h('tr', { id: `rp-source-${source.id}`, dataReading: source.reading }, [
    h('th', { scope: 'row' }, [h('code', source.id), h('br'), h('cite', source.title)]),
    h('td', metadataText(source)),
    h('td', identifiersCell(source, facts)),
    h('td', locationCell(source, facts)),
    h('td', READING[source.reading].word),
    h('td', claims.length === 0 ? ['none recorded'] : claims.flatMap((id, index) => [...(index === 0 ? [] : [', ']), claimLink(chapter, urls, id)])),
    h('td', source.limitations ?? 'none recorded'),
    h('td', [
      'accessed ',
      timeElement(source.accessed),
      '; ',
      ...(source.verified === undefined ? ['metadata not verified'] : ['verified ', timeElement(source.verified)]),
    ]),
  ]);
}

function metadataText(source: Source): string {
  return [
    source.authors.length === 0 ? 'Authors not recorded' : source.authors.join(', '),
    source.venue,
    source.publisher,
    source.published === undefined ? 'publication date not recorded' : `published ${source.published}`,
    source.updated === undefined ? undefined : `updated ${source.updated}`,
  ]
    .filter((part) => part !== undefined)
    .join('; ');
}

/** DOI, arXiv id and ISBN, one per line; the first two linked, each with what the lock says of it. */
function identifiersCell(source: Source, facts: readonly SourceFact[]): HastChild[] {
  const { doi, arxiv, isbn } = source.identifiers;
  const identifiers: HastChild[] = [];
  const add = (children: HastChild[]) => identifiers.push(...(identifiers.length === 0 ? [] : [h('br')]), ...children);
  const checked = (kind: 'doi' | 'arxiv'): HastChild[] => {
    const found = facts.find((candidate) => candidate.kind === kind);
    return found === undefined ? [] : [' (', factElement(found, found.parts), ')'];
  };
  if (doi !== undefined) add(['DOI ', externalLink(`doi:${doi}`, doi), ...checked('doi')]);
  if (arxiv !== undefined) add(['arXiv ', externalLink(`arxiv:${arxiv}`, arxiv), ...checked('arxiv')]);
  if (isbn !== undefined) add([`ISBN ${isbn}`]);
  return identifiers.length === 0 ? ['none recorded'] : identifiers;
}

/** The source's URL and its archived copy, then what the lock says of the link, one per line. */
function locationCell(source: Source, facts: readonly SourceFact[]): HastChild[] {
  const location: HastChild[] = [];
  const line = (children: HastChild[]) => location.push(...(location.length === 0 ? [] : [h('br')]), ...children);
  if (source.url !== undefined) line([externalLink(source.url)]);
  if (source.archiveUrl !== undefined) line(['Archived copy: ', externalLink(source.archiveUrl)]);
  for (const found of facts) if (found.kind === 'link' || found.kind === 'changed' || found.kind === 'archive') line([factElement(found, factLine(found))]);
  return location.length === 0 ? ['none recorded'] : location;
}
