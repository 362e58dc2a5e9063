import type { BlockContent, Link, Root, Table, TableRow } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { writeMarkdown } from '../../src/markup/markdown.js';
import { claimAuditTable, sourceLedgerTable } from '../../src/render/research-report-tables.js';
import { makeChapter, richModel, SITE_URLS } from '../model-factory.js';

const parse = (markdown: string): Root => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
const cells = (row: TableRow): string[] => row.children.map((cell) => toString(cell));

/** The table of a section, as a reader parses the written Markdown. */
function tableOf(blocks: BlockContent[]): Table {
  const found = parse(writeMarkdown({ type: 'root', children: blocks })).children.filter((node): node is Table => node.type === 'table');
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('the claim audit and source ledger tables', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;

  it('audits every claim in one table row with its recorded facts', () => {
    const table = tableOf(claimAuditTable({ chapter, urls: SITE_URLS }));
    const [head, ...rows] = table.children;
    expect(cells(head!)).toEqual(['Claim', 'Location', 'Status', 'Evidence', 'Concern', 'Priority', 'Proposed response']);
    expect(rows).toHaveLength(chapter.claims.length);
    // In the order they stand in the prose, as the pack page lists them (a reader's finding: the two differed).
    const inProse = [...chapter.claims].sort((a, b) => a.location.start - b.location.start);
    rows.forEach((row, index) => {
      const resolved = inProse[index]!;
      const [claim, location, status, evidence, concern, priority, response] = cells(row);
      expect(claim).toBe(`${resolved.claim.id}: ${resolved.text}`);
      expect(location).toBe(`line ${resolved.location.line}, column ${resolved.location.column} (exact quote)`);
      expect(status!.startsWith(resolved.status.replace('-', ' '))).toBe(true);
      expect(evidence).toEqual(resolved.evidence.length === 0 ? 'none recorded' : expect.stringContaining(resolved.evidence[0]!));
      expect(concern).toBe(resolved.claim.concern ?? 'none recorded');
      expect(priority).toBe(resolved.claim.priority);
      expect(response).toBe(resolved.claim.response);
      const link = (row.children[0]!.children.find((n) => n.type === 'link') as Link).url;
      expect(link).toBe(`https://books.example.org/books/pi/27-chapter/#rp-claim-${resolved.claim.id}`);
    });
  });

  it('lists every source in the ledger table with identifiers linked through doi.org and arxiv.org', () => {
    const table = tableOf(sourceLedgerTable({ chapter }));
    const [head, ...rows] = table.children;
    expect(cells(head!)).toEqual(['Source', 'Metadata', 'Identifiers', 'URL', 'Reading status', 'Claims', 'Limitations', 'Accessed / verified']);
    expect(rows.map((row) => cells(row)[0])).toEqual(chapter.sources.map((s) => `${s.id}: ${s.title}`));
    const paper = rows[1]!;
    expect(cells(paper)[4]).toBe('abstract only');
    expect(cells(paper)[5]).toBe('tree, versions, skip-unknown');
    const urls: string[] = [];
    visit(paper, 'link', (node: Link) => void urls.push(node.url));
    expect(urls).toEqual(['https://doi.org/10.1145/3368089.3409742', 'https://arxiv.org/abs/2501.01234v2']);
  });

  it('state an empty table as a fact', () => {
    const empty = makeChapter({ snapshot: 'Nothing here.' });
    expect(writeMarkdown({ type: 'root', children: claimAuditTable({ chapter: empty, urls: SITE_URLS }) })).toBe('No claims are recorded for this chapter.\n');
    expect(writeMarkdown({ type: 'root', children: sourceLedgerTable({ chapter: empty }) })).toBe('No sources are recorded in the source ledger of this chapter.\n');
  });
});
