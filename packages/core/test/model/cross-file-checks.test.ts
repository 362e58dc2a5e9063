import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { loadBooks } from '../../src/load/books.js';
import { validateBook } from '../../src/model/cross-file.js';
import { exampleBook, withChanges, writeProject } from '../fixture-book.js';
import type { Files } from '../fixture-book.js';

const dir = 'content/books/demo/';
const claims = exampleBook[`${dir}01-sessions.claims.yaml`]!;
const evidence = exampleBook[`${dir}01-sessions.evidence.yaml`]!;
const research = exampleBook[`${dir}01-sessions.research.yaml`]!;

/** Every problem of the example book with some files changed, as printed. */
function check(changes: Files, asOf = '2025-06-01'): string {
  const loaded = loadBooks(writeProject(withChanges(changes)));
  return formatProblems([...loaded.problems, ...loaded.books.flatMap((book) => validateBook(book, { asOf }))]);
}

/** Replace a string that must occur. */
function edit(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`fixture does not contain ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

describe('the cross-file checks, through validateBook', () => {
  it('cross/duplicate-id: claims, sources, evidence, references and runs', () => {
    expect(check({ '01-sessions.claims.yaml': edit(claims, 'id: tree', 'id: jsonl') })).toBe(
      'content/books/demo/01-sessions.claims.yaml:11:9  claims[1].id  duplicate claim id "jsonl"; first used at claims[0] (line 2)  (hint: ids must be unique within the chapter; rename one)  [cross/duplicate-id]',
    );
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, 'id: session-code', 'id: jsonl-spec').replaceAll('source: session-code', 'source: jsonl-spec') })).toBe(
      'content/books/demo/01-sessions.evidence.yaml:7:9  sources[1].id  duplicate source id "jsonl-spec"; first used at sources[0] (line 2)  (hint: ids must be unique within the chapter; rename one)  [cross/duplicate-id]',
    );
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, 'id: header-run', 'id: jsonl-lead') })).toBe(
      'content/books/demo/01-sessions.evidence.yaml:26:9  evidence[2].id  duplicate evidence id "jsonl-lead"; first used at evidence[0] (line 12)  (hint: ids must be unique within the chapter; rename one)  [cross/duplicate-id]',
    );
    expect(check({ '01-sessions.research.yaml': edit(research, 'notebooks:', '  - id: jsonl-ref\n    citation: Again.\nnotebooks:') })).toBe(
      'content/books/demo/01-sessions.research.yaml:6:9  references[1].id  duplicate reference id "jsonl-ref"; first used at references[0] (line 3)  (hint: ids must be unique within the chapter; rename one)  [cross/duplicate-id]',
    );
    // Run ids are unique across all notebooks of the chapter: evidence names a run by id alone.
    expect(
      check({
        '01-sessions.research.yaml': edit(
          research,
          'history:',
          '  - path: notebooks/other.ipynb\n    published: false\n    runs:\n      - { id: first-run, date: 2024-03-02, outcome: passed, environment: Node 22 }\nhistory:',
        ),
      }),
    ).toBe(
      'content/books/demo/01-sessions.research.yaml:17:15  notebooks[1].runs[0].id  duplicate run id "first-run"; first used at notebooks[0].runs[0] (line 10)  (hint: ids must be unique within the chapter; rename one)  [cross/duplicate-id]',
    );
  });

  it('cross/missing-claim: evidence naming a claim that does not exist', () => {
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, 'claims: [header]', 'claims: [header, headr, nothing-like-it]') })).toBe(
      [
        'content/books/demo/01-sessions.evidence.yaml:28:22  evidence[2].claims[1]  no claim "headr" in 01-sessions.claims.yaml  (hint: 01-sessions.claims.yaml has "header", spelled nearly the same: fix whichever of the two ids is misspelled, here or in 01-sessions.claims.yaml)  [cross/missing-claim]',
        'content/books/demo/01-sessions.evidence.yaml:28:29  evidence[2].claims[2]  no claim "nothing-like-it" in 01-sessions.claims.yaml  (hint: add the claim to 01-sessions.claims.yaml, or fix the id)  [cross/missing-claim]',
      ].join('\n'),
    );
    expect(check({ '01-sessions.claims.yaml': undefined, '01-sessions.evidence.yaml': edit(evidence, 'claims: [jsonl]', 'claims: [other]') }).split('\n')[0]).toBe(
      'content/books/demo/01-sessions.evidence.yaml:14:14  evidence[0].claims[0]  no claim "other": the chapter has no 01-sessions.claims.yaml  (hint: add the claim to 01-sessions.claims.yaml, or fix the id)  [cross/missing-claim]',
    );
  });

  it('cross/missing-source: evidence or a reference naming a source not in the ledger', () => {
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, '    source: jsonl-spec', '    source: jsonl-spek') })).toBe(
      'content/books/demo/01-sessions.evidence.yaml:20:13  evidence[1].source  no source "jsonl-spek" in sources  (hint: did you mean "jsonl-spec"? if not, add a source with id "jsonl-spek" to "sources" in this file)  [cross/missing-source]',
    );
    expect(check({ '01-sessions.research.yaml': edit(research, 'source: jsonl-spec', 'source: elsewhere') })).toBe(
      'content/books/demo/01-sessions.research.yaml:5:13  references[0].source  no source "elsewhere" in 01-sessions.evidence.yaml  (hint: add the source to 01-sessions.evidence.yaml, or remove "source")  [cross/missing-source]',
    );
  });

  it('cross/validated-unread-source: validated evidence from a source recorded as not read (an outside author\'s finding: silent); a lead or a reproduced item from it is fine', () => {
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, '    reading: full-text\n', '    reading: not-accessible\n') })).toBe(
      'content/books/demo/01-sessions.evidence.yaml:24:13  evidence[1].status  warning: evidence "jsonl-spec-says" is validated, but its source "jsonl-spec" is recorded as not read (reading: not-accessible), and readers see the claim backed by it  (hint: record what was read: `research-pack source jsonl-spec --reading full-text --chapter demo/01-sessions` (or abstract-only, partial); or, if nobody read it, set status: lead)  [cross/validated-unread-source]',
    );
    // session-code backs a lead and a validated reproduced item, which rests on a run: neither needs a reading.
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, '    reading: abstract-only\n', '    reading: not-accessible\n') })).toBe('');
  });

  it('cross/missing-run: evidence naming a run that is not recorded', () => {
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, 'run: first-run', 'run: frist-run') })).toBe(
      'content/books/demo/01-sessions.evidence.yaml:33:10  evidence[2].run  no notebook run "frist-run" in 01-sessions.research.yaml  (hint: did you mean "first-run"?)  [cross/missing-run]',
    );
  });

  it('cross/run-required and cross/run-not-passed: validated reproduced evidence needs a passed run', () => {
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, '    run: first-run\n', '') })).toBe(
      'content/books/demo/01-sessions.evidence.yaml:26:5  evidence[2].run  validated reproduced evidence needs "run": the id of a passed notebook run  (hint: record the run in 01-sessions.research.yaml and set run: <its id>, or set status: lead until it is reproduced)  [cross/run-required]',
    );
    expect(check({ '01-sessions.research.yaml': edit(research, 'outcome: passed', 'outcome: partial') })).toBe(
      'content/books/demo/01-sessions.evidence.yaml:33:10  evidence[2].run  run "first-run" has outcome "partial"; validated reproduced evidence needs a passed run  (hint: name a passed run, or set status: lead until the notebook passes)  [cross/run-not-passed]',
    );
    // A lead may point at a failed run, or at none.
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, '    class: reproduced\n    status: validated', '    class: reproduced\n    status: lead').replace('    run: first-run\n', '') })).toBe(
      'content/books/demo/01-sessions.claims.yaml:20:15  claims[2].verdict.status  a qualified verdict needs validated evidence with relation "qualifies" for claim "header"  (hint: evidence "header-run" is still a lead; check the source, then `research-pack accept header-run` (or set status: validated), or set the verdict to unverified)  [cross/verdict-unsupported]',
    );
  });

  it('cross/verdict-incomplete: a reviewed verdict needs a date and a rationale', () => {
    expect(check({ '01-sessions.claims.yaml': edit(claims, '      date: 2025-01-12\n      rationale: Only version 3 files name it.\n', '') })).toBe(
      [
        'content/books/demo/01-sessions.claims.yaml:20:7  claims[2].verdict.date  a qualified verdict needs a date  (hint: add date: YYYY-MM-DD, the day the verdict was given)  [cross/verdict-incomplete]',
        'content/books/demo/01-sessions.claims.yaml:20:7  claims[2].verdict.rationale  a qualified verdict needs a rationale  (hint: add rationale: one or two sentences a reader can check against the evidence)  [cross/verdict-incomplete]',
      ].join('\n'),
    );
  });

  it('cross/verdict-unsupported: a verdict needs validated evidence with the matching relation', () => {
    expect(check({ '01-sessions.claims.yaml': edit(claims, 'status: unverified', 'status: contradicted\n      date: 2025-01-01\n      rationale: No.') })).toBe(
      'content/books/demo/01-sessions.claims.yaml:15:15  claims[1].verdict.status  a contradicted verdict needs validated evidence with relation "contradicts" for claim "tree"  (hint: record the source that contradicts it, `research-pack cite <source> --claim tree --relation contradicts` (a source of 01-sessions.evidence.yaml), or set the verdict to unverified)  [cross/verdict-unsupported]',
    );
    // Evidence with another relation does not count.
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, 'relation: qualifies', 'relation: supports') })).toBe(
      'content/books/demo/01-sessions.claims.yaml:20:15  claims[2].verdict.status  a qualified verdict needs validated evidence with relation "qualifies" for claim "header"  (hint: evidence "header-run" is validated as "supports"; if the claim\'s wording changed so that the source now qualifies it, `research-pack accept header-run --relation qualifies --force`; else record a source that does, `research-pack cite <source> --claim header --relation qualifies`, or set the verdict to unverified)  [cross/verdict-unsupported]',
    );
    // Evidence whose relation is still to be decided: the hint names it and says how (an outside author's finding).
    expect(check({ '01-sessions.evidence.yaml': edit(evidence, 'relation: qualifies', 'relation: unresolved') })).toBe(
      'content/books/demo/01-sessions.claims.yaml:20:15  claims[2].verdict.status  a qualified verdict needs validated evidence with relation "qualifies" for claim "header"  (hint: evidence "header-run" bears on it with relation "unresolved"; if it qualifies the claim, `research-pack accept header-run --relation qualifies` (or set relation: qualifies and status: validated), or set the verdict to unverified)  [cross/verdict-unsupported]',
    );
    expect(check({ '01-sessions.evidence.yaml': undefined, '01-sessions.research.yaml': edit(research, '    source: jsonl-spec\n', '') })).toBe(
      [
        'content/books/demo/01-sessions.claims.yaml:6:15  claims[0].verdict.status  a supported verdict needs validated evidence with relation "supports" for claim "jsonl"  (hint: record the source that supports it, `research-pack cite <source> --claim jsonl --relation supports` (a source of 01-sessions.evidence.yaml), or set the verdict to unverified)  [cross/verdict-unsupported]',
        'content/books/demo/01-sessions.claims.yaml:20:15  claims[2].verdict.status  a qualified verdict needs validated evidence with relation "qualifies" for claim "header"  (hint: record the source that qualifies it, `research-pack cite <source> --claim header --relation qualifies` (a source of 01-sessions.evidence.yaml), or set the verdict to unverified)  [cross/verdict-unsupported]',
      ].join('\n'),
    );
  });

  it("cross/proposal-missing-source and cross/proposal-decided-twice: an open proposal's sources are in the ledger; a decided one is history", () => {
    const proposals = (decision: string) =>
      `proposedClaims:\n  - id: replay-order\n    statement: Replays follow the tree.\n    sources: [jsonl-spec, jsonl-spek]\n    report: reports/01-sessions-1.md\n    recorded: 2025-01-12\n${decision}`;
    expect(check({ '01-sessions.research.yaml': research + proposals('') })).toBe(
      'content/books/demo/01-sessions.research.yaml:21:27  proposedClaims[0].sources[1]  warning: proposed claim "replay-order" names source "jsonl-spek", which is not in 01-sessions.evidence.yaml: accepting it would make no lead of it  (hint: did you mean "jsonl-spec"? put the source back in the ledger, or remove it from the proposal\'s sources)  [cross/proposal-missing-source]',
    );
    const rejected = '    rejected:\n      date: 2025-01-12\n      by: reviewer\n      reason: Not a claim.\n';
    expect(check({ '01-sessions.research.yaml': research + proposals(rejected) })).toBe('');
    expect(check({ '01-sessions.research.yaml': research + proposals(`    accepted:\n      date: 2025-01-12\n      by: reviewer\n      claim: tree\n${rejected}`) })).toContain(
      'proposedClaims[0].rejected  proposed claim "replay-order" is recorded as both accepted (as claim "tree") and rejected  (hint: keep the decision that stands and remove the other)  [cross/proposal-decided-twice]',
    );
  });

  it('cross/future-date: every date that records something done, with one day of slack for time zones', () => {
    const future = check(
      {
        '01-sessions.claims.yaml': edit(claims, 'date: 2025-01-10', 'date: 2025-01-12'),
        '01-sessions.evidence.yaml': edit(evidence, 'accessed: 2025-01-10', 'accessed: 2025-01-10\n    verified: 2025-01-12').replace('recorded: 2025-01-10', 'recorded: 2025-01-12'),
        '01-sessions.research.yaml': edit(research, 'date: 2024-03-01', 'date: 2025-01-12'),
      },
      '2025-01-10',
    );
    expect(future).toBe(
      [
        'content/books/demo/01-sessions.claims.yaml:7:13  claims[0].verdict.date  verdict date 2025-01-12 is in the future (the build is as of 2025-01-10)  (hint: record the date it happened; check for a typo in the year or month)  [cross/future-date]',
        'content/books/demo/01-sessions.claims.yaml:21:13  claims[2].verdict.date  verdict date 2025-01-12 is in the future (the build is as of 2025-01-10)  (hint: record the date it happened; check for a typo in the year or month)  [cross/future-date]',
        'content/books/demo/01-sessions.evidence.yaml:7:15  sources[0].verified  verified date 2025-01-12 is in the future (the build is as of 2025-01-10)  (hint: record the date it happened; check for a typo in the year or month)  [cross/future-date]',
        'content/books/demo/01-sessions.evidence.yaml:11:15  sources[1].accessed  accessed date 2025-01-12 is in the future (the build is as of 2025-01-10)  (hint: record the date it happened; check for a typo in the year or month)  [cross/future-date]',
        'content/books/demo/01-sessions.evidence.yaml:26:15  evidence[1].recorded  recorded date 2025-01-12 is in the future (the build is as of 2025-01-10)  (hint: record the date it happened; check for a typo in the year or month)  [cross/future-date]',
        'content/books/demo/01-sessions.research.yaml:11:15  notebooks[0].runs[0].date  run date 2025-01-12 is in the future (the build is as of 2025-01-10)  (hint: record the date it happened; check for a typo in the year or month)  [cross/future-date]',
        'content/books/demo/01-sessions.research.yaml:15:11  history[0].date  pass date 2025-01-12 is in the future (the build is as of 2025-01-10)  (hint: record the date it happened; check for a typo in the year or month)  [cross/future-date]',
      ].join('\n'),
    );
    // One day ahead of asOf is today somewhere on Earth.
    expect(check({}, '2025-01-11')).toBe('');
  });

  it('cross/notebook-path and cross/notebooks-without-repository', () => {
    const notebook = (value: string) => check({ '01-sessions.research.yaml': edit(research, 'path: notebooks/01-sessions.ipynb', `path: '${value}'`) });
    const hint = '(hint: write it relative to the root of the notebooks repository, with "/" between folders, e.g. notebooks/27-chapter.ipynb)  [cross/notebook-path]';
    expect(notebook('../x.ipynb')).toBe(`content/books/demo/01-sessions.research.yaml:7:11  notebooks[0].path  notebook path "../x.ipynb" leaves the folder through ".."  ${hint}`);
    expect(notebook('/home/x.ipynb')).toBe(`content/books/demo/01-sessions.research.yaml:7:11  notebooks[0].path  notebook path "/home/x.ipynb" is absolute  ${hint}`);
    expect(notebook('notebooks\\x.ipynb')).toBe(`content/books/demo/01-sessions.research.yaml:7:11  notebooks[0].path  notebook path "notebooks\\\\x.ipynb" uses backslashes instead of "/"  ${hint}`);
    expect(notebook('./notebooks//x.ipynb')).toBe(
      `content/books/demo/01-sessions.research.yaml:7:11  notebooks[0].path  notebook path "./notebooks//x.ipynb" is not normalized ("notebooks/x.ipynb" is)  ${hint}`,
    );
    expect(check({ 'book.yaml': 'title: Demo Book\nslug: demo\n' })).toBe(
      'content/books/demo/01-sessions.research.yaml:6:1  notebooks  the chapter lists notebooks, but book.yaml has no "notebooks" repository  (hint: add to content/books/demo/book.yaml: notebooks: { github: owner/name })  [cross/notebooks-without-repository]',
    );
  });

  it('cross/missing-report and cross/report-path: reports are files in the book folder', () => {
    expect(check({ 'reports/01-sessions-1.md': undefined })).toBe(
      'content/books/demo/01-sessions.research.yaml:17:13  history[0].report  report file "reports/01-sessions-1.md" does not exist (looked for content/books/demo/reports/01-sessions-1.md)  (hint: report paths are relative to the book folder; fix the path, add the file, or remove "report")  [cross/missing-report]',
    );
    expect(check({ '01-sessions.research.yaml': edit(research, 'report: reports/01-sessions-1.md', 'report: /etc/passwd') })).toBe(
      'content/books/demo/01-sessions.research.yaml:17:13  history[0].report  report path "/etc/passwd" is absolute  (hint: write it relative to the book folder, with "/" between folders, e.g. reports/27-chapter-pass-1.md)  [cross/report-path]',
    );
    // A folder is not a report.
    expect(check({ '01-sessions.research.yaml': edit(research, 'report: reports/01-sessions-1.md', 'report: reports') })).toBe(
      'content/books/demo/01-sessions.research.yaml:17:13  history[0].report  report file "reports" is a folder, not a file  (hint: name the report file inside the folder, e.g. reports/2026-11-30-27-chapter.md, or remove "report")  [cross/missing-report]',
    );
    // Another file of the book is no report (an outside reviewer's finding).
    expect(check({ '01-sessions.research.yaml': edit(research, 'report: reports/01-sessions-1.md', 'report: book.yaml') })).toBe(
      'content/books/demo/01-sessions.research.yaml:17:13  history[0].report  report path "book.yaml" is not a Markdown file (.md)  (hint: name the copy of the research report the pass read, e.g. reports/2026-11-30-27-chapter.md, or remove "report")  [cross/report-path]',
    );
  });
});
