/**
 * `research-pack ingest`, run as the real binary: realistic reports (complete,
 * partial, malformed, against an old revision, naming unknown claims) into
 * temporary copies of the demo book. The resulting YAML and the error texts
 * are asserted as text.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { diffLines } from 'diff';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemoBooks, demoStaleNoteIn, removeProject, repoRoot, runCli, type RunResult } from './helpers.js';

const fixtures = path.join(repoRoot, 'packages/cli/test/fixtures/reports');
/** The fingerprints the fixture reports say they read: chapters 27 and 28 as they were when the reports were written. */
const WRITTEN_AGAINST = {
  '27-chapter': 'aa99293e25f545ec9c00cef02c88db23707a85df948f89cc0f9d396c73689700',
  '28-chapter': 'a57d122400449c909fb5ea69bbb4388ad71a842b1c1eadb4578dfc22dc416772',
};
const book = 'content/books/pi';

let root: string;
let fingerprints: Record<keyof typeof WRITTEN_AGAINST, string>;

beforeEach(async () => {
  root = await copyDemoBooks();
  fingerprints = {
    '27-chapter': (await runCli(['fingerprint', `${book}/27-chapter.mdx`], { cwd: root })).stdout.trim(),
    '28-chapter': (await runCli(['fingerprint', `${book}/28-chapter.mdx`], { cwd: root })).stdout.trim(),
  };
});
afterEach(async () => {
  await removeProject(root);
});

/**
 * Put a fixture report into the project as `incoming/<name>.md`. A report
 * that read the current revision keeps doing so when the demo chapter is edited.
 */
async function putReport(name: string, edit: (text: string) => string = (text) => text): Promise<string> {
  let text = await readFile(path.join(fixtures, `${name}.md`), 'utf8');
  for (const [chapter, fingerprint] of Object.entries(WRITTEN_AGAINST)) text = text.replaceAll(fingerprint, fingerprints[chapter as keyof typeof WRITTEN_AGAINST]);
  await mkdir(path.join(root, 'incoming'), { recursive: true });
  const file = `incoming/${name}.md`;
  await writeFile(path.join(root, file), edit(text));
  return file;
}

function ingest(report: string, ...args: string[]): Promise<RunResult> {
  return runCli(['ingest', report, '--chapter', 'pi/27-chapter', '--as-of', '2026-11-30', ...args], { cwd: root });
}

/** Every file of the book, by path. */
async function snapshotBook(): Promise<Record<string, string>> {
  const dir = path.join(root, book);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries.filter((candidate) => candidate.isFile()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const file = path.relative(dir, path.join(entry.parentPath, entry.name));
    files[file] = await readFile(path.join(dir, file), 'utf8');
  }
  return files;
}

/** The lines a change added; fails when it removed or changed a line. */
function addedLines(before: string, after: string): string[] {
  const parts = diffLines(before, after);
  expect(parts.filter((part) => part.removed)).toEqual([]);
  return parts.filter((part) => part.added).map((part) => part.value);
}

const fuzzyWarning =
  'incoming/complete.md:28:3  claim-audit[11].claim  warning: matched claim "third-party-readers" by approximate text (1 edit): "Several independent tools already parse these file, from tra…"  (hint: check that the row is about "third-party-readers", or name it by id)  [report/fuzzy-claim]\n';

/** The new source whose metadata cell gives its author and date: said, not dropped (an outside author's finding). */
const metadataWarning =
  'incoming/complete.md:37:54  source-ledger[3].metadata  warning: the metadata cell of "JavaScript Object Notation (JSON) Text Sequences" says "N. Williams, RFC 7464, February 2015"; only its identifiers (DOI, arXiv id) and dates are read from it, so the ledger records "javascript-object-notation-json-text-sequences" without authors, publication date or venue  (hint: give them in columns of their own, Authors (separated by ;), Published (YYYY-MM-DD, YYYY-MM or YYYY) and Venue, and ingest the report again; or add authors, published and venue to the source in the evidence sidecar)  [report/metadata-not-recorded]' + '\n';

/** A copy of the demo book without its config: the book's passes keep their reports in .reports/, the default setting copies them to reports/. */
const otherFolder =
  "warning: the report is copied into reports/ in the book folder (the `reports` setting), but the book's earlier passes keep theirs in .reports/ (27-chapter.research.yaml); to keep them together, put `export default { reports: '.reports' };` in research-pack.config.mjs in the project root\n";

describe('research-pack ingest: a complete report', () => {
  it('prints what it would add as a diff of each sidecar, and writes nothing', async () => {
    const report = await putReport('complete');
    const before = await snapshotBook();
    const result = await ingest(report);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(fuzzyWarning + metadataWarning + otherFolder);
    expect(result.stdout).toContain(`Ingest incoming/complete.md into pi/27-chapter (dry run)
  pass:        2026-11-30, by A. Researcher, with a research agent; report content/books/pi/reports/2026-11-30-27-chapter.md (copied)
  revision:    ${fingerprints['27-chapter'].slice(0, 12)}… (the current revision)
  claims:      12 audited (10 by id, 1 by quoted text, 1 by approximate text)
               filled where the author had written nothing: header-metadata-only (concern); timestamps-two-clocks (concern)
  sources:     2 new (javascript-object-notation-json-text-sequences, node-js-documentation-readline), 1 merged, 2 already recorded
               txcript-pi-module: matched by url; added verified
  leads:       2 added as status: lead (lead-javascript-object-notation-json-text-sequences, lead-node-js-documentation-readline); nothing validated
  again:       4 source-claim links already in the evidence as the report gives them; no lead added (\`review\` shows this pass's claim audit under the open ones):
               pi-session-format-doc-1-6-0 (report line 34): one-object-per-line as format-doc-jsonl-container (supports, reported, validated); tree-in-place as format-doc-tree (supports, reported, validated)
               jsonlines-org (report line 35): jsonl-three-rules supports as jsonlines-requirements (supports, background, validated)
               txcript-pi-module (report line 36): third-party-readers supports as txcript-reader (supports, reported, lead)
  experiments: 2 UNRUN, 1 RAN (kept in the report)
`);
    expect(result.stdout).toContain('\n--- a/content/books/pi/27-chapter.claims.yaml\n+++ b/content/books/pi/27-chapter.claims.yaml\n@@ ');
    expect(result.stdout).toContain('\n--- a/content/books/pi/27-chapter.evidence.yaml\n+++ b/content/books/pi/27-chapter.evidence.yaml\n@@ ');
    expect(result.stdout).toContain('\n--- a/content/books/pi/27-chapter.research.yaml\n+++ b/content/books/pi/27-chapter.research.yaml\n@@ ');
    expect(result.stdout).toContain('+    concern: The link text promises more than the section shows\n');
    expect(result.stdout).toMatch(/\nnew file content\/books\/pi\/reports\/2026-11-30-27-chapter\.md: a copy of incoming\/complete\.md \(68 lines, sha256 [0-9a-f]{12}…\)\n/);
    expect(result.stdout.endsWith('\nDry run: nothing was written. Run again with --write to apply.\n')).toBe(true);
    expect(await snapshotBook()).toEqual(before);
  });

  it('--write adds leads, sources and a pass, keeps every byte the author wrote, and validates nothing', async () => {
    const report = await putReport('complete');
    const before = await snapshotBook();
    const dryRun = await ingest(report);
    const result = await ingest(report, '--write');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(fuzzyWarning + metadataWarning + otherFolder);
    // The same diff as the dry run, then what was written.
    expect(result.stdout.replace(' (dry run)', '').split('\n\nWrote ')[0]).toBe(dryRun.stdout.replace(' (dry run)', '').split('\n\nDry run: ')[0]);
    expect(result.stdout).toContain(
      '\n\nWrote content/books/pi/reports/2026-11-30-27-chapter.md, content/books/pi/27-chapter.claims.yaml, content/books/pi/27-chapter.evidence.yaml, content/books/pi/27-chapter.research.yaml.\nThe leads and sources are not validated: check each against its source before you change a verdict.\n',
    );
    const after = await snapshotBook();

    // Claims: a concern where the author wrote none; a concern the author wrote (tree-in-place) is kept.
    expect(addedLines(before['27-chapter.claims.yaml']!, after['27-chapter.claims.yaml']!)).toEqual([
      '    concern: The link text promises more than the section shows\n',
      '    concern: Readers may expect one clock\n',
    ]);
    expect(after['27-chapter.claims.yaml']).toContain('    concern: >-\n      The verdict was given on earlier wording');
    expect(after['27-chapter.claims.yaml']).not.toContain('Reviewed on older wording');

    // Evidence: a missing field filled, two new sources with the reading the report gives, two leads.
    expect(addedLines(before['27-chapter.evidence.yaml']!, after['27-chapter.evidence.yaml']!)).toEqual([
      '    verified: 2026-11-30\n',
      `  # Sources added from reports/2026-11-30-27-chapter.md (research pass of 2026-11-30); reading as the report gives it
  - id: javascript-object-notation-json-text-sequences
    title: JavaScript Object Notation (JSON) Text Sequences
    identifiers:
      doi: 10.17487/RFC7464
    url: https://www.rfc-editor.org/rfc/rfc7464
    reading: abstract-only
    accessed: 2026-11-30
    verified: 2026-11-30
    limitations: A different framing (record separators), named only as a contrast

  - id: node-js-documentation-readline
    title: "Node.js documentation: readline"
    url: https://nodejs.org/api/readline.html
    reading: abstract-only
    accessed: 2026-11-30
    limitations: Says how lines can be streamed, not what pi does

`,
      `
  # Leads from reports/2026-11-30-27-chapter.md (research pass of 2026-11-30), as the report gave them; each is evidence once the author accepts it
  - id: lead-javascript-object-notation-json-text-sequences
    source: javascript-object-notation-json-text-sequences
    claims: [one-object-per-line]
    relation: qualifies
    class: reported
    status: lead
    note: >-
      From the research pass of 2026-11-30 (reports/2026-11-30-27-chapter.md,
      source ledger, line 37): only its abstract or opening was read. Not yet
      checked by the author.
    recorded: 2026-11-30

  - id: lead-node-js-documentation-readline
    source: node-js-documentation-readline
    claims: [large-file-loading]
    relation: unresolved
    class: reported
    status: lead
    note: >-
      From the research pass of 2026-11-30 (reports/2026-11-30-27-chapter.md,
      source ledger, line 38): only its abstract or opening was read. The report
      marks parts of it UNVERIFIED. Not yet checked by the author.
    recorded: 2026-11-30
`,
    ]);
    const validated = (text: string) => text.match(/status: validated/g)?.length ?? 0;
    expect(validated(after['27-chapter.evidence.yaml']!)).toBe(validated(before['27-chapter.evidence.yaml']!));
    expect(after['27-chapter.evidence.yaml']!.slice(0, 400)).toBe(before['27-chapter.evidence.yaml']!.slice(0, 400));

    // Research: the pass, with findings and proposal as returned.
    expect(addedLines(before['27-chapter.research.yaml']!, after['27-chapter.research.yaml']!)).toEqual([
      `  # Research pass ingested from reports/2026-11-30-27-chapter.md
  - date: 2026-11-30
    by: A. Researcher, with a research agent
    report: reports/2026-11-30-27-chapter.md
    fingerprint: ${fingerprints['27-chapter']}
    summary: >-
      The chapter still holds where the first pass said it did; the two
      corrections proposed then are still open, and loading speed is still
      unmeasured.
    findings: |-
      **Supporting.** The container, the header, the two clocks and the migration on load read as the first pass left them; the format notes of 1.6.0 still say what the chapter says (\`one-object-per-line\`, \`header-metadata-only\`, \`timestamps-two-clocks\`, \`migration-on-load\`).

      **Qualifying.** RFC 7464 defines a different way to put JSON texts in one stream, with a record separator before each text; it is a contrast to \`one-object-per-line\`, not a source for it.

      **Contradicting.** Nothing new. The two contradictions of the first pass (\`session-id-v4\`, \`first-write-after-reply\`) are still in the prose.

      **Unresolved.** \`large-file-loading\` is still unmeasured. \`third-party-readers\` still rests on opening sections.
    proposal: |-
      1. Apply the two corrections the first pass proposed (session id, first write); the evidence has not changed.
      2. Re-review \`tree-in-place\` on its current wording; the evidence still applies.
      3. Refresh the evidence of \`jsonl-three-rules\` from today's reading of jsonlines.org.
    counts:
      claims: 12
      sources: 2
      leads: 2
`,
    ]);

    // The report is copied byte for byte; no temporary file is left behind.
    expect(after['reports/2026-11-30-27-chapter.md']).toBe(await readFile(path.join(root, report), 'utf8'));
    expect(Object.keys(after).filter((file) => !(file in before))).toEqual(['reports/2026-11-30-27-chapter.md']);
    expect(Object.keys(after).some((file) => path.basename(file).startsWith('.'))).toBe(false);

    // The book still passes check, and the pass shows in the brief.
    expect(await runCli(['check', '--as-of', '2026-11-30'], { cwd: root })).toEqual({ code: 0, stdout: 'No problems in content/books.\n', stderr: await demoStaleNoteIn(root) });
    const brief = await runCli(['brief', 'pi/27-chapter', '--as-of', '2026-11-30'], { cwd: root });
    expect(brief.stdout).toContain(
      `- 2026-11-30, by A. Researcher, with a research agent\n  Report: reports/2026-11-30-27-chapter.md\n  Revision read: ${fingerprints['27-chapter']}, the current revision (the fingerprints match).\n`,
    );
    expect(brief.stdout).toContain('javascript-object-notation-json-text-sequences');
  });

  it('adds nothing when the same report is ingested again, under any name', async () => {
    const report = await putReport('complete');
    expect((await ingest(report, '--write')).code).toBe(0);
    const once = await snapshotBook();

    const again = await ingest(report, '--write');
    expect(again).toEqual({
      code: 0,
      stdout:
        'incoming/complete.md is already ingested: it is the report of the research pass of 2026-11-30 (reports/2026-11-30-27-chapter.md) of pi/27-chapter. Nothing to change.\n',
      stderr: '',
    });
    await writeFile(path.join(root, 'incoming/renamed.md'), await readFile(path.join(root, report)));
    const renamed = await ingest('incoming/renamed.md', '--write');
    expect(renamed.code).toBe(0);
    expect(renamed.stdout).toContain('incoming/renamed.md is already ingested');
    expect(await snapshotBook()).toEqual(once);
  });

  it('says when it copies the report into another folder than the earlier passes\' reports, and how to keep them together (an outside author\'s finding)', async () => {
    const report = await putReport('complete');
    await writeFile(path.join(root, 'research-pack.config.mjs'), "export default { reports: 'copies' };\n");
    const elsewhere = await ingest(report);
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    expect(elsewhere.stderr).toBe(
      `${fuzzyWarning}${metadataWarning}warning: the report is copied into copies/ in the book folder (the \`reports\` setting), but the book's earlier passes keep theirs in .reports/ (27-chapter.research.yaml); to keep them together, set \`reports: '.reports'\` in research-pack.config.mjs\n`,
    );
    expect(elsewhere.stdout).toContain('report content/books/pi/copies/2026-11-30-27-chapter.md (copied)');
    await writeFile(path.join(root, 'research-pack.config.mjs'), "export default { reports: '.reports' };\n");
    const together = await ingest(report);
    expect(together.stderr).toBe(fuzzyWarning + metadataWarning);
    expect(together.stdout).toContain('report content/books/pi/.reports/2026-11-30-27-chapter.md (copied)');
  });

  it("says review shows a pass's claim audit under the open leads only when no recorded pass is later (a review's finding)", async () => {
    const report = await putReport('complete');
    // The demo's passes are of 2026-11-29: a pass of the day before is not the one review shows.
    const earlier = await ingest(report, '--date', '2026-11-28');
    expect(earlier.code, earlier.stderr).toBe(0);
    expect(earlier.stdout).toMatch(/\n {2}again: {7}4 source-claim links already in the evidence as the report gives them; no lead added:\n/);
    const later = await ingest(report);
    expect(later.stdout).toContain("no lead added (`review` shows this pass's claim audit under the open ones):\n");
  });

  it('never duplicates a source or a lead when an edited version of the report comes back', async () => {
    const report = await putReport('complete');
    expect((await ingest(report, '--write')).code).toBe(0);
    const once = await snapshotBook();
    const edited = await putReport('complete', (text) => text.replace('## 7. Review checklist', '## 7. Review checklist\n\nChecked again on 2026-11-30.'));
    const result = await ingest(edited, '--write');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  sources:     0 new, 0 merged, 5 already recorded\n');
    expect(result.stdout).toContain('  leads:       0 added as status: lead; nothing validated\n');
    const twice = await snapshotBook();
    expect(twice['27-chapter.evidence.yaml']).toBe(once['27-chapter.evidence.yaml']);
    expect(twice['27-chapter.claims.yaml']).toBe(once['27-chapter.claims.yaml']);
    // A second pass, with its own copy of the report.
    expect(addedLines(once['27-chapter.research.yaml']!, twice['27-chapter.research.yaml']!).join('')).toContain('    report: reports/2026-11-30-27-chapter-2.md\n');
    expect(twice['reports/2026-11-30-27-chapter-2.md']).toContain('Checked again on 2026-11-30.');
  });

  it('keeps CRLF line endings', async () => {
    const file = path.join(root, book, '27-chapter.evidence.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/\n/g, '\r\n'));
    const result = await ingest(await putReport('complete'), '--write');
    expect(result.code).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('\r\n  - id: node-js-documentation-readline\r\n');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });
});

describe('research-pack ingest: other reports', () => {
  it('asks who made a pass when the report does not say', async () => {
    const result = await ingest(await putReport('partial'));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'research-pack ingest: incoming/partial.md does not say who made the pass (no "By:" line in section 1); give --by <name>, e.g. --by "A. Researcher, with a research agent"\nRun `research-pack ingest --help` for usage.\n',
    );
  });

  it('ingests a partial report: the claims it covers, the sources it names, and warnings for the rest', async () => {
    const report = await putReport('partial');
    const before = await snapshotBook();
    const result = await ingest(report, '--by', 'E. Researcher', '--date', '2026-11-30', '--write');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      [
        'incoming/partial.md:11:1  claim-audit  warning: the claim audit covers 3 of 12 claims; not audited: one-object-per-line, jsonl-three-rules, timestamps-two-clocks, tree-in-place, directory-encoding, first-write-after-reply, migration-on-load, large-file-loading, third-party-readers  [report/claims-not-audited]',
        'incoming/partial.md:23:1  source-ledger[0].reading  warning: the report read "Universally Unique IDentifiers (UUIDs), RFC 9562" as full-text, the ledger says abstract-only for "rfc-9562"; the ledger is kept  (hint: if the report is right: research-pack source rfc-9562 --reading full-text --chapter pi/27-chapter)  [report/reading-differs]',
        'incoming/partial.md:24:64  source-ledger[1].metadata  warning: the metadata cell of "ReAct: Synergizing Reasoning and Acting in Language Models" says "Yao et al; ICLR 2023"; only its identifiers (DOI, arXiv id) and dates are read from it, so the ledger records "react-synergizing-reasoning-and-acting-in" without authors, publication date or venue  (hint: give them in columns of their own, Authors (separated by ;), Published (YYYY-MM-DD, YYYY-MM or YYYY) and Venue, and ingest the report again; or add authors, published and venue to the source in the evidence sidecar)  [report/metadata-not-recorded]',
        otherFolder,
      ].join('\n'),
    );
    expect(result.stdout).toContain('  claims:      3 audited (2 by id, 1 by quoted text)\n');
    const after = await snapshotBook();
    expect(after['27-chapter.claims.yaml']).toBe(before['27-chapter.claims.yaml']);
    const added = addedLines(before['27-chapter.evidence.yaml']!, after['27-chapter.evidence.yaml']!).join('');
    // RFC 9562 is merged into the recorded source (by DOI), not added again; its lead exists already.
    expect(added).not.toContain('rfc9562');
    expect(added).toContain(`  - id: react-synergizing-reasoning-and-acting-in
    title: "ReAct: Synergizing Reasoning and Acting in Language Models"
    identifiers:
      arxiv: 2210.03629v3
    url: https://arxiv.org/abs/2210.03629v3
    reading: abstract-only
    accessed: 2026-11-30
    verified: 2026-11-30
    limitations: Trajectories are sequences; branching is not discussed
`);
    expect(added).toContain(`  - id: lead-pi-dev-session-format
    source: pi-dev-session-format
    claims: [header-metadata-only]
    relation: unresolved
    class: reported
    status: lead
`);
    const pass = addedLines(before['27-chapter.research.yaml']!, after['27-chapter.research.yaml']!).join('');
    expect(pass).toContain('  - date: 2026-11-30\n    by: E. Researcher\n    report: reports/2026-11-30-27-chapter.md\n');
    expect(pass).not.toContain('summary:');
    expect(pass).toContain('    counts:\n      claims: 3\n      sources: 1\n      leads: 2\n');
  });

  it('records a report of an old revision with a warning, and the brief says so', async () => {
    const report = await putReport('old-revision');
    const result = await ingest(report, '--write');
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n')[0]).toBe(
      `incoming/old-revision.md:6:66  context.fingerprint  warning: the report read revision 5c0b1d93e8a4…, but the current fingerprint of pi/27-chapter is ${fingerprints['27-chapter'].slice(0, 12)}…: the chapter changed after the research, so check its claim audit against the current prose  (hint: the pass records the revision the report read, and the research pack shows it as an older revision)  [report/old-revision]`,
    );
    expect(result.stdout).toContain(`  revision:    5c0b1d93e8a4… (an older revision; the current one is ${fingerprints['27-chapter'].slice(0, 12)}…)\n`);
    const research = await readFile(path.join(root, book, '27-chapter.research.yaml'), 'utf8');
    expect(research).toContain('    fingerprint: 5c0b1d93e8a4f26b7d0e1c9f3a58b4e2d6c7a1f0e9b8d7c6a5f4e3d2c1b0a998\n');
    const brief = await runCli(['brief', 'pi/27-chapter', '--as-of', '2026-11-30'], { cwd: root });
    expect(brief.stdout).toContain(
      '- 2026-11-21, by B. Reviewer\n  Report: reports/2026-11-21-27-chapter.md\n  Revision read: 5c0b1d93e8a4f26b7d0e1c9f3a58b4e2d6c7a1f0e9b8d7c6a5f4e3d2c1b0a998, not the current revision: the chapter has changed since this pass.\n',
    );
  });

  it('creates the evidence and research sidecars of a chapter that has none', async () => {
    const report = await putReport('first-pass-28');
    const result = await runCli(['ingest', report, '--chapter', 'pi/28-chapter', '--as-of', '2026-11-30', '--write'], { cwd: root });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(otherFolder);
    expect(result.stdout).toContain('\n--- /dev/null\n+++ b/content/books/pi/28-chapter.evidence.yaml\n');
    expect(await readFile(path.join(root, book, '28-chapter.research.yaml'), 'utf8')).toBe(`# yaml-language-server: $schema=../../../node_modules/@research-pack/core/schemas/research.schema.json

history:
  - date: 2026-11-30
    by: A. Researcher
    report: reports/2026-11-30-28-chapter.md
    fingerprint: ${fingerprints['28-chapter']}
    findings: >-
      The format notes support \`fork-records-parent\` and
      \`compaction-keeps-entries\`, and qualify \`branch-summary-on-leave\`: the
      summary is offered, not automatic.
    proposal: Say that pi asks before it summarizes a branch you leave.
    counts:
      claims: 4
      sources: 1
      leads: 2
`);
    const evidence = await readFile(path.join(root, book, '28-chapter.evidence.yaml'), 'utf8');
    expect(evidence).toMatch(/^# yaml-language-server: \$schema=\.\.\/\.\.\/\.\.\/node_modules\/@research-pack\/core\/schemas\/evidence\.schema\.json\n\nsources:\n  - id: session-file-format-packages-coding-agent-docs\n/);
    expect(evidence).toContain('    claims: [fork-records-parent, compaction-keeps-entries]\n    relation: supports\n');
    expect(evidence).toContain('    claims: [branch-summary-on-leave]\n    relation: qualifies\n');
    expect(await runCli(['check', '--as-of', '2026-11-30'], { cwd: root })).toMatchObject({ code: 0 });
  });
});

describe('research-pack ingest: reports that cannot be ingested', () => {
  it('lists every structural mistake of a malformed report with its line, exits 1 and changes nothing', async () => {
    const report = await putReport('malformed');
    const before = await snapshotBook();
    const result = await ingest(report, '--write');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const order =
      'a report has exactly these ## sections, in this order: 1. Context and provenance, 2. Claim audit, 3. Source ledger, 4. Findings, 5. Upgrade proposal, 6. Experiment opportunities, 7. Review checklist';
    // The document's own mistakes refuse it; a row's are warnings (that row is left out or held back).
    expect(result.stderr).toBe(
      [
        'incoming/malformed.md:3:1  context.fingerprint  warning: section 1 does not give the fingerprint (sha256) of the chapter revision it read; the pass will record none, and no one can tell later which revision it checked  (hint: copy the "Chapter prose fingerprint" line of the brief into section 1)  [report/no-fingerprint]',
        'incoming/malformed.md:15:1  section "4. Source ledger" is numbered 4, but "Source ledger" is section 3  (hint: number it "## 3. Source ledger")  [report/section-number]',
        'incoming/malformed.md:19:1  source-ledger[0]  warning: this source-ledger row has 8 cells, the header has 7  (hint: give every row one cell per column; write a | inside a cell as \\|)  [report/ragged-row]',
        'incoming/malformed.md:20:67  source-ledger[1].bearsOn  warning: "the container" names no claim or row; the source lands without it  (hint: name claims by id (`tree-in-place`) or by their claim-audit row label (C1, C4–C9))  [report/unresolved-reference]',
        'incoming/malformed.md:22:91  source-ledger[3].accessed  warning: the accessed date "2026-11-31" is no such day (not a real calendar date); it is left out  (hint: November 2026 has 30 days; check the day and the month)  [report/invalid-value]',
        'incoming/malformed.md:30:1  experiments[0]  warning: the experiment "Time the loading of a session with 100,000 entries." does not say whether it was run; it is counted as not run  (hint: write UNRUN on every experiment you did not run; give the date, command and outcome of one you ran)  [report/missing-unrun]',
        `incoming/malformed.md:32:1  section 5 "Upgrade proposal" comes after section 6 "Experiment opportunities"  (hint: ${order})  [report/section-order]`,
        `incoming/malformed.md:36:1  "## Appendix: raw notes" is not one of the seven sections  (hint: make it a ### subsection of one of them; ${order})  [report/unknown-section]`,
        `incoming/malformed.md:38:1  missing section "## 7. Review checklist"  (hint: add it with each decision the author has to make, with your reason to accept, revise, defer or reject each proposal; ${order})  [report/missing-section]`,
        '4 error(s), 5 warning(s). incoming/malformed.md cannot be ingested; nothing was written.',
        '',
      ].join('\n'),
    );
    expect(await snapshotBook()).toEqual(before);
  });

  it("refuses a report nested 50,000 and 20,000 deep at its place, in little memory and without a stack trace (an outside reviewer's finding)", async () => {
    const before = await snapshotBook();
    for (const depth of [50_000, 20_000, 200]) {
      const report = await putReport('complete', (text) => text.replace('## 4. Findings\n', `## 4. Findings\n\n${'>'.repeat(depth)} deep\n`));
      const line = (await readFile(path.join(root, report), 'utf8')).split('\n').findIndex((text) => text.startsWith('>>>')) + 1;
      const result = await ingest(report, '--write');
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toBe(
        [
          `incoming/complete.md:${line}:65  blocks and elements are nested more than 64 levels deep here, so the report is not read  (hint: a report nests a few levels at most (blockquotes, lists, emphasis, links, directives and tags inside one another): look for a line that opens with a long run of ">" or list markers, or "[", "(", "{" and tags left open; a line meant as code goes in a fenced code block)  [report/too-deep]`,
          '1 error(s), 0 warning(s). incoming/complete.md cannot be ingested; nothing was written.',
          '',
        ].join('\n'),
      );
    }
    expect(await snapshotBook()).toEqual(before);
  });

  it('proposes the claims the chapter does not have, holds back a typo and an ambiguous quote, and exits 3; --strict refuses', async () => {
    const report = await putReport('unknown-claims');
    const before = await snapshotBook();
    const strict = await ingest(report, '--write', '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe('');
    expect(strict.stderr.endsWith('0 error(s), 5 warning(s). --strict: incoming/unknown-claims.md has 5 problem(s); nothing was written.\n')).toBe(true);
    expect(await snapshotBook()).toEqual(before);

    const result = await ingest(report, '--write');
    expect(result.code).toBe(3);
    const claims =
      'one-object-per-line, jsonl-three-rules, header-metadata-only, session-id-v4, entry-ids-short, timestamps-two-clocks, tree-in-place, directory-encoding, first-write-after-reply, migration-on-load, large-file-loading, third-party-readers';
    expect(result.stderr).toBe(
      [
        `incoming/unknown-claims.md:9:1  claim-audit  warning: the claim audit covers 0 of 12 claims; not audited: ${claims}  [report/claims-not-audited]`,
        'incoming/unknown-claims.md:13:3  claim-audit[0].claim  warning: no claim "sesion-id-v4" in content/books/pi/27-chapter.claims.yaml; the row is held back  (hint: did you mean "session-id-v4"? name the claim by its id in a copy of the report, or record what its sources show yourself (`research-pack cite <source> --claim session-id-v4 --relation <r>`))  [report/unknown-claim]',
        'incoming/unknown-claims.md:15:3  claim-audit[2].claim  warning: the quoted words "Sessions are stored in a SQLite database." are not in the chapter snapshot; the claim is proposed as "sessions-are-stored-in-a-sqlite-database" without a quote  (hint: the words may be invented or of another revision: check them against the chapter; `research-pack review` lists the proposal, to accept with accept-claim or reject with reject --why)  [report/quote-not-found]',
        'incoming/unknown-claims.md:16:3  claim-audit[3].claim  warning: the quote matches the claims "header-metadata-only", "session-id-v4" equally well; the row is held back  (hint: name the claim by id, e.g. `claim-id`, anywhere in the claim cell)  [report/ambiguous-claim]',
        'incoming/unknown-claims.md:22:159  source-ledger[0].bearsOn  warning: "tree-in-plac" names no claim of the chapter, no claim-audit row and no proposed claim; the source lands without it  (hint: did you mean "tree-in-place"?)  [report/unresolved-reference]',
        otherFolder,
      ].join('\n'),
    );
    expect(result.stdout).toContain('  proposed:    2 claims proposed (header-version, sessions-are-stored-in-a-sqlite-database); not claims until the author accepts them\n  again:       1 source-claim link already in the evidence as the report gives it; no lead added (`review` shows this pass\'s claim audit under the open ones):\n               pi-session-format-doc-1-6-0 (report line 22): header-metadata-only as format-doc-header (supports, reported, validated)\n  held back:   2 rows (listed below; recorded in the pass)\n');
    expect(result.stdout).toContain(
      [
        'Held back (2): these rows stay in the report and are listed in the pass; nothing else of theirs is written.',
        '  incoming/unknown-claims.md:13:1  claim-audit "sesion-id-v4": no claim "sesion-id-v4" in content/books/pi/27-chapter.claims.yaml  (fix: did you mean "session-id-v4"? name the claim by its id in a copy of the report, or record what its sources show yourself (`research-pack cite <source> --claim session-id-v4 --relation <r>`))',
        '  incoming/unknown-claims.md:16:1  claim-audit "\\"session id\\"": the quote matches the claims "header-metadata-only", "session-id-v4" equally well  (fix: name the claim by id, e.g. `claim-id`, anywhere in the claim cell)',
      ].join('\n'),
    );
    expect(result.stdout).toContain('The proposed claims are not claims until you accept one: `research-pack review` lists them with a handle, `research-pack accept-claim <handle>` adds one.\n');
    // The claims sidecar is the author's: proposals go to the research sidecar, held-back rows to the pass.
    const after = await snapshotBook();
    expect(after['27-chapter.claims.yaml']).toBe(before['27-chapter.claims.yaml']);
    const research = after['27-chapter.research.yaml']!;
    expect(research).toContain('\nproposedClaims:\n');
    expect(research).toContain(`  - id: header-version\n    statement: '#header-version, "The header"'\n    quote: The header\n    line: 27\n`);
    expect(research).toContain('    heldBack:\n      - table: claim-audit\n        line: 13\n        column: 1\n        label: sesion-id-v4\n');
    expect(await runCli(['check', '--as-of', '2026-11-30'], { cwd: root })).toMatchObject({ code: 0 });
    // Nothing more the second time.
    const again = await ingest(report, '--write');
    expect(again.code).toBe(3);
    expect(again.stdout).toContain('is already ingested: it is the report of the research pass of 2026-11-30 (reports/2026-11-30-27-chapter.md) of pi/27-chapter. Nothing to change. 2 rows of it were held back, as the pass records: fix them in a copy of the report and ingest that.\n');
    expect(await snapshotBook()).toEqual(after);
  });

  it('adds the sources an edited report links to a claim an earlier pass proposed to that proposal, and says so', async () => {
    const first = await ingest(await putReport('unknown-claims'), '--write');
    expect(first.code).toBe(3);
    const row = '| JSON Lines | jsonlines.org | https://jsonlines.org/ | full text | supports `header-version` | Site | 2026-11-30 / 2026-11-30 |';
    const edited = await putReport('unknown-claims', (text) => text.replace('| Session File Format, pi 1.6.0 |', `${row}\n| Session File Format, pi 1.6.0 |`));
    const before = (await snapshotBook())['27-chapter.research.yaml']!;
    expect(before).toContain('  - id: header-version\n');
    const again = await ingest(edited, '--write');
    expect(again.stdout).toContain('               header-version (proposed earlier): sources added jsonlines-org\n');
    const research = (await snapshotBook())['27-chapter.research.yaml']!;
    const proposal = research.slice(research.indexOf('  - id: header-version\n'));
    expect(proposal.slice(0, proposal.indexOf('\n  - ', 1) === -1 ? undefined : proposal.indexOf('\n  - ', 1))).toContain('    sources: [jsonlines-org]\n');
    // Only that line of the sidecar changed, besides the pass appended.
    expect(diffLines(before, research).filter((part) => part.removed).map((part) => part.value)).toEqual(['    sources: []\n']);
    expect(await runCli(['check', '--as-of', '2026-11-30'], { cwd: root })).toMatchObject({ code: 0 });
  });

  it('names a report outside the folder it runs in by its whole path, and the chapter as book/chapter', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'research-pack-report-'));
    try {
      const file = path.join(outside, 'report.md');
      await writeFile(file, await readFile(path.join(root, await putReport('complete')), 'utf8'));
      const result = await runCli(['ingest', file, '--chapter', '27-chapter', '--as-of', '2026-11-30'], { cwd: root });
      expect(result.stdout.split('\n')[0]).toBe(`Ingest ${file} into pi/27-chapter (dry run)`);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("refuses to copy the report into a reports folder that is a link out of the project, dry run or not (an outside reviewer's finding)", async () => {
    const report = await putReport('complete');
    const outside = await mkdtemp(path.join(os.tmpdir(), 'research-pack-outside-'));
    try {
      await symlink(outside, path.join(root, book, 'reports'));
      const before = await snapshotBook();
      for (const args of [[], ['--write']]) {
        const result = await ingest(report, ...args);
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(
          `research-pack ingest: cannot write content/books/pi/reports/2026-11-30-27-chapter.md: its folder is reached through a symbolic link that leads out of the book folder, to ${JSON.stringify(await realpath(outside))}; nothing was written; replace the link with a folder inside the book folder\n`,
        );
      }
      expect(await readdir(outside)).toEqual([]);
      expect(await snapshotBook()).toEqual(before);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("names a report whose file name holds a line break quoted, so that it cannot forge a line of the summary (an outside reviewer's finding)", async () => {
    const text = await readFile(path.join(root, await putReport('complete')), 'utf8');
    await writeFile(path.join(root, 'incoming', 'x\nWrote everything.md'), text);
    const result = await ingest('incoming/x\nWrote everything.md');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('Ingest "incoming/x\\nWrote everything.md" into pi/27-chapter (dry run)');
    expect(result.stdout).not.toMatch(/^Wrote everything/m);
  });

  it('writes nothing when the would-be sidecars fail check', async () => {
    const report = await putReport('complete');
    const before = await snapshotBook();
    // A pass dated after the day the book is checked for lies in the future.
    const result = await ingest(report, '--date', '2026-12-24', '--write');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(fuzzyWarning);
    expect(result.stderr).toMatch(/\ncontent\/books\/pi\/27-chapter\.research\.yaml:\d+:\d+  history\[\d+\]\.date  .*\[cross\/future-date\]\n/);
    expect(result.stderr.endsWith('The sidecars incoming/complete.md would produce do not pass `research-pack check`; nothing was written.\n')).toBe(true);
    expect(await snapshotBook()).toEqual(before);
  });

  it('finds the chapter a report read without --chapter, and refuses a report about another chapter than --chapter', async () => {
    const report = await putReport('complete');
    // The revision it read is chapter 27's current one.
    const found = await runCli(['ingest', report, '--as-of', '2026-11-30'], { cwd: root });
    expect(found.code).toBe(0);
    expect(found.stdout).toContain(`Ingest ${report} into pi/27-chapter (dry run)`);
    // And writes there, under the lock of that chapter's book.
    const written = await runCli(['ingest', report, '--as-of', '2026-11-30', '--write'], { cwd: root });
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain(`\nWrote ${book}/reports/2026-11-30-27-chapter.md, ${book}/27-chapter.claims.yaml`);
    // A newcomer's slip: the report of one chapter ingested into another.
    const before = await snapshotBook();
    const other = await runCli(['ingest', report, '--chapter', 'pi/28-chapter', '--as-of', '2026-11-30', '--write'], { cwd: root });
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(new RegExp(`^${report}:\\d+:\\d+  context\\.chapter  the report is about pi/27-chapter, not pi/28-chapter: it read revision ${fingerprints['27-chapter'].slice(0, 12)}…, the current revision of pi/27-chapter  \\(hint: ingest it with --chapter pi/27-chapter, or leave --chapter out\\)  \\[report/other-chapter\\]\n`));
    expect(other.stderr).toContain('is about another chapter; nothing was written.');
    expect(await snapshotBook()).toEqual(before);
    // An older revision: the stable id its "Chapter:" line gives names the chapter.
    const old = await putReport('complete', (text) => text.replaceAll(fingerprints['27-chapter'], 'ab'.repeat(32)));
    expect((await runCli(['ingest', old, '--as-of', '2026-11-30'], { cwd: root })).stdout).toContain(`Ingest ${old} into pi/27-chapter (dry run)`);
    const byId = await runCli(['ingest', old, '--chapter', 'pi/26-chapter', '--as-of', '2026-11-30'], { cwd: root });
    expect(byId.code).toBe(1);
    expect(byId.stderr).toContain('context.chapter  the report is about pi/27-chapter, not pi/26-chapter: it gives the stable id pi-27-chapter, of pi/27-chapter');
    // Neither: --chapter is asked for.
    const none = await putReport('complete', (text) => text.replaceAll(fingerprints['27-chapter'], 'ab'.repeat(32)).replace(/^- \*\*Chapter:\*\*.*$/m, '- **Scope:** all of it.'));
    const asked = await runCli(['ingest', none, '--as-of', '2026-11-30'], { cwd: root });
    expect(asked.code).toBe(2);
    expect(asked.stderr).toBe(`research-pack ingest: which chapter is ${none} about? its fingerprint is no revision a chapter has or a pass read, and its title and section 1 give no chapter's stable id; give --chapter <book>/<chapter>, one of: pi/26-chapter, pi/27-chapter, pi/28-chapter\nRun \`research-pack ingest --help\` for usage.\n`);
    // A stable id anywhere in section 1 names the chapter (an outside author's report said "chapter 28 (stable id `pi-28-chapter`)").
    const inProse = await putReport('complete', (text) => text.replaceAll(fingerprints['27-chapter'], 'ab'.repeat(32)).replace(/^- \*\*Chapter:\*\*.*$/m, '- **Scope:** all of chapter 27 (stable id `pi-27-chapter`).'));
    expect((await runCli(['ingest', inProse, '--chapter', 'pi/26-chapter', '--as-of', '2026-11-30'], { cwd: root })).stderr).toContain('the report is about pi/27-chapter, not pi/26-chapter: it gives the stable id pi-27-chapter, of pi/27-chapter');
    // Once the chapter changed, the revision its pass read still names it.
    const mdx = path.join(root, book, '27-chapter.mdx');
    const prose = await readFile(mdx, 'utf8');
    await writeFile(mdx, prose.replace('JSON Lines', 'JSON-Lines'));
    const original = await putReport('complete');
    const read27 = await runCli(['ingest', original, '--chapter', 'pi/26-chapter', '--as-of', '2026-11-30'], { cwd: root });
    expect(read27.code).toBe(1);
    expect(read27.stderr).toContain(`the report is about pi/27-chapter, not pi/26-chapter: it read revision ${fingerprints['27-chapter'].slice(0, 12)}…, which a research pass of pi/27-chapter read`);
  });

  it('ingests into a chapter while another is set aside for its own errors, and asks about a report it cannot place there', async () => {
    const report = await putReport('complete');
    const clean = await ingest(report);
    expect(clean.code, clean.stderr).toBe(0);
    // Chapter 28 stops check: its quote is no longer in its prose.
    const claims28 = path.join(root, book, '28-chapter.claims.yaml');
    await writeFile(claims28, (await readFile(claims28, 'utf8')).replace('Compaction never deletes the entries it summarizes;', 'Zebras dance quietly under purple moons;'));
    const error = (await runCli(['check'], { cwd: root })).stderr.split('\n')[0]!;
    expect(error).toContain('[anchor/orphan]');
    const warning = `warning: chapter pi/28-chapter is set aside for its errors; the others are read as usual (a build stops at these errors: fix them first):\n${error}\n`;
    // The dry run into chapter 27 plans what it planned, said once after the warning.
    const planned = await ingest(report);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toBe(clean.stdout);
    expect(planned.stderr).toBe(`${warning}${clean.stderr}`);
    // Found without --chapter, and written: the would-be check leaves chapter 28's error, there before, to chapter 28.
    const written = await runCli(['ingest', report, '--as-of', '2026-11-30', '--write'], { cwd: root });
    expect(written.code, written.stderr).toBe(0);
    expect(written.stderr.startsWith(warning)).toBe(true);
    expect(written.stderr.split(warning).length).toBe(2);
    expect(written.stdout).toContain(`\nWrote ${book}/reports/2026-11-30-27-chapter.md, ${book}/27-chapter.claims.yaml`);
    // A report the chapters read cannot place may be about the chapter set aside: the question says so.
    const none = await putReport('complete', (text) => text.replaceAll(fingerprints['27-chapter'], 'ab'.repeat(32)).replace(/^- \*\*Chapter:\*\*.*$/m, '- **Scope:** all of it.'));
    const asked = await runCli(['ingest', none, '--as-of', '2026-11-30'], { cwd: root });
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('one of: pi/26-chapter, pi/27-chapter (pi/28-chapter, set aside for its errors, is not read: fix it first if the report is about it)\n');
    // Into the chapter set aside: refused with its errors.
    const into28 = await runCli(['ingest', report, '--chapter', 'pi/28-chapter', '--as-of', '2026-11-30'], { cwd: root });
    expect(into28.code).toBe(1);
    expect(into28.stderr).toBe(`research-pack ingest: pi/28-chapter has 1 error(s); fix them first (\`research-pack check\` lists them):\n${error}\n`);
  });

  it('exits 2 for bad arguments, an unknown chapter or a missing report', async () => {
    const report = await putReport('complete');
    const cases: Array<[string[], string]> = [
      [['ingest', report, '--chapter', 'pi/29-chapter'], 'research-pack ingest: no chapter "29-chapter" in book "pi"; chapters: pi/26-chapter, pi/27-chapter, pi/28-chapter\n'],
      [['ingest', 'incoming/none.md', '--chapter', 'pi/27-chapter'], 'research-pack ingest: no such file: incoming/none.md\n'],
      [['ingest', report, '--chapter', 'pi/27-chapter', '--date', '30.11.2026'], 'research-pack ingest: --date must be a real date written as YYYY-MM-DD, got "30.11.2026"\n'],
      [['ingest', report, '--chapter', 'pi/27-chapter', '--by', ' '], 'research-pack ingest: --by must not be empty\n'],
      [['ingest', '--chapter', 'pi/27-chapter'], 'research-pack ingest: expected one <report.md>, got nothing\n'],
      [['ingest', report, report, '--chapter', 'pi/27-chapter'], `research-pack ingest: expected one <report.md>, got "${report}" "${report}"\n`],
      [['ingest', report, '--chapter', 'pi/27-chapter', '--format', 'json'], 'research-pack ingest: unknown option --format; `ingest` takes --root, --content, --as-of, --chapter, --write, --strict, --by, --date, --help (see `research-pack ingest --help`)\n'],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args, { cwd: root });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toBe(`${message}Run \`research-pack ingest --help\` for usage.\n`);
    }
  });
});

describe('research-pack ingest: the demo book', () => {
  it('holds one ingested pass whose report is in the book and whose leads are not validated', async () => {
    const research = await readFile(path.join(repoRoot, book, '27-chapter.research.yaml'), 'utf8');
    const match = /# Research pass ingested from (\.reports\/[^\n]+\.md)\n/.exec(research);
    expect(match).not.toBeNull();
    const copy = await readFile(path.join(repoRoot, book, match![1]!), 'utf8');
    expect(createHash('sha256').update(copy).digest('hex')).toMatch(/^[0-9a-f]{64}$/);
    const evidence = await readFile(path.join(repoRoot, book, '27-chapter.evidence.yaml'), 'utf8');
    const leads = evidence.split(`# Leads from ${match![1]}`)[1]!;
    expect(leads).toContain('status: lead');
    expect(leads).not.toContain('status: validated');
  });
});
