import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { writeMarkdown } from '../../src/markup/markdown.js';
import type { SourceCheckData } from '../../src/schema/source-check.js';
import { factElement, factHast, factLine, factMdast, identifierLines, sourceFacts, urlLines, type FactPart } from '../../src/render/source-facts.js';

const never: SourceCheckData = {
  link: { url: 'https://example.org/a', health: 'unchecked', checked: null, since: null, status: null, finalUrl: null, error: null, changed: null, archive: null, archiveResult: null },
  doi: { doi: '10.1000/x', result: 'unchecked', checked: null, since: null, error: null },
  arxiv: { id: '2210.03629v1', result: 'unchecked', checked: null, since: null, error: null, version: 1, latest: null, latestDate: null, newer: false },
  mismatches: [],
  dead: false,
  changed: false,
  newerVersion: false,
  checkable: true,
};
const at = '2026-12-01T10:00:00Z';
const link = (fields: Partial<NonNullable<SourceCheckData['link']>>): SourceCheckData => ({ ...never, doi: null, arxiv: null, link: { ...never.link!, checked: at, since: '2026-11-30T10:00:00Z', ...fields } });
const source = { accessed: '2026-01-10' };
const plain = (parts: readonly FactPart[]) => parts.map((part) => (typeof part === 'string' ? part : 'recorded' in part ? part.recorded : `<${part.url}>`)).join('');
const lines = (check: SourceCheckData, from: { accessed: string; archiveUrl?: string } = source) => sourceFacts(from, check).map((fact) => plain(factLine(fact)));

describe('sourceFacts', () => {
  it('says "never checked" for each identifier the lock has nothing on', () => {
    expect(lines(never)).toEqual(['Link: never checked', 'DOI: never checked', 'arXiv: never checked']);
    expect(sourceFacts(source, never).map((fact) => fact.state)).toEqual(['unchecked', 'unchecked', 'unchecked']);
    expect(sourceFacts(source, { ...never, link: null, doi: null, arxiv: null, checkable: false })).toEqual([]);
  });

  it('states each health of a link, with when it was last checked', () => {
    expect(lines(link({ health: 'ok', status: 200 }))).toEqual(['Link: ok; last checked 2026-12-01']);
    expect(lines(link({ health: 'redirected', status: 200, finalUrl: 'https://example.org/b' }))).toEqual(['Link: redirected to <https://example.org/b>; last checked 2026-12-01']);
    expect(lines(link({ health: 'dead', status: 410, finalUrl: 'https://example.org/b' }))).toEqual(['Link: dead since 2026-11-30 (HTTP 410 after redirects to <https://example.org/b>); last checked 2026-12-01']);
    expect(lines(link({ health: 'unreachable', error: { kind: 'timeout', detail: 'no answer within 15 s' } }))).toEqual(['Link: unreachable when last checked on 2026-12-01: no answer within 15 s']);
  });

  it('says a page changed since it was read, and offers the archived copy of a dead or changed page', () => {
    const archive = { url: 'https://web.archive.org/web/2026/https://example.org/a', datetime: '2026-01-09T08:30:12Z' };
    const changed = link({ health: 'ok', status: 200, changed: { after: '2026-11-30T10:00:00Z', by: at }, archive, archiveResult: 'found' });
    expect(lines(changed)).toEqual([
      'Link: ok; last checked 2026-12-01',
      'Changed since you read it on 2026-01-10: its content differed between the checks of 2026-11-30 and 2026-12-01',
      'Archived copy from 2026-01-09: <https://web.archive.org/web/2026/https://example.org/a>',
    ]);
    expect(lines(link({ health: 'dead', status: 404, archive, archiveResult: 'found' }))[1]).toBe('Archived copy from 2026-01-09: <https://web.archive.org/web/2026/https://example.org/a>');
    // A live page needs no copy; the ledger's own copy is not said twice; no copy, or no answer, is said so.
    expect(lines(link({ health: 'ok', archive, archiveResult: 'found' }))).toHaveLength(1);
    expect(lines(link({ health: 'dead', archive, archiveResult: 'found' }), { accessed: '2026-01-10', archiveUrl: archive.url })).toHaveLength(1);
    expect(lines(link({ health: 'dead', archiveResult: 'none' }))[1]).toBe('No archived copy was found near 2026-01-10');
    expect(lines(link({ health: 'dead', archiveResult: 'unreachable' }))[1]).toBe('The web archive could not be asked for a copy near 2026-01-10');
    expect(lines(link({ health: 'dead' }))).toHaveLength(1);
  });

  it("states the DOI's and arXiv's answers and a newer version", () => {
    const doi = (fields: Partial<NonNullable<SourceCheckData['doi']>>) => lines({ ...never, link: null, arxiv: null, doi: { ...never.doi!, checked: at, since: '2026-11-30T10:00:00Z', ...fields } });
    expect(doi({ result: 'found' })).toEqual(['DOI: found; last checked 2026-12-01']);
    expect(doi({ result: 'not-found' })).toEqual(['DOI: not found by the DOI resolver since 2026-11-30; last checked 2026-12-01']);
    expect(doi({ result: 'no-metadata' })).toEqual(['DOI: without metadata (the resolver answered, but with no CSL-JSON); last checked 2026-12-01']);
    expect(doi({ result: 'unreachable', error: { kind: 'dns', detail: 'doi.org not found' } })).toEqual(['DOI: unreachable when last checked on 2026-12-01: doi.org not found']);
    const arxiv = (fields: Partial<NonNullable<SourceCheckData['arxiv']>>) => sourceFacts(source, { ...never, link: null, doi: null, arxiv: { ...never.arxiv!, checked: at, since: at, ...fields } });
    const newer = arxiv({ result: 'found', latest: 3, latestDate: '2023-03-10T01:00:17Z', newer: true });
    expect(newer.map((fact) => [fact.state, plain(factLine(fact))])).toEqual([['newer', 'arXiv: newer version v3 of 2023-03-10, where the ledger names v1; last checked 2026-12-01']]);
    expect(plain(factLine(arxiv({ result: 'found', latest: 1 })[0]!))).toBe('arXiv: found, latest version v1; last checked 2026-12-01');
    expect(plain(factLine(arxiv({ result: 'not-found' })[0]!))).toBe('arXiv: not found on arXiv since 2026-12-01; last checked 2026-12-01');
  });
});

describe('the formats of a fact', () => {
  const hostile = link({ health: 'unreachable', error: { kind: 'bad-response', detail: '<script>alert(1)</script> [x](javascript:alert(1))' } });

  it('keeps text from the lock inert in HTML and Markdown', () => {
    const fact = sourceFacts(source, hostile)[0]!;
    const html = toHtml(factElement(fact, factLine(fact)));
    expect(html).toBe('<span class="rp-source-check" data-check="link" data-state="unreachable">Link: unreachable when last checked on 2026-12-01: &#x3C;script>alert(1)&#x3C;/script> [x](javascript:alert(1))</span>');
    const md = writeMarkdown({ type: 'root', children: [{ type: 'paragraph', children: factMdast(factLine(fact)).map((part) => (typeof part === 'string' ? { type: 'text', value: part } : part)) }] });
    expect(md).toBe('Link: unreachable when last checked on 2026-12-01: \\<script>alert(1)\\</script> \\[x]\\(javascript:alert(1))\n');
  });

  it('links only safe URLs', () => {
    expect(toHtml({ type: 'root', children: factHast([{ url: 'javascript:alert(1)' }]) as never })).toContain('rp-unlinked');
    expect(toHtml({ type: 'root', children: factHast([{ url: 'doi:10.1000/x', text: '10.1000/x' }]) as never })).toBe('<a href="https://doi.org/10.1000/x" rel="external noopener noreferrer">10.1000/x</a>');
  });

  it('lays out the URL cell and the identifiers cell', () => {
    const facts = sourceFacts(source, never);
    expect(urlLines({ url: 'https://example.org/a', archiveUrl: 'https://archive.example/a' }, facts).map(plain)).toEqual(['<https://example.org/a>', 'Archived copy: <https://archive.example/a>', 'Link: never checked']);
    expect(urlLines({ url: null, archiveUrl: null }, [])).toEqual([]);
    expect(identifierLines(never, facts).map(plain)).toEqual(['DOI <doi:10.1000/x> (never checked)', 'arXiv <arxiv:2210.03629v1> (never checked)']);
  });
});
