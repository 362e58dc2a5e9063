/**
 * A verdict taken from a research pass: the rationale names the chapter's
 * sources by their ids, not by the labels the report gave its ledger rows.
 */
import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { parseResearchReport } from '../../src/research-report/read.js';
import { withSourceIds } from '../../src/review/from-pass.js';
import type { Source } from '../../src/schema/sidecars.js';

const parseMarkdown = (source: string) =>
  markdownToMdast(source, { features: { gfm: true, frontmatter: true, directive: false, smartPunctuation: false }, position: true }) as Root;

const LEDGER = `# Report

## 3. Source ledger

| # | Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |
| --- | --- | --- | --- | --- | --- | --- | --- |
| S1 | Session notes | Project docs | https://example.org/notes/ | abstract only | C1 | Docs only | 2026-11-30 / 2026-11-30 |
| S2 | A paper on ids | Doe, 2025, doi:10.1234/ids.5 | https://doi.org/10.1234/ids.5 | abstract only | C1 | Abstract | 2026-11-30 / 2026-11-30 |
| S3 | A page the chapter does not record | Someone | https://example.org/other | abstract only | C1 | None | 2026-11-30 / 2026-11-30 |
| 4 | The changelog | Project | https://example.org/changelog | full text | C1 | None | 2026-11-30 / 2026-11-30 |
`;

const sources = [
  { id: 'notes', title: 'Session notes', url: 'https://example.org/notes', reading: 'abstract-only', authors: [], identifiers: {} },
  { id: 'ids-paper', title: 'Identifiers', url: 'https://example.org/ids', reading: 'abstract-only', authors: [], identifiers: { doi: '10.1234/ids.5' } },
  { id: 'changelog', title: 'Changelog', url: 'https://example.org/changelog', reading: 'full-text', authors: [], identifiers: {} },
] as unknown as Source[];

const { report } = parseResearchReport(LEDGER, { file: 'report.md', parse: parseMarkdown });

describe('withSourceIds', () => {
  it('writes a ledger row label as the id of the source the chapter records for it', () => {
    expect(report.sourceLedger.map((row) => row.label?.value)).toEqual(['S1', 'S2', 'S3', '4']);
    expect(withSourceIds('The notes say so [S1]. The paper agrees [S1, S2]; see [S2 §3] and [4].', report.sourceLedger, sources)).toBe(
      'The notes say so [notes]. The paper agrees [notes, ids-paper]; see [ids-paper §3] and [changelog].',
    );
    // In running text, a label of letters and digits; a number is only a reference in brackets.
    expect(withSourceIds('S2 lists them, as 4 pages do (S1).', report.sourceLedger, sources)).toBe('ids-paper lists them, as 4 pages do (notes).');
  });

  it('leaves alone a label whose source the chapter does not record, words that only contain a label, and text without labels', () => {
    expect(withSourceIds('Only [S3] says it; S10 and S1-b and xS1 are not labels; [`S1`] is code.', report.sourceLedger, sources)).toBe(
      'Only [S3] says it; S10 and S1-b and xS1 are not labels; [`S1`] is code.',
    );
    expect(withSourceIds('No references here.', report.sourceLedger, sources)).toBe('No references here.');
    expect(withSourceIds('[S1]', [], sources)).toBe('[S1]');
  });

  it('writes a claim-audit row label as the id of the claim it is about, a source label winning over a claim label (outside authors\' findings)', () => {
    const claims = new Map([
      ['C1', 'tree-in-place'],
      ['C2', 'ids-short'],
      ['S1', 'not-this-one'],
    ]);
    expect(withSourceIds('Same as C1 (see C2); C1/C2 hold per [S1, C2]. C12 is no row.', report.sourceLedger, sources, claims)).toBe(
      'Same as tree-in-place (see ids-short); tree-in-place/ids-short hold per [notes, ids-short]. C12 is no row.',
    );
  });
});
