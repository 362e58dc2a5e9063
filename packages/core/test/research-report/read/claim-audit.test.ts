/**
 * Claim-audit cells as outside researchers write them: a concern cell that
 * only says the claim holds is no concern readers should see.
 */
import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { withoutAllClear } from '../../../src/research-report/read/claim-audit.js';
import { parseResearchReport } from '../../../src/research-report/read.js';

const parse = (source: string) => markdownToMdast(source, { features: { gfm: true, frontmatter: true, directive: false, smartPunctuation: false }, position: true }) as Root;

describe('a concern cell', () => {
  it("is no concern when it only clears the claim, and is the caveat after the words that clear it (an outside researcher opened every concern with \"Holds.\")", () => {
    const report = `# Report

## 2. Claim audit

| Claim | Evidence | Concern | Priority | Proposed response |
| --- | --- | --- | --- | --- |
| \`a\` | supports: S1 | Holds. | high | no-change |
| \`b\` | supports: S1 | Holds. One caveat belongs to C7: \`model\` may name what was requested. | medium | clarification |
| \`c\` | supports: S1 | No concern | low | no-change |
| \`d\` | qualifies: S1 | Correct the year: 2024, not 2023. | high | correction |
| \`e\` | supports: S1 | OK, but the figure is a year old. | low | citation |
`;
    const { report: read } = parseResearchReport(report, { file: 'report.md', parse });
    expect(read.claimAudit.map((row) => row.concern)).toEqual([undefined, 'One caveat belongs to C7: `model` may name what was requested.', undefined, 'Correct the year: 2024, not 2023.', 'But the figure is a year old.']);
  });

  it('keeps a concern that does not open with words that clear the claim, as written', () => {
    expect(withoutAllClear('The count is out of date.')).toBe('The count is out of date.');
    expect(withoutAllClear('Holds up.')).toBeUndefined();
    expect(withoutAllClear('It holds — but only for 1.6.0.')).toBe('But only for 1.6.0.');
    expect(withoutAllClear('Holding companies own it.')).toBe('Holding companies own it.');
  });
});
