/**
 * Source-ledger rows as outside researchers write them: a URL cell that
 * points at another row, and a source cell longer than a ledger title.
 */
import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../../src/problems/format.js';
import { parseResearchReport } from '../../../src/research-report/read.js';

const parse = (source: string) => markdownToMdast(source, { features: { gfm: true, frontmatter: true, directive: false, smartPunctuation: false }, position: true }) as Root;

const files = Array.from({ length: 40 }, (_, index) => `docs/file-number-${index + 1}.md`).join(', ');
const report = `# Report

## 3. Source ledger

| # | Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |
| --- | --- | --- | --- | --- | --- | --- | --- |
| S9 | pi 0.73.1 package | npm | https://www.npmjs.com/package/pi/v/0.73.1 | full text | C1 | None | 2026-12-06 / 2026-12-06 |
| S10 | pi 0.73.1 package code: ${files} | npm | as S9 | full text | C1 | None | 2026-12-06 / 2026-12-06 |
| S11 | Notes | none | see S12 | full text | C1 | None | 2026-12-06 / 2026-12-06 |
`;

describe('source ledger rows', () => {
  const { report: read } = parseResearchReport(report, { file: 'report.md', parse });
  const [s9, s10, s11] = read.sourceLedger;

  it('reads a URL cell that points at another row as that row\'s address, not as a place in the source (an outside author\'s finding)', () => {
    expect(s10).toMatchObject({ sameAddressAs: { label: 'S9', url: 'https://www.npmjs.com/package/pi/v/0.73.1' } });
    expect(s10!.urlNote).toBeUndefined();
    expect(s10!.locator).toBeUndefined();
    expect(s10!.url).toBeUndefined();
    expect(s9!.url).toBe('https://www.npmjs.com/package/pi/v/0.73.1');
    // A row the report does not have stays as written.
    expect(s11!.locator).toBe('see S12');
  });

  it('cuts a source cell longer than a title may be at a list item, not inside a word', () => {
    expect(s10!.title.length).toBeLessThanOrEqual(500);
    expect(s10!.title.endsWith('.md…')).toBe(true);
    expect(s10!.title.startsWith('pi 0.73.1 package code: docs/file-number-1.md, ')).toBe(true);
  });
});

describe('an address a space cut', () => {
  it("records no URL whose host has no dot, and says so at the cell, keeping the cell as the locator (an outside reviewer's finding)", () => {
    const cut = `# Report

## 3. Source ledger

| Source | URL | Reading | Bears on | Verified / accessed |
| --- | --- | --- | --- | --- |
| Docs | https://exa mple.org/x | full text | C1 | 2026-12-06 / 2026-12-06 |
| Local notes | http://localhost:4321/notes | full text | C1 | 2026-12-06 / 2026-12-06 |
`;
    const { report: read, problems } = parseResearchReport(cut, { file: 'report.md', parse });
    const [docs, local] = read.sourceLedger;
    expect(docs!.url).toBeUndefined();
    expect(docs!.locator).toBe('https://exa mple.org/x');
    expect(formatProblems(problems.filter((problem) => problem.rule !== 'report/missing-section'))).toBe(
      'report.md:7:10  source-ledger[0].url  warning: the address "https://exa" has no domain (its host, "exa", has no dot): a space or a line break may have cut it; the source is recorded without a URL  (hint: write the address whole, without spaces (https://example.org/…))  [report/invalid-value]',
    );
    expect(local!.url).toBe('http://localhost:4321/notes');
  });
});

describe('the Published column', () => {
  it("reads the date a cell opens with, a month's name and a year, and says what holds no date (an outside researcher's remarks after its dates)", () => {
    const table = `# Report

## 3. Source ledger

| Source | Authors | Published | URL | Reading | Bears on | Verified / accessed |
| --- | --- | --- | --- | --- | --- | --- |
| A | Mario Zechner | 2026-11-20 (npm publish time of 1.6.0) | https://a.example.org/ | full text | C1 | 2026-12-07 / 2026-12-07 |
| B | M. Thomson; W. Tarreau | September 2018 | https://b.example.org/ | full text | C1 | 2026-12-07 / 2026-12-07 |
| C | UNVERIFIED | UNVERIFIED (older copy) | https://c.example.org/ | full text | C1 | 2026-12-07 / 2026-12-07 |
| D | — | last spring | https://d.example.org/ | full text | C1 | 2026-12-07 / 2026-12-07 |
`;
    const { report: read, problems } = parseResearchReport(table, { file: 'report.md', parse });
    expect(read.sourceLedger.map((row) => [row.authors, row.published])).toEqual([
      [['Mario Zechner'], '2026-11-20'],
      [['M. Thomson', 'W. Tarreau'], '2018-09'],
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(formatProblems(problems.filter((problem) => problem.rule !== 'report/missing-section'))).toBe(
      'report.md:10:11  source-ledger[3].published  warning: the publication date "last spring" holds no date written as YYYY-MM-DD, YYYY-MM or YYYY; it is left out  (hint: write the date the document was first published as YYYY-MM-DD (or YYYY-MM, YYYY), e.g. 2018-09 for September 2018)  [report/invalid-value]',
    );
  });
});
