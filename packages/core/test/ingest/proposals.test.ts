/**
 * Claims a report proposes: anchored by the words they quote as they read in
 * the snapshot, with their line, and never proposed twice.
 */
import { describe, expect, it } from 'vitest';
import { planProposals } from '../../src/ingest/proposals.js';
import type { ClaimAuditRow } from '../../src/research-report/read.js';

const snapshot = 'Opening words.\n\nA line torn by a crash costs one entry, not the session: pi skips lines it cannot parse.\n\nNothing is deleted when you do this.\n';

function row(index: number, fields: Partial<ClaimAuditRow>): ClaimAuditRow {
  return { index, line: 10 + index, column: 1, claimText: '', claimAt: { line: 10 + index, column: 3 }, ids: [], quotes: [], evidence: '', unverified: false, ...fields };
}

const context = () => ({ snapshot, usedIds: new Set(['opening']), recorded: [], reportPath: 'reports/r.md', date: '2026-12-01' });

describe('planProposals', () => {
  it('anchors the quoted words in the snapshot, across an ellipsis, with their line', () => {
    const [torn, nothing, loose] = planProposals(
      [
        row(0, { claimText: '**damage-stays-local**: "A line torn by a crash … cannot parse." (l.3)', named: 'damage-stays-local', quotes: ['A line torn by a crash … cannot parse.'], snapshotLine: 3, status: 'qualified', priority: 'low', evidence: 'Qualified [S1].' }),
        row(1, { claimText: '"Nothing is deleted when you do this" (line 5)', quotes: ['Nothing is deleted when you do this'], label: { value: 'C5', line: 11, column: 3 } }),
        row(2, { claimText: 'The checklist for tool authors (l.66–72)', snapshotLine: 66 }),
      ],
      context(),
    ).map((planned) => planned.proposal);
    expect(torn).toEqual({
      id: 'damage-stays-local',
      statement: '**damage-stays-local**: "A line torn by a crash … cannot parse." (l.3)',
      quote: 'A line torn by a crash costs one entry, not the session: pi skips lines it cannot parse.',
      line: 3,
      status: 'qualified',
      priority: 'low',
      evidence: 'Qualified [S1].',
      sources: [],
      report: 'reports/r.md',
      recorded: '2026-12-01',
    });
    expect(nothing).toMatchObject({ id: 'nothing-is-deleted-when-you-do-this', quote: 'Nothing is deleted when you do this', line: 5, label: 'C5' });
    // Without a quote: the statement and the line the report gives, no anchor.
    expect(loose).toMatchObject({ id: 'the-checklist-for-tool-authors-l-66-72', line: 66 });
    expect(loose!.quote).toBeUndefined();
  });

  it("proposes a claim about a table's row by its line, not by the one cell it quotes (an outside author's finding)", () => {
    const table = 'Commands.\n\nCommand | Starts from | Result\n/fork | An earlier user message | A new session containing the path up to that point\n';
    const [rowClaim, cellClaim] = planProposals(
      [
        row(0, { claimText: 'Line 4, table row for /fork ("An earlier user message" → "the path up to that point")', quotes: ['An earlier user message', 'the path up to that point'], snapshotLine: 4 }),
        row(1, { claimText: '"A new session containing the path up to that point" (l. 4)', quotes: ['A new session containing the path up to that point'] }),
      ],
      { ...context(), snapshot: table },
    ).map((planned) => planned.proposal);
    expect(rowClaim!.quote).toBeUndefined();
    // Its id is made of its words, not of the line it opens with (an outside report's "Line 20, the JSON example…").
    expect(rowClaim).toMatchObject({ id: 'table-row-for-fork-an-earlier-user', line: 4 });
    // "in a row" is no table's row: its quote stays its anchor.
    const [inARow] = planProposals([row(2, { claimText: 'Three failures in a row: "An earlier user message"', quotes: ['An earlier user message'] })], { ...context(), snapshot: table }).map((planned) => planned.proposal);
    expect(inARow!.quote).toBe('An earlier user message');
    // A claim that names no row, quoting one cell's sentence, is anchored on it as before.
    expect(cellClaim).toMatchObject({ quote: 'A new session containing the path up to that point', line: 4 });
  });

  it('does not propose again what an earlier pass proposed: the same words, statement or id', () => {
    const recorded = { id: 'torn', statement: 'x', quote: 'A line torn by a crash costs one entry, not the session: pi skips lines it cannot parse.', sources: [], report: 'reports/old.md', recorded: '2026-11-01' };
    const planned = planProposals(
      [
        row(0, { claimText: '"A line torn by a crash … cannot parse."', quotes: ['A line torn by a crash … cannot parse.'] }),
        row(1, { claimText: '`torn` again', ids: [{ value: 'torn', line: 11, column: 3 }] }),
      ],
      { ...context(), recorded: [recorded] },
    );
    expect(planned.map((entry) => [entry.recorded, entry.proposal.id])).toEqual([
      [true, 'torn'],
      [true, 'torn'],
    ]);
  });
});
