import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { packContext } from '../../src/render/pack-context.js';
import { claimAuditSection } from '../../src/render/pack-claim-audit.js';
import { elements, parse, section, text } from '../hast-query.js';
import { richModel, ROOT_URLS } from '../model-factory.js';

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
    rows.forEach((row, index) => {
      const resolved = chapter.claims[index]!;
      const header = row.children.find((n): n is Element => n.type === 'element' && n.tagName === 'th')!;
      expect(header.properties.scope).toBe('row');
      expect(elements(header, (node) => node.tagName === 'a')[0]!.properties.href).toBe(`/books/pi/27-chapter/#rp-claim-${resolved.claim.id}`);
      expect(row.properties.dataStatus).toBe(resolved.status);
    });
  });
});
