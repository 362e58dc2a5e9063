/**
 * Planning an ingest: new sidecar texts from a checked report. Leads and
 * sources enter unvalidated, recorded values are never overwritten, and
 * planning again on the result adds nothing but a pass.
 */
import type { Root } from 'mdast';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatProblems } from '../../src/problems/format.js';
import { planIngest, type IngestSidecars } from '../../src/ingest/plan.js';
import { parseResearchReport } from '../../src/research-report/read.js';
import { sidecarSchemas, type EvidenceItem, type Source } from '../../src/schema/sidecars.js';

const parseMarkdown = (source: string) =>
  markdownToMdast(source, { features: { gfm: true, frontmatter: true, directive: false, smartPunctuation: false }, position: true }) as Root;

const FINGERPRINT = 'a1'.repeat(32);

const claimsYaml = `claims:
  - id: tree
    anchor: directive
    verdict:
      status: supported
      date: 2026-01-10
      rationale: Checked.
    priority: high
    concern: The author's own concern.
  - id: ids
    anchor: directive
    verdict:
      status: unverified
`;

const evidenceYaml = `# Ledger, as the author keeps it.
sources:
  - id: notes
    title: Session notes
    url: https://example.org/notes
    reading: abstract-only
    accessed: 2026-01-10

evidence:
  - id: notes-tree
    source: notes
    claims: [tree]
    relation: supports
    class: reported
    status: validated
    recorded: 2026-01-10
`;

const chapter = {
  spec: 'book/chapter',
  fingerprint: FINGERPRINT,
  claims: [
    { id: 'tree', text: 'Entries form a tree through their parent ids.' },
    { id: 'ids', text: 'Entry ids are eight hex characters.' },
  ],
  sources: (parse(evidenceYaml) as { sources: Source[] }).sources.map((source) => ({ ...source, authors: [], identifiers: {} })),
  evidence: (parse(evidenceYaml) as { evidence: EvidenceItem[] }).evidence,
};

function sidecars(texts: { claims?: string; evidence?: string; research?: string } = { claims: claimsYaml, evidence: evidenceYaml }): IngestSidecars {
  return {
    claims: { file: 'book/chapter.claims.yaml', text: texts.claims },
    evidence: { file: 'book/chapter.evidence.yaml', text: texts.evidence },
    research: { file: 'book/chapter.research.yaml', text: texts.research },
  };
}

function reportText(options: { fingerprint?: string; findings?: string; bears?: string } = {}): string {
  return `# Report

## 1. Context and provenance

- Fingerprint: ${options.fingerprint ?? FINGERPRINT}
- By: R. Searcher

## 2. Claim audit

| Claim | Current evidence | Concern | Priority | Proposed response |
| --- | --- | --- | --- | --- |
| \`tree\` | Notes | Another concern | low | correction |
| \`ids\` | UNVERIFIED | Length may vary | medium | clarification |

## 3. Source ledger

| Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |
| --- | --- | --- | --- | --- | --- | --- |
| Session notes | Project docs | https://example.org/notes/ | abstract only | ${options.bears ?? '`tree`, contradicts `ids`'} | Docs only | 2026-11-30 / 2026-11-30 |
| A paper on ids | doi:10.1234/ids.5 | https://doi.org/10.1234/ids.5 | abstract only | qualifies \`ids\` | Abstract | 2026-11-30 / 2026-11-30 |

## 4. Findings

${options.findings ?? 'The notes hold.'}

## 5. Upgrade proposal

Say "usually".

## 6. Experiment opportunities

- Count id lengths (UNRUN).

## 7. Review checklist

- [ ] Decide.
`;
}

function plan(text = reportText(), files = sidecars(), known = chapter) {
  const { report, problems } = parseResearchReport(text, { file: 'report.md', parse: parseMarkdown });
  expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  return planIngest({ report, chapter: known, sidecars: files, reportPath: 'reports/2026-11-30-chapter.md', date: '2026-11-30', by: report.by?.value ?? 'unknown' });
}

describe('planIngest: a held-back row the ledger names', () => {
  it("names the sources the ledger ties to a row held back for a misspelled id, with the cite that records each (an outside author's finding: the link was dropped in silence)", () => {
    const text = reportText()
      .replace('| Claim | Current evidence |', '| # | Claim | Current evidence |')
      .replace('| --- | --- | --- | --- | --- |\n| `tree`', '| --- | --- | --- | --- | --- | --- |\n| C1 | `tree`')
      .replace('| `ids` | UNVERIFIED', '| C2 | `tree-x` | UNVERIFIED')
      .replace('| qualifies `ids` |', '| qualifies C2 |');
    const result = plan(text);
    expect(result.heldBack.map((row) => row.label)).toEqual(['C2']);
    const held = result.heldBack.find((row) => row.label === 'C2')!;
    expect(held.fix).toBe(
      'did you mean "tree"? name the claim by its id in a copy of the report, or record what its sources show yourself (the source ledger ties a-paper-on-ids (qualifies) to this row, which lands nowhere: `research-pack cite a-paper-on-ids --claim tree --relation qualifies`)',
    );
    expect(result.problems.find((problem) => problem.rule === 'report/unknown-claim')!.hint).toBe(held.fix);
    // Nothing of it lands: no lead of that source on the claim.
    const evidence = parse(result.files.find((file) => file.kind === 'evidence')!.after) as { evidence: Array<{ source: string; claims: string[] }> };
    expect(evidence.evidence.filter((item) => item.source === 'a-paper-on-ids' && item.claims.includes('tree'))).toEqual([]);
    // A row held back for a quote two claims share: the links are said after its own fix, the claim left to the author.
    const ambiguous = plan(
      text
        .replace('| C2 | `tree-x` | UNVERIFIED | Length may vary | medium | clarification |', '| C2 | `tree-x` | UNVERIFIED | Length may vary | medium | clarification |\n| C3 | "ids" | UNVERIFIED | — | low | clarification |')
        .replace('| qualifies C2 |', '| qualifies C3 |'),
    );
    expect(ambiguous.heldBack.find((row) => row.label === 'C3')!.fix).toMatch(
      /; the source ledger ties a-paper-on-ids \(qualifies\) to this row, which lands nowhere: `research-pack cite a-paper-on-ids --claim <claim> --relation qualifies`$/,
    );
  });
});

describe('planIngest: sources of a proposed claim', () => {
  it('keeps the relation the ledger gives a source for a proposed claim, which its lead takes when it is accepted (an outside author retyped it)', () => {
    const text = reportText().replace(
      '| `ids` | UNVERIFIED | Length may vary | medium | clarification |',
      '| `ids` | UNVERIFIED | Length may vary | medium | clarification |\n| "Replays walk the tree." | Contradicted | Old | high | correction |',
    ).replace(
      /\| Session notes \|(.*?)\| `tree`, contradicts `ids` \|/,
      '| Session notes |$1| `tree`, contradicts `ids`, contradicts "Replays walk the tree." |',
    );
    const labelled = text
      .replace('| Claim | Current evidence |', '| # | Claim | Current evidence |')
      .replace('| --- | --- | --- | --- | --- |\n| `tree`', '| --- | --- | --- | --- | --- | --- |\n| C1 | `tree`')
      .replace('| `ids` | UNVERIFIED', '| C2 | `ids` | UNVERIFIED')
      .replace('| "Replays walk the tree." | Contradicted', '| C3 | "Replays walk the tree." | Contradicted')
      .replace('contradicts "Replays walk the tree."', 'contradicts C3')
      .replace('| qualifies `ids` |', '| qualifies `ids`; C3 |');
    const result = plan(labelled, sidecars(), { ...chapter, snapshot: 'Replays walk the tree.' });
    const research = parse(result.files.find((file) => file.kind === 'research')!.after) as { proposedClaims: Array<{ id: string; sources: string[]; relations?: Record<string, string> }> };
    // Both sources are listed; only the one the ledger gives a relation for has one.
    expect(research.proposedClaims).toMatchObject([{ id: 'replays-walk-the-tree', sources: ['notes', 'a-paper-on-ids'], relations: { notes: 'contradicts' } }]);
  });
});

describe('planIngest: the report\'s own labels', () => {
  it('writes the labels of its rows in the concerns and limitations it keeps as the chapter\'s ids, and reports its rows as written (outside authors\' findings)', () => {
    const labelled = `# Report

## 1. Context and provenance

- Fingerprint: ${FINGERPRINT}
- By: R. Searcher

## 2. Claim audit

| # | Claim | Current evidence | Concern | Priority | Proposed response |
| --- | --- | --- | --- | --- | --- |
| C1 | \`tree\` | Notes [S1] | Another concern | low | correction |
| C2 | \`ids\` | UNVERIFIED | Same concern as C1; the paper (S2) disagrees | medium | clarification |
| C3 | "Replays walk the tree." | Supported [S1, S2] (see C1) | Newer than C9 | low | no-change |

## 3. Source ledger

| # | Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |
| --- | --- | --- | --- | --- | --- | --- | --- |
| S1 | Session notes | Project docs | https://example.org/notes/ | abstract only | C1 | Conflicts with S2 on C2 | 2026-11-30 / 2026-11-30 |
| S2 | A paper on ids | Doe, 2025, doi:10.1234/ids.5 | https://doi.org/10.1234/ids.5 | abstract only | qualifies C2 | Abstract; see [S1], SS2 and C3 | 2026-11-30 / 2026-11-30 |

## 4. Findings

**F1.** The notes hold for C1 (S1); S2 qualifies C2. F1 is a finding's label, and stays.

## 5. Upgrade proposal

Cite: S2 beside C2.

## 6. Experiment opportunities

None.

## 7. Review checklist

- [ ] Decide.
`;
    const { report } = parseResearchReport(labelled, { file: 'report.md', parse: parseMarkdown });
    const result = planIngest({ report, chapter: { ...chapter, snapshot: 'Replays walk the tree.' }, sidecars: sidecars(), reportPath: 'reports/r.md', date: '2026-11-30', by: 'R. Searcher' });
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const claims = parse(result.files.find((file) => file.kind === 'claims')!.after) as { claims: Array<{ id: string; concern?: string }> };
    expect(claims.claims.find((claim) => claim.id === 'ids')!.concern).toBe('Same concern as tree; the paper (a-paper-on-ids) disagrees');
    const evidence = parse(result.files.find((file) => file.kind === 'evidence')!.after) as { sources: Array<{ id: string; limitations?: string }> };
    // A recorded source without limitations, and a new one, get the report's, in the chapter's ids (a label the report does not have, SS2, as written).
    expect(evidence.sources.find((source) => source.id === 'notes')!.limitations).toBe('Conflicts with a-paper-on-ids on ids');
    // C3 is about no claim of the chapter: it is the proposal the row became.
    expect(result.proposals[0]!.proposal.id).toBe('replays-walk-the-tree');
    expect(evidence.sources.find((source) => source.id === 'a-paper-on-ids')!.limitations).toBe('Abstract; see [notes], SS2 and replays-walk-the-tree');
    // A proposed claim's evidence and concern too; "C9" names no row, and stays.
    const research = parse(result.files.find((file) => file.kind === 'research')!.after) as { proposedClaims: Array<{ evidence?: string; concern?: string }> };
    expect(research.proposedClaims[0]).toMatchObject({ evidence: 'Supported [notes, a-paper-on-ids] (see tree)', concern: 'Newer than C9' });
    // The findings and the upgrade proposal the pass keeps, which review and the next brief show without the report (an outside author's finding: "Cite: S5").
    expect((parse(result.files.find((file) => file.kind === 'research')!.after) as { history: Array<{ findings?: string; proposal?: string }> }).history.at(-1)).toMatchObject({
      findings: '**F1.** The notes hold for tree (notes); a-paper-on-ids qualifies ids. F1 is a finding\'s label, and stays.',
      proposal: 'Cite: a-paper-on-ids beside ids.',
    });
    // The plan names the report's rows as they are written.
    expect(result.claims.find((match) => match.id === 'ids')!.row).toBe(report.claimAudit[1]);
    expect(result.sources.map((planned) => planned.row)).toEqual(report.sourceLedger);
    expect(result.proposals[0]!.row).toBe(report.claimAudit[2]);
  });
});

describe('planIngest', () => {
  it('adds leads, new sources and a pass; fills only what the author left empty; validates nothing', () => {
    const result = plan();
    expect(result.problems).toEqual([]);
    expect(result.claims.map((match) => match.id)).toEqual(['tree', 'ids']);
    expect(result.filledClaims).toEqual([
      { id: 'tree', fields: ['response'] },
      // "medium" is the priority a claim has when its sidecar gives none: not written (an outside author's finding: noise).
      { id: 'ids', fields: ['concern', 'response'] },
    ]);
    expect(result.sources.map((source) => [source.id, source.action, source.how, source.filled])).toEqual([
      ['notes', 'merged', 'url', ['verified', 'limitations']],
      ['a-paper-on-ids', 'new', undefined, []],
    ]);
    expect(result.leads).toEqual([
      expect.objectContaining({ id: 'lead-notes', source: 'notes', claims: ['ids'], relation: 'contradicts', status: 'lead', recorded: '2026-11-30' }),
      expect.objectContaining({ id: 'lead-a-paper-on-ids', source: 'a-paper-on-ids', claims: ['ids'], relation: 'qualifies', status: 'lead' }),
    ]);
    expect(result.pass).toEqual({
      date: '2026-11-30',
      by: 'R. Searcher',
      report: 'reports/2026-11-30-chapter.md',
      fingerprint: FINGERPRINT,
      findings: 'The notes hold.',
      proposal: 'Say "usually".',
      counts: { claims: 2, sources: 1, leads: 2 },
    });

    const files = Object.fromEntries(result.files.map((file) => [file.kind, file.after]));
    expect(files.claims).toBe(`claims:
  - id: tree
    anchor: directive
    verdict:
      status: supported
      date: 2026-01-10
      rationale: Checked.
    priority: high
    concern: The author's own concern.
    response: correction
  - id: ids
    anchor: directive
    verdict:
      status: unverified
    concern: Length may vary
    response: clarification
`);
    expect(files.evidence).toBe(`# Ledger, as the author keeps it.
sources:
  - id: notes
    title: Session notes
    url: https://example.org/notes
    reading: abstract-only
    accessed: 2026-01-10
    verified: 2026-11-30
    limitations: Docs only
  # Sources added from reports/2026-11-30-chapter.md (research pass of 2026-11-30); reading as the report gives it
  - id: a-paper-on-ids
    title: A paper on ids
    identifiers:
      doi: 10.1234/ids.5
    url: https://doi.org/10.1234/ids.5
    reading: abstract-only
    accessed: 2026-11-30
    verified: 2026-11-30
    limitations: Abstract

evidence:
  - id: notes-tree
    source: notes
    claims: [tree]
    relation: supports
    class: reported
    status: validated
    recorded: 2026-01-10
  # Leads from reports/2026-11-30-chapter.md (research pass of 2026-11-30), as the report gave them; each is evidence once the author accepts it
  - id: lead-notes
    source: notes
    claims: [ids]
    relation: contradicts
    class: reported
    status: lead
    note: >-
      From the research pass of 2026-11-30 (reports/2026-11-30-chapter.md,
      source ledger, line 19): only its abstract or opening was read. Not yet
      checked by the author.
    recorded: 2026-11-30
  - id: lead-a-paper-on-ids
    source: a-paper-on-ids
    claims: [ids]
    relation: qualifies
    class: reported
    status: lead
    note: >-
      From the research pass of 2026-11-30 (reports/2026-11-30-chapter.md,
      source ledger, line 20): only its abstract or opening was read. Not yet
      checked by the author.
    recorded: 2026-11-30
`);
    for (const file of result.files) expect(sidecarSchemas[file.kind].safeParse(parse(file.after)).success).toBe(true);
  });

  it("keeps what the URL cell says of how the source was reached in the lead's note", () => {
    const text = reportText().replace('https://example.org/notes/ | abstract only', 'https://example.org/notes/ (read from a local copy instead) | abstract only');
    const lead = plan(text).files.find((file) => file.kind === 'evidence')!.after;
    expect(lead.replace(/\s+/g, ' ')).toContain('Beside its URL the report says: “read from a local copy instead”. Not yet checked by the author.');
    expect(lead).not.toContain('locator: read from');
  });

  it("says in the lead's note, in words of its own, that a row's URL cell gave another row's address ('as S1')", () => {
    const ledger = [
      '| # | Source | Verified metadata | URL | Reading | Bears on | Limitations | Verified / accessed |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      '| S1 | Session notes | Project docs | https://example.org/notes/ | abstract only | `tree` | Docs only | 2026-11-30 / 2026-11-30 |',
      '| S2 | Session notes, the code samples | Project docs | as S1 | full text | `ids` | — | 2026-11-30 / 2026-11-30 |',
    ].join('\n');
    const text = reportText().replace(/\| Source \| Verified metadata[\s\S]*?\n\n## 4/, `${ledger}\n\n## 4`);
    const evidence = plan(text).files.find((file) => file.kind === 'evidence')!.after.replace(/\s+/g, ' ');
    expect(evidence).toContain('The report gives it no address of its own, but that of its row S1: https://example.org/notes/. Not yet checked by the author.');
    expect(evidence).not.toContain('at the address of');
  });

  it('says once of a reading status it cannot read what follows: a new source held back, a recorded one keeping the ledger\'s word', () => {
    const text = reportText().replace(/ \| abstract only \| /g, ' | glanced at | ');
    const result = plan(text);
    expect(formatProblems(result.problems.filter((problem) => problem.path.endsWith('.reading'))).split('\n')).toEqual([
      'report.md:19:63  source-ledger[0].reading  warning: reading status "glanced at" is not one of full text, abstract only, partial, not accessible; the ledger\'s word for "notes" is kept  (hint: say how much of the source you read: full text, abstract only, partial (which parts) or not accessible)  [report/invalid-value]',
      'report.md:20:72  source-ledger[1].reading  warning: "A paper on ids" is new to the ledger, and its reading status "glanced at" is not one of full text, abstract only, partial, not accessible; the row is held back  (hint: give its reading status: full text, abstract only, partial (which parts) or not accessible)  [report/invalid-value]',
    ]);
    expect(result.heldBack.map((row) => row.label)).toEqual(['A paper on ids']);
  });

  it("keeps the ledger's reading status when the report says another, and says so", () => {
    const text = reportText().replace('https://example.org/notes/ | abstract only', 'https://example.org/notes/ | full text');
    const result = plan(text);
    expect(formatProblems(result.problems)).toBe(
      'report.md:19:1  source-ledger[0].reading  warning: the report read "Session notes" as full-text, the ledger says abstract-only for "notes"; the ledger is kept  (hint: if the report is right: research-pack source notes --reading full-text --chapter book/chapter)  [report/reading-differs]',
    );
    expect(result.files.find((file) => file.kind === 'evidence')!.after).toContain('    reading: abstract-only\n    accessed: 2026-01-10\n');
  });

  it("says what a new source's metadata cell gives that the ledger does not record, unless columns of their own give it (an outside author's finding)", () => {
    const cell = 'M. Thomson, W. Tarreau; IETF RFC 8470; September 2018; DOI 10.17487/RFC8470';
    const result = plan(reportText().replace('| A paper on ids | doi:10.1234/ids.5 |', `| A paper on ids | ${cell} |`));
    expect(formatProblems(result.problems)).toBe(
      'report.md:20:20  source-ledger[1].metadata  warning: the metadata cell of "A paper on ids" says "M. Thomson, W. Tarreau; IETF RFC 8470; September 2018"; only its identifiers (DOI, arXiv id) and dates are read from it, so the ledger records "a-paper-on-ids" without authors, publication date or venue  (hint: give them in columns of their own, Authors (separated by ;), Published (YYYY-MM-DD, YYYY-MM or YYYY) and Venue, and ingest the report again; or add authors, published and venue to the source in the evidence sidecar)  [report/metadata-not-recorded]',
    );
    // The DOI is read all the same.
    expect(result.files.find((file) => file.kind === 'evidence')!.after).toContain('      doi: 10.17487/RFC8470\n');
    // Identifiers and dates alone say nothing more; nor does a recorded source's cell ("Project docs" for "notes").
    expect(plan(reportText().replace('| A paper on ids | doi:10.1234/ids.5 |', '| A paper on ids | arXiv:2210.03629v3; doi:10.1234/ids.5. Verified 2026-11-30. |')).problems).toEqual([]);
    // With an Authors column, the row records its authors, and the cell is not said.
    const withColumns = reportText()
      .replace('| Source | Verified metadata |', '| Source | Authors | Verified metadata |')
      .replace('| --- | --- | --- | --- | --- | --- | --- |\n| Session', '| --- | --- | --- | --- | --- | --- | --- | --- |\n| Session')
      .replace('| Session notes |', '| Session notes | — |')
      .replace('| A paper on ids |', '| A paper on ids | M. Thomson; W. Tarreau |')
      .replace('| doi:10.1234/ids.5 |', `| ${cell} |`);
    const columns = plan(withColumns);
    expect(columns.problems).toEqual([]);
    expect(columns.files.find((file) => file.kind === 'evidence')!.after).toContain('    authors: [M. Thomson, W. Tarreau]\n');
  });

  it("holds back a ledger row that is the researcher's own run, telling them it belongs in section 6 (an outside author's finding)", () => {
    const row = '| E1: my experiment on id lengths | Script `ids.mjs` | local | n/a (own run) | `ids` | — | 2026-11-30 / 2026-11-30 |\n';
    const text = reportText().replace('| A paper on ids |', `${row}| A paper on ids |`);
    const result = plan(text);
    // One warning for the row, where it is held back.
    expect(result.problems.filter((problem) => problem.path.startsWith('source-ledger[1]')).map((problem) => problem.rule)).toEqual(['report/invalid-value']);
    expect(result.heldBack).toEqual([
      expect.objectContaining({
        table: 'source-ledger',
        reason: '"E1: my experiment on id lengths" is new to the ledger, and the row does not say how much of it was read',
        fix: expect.stringMatching(/^this row reads as the researcher's own run, not a source: experiments belong in section 6 \(Experiment opportunities\), where they are read, so nothing of it is lost/),
      }),
    ]);
    // Without the words that make it one's own run, the usual fix.
    const other = plan(reportText().replace('| A paper on ids |', `${row.replace('E1: my experiment', 'A note').replace('n/a (own run)', 'n/a')}| A paper on ids |`));
    expect(other.heldBack.map((held) => held.fix)).toEqual(['give its reading status: full text, abstract only, partial (which parts) or not accessible']);
  });

  it("tells a ledger row that names the brief's research question (Q3) instead of a claim what that is (an outside report's finding)", () => {
    const result = plan(reportText({ bears: 'Q3 (cache rates)' }));
    expect(result.problems.find((problem) => problem.rule === 'report/unresolved-reference')?.hint).toBe(
      '"Q3" reads as the brief\'s research question 3, which is not a claim: name the claims the source bears on, by id or claim-audit row (C1, C4–C9), and say what it answers in its limitations or the findings',
    );
  });

  it("tells a ledger row that gives a kind of evidence where the claims go what that is (an outside report, r-28-i)", () => {
    const result = plan(reportText({ bears: 'background (which release is current)' }));
    expect(result.problems.find((problem) => problem.rule === 'report/unresolved-reference')?.hint).toBe(
      '"background" reads as the kind of evidence the source is, not a claim: the source lands in the ledger without a lead; to link it to claims, name them by id or claim-audit row (C1, C4–C9), and give the kind in a Class column',
    );
  });

  it('adds nothing but a pass when planned again on its own result', () => {
    const first = plan();
    const after = Object.fromEntries(first.files.map((file) => [file.kind, file.after]));
    const evidence = parse(after.evidence!) as { sources: Source[]; evidence: EvidenceItem[] };
    const again = planIngest({
      report: parseResearchReport(reportText(), { file: 'report.md', parse: parseMarkdown }).report,
      chapter: { ...chapter, sources: evidence.sources.map((source) => ({ ...source, authors: [], identifiers: source.identifiers ?? {} })), evidence: evidence.evidence },
      sidecars: sidecars({ claims: after.claims!, evidence: after.evidence!, research: after.research! }),
      reportPath: 'reports/2026-11-30-chapter-2.md',
      date: '2026-11-30',
      by: 'R. Searcher',
    });
    expect(again.leads).toEqual([]);
    // Not added, and said: each link names the item that records it.
    expect(again.linkedAgain.map((entry) => [entry.source, entry.claim, entry.relation, entry.items.map((item) => item.id)])).toEqual([
      ['notes', 'tree', 'unresolved', ['notes-tree']],
      ['notes', 'ids', 'contradicts', ['lead-notes']],
      ['a-paper-on-ids', 'ids', 'qualifies', ['lead-a-paper-on-ids']],
    ]);
    expect(again.filledClaims).toEqual([]);
    expect(again.sources.map((source) => source.action)).toEqual(['unchanged', 'unchanged']);
    expect(again.files.map((file) => file.kind)).toEqual(['research']);
    expect((parse(again.files[0]!.after) as { history: unknown[] }).history).toHaveLength(2);
  });

  it("adds a lead where a later pass gives a link another class (a proposed experiment reproduced), and says which links it already has (an outside author's finding)", () => {
    const proposed = `${evidenceYaml}
  - id: experiment-ids
    source: notes
    claims: [ids]
    relation: unresolved
    class: proposed-experiment
    status: lead
    note: UNRUN. Count the ids' lengths.
    recorded: 2026-01-10
`;
    const known = { ...chapter, evidence: (parse(proposed) as { evidence: EvidenceItem[] }).evidence };
    const ledger = (klass: string) =>
      reportText().replace(
        /## 3\. Source ledger[\s\S]*?## 4/,
        `## 3. Source ledger

| Source | URL | Reading | Bears on | Class | Verified / accessed |
| --- | --- | --- | --- | --- | --- |
| Session notes | https://example.org/notes/ | abstract only | \`ids\` | ${klass} | 2026-11-30 / 2026-11-30 |

## 4`,
      );
    const reproduced = plan(ledger('reproduced'), sidecars({ claims: claimsYaml, evidence: proposed }), known);
    expect(reproduced.leads.map((lead) => [lead.source, lead.claims, lead.relation, lead.class])).toEqual([['notes', ['ids'], 'unresolved', 'reproduced']]);
    expect(reproduced.linkedAgain).toEqual([]);
    // The class the experiment has: nothing new, and said.
    const same = plan(ledger('proposed experiment'), sidecars({ claims: claimsYaml, evidence: proposed }), known);
    expect(same.leads).toEqual([]);
    expect(same.linkedAgain).toEqual([{ source: 'notes', claim: 'ids', relation: 'unresolved', items: [{ id: 'experiment-ids', relation: 'unresolved', class: 'proposed-experiment', status: 'lead' }], lines: [expect.any(Number)] }]);
    // A weaker class than one recorded is no news: a pass that reports what was reproduced adds nothing to the reproduced evidence.
    const run = proposed.replace('class: proposed-experiment\n    status: lead', 'class: reproduced\n    status: validated');
    const ran = { ...chapter, evidence: (parse(run) as { evidence: EvidenceItem[] }).evidence };
    for (const weaker of ['reported', 'proposed experiment']) {
      const result = plan(ledger(weaker), sidecars({ claims: claimsYaml, evidence: run }), ran);
      expect(result.leads, weaker).toEqual([]);
      expect(result.linkedAgain.map((entry) => entry.items.map((item) => [item.id, item.class, item.status])), weaker).toEqual([[['experiment-ids', 'reproduced', 'validated']]]);
    }
  });

  it('says a link two rows make once, with both lines, and a lead an earlier row of the pass added as added by it', () => {
    const ledger = reportText().replace(
      /## 3\. Source ledger[\s\S]*?## 4/,
      `## 3. Source ledger

| Source | URL | Reading | Bears on | Verified / accessed |
| --- | --- | --- | --- | --- |
| A paper on ids | https://doi.org/10.1234/ids.5 | abstract only | qualifies \`ids\` | 2026-11-30 / 2026-11-30 |
| A paper on ids (its section 2) | https://doi.org/10.1234/ids.5 | abstract only | qualifies \`ids\` | 2026-11-30 / 2026-11-30 |
| The same paper, once more | https://doi.org/10.1234/ids.5 | abstract only | qualifies \`ids\` | 2026-11-30 / 2026-11-30 |

## 4`,
    );
    const result = plan(ledger);
    expect(result.leads.map((lead) => lead.id)).toEqual(['lead-a-paper-on-ids']);
    expect(result.linkedAgain).toEqual([
      { source: 'a-paper-on-ids', claim: 'ids', relation: 'qualifies', items: [{ id: 'lead-a-paper-on-ids', relation: 'qualifies', class: 'reported', status: 'lead', thisPass: true }], lines: [expect.any(Number), expect.any(Number)] },
    ]);
    expect(new Set(result.linkedAgain[0]!.lines).size).toBe(2);
  });

  it("takes the ledger id a source cell opens with: a recorded one's, in full or with its middle left out, else a new source's (outside authors' findings)", () => {
    const recorded = evidenceYaml.replace(
      '\nevidence:',
      `  - id: read-pi-sessions-session-reader-skill-hazat-pi-config
    title: Read Pi Sessions (skillmds.dev mirror)
    url: https://skillmds.dev/read-pi-sessions
    reading: full-text
    accessed: 2026-01-10

evidence:`,
    );
    const known = { ...chapter, sources: (parse(recorded) as { sources: Source[] }).sources.map((source) => ({ ...source, authors: [], identifiers: {} })) };
    const row = (source: string, url: string) => `| ${source} | ${url} | full text | \`ids\` | 2026-11-30 / 2026-11-30 |`;
    const ledger = reportText().replace(
      /## 3\. Source ledger[\s\S]*?## 4/,
      `## 3. Source ledger

| Source | URL | Reading | Bears on | Verified / accessed |
| --- | --- | --- | --- | --- |
${row('notes: Session notes, as the brief lists them', 'https://example.org/notes')}
${row('read-pi-sessions…hazat-pi-config: the skill, as mirrored', 'https://skillmds.dev/read-pi-sessions')}
${row('read-pi-sessions…hazat-pi-config: \`skills/session-reader/SKILL.md\`, HazAT/pi-config (the original)', 'https://github.com/HazAT/pi-config/blob/main/skills/session-reader/SKILL.md')}
${row('pi-readme-0-58-3: README of pi 0.58.3, which replaced read-pi-sessions-session-reader-skill-hazat-pi-config', 'https://example.org/pi/0.58.3/README.md')}
${row('read-pi…nowhere: A page no ledger id ends like', 'https://example.org/elsewhere')}
${row('notes-tree: a post about trees, whose first words are an evidence id', '—')}
${row(`${'a-very-long-ledger-id'.repeat(4)}-x: Title`, 'https://example.org/long')}
${row('2026-11-20: release notes of pi 1.6.0', 'https://example.org/pi/1.6.0/notes')}
${row('node-fetch: A light-weight module that brings Fetch API to Node.js', 'https://www.npmjs.com/package/node-fetch')}

## 4`,
    );
    const result = plan(ledger, sidecars({ claims: claimsYaml, evidence: recorded }), known);
    expect(result.sources.map((planned) => [planned.id, planned.action, planned.how])).toEqual([
      // "notes" has no hyphen: no id shape, but the title and URL find it. Both recorded sources take the
      // verification date the row gives, which they lacked ("merged").
      ['notes', 'merged', 'url'],
      ['read-pi-sessions-session-reader-skill-hazat-pi-config', 'merged', 'elided-id'],
      // The same ends, at another address: another copy, a new source.
      ['skills-session-reader-skill-md-hazat-pi-config', 'new', undefined],
      // Its own id, whatever other ids the cell mentions.
      ['pi-readme-0-58-3', 'new', undefined],
      ['a-page-no-ledger-id-ends-like', 'new', undefined],
      // An evidence item's id is not a source's: kept in the title.
      ['notes-tree-a-post-about-trees-whose-first-words', 'new', undefined],
      // Longer than an id may be: kept in the title.
      ['a-very-long-ledger-ida-very-long-ledger-ida-very', 'new', undefined],
      ['2026-11-20-release-notes-of-pi-1-6-0', 'new', undefined],
      ['node-fetch', 'new', undefined],
    ]);
    const evidence = parse(result.files.find((file) => file.kind === 'evidence')!.after) as { sources: Array<{ id: string; title: string }> };
    const titles = Object.fromEntries(evidence.sources.map((source) => [source.id, source.title]));
    expect(titles['pi-readme-0-58-3']).toBe('README of pi 0.58.3, which replaced read-pi-sessions-session-reader-skill-hazat-pi-config');
    expect(titles['a-page-no-ledger-id-ends-like']).toBe('A page no ledger id ends like');
    expect(titles['notes-tree-a-post-about-trees-whose-first-words']).toBe('notes-tree: a post about trees, whose first words are an evidence id');
    expect(titles['a-very-long-ledger-ida-very-long-ledger-ida-very']).toBe(`${'a-very-long-ledger-id'.repeat(4)}-x: Title`);
    // The report again, on what it wrote: every row is a source recorded now, none a new one (a review's finding: a duplicate).
    const written = parse(result.files.find((file) => file.kind === 'evidence')!.after) as { sources: Source[]; evidence: EvidenceItem[] };
    const again = plan(ledger, sidecars({ claims: claimsYaml, evidence: result.files.find((file) => file.kind === 'evidence')!.after }), { ...chapter, sources: written.sources.map((source) => ({ ...source, authors: [], identifiers: {} })), evidence: written.evidence });
    expect(again.sources.filter((planned) => planned.action === 'new')).toEqual([]);
    expect(titles['2026-11-20-release-notes-of-pi-1-6-0']).toBe('2026-11-20: release notes of pi 1.6.0');
    expect(titles['node-fetch']).toBe('A light-weight module that brings Fetch API to Node.js');
    const warned = formatProblems(result.problems.filter((problem) => problem.rule === 'report/unknown-source-id'));
    expect(warned).toContain(
      '"read-pi-sessions…hazat-pi-config" reads as a ledger id with its middle left out, but the row\'s address is not that of "read-pi-sessions-session-reader-skill-hazat-pi-config", the recorded source with those ends (https://skillmds.dev/read-pi-sessions); it names no recorded source  (hint: if it is the same source, write its id in full ("read-pi-sessions-session-reader-skill-hazat-pi-config"); as it is, the row is another source)',
    );
    expect(warned).toContain('"read-pi…nowhere" reads as a ledger id with its middle left out, but no recorded source has an id of those ends; it names no recorded source  (hint: write the ledger id in full if the source is recorded (`research-pack brief` lists the chapter\'s sources by id))');
  });

  it("leaves code in the findings and the upgrade proposal as written: 'process.argv[2]' names no ledger row 2 (a review's finding)", () => {
    const numbered = reportText({ bears: '`tree`', findings: 'Row [2] qualifies it, and so does 2.\n\n```js\nconst file = process.argv[2];\n```\n\nRun `node reader.mjs [2]` to see.' })
      .replace('| Source | Verified metadata |', '| # | Source | Verified metadata |')
      .replace('| --- | --- | --- | --- | --- | --- | --- |\n| Session notes', '| --- | --- | --- | --- | --- | --- | --- | --- |\n| 1 | Session notes')
      .replace('| A paper on ids |', '| 2 | A paper on ids |');
    const result = plan(numbered);
    const history = (parse(result.files.find((file) => file.kind === 'research')!.after) as { history: Array<{ findings?: string }> }).history;
    expect(history.at(-1)!.findings).toBe('Row [a-paper-on-ids] qualifies it, and so does 2.\n\n```js\nconst file = process.argv[2];\n```\n\nRun `node reader.mjs [2]` to see.');
  });

  it('warns about an old revision, and names unknown claims in the ledger, landing the source without them', () => {
    const old = plan(reportText({ fingerprint: 'b2'.repeat(32) }));
    expect(formatProblems(old.problems)).toBe(
      'report.md:5:16  context.fingerprint  warning: the report read revision b2b2b2b2b2b2…, but the current fingerprint of book/chapter is a1a1a1a1a1a1…: the chapter changed after the research, so check its claim audit against the current prose  (hint: the pass records the revision the report read, and the research pack shows it as an older revision)  [report/old-revision]',
    );
    expect(old.pass.fingerprint).toBe('b2'.repeat(32));
    // A digest that differs from the current one only late is shown up to where it differs.
    const late = plan(reportText({ fingerprint: `${'a1'.repeat(10)}ff${'a1'.repeat(21)}` }));
    expect(late.problems.map((problem) => problem.message)).toEqual([
      'the report read revision a1a1a1a1a1a1a1a1a1a1ffa1…, but the current fingerprint of book/chapter is a1a1a1a1a1a1a1a1a1a1a1a1…: the chapter changed after the research, so check its claim audit against the current prose',
    ]);
    const unknown = plan(reportText({ bears: '`trea`' }));
    expect(formatProblems(unknown.problems)).toBe(
      'report.md:19:79  source-ledger[0].bearsOn  warning: "trea" names no claim of the chapter, no claim-audit row and no proposed claim; the source lands without it  (hint: did you mean "tree"?)  [report/unresolved-reference]',
    );
    expect(unknown.sources.map((source) => [source.id, source.action])).toEqual([
      ['notes', 'merged'],
      ['a-paper-on-ids', 'new'],
    ]);
    expect(unknown.leads.flatMap((lead) => lead.claims)).toEqual(['ids']);
  });

  it('creates missing sidecars, and keeps findings within what a sidecar field allows', () => {
    const long = 'Word '.repeat(5_000).trim();
    const result = plan(reportText({ findings: long }), sidecars({ claims: claimsYaml }), { ...chapter, sources: [], evidence: [] });
    expect(formatProblems(result.problems.filter((problem) => problem.rule !== 'report/metadata-not-recorded'))).toBe(
      'report.md:22:1  findings  warning: section 4 has 24999 characters; the pass keeps the first 19000, the whole section stays in reports/2026-11-30-chapter.md  [report/truncated]',
    );
    expect(result.pass.findings!.endsWith(' … (truncated; the whole section is in reports/2026-11-30-chapter.md)')).toBe(true);
    const evidence = result.files.find((file) => file.kind === 'evidence')!;
    expect(evidence.before).toBeUndefined();
    expect(evidence.after.startsWith('sources:\n  - id: session-notes\n')).toBe(true);
    expect(result.files.find((file) => file.kind === 'research')!.after.startsWith('history:\n  - date: 2026-11-30\n')).toBe(true);
  });
});

describe('planIngest on a large ledger', () => {
  /** The report with `count` new sources in its ledger, each with its own title, URL and DOI. */
  function ledgerOf(count: number, extra: readonly string[] = []): string {
    const rows = Array.from({ length: count }, (_, index) => `| Bench source ${index} on sessions | Doe, 2025, doi:10.5555/bench.${index} | https://example.org/bench/${index} | abstract only | qualifies \`ids\` | None | 2026-11-30 / 2026-11-30 |`);
    return reportText().replace(/(\| A paper on ids [^\n]*\n)/, `$1${[...rows, ...extra].map((row) => `${row}\n`).join('')}`);
  }

  it('refuses a pass that would make the evidence sidecar too long to read, at the first row that does not fit, writing nothing', () => {
    const result = plan(ledgerOf(3000));
    const errors = result.problems.filter((problem) => problem.severity === 'error');
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(error!.rule).toBe('report/too-large');
    expect(error!.file).toBe('report.md');
    expect(error!.path).toMatch(/^source-ledger\[\d+\]$/);
    // Rows 0 and 1 are the report's own (lines 19 and 20), then the new rows: row k is on line 19 + k.
    const row = Number(/\[(\d+)\]/.exec(error!.path!)![1]);
    expect(error!.line).toBe(19 + row);
    expect(error!.message).toBe(
      `with this row the pass would make book/chapter.evidence.yaml longer than the 1,000,000 characters a sidecar may have (it has ${evidenceYaml.length}): the first ${row.toLocaleString('en')} of the source ledger's 3,002 rows fit; nothing is written`,
    );
    expect(error!.hint).toBe(`the evidence sidecar has room for the first ${row.toLocaleString('en')} rows: keep the ledger to the sources that bear on this chapter's claims, or ingest a report with at most those rows`);
    expect(result.files).toEqual([]);

    // Exactly: a report with the rows before it lands at most 1,000,000 characters; with that row too, it is refused.
    const fits = plan(ledgerOf(row - 2));
    expect(fits.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const after = fits.files.find((file) => file.kind === 'evidence')!.after;
    expect(after.length).toBeLessThanOrEqual(1_000_000);
    expect(after.length).toBeGreaterThan(1_000_000 - 1000);
    expect(plan(ledgerOf(row - 1)).problems.filter((problem) => problem.rule === 'report/too-large')).toHaveLength(1);
  });

  it('counts a new source again when a later row of the ledger fills it, so the refusal stays exact', () => {
    // Each new source comes twice: the second row gives its URL, which makes the first row's entry longer.
    const pairs = (count: number) =>
      Array.from({ length: count }, (_, index) => [
        `| Paired source ${index} on sessions | Doe, 2025 | — | abstract only | qualifies \`ids\` | None | 2026-11-30 / 2026-11-30 |`,
        `| Paired source ${index} on sessions | Doe, 2025 | https://example.org/paired/${index}/${'x'.repeat(60)} | abstract only | qualifies \`ids\` | None | 2026-11-30 / 2026-11-30 |`,
      ]).flat();
    const refused = plan(ledgerOf(0, pairs(3000))).problems.find((problem) => problem.rule === 'report/too-large')!;
    const fit = Number(/the first ([\d,]+) of/.exec(refused.message)![1]!.replace(/,/g, ''));
    // The report's own two rows come first.
    const fits = plan(ledgerOf(0, pairs(3000).slice(0, fit - 2)));
    expect(fits.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(fits.files.find((file) => file.kind === 'evidence')!.after.length).toBeLessThanOrEqual(1_000_000);
    expect(plan(ledgerOf(0, pairs(3000).slice(0, fit - 1))).problems.some((problem) => problem.rule === 'report/too-large')).toBe(true);
  });

  it('matches later rows against sources added and filled by earlier rows of the same ledger', () => {
    // Row 2 adds a source without a URL; row 3 gives its URL by the same title; row 4 finds it by that URL.
    const rows = [
      '| Later source | Doe, 2025 | — | abstract only | qualifies `ids` | None | 2026-11-30 / 2026-11-30 |',
      '| Later source | Doe, 2025 | https://example.org/later | abstract only | qualifies `ids` | None | 2026-11-30 / 2026-11-30 |',
      '| Another title | Doe, 2025 | https://example.org/later/ | abstract only | `tree` | None | 2026-11-30 / 2026-11-30 |',
    ];
    const result = plan(ledgerOf(0, rows));
    expect(result.sources.map((source) => [source.id, source.action, source.how ?? null])).toEqual([
      ['notes', 'merged', 'url'],
      ['a-paper-on-ids', 'new', null],
      ['later-source', 'new', null],
      ['later-source', 'unchanged', 'title'],
      ['later-source', 'unchanged', 'url'],
    ]);
  });
});
