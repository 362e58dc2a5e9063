/**
 * What an outside report (r-26-g) wrote in its own shorthand: section 1 as
 * a table of labels and values, the ledger's reading column headed "R" and
 * defined above it ("R = reading status"), its dates given once for all rows
 * under the legend's "V/A", and a list of experiments after "Experiments that
 * I did run". Each was lost before: the fingerprint, every new source (held
 * back for want of a reading status), the dates, one experiment run.
 */
import { describe, expect, it } from 'vitest';
import { expandLegend, sectionLegend } from '../../../src/research-report/read/legends.js';
import { FINGERPRINT, parse, report, satteri } from './sample-report.js';

const LEDGER = [
  'R = reading status. V/A = date I checked metadata against the document / date I last opened it. All V/A dates are 2026-12-07.',
  '',
  '| Id | Source | Verified metadata | URL / locator | R | Bears on | Limitations |',
  '|---|---|---|---|---|---|---|',
  '| S1 | ReAct | Yao et al., arXiv:2210.03629v3 | https://arxiv.org/abs/2210.03629v3 | abstract only | `tree-in-place` | Abstract |',
  '| S2 | Session notes | Project docs | https://example.org/notes | partial: ll. 20–81 | `session-id-v4` | — |',
].join('\n');

describe("a report's own shorthand", () => {
  it('reads the abbreviations a section defines, and writes them out where they stand as words', () => {
    const legend = sectionLegend(satteri(`${LEDGER}\n\n- Pri: priority\n- Note: not a definition of a header\n`).children);
    expect([...legend]).toEqual([
      ['R', 'reading status'],
      ['V/A', 'date I checked metadata against the document / date I last opened it'],
      ['Pri', 'priority'],
      ['Note', 'not a definition of a header'],
    ]);
    expect(expandLegend('All V/A dates are 2026-12-07; R is full text (RFC 9562).', legend)).toBe(
      'All date I checked metadata against the document / date I last opened it dates are 2026-12-07; reading status is full text (RFC 9562).',
    );
  });

  it('reads a ledger column headed by an abbreviation its section defines, and the dates given under it for every row', () => {
    const { report: data, problems } = parse(report({ 3: LEDGER }));
    expect(problems.filter((problem) => problem.rule === 'report/unknown-column')).toEqual([]);
    expect(data.sourceLedger.map((row) => [row.reading, row.verified, row.accessed])).toEqual([
      ['abstract-only', '2026-12-07', '2026-12-07'],
      ['partial', '2026-12-07', '2026-12-07'],
    ]);
    // Without the legend, the column is not read, as before: a header alone is no reading status.
    const bare = parse(report({ 3: LEDGER.split('\n').slice(2).join('\n') }));
    expect(bare.problems.map((problem) => problem.rule)).toContain('report/unknown-column');
    expect(bare.report.sourceLedger.map((row) => row.reading)).toEqual([undefined, undefined]);
  });

  it('takes no label with a date for a definition: "Accessed: 2026-12-07 (all sources)." still dates every row (a review\'s case)', () => {
    const ledger = ['Accessed: 2026-12-07 (all sources).', '', ...LEDGER.split('\n').slice(2).map((line) => line.replace('| R |', '| Reading |'))].join('\n');
    const { report: data } = parse(report({ 3: ledger }));
    expect(data.sourceLedger.map((row) => row.accessed)).toEqual(['2026-12-07', '2026-12-07']);
    expect([...sectionLegend(satteri('Accessed: 2026-12-07 for every row. V/A: verified / accessed.').children)]).toEqual([['V/A', 'verified / accessed']]);
  });

  it('reads section 1 written as a table of labels and values', () => {
    const context = [
      'By: An AI research agent',
      '',
      '| Item | Value |',
      '|---|---|',
      `| Revision read | \`chapter-snapshot.txt\`; \`sha256sum\` printed ${FINGERPRINT}, the brief's fingerprint |`,
      '| Date of work | 2026-12-07 (machine clock, UTC) |',
      '| Scope | All claims |',
    ].join('\n');
    const { report: data, problems } = parse(report({ 1: context }));
    expect(problems.filter((problem) => problem.rule === 'report/no-fingerprint')).toEqual([]);
    expect(data.fingerprint).toMatchObject({ value: FINGERPRINT, line: 9 });
    expect(data.date).toMatchObject({ value: '2026-12-07', line: 10 });
    expect(data.by?.value).toBe('An AI research agent');
    // A table whose header row is its first pair: that pair is read too.
    const headed = parse(report({ 1: ['| Researcher | An AI research agent, working alone (2026-12-06). |', '|---|---|', `| Fingerprint | ${FINGERPRINT} |`].join('\n') })).report;
    expect(headed.by?.value).toBe('An AI research agent');
    expect(headed.fingerprint?.value).toBe(FINGERPRINT);
  });

  it('counts every experiment of a list that "Experiments that I did run" introduces as run', () => {
    const section = [
      '| Id | What to test | Status |',
      '|---|---|---|',
      '| E1 | Which providers set the field | UNRUN |',
      '',
      'Experiments that I did run, all on 2026-12-07 in `scratch/` with Node v20:',
      '1. `npm pack pi-ai@1.6.0`.',
      '2. `node catalog.mjs`. Printed "providers: 43".',
    ].join('\n');
    const { report: data, problems } = parse(report({ 6: section }));
    expect(problems.filter((problem) => problem.rule === 'report/missing-unrun')).toEqual([]);
    expect(data.experiments.map((experiment) => experiment.marker)).toEqual(['UNRUN', 'RAN', 'RAN']);
    // How they were run, said once above a table of them, is none of them; a "Standing" column with a mark says each was run (r-27-h).
    const setup = [
      '**Experiments I ran on 2026-12-07.**',
      '- **Setup:** Node v20.20.2, Linux. I ran `npm install` in `scratch/`.',
      '- **Scripts:** `scratch/run160/experiments.mjs`.',
      '- **Output:** in `scratch/run160/experiments-output.txt`.',
      '',
      '| Id | What | Command | Printed | Standing |',
      '|---|---|---|---|---|',
      '| E1 | Session id version | `node experiments.mjs` | `version digit 7` | ✅ reproduced (supports C4) |',
      '| E2 | Torn last line | same | `entries 4` | ✅ reproduced |',
      '',
      '**Proposed experiments (all UNRUN).**',
      '1. **UNRUN: the same suite on Node 22.**',
    ].join('\n');
    expect(parse(report({ 6: setup })).report.experiments.map((experiment) => experiment.marker)).toEqual(['RAN', 'RAN', 'UNRUN']);
    // An item that says it was run or not, or names an experiment, is one, whatever word opens it; a bare mark in the column is a run.
    const kept = ['Experiments I ran:', '- Runtime: loading a 50 MB session took 1.2 s (RAN).', '- Tools: X3 replays the file (UNRUN).', '', '| Id | What | Standing |', '|---|---|---|', '| E4 | d | ✅ |'].join('\n');
    expect(parse(report({ 6: kept })).report.experiments.map((experiment) => experiment.marker)).toEqual(['RAN', 'UNRUN', 'RAN']);
    // "I had run into …" is no run.
    expect(parse(report({ 6: '- X9: I had run into rate limits, so this stays a plan.' })).report.experiments.map((experiment) => experiment.marker)).toEqual(['UNRUN']);
  });
});
