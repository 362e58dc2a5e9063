/**
 * A report returned inside a code block ("```markdown" … "```", as a chat
 * window gives it to be copied) is read from it, on the lines it stands on;
 * anything else with code blocks is read as it is.
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../../src/problems/format.js';
import { unfence } from '../../../src/research-report/read/fenced.js';
import { micromark, parse, report } from './sample-report.js';

describe('a report inside a code block', () => {
  it('is read from the block, with its lines where they are, and says so', () => {
    const plain = parse(report());
    const fenced = `Here is the report you asked for.\n\n\`\`\`markdown\n${report()}\`\`\`\n\nLet me know if anything is unclear.\n`;
    for (const parser of [undefined, micromark]) {
      const result = parse(fenced, parser);
      expect(formatProblems(result.problems)).toBe(
        'report.md:3:1  warning: the report is inside a code block, which starts here, and ends at line 47: the Markdown in it is read as the report, and the 2 lines around it are not  (hint: send the report as Markdown itself, not as a code block of it (a chat window\'s "copy" gives it so))  [report/fenced]',
      );
      expect(result.report.claimAudit.map((row) => [row.claimText, row.line - 3])).toEqual(plain.report.claimAudit.map((row) => [row.claimText, row.line]));
      expect(result.report.sourceLedger.map((row) => row.title)).toEqual(plain.report.sourceLedger.map((row) => row.title));
      expect(result.report.experiments.map((item) => item.marker)).toEqual(plain.report.experiments.map((item) => item.marker));
    }
  });

  it('is read whole when a code block inside it closes the outer one early for a Markdown parser', () => {
    const inner = report({ 6: '- Ran it, RAN 2026-11-30:\n\n```bash\nnode check.mjs\n```\n\n- Time loading (UNRUN).' });
    const result = parse(`\`\`\`\n${inner}\`\`\`\n`);
    expect(result.problems.map((problem) => problem.rule)).toEqual(['report/fenced']);
    expect(result.report.sections.map((section) => section.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(result.report.experiments.map((item) => item.marker)).toEqual(['RAN', 'UNRUN']);
  });

  it('leaves a report alone whose code blocks are its own: an example of Markdown in a section, code before its first section, another language', () => {
    const example = report({ 6: '- Render it (UNRUN):\n\n  ```markdown\n  ## A heading\n  ```' });
    expect(unfence(example, 'report.md')).toBeUndefined();
    expect(parse(example).problems).toEqual([]);
    const before = `\`\`\`\nsha256sum chapter-snapshot.txt\n\`\`\`\n\n${report()}`;
    expect(unfence(before, 'report.md')).toBeUndefined();
    expect(unfence(`\`\`\`python\n${report()}\`\`\`\n`, 'report.md')).toBeUndefined();
    expect(unfence('no sections at all', 'report.md')).toBeUndefined();
    // A review's findings: a preface quoting the brief's headings in a code block, and a code block in section 7.
    const quoted = `The brief asked for these sections:\n\n\`\`\`\n## 1. Context and provenance\n## 2. Claim audit\n\`\`\`\n\n${report({ 7: '- [ ] Check it.\n\n```bash\nnpm test\n```' })}`;
    expect(unfence(quoted, 'report.md')).toBeUndefined();
    expect(parse(quoted).problems).toEqual([]);
  });

  it('reads a report in a block that opens with frontmatter, leaving the frontmatter out as a report without the block does', () => {
    const source = `Here is the report:\n\n\`\`\`markdown\n---\nresearcher: Jane\ndate: 2026-12-07\n---\n\n${report()}\`\`\`\n`;
    const result = parse(source);
    expect(result.problems.map((problem) => problem.rule)).toEqual(['report/fenced']);
    expect(result.report.sections.map((section) => section.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('ends the block at its own closing fence, not at a code block of the chat text after it', () => {
    const source = `Here it is.\n\n\`\`\`markdown\n${report()}\`\`\`\n\nTo run E1 again:\n\n\`\`\`\nnode e1.mjs\n\`\`\`\n`;
    const result = parse(source);
    expect(formatProblems(result.problems)).toContain('which starts here, and ends at line 47: the Markdown in it is read as the report, and the 5 lines around it are not');
    expect(result.report.sections.at(-1)!.markdown).toBe('- [ ] Decide.');
  });
});
