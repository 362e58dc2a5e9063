import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { PackSchema } from '../../src/schema/pack.js';
import { buildPack, claimReviews, cslItems, renderPackJson, webAnnotations } from '../../src/render/pack-json.js';
import { makeBook, makeChapter, makeModel, makeSource, richModel, ROOT_URLS, SITE_URLS } from '../model-factory.js';
import { DEAD_LOCK, lockedModel } from '../locked-model.js';

const schemaPath = new URL('../../schemas/pack.schema.json', import.meta.url);

function validator() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  return ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
}

describe('pack.json', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;
  const json = renderPackJson(model, chapter, SITE_URLS);
  const pack = JSON.parse(json);

  it('is valid against the committed JSON Schema, for a rich, an empty and a site-less chapter', () => {
    const validate = validator();
    for (const [m, ref, urls] of [
      [model, 'pi/27-chapter', SITE_URLS],
      [model, 'pi/28-chapter', ROOT_URLS],
      [model, 'pi/26-chapter', ROOT_URLS],
    ] as const) {
      const data = JSON.parse(renderPackJson(m, ref, urls));
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      expect(PackSchema.safeParse(data).success).toBe(true);
    }
  });

  it('is versioned, points at its schema, and is deterministic with a stable key order', () => {
    expect(pack.version).toBe(1);
    expect(pack.$schema).toBe('https://books.example.org/research/schemas/pack.schema.json');
    expect(Object.keys(pack)).toEqual([
      '$schema', 'version', 'asOf', 'identity', 'fingerprint', 'snapshot', 'references', 'evidence', 'research',
      'notebooks', 'history', 'claimAudit', 'sourceLedger', 'annotations', 'claimReviews', 'csl',
    ]);
    expect(renderPackJson(richModel(), 'pi/27-chapter', SITE_URLS)).toBe(json);
    expect(json.endsWith('}\n')).toBe(true);
  });

  it('carries identity, fingerprint and the snapshot the fingerprint is computed from', () => {
    expect(pack.identity).toEqual({
      id: 'pi-27-chapter',
      book: { slug: 'pi', title: 'Pi Agents' },
      chapter: { slug: '27-chapter', title: 'The Session File Format', number: 27, summary: null },
      urls: {
        chapter: 'https://books.example.org/books/pi/27-chapter/',
        pack: 'https://books.example.org/research/books/pi/27-chapter/',
        snapshot: 'https://books.example.org/research/books/pi/27-chapter/chapter-snapshot.txt',
        brief: 'https://books.example.org/research/books/pi/27-chapter/brief.md',
        report: 'https://books.example.org/research/books/pi/27-chapter/report.md',
        packJson: 'https://books.example.org/research/books/pi/27-chapter/pack.json',
        bookReport: 'https://books.example.org/research/books/pi/',
      },
    });
    expect(pack.fingerprint).toEqual({ algorithm: 'sha256', value: chapter.fingerprint });
    expect(pack.snapshot.text).toBe(chapter.snapshot);
  });

  it('keeps validated evidence and leads apart', () => {
    expect(pack.evidence.validated.map((e: { id: string }) => e.id)).toEqual(chapter.evidence.filter((e) => e.status === 'validated').map((e) => e.id));
    expect(pack.evidence.leads.map((e: { id: string }) => e.id)).toEqual(['ev-lead', 'ev-experiment']);
    expect(pack.evidence.leads[0]).toEqual({
      id: 'ev-lead', claims: ['skip-unknown'], relation: 'supports', class: 'reported', status: 'lead',
      source: { id: 'forum', title: 'Thread about session files' }, locator: 'top comment', note: null, recorded: '2026-11-02', run: null,
    });
  });

  it('records notebooks with Colab links and state, and history with the revision comparison', () => {
    expect(pack.notebooks.map((n: { colab: string; state: string }) => [n.colab, n.state])).toEqual([
      ['https://colab.research.google.com/github/example/pi-notebooks/blob/main/notebooks/pi/27-chapter.ipynb', 'passed'],
      ['https://colab.research.google.com/github/example/pi-notebooks/blob/main/notebooks/pi/27-migrate.ipynb', 'never-run'],
    ]);
    expect(pack.history.map((p: { readsCurrentRevision: boolean }) => p.readsCurrentRevision)).toEqual([false, true]);
  });

  it('gives one W3C Web Annotation per anchored claim, with selectors into the snapshot', () => {
    const annotations = webAnnotations(chapter, SITE_URLS);
    expect(annotations).toHaveLength(chapter.claims.length);
    annotations.forEach((annotation, index) => {
      const resolved = chapter.claims[index]!;
      expect(annotation['@context']).toBe('http://www.w3.org/ns/anno.jsonld');
      expect(annotation.type).toBe('Annotation');
      expect(annotation.target.source).toBe('https://books.example.org/books/pi/27-chapter/');
      const [quote, position] = annotation.target.selector;
      expect(quote).toEqual({ ...resolved.selectors.quote });
      expect(position).toEqual({ ...resolved.selectors.position });
      expect(chapter.snapshot.slice(position.start, position.end)).toBe(quote.exact);
    });
    expect(annotations[4]!.body.value).toBe('stale (verdict: supported): Stated in the docs.');
    expect(pack.annotations).toEqual(JSON.parse(JSON.stringify(annotations)));
  });

  it('publishes ClaimReviews only for reviewed claims whose verdict still matches the prose', () => {
    const reviews = claimReviews(chapter, SITE_URLS);
    expect(reviews.map((r) => [r.url.split('#')[1], r.reviewRating.alternateName, r.reviewRating.ratingValue])).toEqual([
      ['rp-claim-jsonl-lines', 'supported', 3],
      ['rp-claim-tree', 'qualified', 2],
      ['rp-claim-versions', 'contradicted', 1],
      ['rp-claim-migrate', 'supported', 3],
    ]);
    expect(reviews[1]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ClaimReview',
      url: 'https://books.example.org/books/pi/27-chapter/#rp-claim-tree',
      claimReviewed: 'Entries form a tree through these two fields',
      datePublished: '2026-10-12',
      itemReviewed: {
        '@type': 'Claim',
        appearance: { '@type': 'CreativeWork', url: 'https://books.example.org/books/pi/27-chapter/', name: 'The Session File Format' },
      },
      reviewRating: {
        '@type': 'Rating', ratingValue: 2, bestRating: 3, worstRating: 1, alternateName: 'qualified', ratingExplanation: 'Only for version 2 and later.',
      },
    });
  });

  it('exports the ledger as CSL-JSON', () => {
    expect(cslItems(chapter)).toEqual([
      { id: 'jsonl', type: 'webpage', title: 'JSON Lines', author: [{ literal: 'Ian Ward' }], 'container-title': 'jsonlines.org', URL: 'https://jsonlines.org/', accessed: { 'date-parts': [[2026, 10, 10]] } },
      {
        id: 'paper', type: 'article-journal', title: 'Append-only logs for agents', author: [{ literal: 'A. Author' }, { literal: 'B. Author' }],
        'container-title': 'Proc. Example', issued: { 'date-parts': [[2025, 3]] }, DOI: '10.1145/3368089.3409742',
        URL: 'https://arxiv.org/abs/2501.01234v2', number: 'arXiv:2501.01234v2', accessed: { 'date-parts': [[2026, 10, 11]] },
      },
      { id: 'forum', type: 'webpage', title: 'Thread about session files', URL: 'https://news.example.com/item?id=1', accessed: { 'date-parts': [[2026, 10, 11]] } },
      {
        id: 'book', type: 'book', title: 'Designing Data-Intensive Applications', author: [{ literal: 'Martin Kleppmann' }], publisher: "O'Reilly",
        issued: { 'date-parts': [[2017]] }, ISBN: '978-1-4493-7332-0', accessed: { 'date-parts': [[2026, 10, 9]] },
      },
    ]);
  });

  it('never turns a javascript: or data: URL into a link', () => {
    const hostile = makeChapter({
      sources: [makeSource({ id: 's', title: 't', url: 'javascript:alert(1)', archiveUrl: 'data:text/html,<script>alert(1)</script>' })],
      research: { references: [{ id: 'r', citation: 'c', url: 'javascript:alert(1)' }] },
    });
    const data = buildPack(makeModel([makeBook({ chapters: [hostile] })]), 'pi/27-chapter', ROOT_URLS);
    expect(data.sourceLedger[0]!.links).toEqual({ url: null, archive: null, doi: null, arxiv: null });
    expect(data.references[0]!.url).toBeNull();
    expect(data.csl[0]).not.toHaveProperty('URL');
    expect(validator()(JSON.parse(JSON.stringify(data)))).toBe(true);
  });
});

describe('pack.json with the sources lock', () => {
  it('writes each source\'s check and each claim\'s review, valid against the committed schema', () => {
    const validate = validator();
    for (const lock of [DEAD_LOCK, undefined]) {
      const data = JSON.parse(renderPackJson(lockedModel(lock), 'demo/01-sessions', ROOT_URLS));
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      expect(PackSchema.safeParse(data).success).toBe(true);
    }
    const pack = buildPack(lockedModel(DEAD_LOCK), 'demo/01-sessions', ROOT_URLS);
    expect(pack.sourceLedger.map((source) => [source.id, source.check?.link?.health ?? null, source.check?.dead])).toEqual([
      ['jsonl-spec', 'dead', true],
      ['session-code', null, false],
    ]);
    expect(pack.claimAudit.map((claim) => [claim.id, claim.sourceReview?.reason ?? null])).toEqual([
      ['jsonl', 'dead'],
      ['tree', null],
      ['header', null],
    ]);
    expect(buildPack(lockedModel(undefined), 'demo/01-sessions', ROOT_URLS).sourceLedger[0]!.check!.link!.health).toBe('unchecked');
  });

  it('writes null checks for a model built without the locks, and a pack from before them still validates', () => {
    const json = renderPackJson(richModel(), 'pi/27-chapter', SITE_URLS);
    const pack = JSON.parse(json);
    expect(pack.sourceLedger.length).toBeGreaterThan(0);
    expect(pack.sourceLedger.every((source: { check: unknown }) => source.check === null)).toBe(true);
    const older = JSON.parse(json);
    for (const source of older.sourceLedger) delete source.check;
    for (const claim of older.claimAudit) delete claim.sourceReview;
    expect(validator()(older)).toBe(true);
  });
});
