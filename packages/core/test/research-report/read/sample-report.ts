/**
 * A sample research report with every section, for the reader's tests.
 */
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { markdownToMdast } from 'satteri';
import { parseResearchReport } from '../../../src/research-report/read.js';

/** Satteri's mdast, as the CLI parses reports. */
export const satteri = (source: string) =>
  markdownToMdast(source, { features: { gfm: true, frontmatter: true, directive: false, smartPunctuation: false }, position: true }) as Root;
/** micromark's mdast, another parser. */
export const micromark = (source: string) => fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

/** The fingerprint the sample report gives. */
export const FINGERPRINT = '3f'.repeat(32);

/** A report with every section; `parts` replaces a section's body by number. */
export function report(parts: Partial<Record<number, string>> = {}): string {
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

/** Parse a report as `report.md`. */
export function parse(source: string, parser = satteri) {
  return parseResearchReport(source, { file: 'report.md', parse: parser });
}
