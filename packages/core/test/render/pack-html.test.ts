import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { packHast, renderPackHtml } from '../../src/render/pack-html.js';
import { elements, parse, text } from '../hast-query.js';
import { makeBook, makeChapter, makeEvidence, makeModel, makeSource, richModel, ROOT_URLS } from '../model-factory.js';

describe('renderPackHtml', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;
  const html = renderPackHtml(model, chapter, ROOT_URLS);
  const tree = parse(html);

  it('has one h1, then h2 sections in a fixed order, and no skipped heading levels', () => {
    const headings = elements(tree, (node) => /^h[1-6]$/.test(node.tagName));
    expect(headings.map((h) => h.tagName)).toEqual(['h1', 'h2', 'h2', 'h2', 'h2', 'h2', 'h2', 'h2', 'h2', 'h2', 'h2']);
    expect(headings.map((h) => text(h))).toEqual([
      'Chapter 27: The Session File Format',
      'Downloads',
      'References and bibliography',
      'Validated evidence',
      'Unverified leads',
      'Research objective and questions',
      'Notebooks',
      'Research history',
      'Awaiting review',
      'Claim audit',
      'Source ledger',
    ]);
  });

  it('is deterministic and equals the serialized hast tree', () => {
    expect(renderPackHtml(richModel(), 'pi/27-chapter', ROOT_URLS)).toBe(html);
    expect(toHtml(packHast(model, 'pi/27-chapter', ROOT_URLS))).toBe(html);
  });

  it('states identity and links every download', () => {
    const identity = text(elements(tree, (node) => node.tagName === 'dl')[0]!);
    expect(identity).toContain('Stable idpi-27-chapter');
    expect(identity).toContain(`Chapter prose fingerprint (sha256, normalized)${chapter.fingerprint}`);
    const nav = elements(tree, (node) => node.tagName === 'nav')[0]!;
    expect(elements(nav, (node) => node.tagName === 'a').map((a) => a.properties.href)).toEqual([
      '/research/books/pi/27-chapter/chapter-snapshot.txt',
      '/research/books/pi/27-chapter/brief.md',
      '/research/books/pi/27-chapter/report.md',
      '/research/books/pi/27-chapter/pack.json',
      '/research/schemas/pack.schema.json',
    ]);
  });

  it('states missing data as facts and leaves no cell blank', () => {
    const empty = parse(renderPackHtml(model, 'pi/28-chapter', ROOT_URLS));
    const all = text(empty);
    for (const statement of [
      'No references are recorded against this chapter.',
      'No validated evidence has been recorded for this chapter.',
      'No leads are recorded for this chapter.',
      'No specific research questions are recorded for this chapter beyond the objective above.',
      'No notebooks are associated with this chapter.',
      'No research has been recorded for this chapter yet.',
      'No claims are recorded for this chapter.',
      'No sources are recorded in the source ledger of this chapter.',
    ]) {
      expect(all).toContain(statement);
    }
    for (const cell of elements(tree, (node) => node.tagName === 'td' || node.tagName === 'th')) expect(text(cell).trim()).not.toBe('');
  });

  it('renders hostile sidecar strings inert and never links javascript: or data: URLs', () => {
    const hostile = '"><img src=x onerror=alert(1)><script>alert(1)</script>';
    const quote = 'plain words to anchor';
    const chapter = makeChapter({
      title: hostile,
      snapshot: `Some ${quote} here.`,
      claims: [{ id: 'c', quote, concern: hostile, rationale: hostile, status: 'supported', date: '2026-01-01', evidence: ['e'] }],
      sources: [makeSource({ id: 's', title: hostile, authors: [hostile], url: 'javascript:alert(1)', archiveUrl: 'data:text/html;base64,PHNjcmlwdD4=', limitations: hostile })],
      evidence: [makeEvidence({ id: 'e', source: 's', claims: ['c'], note: hostile, locator: hostile })],
      research: {
        objective: hostile,
        questions: [hostile],
        references: [{ id: 'r', citation: hostile, url: 'javascript:alert(1)' }],
        notebooks: [{ path: 'nb/x.ipynb', title: hostile, published: true, runs: [{ id: 'r1', date: '2026-01-01', outcome: 'passed', environment: hostile, notes: hostile }] }],
        history: [{ date: '2026-01-01', by: hostile, summary: hostile }],
      },
    });
    const out = renderPackHtml(makeModel([makeBook({ title: hostile, notebooks: { github: 'o/r', branch: 'main' }, chapters: [chapter] })]), 'pi/27-chapter', ROOT_URLS);
    const parsed = parse(out);
    expect(elements(parsed, (node) => node.tagName === 'script' || node.tagName === 'img')).toEqual([]);
    expect(elements(parsed, (node) => Object.keys(node.properties).some((key) => /^on/i.test(key)))).toEqual([]);
    const hrefs = elements(parsed, (node) => node.tagName === 'a').map((a) => String(a.properties.href));
    expect(hrefs.every((href) => href.startsWith('/') || href.startsWith('#') || href.startsWith('https://'))).toBe(true);
    expect(text(parsed)).toContain(hostile);
    expect(text(parsed)).toContain('javascript:alert(1) (not linked: not an http(s) URL, DOI or arXiv id)');
  });
});
