/**
 * Reading and checking a research report: sections, tables and their
 * columns, cell values, UNVERIFIED and UNRUN markers, the fingerprint read.
 */
import { describe, expect, it } from 'vitest';
import * as core from '../../src/index.js';
import { formatProblems } from '../../src/problems/format.js';
import { parseResearchReport } from '../../src/research-report/read.js';
import { rules } from '../../src/problems/rules.js';
import { FINGERPRINT, micromark, parse, report } from './read/sample-report.js';

describe('parseResearchReport', () => {
  it('is exported with its rules', () => {
    expect(Object.keys(core)).toEqual(expect.arrayContaining(['parseResearchReport', 'createProblem', 'rules', 'CLAIM_AUDIT_COLUMNS', 'SOURCE_LEDGER_COLUMNS']));
    // Every report problem comes from createProblem: there is no second factory.
    expect(Object.keys(core)).not.toContain('reportProblem');
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
      expect.objectContaining({ index: 0, line: 14, ids: [{ value: 'tree-in-place', line: 14, column: 3 }], quotes: ['Entries'], priority: 'high', response: 'no-change', unverified: false }),
      expect.objectContaining({ index: 1, ids: [{ value: 'session-id-v4', line: 15, column: 3 }], concern: 'Version 7', priority: 'high', response: 'correction' }),
      expect.objectContaining({ index: 2, quotes: ['Entries form a tree'], evidence: 'UNVERIFIED', priority: 'low', response: 'clarification', unverified: true }),
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
        { ref: 'tree-in-place', relation: 'qualifies', line: 22 },
        { ref: 'session-id-v4', relation: 'supports', line: 22 },
      ],
    });
    expect(rfc).toMatchObject({ identifiers: { doi: '10.17487/RFC9562' }, reading: 'full-text', verified: '2026-11-29', accessed: '2026-11-30' });
    expect(rfc!.limitations).toBeUndefined();
    expect(pidev).toMatchObject({ reading: 'not-accessible', bearsOn: [], metadataUnverified: true, unverified: true, accessed: '2026-11-30' });
    expect(pidev!.verified).toBeUndefined();
  });

  it("reads an outside report's tables as written: an id alone in the claim cell names the claim, a verified date without a metadata column counts", () => {
    const { report: data } = parse(
      report({
        2: [
          '| # | Claim | Current evidence | Concern | Priority | Proposed response |',
          '| --- | --- | --- | --- | --- | --- |',
          '| C1 | probe-rtt (line 5) | Code | None | low | no-change |',
          '| C2 | bbr-unfiar (line 7) | Paper | Cite it | medium | citation |',
          '| C3 | probe-rtt is wrong (line 5) | Code | None | low | no-change |',
        ].join('\n'),
        3: [
          '| # | Source | URL | Reading | Bears on | Limitations | Verified / accessed |',
          '| --- | --- | --- | --- | --- | --- | --- |',
          '| S1 | BBR draft (Cardwell et al.) | https://example.org/bbr | full text | C1 | Draft | 2026-12-06 / 2026-12-06 |',
          '| S2 | A paper (Ware et al.) | https://example.org/paper | abstract only | C2 | Abstract | UNVERIFIED / 2026-12-06 |',
          '| S4 | tcp_bbr.c | https://example.org/code | partial | C1 | v1 | 2026-12-05 / 2026-12-06 |',
        ].join('\n'),
      }),
    );
    // An id with the snapshot line it gives is the row's id; a sentence that opens with one is not.
    expect(data.claimAudit.map((row) => row.named)).toEqual(['probe-rtt', 'bbr-unfiar', undefined]);
    expect(data.sourceLedger.map((row) => [row.verified, row.accessed])).toEqual([
      ['2026-12-06', '2026-12-06'],
      [undefined, '2026-12-06'],
      ['2026-12-05', '2026-12-06'],
    ]);
  });

  it('gives the same data with another mdast parser', () => {
    const withSatteri = parse(report());
    const withMicromark = parse(report(), micromark);
    expect(withMicromark).toEqual(withSatteri);
  });









  it('warns where the report could not verify, and counts an experiment that does not say it ran as not run', () => {
    const source = report({ 6: '- Time loading.\n- Run the tools (UNRUN).' })
      .replace('| "Entries form a tree" | UNVERIFIED |', '| "Entries form a tree" | — |')
      .replace('| pi.dev | UNVERIFIED |', '| pi.dev | Title only |')
      .replace('| doi:10.17487/RFC9562. |', '| doi:10.17487/RFC9562, not checked |')
      .replace('| 2026-11-29 / 2026-11-30 |', '| — / 2026-11-30 |');
    const { report: data, problems } = parse(source);
    expect(formatProblems(problems).split('\n')).toEqual([
      'report.md:16:27  claim-audit[2].evidence  warning: the claim "\\"Entries form a tree\\"" has no current evidence, but its row does not say UNVERIFIED; it is recorded as unverified  (hint: write UNVERIFIED in the evidence cell when nothing supports or refutes the claim yet)  [report/missing-unverified]',
      'report.md:38:1  experiments[0]  warning: the experiment "Time loading." does not say whether it was run; it is counted as not run  (hint: write UNRUN on every experiment you did not run; give the date, command and outcome of one you ran)  [report/missing-unrun]',
    ]);
    // Metadata without a verification date is recorded as not verified.
    expect(data.sourceLedger.map((row) => row.verified)).toEqual(['2026-11-30', undefined, undefined]);
    expect(data.experiments.map((item) => item.marker)).toEqual(['UNRUN', 'UNRUN']);
    // An experiment reads as run from what it says, or from the line that introduces it.
    const said = parse(report({ 6: 'Experiments I ran (RUN, 2026-12-01):\n\n- R1: 24 checks passed.\n\nProposals, not run:\n\n- U1: time it on Windows.\n- U2, median load time: 8.7 ms.' }));
    expect(said.problems).toEqual([]);
    expect(said.report.experiments.map((item) => item.marker)).toEqual(['RAN', 'UNRUN', 'RAN']);
    // Experiments as ### subsections, and a section that proposes none.
    expect(parse(report({ 6: '### Loading time\n\nUNRUN. Time it.\n\n### Links\n\nRAN on 2026-11-30.' })).report.experiments.map((item) => item.text)).toEqual([
      'Loading time UNRUN. Time it.',
      'Links RAN on 2026-11-30.',
    ]);
    expect(parse(report({ 6: 'None proposed: the chapter needs no experiment.' })).problems).toEqual([]);
    // An experiment opened by its label, its details in a list after it, is one experiment.
    const labelled = parse(
      report({
        6: '**E0, run (reproduced), 2026-12-06.** Does the script undercount?\n\n- Setup: a synthetic file.\n- Output:\n  ```\n  0.0169\n  ```\n- Result: it misses two entries.\n\n**E1, UNRUN (proposed-experiment).** Are totals billed?\n\n- Method: run pi on 3 prompts.\n- Success: the flag is set.\n\n### E2: Run pi with a fixed model\n\nCompare the ids.\n\n| # | What | Status |\n| - | - | - |\n| X1 | time it | UNRUN |',
      }),
    );
    expect(labelled.report.experiments.map((item) => [item.marker, item.text.slice(0, 20), item.line])).toEqual([
      ['RAN', 'E0, run (reproduced)', 38],
      ['UNRUN', 'E1, UNRUN (proposed-', 47],
      ['UNRUN', 'E2: Run pi with a fi', 52],
      ['UNRUN', 'X1 time it UNRUN', 58],
    ]);
    expect(formatProblems(labelled.problems)).toContain('experiments[2]  warning: the experiment "E2: Run pi with a fixed model Compare the ids." does not say whether it was run');
    // What a head does not take (an outside review's cases): a range or group over a list of experiments, an intro after the details, subsections without labels, a plan's words.
    const read = (six: string) => parse(report({ 6: six })).report.experiments.map((item) => `${item.marker} ${item.text.slice(0, 12)}`);
    expect(read('**E0–E3 (RUN, 2026-12-06):**\n\n- E0: median 8 ms.\n- E1: UNRUN.\n- E2: UNRUN.\n- E3: UNRUN.')).toEqual(['RAN E0: median 8', 'UNRUN E1: UNRUN.', 'UNRUN E2: UNRUN.', 'UNRUN E3: UNRUN.']);
    expect(read('**P1 (high value):**\n\n- E1 (UNRUN)\n- E2, RAN 2026-12-06\n\n**P2:**\n\n- E3 (UNRUN)')).toEqual(['UNRUN E1 (UNRUN)', 'RAN E2, RAN 2026', 'UNRUN E3 (UNRUN)']);
    expect(read('**E0, run (reproduced), 2026-12-06.** Timing.\n\n- Output: 8 ms.\n\nProposals, not run:\n\n- Time loading.\n- Check links.')).toEqual(['RAN E0, run (rep', 'UNRUN Time loading', 'UNRUN Check links.']);
    expect(read('### Timing the loader (RUN, 2026-12-06)\n\nE1 measured the median at 8 ms.\n\n### Link check (UNRUN)\n\nCheck every link.')).toEqual(['RAN Timing the l', 'UNRUN Link check (']);
    expect(read('### E1: timing (RUN, 2026-12-06)\n\nMedian 8 ms.\n\n### Follow-up: link check (UNRUN)\n\nCheck every link.')).toEqual(['RAN E1: timing (', 'UNRUN Follow-up: l']);
    expect(read('### E4: Run 100 sessions and compare\n\nNot yet.')).toEqual(['UNRUN E4: Run 100 ']);
    expect(parse(report({ 6: '**E1.** Does the loader scale?\n\n- Success: the median load time stays under 10 ms.' })).problems.map((problem) => problem.rule)).toEqual(['report/missing-unrun']);
    expect(read('**E0, run, 2026-12-06.** Timing the loader.\n\n| Case | Median |\n| - | - |\n| small | 8 ms |\n| large | 80 ms |')).toEqual(['RAN E0, run, 202']);
    expect(read('### Proposed\n\nNone yet.')).toEqual([]);
    // A second review's cases: a dash after the label, a label without bold, a status line, result bullets, groups of headings, a lead-in within the details.
    expect(read('**E1 — Timing (RUN, 2026-12-06).** It took 8 ms.\n\n**E2 — Link check (UNRUN).** Check them.')).toEqual(['RAN E1 — Timing ', 'UNRUN E2 — Link ch']);
    expect(read('E1 (RUN, 2026-12-06). It took 8 ms.\n\nE2: link check, UNRUN.\n\nV8 caches compiled code, so the rest were proposed only.')).toEqual(['RAN E1 (RUN, 202', 'UNRUN E2: link che']);
    expect(read('**E1: Cold-start timing.**\n\nStatus: RUN on 2026-12-06.\n\n**E2: Link check.**\n\nStatus: UNRUN.')).toEqual(['RAN E1: Cold-sta', 'UNRUN E2: Link che']);
    expect(read('**E1 (UNRUN).** Timing.\n\nExpected: the median stays under 10 ms.\n\n- small files\n- large files')).toEqual(['UNRUN E1 (UNRUN). ']);
    expect(read('**E1 (RUN, 2026-12-06).** Timing.\n\n- P50: 8 ms\n- P95: 20 ms\n\n**E2 (UNRUN).** Why.\n\n- H1: the cache.\n- H2: the disk.')).toEqual(['RAN E1 (RUN, 202', 'UNRUN E2 (UNRUN). ']);
    expect(read('### Run in this pass\n\n#### E1: timing\n\nIt took 8 ms.\n\n### Proposed\n\n#### E2: link check\n\nCheck every link.')).toEqual(['RAN E1: timing I', 'UNRUN E2: link che']);
    expect(read('### Link check (UNRUN)\n\nNothing was run; it needs the live site.')).toEqual(['UNRUN Link check (']);
    expect(read('### E1: timing (RUN)\n\nI ran this:\n\n```\nnode bench.mjs\n```\n\nResults:\n\n- small: 8 ms\n- large: 80 ms')).toEqual(['RAN E1: timing (']);
    expect(read('**E1.** Timing.\n\n- I ran pi time on 2026-12-06: 8 ms.')).toEqual(['RAN E1. Timing. ']);
    // A third review's cases: headings without a body, method subsections, claim ids and results in paragraphs, dated runs in the details, lead-ins, group titles.
    const count = (six: string) => read(six).map((line) => line.split(' ')[0]);
    expect(count('### E1: timing (RUN, 2026-12-06)\n\nMedian 8 ms.\n\n### E2: Link check (UNRUN)\n\n### E3: Fork check (UNRUN)')).toEqual(['RAN', 'UNRUN', 'UNRUN']);
    expect(read('### E1: timing (RUN, 2026-12-06)\n\n#### Method\n\nTime it.\n\n#### Result\n\nMedian 8 ms.')).toEqual(['RAN E1: timing (']);
    expect(count('- E1 (UNRUN)\n- E2, RAN 2026-12-06\n\nC8, if the author accepts P4, makes E2 unnecessary.')).toEqual(['UNRUN', 'RAN']);
    expect(count('**E1 (UNRUN).** Why.\n\nH1: the cache.\n\nH2: the disk.')).toEqual(['UNRUN']);
    expect(read('**E1 (RUN, 2026-12-06).** Timing.\n\nP50: 8 ms; P95: 20 ms.')).toEqual(['RAN E1 (RUN, 202']);
    expect(count('**E1 — Cold-start timing**\n\n- Ran: 2026-12-06, Node 20.\n- Result: median 8.7 ms.')).toEqual(['RAN']);
    expect(count('**E1 — Loading**\n\n- Ran 2026-12-06 for 1k and 10k entries.\n- The 100k case was not run.')).toEqual(['RAN']);
    expect(count('**E3 — Fork check (UNRUN).**\n\nPlanned method:\n\n- fork at the first message\n- quit')).toEqual(['UNRUN']);
    expect(count('**P1 — high value**\n\n- E1 (UNRUN)\n- E2, RAN 2026-12-06')).toEqual(['UNRUN', 'RAN']);
    expect(count('**Experiment E1 — timing (RUN, 2026-12-06).** Median 8 ms.')).toEqual(['RAN']);
    // An outside report's layout: the word about running before the label, details with result lines, then a bold lead-in to proposals.
    expect(count('**Ran: E1, SessionManager in pi 0.73.1.** Date: 2026-12-06.\n\nSetup:\n\n- npm pack\n- unpack\n\n```\nT1 ok\n```\n\nWhat it shows:\n\n- T1 supports F1.\n- T2 supports F5.\n\n**Proposed, not run.**\n\n- **P1 — UNRUN. End to end.** Do it.\n- **P2 — UNRUN. Newest release.** Again.')).toEqual(['RAN', 'UNRUN', 'UNRUN']);
    // A subsection of experiments run, written up as one (setup, commands, output), counts each experiment it names.
    expect(count('### 6.1 Experiments I ran (2026-12-06)\n\nThe scripts are `a.mjs` (E1–E3) and `b.mjs` (E4).\n\n```\nE1 ok\n```\n\n### 6.2 Proposed\n\n1. **UNRUN: end to end.**')).toEqual(['RAN', 'RAN', 'RAN', 'RAN', 'UNRUN']);
    expect(count('### Link check (UNRUN)\n\nIt would compare E1 with E2.')).toEqual(['UNRUN']);
    // A table's status column says whether each row ran, in the words a researcher uses ("Done", "Yes", "Pending").
    expect(count('| ID | What | Status |\n| - | - | - |\n| E1 | time it | Done |\n| E2 | link check | Pending |\n| E3 | fork it | Yes (2026-12-06) |\n| E4 | compact it | Failed: no fork |\n| E5 | scale it | Proposed |')).toEqual(['RAN', 'UNRUN', 'RAN', 'RAN', 'UNRUN']);
    expect(count('| ID | What | Run? |\n| - | - | - |\n| E1 | time it | no |\n| E2 | link check, I ran it | yes |')).toEqual(['UNRUN', 'RAN']);
    // Prose with no experiment to tell apart is named, not counted as none in silence; a section that says there is none is not.
    const prose = parse(report({ 6: 'I would time the loader on a large file and compare the result with the figure the chapter gives.\n\nA second check would fork a session and look at the parent ids.' }));
    expect(prose.report.experiments).toEqual([]);
    expect(formatProblems(prose.problems)).toMatch(/^report\.md:\d+:1  experiments  warning: section 6 has text, but no experiment in it can be told apart, so none is counted; the text stays in the report .*\[report\/unread-experiments\]$/);
    expect(parse(report({ 6: 'N/A: nothing in this chapter needs an experiment.' })).problems).toEqual([]);
    expect(parse(report({ 6: 'No experiments this time; the claims are settled by the sources.' })).problems).toEqual([]);
    // Outside reports of 2026-12-07: the brief's class word in parentheses with the date, in a report written in German (r-28-j); a
    // set-up listed under a lead-in, in the same list as the experiments after it (r-27-j).
    expect(count('- **E1 – ausgeführt (reproduced), 2026-12-07.**\n  - Befehl: `python3 check.py`\n- **E2 – UNRUN. Mit pi.**')).toEqual(['RAN', 'UNRUN']);
    expect(count('- **E1 – geplant (proposed-experiment).** Später.\n- **E2 – UNRUN.**')).toEqual(['UNRUN', 'UNRUN']);
    expect(
      count('### Experiments I ran (all 2026-12-07)\nSetup for every run:\n- Node v20 on Linux.\n- Packages installed with `npm install`.\n- Scripts are in `work/`.\n\n- **R1, session ids.** It printed 7.\n- **R2, migration.** It printed 3.\n\n### Experiments proposed, not run\n- **E1 (UNRUN): Windows.**'),
    ).toEqual(['RAN', 'RAN', 'UNRUN']);
    // A review's findings: a run with a date is the experiment's own only right after its label; a lead-in that names
    // an environment among other words is no set-up.
    expect(count('Proposals, building on the leak the maintainers reproduced on 2026-09-05:\n\n- Time compaction on 1.6.0.\n- Count usage entries.')).toEqual(['UNRUN', 'UNRUN']);
    expect(count('**E3: Check whether the leak reported upstream (reproduced on 2026-09-05 by its reporter) is still in 1.6.0.**\n\nStatus: not run.')).toEqual(['UNRUN']);
    expect(count('Environment-dependent experiments (not run):\n\n- Time compaction on a slow disk (UNRUN).\n- Read Windows paths (UNRUN).')).toEqual(['UNRUN', 'UNRUN']);
    expect(count('### E2: Issue reproduced 2026-09-05 (#9188), does 1.6.0 still drop usage?\n\nNot run: I had no API key.')).toEqual(['UNRUN']);
    expect(count('Setup:\n\n- Node 24, macOS 15\n- pi 1.6.0\n\n- Time compaction on a slow disk (UNRUN).\n- Read Windows paths.')).toEqual(['UNRUN', 'UNRUN']);
    // A report in French (r-27-k): the brief's class word in parentheses after the label's title, and headings in French.
    expect(count('### Expériences exécutées le 2026-12-07\n\n- **E1 — vérifications du format** (reproduced). Commande : `node checks.mjs`.\n- **E2 — lecture** (reproduced ; la proposition de la passe 1).\n\n### Expériences proposées, non exécutées\n\n- **X1 — Windows.** Lancer le script.')).toEqual(['RAN', 'RAN', 'UNRUN']);
    expect(count('### Durchgeführte Experimente\n\n- Laufzeit gemessen.\n\n### Vorgeschlagene Experimente\n\n- Unter Windows prüfen.')).toEqual(['RAN', 'UNRUN']);
    // A run written up as one list under a bold lead-in that says it ran, naming the experiments it ran (r-28-l, in Spanish);
    // a bold lead-in over proposals, each saying UNRUN, is a list of experiments all the same (r-27-h).
    expect(count('**Ejecutado el 2026-12-07 (reproduced).**\n\n- Comandos: `node exp.mjs`\n- Lo que imprimió:\n  - E2: `true`\n  - E3: `false`\n- Límite: sin modelo.\n\n**Propuestos:**\n\n- **X1 — UNRUN.** Con un modelo real.')).toEqual(['RAN', 'RAN', 'UNRUN']);
    expect(count('**Proposed experiments (all UNRUN).**\n\n- UNRUN: repeat E1–E3 on Node 24.\n- UNRUN: Windows names (E7).')).toEqual(['UNRUN', 'UNRUN']);
  });



  it('warns of each line that holds a bidirectional control character, once a line, and keeps the text as written', () => {
    const source = report({ 1: `- Fingerprint: ${FINGERPRINT}\n- By: A. Researcher\n- Summary: Holds \u202Eton seod\u202C and \u2067x\u2069.` });
    const { report: data, problems } = parse(source);
    const bidi = problems.filter((problem) => problem.rule === 'report/bidi-control');
    expect(bidi).toHaveLength(1);
    expect(formatProblems(bidi)).toBe(
      'report.md:7:18  warning: the line holds the bidirectional control character U+202E, which displays the text around it in another order than it is written; it lands in the sidecars as written  (hint: remove it unless the text needs it (words of a right-to-left script); `research-pack review` shows such characters spelled out)  [report/bidi-control]',
    );
    expect(data.summary?.value).toBe('Holds \u202Eton seod\u202C and \u2067x\u2069.');
    expect(parse(report()).problems.filter((problem) => problem.rule === 'report/bidi-control')).toEqual([]);
    // Lines counted as the report's line endings end them, carriage returns alone too.
    const crOnly = parse(source.replace('\u2067x\u2069.', '\u2067x\u2069.\n- Note: \u202Eagain').replace(/\n/g, '\r')).problems.filter((problem) => problem.rule === 'report/bidi-control');
    expect(crOnly.map((problem) => [problem.line, problem.column])).toEqual([
      [7, 18],
      [8, 9],
    ]);
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
