/**
 * Reading and checking a research report: sections, tables and their
 * columns, cell values, UNVERIFIED and UNRUN markers, the fingerprint read.
 */
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/index.js';
import { formatProblems } from '../../src/problems/format.js';
import { parseResearchReport } from '../../src/research-report/read.js';
import { rules } from '../../src/problems/rules.js';

const satteri = (source: string) =>
  markdownToMdast(source, { features: { gfm: true, frontmatter: true, directive: false, smartPunctuation: false }, position: true }) as Root;
const micromark = (source: string) => fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

const FINGERPRINT = '3f'.repeat(32);

/** A report with every section; `parts` replaces a section's body by number. */
function report(parts: Partial<Record<number, string>> = {}): string {
  const body: Record<number, string> = {
    1: `- Revision read: fingerprint ${FINGERPRINT}\n- Date of the pass: 2026-11-30\n- By: A. Researcher\n- Summary: Holds.`,
    2: [
      '| Claim | Current evidence | Concern | Priority | Proposed response |',
      '| --- | --- | --- | --- | --- |',
      '| `tree-in-place`, "Entries" | Format notes | None | high | no-change |',
      '| #session-id-v4 | Changelog | Version 7 | High | correction (see 5.1) |',
      '| "Entries form a tree" | UNVERIFIED | — | low | clarify |',
    ].join('\n'),
    3: [
      '| Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      '| ReAct | Yao et al., arXiv:2210.03629v3 | [abs](https://arxiv.org/abs/2210.03629v3) | abstract only | `tree-in-place` (qualifies), supports `session-id-v4` | Abstract | 2026-11-30 / 2026-11-30 |',
      '| RFC 9562 | doi:10.17487/RFC9562. | https://www.rfc-editor.org/rfc/rfc9562 | Full text, §5.7 | contradicts `session-id-v4` | — | 2026-11-29 / 2026-11-30 |',
      '| pi.dev | UNVERIFIED | https://pi.dev/docs | not accessible | — | Did not load | — / 2026-11-30 |',
    ].join('\n'),
    4: '**Supporting.** Text with `code`.\n\nSecond paragraph.',
    5: '1. Change one sentence.',
    6: '- Time loading (UNRUN).\n- Link check, RAN 2026-11-30: all loaded.',
    7: '- [ ] Decide.',
  };
  const titles = ['Context and provenance', 'Claim audit', 'Source ledger', 'Findings', 'Upgrade proposal', 'Experiment opportunities', 'Review checklist'];
  return `# Report\n\n${titles.map((title, index) => `## ${index + 1}. ${title}\n\n${parts[index + 1] ?? body[index + 1]}\n`).join('\n')}`;
}

function parse(source: string, parser = satteri) {
  return parseResearchReport(source, { file: 'report.md', parse: parser });
}

describe('parseResearchReport', () => {
  it('is exported with its rules', () => {
    expect(Object.keys(core)).toEqual(expect.arrayContaining(['parseResearchReport', 'reportProblem', 'rules', 'CLAIM_AUDIT_COLUMNS', 'SOURCE_LEDGER_COLUMNS']));
    expect(rules['report/missing-section'].severity).toBe('error');
    expect(rules['report/old-revision'].severity).toBe('warning');
  });

  it('reads a complete report into data, with places', () => {
    const { report: data, problems } = parse(report());
    expect(problems).toEqual([]);
    expect(data.title).toBe('Report');
    expect(data.sections.map((section) => [section.number, section.line])).toEqual([
      [1, 3],
      [2, 10],
      [3, 18],
      [4, 26],
      [5, 32],
      [6, 36],
      [7, 41],
    ]);
    expect(data.fingerprint).toEqual({ value: FINGERPRINT, line: 5, column: 30 });
    expect(data.date).toMatchObject({ value: '2026-11-30', line: 6 });
    expect(data.by).toMatchObject({ value: 'A. Researcher', line: 7 });
    expect(data.summary).toMatchObject({ value: 'Holds.' });
    expect(data.findings).toBe('**Supporting.** Text with `code`.\n\nSecond paragraph.');
    expect(data.proposal).toBe('1. Change one sentence.');
    expect(data.experiments.map((item) => item.marker)).toEqual(['UNRUN', 'RAN']);

    expect(data.claimAudit).toEqual([
      expect.objectContaining({ index: 0, line: 14, codeIds: ['tree-in-place'], quote: 'Entries', priority: 'high', response: 'no-change', unverified: false }),
      expect.objectContaining({ index: 1, id: { value: 'session-id-v4', line: 15, column: 3 }, concern: 'Version 7', priority: 'high', response: 'correction' }),
      expect.objectContaining({ index: 2, quote: 'Entries form a tree', evidence: 'UNVERIFIED', priority: 'low', response: 'clarification', unverified: true }),
    ]);
    expect(data.claimAudit[0]!.concern).toBeUndefined();
    expect(data.claimAudit[2]!.concern).toBeUndefined();

    const [react, rfc, pidev] = data.sourceLedger;
    expect(react).toMatchObject({
      title: 'ReAct',
      url: 'https://arxiv.org/abs/2210.03629v3',
      identifiers: { arxiv: '2210.03629v3' },
      reading: 'abstract-only',
      verified: '2026-11-30',
      accessed: '2026-11-30',
      bearsOn: [
        { id: 'tree-in-place', relation: 'qualifies', line: 22 },
        { id: 'session-id-v4', relation: 'supports', line: 22 },
      ],
    });
    expect(rfc).toMatchObject({ identifiers: { doi: '10.17487/RFC9562' }, reading: 'full-text', verified: '2026-11-29', accessed: '2026-11-30' });
    expect(rfc!.limitations).toBeUndefined();
    expect(pidev).toMatchObject({ reading: 'not-accessible', bearsOn: [], metadataUnverified: true, unverified: true, accessed: '2026-11-30' });
    expect(pidev!.verified).toBeUndefined();
  });

  it('gives the same data with another mdast parser', () => {
    const withSatteri = parse(report());
    const withMicromark = parse(report(), micromark);
    expect(withMicromark).toEqual(withSatteri);
  });

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

  it('reports missing, misnumbered, misplaced, duplicated and unknown sections with their lines', () => {
    const source = report()
      .replace('## 4. Findings', '## 5. Findings')
      .replace(/## 5\. Upgrade proposal\n\n1\. Change one sentence\.\n/, '')
      .replace('## 7. Review checklist', '## 1. Context and provenance\n\nAgain.\n\n## Notes\n\nx\n\n## 7. Review checklist');
    expect(formatProblems(parse(source).problems)).toBe(
      [
        'report.md:26:1  section "5. Findings" is numbered 5, but "Findings" is section 4  (hint: number it "## 4. Findings")  [report/section-number]',
        'report.md:38:1  section 1 "Context and provenance" appears twice (first at line 3)  (hint: merge the two into one section)  [report/duplicate-section]',
        'report.md:42:1  "## Notes" is not one of the seven sections  (hint: make it a ### subsection of one of them; a report has exactly these ## sections, in this order: 1. Context and provenance, 2. Claim audit, 3. Source ledger, 4. Findings, 5. Upgrade proposal, 6. Experiment opportunities, 7. Review checklist)  [report/unknown-section]',
        'report.md:33:1  missing section "## 5. Upgrade proposal" before section 6  (hint: add it with the smallest concrete changes to the chapter you recommend, why, what they cost, and any changes they need in associated resources; a report has exactly these ## sections, in this order: 1. Context and provenance, 2. Claim audit, 3. Source ledger, 4. Findings, 5. Upgrade proposal, 6. Experiment opportunities, 7. Review checklist)  [report/missing-section]',
      ]
        .sort((a, b) => Number(a.split(':')[1]) - Number(b.split(':')[1]))
        .join('\n'),
    );
    const swapped = report().replace('## 6. Experiment opportunities', '## 7. Review checklist ').replace(/## 7\. Review checklist\n\n- \[ \] Decide\.\n/, '## 6. Experiment opportunities\n\n- UNRUN x.\n');
    expect(formatProblems(parse(swapped).problems)).toContain('report.md:41:1  section 6 "Experiment opportunities" comes after section 7 "Review checklist"');
    const typo = report().replace('## 4. Findings', '## Findngs');
    expect(formatProblems(parse(typo).problems)).toContain('report.md:26:1  "## Findngs" is not one of the seven sections  (hint: did you mean "Findings"?)  [report/unknown-section]');
  });

  it('reports a section without its table, a missing column and a ragged row', () => {
    const pipes = report({ 2: '| Claim | Evidence |\n| tree-in-place | notes |' });
    expect(formatProblems(parse(pipes).problems)).toContain(
      'report.md:10:1  claim-audit  section 2 "Claim audit" has no table  (hint: the lines with | are not a table: a table needs a delimiter row such as | --- | --- | under its header row, and a blank line before it)  [report/missing-table]',
    );
    const list = report({ 3: '- ReAct, abstract only' });
    expect(formatProblems(parse(list).problems)).toContain(
      'report.md:18:1  source-ledger  section 3 "Source ledger" has no table  (hint: write the source-ledger as a Markdown table with the columns Verified metadata, Bears on, Reading, Limitations, URL, Source)  [report/missing-table]',
    );
    const columns = report().replace('| Verified / accessed |\n', '|\n').replace('| --- | --- | --- | --- | --- | --- | --- |', '| --- | --- | --- | --- | --- | --- |').replace(/ \| 2026-1\d-\d\d \/ 2026-11-30 \|\n| \| — \/ 2026-11-30 \|\n/g, ' |\n');
    expect(formatProblems(parse(columns).problems)).toContain(
      'report.md:20:1  source-ledger  the source-ledger table has no "Verified / accessed" column (its columns: "Source", "Verified metadata", "URL", "Reading", "Bears on", "Limitations")  (hint: add the column; accepted headers: Verified / accessed, Dates, or Accessed, Access date)  [report/missing-column]',
    );
    const ragged = report().replace('| #session-id-v4 | Changelog | Version 7 | High | correction (see 5.1) |', '| #session-id-v4 | Changelog | Version 7 | High |');
    const result = parse(ragged);
    expect(formatProblems(result.problems)).toBe(
      'report.md:15:1  claim-audit[1]  this claim-audit row has 4 cells, the header has 5  (hint: give every row one cell per column; write a | inside a cell as \\|)  [report/ragged-row]',
    );
    expect(result.report.claimAudit.map((row) => row.index)).toEqual([0, 2]);
  });

  it('reports cells it cannot read', () => {
    const source = report().replace('| abstract only |', '| skimmed |').replace('| https://www.rfc-editor.org/rfc/rfc9562 |', '| rfc-editor |').replace('2026-11-29 / 2026-11-30', '2026-11-29 / 30.11.2026');
    expect(formatProblems(parse(source).problems).split('\n')).toEqual([
      'report.md:22:88  source-ledger[0].reading  reading status "skimmed" is not one of full text, abstract only, not accessible  (hint: say how much of the source you read: full text, abstract only or not accessible)  [report/invalid-value]',
      'report.md:23:38  source-ledger[1].url  "rfc-editor" is not an absolute http(s) URL  (hint: give the URL you read the source at, or write — when there is none)  [report/invalid-value]',
      'report.md:23:103  source-ledger[1].accessed  "30.11.2026" is not a date written as YYYY-MM-DD  (hint: write dates as YYYY-MM-DD, e.g. 2026-11-30)  [report/invalid-value]',
    ]);
    const unknown = report().replace('| high | no-change |', '| urgent | rewrite it |');
    expect(formatProblems(parse(unknown).problems).split('\n')).toEqual([
      'report.md:14:54  claim-audit[0].priority  warning: priority "urgent" is not high, medium or low; it is not recorded  [report/unknown-value]',
      'report.md:14:63  claim-audit[0].response  warning: response "rewrite it" does not start with one of no-change, clarification, correction, citation, new-example, new-experiment, new-section; it is not recorded  [report/unknown-value]',
    ]);
  });

  it('requires UNVERIFIED where the report could not verify, and UNRUN or RAN on every experiment', () => {
    const source = report({ 6: '- Time loading.\n- Run the tools (UNRUN).' })
      .replace('| "Entries form a tree" | UNVERIFIED |', '| "Entries form a tree" | — |')
      .replace('| pi.dev | UNVERIFIED |', '| pi.dev | Title only |')
      .replace('| doi:10.17487/RFC9562. |', '| doi:10.17487/RFC9562, not checked |')
      .replace('| 2026-11-29 / 2026-11-30 |', '| — / 2026-11-30 |');
    expect(formatProblems(parse(source).problems).split('\n')).toEqual([
      'report.md:16:27  claim-audit[2].evidence  the claim "\\"Entries form a tree\\"" has no current evidence, but its row does not say UNVERIFIED  (hint: write UNVERIFIED in the evidence cell when nothing supports or refutes the claim yet)  [report/missing-unverified]',
      'report.md:23:14  source-ledger[1].metadata  "RFC 9562" gives no verification date, but its metadata is not marked UNVERIFIED  (hint: give the date you checked authors, title, dates and identifiers against the document, or write UNVERIFIED in the metadata cell)  [report/missing-unverified]',
      'report.md:24:12  source-ledger[2].metadata  "pi.dev" gives no verification date, but its metadata is not marked UNVERIFIED  (hint: give the date you checked authors, title, dates and identifiers against the document, or write UNVERIFIED in the metadata cell)  [report/missing-unverified]',
      'report.md:24:47  source-ledger[2].reading  "pi.dev" could not be read (not accessible), but its row does not say UNVERIFIED  (hint: write UNVERIFIED in its metadata or limitations cell: nothing it says has been checked)  [report/missing-unverified]',
      'report.md:38:1  experiments[0]  the experiment "Time loading." says neither UNRUN nor RAN  (hint: write UNRUN on every experiment you did not run; write RAN, with the date, command and outcome, on one you ran)  [report/missing-unrun]',
    ]);
    // Experiments as ### subsections, and a section that proposes none.
    expect(parse(report({ 6: '### Loading time\n\nUNRUN. Time it.\n\n### Links\n\nRAN on 2026-11-30.' })).report.experiments.map((item) => item.text)).toEqual([
      'Loading time UNRUN. Time it.',
      'Links RAN on 2026-11-30.',
    ]);
    expect(parse(report({ 6: 'None proposed: the chapter needs no experiment.' })).problems).toEqual([]);
  });

  it('warns when section 1 gives no fingerprint, or several', () => {
    const none = parse(report({ 1: '- By: A. Researcher' }));
    expect(formatProblems(none.problems)).toBe(
      'report.md:3:1  context.fingerprint  warning: section 1 does not give the fingerprint (sha256) of the chapter revision it read; the pass will record none, and no one can tell later which revision it checked  (hint: copy the "Chapter prose fingerprint" line of the brief into section 1)  [report/no-fingerprint]',
    );
    expect(none.report.fingerprint).toBeUndefined();
    const upper = 'AB'.repeat(32);
    const several = parse(report({ 1: `- Commit: ${'cd'.repeat(32)}\n- Chapter prose fingerprint: ${upper}` }));
    expect(several.report.fingerprint).toEqual({ value: upper.toLowerCase(), line: 6, column: 30 });
    expect(formatProblems(several.problems)).toContain('warning: section 1 gives 2 different sha256 digests; the pass records abababababab…');
  });

  it('never throws on a parser error', () => {
    const result = parseResearchReport('x', {
      file: 'report.md',
      parse: () => {
        throw Object.assign(new Error('bad'), { line: 3, column: 4 });
      },
    });
    expect(formatProblems(result.problems)).toBe('report.md:3:4  the report cannot be parsed as Markdown: bad  [report/parse-error]');
  });
});
