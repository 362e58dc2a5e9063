import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { renderPackHtml } from '../../src/render/pack-html.js';
import { proposalSections } from '../../src/render/pack-proposals.js';
import { makeBook, makeChapter, makeModel, ROOT_URLS } from '../model-factory.js';

describe('proposalSections', () => {
  it('shows nothing when no pass proposed a claim or held a row back', () => {
    expect(proposalSections(makeChapter())).toEqual([]);
  });

  it('lists proposed claims as leads, never as claims, and the rows a pass held back, as text', () => {
    const chapter = makeChapter({
      slug: 'c',
      research: {
        proposedClaims: [
          { id: 'torn-line', statement: 'A torn line <script>', quote: 'A torn line costs one entry.', line: 13, status: 'qualified', priority: 'low', sources: ['s1'], report: 'reports/2026-12-01-c.md', recorded: '2026-12-01' },
        ],
        history: [
          { date: '2026-12-01', by: 'R', report: 'reports/2026-12-01-c.md', heldBack: [{ table: 'source-ledger', line: 40, column: 1, label: 'S9', reason: 'reading not stated <b>', fix: 'say how much was read' }] },
        ],
      },
    });
    const html = toHtml({ type: 'root', children: proposalSections(chapter) });
    expect(html).toContain('<h2 id="rp-section-proposed">Proposed claims, not yet accepted</h2>');
    expect(html).toContain('<li id="rp-proposed-torn-line"><code>torn-line</code>: <q>A torn line costs one entry.</q><br><span class="rp-proposed-facts">snapshot line 13; the report says qualified; priority low; sources s1. Proposed 2026-12-01 by reports/2026-12-01-c.md.</span></li>');
    expect(html).toContain('<li>source-ledger, line 40, "S9": reading not stated &#x3C;b> (fix: say how much was read)</li>');
    // History, as the pass recorded it, which the author may have settled since (an outside author's finding: it read as still open).
    expect(html).toContain('<h2 id="rp-section-held-back">Report rows held back at ingest</h2><p>Rows of returned reports that the ingest could not read, as each research pass recorded them.');
    // On the pack page, after the claim audit and before the ledger; the claim audit does not list it.
    const page = renderPackHtml(makeModel([makeBook({ chapters: [chapter] })]), 'pi/c', ROOT_URLS);
    expect(page.indexOf('rp-section-proposed')).toBeGreaterThan(page.indexOf('rp-section-claim-audit'));
    expect(page.indexOf('rp-section-proposed')).toBeLessThan(page.indexOf('rp-section-source-ledger'));
    expect(page).not.toContain('rp-audit-torn-line');
  });
});
