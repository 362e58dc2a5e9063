/**
 * Cells the row readers cannot read: reading status, URL, dates, priority, response.
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../../src/problems/format.js';
import { parse, report } from './sample-report.js';

describe('row readers', () => {
  it('finds claim ids among words: code, bold, hyphenated words, and a plain word where a label stands', () => {
    const source = report()
      .replace('| `tree-in-place`, "Entries" |', '| jsonl-three-rules (l.13 / snap l.7), review due |')
      .replace('| #session-id-v4 |', '| header: the header line (l.33) |')
      .replace('| "Entries form a tree" |', '| usage-block. The usage block has **cost** |');
    const ids = parse(source).report.claimAudit.map((row) => row.ids.map((id) => id.value));
    expect(ids).toEqual([['jsonl-three-rules'], ['header'], ['usage-block', 'cost']]);
    expect(parse(source).report.claimAudit.map((row) => row.snapshotLine)).toEqual([7, 33, undefined]);
  });

  it('reads a snapshot line written in French, German or Spanish, or capitalised, and an id followed only by one (outside reports gave "(línea 13)" and "Line 20, the JSON example")', () => {
    const lines = (...cells: string[]) =>
      parse(report({ 2: ['| Claim | Current evidence | Concern | Priority | Proposed response |', '| --- | --- | --- | --- | --- |', ...cells.map((cell) => `| ${cell} | supports: S1. | None | low | no-change |`)].join('\n') })).report.claimAudit;
    const rows = lines(
      'tree-in-place (línea 13)',
      '"Entries form a tree" (lín. 9)',
      'tree-in-place (ligne 7)',
      '"Entries form a tree" (lignes 9–11)',
      'tree-in-place (Z. 25)',
      '"Entries form a tree", Zeile 4',
      '"Entries form a tree" (Zeilen 30–31)',
      '"Entries form a tree" (Z.3)',
      'Line 20, the JSON example of an assistant message',
      'Lines 28–34, the stopReason values',
    );
    expect(rows.map((row) => row.snapshotLine)).toEqual([13, 9, 7, 9, 25, 4, 30, 3, 20, 28]);
    // An id with only its line after it names the claim; with other words after it, it does not.
    expect(rows.map((row) => row.named)).toEqual(['tree-in-place', undefined, 'tree-in-place', undefined, 'tree-in-place', undefined, undefined, undefined, undefined, undefined]);
    // Not a line: a word that ends in "l" or "z" before a number.
    expect(lines('"Entries form a tree" (total 12, Fiz 4)').map((row) => row.snapshotLine)).toEqual([undefined]);
  });

  it('takes the dates the section says hold for every row, both when one sentence names both', () => {
    const ledger = (sentence: string) =>
      parse(report().replace('## 3. Source ledger\n\n', `## 3. Source ledger\n\n${sentence}\n\n`).replace(/ \| [-—\d]+ \/ 2026-11-30 \|\n/g, ' | |\n')).report.sourceLedger.map((row) => [row.verified, row.accessed]);
    // (The third row's metadata is UNVERIFIED: it was not verified, whatever the section says.)
    expect(ledger('All "accessed" and "verified" dates are 2026-12-06.')).toEqual([
      ['2026-12-06', '2026-12-06'],
      ['2026-12-06', '2026-12-06'],
      [undefined, '2026-12-06'],
    ]);
    expect(ledger('Every source was accessed on 2026-12-05; none was verified.').map((row) => row[1])).toEqual(['2026-12-05', '2026-12-05', '2026-12-05']);
    expect(ledger('Metadata verified on 2026-12-04.').map((row) => row[0])).toEqual(['2026-12-04', '2026-12-04', undefined]);
    expect(ledger('Metadata verified on 2026-12-04.').map((row) => row[1])).toEqual([undefined, undefined, undefined]);
    expect(ledger('Metadata verified against npm v1.6.0 on 2026-12-06.').map((row) => row[0])).toEqual(['2026-12-06', '2026-12-06', undefined]);
    expect(ledger('Metadata verified (e.g. DOIs, authors) on 2026-12-06.').map((row) => row[0])).toEqual(['2026-12-06', '2026-12-06', undefined]);
    // A verification the sentence denies is none (a second review's cases).
    expect(ledger('None was verified; every source was accessed on 2026-12-05.')).toEqual([
      [undefined, '2026-12-05'],
      [undefined, '2026-12-05'],
      [undefined, '2026-12-05'],
    ]);
    expect(ledger('Unverified metadata is marked. The chapter revision of 2026-11-28 was read; sources were accessed on 2026-12-05.')).toEqual([
      [undefined, '2026-12-05'],
      [undefined, '2026-12-05'],
      [undefined, '2026-12-05'],
    ]);
  });

  it('gives a claim-audit row no status when its evidence cell bears two ways on the claim (an outside author\'s finding)', () => {
    const statuses = (...cells: string[]) =>
      parse(
        report({
          2: ['| Claim | Current evidence | Concern | Priority | Proposed response |', '| --- | --- | --- | --- | --- |', ...cells.map((cell) => `| \`tree-in-place\` | ${cell} | None | high | no-change |`)].join('\n'),
        }),
      ).report.claimAudit.map((row) => row.status);
    expect(
      statuses(
        'supports the precedence: S5 lines 593–596 (reported). contradicts "root folder": a session was written flat (reproduced).',
        'supports the mechanism (S4); unresolved on "quick" (reproduced, noisy).',
        'supports, with qualifications: S5 sets it only when persisted.',
        'supports the format (S2); qualifies the example (S3).',
        'supports: S2 and S3.',
        'Contradicted: the code does not support it (S4).',
        'contradicts the count (S4); supports the rest (S2).',
        // A relation word inside a clause, negated or of the past, is no relation of this row (a review's cases).
        'Supported. Nothing in the docs qualifies it.',
        'Supported; the README does not overstate it.',
        'Supported. No source contradicts it.',
        'Supported (this was unresolved in the previous pass).',
        // A mark before the words (an outside report, r-27-h): the words decide, else the mark.
        '✅ holds.<br>supports: the 1.6.0 docs (S1).',
        '⚠️ partly: usually eight hex characters.',
        '❌ wrong for 1.6.0: version 7 since 0.67.1.',
        '❓',
        '✅ supports the format (S2); contradicts the example (S3).',
        // A reference before the word, as before the marks (a review's case).
        '[S1] Supported.',
        '✔️',
      ),
    ).toEqual([undefined, undefined, 'qualified', 'qualified', 'supported', 'contradicted', undefined, 'supported', 'supported', 'supported', 'supported', 'supported', 'qualified', 'contradicted', 'unverified', undefined, 'supported', 'supported']);
  });

  it('says that a shortened address (…/abc…/docs/tree.md) gives the source no URL, and keeps it as the locator (an outside report, r-28-g)', () => {
    const { report: data, problems } = parse(report().replace('| https://www.rfc-editor.org/rfc/rfc9562 |', '| …/83378aad…/packages/coding-agent/docs/tree.md |'));
    expect(formatProblems(problems.filter((problem) => problem.path === 'source-ledger[1].url'))).toBe(
      'report.md:23:38  source-ledger[1].url  warning: the URL cell gives a shortened address, "…/83378aad…/packages/coding-agent/docs/tree.md"; the source is recorded without a URL, the words kept as its locator  (hint: write the address in full (https://…) so that readers can follow it, or add the URL to the source in the evidence sidecar)  [report/invalid-value]',
    );
    expect(data.sourceLedger[1]).toMatchObject({ locator: '…/83378aad…/packages/coding-agent/docs/tree.md' });
    expect(data.sourceLedger[1]!.url).toBeUndefined();
  });

  it("leaves a researcher's 'new' mark out of a source's title", () => {
    const titles = (cell: string) => parse(report().replace('| ReAct |', `| ${cell} |`)).report.sourceLedger[0]!.title;
    expect(titles('NEW: sidecar `internal/adapter/piagent` v0.74.1 (pkg.go.dev)')).toBe('sidecar internal/adapter/piagent v0.74.1 (pkg.go.dev)');
    expect(titles('(new) ReAct')).toBe('ReAct');
    expect(titles('ReAct (added)')).toBe('ReAct');
    expect(titles('pi-coding-agent 1.6.0, `docs/session-format.md` (new source)')).toBe('pi-coding-agent 1.6.0, docs/session-format.md');
    expect(titles('New Directions in Cryptography')).toBe('New Directions in Cryptography');
    expect(titles('Added: notes to RFC 9562')).toBe('Added: notes to RFC 9562');
    // A footnote call is the report's citation, not the title's (an outside report, r-27-g).
    expect(titles('agentgrep, "Pi" backend page[^agentgrep]')).toBe('agentgrep, "Pi" backend page');
    expect(titles('txcript 0.9.0 module[^txmod]. Also 0.9.1 notes[^txfmt]')).toBe('txcript 0.9.0 module. Also 0.9.1 notes');
  });

  it('reads the quotes of a claim cell, not the quotation marks inside code', () => {
    const source = report()
      .replace('| "Entries form a tree" |', '| Example JSON on line 15 (`"parentId":"a1b2c3d4" … "fromId":"f6g7h8i9"`) |')
      .replace('| #session-id-v4 |', '| "Its `parentId` is the entry where the branch continues" (line 13) |');
    expect(parse(source).report.claimAudit.map((row) => row.quotes)).toEqual([['Entries'], ['Its parentId is the entry where the branch continues'], []]);
    // Code with quotation marks inside a quoted sentence stays in it; a quote beside such code is found.
    const inside = report()
      .replace('| "Entries form a tree" |', '| "The header reads `"version": 3` for new sessions" (line 4) |')
      .replace('| #session-id-v4 |', '| "parentId" is the key, as in `"parentId"` |');
    expect(parse(inside).report.claimAudit.map((row) => row.quotes)).toEqual([['Entries'], ['parentId'], ['The header reads "version": 3 for new sessions']]);
  });

  it('reports cells it cannot read, leaves their value out, and keeps the row', () => {
    const source = report().replace('| abstract only |', '| glanced at |').replace('| https://www.rfc-editor.org/rfc/rfc9562 |', '| rfc-editor |').replace('2026-11-29 / 2026-11-30', '2026-11-29 / 30.11.2026');
    const { report: data, problems } = parse(source);
    // A reading status it cannot read is marked, for the ingest to say once what follows from it (held back, or the ledger's kept).
    expect(formatProblems(problems).split('\n')).toEqual([
      'report.md:23:103  source-ledger[1].accessed  warning: "30.11.2026" holds no real date written as YYYY-MM-DD; it is left out  (hint: write dates as YYYY-MM-DD, e.g. 2026-11-30)  [report/invalid-value]',
    ]);
    expect(data.sourceLedger[0]!.reading).toBeUndefined();
    expect(data.sourceLedger[0]!.readingInvalid).toBe(true);
    // Text in the URL column that is not a URL is where in the source: a locator.
    expect(data.sourceLedger[1]).toMatchObject({ locator: 'rfc-editor', verified: '2026-11-29' });
    expect(data.sourceLedger[1]!.url).toBeUndefined();
    expect(data.sourceLedger[1]!.accessed).toBeUndefined();
    const unknown = report().replace('| high | no-change |', '| urgent | rewrite it |');
    expect(formatProblems(parse(unknown).problems).split('\n')).toEqual([
      'report.md:14:54  claim-audit[0].priority  warning: priority "urgent" is not high, medium or low; it is not recorded  [report/unknown-value]',
      'report.md:14:63  claim-audit[0].response  warning: response "rewrite it" does not start with one of no-change, clarification, correction, citation, new-example, new-experiment, new-section; it is not recorded  [report/unknown-value]',
    ]);
  });

  it("reads a ledger row that is the researcher's own run as such, and leaves telling them to where it is held back", () => {
    // As an outside researcher wrote it (r-28-e): their experiment E1 as a ledger row, its URL "local".
    const ledger = (row: string) =>
      report({
        3: [
          '| # | Source | Metadata | URL | Reading | Bears on | Limitations |',
          '|---|---|---|---|---|---|---|',
          row,
          '| S1 | ReAct | Yao et al. | https://arxiv.org/abs/2210.03629 | glanced at | C1 | — |',
        ].join('\n'),
      });
    const hints = (row: string) => parse(ledger(row)).problems.filter((problem) => problem.path.endsWith('.reading')).map((problem) => [problem.path, problem.hint]);
    const ownRun = '| E1 | My experiment against `SessionManager` (see section 6) | Script `exp.mjs` | local | n/a (own run) | C1 | — |';
    const parsed = parse(ledger(ownRun));
    expect(parsed.report.sourceLedger[0]!.ownRun).toBe(true);
    expect(parsed.report.sourceLedger[1]!.ownRun).toBeUndefined();
    // No reading is warned about here: the ingest says once what follows (the own run held back and why, the other row's status).
    expect(hints(ownRun)).toEqual([]);
    expect(parsed.report.sourceLedger.map((row) => row.readingInvalid)).toEqual([true, true]);
    // Its label alone (E1) with no web address; but a row that links a page is a source whatever it says.
    expect(parse(ledger('| E2 | Timing script | — | — | ran it | C1 | — |')).report.sourceLedger[0]!.ownRun).toBe(true);
    expect(parse(ledger('| S9 | Our benchmark write-up | — | https://example.org/bench | skimmed | C1 | — |')).report.sourceLedger[0]!.ownRun).toBeUndefined();
    // The project's own tests are a source, not the researcher's run.
    expect(parse(ledger("| S8 | pi's own test suite (packages/ai/test) | — | — | glanced at | C1 | — |")).report.sourceLedger[0]!.ownRun).toBeUndefined();
  });

  it('reads a ledger whose source column holds the metadata and its dates (an outside report): titles without the date sentence, dates per row over the section default', () => {
    const ledger = [
      'Accessed and verified dates are 2026-12-06 unless stated.',
      '',
      '| Id | Source and metadata | URL | Reading status | Bears on | Limitations |',
      '|---|---|---|---|---|---|',
      '| S1 | Format notes, as shipped in 1.6.0. Verified 2026-12-05, accessed 2026-12-06. | https://example.org/notes (read from the npm tarball instead) | full text | supports `tree-in-place` | — |',
      '| S2 | A third-party reader. Accessed 2026-12-04. | https://example.org/reader ; https://example.org/other | abstract only | supports `tree-in-place` | — |',
      '| S3 | A page that would not open. | https://example.org/gone | not accessible | — | — |',
      '| S4 | The RFC, §7. | https://www.rfc-editor.org/rfc/rfc8259, section 7 | partial | — | Author UNVERIFIED. |',
      '| S5 | The registry metadata. | https://example.org/registry | full text | — | — |',
      // Any clause may say how it was reached (an outside report, r-28-i), and the URL's commas go with it.
      '| S6 | The sessions doc. | https://example.org/sessions.md (as linked; read from tarball) | full text | — | — |',
      '| S7 | The compiled code. | (compiled from `src/core/x.ts`, https://example.org/repo, not opened) | partial: lines 1–40 | — | — |',
    ].join('\n');
    const { report: data, problems } = parse(report({ 3: ledger }));
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(data.sourceLedger.map((row) => [row.title, row.verified, row.accessed])).toEqual([
      ['Format notes, as shipped in 1.6.0.', '2026-12-05', '2026-12-06'],
      ['A third-party reader.', undefined, '2026-12-04'],
      ['A page that would not open.', undefined, '2026-12-06'],
      ['The RFC, §7.', undefined, '2026-12-06'],
      ['The registry metadata.', '2026-12-06', '2026-12-06'],
      ['The sessions doc.', '2026-12-06', '2026-12-06'],
      ['The compiled code.', '2026-12-06', '2026-12-06'],
    ]);
    // Beside the URL: how the source was reached and more addresses are a note, a place in the source is the locator.
    expect(data.sourceLedger.map((row) => [row.urlNote, row.locator])).toEqual([
      ['read from the npm tarball instead', undefined],
      ['https://example.org/other', undefined],
      [undefined, undefined],
      [undefined, 'section 7'],
      [undefined, undefined],
      ['as linked; read from tarball', undefined],
      ['compiled from src/core/x.ts, not opened', undefined],
    ]);
  });

  it('reads the text beside a URL written out in the URL cell as the locator, not the words of a link or a date', () => {
    const url = 'https://www.rfc-editor.org/rfc/rfc9562';
    const locatorOf = (cell: string) => parse(report().replace(`| ${url} |`, `| ${cell} |`)).report.sourceLedger[1]!;
    expect(locatorOf(`${url}, section 5.7, paragraph 3`)).toMatchObject({ url, locator: 'section 5.7, paragraph 3' });
    expect(locatorOf(`${url} (section 5.7)`)).toMatchObject({ url, locator: 'section 5.7' });
    expect(locatorOf(`section 5.7 of ${url}`)).toMatchObject({ url, locator: 'section 5.7' });
    expect(locatorOf(`Section 5.7 in ${url}, paragraph 3`)).toMatchObject({ url, locator: 'Section 5.7, paragraph 3' });
    expect(locatorOf(`${url} — §5.7`)).toMatchObject({ url, locator: '§5.7' });
    for (const cell of [url, `[RFC 9562](${url})`, `${url}, accessed 2026-11-30`, `<${url}>`]) {
      const row = locatorOf(cell);
      expect(row.url, cell).toBe(url);
      expect(row.locator, cell).toBeUndefined();
    }
  });
});
