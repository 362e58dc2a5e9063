import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { packContext } from '../../src/render/pack-context.js';
import { evidenceSections } from '../../src/render/pack-evidence.js';
import { elements, parse, section, text } from '../hast-query.js';
import { richModel, ROOT_URLS } from '../model-factory.js';

describe('evidenceSections', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;
  const context = packContext(model, chapter, ROOT_URLS);
  const tree = parse(toHtml(evidenceSections(context)));

  it('keeps validated evidence and leads in separate sections', () => {
    const ids = (title: string) => elements(section(tree, title), (node) => node.tagName === 'li').map((li) => li.properties.id);
    expect(ids('Validated evidence')).toEqual(['rp-evidence-ev-jsonl', 'rp-evidence-ev-tree', 'rp-evidence-ev-tree-v1', 'rp-evidence-ev-versions', 'rp-evidence-ev-migrate']);
    expect(ids('Unverified leads')).toEqual(['rp-evidence-ev-lead', 'rp-evidence-ev-experiment']);
    expect(text(section(tree, 'Unverified leads'))).toContain('leads only — verify before relying on any of them');
  });
});
