import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { countStatuses, latestPass, latestRun, locateChapter, notebookState, passReadsCurrent, splitEvidence } from '../../src/model/queries.js';
import { makeBook, makeChapter, makeModel, richModel, ROOT_URLS, SITE_URLS } from '../model-factory.js';
import { buildStatusReport } from '../../src/render/status-report-data.js';
import { statusReportJsonSchema, StatusReportSchema } from '../../src/schema/status-report.js';

describe('report model', () => {
  const model = richModel();
  const report = buildStatusReport(model, SITE_URLS);
  const rich = report.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;

  it('keeps the committed JSON Schema in sync with StatusReportSchema (regenerate with vitest -u)', async () => {
    await expect(`${JSON.stringify(statusReportJsonSchema(), null, 2)}\n`).toMatchFileSnapshot('../../schemas/report.schema.json');
  });

  it('builds data that is valid against the committed schema', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(new URL('../../schemas/report.schema.json', import.meta.url), 'utf8')));
    for (const data of [report, buildStatusReport(model), buildStatusReport(makeModel([]))]) {
      expect(validate(JSON.parse(JSON.stringify(data))), JSON.stringify(validate.errors)).toBe(true);
      expect(StatusReportSchema.safeParse(data).success).toBe(true);
    }
  });

  it('counts claims by displayed status, each claim once', () => {
    expect(rich.claims).toEqual({ total: 6, supported: 1, qualified: 1, contradicted: 1, unverified: 1, stale: 1, reviewDue: 1 });
    const chapter = model.books[0]!.chapters[1]!;
    const counts = countStatuses(chapter);
    expect(counts.total).toBe(chapter.claims.length);
    expect(counts.supported + counts.qualified + counts.contradicted + counts.unverified + counts.stale + counts.reviewDue).toBe(counts.total);
  });

  it('lists claims needing attention with links to the chapter page', () => {
    expect(rich.attention.map((claim) => [claim.id, claim.status])).toEqual([
      ['tree', 'qualified'],
      ['versions', 'contradicted'],
      ['skip-unknown', 'unverified'],
      ['header', 'stale'],
      ['migrate', 'review-due'],
    ]);
    expect(rich.attention[0]!.url).toBe('https://books.example.org/books/pi/27-chapter/#rp-claim-tree');
  });

  it('reports leads, unread sources, notebooks and the latest pass', () => {
    expect(rich.leads.map((lead) => lead.id)).toEqual(['ev-lead', 'ev-experiment']);
    expect(rich.sourcesNotReadInFull).toEqual([
      { id: 'paper', title: 'Append-only logs for agents', reading: 'abstract-only' },
      { id: 'forum', title: 'Thread about session files', reading: 'not-accessible' },
    ]);
    expect(rich.notebooks).toEqual({ total: 2, neverRun: ['notebooks/pi/27-migrate.ipynb'], failing: [] });
    expect(rich.lastPass).toEqual({
      date: '2026-10-12',
      by: 'author',
      report: 'research/27-chapter-2026-10-12.md',
      fingerprint: model.books[0]!.chapters[1]!.fingerprint,
      readsCurrentRevision: true,
    });
    expect(rich.urls).toEqual({ chapter: 'https://books.example.org/books/pi/27-chapter/', pack: 'https://books.example.org/research/books/pi/27-chapter/' });
  });

  it('adds up totals per book and for the site', () => {
    expect(report.totals).toEqual({
      chapters: 3,
      claims: { total: 7, supported: 1, qualified: 1, contradicted: 1, unverified: 2, stale: 1, reviewDue: 1 },
      leads: 2,
      sourcesNotReadInFull: 2,
      notebooksNeverRun: 1,
      notebooksFailing: 0,
      chaptersNeverResearched: 2,
      chaptersResearchedOnOlderRevision: 0,
      // The 2 leads, the stale claim and the review-due one.
      awaitingReview: 4,
    });
    expect(report.books[0]!.totals).toEqual(report.totals);
    expect(report.asOf).toBe(model.asOf);
    expect(report.$schema).toBe('https://books.example.org/research/schemas/report.schema.json');
  });

  it('flags failing notebooks and passes that read another revision', () => {
    const chapter = makeChapter({
      research: {
        notebooks: [{ path: 'a.ipynb', published: true, runs: [{ id: 'r1', date: '2026-01-01', outcome: 'passed', environment: 'e' }, { id: 'r2', date: '2026-02-01', outcome: 'partial', environment: 'e' }] }],
        history: [{ date: '2026-01-01', by: 'x', fingerprint: 'b'.repeat(64) }, { date: '2025-01-01', by: 'y' }],
      },
    });
    const data = buildStatusReport(makeModel([makeBook({ chapters: [chapter] })]), ROOT_URLS);
    expect(data.books[0]!.chapters[0]!.notebooks.failing).toEqual([{ path: 'a.ipynb', date: '2026-02-01', outcome: 'partial' }]);
    expect(data.books[0]!.chapters[0]!.lastPass?.readsCurrentRevision).toBe(false);
    expect(data.totals.chaptersResearchedOnOlderRevision).toBe(1);
    expect(data.totals.notebooksFailing).toBe(1);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildStatusReport(richModel(), SITE_URLS))).toBe(JSON.stringify(report));
  });
});

describe('shared chapter facts', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters[1]!;

  it('locates chapters by model, book and reference, and names unknown ones', () => {
    expect(locateChapter(model, 'pi/27-chapter').chapter).toBe(chapter);
    expect(locateChapter(model.books[0]!, '27-chapter').chapter).toBe(chapter);
    expect(locateChapter(model, chapter).book).toBe(model.books[0]);
    expect(() => locateChapter(model, 'pi/nope')).toThrow('Unknown chapter "pi/nope". Known chapters: pi/26-chapter, pi/27-chapter, pi/28-chapter.');
  });

  it('splits evidence, finds the latest run and pass, compares fingerprints', () => {
    const { validated, leads } = splitEvidence(chapter);
    expect(validated.every((item) => item.status === 'validated')).toBe(true);
    expect(leads.every((item) => item.status === 'lead')).toBe(true);
    expect(latestRun(chapter.research.notebooks[0]!)?.id).toBe('run-2026-10-05');
    expect(notebookState(chapter.research.notebooks[1]!)).toBe('never-run');
    expect(latestPass(chapter)?.date).toBe('2026-10-12');
    expect(passReadsCurrent({ date: '2026-01-01', by: 'x' }, chapter.fingerprint)).toBeNull();
  });
});
