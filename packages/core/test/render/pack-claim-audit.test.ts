import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { packContext } from '../../src/render/pack-context.js';
import { claimAuditSection } from '../../src/render/pack-claim-audit.js';
import { elements, parse, section, text } from '../hast-query.js';
import { richModel, ROOT_URLS } from '../model-factory.js';
import { DEAD_LOCK, lockedModel } from '../locked-model.js';

describe('claimAuditSection', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;
  const context = packContext(model, chapter, ROOT_URLS);
  const tree = parse(toHtml(claimAuditSection(context)));

  it('renders the claim audit as an accessible table whose rows link to the claims on the chapter page', () => {
    const table = elements(section(tree, 'Claim audit'), (node) => node.tagName === 'table')[0]!;
    expect(text(elements(table, (node) => node.tagName === 'caption')[0]!)).toBe('Claims in this chapter (6), in the order they appear');
    const columns = elements(table, (node) => node.tagName === 'th' && node.properties.scope === 'col');
    expect(columns.map((th) => text(th))).toEqual(['Claim', 'Location', 'Status', 'Evidence', 'Concern', 'Priority', 'Proposed response']);
    const rows = elements(table, (node) => node.tagName === 'tr' && node.properties.id !== undefined);
    expect(rows).toHaveLength(chapter.claims.length);
    // In the order they stand in the prose, which the sidecar's need not be (an outside author's finding).
    const inProse = [...chapter.claims].sort((a, b) => a.location.start - b.location.start);
    expect(inProse.map((resolved) => resolved.claim.id)).not.toEqual(chapter.claims.map((resolved) => resolved.claim.id));
    rows.forEach((row, index) => {
      const resolved = inProse[index]!;
      const header = row.children.find((n): n is Element => n.type === 'element' && n.tagName === 'th')!;
      expect(header.properties.scope).toBe('row');
      expect(elements(header, (node) => node.tagName === 'a')[0]!.properties.href).toBe(`/books/pi/27-chapter/#rp-claim-${resolved.claim.id}`);
      expect(row.properties.dataStatus).toBe(resolved.status);
    });
  });
});

describe('claimAuditSection with the sources lock', () => {
  it('flags a claim whose validated evidence rests only on dead sources, with the reason and links to them', () => {
    const model = lockedModel(DEAD_LOCK);
    const chapter = model.books[0]!.chapters[0]!;
    const tree = parse(toHtml(claimAuditSection(packContext(model, chapter, ROOT_URLS))));
    const row = (id: string) => elements(tree, (node) => node.properties.id === `rp-audit-${id}`)[0]!;
    expect(text(row('jsonl'))).toContain('Flagged for review: every source of its validated evidence is dead (jsonl-spec).');
    expect(elements(row('jsonl'), (node) => node.tagName === 'a').map((a) => a.properties.href)).toContain('#rp-source-jsonl-spec');
    expect(text(row('header'))).not.toContain('Flagged for review');
    expect(toHtml(claimAuditSection(packContext(lockedModel(undefined), 'demo/01-sessions', ROOT_URLS)))).not.toContain('Flagged for review');
  });
});
