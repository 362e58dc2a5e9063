/**
 * The research sidecar's proposed claims and held-back rows are validated
 * like every sidecar field: each problem names its line, column and field.
 */
import { describe, expect, it } from 'vitest';
import { loadSidecar } from '../../src/load/sidecar.js';
import { formatProblems } from '../../src/problems/format.js';

describe('proposedClaims and heldBack', () => {
  it('load with their defaults', () => {
    const { data, problems } = loadSidecar(
      'research',
      'history:\n  - date: 2026-12-01\n    by: R\n    heldBack:\n      - { table: source-ledger, line: 48, column: 1, label: S9, reason: no reading status }\nproposedClaims:\n  - id: torn-line\n    statement: A torn line costs one entry.\n    report: reports/r.md\n    recorded: 2026-12-01\n',
      'a.research.yaml',
    );
    expect(problems).toEqual([]);
    expect(data?.proposedClaims).toEqual([{ id: 'torn-line', statement: 'A torn line costs one entry.', sources: [], report: 'reports/r.md', recorded: '2026-12-01' }]);
    expect(data?.history[0]!.heldBack).toEqual([{ table: 'source-ledger', line: 48, column: 1, label: 'S9', reason: 'no reading status' }]);
  });

  it('report a wrong value at its place', () => {
    const { problems } = loadSidecar(
      'research',
      'proposedClaims:\n  - id: Torn Line\n    statement: A torn line.\n    status: validated\n    report: reports/r.md\n    recorded: 2026-12-01\n    extra: 1\n',
      'a.research.yaml',
    );
    const text = formatProblems(problems);
    expect(text).toContain('a.research.yaml:2:9  proposedClaims[0].id  ');
    expect(text).toContain('a.research.yaml:4:13  proposedClaims[0].status  ');
    expect(text).toContain('a.research.yaml:7:5  proposedClaims[0].extra  ');
  });
});
