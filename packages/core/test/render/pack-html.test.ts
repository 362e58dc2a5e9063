import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { claimReviewJsonLd, claimReviewScript, escapeJsonForScript, packHast, renderPackHtml } from '../../src/render/pack-html.js';
import { makeBook, makeChapter, makeEvidence, makeModel, makeSource, richModel, ROOT_URLS, SITE_URLS } from '../model-factory.js';

const parse = (html: string): Root => fromHtml(html, { fragment: true });

function elements(tree: Root | Element, test: (node: Element) => boolean): Element[] {
  const found: Element[] = [];
  visit(tree, 'element', (node: Element) => void (test(node) && found.push(node)));
  return found;
}

function text(node: Root | Element): string {
  let out = '';
  visit(node, 'text', (child: { value: string }) => void (out += child.value));
  return out;
}

function section(tree: Root, title: string): Element {
  const found = elements(tree, (node) => node.tagName === 'section' && elements(node, (h) => h.tagName === 'h2').some((h) => text(h) === title));
  expect(found, title).toHaveLength(1);
  return found[0]!;
}

describe('renderPackHtml', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;
  const html = renderPackHtml(model, chapter, ROOT_URLS);
  const tree = parse(html);

  it('has one h1, then h2 sections in a fixed order, and no skipped heading levels', () => {
    const headings = elements(tree, (node) => /^h[1-6]$/.test(node.tagName));
    expect(headings.map((h) => h.tagName)).toEqual(['h1', 'h2', 'h2', 'h2', 'h2', 'h2', 'h2', 'h2', 'h2', 'h2']);
    expect(headings.map((h) => text(h))).toEqual([
      'Chapter 27: The Session File Format',
      'Downloads',
      'References and bibliography',
      'Validated evidence',
      'Unverified leads',
      'Research objective and questions',
      'Notebooks',
      'Research history',
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

  it('keeps validated evidence and leads in separate sections', () => {
    const ids = (title: string) => elements(section(tree, title), (node) => node.tagName === 'li').map((li) => li.properties.id);
    expect(ids('Validated evidence')).toEqual(['rp-evidence-ev-jsonl', 'rp-evidence-ev-tree', 'rp-evidence-ev-tree-v1', 'rp-evidence-ev-versions', 'rp-evidence-ev-migrate']);
    expect(ids('Unverified leads')).toEqual(['rp-evidence-ev-lead', 'rp-evidence-ev-experiment']);
    expect(text(section(tree, 'Unverified leads'))).toContain('leads only — verify before relying on any of them');
  });

  it('lists notebooks with Colab links, their runs, or "unverified: no recorded run"', () => {
    const notebooks = section(tree, 'Notebooks');
    expect(elements(notebooks, (node) => node.tagName === 'a').map((a) => a.properties.href)).toEqual([
      'https://colab.research.google.com/github/example/pi-notebooks/blob/main/notebooks/pi/27-chapter.ipynb',
      'https://colab.research.google.com/github/example/pi-notebooks/blob/main/notebooks/pi/27-migrate.ipynb',
    ]);
    expect(elements(notebooks, (node) => node.tagName === 'tbody')[0]!.children.filter((n) => n.type === 'element')).toHaveLength(2);
    expect(text(notebooks)).toContain('Unverified: no recorded run.');
    expect(text(notebooks)).toContain('Availability is not evidence.');
  });

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

describe('claimReviewJsonLd', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;

  it('publishes schema.org ClaimReviews for the reviewed claims', () => {
    const data = JSON.parse(claimReviewJsonLd(chapter, SITE_URLS));
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@graph'].map((review: { reviewRating: { alternateName: string } }) => review.reviewRating.alternateName)).toEqual([
      'supported',
      'qualified',
      'contradicted',
      'supported',
    ]);
    expect(data['@graph'][0].itemReviewed).toEqual({
      '@type': 'Claim',
      appearance: { '@type': 'CreativeWork', url: 'https://books.example.org/books/pi/27-chapter/', name: 'The Session File Format' },
    });
  });

  it('is empty when no claim has been reviewed', () => {
    expect(claimReviewJsonLd(model.books[0]!.chapters[0]!, SITE_URLS)).toBe('');
    expect(claimReviewScript(model.books[0]!.chapters[0]!, SITE_URLS)).toBeUndefined();
  });

  it('cannot be broken out of by </script> or <!-- in sidecar text', () => {
    const hostile = 'x</script><script>alert(1)</script><!-- & \u2028';
    const quote = 'anchored words here';
    const chapter = makeChapter({
      title: hostile,
      snapshot: `Start ${quote} end.`,
      claims: [{ id: 'c', quote, status: 'contradicted', date: '2026-01-01', rationale: hostile }],
    });
    const json = claimReviewJsonLd(chapter, ROOT_URLS);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)['@graph'][0].reviewRating.ratingExplanation).toBe(hostile);
    const page = parse(toHtml({ type: 'root', children: [claimReviewScript(chapter, ROOT_URLS)!, { type: 'element', tagName: 'p', properties: {}, children: [] }] }));
    const scripts = elements(page, (node) => node.tagName === 'script');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(text(scripts[0]!))['@graph'][0].itemReviewed.appearance.name).toBe(hostile);
    expect(escapeJsonForScript('"</script>"')).toBe('"\\u003c/script\\u003e"');
  });
});
