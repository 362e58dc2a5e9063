/**
 * Cells the row readers cannot read: reading status, URL, dates, priority, response.
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../../src/problems/format.js';
import { parse, report } from './sample-report.js';

describe('row readers', () => {
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
  });});
