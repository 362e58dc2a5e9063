import type { Heading, Link, Root, Table, TableRow } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { renderResearchReport } from '../../src/render/research-report.js';
import { makeBook, makeChapter, makeEvidence, makeModel, makeSource, richModel, ROOT_URLS, SITE_URLS } from '../model-factory.js';

const parse = (markdown: string): Root => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

function sectionNodes(tree: Root, title: string): Root['children'] {
  const start = tree.children.findIndex((node) => node.type === 'heading' && node.depth === 2 && toString(node).endsWith(title));
  expect(start).toBeGreaterThan(-1);
  const rest = tree.children.slice(start + 1);
  const end = rest.findIndex((node) => node.type === 'heading' && node.depth === 2);
  return end === -1 ? rest : rest.slice(0, end);
}

const cells = (row: TableRow): string[] => row.children.map((cell) => toString(cell));

describe('renderResearchReport', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;
  const report = renderResearchReport(model, chapter, SITE_URLS);
  const tree = parse(report);

  it('has one title and the seven sections of the research report, in order', () => {
    const headings = tree.children.filter((node): node is Heading => node.type === 'heading');
    expect(headings.filter((h) => h.depth === 1).map((h) => toString(h))).toEqual(['Research report: The Session File Format']);
    expect(headings.filter((h) => h.depth === 2).map((h) => toString(h))).toEqual([
      '1. Context and provenance',
      '2. Claim audit',
      '3. Source ledger',
      '4. Findings',
      '5. Upgrade proposal',
      '6. Experiment opportunities',
      '7. Review checklist',
    ]);
  });

  it('is deterministic', () => {
    expect(renderResearchReport(richModel(), 'pi/27-chapter', SITE_URLS)).toBe(report);
  });

  it('states identity and provenance from the model', () => {
    const text = toString({ type: 'root', children: sectionNodes(tree, 'Context and provenance') });
    expect(text).toContain(`Chapter prose fingerprint (sha256, normalized): ${chapter.fingerprint}`);
    expect(text).toContain('https://books.example.org/research/books/pi/27-chapter/chapter-snapshot.txt');
    expect(text).toContain('Records as of: 2026-11-29');
    expect(text).toContain('Scope: 6 claims, 4 sources, 7 evidence items (5 validated, 2 leads), 2 notebooks, 2 research passes');
    expect(text).toContain('it read the current revision');
  });

  it('sorts findings by relation at claim level and keeps leads apart', () => {
    const text = toString({ type: 'root', children: sectionNodes(tree, 'Findings') });
    const supporting = text.slice(text.indexOf('Supporting evidence'), text.indexOf('Qualifying evidence'));
    expect(supporting).toContain('ev-jsonl supports');
    expect(supporting).not.toContain('ev-lead');
    expect(text).toContain('Lead, not a finding: Claim skip-unknown: ev-lead supports');
    expect(text.slice(text.indexOf('Contradictory evidence'))).toContain('ev-versions contradicts');
    expect(text).toContain('The tree claim holds.');
  });

  it('marks experiments and notebooks that were not run as UNRUN', () => {
    const text = toString({ type: 'root', children: sectionNodes(tree, 'Experiment opportunities') });
    expect(text).toContain('UNRUN: ev-experiment');
    expect(text).toContain('UNRUN: notebook notebooks/pi/27-migrate.ipynb');
    expect(text).toContain('Ran: notebook notebooks/pi/27-chapter.ipynb');
  });

  it('turns proposals, stale claims, leads and unread sources into checklist items', () => {
    const section = sectionNodes(tree, 'Review checklist');
    const items: string[] = [];
    visit({ type: 'root', children: section } as Root, 'listItem', (node) => {
      expect(node.checked).toBe(false);
      items.push(toString(node));
    });
    expect(items[0]).toMatch(/^Accept, revise, defer or reject the correction proposed for claim versions \(priority high\)/);
    expect(items.some((item) => item.startsWith('Review stale claim header'))).toBe(true);
    expect(items.some((item) => item.startsWith('Verify lead ev-lead'))).toBe(true);
    expect(items.some((item) => item.startsWith('Read source paper in full'))).toBe(true);
  });

  it('states absence as facts for a chapter with nothing recorded', () => {
    const empty = renderResearchReport(model, 'pi/28-chapter', ROOT_URLS);
    expect(empty).toContain('No claims are recorded for this chapter.');
    expect(empty).toContain('No sources are recorded in the source ledger of this chapter.');
    expect(empty).toContain('No validated evidence supports any claim.');
    expect(empty).toContain('No experiments are proposed and no notebooks are associated with this chapter.');
    expect(empty).toContain('Latest research pass: none is recorded for this chapter.');
    expect(empty).toContain('- [ ] Commission a first research pass with the brief.');
  });

  it('renders hostile sidecar text inert: no HTML, no unsafe links, no extra structure', () => {
    const hostile = 'a | b <script>alert(1)</script> [x](javascript:alert(1)) {globalThis.x} `code` *em*\n# Heading\n| c | d |';
    const snapshot = `Intro. ${hostile.replace(/\n/g, ' ')} End.`;
    const chapter = makeChapter({
      snapshot,
      claims: [{ id: 'h', quote: hostile.replace(/\n/g, ' '), concern: hostile, response: 'correction', rationale: hostile, status: 'qualified', date: '2026-01-01', evidence: ['e'] }],
      sources: [
        makeSource({ id: 's', title: hostile, authors: [hostile], url: 'javascript:alert(1)', archiveUrl: 'data:text/html,<script>alert(1)</script>', limitations: hostile }),
      ],
      evidence: [makeEvidence({ id: 'e', source: 's', claims: ['h'], relation: 'qualifies', note: hostile, locator: hostile })],
      research: { history: [{ date: '2026-01-02', by: hostile, findings: `${hostile}\n\n<img src=x onerror=alert(1)>`, proposal: hostile }] },
    });
    const markdown = renderResearchReport(makeModel([makeBook({ title: hostile, chapters: [chapter] })]), 'pi/27-chapter', ROOT_URLS);
    const parsed = parse(markdown);
    const kinds = new Set<string>();
    const links: string[] = [];
    visit(parsed, (node) => void kinds.add(node.type));
    visit(parsed, 'link', (node: Link) => void links.push(node.url));
    expect(kinds.has('html')).toBe(false);
    expect(kinds.has('image')).toBe(false);
    expect(links.every((url) => url.startsWith('/') || url.startsWith('https://'))).toBe(true);
    expect(links.some((url) => /javascript|data:/i.test(url))).toBe(false);
    expect(parsed.children.filter((node) => node.type === 'heading').map((h) => (h as Heading).depth)).toEqual([1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 2, 2, 2]);
    const tables = parsed.children.filter((node): node is Table => node.type === 'table');
    expect(tables.map((t) => t.children.map((row) => row.children.length))).toEqual([[7, 7], [8, 8]]);
    expect(cells(tables[0]!.children[1]!)[4]).toBe(hostile.replace(/\n/g, ' '));
    expect(cells(tables[1]!.children[1]!)[3]).toBe('javascript:alert(1); archived copy: data:text/html,<script>alert(1)</script>');
  });
});
