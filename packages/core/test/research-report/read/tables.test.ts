/**
 * The report's tables: header synonyms, missing tables and columns, ragged rows.
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../../src/problems/format.js';
import { parse, report } from './sample-report.js';

describe('tablesOf', () => {
  it('is tolerant of numbering style, dashes, case and header synonyms', () => {
    const source = report()
      .replace('## 2. Claim audit', '## 2 – CLAIM-AUDIT: one row per claim')
      .replace('## 3. Source ledger', '## Section 3: Source Ledger')
      .replace('| Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |', '| Identity | Metadata | Link | Reading status | Claims | Caveats | Dates |')
      .replace('| Claim | Current evidence | Concern | Priority | Proposed response |', '| Statement | Evidence | Issue | Severity | Action |');
    const { report: data, problems } = parse(source);
    expect(problems).toEqual([]);
    expect(data.sections.map((section) => section.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(data.claimAudit).toHaveLength(3);
    expect(data.sourceLedger.map((row) => row.accessed)).toEqual(['2026-11-30', '2026-11-30', '2026-11-30']);
  });

  it('reads a header with a note in parentheses by what it says without the note: "Id (ledger id)"', () => {
    const source = report()
      .replace('| Source | Verified metadata | URL |', '| Id (ledger id) | Source | Verified metadata | URL |')
      .replace('| --- | --- | --- | --- | --- | --- | --- |', '| --- | --- | --- | --- | --- | --- | --- | --- |')
      .replace('| ReAct |', '| S1 (react-paper) | ReAct |')
      .replace('| RFC 9562 |', '| S2 | RFC 9562 |')
      .replace('| pi.dev |', '| S3 | pi.dev |');
    const { report: data, problems } = parse(source);
    expect(formatProblems(problems)).not.toContain('unknown-column');
    expect(data.sourceLedger.map((row) => [row.label?.value, row.ids[0]])).toEqual([
      ['S1', 'react-paper'],
      ['S2', undefined],
      ['S3', undefined],
    ]);
  });  it('knows the headers of reports written in French, German and Spanish, accents or none (outside reports r-28-j, r-27-k)', () => {
    const source = report()
      .replace('| Claim | Current evidence | Concern | Priority | Proposed response |', '| Affirmation (id ou phrase exacte) et emplacement | Preuve actuelle | Préoccupation | Priorité | Réponse proposée |')
      .replace('| Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |', '| Quelle | Verified metadata | Lien | Lectura | Affirmations concernées | Grenzen | Verified / accessed |');
    const { report: data, problems } = parse(source);
    expect(problems).toEqual([]);
    expect(data.claimAudit.map((row) => [row.priority, row.response])).toEqual([
      ['high', 'no-change'],
      ['high', 'correction'],
      ['low', 'clarification'],
    ]);
    expect(data.sourceLedger.map((row) => [row.title, row.reading])).toEqual([
      ['ReAct', 'abstract-only'],
      ['RFC 9562', 'full-text'],
      ['pi.dev', 'not-accessible'],
    ]);
  });

  it('reads the column where the brief puts a required column no header names as it, and says so: a report headed in Dutch', () => {
    const source = report()
      .replace('| Claim | Current evidence | Concern |', '| Bewering | Bewijs nu | Concern |')
      .replace('| Source | Verified metadata | URL | Reading | Bears on | Limitations |', '| Bron | Verified metadata | URL | Reading | Bears on | Beperkingen |');
    const { report: data, problems } = parse(source);
    expect(formatProblems(problems)).toBe(
      [
        'report.md:12:1  claim-audit  warning: the claim-audit table has no column headed "Claim": its column "Bewering", where the brief puts it, is read as it  (hint: head it Claim (accepted headers: Claim, Claim (snapshot line), Statement, Assertion) if that is what it holds)  [report/column-by-place]',
        'report.md:12:12  claim-audit  warning: the claim-audit column "Bewijs nu" is not read; what it says stays in the report file only  [report/unknown-column]',
        'report.md:20:1  source-ledger  warning: the source-ledger table has no column headed "Source": its column "Bron", where the brief puts it, is read as it  (hint: head it Source (accepted headers: Source, Identity, Title) if that is what it holds)  [report/column-by-place]',
        'report.md:20:55  source-ledger  warning: the source-ledger column "Beperkingen" is not read; what it says stays in the report file only  [report/unknown-column]',
      ].join('\n'),
    );
    expect(data.claimAudit).toHaveLength(3);
    expect(data.sourceLedger.map((row) => row.title)).toEqual(['ReAct', 'RFC 9562', 'pi.dev']);
    // Not a column of row numbers ("Lfd. Nr."), and not in a table beside the ledger or the claim audit (a tally, a list of tools): a review's findings.
    const numbered = parse(source.replace('| Bron | Verified metadata |', '| Lfd. Nr. | Bron | Verified metadata |').replace('| --- | --- | --- | --- | --- | --- | --- |\n| ReAct', '| --- | --- | --- | --- | --- | --- | --- | --- |\n| 1 | ReAct').replace('| RFC 9562 |', '| 2 | RFC 9562 |').replace('| pi.dev |', '| 3 | pi.dev |'));
    expect(numbered.report.sourceLedger.map((row) => row.title)).toEqual(['ReAct', 'RFC 9562', 'pi.dev']);
    const tally = parse(report({ 2: `${report().split('## 2. Claim audit\n\n')[1]!.split('\n\n## 3.')[0]}\n\nTally:\n\n| Status | Count |\n| --- | --- |\n| supported | 14 |` }));
    expect(formatProblems(tally.problems)).toContain('the claim-audit table has no "Claim" column (its columns: "Status", "Count")');
    expect(tally.report.claimAudit.map((row) => row.claimText)).not.toContain('14');
    // Only where the brief puts it, the first column after the rows' labels, and one of words: a second review's findings.
    const place = parse(report().replace('| Claim | Current evidence | Concern | Priority | Proposed response |\n| --- | --- | --- | --- | --- |', '| Section | Passage | Current evidence | Concern | Priority | Proposed response |\n| --- | --- | --- | --- | --- | --- |').replace(/^\| (`tree-in-place`|#session-id-v4|"Entries form a tree")/gm, '| §2 | $1'));
    expect(formatProblems(place.problems)).toContain('the claim-audit table has no "Claim" column');
    const links = parse(report({ 3: `${report().split('## 3. Source ledger\n\n')[1]!.split('\n\n## 4.')[0]}\n\n| URL | Checked | Result |\n| --- | --- | --- |\n| https://example.com/a | 2026-12-07 | 200 OK |` }));
    expect(formatProblems(links.problems)).toContain('the source-ledger table has no "Source" column (its columns: "URL", "Checked", "Result")');
    const slugged = parse(source.replace('| Bron | Verified metadata |', '| Kürzel | Bron | Verified metadata |').replace('| --- | --- | --- | --- | --- | --- | --- |\n| ReAct', '| --- | --- | --- | --- | --- | --- | --- | --- |\n| S1 (react) | ReAct').replace('| RFC 9562 |', '| S-2 | RFC 9562 |').replace('| pi.dev |', '| Q1.1 | pi.dev |'));
    expect(slugged.report.sourceLedger.map((row) => row.title)).toEqual(['ReAct', 'RFC 9562', 'pi.dev']);
  });

  it('reports a section without its table, a missing column and a ragged row', () => {
    const pipes = report({ 2: '| Claim | Evidence |\n| tree-in-place | notes |' });
    expect(formatProblems(parse(pipes).problems)).toContain(
      'report.md:10:1  claim-audit  section 2 "Claim audit" has no table  (hint: the lines with | are not a table: a table needs a delimiter row such as | --- | --- | under its header row, and a blank line before it)  [report/missing-table]',
    );
    const list = report({ 3: '- ReAct, abstract only' });
    expect(formatProblems(parse(list).problems)).toContain(
      'report.md:18:1  source-ledger  section 3 "Source ledger" has no table  (hint: write the source-ledger as a Markdown table with the columns #, Source, Verified metadata, URL, Reading, Bears on, Limitations, Verified / accessed)  [report/missing-table]',
    );
    const columns = report().replace('| Verified / accessed |\n', '|\n').replace('| --- | --- | --- | --- | --- | --- | --- |', '| --- | --- | --- | --- | --- | --- |').replace(/ \| 2026-1\d-\d\d \/ 2026-11-30 \|\n| \| — \/ 2026-11-30 \|\n/g, ' |\n');
    // A ledger without a date column is read all the same: the rows have no access date, which the ingest supplies.
    const undated = parse(columns);
    expect(undated.problems).toEqual([]);
    expect(undated.report.sourceLedger.map((row) => [row.title, row.accessed])).toEqual([
      ['ReAct', undefined],
      ['RFC 9562', undefined],
      ['pi.dev', undefined],
    ]);
    // Only the claim column (and the ledger's source column) is required.
    const noClaim = report().replace('| Claim | Current evidence |', '| # | Current evidence |');
    expect(formatProblems(parse(noClaim).problems)).toContain('the claim-audit table has no "Claim" column');
    const ragged = report().replace('| #session-id-v4 | Changelog | Version 7 | High | correction (see 5.1) |', '| #session-id-v4 | Changelog | Version 7 | High |');
    const result = parse(ragged);
    expect(formatProblems(result.problems)).toBe(
      'report.md:15:1  claim-audit[1]  warning: this claim-audit row has 4 cells, the header has 5  (hint: give every row one cell per column; write a | inside a cell as \\|)  [report/ragged-row]',
    );
    expect(result.report.claimAudit.map((row) => row.index)).toEqual([0, 2]);
    expect(result.report.heldBack).toEqual([
      { table: 'claim-audit', index: 1, line: 15, column: 1, label: 'session-id-v4', reason: 'this claim-audit row has 4 cells, the header has 5', fix: 'give every row one cell per column; write a | inside a cell as \\|' },
    ]);
    // A | inside a code span ends a cell in Markdown; the row is read again with it as text.
    const piped = report().replace('| #session-id-v4 | Changelog |', '| #session-id-v4 | Changelog `a|b` |');
    const repaired = parse(piped);
    expect(formatProblems(repaired.problems)).toContain('report.md:15:1  claim-audit[1]  warning: this claim-audit row has 6 cells, the header has 5: a | inside a code span ends a cell in Markdown; the row is read with that | as text');
    expect(repaired.report.claimAudit[1]).toMatchObject({ evidence: 'Changelog a|b', concern: 'Version 7', priority: 'high', response: 'correction' });
    // Its cells are parsed again as cells, so they read as every other cell does: tags kept, entities and emphasis read.
    const marked = parse(report().replace('| #session-id-v4 | Changelog | Version 7 |', '| #session-id-v4 | Changelog `a|b` &amp; `c\\|d` | Version <T> *7* \\| 8 |'));
    expect(marked.report.claimAudit[1]).toMatchObject({ evidence: 'Changelog a|b & c|d', concern: 'Version <T> 7 | 8', priority: 'high', response: 'correction' });
  });
});
