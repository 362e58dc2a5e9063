import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { packContext } from '../../src/render/pack-context.js';
import { sourceLedgerSection } from '../../src/render/pack-source-ledger.js';
import { elements, parse, section, text } from '../hast-query.js';
import { richModel, ROOT_URLS } from '../model-factory.js';

describe('sourceLedgerSection', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;
  const context = packContext(model, chapter, ROOT_URLS);
  const tree = parse(toHtml(sourceLedgerSection(context)));

  it('renders the source ledger with identifiers linked through doi.org and arxiv.org', () => {
    const ledger = section(tree, 'Source ledger');
    const paper = elements(ledger, (node) => node.properties.id === 'rp-source-paper')[0]!;
    expect(elements(paper, (node) => node.tagName === 'a' && String(node.properties.href).startsWith('https://')).map((a) => a.properties.href)).toEqual([
      'https://doi.org/10.1145/3368089.3409742',
      'https://arxiv.org/abs/2501.01234v2',
    ]);
    expect(text(paper)).toContain('abstract only');
    expect(text(paper)).toContain('Abstract only; no details on migration.');
  });
});
