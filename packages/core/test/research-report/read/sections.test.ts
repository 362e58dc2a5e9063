/**
 * The report's sections: numbering, order, duplicates, gaps.
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../../src/problems/format.js';
import { parse, report } from './sample-report.js';

describe('splitSections', () => {
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

  it('keeps a section after the seven (a numbered reference list) in the report, unread, with a warning, and section 7 without it', () => {
    const source = `${report()}\n## References\n\n[1] RFC 9562. https://www.rfc-editor.org/rfc/rfc9562\n\n## 8. Appendix\n\nMore.\n`;
    const { report: data, problems } = parse(source);
    expect(formatProblems(problems)).toBe(
      [
        'report.md:45:1  warning: "## References" comes after the seven sections and is not read: what it says stays in the report file only  (hint: a source is recorded from its row of the source ledger (section 3) alone: give each source its row there, with its URL)  [report/trailing-section]',
        'report.md:49:1  warning: "## 8. Appendix" comes after the seven sections and is not read: what it says stays in the report file only  (hint: a source is recorded from its row of the source ledger (section 3) alone: give each source its row there, with its URL)  [report/trailing-section]',
      ].join('\n'),
    );
    expect(data.sections.map((section) => section.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(data.sections.at(-1)!.markdown).toBe('- [ ] Decide.');
    // Before section 7, it is still an error: what it holds may be a section's own.
    const between = report().replace('## 7. Review checklist', '## References\n\n[1] x\n\n## 7. Review checklist');
    expect(parse(between).problems.map((problem) => problem.rule)).toEqual(['report/unknown-section']);
  });

  it('says which section a misspelt heading after section 7 means when the report lacks that section, and keeps the one it has as trailing', () => {
    const moved = report().replace(/## 4\. Findings\n\n[\s\S]*?(?=## 5\.)/, '');
    const findings = report().match(/## 4\. Findings\n\n[\s\S]*?(?=## 5\.)/)![0];
    const misspelt = `${moved}\n${findings.replace('## 4. Findings', '## Findngs')}`;
    const problems = formatProblems(parse(misspelt).problems);
    expect(problems).toContain('"## Findngs" is not one of the seven sections  (hint: did you mean "Findings"?)  [report/unknown-section]');
    expect(problems).not.toContain('report/trailing-section');
    // The section it would mean is there already: a heading like it after section 7 is kept unread, as any other.
    const again = parse(`${report()}\n## Findngs\n\nMore.\n`).problems;
    expect(again.map((problem) => problem.rule)).toEqual(['report/trailing-section']);
  });
});
