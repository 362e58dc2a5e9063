import { describe, expect, it } from 'vitest';
import { BookConfigSchema, ChapterFrontmatterSchema, ClaimsFileSchema, DateSchema, EvidenceFileSchema, HttpUrlSchema, IdSchema, IdentifiersSchema, PartialDateSchema, ResearchFileSchema, sidecarSchemas } from '../../src/schema/sidecars.js';

const ok = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) => expect(schema.safeParse(value).success).toBe(true);
const bad = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) => expect(schema.safeParse(value).success).toBe(false);

describe('schemas', () => {
  it('ids: lowercase ASCII, digits, single hyphens, at most 80 characters', () => {
    for (const value of ['a', 'session-tree', 'v3', '27-chapter', 'a'.repeat(80)]) ok(IdSchema, value);
    for (const value of ['', '-a', 'a-', 'a--b', 'A', 'a_b', 'a b', 's\u0435ssion', 'a'.repeat(81)]) bad(IdSchema, value);
  });

  it('dates: real calendar dates only; partial dates for publications', () => {
    for (const value of ['2024-02-29', '1999-12-31']) ok(DateSchema, value);
    for (const value of ['2023-02-29', '2024-13-01', '2024-1-1', '24-01-01', '2024-01-01T00:00']) bad(DateSchema, value);
    for (const value of ['2024', '2024-02', '2024-02-29']) ok(PartialDateSchema, value);
    for (const value of ['2024-13', '2024-00', '202', '2023-02-29']) bad(PartialDateSchema, value);
  });

  it('URLs: absolute http(s) only', () => {
    for (const value of ['https://jsonlines.org/', 'http://example.org/a?b=c#d']) ok(HttpUrlSchema, value);
    for (const value of ['javascript:alert(1)', 'data:text/html,x', '//example.org', 'ftp://example.org', 'https://', '/relative']) bad(HttpUrlSchema, value);
  });

  it('identifiers: DOI, arXiv id with version, ISBN', () => {
    ok(IdentifiersSchema, { doi: '10.1145/3368089.3409742', arxiv: '1508.06576v2', isbn: '978-0-13-468599-1' });
    ok(IdentifiersSchema, { arxiv: 'hep-th/9901001v1' });
    bad(IdentifiersSchema, { arxiv: '1508.06576' });
    bad(IdentifiersSchema, { doi: 'doi:10.1145/1' });
    bad(IdentifiersSchema, { isbn: 'not an isbn' });
  });

  it('book.yaml: title and slug required, strict, defaults applied', () => {
    expect(BookConfigSchema.parse({ title: 'Pi Agents', slug: 'pi' })).toEqual({ title: 'Pi Agents', slug: 'pi', reviewAfterDays: 365, brief: { excerptLength: 6000 } });
    expect(BookConfigSchema.parse({ title: 'Pi', slug: 'pi', notebooks: { github: 'owner/name' } }).notebooks).toEqual({ github: 'owner/name', branch: 'main' });
    bad(BookConfigSchema, { title: 'Pi' });
    bad(BookConfigSchema, { title: 'Pi', slug: 'pi', extra: true });
    bad(BookConfigSchema, { title: 'Pi', slug: 'pi', reviewAfterDays: 0 });
    bad(BookConfigSchema, { title: 'Pi', slug: 'pi', notebooks: { github: 'no-slash' } });
  });

  it('frontmatter: title and whole number required, strict', () => {
    ok(ChapterFrontmatterSchema, { title: 'Sessions', number: 27, summary: 'How sessions are stored.' });
    bad(ChapterFrontmatterSchema, { title: 'Sessions', number: 2.5 });
    bad(ChapterFrontmatterSchema, { title: '  ', number: 1 });
    bad(ChapterFrontmatterSchema, { title: 'Sessions', number: 1, layout: 'x' });
  });

  it('claims: directive or quote anchors, verdicts, defaults', () => {
    const parsed = ClaimsFileSchema.parse({
      claims: [
        { id: 'a', anchor: 'directive', verdict: { status: 'unverified' } },
        { id: 'b', anchor: { quote: 'the header line', prefix: 'first ', suffix: ' names' }, verdict: { status: 'supported', date: '2025-01-01', rationale: 'R.', textHash: '0123456789abcdef' }, priority: 'high', concern: 'C.', response: 'citation' },
      ],
    });
    expect(parsed.claims[0]).toMatchObject({ priority: 'medium', response: 'no-change' });
    expect(ClaimsFileSchema.parse({})).toEqual({ claims: [] });
    bad(ClaimsFileSchema, { claims: [{ id: 'a', anchor: { quote: 'ab' }, verdict: { status: 'unverified' } }] });
    bad(ClaimsFileSchema, { claims: [{ id: 'a', anchor: 'directive', verdict: { status: 'maybe' } }] });
    bad(ClaimsFileSchema, { claims: [{ id: 'a', anchor: 'directive', verdict: { status: 'unverified', textHash: 'ABC' } }] });
    bad(ClaimsFileSchema, { claims: [{ id: 'a', anchor: 'directive', verdict: { status: 'unverified' }, response: 'rewrite' }] });
  });

  it('evidence: sources and evidence items', () => {
    const parsed = EvidenceFileSchema.parse({
      sources: [{ id: 's', title: 'T', reading: 'abstract-only', accessed: '2025-01-01' }],
      evidence: [{ id: 'e', source: 's', claims: ['a'], relation: 'unresolved', class: 'proposed-experiment', status: 'lead', recorded: '2025-01-01' }],
    });
    expect(parsed.sources[0]).toMatchObject({ authors: [], identifiers: {} });
    bad(EvidenceFileSchema, { sources: [{ id: 's', title: 'T', reading: 'skimmed', accessed: '2025-01-01' }] });
    bad(EvidenceFileSchema, { evidence: [{ id: 'e', source: 's', claims: [], relation: 'supports', class: 'reported', status: 'validated', recorded: '2025-01-01' }] });
    bad(EvidenceFileSchema, { evidence: [{ id: 'e', source: 's', claims: ['a'], relation: 'supports', class: 'anecdote', status: 'validated', recorded: '2025-01-01' }] });
  });

  it('research: references, notebooks with runs, history', () => {
    const parsed = ResearchFileSchema.parse({
      references: [{ id: 'r', citation: 'C.', url: 'https://example.org/', source: 's' }],
      notebooks: [{ path: 'n.ipynb', published: false, runs: [{ id: 'r1', date: '2025-01-01', outcome: 'partial', environment: 'Node 24' }] }],
      history: [{ date: '2025-01-01', by: 'agent', fingerprint: 'a'.repeat(64), counts: { claims: 1, sources: 2, leads: 0 } }],
    });
    expect(parsed.questions).toEqual([]);
    bad(ResearchFileSchema, { notebooks: [{ path: 'n.ipynb' }] });
    bad(ResearchFileSchema, { notebooks: [{ path: 'n.ipynb', published: true, runs: [{ id: 'r', date: '2025-01-01', outcome: 'ok', environment: 'x' }] }] });
    bad(ResearchFileSchema, { history: [{ date: '2025-01-01', by: 'agent', fingerprint: 'abc' }] });
  });

  it('maps every sidecar kind to its schema', () => {
    expect(Object.keys(sidecarSchemas)).toEqual(['book', 'claims', 'evidence', 'research']);
    expect(sidecarSchemas.claims).toBe(ClaimsFileSchema);
  });
});
