import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { packContext } from '../../src/render/pack-context.js';
import { sourceLedgerSection } from '../../src/render/pack-source-ledger.js';
import { elements, parse, section, text } from '../hast-query.js';
import { richModel, ROOT_URLS } from '../model-factory.js';
import { ARCHIVE_URL, DEAD_LOCK, lockedModel } from '../locked-model.js';

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

describe('sourceLedgerSection with the sources lock', () => {
  const row = (model: ReturnType<typeof lockedModel>, id: string) => {
    const chapter = model.books[0]!.chapters[0]!;
    const tree = parse(toHtml(sourceLedgerSection(packContext(model, chapter, ROOT_URLS))));
    return elements(tree, (node) => node.properties.id === `rp-source-${id}`)[0]!;
  };
  const checks = (element: ReturnType<typeof row>) => elements(element, (node) => node.properties.className?.toString() === 'rp-source-check').map((span) => `${span.properties.dataCheck} ${span.properties.dataState}: ${text(span)}`);

  it('says "never checked" beside the URL of a book without a lock, and nothing for a source with nothing to check', () => {
    const model = lockedModel(undefined);
    expect(checks(row(model, 'jsonl-spec'))).toEqual(['link unchecked: Link: never checked']);
    expect(checks(row(model, 'session-code'))).toEqual([]);
  });

  it('shows a dead link, the change since it was read and the archived copy, linked', () => {
    const spec = row(lockedModel(DEAD_LOCK), 'jsonl-spec');
    expect(checks(spec)).toEqual([
      'link dead: Link: dead since 2026-11-30 (HTTP 404); last checked 2026-12-01',
      'changed changed: Changed since you read it on 2025-01-10: its content differed between the checks of 2026-11-20 and 2026-11-30',
      `archive found: Archived copy from 2025-01-09: ${ARCHIVE_URL}`,
    ]);
    expect(elements(spec, (node) => node.tagName === 'a').map((a) => a.properties.href)).toEqual(['https://jsonlines.org/', ARCHIVE_URL, '/books/demo/01-sessions/#rp-claim-jsonl']);
  });

  it('renders as before for a chapter built without the locks', () => {
    const model = lockedModel(undefined);
    const chapter = { ...model.books[0]!.chapters[0]!, sourceChecks: undefined };
    expect(toHtml(sourceLedgerSection(packContext(model, chapter, ROOT_URLS)))).not.toContain('rp-source-check');
  });
});
