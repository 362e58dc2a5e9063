/**
 * The evidence sections of the research pack page: validated evidence, and
 * the unverified leads apart from it under a warning, each item with the
 * claims it bears on, its relation, class, source, locator and date.
 */
import type { Element } from 'hast';
import { h } from 'hastscript';
import { labelledSection, timeElement } from '../markup/hast.js';
import type { ChapterModel } from '../model/types.js';
import { findSource, splitEvidence } from '../model/queries.js';
import type { EvidenceItem } from '../schema/sidecars.js';
import type { SiteUrls } from '../site/urls.js';
import { claimLink, fact, type PackContext } from './pack-context.js';

/**
 * The "Validated evidence" and "Unverified leads" sections.
 * @param context the pack page's inputs.
 * @returns the two sections, validated first.
 */
export function evidenceSections({ chapter, urls }: PackContext): Element[] {
  const { validated, leads, rejected } = splitEvidence(chapter);
  const sections = [
    labelledSection(
      'h2',
      'rp-section-validated',
      'Validated evidence',
      validated.length === 0
        ? [fact(`No validated evidence has been recorded for this chapter.${chapter.research.history.length === 0 ? ' No research pass has been recorded against it yet.' : ''}`)]
        : [h('ul', { className: ['rp-evidence'] }, validated.map((item) => evidenceItem(chapter, urls, item)))],
      'rp-section',
    ),
    labelledSection(
      'h2',
      'rp-section-leads',
      'Unverified leads',
      [
        h('p', { className: ['rp-warning'] }, 'Unverified candidates and seeds: leads only — verify before relying on any of them.'),
        leads.length === 0 ? fact('No leads are recorded for this chapter.') : h('ul', { className: ['rp-evidence', 'rp-leads'] }, leads.map((item) => evidenceItem(chapter, urls, item))),
      ],
      'rp-section',
    ),
  ];
  // Only when the author rejected a lead: kept, with who and why.
  if (rejected.length > 0) {
    const items = rejected.map((item) => {
      const entry = evidenceItem(chapter, urls, item);
      entry.children.push(h('p', { className: ['rp-rejection'] }, `Rejected${item.by === undefined ? '' : ` by ${item.by}`} on ${item.recorded}: ${item.reason ?? 'no reason recorded'}`));
      return entry;
    });
    sections.push(labelledSection('h2', 'rp-section-rejected', 'Rejected leads', [h('p', 'Leads the author checked against their sources and rejected. They are kept, with the reason, so that later research passes do not bring them again.'), h('ul', { className: ['rp-evidence', 'rp-rejected'] }, items)], 'rp-section'));
  }
  return sections;
}

function evidenceItem(chapter: ChapterModel, urls: SiteUrls, item: EvidenceItem): Element {
  const source = findSource(chapter, item.source);
  const claimLinks = item.claims.flatMap((id, index) => [...(index === 0 ? [] : [', ']), claimLink(chapter, urls, id)]);
  return h('li', { id: `rp-evidence-${item.id}`, dataRelation: item.relation, dataClass: item.class }, [
    h('strong', item.id),
    `: ${item.claims.length === 1 ? 'claim' : 'claims'} `,
    ...claimLinks,
    `; relation: ${item.relation}; class: ${item.class}; source: `,
    source === undefined ? `${item.source} (not in the ledger)` : h('a', { href: `#rp-source-${source.id}` }, source.title),
    `; locator: ${item.locator ?? 'not recorded'}; recorded `,
    timeElement(item.recorded),
    ...(item.run === undefined ? [] : [`; from notebook run ${item.run}`]),
    '.',
    ...(item.note === undefined ? [] : [' ', h('span', { className: ['rp-note'] }, item.note)]),
  ]);
}
