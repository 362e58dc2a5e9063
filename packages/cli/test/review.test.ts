/**
 * `research-pack review` and the decision commands (accept, reject,
 * accept-claim, verdict, reviewed), run as the real binary on copies of the
 * demo book into which an outside researcher's report (r-27-b, kept as
 * written) was ingested: every command, dry run and write, idempotence,
 * bytes kept outside the edited nodes, and every refusal with its message.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { diffLines } from 'diff';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { bin, copyDemoBooks, demoStaleNoteIn, editFile, removeProject, repoRoot, runCli, type RunResult } from './helpers.js';

const AS_OF = '2026-12-01';
const WHO = ['--by', 'J. Author', '--date', AS_OF];
const book = 'content/books/pi';
const evidenceFile = `${book}/27-chapter.evidence.yaml`;
const claimsFile = `${book}/27-chapter.claims.yaml`;
const researchFile = `${book}/27-chapter.research.yaml`;

let base: string;
let root: string;

beforeAll(async () => {
  base = await copyDemoBooks();
  // The demo's settings: reports are copied into .reports, as in the demo book.
  await cp(path.join(repoRoot, 'research-pack.config.mjs'), path.join(base, 'research-pack.config.mjs'));
  const report = path.join(repoRoot, 'test/fixtures/reports/r-27-b/report.md');
  const ingested = await runCli(['ingest', report, '--chapter', 'pi/27-chapter', '--as-of', AS_OF, '--write'], { cwd: base });
  expect(ingested.code, ingested.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await removeProject(base);
});
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'research-pack-review-'));
  await cp(base, root, { recursive: true });
  return () => removeProject(root);
});

function cli(...args: string[]): Promise<RunResult> {
  return runCli([...args, '--as-of', AS_OF], { cwd: root });
}

async function read(file: string): Promise<string> {
  return readFile(path.join(root, file), 'utf8');
}

/** Every file of the book, by path. */
async function snapshotBook(): Promise<Record<string, string>> {
  const dir = path.join(root, book);
  const files: Record<string, string> = {};
  for (const entry of (await readdir(dir, { recursive: true, withFileTypes: true })).filter((candidate) => candidate.isFile())) {
    const file = path.relative(dir, path.join(entry.parentPath, entry.name));
    files[file] = await readFile(path.join(dir, file), 'utf8');
  }
  return files;
}

/** The lines a change removed and added, as text. */
function changes(before: string, after: string): { removed: string[]; added: string[] } {
  const parts = diffLines(before, after);
  return { removed: parts.filter((part) => part.removed).map((part) => part.value), added: parts.filter((part) => part.added).map((part) => part.value) };
}

interface QueueJson {
  chapters: Array<{
    chapter: string;
    count: number;
    leads: Array<{ handle: string; id: string; claims: string[]; status: string; relation: string }>;
    proposals: Array<{ handle: string; id: string; quote?: string; sources: string[]; status?: string }>;
    claims: Array<{ handle: string; id: string; stale: string | false; reviewDue: boolean; textHash: string }>;
  }>;
}

async function queue(): Promise<QueueJson['chapters'][number]> {
  const result = await cli('review', 'pi/27-chapter', '--format', 'json');
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as QueueJson).chapters[0]!;
}

const HANDLE = /^[lpc][0-9a-f]{4,}\.[0-9a-f]{4}$/;

describe('research-pack review', () => {
  it('lists leads by claim, proposed claims, claims to review again and the upgrade proposal, each with a handle', async () => {
    const result = await cli('review', 'pi/27-chapter');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const data = await queue();
    expect(result.stdout).toMatch(/^pi\/27-chapter: 23 leads, 12 proposed claims, 2 claims to review again await review\n/);
    expect(data.count).toBe(37);
    for (const item of [...data.leads, ...data.proposals, ...data.claims]) expect(item.handle).toMatch(HANDLE);
    expect(new Set([...data.leads, ...data.proposals, ...data.claims].map((item) => item.handle.split('.')[0])).size).toBe(37);
    // A lead, in the words the author decides on.
    const lead = data.leads.find((item) => item.id === 'lead-mining-a-pi-session')!;
    expect(result.stdout).toContain(
      [
        `    ${lead.handle}  lead-mining-a-pi-session`,
        '      source:    mining-a-pi-session: Mining a Pi session, abstract only',
        '      relation:  supports; class reported',
        '      says:      From the research pass of 2026-11-29 (.reports/2026-11-29-27-chapter-2.md, source ledger, line 37): only its abstract or opening was read. The report marks parts of it UNVERIFIED. Not yet checked by the author.',
        '      audit:     row 3 on header-metadata-only: no status given; "Format notes 1.6.0 (validated); a third-party blog post describes the same header (lead)"',
        // What the later pass says of its claim too: it may have read or run what the lead rests on (an outside author's finding: a
        // reproduced timing sat only in the report, under an UNRUN experiment lead).
        '      latest:    the research pass of 2026-12-01 (.reports/2026-12-01-27-chapter.md), row C3 on header-metadata-only: supported; "The format notes say "Metadata only, not part of the tree" [pi-session-format-doc-1-6-0]. The SessionHeader type has version?, id, timestamp, cwd and parentSession?, and _buildIndex() skips the header [pi-session-manager-src, packages-coding-agent-src-core-session-manager]. A third-party blog gives the same description [mining-a-pi-session]."',
        '      from:      the research pass of 2026-11-29 (Claude (Anthropic), Research Pack demo session; .reports/2026-11-29-27-chapter-2.md)',
      ].join('\n'),
    );
    // A lead on several claims: what its pass's claim audit says of each, the report's ledger labels as the chapter's source ids (an outside author's finding: deciding needed both reports open).
    const manager = data.leads.find((item) => item.id === 'lead-pi-session-manager-src')!;
    expect(manager.claims).toEqual(['header-metadata-only', 'session-id-v4']);
    expect(result.stdout).toMatch(/\n      audit:     row C3 on header-metadata-only: supported; "[^\n]*"\n {17}row C4 on session-id-v4: contradicted; "The CHANGELOG says in \[0\.67\.1\][^\n]*"\n      from:      the research pass of 2026-12-01/);
    // The same as data.
    const json = JSON.parse((await cli('review', 'pi/27-chapter', '--format', 'json')).stdout) as { chapters: Array<{ leads: Array<{ id: string; audit: Array<{ claim: string; row: string; status: string | null; rationale: string | null }> }> }> };
    const audit = json.chapters[0]!.leads.find((item) => item.id === 'lead-pi-session-manager-src')!.audit;
    expect(audit.map((row) => [row.claim, row.row, row.status])).toEqual([
      ['header-metadata-only', 'C3', 'supported'],
      ['session-id-v4', 'C4', 'contradicted'],
    ]);
    expect(audit[0]!.rationale).toMatch(/^The format notes say "Metadata only, not part of the tree" \[pi-session-format-doc-1-6-0\]\./);
    expect(json.chapters[0]!.leads.find((item) => item.id === 'pi-dev-format-page')!.audit).toEqual([]);
    // The latest pass's rows, under a lead of another pass; none under a lead of that pass.
    const latestOf = (id: string) => (json.chapters[0]!.leads.find((item) => item.id === id) as unknown as { latest: { date: string; audit: Array<{ claim: string; row: string; status: string | null }> } | null }).latest;
    expect(latestOf('lead-mining-a-pi-session')).toMatchObject({ date: '2026-12-01', report: '.reports/2026-12-01-27-chapter.md', audit: [{ claim: 'header-metadata-only', row: 'C3', status: 'supported' }] });
    expect(latestOf('lead-pi-session-manager-src')).toBeNull();
    // A proposed claim with the quote that will anchor it.
    const torn = data.proposals.find((item) => item.id === 'a-line-torn-by-a-crash-costs-one-entry')!;
    expect(result.stdout).toContain(`    ${torn.handle}  a-line-torn-by-a-crash-costs-one-entry  (snapshot line 13, row N1, research pass of 2026-12-01)\n      quote:     "A line torn by a crash costs one entry, not the session: pi's loader skips lines it cannot parse."`);
    // The stale claim: the wording reviewed is not recorded, only its hash; the wording now.
    const tree = data.claims.find((item) => item.id === 'tree-in-place')!;
    expect(tree).toMatchObject({ stale: 'text-changed', reviewDue: false });
    expect(result.stdout).toContain(`    ${tree.handle}  tree-in-place  (supported on 2026-11-29; stale: the text of the claim has changed since the verdict was given)\n      reviewed:  not recorded (the verdict records only its textHash, d00b2707a3f9c6e6)\n      now:       "Because each entry names its parent`);
    expect(data.claims.find((item) => item.id === 'jsonl-three-rules')).toMatchObject({ stale: false, reviewDue: true });
    expect(result.stdout).toContain('Upgrade proposal of the research pass of 2026-12-01 (.reports/2026-12-01-27-chapter.md): changes to the prose, for the author to make\n    The chapter is fundamentally right');
  });

  it('keeps every other handle when an item is decided', async () => {
    const before = await queue();
    const decided = before.leads[0]!;
    expect((await cli('accept', decided.handle, ...WHO)).code).toBe(0);
    const after = await queue();
    const handles = (chapter: typeof before) => [...chapter.leads, ...chapter.proposals, ...chapter.claims].map((item) => item.handle);
    expect(handles(after)).toEqual(handles(before).filter((handle) => handle !== decided.handle));
  });

  it('refuses --interactive when standard input is not a terminal', async () => {
    const result = await cli('review', 'pi/27-chapter', '--interactive', ...WHO);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'research-pack review: --interactive needs a terminal: standard input is not one. Decide with the commands instead (accept, reject, accept-claim, verdict, reviewed; `research-pack review` lists the handles)\nRun `research-pack review --help` for usage.\n',
    );
  });
});

describe('research-pack accept and reject', () => {
  it('prints the diff with --dry-run and writes nothing', async () => {
    const before = await snapshotBook();
    const result = await cli('accept', 'lead-mining-a-pi-session', ...WHO, '--dry-run');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('accept lead-mining-a-pi-session: lead "lead-mining-a-pi-session" of pi/27-chapter (mining-a-pi-session supports header-metadata-only) is validated evidence, by J. Author on 2026-12-01\n');
    expect(result.stdout).toContain(`--- a/${evidenceFile}\n+++ b/${evidenceFile}\n`);
    expect(result.stdout).toContain('-    status: lead\n+    status: validated\n');
    // The ingest's "Not yet checked by the author." leaves the note with the check.
    expect(result.stdout).toContain('-      marks parts of it UNVERIFIED. Not yet checked by the author.\n-    recorded: 2026-11-29\n+      marks parts of it UNVERIFIED.\n+    recorded: 2026-12-01\n+    by: J. Author\n');
    expect(result.stdout.endsWith('\nDry run: nothing was written. Run again without --dry-run to apply.\n')).toBe(true);
    expect(await snapshotBook()).toEqual(before);
  });

  it('validates a lead in place, keeps every other byte, and changes nothing the second time', async () => {
    const before = await read(evidenceFile);
    const { leads } = await queue();
    const handle = leads.find((item) => item.id === 'lead-mining-a-pi-session')!.handle;
    const result = await cli('accept', handle, ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`accept ${handle}: lead "lead-mining-a-pi-session" of pi/27-chapter (mining-a-pi-session supports header-metadata-only) is validated evidence, by J. Author on 2026-12-01\nWrote ${evidenceFile}.\n`);
    const after = await read(evidenceFile);
    expect(changes(before, after)).toEqual({
      removed: ['    status: lead\n', '      marks parts of it UNVERIFIED. Not yet checked by the author.\n    recorded: 2026-11-29\n'],
      added: ['    status: validated\n', '      marks parts of it UNVERIFIED.\n    recorded: 2026-12-01\n    by: J. Author\n'],
    });
    const item = (parseYaml(after) as { evidence: Array<Record<string, unknown>> }).evidence.find((entry) => entry.id === 'lead-mining-a-pi-session');
    expect(item).toMatchObject({ status: 'validated', recorded: '2026-12-01', by: 'J. Author' });
    expect(item!.note).toBe('From the research pass of 2026-11-29 (.reports/2026-11-29-27-chapter-2.md, source ledger, line 37): only its abstract or opening was read. The report marks parts of it UNVERIFIED.');
    expect((await cli('check')).code).toBe(0);

    const again = await cli('accept', handle, ...WHO);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`accept ${handle}: evidence "lead-mining-a-pi-session" of pi/27-chapter is already validated, by J. Author on 2026-12-01; nothing to change\nNothing to change: the decision is already recorded.\n`);
    expect(await read(evidenceFile)).toBe(after);
  });

  it("says, as it accepts a lead whose source nobody could open, what validating it claims and how to record the reading (an outside author's finding)", async () => {
    expect((await cli('source', 'mining-a-pi-session', '--reading', 'not-accessible', '--chapter', 'pi/27-chapter')).code).toBe(0);
    const result = await cli('accept', 'lead-mining-a-pi-session', ...WHO, '--dry-run');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'is validated evidence, by J. Author on 2026-12-01; note: its source "mining-a-pi-session" is recorded as not accessible (nobody could open it), and validated evidence says you checked the source: if you read it, record how much, `research-pack source mining-a-pi-session --reading full-text` (or partial, abstract-only); if not, reject the lead instead\n',
    );
  });

  it("takes the author's locator and note as it accepts a lead, keeping where the lead came from (an outside author's finding: only a hand edit could)", async () => {
    const result = await cli('accept', 'lead-mining-a-pi-session', '--locator', 'section "The header", second example', '--note', 'Shows the header line with version 3; says nothing of how ids are made.', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('is validated evidence, by J. Author on 2026-12-01, with locator "section \\"The header\\", second example" and your note added to its note\n');
    const item = (parseYaml(await read(evidenceFile)) as { evidence: Array<Record<string, unknown>> }).evidence.find((entry) => entry.id === 'lead-mining-a-pi-session')!;
    expect(item).toMatchObject({ status: 'validated', locator: 'section "The header", second example' });
    expect(item.note).toBe(
      'From the research pass of 2026-11-29 (.reports/2026-11-29-27-chapter-2.md, source ledger, line 37): only its abstract or opening was read. The report marks parts of it UNVERIFIED. Shows the header line with version 3; says nothing of how ids are made.',
    );
    expect((await cli('check')).code).toBe(0);
    const accepted = await snapshotBook();
    // The same again changes nothing; a locator for a lead already validated needs --force, which records the acceptance again.
    const again = await cli('accept', 'lead-mining-a-pi-session', '--locator', 'section "The header", second example', '--note', 'Shows the header line with version 3; says nothing of how ids are made.', ...WHO);
    expect(again.stdout).toContain('nothing to change');
    const other = await cli('accept', 'lead-mining-a-pi-session', '--locator', 'the first example', ...WHO);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('is already validated (by J. Author, recorded 2026-12-01); to give it this locator, give --force: the acceptance is then recorded again, by J. Author on 2026-12-01\n');
    expect(await snapshotBook()).toEqual(accepted);
    const forced = await cli('accept', 'lead-mining-a-pi-session', '--locator', 'the first example', '--force', ...WHO);
    expect(forced.stdout).toContain('with locator "the first example" (was "section \\"The header\\", second example")');
    // A note that the note ends with, but not as a sentence of its own, is added ("… made." and "made.").
    const tail = await cli('accept', 'lead-mining-a-pi-session', '--note', 'made.', '--force', ...WHO);
    expect(tail.stdout).toContain('your note added to its note');
    // One lead per accept that describes one; and a locator is one line.
    expect((await cli('accept', 'lead-mining-a-pi-session', 'lead-agentgrep-pi-backend', '--note', 'Both.', ...WHO)).stderr).toContain('--note describes one lead: give one lead per accept (join them with +)');
    expect((await cli('accept', 'lead-agentgrep-pi-backend', '--locator', 'a\nb', ...WHO)).stderr).toContain('--locator is where in the source, on one line');
    expect((await cli('accept', 'lead-agentgrep-pi-backend', '--note', ' ', ...WHO)).stderr).toContain('--note must not be empty');
  });

  it('refuses a lead already accepted by another decision, and re-accepting a rejected lead without --force', async () => {
    expect((await cli('accept', 'lead-mining-a-pi-session', ...WHO)).code).toBe(0);
    const accepted = await snapshotBook();
    const later = await cli('accept', 'lead-mining-a-pi-session', '--by', 'J. Author', '--date', '2026-11-30');
    expect(later.code).toBe(1);
    expect(later.stderr).toBe(
      'accept lead-mining-a-pi-session: evidence "lead-mining-a-pi-session" of pi/27-chapter is already validated (by J. Author, recorded 2026-12-01); nothing to change. To record this acceptance instead, give --force\nRefused: nothing was written.\n',
    );
    expect(await snapshotBook()).toEqual(accepted);

    const reject = await cli('reject', 'lead-mining-a-pi-session-2', '--why', 'The post shows a header, not how ids are made.', ...WHO);
    expect(reject.code, reject.stderr).toBe(0);
    const rejected = await snapshotBook();
    const reaccept = await cli('accept', 'lead-mining-a-pi-session-2', ...WHO);
    expect(reaccept.code).toBe(1);
    expect(reaccept.stderr).toBe(
      'accept lead-mining-a-pi-session-2: lead "lead-mining-a-pi-session-2" of pi/27-chapter was rejected (by J. Author, recorded 2026-12-01: "The post shows a header, not how ids are made."); to accept it all the same, give --force\nRefused: nothing was written.\n',
    );
    expect(await snapshotBook()).toEqual(rejected);
    const forced = await cli('accept', 'lead-mining-a-pi-session-2', ...WHO, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    const item = (parseYaml(await read(evidenceFile)) as { evidence: Array<Record<string, unknown>> }).evidence.find((entry) => entry.id === 'lead-mining-a-pi-session-2')!;
    expect(item).toMatchObject({ status: 'validated', by: 'J. Author' });
    expect(item.reason).toBeUndefined();
  });

  it('keeps a rejected lead with its reason, and a later pass that brings it again does not add it', async () => {
    const before = await read(evidenceFile);
    const result = await cli('reject', 'lead-mining-a-pi-session-2', '--why', 'The post shows a header, not how ids are made.', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('is rejected, by J. Author on 2026-12-01: "The post shows a header, not how ids are made." (kept in the record; a later pass does not add it again)');
    // Checked and found wanting: the ingest's "Not yet checked by the author." goes from its note, as on accept.
    expect(changes(before, await read(evidenceFile))).toEqual({
      removed: ['    status: lead\n', '      source ledger, line 68): it was read in part. Not yet checked by the\n      author.\n'],
      added: ['    status: rejected\n', '      source ledger, line 68): it was read in part.\n', '    by: J. Author\n    reason: The post shows a header, not how ids are made.\n'],
    });
    expect((await cli('reject', 'lead-mining-a-pi-session-2', '--why', 'The post shows a header, not how ids are made.', ...WHO)).stdout).toContain('Nothing to change');
    // The pack page lists it apart, with the reason; the brief tells the next researcher.
    const brief = await cli('brief', 'pi/27-chapter');
    expect(brief.stdout).toContain('Leads the author checked and rejected (1); bring the same source for the same claim again only with something new:\n- lead-mining-a-pi-session-2:');
    expect(brief.stdout).toContain('  Rejected by J. Author: The post shows a header, not how ids are made.\n');
    // An edited version of the same report is a new pass, but it brings the rejected link again: reported, not added.
    const edited = (await readFile(path.join(repoRoot, 'test/fixtures/reports/r-27-b/report.md'), 'utf8')).replace('Research report on', 'Research report (second copy) on');
    await writeFile(path.join(root, 'edited.md'), edited);
    const ingest = await cli('ingest', 'edited.md', '--chapter', 'pi/27-chapter');
    expect(ingest.stdout).toContain(
      '  rejected:    1 source-claim link the author rejected, brought again and not added:\n               mining-a-pi-session on session-id-v4 (report line 68): rejected as lead-mining-a-pi-session-2, "The post shows a header, not how ids are made."\n',
    );
    expect(ingest.stdout).not.toContain('+  - id: lead-mining-a-pi-session');
  });

  it('rejects a proposed claim, kept so that it is not proposed again', async () => {
    const { proposals } = await queue();
    const wc = proposals.find((item) => item.id === 'wc-l-counts-entries-tail-f-follows-a')!;
    const result = await cli('reject', wc.handle, '--why', 'The chapter says lines, and means entries plus the header.', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    const research = parseYaml(await read(researchFile)) as { proposedClaims: Array<Record<string, unknown>> };
    expect(research.proposedClaims.find((item) => item.id === wc.id)!.rejected).toEqual({ date: AS_OF, by: 'J. Author', reason: 'The chapter says lines, and means entries plus the header.' });
    expect((await queue()).proposals.map((item) => item.id)).not.toContain(wc.id);
    const edited = (await readFile(path.join(repoRoot, 'test/fixtures/reports/r-27-b/report.md'), 'utf8')).replace('Research report on', 'Research report (second copy) on');
    await writeFile(path.join(root, 'edited.md'), edited);
    expect((await cli('ingest', 'edited.md', '--chapter', 'pi/27-chapter')).stdout).toContain('11 already proposed by an earlier pass, 1 rejected by the author and not proposed again (wc-l-counts-entries-tail-f-follows-a)');
  });
});

describe('research-pack source', () => {
  it("corrects a source's reading, title and limitations in place, keeps every other byte, records no one, and changes nothing the second time (an outside author's finding: only a hand edit could)", async () => {
    const before = await read(evidenceFile);
    const result = await cli('source', 'rfc-9562', '--reading', 'full text', '--title', 'RFC 9562: Universally Unique IDentifiers (UUIDs)', '--drop-limitations');
    expect(result.code, result.stderr).toBe(0);
    // Nothing is recorded under anyone's name: git is not asked.
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      'source rfc-9562: source "rfc-9562" of pi/27-chapter: its reading full-text (was abstract-only), its title "RFC 9562: Universally Unique IDentifiers (UUIDs)" (was "Universally Unique IDentifiers (UUIDs)"), its limitations dropped (was "Only the abstract and front matter were read (via a datatracker mirror); section…")\n' +
        `Wrote ${evidenceFile}.\n`,
    );
    const after = await read(evidenceFile);
    expect(changes(before, after)).toEqual({
      removed: ['    title: Universally Unique IDentifiers (UUIDs)\n', '    reading: abstract-only\n', '    limitations: >-\n      Only the abstract and front matter were read (via a datatracker mirror);\n      section 5.7, which defines version 7, was not. Obsoletes RFC 4122.\n'],
      added: ['    title: "RFC 9562: Universally Unique IDentifiers (UUIDs)"\n', '    reading: full-text\n'],
    });
    expect((await cli('check')).code).toBe(0);
    const again = await cli('source', 'rfc-9562', '--reading', 'full-text');
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('source rfc-9562: source "rfc-9562" of pi/27-chapter already reads so; nothing to change\nNothing to change: the decision is already recorded.\n');
    expect(await read(evidenceFile)).toBe(after);
    // With another decision, in one call.
    const both = await cli('source', 'txcript-pi-module', '--limitations', 'Only the crate page was read.', '+', 'accept', 'lead-mining-a-pi-session', ...WHO);
    expect(both.code, both.stderr).toBe(0);
    const ledger = parseYaml(await read(evidenceFile)) as { sources: Array<Record<string, unknown>>; evidence: Array<Record<string, unknown>> };
    expect(ledger.sources.find((source) => source.id === 'txcript-pi-module')).toMatchObject({ limitations: 'Only the crate page was read.' });
    expect(ledger.sources.find((source) => source.id === 'txcript-pi-module')!.by).toBeUndefined();
    expect(ledger.evidence.find((item) => item.id === 'lead-mining-a-pi-session')).toMatchObject({ status: 'validated', by: 'J. Author' });
  });

  it('refuses what it cannot do, saying how, and writes nothing', async () => {
    const before = await read(evidenceFile);
    const cases: Array<[string[], number, string]> = [
      [['source', 'rfc-9526', '--reading', 'partial'], 1, 'source rfc-9526: no source "rfc-9526" in the books; did you mean "rfc-9562"? (the chapter\'s evidence sidecar lists its sources by id, under `sources`)'],
      [['source', 'rfc-9562', '--reading', 'parcial'], 2, '--reading takes full-text, abstract-only, partial, not-accessible; got "parcial" (did you mean "partial"?)'],
      [['source', 'rfc-9562'], 2, 'say what to correct: --reading'],
      [['source', 'rfc-9562', 'rfc-3339', '--title', 'One title'], 2, '--title describes one source: give one source per call'],
      [['source', 'rfc-9562', '--limitations', 'x', '--drop-limitations'], 2, 'not both'],
      [['source', 'rfc-9562', '--reading', 'partial', '--by', 'J. Author'], 2, 'unknown option --by'],
      [['source', 'refresh'], 2, 'run `research-pack sources refresh`'],
      [['source', 'lead-mining-a-pi-session', '--reading', 'partial'], 1, '"lead-mining-a-pi-session" is a lead, and `source` takes a source'],
      [['accept', 'rfc-9562', ...WHO], 1, '"rfc-9562" is a source, and `accept` takes a lead; correct a source of the ledger with `research-pack source`'],
    ];
    for (const [args, code, message] of cases) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(await read(evidenceFile)).toBe(before);
  });

  it("is told apart by --chapter in a book whose chapters share a source id, and needs no --by or --date in a chain that gives two (a review's findings)", async () => {
    await editFile(path.join(root, book, '26-chapter.evidence.yaml'), 'sources:\n', 'sources:\n  - id: jsonlines-org\n    title: JSON Lines\n    url: https://jsonlines.org/\n    reading: abstract-only\n    accessed: 2026-11-29\n');
    const shared = await cli('source', 'jsonlines-org', '--reading', 'partial', '--dry-run');
    expect(shared.code).toBe(1);
    expect(shared.stderr).toContain('source jsonlines-org: "jsonlines-org" is a source of 2 chapters (pi/26-chapter, pi/27-chapter); give --chapter <book>/<chapter>');
    const named = await cli('source', 'jsonlines-org', '--reading', 'partial', '--chapter', 'pi/27-chapter', '--dry-run');
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain('source "jsonlines-org" of pi/27-chapter: its reading partial (was full-text)');
    const chain = await cli('accept', 'lead-mining-a-pi-session', '--by', 'J. Author', '+', 'reject', 'pi-dev-format-page', '--why', 'Not opened.', '--by', 'K. Other', '+', 'source', 'rfc-9562', '--reading', 'partial', '--dry-run');
    expect(chain.code, chain.stderr).toBe(0);
  });
});

describe('research-pack cite', () => {
  it('records a source of the ledger as validated evidence on a claim, once, and refuses an unknown claim or source by name (an outside author edited YAML for it)', async () => {
    const before = await read(evidenceFile);
    const made = await cli('cite', 'rfc-9562', '--claim', 'tree-in-place', '--relation', 'qualifies', '--locator', 'Section 5.7', '--note', 'Version 7 ids sort by time.', ...WHO);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('cite rfc-9562: source "rfc-9562" of pi/27-chapter qualifies tree-in-place: validated evidence "rfc-9562-tree-in-place" (reported), by J. Author on 2026-12-01');
    const after = await read(evidenceFile);
    // Appended, every other byte kept.
    expect(after.startsWith(before.trimEnd())).toBe(true);
    expect((parseYaml(after) as { evidence: Array<Record<string, unknown>> }).evidence.at(-1)).toEqual({
      id: 'rfc-9562-tree-in-place',
      source: 'rfc-9562',
      claims: ['tree-in-place'],
      relation: 'qualifies',
      class: 'reported',
      status: 'validated',
      locator: 'Section 5.7',
      note: 'Version 7 ids sort by time.',
      recorded: '2026-12-01',
      by: 'J. Author',
    });
    expect((await cli('check')).code).toBe(0);
    const again = await cli('cite', 'rfc-9562', '--claim', 'tree-in-place', '--relation', 'qualifies', ...WHO);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already, as validated evidence "rfc-9562-tree-in-place"; nothing to change');
    expect(await read(evidenceFile)).toBe(after);
    const cases: Array<[string[], number, string]> = [
      [['cite', 'rfc-9562', '--claim', 'tree-in-plaec', '--relation', 'supports', ...WHO], 1, 'pi/27-chapter has no claim "tree-in-plaec"; did you mean "tree-in-place"?'],
      [['cite', 'rfc-9526', '--claim', 'tree-in-place', '--relation', 'supports', ...WHO], 1, 'no source "rfc-9526" in the books; did you mean "rfc-9562"?'],
      [['cite', 'rfc-9562', '--relation', 'supports', ...WHO], 2, 'say which claims the source bears on: --claim <id>'],
      [['cite', 'rfc-9562', '--claim', 'tree-in-place', ...WHO], 2, 'say what the source does to the claim: --relation supports, qualifies or contradicts'],
      [['cite', 'rfc-9562', '--claim', 'tree-in-place', '--relation', 'backs', ...WHO], 2, '--relation takes supports, qualifies or contradicts (what the source does to the claims, as you read it), got "backs"'],
      [['cite', 'rfc-9562', '--claim', 'tree-in-place', '--relation', 'supports', '--class', 'reprted', ...WHO], 2, '--class takes background, reported, reproduced, hypothesis, proposed-experiment; got "reprted" (did you mean "reported"?)'],
      [['cite', '--claim', 'tree-in-place', '--relation', 'supports', ...WHO], 2, '`cite` needs the source it records'],
      [
        ['cite', 'rfc-9562', '--claim', 'tree-in-place', 'session-id-v4', '--relation', 'supports', ...WHO],
        2,
        '`cite` records one source, "rfc-9562", and reads "session-id-v4" as another source: if it is a claim, give them with --claim, comma-separated (--claim tree-in-place,session-id-v4); for another source, give one cite per source (join them with +)',
      ],
    ];
    for (const [args, code, message] of cases) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(await read(evidenceFile)).toBe(after);
    // An id of the author's choosing; one in use is refused.
    const named = await cli('cite', 'rfc-9562', '--claim', 'session-id-v4', '--relation', 'supports', '--id', 'rfc-uuid-v7', ...WHO);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain('validated evidence "rfc-uuid-v7" (reported)');
    const taken = await cli('cite', 'rfc-9562', '--claim', 'tree-in-place', '--relation', 'supports', '--id', 'rfc-uuid-v7', ...WHO);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('pi/27-chapter has an evidence item "rfc-uuid-v7" already: give --id another id');
  });
});

describe('research-pack accept-claim', () => {
  it('gives a lead the relation the report\'s ledger gave its source for the proposed claim (an outside author had to type it again)', async () => {
    const research = await read(researchFile);
    const at = research.indexOf('id: a-line-torn-by-a-crash-costs-one-entry');
    const report = research.indexOf('\n    report:', at);
    expect(at).toBeGreaterThan(0);
    await writeFile(path.join(root, researchFile), `${research.slice(0, report)}\n    relations:\n      pi-session-manager-src: qualifies${research.slice(report)}`);
    expect((await cli('check')).code).toBe(0);
    const torn = (await queue()).proposals.find((item) => item.id === 'a-line-torn-by-a-crash-costs-one-entry')!;
    expect((await cli('accept-claim', torn.handle, '--id', 'torn-line', ...WHO)).code).toBe(0);
    const leads = (parseYaml(await read(evidenceFile)) as { evidence: Array<{ id: string; source: string; claims: string[]; relation: string; note: string }> }).evidence.filter((item) => item.claims.includes('torn-line'));
    expect(leads.map((item) => [item.source, item.relation])).toEqual([
      ['pi-session-manager-src', 'qualifies'],
      ['packages-coding-agent-src-core-session-manager', 'unresolved'],
    ]);
    expect(leads[0]!.note).toContain('; its source ledger says the source qualifies the claim). Not yet checked by the author.');
  });

  it('adds the claim by its quote, its sources as leads, marks the proposal accepted, and changes nothing the second time', async () => {
    const { proposals } = await queue();
    const torn = proposals.find((item) => item.id === 'a-line-torn-by-a-crash-costs-one-entry')!;
    const before = { claims: await read(claimsFile), research: await read(researchFile) };
    // A verdict on the claim this call makes waits for a second call (an outside author's finding).
    const chained = await cli('accept-claim', torn.handle, '--id', 'torn-line', '+', 'verdict', 'torn-line', 'unverified', '--rationale', 'Not read yet.', ...WHO);
    expect(chained.code).toBe(1);
    expect(chained.stderr).toContain(`verdict torn-line: claim "torn-line" is made by \`accept-claim ${torn.handle}\` in this call and is not a claim of the books yet; give its verdict in a second call, once it is written (and its leads accepted)`);
    const result = await cli('accept-claim', torn.handle, '--id', 'torn-line', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `accept-claim ${torn.handle}: proposed claim "a-line-torn-by-a-crash-costs-one-entry" of pi/27-chapter is claim "torn-line", anchored by its quote, unverified until it has a verdict; its 2 sources are leads on it (lead-pi-session-manager-src-2, lead-packages-coding-agent-src-core-session-manager-2)\n`,
    );
    const claims = await read(claimsFile);
    expect(changes(before.claims, claims).removed).toEqual([]);
    expect(claims.endsWith(
      [
        '    response: new-section',
        '',
        '  # Accepted by J. Author on 2026-12-01: proposed by .reports/2026-12-01-27-chapter.md (research pass of 2026-12-01)',
        '  - id: torn-line',
        '    anchor:',
        '      quote: >-',
        "        A line torn by a crash costs one entry, not the session: pi's loader",
        '        skips lines it cannot parse.',
        '    verdict:',
        '      status: unverified',
        '    priority: medium',
        '    concern: >-',
        '      True for the usual case: a crash tears the last line. Misleading otherwise.',
        '    response: clarification',
        '',
      ].join('\n'),
    )).toBe(true);
    expect(changes(before.research, await read(researchFile))).toEqual({ removed: [], added: ['    accepted:\n      date: 2026-12-01\n      by: J. Author\n      claim: torn-line\n'] });
    // It is a claim of the chapter now: anchored, unverified, awaiting a verdict; its leads await review.
    const after = await queue();
    expect(after.proposals.map((item) => item.id)).not.toContain(torn.id);
    expect(after.leads.filter((item) => item.claims.includes('torn-line')).map((item) => item.id)).toEqual(['lead-pi-session-manager-src-2', 'lead-packages-coding-agent-src-core-session-manager-2']);
    // Its leads name the pass they came from, as the ingest's leads do (an outside author's finding).
    const leadsJson = JSON.parse((await cli('review', 'pi/27-chapter', '--format', 'json')).stdout) as { chapters: Array<{ leads: Array<{ id: string; pass: { date: string; report: string | null } | null }> }> };
    expect(leadsJson.chapters[0]!.leads.find((item) => item.id === 'lead-pi-session-manager-src-2')?.pass).toMatchObject({ date: '2026-12-01', report: '.reports/2026-12-01-27-chapter.md' });
    // Unresolved: the row's status is the report's verdict on the claim, not what each source does to it (outside authors' findings); the note says it.
    const made = (parseYaml(await read(evidenceFile)) as { evidence: Array<{ id: string; relation: string; note: string }> }).evidence.find((item) => item.id === 'lead-pi-session-manager-src-2')!;
    expect(made.relation).toBe('unresolved');
    expect(made.note).toBe(`Named for the proposed claim "a-line-torn-by-a-crash-costs-one-entry" by .reports/2026-12-01-27-chapter.md (research pass of 2026-12-01, claim-audit row N1; the row's status for the claim: ${torn.status}). Not yet checked by the author.`);
    expect((await cli('check')).code).toBe(0);
    const again = await cli('accept-claim', torn.handle, '--id', 'torn-line', ...WHO);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('is already claim "torn-line", accepted by J. Author on 2026-12-01; nothing to change');
    expect(await read(claimsFile)).toBe(claims);
    // Under its own id, it is refused as what it is: one proposal, one claim (not "nothing to change" and refused).
    const ownId = await cli('accept-claim', torn.handle, ...WHO);
    expect(ownId.code).toBe(1);
    expect(ownId.stderr).toContain('was already accepted as claim "torn-line" (by J. Author on 2026-12-01); a proposal becomes one claim: decide on claim "torn-line" instead');
    // A directive id the chapter already has a claim for: the way out is another directive.
    const other = (await queue()).proposals[0]!;
    const taken = await cli('accept-claim', other.handle, '--directive', 'torn-line', ...WHO);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('pi/27-chapter already has a claim "torn-line"; mark the sentence with another directive id (:claim[…]{#other-id}) and give that with --directive');
  });

  it('anchors by a directive the author put in the prose, and refuses one the prose does not have', async () => {
    const before = await snapshotBook();
    const missing = await cli('accept-claim', 'wc-l-counts-entries-tail-f-follows-a', '--directive', 'line-tools', ...WHO);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('claim "line-tools" is anchored by directive, but content/books/pi/27-chapter.mdx has no :claim[...]{#line-tools}');
    expect(missing.stderr.endsWith('The sidecars these decisions would produce do not pass `research-pack check` (the places above are in the files as they would be written; `--dry-run` shows their diff); nothing was written.\n')).toBe(true);
    // Under --dry-run, the diff of the would-be files is printed, so that the place named can be found.
    const dry = await cli('accept-claim', 'wc-l-counts-entries-tail-f-follows-a', '--directive', 'line-tools', ...WHO, '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain('+  - id: line-tools');
    expect(dry.stderr).toContain('(the places above are in the files as they would be written: their diff is on standard output)');
    expect(await snapshotBook()).toEqual(before);
    await editFile(path.join(root, book, '27-chapter.mdx'), '`wc -l` counts entries, `tail -f` follows a live session, and `jq -c` filters by type.', ':claim[`wc -l` counts entries, `tail -f` follows a live session, and `jq -c` filters by type.]{#line-tools}');
    const result = await cli('accept-claim', 'wc-l-counts-entries-tail-f-follows-a', '--directive', 'line-tools', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(parseYaml(await read(claimsFile)).claims.at(-1)).toMatchObject({ id: 'line-tools', anchor: 'directive', verdict: { status: 'unverified' } });
  });

  it('anchors by a directive of 70 characters the author put in the prose (messages shorten long ids; the problem names the claim in full)', async () => {
    const id = `line-tools-${'x'.repeat(59)}`;
    expect(id).toHaveLength(70);
    await editFile(path.join(root, book, '27-chapter.mdx'), '`wc -l` counts entries, `tail -f` follows a live session, and `jq -c` filters by type.', `:claim[\`wc -l\` counts entries, \`tail -f\` follows a live session, and \`jq -c\` filters by type.]{#${id}}`);
    const result = await cli('accept-claim', 'wc-l-counts-entries-tail-f-follows-a', '--directive', id, ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(parseYaml(await read(claimsFile)).claims.at(-1)).toMatchObject({ id, anchor: 'directive', verdict: { status: 'unverified' } });
    expect((await cli('check')).code).toBe(0);
  });
});

describe('research-pack accept-claim of more than one proposal', () => {
  it('accepts two proposals of one chapter in one call, as two calls one after the other do', async () => {
    const { proposals } = await queue();
    const [first, second] = ['a-line-torn-by-a-crash-costs-one-entry', 'wc-l-counts-entries-tail-f-follows-a'].map((id) => proposals.find((item) => item.id === id)!);
    const together = await cli('accept-claim', first!.handle, second!.handle, ...WHO);
    expect(together.code, together.stderr).toBe(0);
    expect(together.stderr).toBe('');
    const both = await snapshotBook();
    expect((await cli('check')).code).toBe(0);
    expect(parseYaml(both['27-chapter.claims.yaml']!).claims.slice(-2).map((claim: { id: string }) => claim.id)).toEqual([first!.id, second!.id]);

    // The same decisions, one call each, from the same book: the same bytes.
    await rm(root, { recursive: true, force: true });
    await cp(base, root, { recursive: true });
    for (const item of [first!, second!]) expect((await cli('accept-claim', item.handle, ...WHO)).code).toBe(0);
    expect(await snapshotBook()).toEqual(both);
  });
});

describe('decisions on sidecars written in other YAML styles', () => {
  it('accepts a lead written as a flow mapping, and refuses to edit a verdict an alias shares, saying why', async () => {
    const { leads } = await queue();
    const lead = leads[0]!;
    const text = await read(evidenceFile);
    const start = text.indexOf(`  - id: ${lead.id}\n`);
    const end = text.indexOf('\n  - id: ', start + 1) + 1;
    const entry = parseYaml(text.slice(start, end).replace(/^ {2}- /, '').replace(/^ {4}/gm, '')) as Record<string, unknown>;
    const flow = `  - { ${Object.entries(entry).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')} }\n`;
    await writeFile(path.join(root, evidenceFile), text.slice(0, start) + flow + text.slice(end));
    expect((await cli('check')).code).toBe(0);
    const accepted = await cli('accept', lead.id, '--chapter', 'pi/27-chapter', ...WHO);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect((parseYaml(await read(evidenceFile)) as { evidence: Array<Record<string, unknown>> }).evidence.find((item) => item.id === lead.id)).toMatchObject({ status: 'validated', by: 'J. Author', recorded: AS_OF });
    expect((await cli('check')).code).toBe(0);

    const claims = await read(claimsFile);
    const shared = claims.replace(/(\n {2}- id: ([a-z0-9-]+)\n(?: {4}.*\n)*? {4}verdict:)\n( {6}.*\n)+/, '$1 &v\n      status: unverified\n');
    const ids = [...shared.matchAll(/\n {2}- id: ([a-z0-9-]+)\n/g)].map((match) => match[1]!);
    const aliased = shared.replace(new RegExp(`(\\n {2}- id: ${ids[1]}\\n(?: {4}.*\\n)*? {4}verdict:)\\n( {6}.*\\n)+`), '$1 *v\n');
    expect(aliased).toContain('verdict: *v');
    await writeFile(path.join(root, claimsFile), aliased);
    // `check` refuses the alias at its place, so a decision on the chapter is refused before any edit.
    const refused = await cli('verdict', ids[1]!, 'unverified', '--rationale', 'Not read yet.', ...WHO);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/content\/books\/pi\/27-chapter\.claims\.yaml:\d+:\d+  claims\[1\]\.verdict  the alias \*v repeats the value marked &v at line \d+, column \d+[^\n]*write the value out in full here in place of "\*v"[^\n]*\[yaml\/alias\]/);
    expect(refused.stderr).toContain('Refused: nothing was written.');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(await read(claimsFile)).toBe(aliased);
  });
});

describe('decisions on a sidecar with a YAML anchor and alias', () => {
  it('refuses them at check, and refuses the decision with the same message instead of crashing (an outside reviewer\'s finding)', async () => {
    const { leads } = await queue();
    const [first, second] = leads;
    const text = await read(evidenceFile);
    const statusOf = (id: string) => {
      const start = text.indexOf(`  - id: ${id}\n`);
      return text.indexOf('    status: lead\n', start);
    };
    const [one, two] = [statusOf(first!.id), statusOf(second!.id)];
    expect(one).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(one);
    const aliased = `${text.slice(0, one)}    status: &st lead\n${text.slice(one + 17, two)}    status: *st\n${text.slice(two + 17)}`;
    await writeFile(path.join(root, evidenceFile), aliased);
    const message = /content\/books\/pi\/27-chapter\.evidence\.yaml:(\d+):13  evidence\[\d+\]\.status  the anchor &st marks this value[^\n]*\[yaml\/alias\]\ncontent\/books\/pi\/27-chapter\.evidence\.yaml:\d+:13  evidence\[\d+\]\.status  the alias \*st repeats the value marked &st at line \1, column 13[^\n]*\(hint: write the value out in full here in place of "\*st", and remove "&st"\)  \[yaml\/alias\]/;
    const checked = await cli('check');
    expect(checked.code).toBe(1);
    expect(checked.stdout + checked.stderr).toMatch(message);
    // The lead with the anchor and the one with the alias, named with their chapter or found in the books.
    for (const args of [[first!.id, '--chapter', 'pi/27-chapter'], [second!.id, '--chapter', 'pi/27-chapter'], [first!.id]]) {
      const refused = await cli('accept', ...args, ...WHO);
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stderr).toMatch(message);
      expect(refused.stderr).not.toMatch(/ReferenceError|\n\s+at /);
    }
    expect(await read(evidenceFile)).toBe(aliased);
  });
});

describe('what the decisions print and take', () => {
  it('spells out control and bidirectional characters of sidecar text, as review does, and refuses a --by that is not one line and an unknown --chapter', async () => {
    const { leads } = await queue();
    const lead = leads[0]!;
    const why = 'Off topic \u202eevil\u202c here.';
    // The dry run's diff shows the new line as review would.
    const dry = await cli('reject', lead.handle, '--why', why, '--dry-run', ...WHO);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('+    reason: Off topic \\u202eevil\\u202c here.\n');
    expect(dry.stdout).not.toContain('\u202e');
    const rejected = await cli('reject', lead.handle, '--why', why, ...WHO);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stdout).toContain('"Off topic \\u202eevil\\u202c here."');
    expect(rejected.stdout).not.toContain('\u202e');
    const refused = await cli('accept', lead.id, '--chapter', 'pi/27-chapter', ...WHO);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('\\u202eevil');
    expect(refused.stderr).not.toContain('\u202e');

    const before = await snapshotBook();
    const nowhere = await cli('accept', leads[1]!.id, '--chapter', 'pi/99-chapter', ...WHO);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('no chapter "99-chapter" in book "pi"; chapters: pi/26-chapter, pi/27-chapter');
    const multiline = await cli('accept', leads[1]!.handle, '--by', 'A\nclaims: []', '--date', AS_OF);
    expect(multiline.code).toBe(2);
    expect(multiline.stderr).toContain('--by is a name on one line: it must not hold a line break or another control character (it holds \\u000a)');
    expect(await snapshotBook()).toEqual(before);
  });
});

describe('the date of a decision', () => {
  it('is, unless --date says otherwise, the day the checks count as today (--as-of), so that a re-confirmation counts at once', async () => {
    const { claims } = await queue();
    const claim = claims[0]!;
    // `cli` runs with --as-of 2026-12-01; the machine's clock and time zone say another day.
    const result = await runCli(['reviewed', claim.handle, '--by', 'J. Author', '--as-of', AS_OF], { cwd: root, env: { TZ: 'Pacific/Kiritimati' } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`by J. Author on ${AS_OF}`);
    const after = await queue();
    expect(after.claims.map((item) => item.id)).not.toContain(claim.id);
  });
});

describe('research-pack verdict and reviewed', () => {
  it('records a verdict with the current textHash and wording, after accepting its evidence in the same call', async () => {
    const { leads, claims } = await queue();
    const lead = leads.find((item) => item.id === 'lead-mining-a-pi-session')!;
    const status = await cli('status', '--format', 'json');
    expect(status.code).toBe(0);
    const result = await cli('accept', lead.handle, ...WHO, '+', 'verdict', 'header-metadata-only', 'supported', '--rationale', 'The format notes and a third-party post describe the header the same way.', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    const claim = (parseYaml(await read(claimsFile)) as { claims: Array<{ id: string; verdict: Record<string, unknown> }> }).claims.find((item) => item.id === 'header-metadata-only')!;
    expect(claim.verdict).toEqual({
      status: 'supported',
      date: AS_OF,
      rationale: 'The format notes and a third-party post describe the header the same way.',
      textHash: '028e8bc18f56a81c',
      text: 'The header is metadata only: it records the session id, a creation time and the working directory, and it takes no part in the tree.',
      by: 'J. Author',
    });
    expect(claims.map((item) => item.id)).not.toContain('header-metadata-only');
    expect((await cli('check')).code).toBe(0);
    // The same call again: both decisions are recorded already.
    const written = await snapshotBook();
    const again = await cli('accept', lead.handle, ...WHO, '+', 'verdict', 'header-metadata-only', 'supported', '--rationale', 'The format notes and a third-party post describe the header the same way.', ...WHO);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('verdict header-metadata-only: claim "header-metadata-only" of pi/27-chapter already has this verdict; nothing to change\nNothing to change: every decision is already recorded.\n');
    expect(await snapshotBook()).toEqual(written);
  });

  it('refuses a verdict the evidence does not back, and writes nothing', async () => {
    const before = await snapshotBook();
    const result = await cli('verdict', 'third-party-readers', 'supported', '--rationale', 'Several readers exist.', ...WHO);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('claims[11].verdict.status  a supported verdict needs validated evidence with relation "supports" for claim "third-party-readers"  (hint: evidence "txcript-reader" is still a lead; check the source, then `research-pack accept txcript-reader` (or set status: validated), or set the verdict to unverified)  [cross/verdict-unsupported]');
    expect(await snapshotBook()).toEqual(before);
  });

  it('refuses to reject the evidence a verdict rests on, and says to give the claim another verdict in the same call', async () => {
    const backed = await cli('accept', 'txcript-reader', '+', 'verdict', 'third-party-readers', 'supported', '--rationale', 'A reader exists.', ...WHO);
    expect(backed.code, backed.stderr).toBe(0);
    // Every item that could back the verdict, validated or a lead.
    const { evidence } = parseYaml(await read(evidenceFile)) as { evidence: Array<{ id: string; claims: string[]; relation: string; status: string }> };
    const backing = evidence.filter((item) => item.claims.includes('third-party-readers') && item.relation === 'supports' && item.status !== 'rejected').map((item) => item.id);
    expect(backing).toContain('txcript-reader');
    const before = await snapshotBook();
    const refused = await cli('reject', ...backing, '--force', '--why', 'Front pages only.', ...WHO);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `(hint: the evidence with that relation (${backing.map((id) => `"${id}"`).join(', ')}) is rejected; give the claim the verdict the rest of its evidence supports (\`research-pack verdict third-party-readers unverified --rationale "…"\`, in the same call as the rejection), or keep that evidence)`,
    );
    expect(await snapshotBook()).toEqual(before);
    const both = await cli('reject', ...backing, '--force', '--why', 'Front pages only.', '+', 'verdict', 'third-party-readers', 'unverified', '--rationale', 'Its only readers were front pages.', ...WHO);
    expect(both.code, both.stderr).toBe(0);
  });

  it('accepts a lead the report left unresolved with the relation the author read, so that it backs a verdict', async () => {
    type Item = { id: string; claims: string[]; relation: string; status: string; by?: string };
    const items = () => read(evidenceFile).then((text) => (parseYaml(text) as { evidence: Item[] }).evidence);
    const lead = (await items()).find((item) => item.relation === 'unresolved' && item.status === 'lead' && item.claims.length > 0)!;
    expect(lead).toBeDefined();
    const claim = lead.claims[0]!;
    expect((await cli('review', 'pi/27-chapter')).stdout).toContain('relation:  unresolved (accept it with --relation supports, qualifies or contradicts); class');
    expect((await cli('accept', lead.id, '--relation', 'backs', ...WHO)).stderr).toContain('--relation takes supports, qualifies or contradicts');
    const result = await cli('accept', lead.id, '--relation', 'supports', '+', 'verdict', claim, 'supported', '--rationale', 'The source says so.', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`supports ${lead.claims.join(', ')}; was unresolved) is validated evidence, by J. Author on ${AS_OF}`);
    expect((await items()).find((item) => item.id === lead.id)).toMatchObject({ relation: 'supports', status: 'validated', by: 'J. Author' });
    // A relation already given changes only on purpose.
    const again = await cli('accept', lead.id, '--relation', 'qualifies', ...WHO);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`supports its claims (${lead.claims.join(', ')}); to record that it qualifies them instead, give --force`);
  });

  it('accepts a lead that bears differently on its claims with a relation per group of claims, the other groups as evidence of their own (an outside author\'s finding)', async () => {
    type Item = { id: string; source: string; claims: string[]; relation: string; status: string; by?: string; recorded: string; note?: string; class: string };
    const items = () => read(evidenceFile).then((text) => (parseYaml(text) as { evidence: Item[] }).evidence);
    // A lead on three claims that the report left unresolved.
    await editFile(path.join(root, evidenceFile), '  - id: lead-mining-a-pi-session\n    source: mining-a-pi-session\n    claims: [header-metadata-only]\n    relation: supports\n', '  - id: lead-mining-a-pi-session\n    source: mining-a-pi-session\n    claims: [header-metadata-only, session-id-v4, entry-ids-short]\n    relation: unresolved\n');
    const lead = (await items()).find((item) => item.id === 'lead-mining-a-pi-session')!;
    expect(lead).toMatchObject({ claims: ['header-metadata-only', 'session-id-v4', 'entry-ids-short'], relation: 'unresolved', status: 'lead' });
    expect((await cli('review', 'pi/27-chapter')).stdout).toContain(
      'relation:  unresolved (accept it with --relation supports, qualifies or contradicts, for all its claims; or one per group of them, each claim once: --relation <relation>=<claim>,<claim> --relation <relation>=<claim>); class reported; also bears on session-id-v4, entry-ids-short',
    );
    const before = await snapshotBook();
    // Every claim in one group, each once, of this lead; one lead per accept.
    for (const [args, code, message] of [
      [['--relation', 'supports=header-metadata-only'], 1, 'accept lead-mining-a-pi-session: --relation gives no relation for claims "session-id-v4", "entry-ids-short" of lead "lead-mining-a-pi-session" of pi/27-chapter; give each of its claims one'],
      [['--relation', 'supports=header-metadata-only,session-id-v5', '--relation', 'qualifies=entry-ids-short'], 1, 'bears on header-metadata-only, session-id-v4, entry-ids-short, not on "session-id-v5" (did you mean "session-id-v4"?)'],
      [['--relation', 'supports=header-metadata-only,session-id-v4,entry-ids-short', '--relation', 'qualifies=session-id-v4'], 1, '--relation gives claim "session-id-v4" of lead "lead-mining-a-pi-session" of pi/27-chapter two relations, supports and qualifies; give it one'],
      [['--relation', 'supports', '--relation', 'qualifies=session-id-v4'], 2, '--relation is given 2 times ("supports", "qualifies=session-id-v4"): give one relation for all of the lead\'s claims'],
      [['--relation', 'suports=header-metadata-only'], 2, '--relation takes supports, qualifies or contradicts (what the lead does to its claims, as you read the source), got "suports" (did you mean "supports"?)'],
      [['--relation', 'qualifies='], 2, '--relation qualifies= names no claim'],
      [['lead-mining-a-pi-session-2', '--relation', 'qualifies=session-id-v4'], 2, 'give one lead per accept (join them with +)'],
    ] as Array<[string[], number, string]>) {
      const refused = await cli('accept', 'lead-mining-a-pi-session', ...args, ...WHO);
      expect(refused.code, refused.stderr).toBe(code);
      expect(refused.stderr).toContain(message);
    }
    expect(await snapshotBook()).toEqual(before);
    // With a decision on the last entry of the file in the same call, after it (an outside author's finding: the keys that
    // entry gained were written after the split's new entry, and the edit was refused as a bug).
    const last = (await items()).at(-1)!;
    expect(last.status).toBe('lead');
    const batch = await cli('accept', 'lead-mining-a-pi-session', '--relation', 'supports=header-metadata-only,entry-ids-short', '--relation', 'qualifies=session-id-v4', '+', 'reject', last.id, '--why', 'Off topic.', '--dry-run', ...WHO);
    expect(batch.code, batch.stderr).toBe(0);
    expect(batch.stdout).toContain(`reject ${last.id}: lead "${last.id}" of pi/27-chapter is rejected, by J. Author on ${AS_OF}: "Off topic."`);
    expect(batch.stdout).toMatch(/\n\+    reason: Off topic\.\n\+\n\+  # Split from "lead-mining-a-pi-session"/);
    // Accepted, with the verdict it backs in the same call.
    const result = await cli('accept', 'lead-mining-a-pi-session', '--relation', 'supports=header-metadata-only,entry-ids-short', '--relation', 'qualifies=session-id-v4', '+', 'verdict', 'header-metadata-only', 'supported', '--rationale', 'The post shows the header.', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `accept lead-mining-a-pi-session: lead "lead-mining-a-pi-session" of pi/27-chapter (mining-a-pi-session supports header-metadata-only, entry-ids-short; qualifies session-id-v4, as "lead-mining-a-pi-session-session-id-v4"; was unresolved) is validated evidence, by J. Author on ${AS_OF}\n`,
    );
    const after = await items();
    const { note: _note, ...kept } = lead;
    expect(after.find((item) => item.id === lead.id)).toEqual({ ...kept, claims: ['header-metadata-only', 'entry-ids-short'], relation: 'supports', status: 'validated', recorded: AS_OF, by: 'J. Author', note: lead.note!.replace(' Not yet checked by the author.', '') });
    expect(after.at(-1)).toEqual({ ...kept, id: 'lead-mining-a-pi-session-session-id-v4', claims: ['session-id-v4'], relation: 'qualifies', status: 'validated', recorded: AS_OF, by: 'J. Author', note: lead.note!.replace(' Not yet checked by the author.', '') });
    expect(await read(evidenceFile)).toContain(`\n  # Split from "lead-mining-a-pi-session" by J. Author on ${AS_OF}: the same source, bearing differently on these claims\n  - id: lead-mining-a-pi-session-session-id-v4\n`);
    expect((await cli('check')).code).toBe(0);
    // One relation for every claim is the plain accept.
    const plainly = await cli('accept', 'lead-mining-a-pi-session-session-id-v4', '--relation', 'qualifies=session-id-v4', '--date', '2026-12-02');
    expect(plainly.code).toBe(1);
    expect(plainly.stderr).toContain(`accept lead-mining-a-pi-session-session-id-v4: evidence "lead-mining-a-pi-session-session-id-v4" of pi/27-chapter is already validated (by J. Author, recorded ${AS_OF}); nothing to change. To record this acceptance instead, give --force\n`);
  });

  it("names a split copy of a long lead by whole words, not cut inside one (an outside author's finding)", async () => {
    const long = 'lead-pi-source-packages-coding-agent-src-core-session-manager-compaction-notes';
    await editFile(path.join(root, evidenceFile), '  - id: lead-mining-a-pi-session\n    source: mining-a-pi-session\n    claims: [header-metadata-only]\n    relation: supports\n', `  - id: ${long}\n    source: mining-a-pi-session\n    claims: [header-metadata-only, session-id-v4]\n    relation: unresolved\n`);
    const result = await cli('accept', long, '--relation', 'supports=header-metadata-only', '--relation', 'qualifies=session-id-v4', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('as "lead-pi-source-packages-coding-agent-src-core-session-manager-session-id-v4"');
  });

  it("writes a split lead's copies in the sidecar's order of keys, with the author's locator and note (an outside author's finding)", async () => {
    await editFile(path.join(root, evidenceFile), '  - id: lead-mining-a-pi-session\n    source: mining-a-pi-session\n    claims: [header-metadata-only]\n    relation: supports\n', '  - id: lead-mining-a-pi-session\n    source: mining-a-pi-session\n    claims: [header-metadata-only, session-id-v4, entry-ids-short]\n    relation: unresolved\n');
    const result = await cli('accept', 'lead-mining-a-pi-session', '--relation', 'supports=header-metadata-only,entry-ids-short', '--relation', 'qualifies=session-id-v4', '--locator', 'the header example', '--note', 'Shows the header line.', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    const text = await read(evidenceFile);
    const copy = text.slice(text.indexOf('  - id: lead-mining-a-pi-session-session-id-v4\n'));
    const keys = [...copy.matchAll(/^ {4}(\w+):/gm)].map((match) => match[1]);
    expect(keys).toEqual(['source', 'claims', 'relation', 'class', 'status', 'locator', 'note', 'recorded', 'by']);
    const evidence = (parseYaml(text) as { evidence: Array<Record<string, unknown>> }).evidence;
    for (const id of ['lead-mining-a-pi-session', 'lead-mining-a-pi-session-session-id-v4']) {
      expect(evidence.find((item) => item.id === id)).toMatchObject({ locator: 'the header example', note: expect.stringMatching(/The report marks parts of it UNVERIFIED\. Shows the header line\.$/) });
    }
  });

  it('says what accepting a proposed experiment or a hypothesis means (an outside author\'s finding: it went through without a word)', async () => {
    const experiment = await cli('accept', 'experiment-load-timing', '--relation', 'supports', '--dry-run', ...WHO);
    expect(experiment.code, experiment.stderr).toBe(0);
    expect(experiment.stdout).toContain(
      '; note: its class is proposed-experiment, an experiment not run: accepted, it counts toward the verdicts of large-file-loading as any evidence does. Once it is run, record the run in the research sidecar and give it class reproduced and its run; to keep it as a plan only, reject it with --why instead\n',
    );
    const hypothesis = await cli('accept', 'hypothesis-linear-load', '--relation', 'supports', '--dry-run', ...WHO);
    expect(hypothesis.stdout).toContain('; note: its class is hypothesis, an explanation nobody has checked: accepted, it counts toward the verdicts of large-file-loading as any evidence does\n');
    // Reported evidence says nothing more.
    expect((await cli('accept', 'lead-mining-a-pi-session', '--dry-run', ...WHO)).stdout).not.toContain('; note:');
  });

  it('takes a chapter named as every command takes it: --chapter 27-chapter in a book of its own, review 27-chapter', async () => {
    const short = await cli('verdict', 'large-file-loading', 'unverified', '--rationale', 'Not measured yet.', '--chapter', '27-chapter', ...WHO, '--dry-run');
    expect(short.code, short.stderr).toBe(0);
    expect(short.stdout).toContain('claim "large-file-loading" of pi/27-chapter');
    const byFile = await cli('verdict', 'large-file-loading', 'unverified', '--rationale', 'Not measured yet.', '--chapter', 'content/books/pi/27-chapter.mdx', ...WHO, '--dry-run');
    expect(byFile.code, byFile.stderr).toBe(0);
    expect((await cli('review', '27-chapter')).stdout).toMatch(/^pi\/27-chapter: /);
    const unknown = await cli('review', 'po');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no book or chapter "po" (did you mean "pi"?); books: pi');
    expect((await cli('review', '27-chap')).stderr).toContain('no book or chapter "27-chap" (did you mean "pi/27-chapter"?); books: pi');
  });

  it('refuses a decision dated before its item was recorded, and taking back a verdict without saying why (an outside author\'s findings)', async () => {
    const before = await snapshotBook();
    const early = await cli('accept', 'txcript-reader', '--by', 'J. Author', '--date', '2020-01-01');
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/^accept txcript-reader: the decision's date 2020-01-01 is before lead "txcript-reader" of pi\/27-chapter was recorded \(\d{4}-\d{2}-\d{2}\); give --date the day you decided, on or after \d{4}-\d{2}-\d{2} \(today's by default\)\n/);
    const claims = (parseYaml(await read(claimsFile)) as { claims: Array<{ id: string; verdict: { status: string; date?: string } }> }).claims;
    const reviewed = claims.find((claim) => claim.verdict.status === 'supported')!;
    // Nor a verdict dated before the one it replaces.
    const backdated = await cli('verdict', reviewed.id, 'unverified', '--rationale', 'Moved.', '--by', 'J. Author', '--date', '2020-01-01');
    expect(backdated.code).toBe(1);
    expect(backdated.stderr).toContain(`the decision's date 2020-01-01 is before the supported verdict of claim "${reviewed.id}" it replaces was recorded (${reviewed.verdict.date})`);
    const bare = await cli('verdict', reviewed.id, 'unverified', ...WHO);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain(`verdict ${reviewed.id}: claim "${reviewed.id}" of pi/27-chapter is supported; to make it unverified, say why with --rationale "…" (readers see it in place of the verdict's rationale)`);
    expect(await snapshotBook()).toEqual(before);
    // Two passes of one day: the report the verdict was taken from is named.
    const sameDay = await cli('verdict', 'large-file-loading', '--from-pass', '2026-11-29', ...WHO, '--dry-run');
    expect(sameDay.code, sameDay.stderr).toBe(0);
    expect(sameDay.stdout).toMatch(/\(from the research pass of 2026-11-29, \.reports\/2026-11-29-27-chapter(-2)?\.md, claim-audit row \w+\)/);
    expect(sameDay.stdout).not.toContain('row row');
    // A report named from the project root, absolutely, or by its file name is the pass's report.
    for (const named of ['content/books/pi/.reports/2026-11-29-27-chapter-2.md', path.join(root, 'content/books/pi/.reports/2026-11-29-27-chapter-2.md'), '2026-11-29-27-chapter-2.md', '.reports/2026-11-29-27-chapter-2.md']) {
      const byPath = await cli('verdict', 'large-file-loading', '--from-pass', named, ...WHO, '--dry-run');
      expect(byPath.code, `${named}: ${byPath.stderr}`).toBe(0);
      expect(byPath.stdout).toContain('(from the research pass of 2026-11-29, .reports/2026-11-29-27-chapter-2.md, claim-audit row');
    }
  });

  it('turns a reviewed claim unverified: its textHash goes, its rationale and by are written', async () => {
    const before = parseYaml(await read(claimsFile)) as { claims: Array<{ id: string; verdict: Record<string, unknown> }> };
    const reviewed = before.claims.find((claim) => typeof claim.verdict.textHash === 'string' && claim.verdict.by === undefined)!;
    expect(reviewed).toBeDefined();
    const result = await cli('verdict', reviewed.id, 'unverified', '--rationale', 'The source it rested on moved; to be read again before the next edition.', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    const after = parseYaml(await read(claimsFile)) as typeof before;
    expect(after.claims.find((claim) => claim.id === reviewed.id)!.verdict).toEqual({
      status: 'unverified',
      date: AS_OF,
      rationale: 'The source it rested on moved; to be read again before the next edition.',
      by: 'J. Author',
    });
    expect(after.claims.filter((claim) => claim.id !== reviewed.id)).toEqual(before.claims.filter((claim) => claim.id !== reviewed.id));
    expect((await cli('check')).code).toBe(0);
    // Unverified again, with nothing said: nothing to record (an outside author's finding: a date and a name were written, and no reason).
    const written = await read(claimsFile);
    const again = await cli('verdict', reviewed.id, 'unverified', '--date', '2026-12-02', ...WHO.slice(0, 2));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`claim "${reviewed.id}" of pi/27-chapter is unverified already; nothing to change (to record why it stays so, give --rationale "…")`);
    expect(await read(claimsFile)).toBe(written);
  });

  it('takes the status and rationale a pass reported with --from-pass', async () => {
    const result = await cli('verdict', 'session-id-v4', '--from-pass', 'latest', ...WHO, '--dry-run');
    expect(result.code, result.stderr).toBe(0);
    // Its rows S2 and S5 written as the sources the ledger records for them, which readers would read as ids: said.
    expect(result.stdout).toContain(
      'verdict session-id-v4: claim "session-id-v4" of pi/27-chapter is contradicted, by J. Author on 2026-12-01 on its current wording (textHash 3dcf85cc0c20add2) (from the research pass of 2026-12-01, claim-audit row C4); note: the rationale names sources by ledger id ([packages-coding-agent-changelog-md-earendil], [packages-coding-agent-src-core-session-manager]), which readers see as written: give --rationale "…" to name them in words\n',
    );
    expect(result.stdout).toContain('+        The CHANGELOG says in [0.67.1] - 2026-04-13: "newly generated session');
    expect(result.stdout).toContain('+      text: The session id is a random version 4 UUID.\n+      by: J. Author\n');
    // What follows "Contradicted." starting in lower case starts the rationale's sentence (an outside author's finding).
    await editFile(path.join(root, book, '.reports/2026-12-01-27-chapter.md'), '| Contradicted. The CHANGELOG says', '| Contradicted. the CHANGELOG says');
    const lower = await cli('verdict', 'session-id-v4', '--from-pass', 'latest', ...WHO, '--dry-run');
    expect(lower.stdout).toContain('+        The CHANGELOG says in [0.67.1] - 2026-04-13: "newly generated session');
    expect(lower.stdout).not.toContain('first person');
    // The researcher's first person, recorded under the author's name, is said (an outside author's finding).
    await editFile(path.join(root, book, '.reports/2026-12-01-27-chapter.md'), '| Contradicted. the CHANGELOG says', '| Contradicted. In my runs the CHANGELOG says');
    const voiced = await cli('verdict', 'session-id-v4', '--from-pass', 'latest', ...WHO, '--dry-run');
    expect(voiced.stdout).toContain('claim-audit row C4); note: the rationale is the researcher\'s cell as written, in their first person ("my runs"), and readers see it as yours: give --rationale "…" in your own words; note: the rationale names sources by ledger id');
    // An id or a trial's phase is no one's voice (a review's cases).
    await editFile(path.join(root, book, '.reports/2026-12-01-27-chapter.md'), '| Contradicted. In my runs the CHANGELOG says', '| Contradicted. Phase I trials, `us-east-1` and our-world-in-data: the CHANGELOG says');
    const ids = await cli('verdict', 'session-id-v4', '--from-pass', 'latest', ...WHO, '--dry-run');
    expect(ids.code, ids.stderr).toBe(0);
    expect(ids.stdout).not.toContain('first person');
    // A mark before the status word (an outside report, r-27-h) is no part of the rationale.
    await editFile(path.join(root, book, '.reports/2026-12-01-27-chapter.md'), '| Contradicted. Phase I trials, `us-east-1` and our-world-in-data: the CHANGELOG says', '| ❌️ Wrong: The CHANGELOG says');
    const marked = await cli('verdict', 'session-id-v4', '--from-pass', 'latest', ...WHO, '--dry-run');
    expect(marked.stdout).toContain('is contradicted, by J. Author');
    expect(marked.stdout).toContain('+        The CHANGELOG says in [0.67.1] - 2026-04-13: "newly generated session');
    // A cell that says UNVERIFIED is no rationale for a verdict that says otherwise: refused, unless the author gives one (an outside author's finding).
    await editFile(path.join(root, book, '.reports/2026-12-01-27-chapter.md'), '| ❌️ Wrong: The CHANGELOG says', '| ❌️ Wrong: UNVERIFIED wording. The CHANGELOG says');
    const unverified = await cli('verdict', 'session-id-v4', '--from-pass', 'latest', ...WHO, '--dry-run');
    expect(unverified.code).toBe(1);
    expect(unverified.stderr).toContain('verdict session-id-v4: the claim-audit row C4 of the research pass of 2026-12-01 says UNVERIFIED in what would be the rationale of a contradicted verdict ("UNVERIFIED wording. The CHANGELOG says');
    expect(unverified.stderr).toContain('give the rationale in your words with --rationale "…" (the status may still come from the pass), or make the verdict unverified');
    // Sources named by ledger id in brackets reach readers as written: said, with the way to word them (an outside author's finding).
    await editFile(path.join(root, book, '.reports/2026-12-01-27-chapter.md'), '| ❌️ Wrong: UNVERIFIED wording. The CHANGELOG says', '| ❌️ Wrong: [pi-coding-agent-1-6-0, pi-dev-session-format] and [no-such-source] say');
    const bracketed = await cli('verdict', 'session-id-v4', '--from-pass', 'latest', ...WHO, '--dry-run');
    expect(bracketed.code, bracketed.stderr).toBe(0);
    expect(bracketed.stdout).toContain('claim-audit row C4); note: the rationale names sources by ledger id ([pi-coding-agent-1-6-0], [pi-dev-session-format], [packages-coding-agent-changelog-md-earendil], ');
    // A bracketed word that is no source of the ledger is not one.
    expect(bracketed.stdout).not.toContain('[no-such-source], ');
    const own = await cli('verdict', 'session-id-v4', '--from-pass', 'latest', '--rationale', 'The CHANGELOG of 0.67.1 says new ids are UUIDv7.', ...WHO, '--dry-run');
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toContain('is contradicted, by J. Author');
    const none = await cli('verdict', 'session-id-v4', '--from-pass', '2025-01-01', ...WHO);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^verdict session-id-v4: no research pass "2025-01-01" in pi\/27-chapter; give latest, a date or a report path of: 2026-11-29 \(\.reports\/2026-11-29-27-chapter\.md\), /);
  });

  it('re-confirms a stale and a review-due claim on the current wording, and refuses a claim that is neither', async () => {
    const { claims } = await queue();
    const tree = claims.find((item) => item.id === 'tree-in-place')!;
    const before = await read(claimsFile);
    const result = await cli('reviewed', tree.handle, 'jsonl-three-rules', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`reviewed ${tree.handle}: claim "tree-in-place" of pi/27-chapter stays supported, re-confirmed by J. Author on 2026-12-01 on its current wording (textHash ${tree.textHash}; was d00b2707a3f9c6e6; its date was 2026-11-29)\n`);
    // A review-due claim: its evidence stays as old, and the decision says so (an outside author's finding).
    expect(result.stdout).toMatch(/reviewed jsonl-three-rules: claim "jsonl-three-rules" of pi\/27-chapter stays supported, re-confirmed by J\. Author on 2026-12-01 on its current wording \(textHash [0-9a-f]+; the same wording; its date was 2025-06-14\); note: its newest validated evidence is still of 2025-\d\d-\d\d: this records that you checked the claim on 2026-12-01, not newer evidence \(a research pass brings that\)\n/);
    const { removed, added } = changes(before, await read(claimsFile));
    // jsonl-three-rules keeps its textHash (its wording did not change) and gains its date, text and by; tree-in-place gets the hash of its wording now.
    expect(removed).toEqual(['      date: 2025-06-14\n', '      date: 2026-11-29\n', '      textHash: d00b2707a3f9c6e6\n']);
    expect(added[1]).toBe(`      text: >-\n        JSON Lines asks for three things: UTF-8 text, one complete JSON value on\n        each line, and a line feed between values.\n      by: J. Author\n`);
    expect((await queue()).claims).toEqual([]);
    const row = (await cli('status')).stdout.split('\n').find((line) => line.startsWith('pi/27-chapter'))!.split(/\s{2,}/);
    expect(row.slice(6, 8)).toEqual(['0', '0']);
    // Again the same day: it says what is recorded, not that it was re-confirmed.
    expect((await cli('reviewed', 'jsonl-three-rules', ...WHO)).stdout).toContain('claim "jsonl-three-rules" of pi/27-chapter has its supported verdict of 2026-12-01, by J. Author, on its current wording; nothing to re-confirm');
    const neither = await cli('reviewed', 'one-object-per-line', ...WHO);
    expect(neither.code).toBe(1);
    expect(neither.stderr).toBe(
      'reviewed one-object-per-line: claim "one-object-per-line" of pi/27-chapter is neither stale nor review due: its supported verdict of 2026-11-29 stands on the current wording; nothing to re-confirm (give a new verdict with `research-pack verdict`)\nRefused: nothing was written.\n',
    );
  });

  it("sets or drops a claim's concern, priority and response with a verdict or alone (an outside author's finding: stale concerns went into the next brief)", async () => {
    const claimOf = async (id: string) => (parseYaml(await read(claimsFile)) as { claims: Array<Record<string, unknown>> }).claims.find((claim) => claim.id === id)!;
    expect((await claimOf('jsonl-three-rules')).concern).toBeDefined();
    const before = await read(claimsFile);
    // Alone: the verdict stays as it is.
    const alone = await cli('verdict', 'jsonl-three-rules', '--drop-concern', '--priority', 'high', ...WHO);
    expect(alone.code, alone.stderr).toBe(0);
    expect(alone.stdout).toMatch(/^verdict jsonl-three-rules: claim "jsonl-three-rules" of pi\/27-chapter: its concern dropped \(was "[^"]+"\), its priority high \(was low\); its verdict stays as it is\n/);
    const after = await claimOf('jsonl-three-rules');
    expect(after.concern).toBeUndefined();
    expect(after.priority).toBe('high');
    expect(after.verdict).toEqual((parseYaml(before) as { claims: Array<Record<string, unknown>> }).claims.find((claim) => claim.id === 'jsonl-three-rules')!.verdict);
    expect((await cli('check')).code).toBe(0);
    // The same again changes nothing.
    const again = await cli('verdict', 'jsonl-three-rules', '--drop-concern', '--priority', 'high', ...WHO);
    expect(again.stdout).toContain('claim "jsonl-three-rules" of pi/27-chapter already has no concern and priority high; nothing to change');
    // With a verdict: both are written.
    const withVerdict = await cli('verdict', 'session-id-v4', 'unverified', '--rationale', 'Rechecking against 1.6.0.', '--concern', 'Version 7 since 0.67.1?', '--response', 'correction', ...WHO);
    expect(withVerdict.code, withVerdict.stderr).toBe(0);
    expect(withVerdict.stdout).toContain('; its concern "Version 7 since 0.67.1?"');
    expect(await claimOf('session-id-v4')).toMatchObject({ concern: 'Version 7 since 0.67.1?', response: 'correction', verdict: { status: 'unverified', rationale: 'Rechecking against 1.6.0.' } });
    // A priority the file leaves to its default is written when the author gives it, so that a later pass does not fill in its own (a review's case).
    const text = await read(claimsFile);
    const at = text.indexOf('    priority: high\n', text.indexOf('  - id: one-object-per-line\n'));
    await writeFile(path.join(root, claimsFile), `${text.slice(0, at)}${text.slice(at + '    priority: high\n'.length)}`);
    expect((parseYaml(await read(claimsFile)) as { claims: Array<Record<string, unknown>> }).claims.find((claim) => claim.id === 'one-object-per-line')!.priority).toBeUndefined();
    const defaulted = await cli('verdict', 'one-object-per-line', '--priority', 'medium', ...WHO);
    expect(defaulted.code, defaulted.stderr).toBe(0);
    expect(defaulted.stdout).toContain('its priority medium; its verdict stays as it is');
    expect(await claimOf('one-object-per-line')).toMatchObject({ priority: 'medium' });
    // A rationale without a status would be recorded nowhere: refused.
    const lone = await cli('verdict', 'session-id-v4', '--rationale', 'Measured at 2 s.', '--priority', 'high', ...WHO);
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain('--rationale goes with a verdict: give its status too');
    // Bad values are usage errors.
    expect((await cli('verdict', 'session-id-v4', '--priority', 'urgent', ...WHO)).stderr).toContain('--priority takes high, medium, low; got "urgent"');
    expect((await cli('verdict', 'session-id-v4', '--response', 'corection', ...WHO)).stderr).toContain('(did you mean "correction"?)');
    expect((await cli('verdict', 'session-id-v4', '--concern', 'x', '--drop-concern', ...WHO)).stderr).toContain('give --concern "…" (the concern now) or --drop-concern (none), not both');
  });

  it('says nothing of old evidence when the same call accepts evidence for the claim again (an outside author\'s finding)', async () => {
    const result = await cli('accept', 'jsonlines-requirements', '--force', '--locator', 'Sections 1 to 3, re-read', ...WHO, '+', 'reviewed', 'jsonl-three-rules', ...WHO);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/reviewed jsonl-three-rules: claim "jsonl-three-rules" of pi\/27-chapter stays supported, re-confirmed by J\. Author on 2026-12-01 on its current wording \(textHash [0-9a-f]+; the same wording; its date was 2025-06-14\)\n/);
    expect(result.stdout).not.toContain('its newest validated evidence is still');
  });

  it('refuses to re-confirm a claim that no longer anchors', async () => {
    await editFile(path.join(root, book, '27-chapter.mdx'), 'JSON Lines asks for three things: UTF-8 text, one complete JSON value on each line, and a line feed between values.', 'Its rules are few.');
    const before = await snapshotBook();
    const result = await cli('reviewed', 'jsonl-three-rules', ...WHO);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^research-pack reviewed: reviewed jsonl-three-rules: claim "jsonl-three-rules" no longer anchors in its chapter:\ncontent\/books\/pi\/27-chapter\.claims\.yaml:\d+:\d+  claims\[1\]\.anchor\.quote  the quote of claim "jsonl-three-rules" .* is not in content\/books\/pi\/27-chapter\.mdx/);
    expect(result.stderr).toContain('\nFix its anchor (or the prose) first: a verdict is recorded only on wording found in the chapter. Nothing was written.\n');
    expect(await snapshotBook()).toEqual(before);
  });

  it('gives a verdict written without a textHash the hash it lacked: check and status say how', async () => {
    await editFile(path.join(root, claimsFile), '      textHash: 748130fd4742b28c\n', '');
    const check = await cli('check');
    expect(check.code).toBe(0);
    expect(check.stdout).toBe('No problems in content/books.\n');
    expect(check.stderr).toBe(
      'content/books/pi/27-chapter.claims.yaml:21:5  note: pi/27-chapter claim "one-object-per-line": its verdict records no textHash, so its page shows it as stale\nThis claim is not wrong, only not tied to the wording reviewed: run `research-pack reviewed one-object-per-line` to record the textHash of the current wording (re-confirming the verdict), or `research-pack verdict one-object-per-line <status> --rationale "…"` to give a new one.\n' +
        // The demo's claim whose prose changed since the verdict (an outside author's finding: check said nothing of it, the build did).
        (await demoStaleNoteIn(root)),
    );
    // status places it as check does (a newcomer's finding).
    expect((await cli('status')).stderr).toContain('content/books/pi/27-chapter.claims.yaml:21:5  note: pi/27-chapter claim "one-object-per-line": its verdict records no textHash');
    expect(JSON.parse((await cli('check', '--format', 'json')).stdout).hints).toEqual([
      { file: claimsFile, line: 21, column: 5, chapter: 'pi/27-chapter', claim: 'one-object-per-line', rule: 'hint/no-text-hash' },
      { file: claimsFile, line: Number(/:(\d+):5/.exec(await demoStaleNoteIn(root))![1]), column: 5, chapter: 'pi/27-chapter', claim: 'tree-in-place', reason: 'text-changed', rule: 'hint/text-changed' },
    ]);
    const reviewed = await cli('reviewed', 'one-object-per-line', ...WHO);
    expect(reviewed.code, reviewed.stderr).toBe(0);
    expect(reviewed.stdout).toContain('stays supported, re-confirmed by J. Author on 2026-12-01 on its current wording (textHash 748130fd4742b28c; no textHash recorded; its date was 2026-11-29)');
    expect((await cli('check')).stderr).toBe(await demoStaleNoteIn(root));
    // Re-confirming the claim whose prose changed settles it too.
    const settled = await cli('reviewed', 'tree-in-place', ...WHO);
    expect(settled.code, settled.stderr).toBe(0);
    expect((await cli('check')).stderr).toBe('');
  });
});

describe('a chapter with errors of its own (an outside author\'s finding: one chapter being edited stopped the review of all)', () => {
  /** Chapter 28's quote no longer in its prose: its error, as `check` words it. */
  async function breakChapter28(): Promise<string> {
    await editFile(path.join(root, `${book}/28-chapter.claims.yaml`), 'Compaction never deletes the entries it summarizes;', 'Zebras dance quietly under purple moons;');
    const check = await cli('check');
    expect(check.code).toBe(1);
    const error = check.stderr.split('\n')[0]!;
    expect(error).toMatch(/^content\/books\/pi\/28-chapter\.claims\.yaml:\d+:\d+  claims\[2\]\.anchor\.quote  .*\[anchor\/orphan\]$/);
    return error;
  }
  const warning = (error: string) => `warning: chapter pi/28-chapter is set aside for its errors; the others are read as usual (a build stops at these errors: fix them first):\n${error}\n`;

  it('is set aside, said with its errors: the other chapters are reviewed and decided on as before', async () => {
    const listedBefore = await cli('review');
    const error = await breakChapter28();
    // The queue of the other chapters is what it was.
    const listed = await cli('review');
    expect(listed.code).toBe(0);
    expect(listed.stderr).toBe(warning(error));
    expect(listed.stdout).toBe(listedBefore.stdout.replace(/pi\/28-chapter:[^]*?(?=\npi\/|$)/, '').replace(/\n\n$/, '\n'));
    expect(listed.stdout).toContain('pi/27-chapter: ');
    expect(listed.stdout).not.toContain('pi/28-chapter');
    // A decision on a chapter-27 lead is written, and checked against chapter 27 alone.
    const { leads } = await queue();
    const lead = leads.find((candidate) => candidate.status === 'lead' && candidate.relation !== 'unresolved')!;
    const accepted = await cli('accept', lead.handle, ...WHO);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stderr).toBe(warning(error));
    expect(accepted.stdout).toContain(`Wrote ${evidenceFile}.`);
    expect(await read(evidenceFile)).toContain(`by: J. Author`);
    // Chapter 28 still stops `check` with the same error and nothing more.
    const check = await cli('check');
    expect(check.code).toBe(1);
    expect(check.stderr.split('\n')[0]).toBe(error);
    expect(check.stderr).toContain('1 error(s)');
  });

  it('is refused by name, with its errors; a handle or claim of it is not found, and the refusal says why', async () => {
    const error = await breakChapter28();
    const before = await snapshotBook();
    const named = await cli('review', 'pi/28-chapter');
    expect(named.code).toBe(1);
    expect(named.stderr).toBe(`research-pack review: pi/28-chapter has 1 error(s); fix them first (\`research-pack check\` lists them):\n${error}\n`);
    const brief = await cli('brief', '28-chapter');
    expect(brief.code).toBe(1);
    expect(brief.stderr).toBe(`research-pack brief: pi/28-chapter has 1 error(s); fix them first (\`research-pack check\` lists them):\n${error}\n`);
    const verdict = await cli('verdict', 'branch-summary-on-leave', 'supported', '--rationale', 'Read in the source.', ...WHO);
    expect(verdict.code).toBe(1);
    expect(verdict.stderr).toContain('(pi/28-chapter is set aside for its errors: a lead, proposal or claim there is found again once `research-pack check` passes.)\nRefused: nothing was written.\n');
    const chapter = await cli('accept', 'l9999', '--chapter', 'pi/28-chapter', ...WHO);
    expect(chapter.code).toBe(1);
    expect(chapter.stderr).toContain('pi/28-chapter has 1 error(s); fix them first');
    expect(await snapshotBook()).toEqual(before);
  });

  it('keeps the project whole when an error is not a chapter\'s own (the book\'s file)', async () => {
    await breakChapter28();
    await editFile(path.join(root, `${book}/book.yaml`), 'slug: pi', 'slug: pi\nsevrity: high');
    const listed = await cli('review', 'pi/27-chapter');
    expect(listed.code).toBe(1);
    expect(listed.stderr).toMatch(/^research-pack review: content\/books has 2 error\(s\); fix them before deciding/);
  });
});

describe('bad input: a clear error naming the item, exit 1, nothing written', () => {
  it.each([
    [['accept', 'l9999'], 'accept l9999: no item has the handle "l9999" in the books: it was never listed, or its chapter changed; run `research-pack review` for the current handles'],
    [['accept', 'lead-mining-a-pi-sesion'], 'accept lead-mining-a-pi-sesion: no lead "lead-mining-a-pi-sesion" in the books; did you mean "lead-mining-a-pi-session"? (`research-pack review` lists what awaits a decision, with handles)'],
    [['accept', 'tree-in-place'], 'accept tree-in-place: "tree-in-place" is a claim, and `accept` takes a lead; give a claim a verdict with `research-pack verdict`, re-confirm one with `research-pack reviewed`'],
  ])('%j', async (args, message) => {
    const before = await snapshotBook();
    const result = await cli(...args, ...WHO);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${message}\nRefused: nothing was written.\n`);
    expect(await snapshotBook()).toEqual(before);
  });

  it('says which handle a slipped one is near, and that a handle too short is one (an outside author\'s findings)', async () => {
    const { leads } = await queue();
    const lead = leads.find((item) => item.id === 'lead-mining-a-pi-session')!;
    const [short] = lead.handle.split('.') as [string];
    const before = await snapshotBook();
    // A key slipped: the handle it is near is said, not taken.
    const slipped = `${short.slice(0, -1)}${short.endsWith('0') ? '1' : '0'}`;
    const result = await cli('accept', slipped, ...WHO);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`accept ${slipped}: no item has the handle "${slipped}" in the books: it was never listed, or its chapter changed (did you mean ${lead.handle}, the lead "lead-mining-a-pi-session" of pi/27-chapter?); run \`research-pack review\` for the current handles\nRefused: nothing was written.\n`);
    const tooShort = short.slice(0, 3);
    const brief = await cli('accept', tooShort, ...WHO);
    expect(brief.code).toBe(1);
    expect(brief.stderr).toBe(`accept ${tooShort}: "${tooShort}" is too short for a handle: a handle is its letter and at least four hex characters, as \`research-pack review\` prints it (e.g. l3f2a or l3f2a.c41e)\nRefused: nothing was written.\n`);
    expect(await snapshotBook()).toEqual(before);
  });

  it('refuses a decision on an item that changed since review listed it', async () => {
    const { leads } = await queue();
    const lead = leads.find((item) => item.id === 'lead-mining-a-pi-session')!;
    await editFile(path.join(root, evidenceFile), 'source ledger, line 37)', 'source ledger, line 37, edited since)');
    const before = await snapshotBook();
    const now = (await queue()).leads.find((item) => item.id === 'lead-mining-a-pi-session')!.handle;
    expect(now.split('.')[0]).toBe(lead.handle.split('.')[0]);
    expect(now).not.toBe(lead.handle);
    const result = await cli('accept', lead.handle, ...WHO);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `accept ${lead.handle}: the handle does not match the lead "lead-mining-a-pi-session" of pi/27-chapter as it reads now (its handle now reads ${now}): either it changed since \`review\` listed it or the handle is mistyped; run \`research-pack review pi/27-chapter\` again and decide on what it says now\nRefused: nothing was written.\n`,
    );
    expect(await snapshotBook()).toEqual(before);
  });

  it('refuses to write while another writer holds the book\'s lock, and writes once it is gone', async () => {
    const lockFile = path.join(root, book, '.research-pack.lock');
    // This test process stands for a running ingest --write.
    await writeFile(lockFile, `${JSON.stringify({ pid: process.pid, host: os.hostname(), command: 'ingest --write', started: '2026-12-01T09:00:00.000Z' })}\n`);
    const before = await snapshotBook();
    const refused = await cli('accept', 'lead-mining-a-pi-session', ...WHO);
    expect(refused.code).toBe(1);
    // Only why it was refused: no line says what the decision does, as if it had been recorded.
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `research-pack accept: ${book} is locked: another research-pack (pid ${process.pid}, "ingest --write", since 2026-12-01T09:00:00.000Z) is writing into it; nothing was written. Run the command again when it is done (if no research-pack is running, remove ${book}/.research-pack.lock)\n`,
    );
    expect(await snapshotBook()).toEqual(before);
    await rm(lockFile);
    const written = await cli('accept', 'lead-mining-a-pi-session', ...WHO);
    expect(written.code, written.stderr).toBe(0);
    expect(await readdir(path.join(root, book))).not.toContain('.research-pack.lock');
  });

  it("refuses as the lock's, not with a check error, a decision that read the books while another writer was between two files", async () => {
    // This test process stands for an accept-claim that has written the evidence naming its new claim, and not yet the claims.
    await writeFile(path.join(root, book, '.research-pack.lock'), `${JSON.stringify({ pid: process.pid, host: os.hostname(), command: 'a review decision', started: '2026-12-01T09:00:00.000Z' })}\n`);
    const evidence = await read(evidenceFile);
    await writeFile(path.join(root, evidenceFile), evidence.replace(/(\n  - id: lead-mining-a-pi-session\n(?:    .*\n)*?    claims: \[)/, '$1claim-not-written-yet, '));
    expect(await read(evidenceFile)).toContain('claim-not-written-yet');
    const before = await snapshotBook();
    const refused = await cli('accept', 'lead-mining-a-pi-session', ...WHO);
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toContain('cross/missing-claim');
    expect(refused.stderr).toContain(`research-pack accept: ${book} is locked: another research-pack (pid ${process.pid}, "a review decision"`);
    expect(await snapshotBook()).toEqual(before);
  });

  it('refuses two decisions that contradict each other, together', async () => {
    const before = await snapshotBook();
    const result = await cli('accept', 'lead-mining-a-pi-session', 'lead-agentgrep-pi-backend', ...WHO, '+', 'reject', 'lead-mining-a-pi-session', '--why', 'Not about the header.', ...WHO);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'accept lead-mining-a-pi-session and reject lead-mining-a-pi-session contradict each other: both decide the lead "lead-mining-a-pi-session" of pi/27-chapter, differently (one is accept, the other reject); give one decision for it\nRefused: nothing was written.\n',
    );
    // Two accepts of one lead that differ say how (an outside author's finding: the message did not).
    const relations = await cli('accept', 'lead-mining-a-pi-session', '--relation', 'supports', ...WHO, '+', 'accept', 'lead-mining-a-pi-session', '--relation', 'qualifies', ...WHO);
    expect(relations.stderr).toBe(
      'accept lead-mining-a-pi-session and accept lead-mining-a-pi-session contradict each other: both decide the lead "lead-mining-a-pi-session" of pi/27-chapter, differently (one gives relation "supports", the other "qualifies"); give one decision for it\nRefused: nothing was written.\n',
    );
    expect(await snapshotBook()).toEqual(before);
  });

  it('takes who from git config when --by is not given, and asks for --by when git has no name', async () => {
    const gitConfig = path.join(root, 'gitconfig');
    await writeFile(gitConfig, '[user]\n\tname = Git Config Author\n');
    const env = { GIT_CONFIG_GLOBAL: gitConfig, GIT_CONFIG_NOSYSTEM: '1', HOME: root };
    const named = await runCli(['accept', 'lead-mining-a-pi-session', '--date', AS_OF, '--as-of', AS_OF, '--dry-run'], { cwd: root, env });
    expect(named.stdout).toContain('is validated evidence, by Git Config Author on 2026-12-01');
    // Where the name came from is said (an outside author's decisions were signed with a machine's global name unawares).
    expect(named.stderr).toBe('research-pack: deciding as "Git Config Author" (git config user.name); give --by to decide as someone else\n');
    // Said where a decision is written or shown, not above a refusal or "nothing to change" (an outside author stopped reading it).
    const refusedUnnamed = await runCli(['accept', 'lead-mining-a-pi-session', '--date', '2026-12-31', '--as-of', AS_OF], { cwd: root, env });
    expect(refusedUnnamed.code).toBe(1);
    expect(refusedUnnamed.stderr).not.toContain('deciding as');
    const unknownUnnamed = await runCli(['accept', 'lead-nowhere', '--as-of', AS_OF], { cwd: root, env });
    expect(unknownUnnamed.code).toBe(1);
    expect(unknownUnnamed.stderr).not.toContain('deciding as');
    const written = await runCli(['verdict', 'session-id-v4', 'unverified', '--rationale', 'Not checked yet.', '--as-of', AS_OF], { cwd: root, env });
    expect(written.code, written.stderr).toBe(0);
    expect(written.stderr).toBe('research-pack: deciding as "Git Config Author" (git config user.name); give --by to decide as someone else\n');
    const again = await runCli(['verdict', 'session-id-v4', 'unverified', '--rationale', 'Not checked yet.', '--as-of', AS_OF], { cwd: root, env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Nothing to change');
    expect(again.stderr).toBe('');
    // In a chain, the name another decision gives holds for one that gives none, not git's (a newcomer's finding).
    const chained = await runCli(['accept', 'lead-mining-a-pi-session', '+', 'reject', 'lead-agentgrep-pi-backend', '--why', 'Not about the header.', '--by', 'J. Author', '--date', AS_OF, '--as-of', AS_OF, '--dry-run'], { cwd: root, env });
    expect(chained.stdout).toContain('is validated evidence, by J. Author on 2026-12-01');
    expect(chained.stdout).not.toContain('Git Config Author');
    // One --date in a chain holds for all, as --by does; two different names (or dates) leave the others undecided (an outside author's finding).
    const dated = await runCli(['accept', 'lead-mining-a-pi-session', '+', 'reject', 'lead-agentgrep-pi-backend', '--why', 'Not about the header.', '--by', 'J. Author', '--date', '2026-11-30', '--as-of', AS_OF, '--dry-run'], { cwd: root, env });
    expect(dated.code, dated.stderr).toBe(0);
    expect(dated.stdout).toContain('is validated evidence, by J. Author on 2026-11-30');
    const twoNames = await runCli(['accept', 'lead-mining-a-pi-session', '--by', 'A. One', '+', 'reject', 'lead-agentgrep-pi-backend', '--why', 'No.', '--by', 'B. Two', '+', 'accept', 'txcript-reader', '--as-of', AS_OF, '--dry-run'], { cwd: root, env });
    expect(twoNames.code).toBe(2);
    expect(twoNames.stderr).toContain('this call gives --by "A. One" and "B. Two"; give --by to every decision of it, or one --by for all (accept txcript-reader gives none)');
    await rm(gitConfig);
    const nameless = await runCli(['accept', 'lead-mining-a-pi-session', '--date', AS_OF, '--as-of', AS_OF], { cwd: root, env: { ...env, GIT_CONFIG_GLOBAL: path.join(root, 'none') } });
    expect(nameless.code).toBe(2);
    expect(nameless.stderr).toBe('research-pack accept: who decides? give --by <name>, e.g. --by "J. Author" (git config user.name is not set here, so there is no default)\nRun `research-pack accept --help` for usage.\n');
  });

  it('rejects bad arguments with exit 2', async () => {
    expect((await cli('reject', 'lead-mining-a-pi-session', ...WHO)).stderr).toBe('research-pack reject: say why: --why "…", e.g. --why "the page describes version 1 only"; the reason stays in the record\nRun `research-pack reject --help` for usage.\n');
    const status = await cli('verdict', 'session-id-v4', 'supportd', ...WHO);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('the status must be supported, qualified, contradicted, unverified; got "supportd" (did you mean "supported"?)');
    // A reviewed verdict without its rationale is a missing argument, exit 2, as reject without --why.
    const bare = await cli('verdict', 'session-id-v4', 'qualified', ...WHO);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('a qualified verdict needs a rationale: give --rationale "…"');
    expect((await cli('accept', 'x', '+', 'frobnicate', 'y')).stderr).toContain('"+ frobnicate": a decision starts with accept, reject, accept-claim, verdict, reviewed');
    // A date after the run's day: the refusal says it is the decision's --date.
    const ahead = await cli('accept', 'lead-mining-a-pi-session', '--by', 'J. Author', '--date', '2026-12-31', '--as-of', AS_OF);
    expect(ahead.code).toBe(1);
    expect(ahead.stderr).toContain('recorded date 2026-12-31 is in the future');
    expect(ahead.stderr).toMatch(/nothing was written\. A date in the future is the decision's --date: give the day you decided\.\n$/);
    // A claim id that could never be one is told at once, with the form it could take (an outside author's finding).
    const badId = await cli('accept-claim', 'p1', '--id', 'Token Counts', ...WHO);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain('--id "Token Counts" is not a claim id: ids use lowercase ASCII letters, digits and single hyphens, at most 80 characters (did you mean "token-counts"?)');
    // A second decision without its "+", and a slip of an option's name (an outside author's findings).
    const chained = await cli('accept', 'lead-mining-a-pi-session', 'reject', 'lead-agentgrep-pi-backend', ...WHO);
    expect(chained.code).toBe(2);
    expect(chained.stderr).toContain('"reject" is a decision, not a lead to accept: to give several decisions in one call, start each with + (accept … + reject …)');
    const theirs = await cli('accept', 'lead-mining-a-pi-session', 'reject', 'lead-agentgrep-pi-backend', '--why', 'Off topic.', ...WHO);
    expect(theirs.code).toBe(2);
    expect(theirs.stderr).toContain("unknown option --why of `accept`: it is `reject`'s; to give several decisions in one call, start each with + (accept … + reject … --why …)");
    const slip = await cli('accept', 'lead-mining-a-pi-session', '--relaton', 'supports', ...WHO);
    expect(slip.code).toBe(2);
    expect(slip.stderr).toContain('unknown option --relaton (did you mean --relation?); `accept` takes');
  });
});

/** `review --interactive` in a real pseudo-terminal (Python's pty module), answering its prompts step by step. */
function walk(steps: Array<{ expect: string; send: string; replace?: [string, string, string] }>): Promise<{ code: number | null; output: string; failed: unknown }> {
  const spec = {
    argv: [process.execPath, bin, 'review', 'pi/27-chapter', '--interactive', ...WHO, '--as-of', AS_OF],
    cwd: root,
    env: { NO_COLOR: '1' },
    steps,
    timeout: 60,
  };
  return new Promise((resolve, reject) => {
    execFile('python3', [path.join(repoRoot, 'packages/cli/test/pty-run.py'), JSON.stringify(spec)], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as { code: number | null; output: string; failed: unknown });
    });
  });
}

const PROMPT = '\\[a\\]ccept, \\[r\\]eject, \\[s\\]kip, \\[q\\]uit\\? $';

describe('research-pack review --interactive, in a terminal', () => {
  it('walks through the items, writes nothing until the end, then writes every decision as one edit', async () => {
    const { leads } = await queue();
    const [first, second, third] = leads;
    const before = await snapshotBook();
    // A lead the report left unresolved is accepted with what the author says it does.
    expect(first!.relation).toBe('unresolved');
    const result = await walk([
      { expect: `^37 items to decide on \\(pi/27-chapter: 23 leads, 12 proposed claims, 2 claims to review again\\), as J\\. Author on 2026-12-01\\. Nothing is written until the end\\.`, send: '' },
      { expect: `\\[1/37\\] pi/27-chapter, lead\\r?\\n    ${first!.handle.replace('.', '\\.')}  ${first!.id}[\\s\\S]*${PROMPT}`, send: 'a\n' },
      { expect: 'What does it do to its claims: supports, qualifies or contradicts \\(Enter: leave it unresolved\\)\\? $', send: 'perhaps\n' },
      { expect: 'What does it do to its claims: supports, qualifies or contradicts \\(Enter: leave it unresolved\\)\\? $', send: 'qualifies\n' },
      { expect: 'Where in the source \\(section, page, line; Enter: none\\)\\? $', send: 'section 2, the header example\n' },
      { expect: 'What it shows, in your words, added to its note \\(Enter: nothing\\)\\? $', send: 'Shows the header only.\n' },
      { expect: `\\[2/37\\] pi/27-chapter, lead\\r?\\n    ${second!.handle.replace('.', '\\.')}  ${second!.id}[\\s\\S]*${PROMPT}`, send: 'r\n' },
      { expect: 'Why is it rejected\\? $', send: '\n' },
      { expect: 'Why is it rejected\\? $', send: 'It is about another claim.\n' },
      { expect: `\\[3/37\\][\\s\\S]*${PROMPT}`, send: 'x\n' },
      { expect: `Type a, r, s or q and Enter\\.\\r?\\n${PROMPT}`, send: 's\n' },
      { expect: `\\[4/37\\][\\s\\S]*${PROMPT}`, send: 'q\n' },
      { expect: 'Write these 2 decisions to the sidecars\\? \\[y/n\\] $', send: 'y\n' },
    ]);
    expect(result.failed, result.output).toBeNull();
    expect(result.code).toBe(0);
    expect(result.output).toContain(`accept ${first!.handle}: lead "${first!.id}" of pi/27-chapter`);
    expect(result.output).toContain(`reject ${second!.handle}: lead "${second!.id}" of pi/27-chapter is rejected, by J. Author on 2026-12-01: "It is about another claim."`);
    expect(result.output).toMatch(/Wrote content\/books\/pi\/27-chapter\.evidence\.yaml\.\r?\n$/);
    // Eleven questions asked: no listener is left behind for each (Node warned into the prompt past ten).
    expect(result.output).not.toContain('MaxListenersExceededWarning');
    const evidence = (parseYaml(await read(evidenceFile)) as { evidence: Array<Record<string, unknown>> }).evidence;
    expect(evidence.find((item) => item.id === first!.id)).toMatchObject({ status: 'validated', relation: 'qualifies', by: 'J. Author', recorded: AS_OF, locator: 'section 2, the header example' });
    expect(evidence.find((item) => item.id === first!.id)!.note).toMatch(/ Shows the header only\.$/);
    // The walk asks for the relation itself: its lead shows no command-line option.
    expect(result.output).toContain('relation:  unresolved (accepting it, you say what it does)');
    expect(result.output).not.toContain('accept it with --relation');
    expect(evidence.find((item) => item.id === second!.id)).toMatchObject({ status: 'rejected', by: 'J. Author', reason: 'It is about another claim.' });
    expect(evidence.find((item) => item.id === third!.id)).toMatchObject({ status: 'lead' });
    // Only the evidence sidecar changed.
    const after = await snapshotBook();
    expect(Object.keys(after).filter((file) => after[file] !== before[file])).toEqual(['27-chapter.evidence.yaml']);
  });

  it('decides on the entries shown even when the sidecar was edited during the walk', async () => {
    const { leads } = await queue();
    const [first, second, third] = leads;
    const text = await read(evidenceFile);
    // The first lead's entry, as someone removes it by hand while the walk waits at the second.
    const start = text.indexOf(`  - id: ${first!.id}\n`);
    const next = text.indexOf('\n  - id: ', start + 1);
    expect(start).toBeGreaterThan(0);
    const entry = text.slice(start, next + 1);
    const result = await walk([
      { expect: `\\[1/37\\][\\s\\S]*${PROMPT}`, send: 's\n' },
      { expect: `\\[2/37\\][\\s\\S]*${PROMPT}`, send: 'r\n', replace: [evidenceFile, entry, ''] },
      { expect: 'Why is it rejected\\? $', send: 'Off topic.\n' },
      { expect: `\\[3/37\\][\\s\\S]*${PROMPT}`, send: 'q\n' },
      { expect: 'Write this decision to the sidecars\\? \\[y/n\\] $', send: 'y\n' },
    ]);
    expect(result.failed, result.output).toBeNull();
    expect(result.code, result.output).toBe(0);
    const evidence = (parseYaml(await read(evidenceFile)) as { evidence: Array<Record<string, unknown>> }).evidence;
    expect(evidence.find((item) => item.id === first!.id)).toBeUndefined();
    expect(evidence.find((item) => item.id === second!.id)).toMatchObject({ status: 'rejected', reason: 'Off topic.' });
    expect(evidence.find((item) => item.id === third!.id)).toMatchObject({ status: 'lead' });
    expect(evidence.filter((item) => item.status === 'rejected' && item.reason === 'Off topic.')).toHaveLength(1);
  });

  it('accepts a lead on several claims with a relation per claim', async () => {
    const { leads } = await queue();
    const first = leads[0]!;
    expect(first.claims).toHaveLength(1);
    const [claim] = first.claims;
    const other = claim === 'session-id-v4' ? 'entry-ids-short' : 'session-id-v4';
    // The first lead, made to bear on a second claim.
    const text = await read(evidenceFile);
    const start = text.indexOf(`  - id: ${first.id}\n`);
    const line = text.indexOf(`    claims: [${claim}]\n`, start);
    expect(start).toBeGreaterThan(0);
    expect(line).toBeGreaterThan(start);
    await writeFile(path.join(root, evidenceFile), `${text.slice(0, line)}    claims: [${claim}, ${other}]\n${text.slice(line + `    claims: [${claim}]\n`.length)}`);
    const asked = `What does it do to its claims: supports, qualifies or contradicts, for all its claims; or one per group of them, each of ${claim}, ${other} once, as <relation>=<claim>,<claim> <relation>=<claim> \\(Enter: leave it unresolved\\)\\? $`;
    const result = await walk([
      { expect: `\\[1/37\\][\\s\\S]*${PROMPT}`, send: 'a\n' },
      { expect: asked, send: `supports=${claim}\n` },
      { expect: asked, send: `supports=${claim} qualifies=${other},nope\n` },
      { expect: asked, send: `supports=${claim} qualifies=${other}\n` },
      { expect: 'Where in the source \\(section, page, line; Enter: none\\)\\? $', send: '\n' },
      { expect: 'What it shows, in your words, added to its note \\(Enter: nothing\\)\\? $', send: '\n' },
      { expect: `\\[2/37\\][\\s\\S]*${PROMPT}`, send: 'q\n' },
      { expect: 'Write this decision to the sidecars\\? \\[y/n\\] $', send: 'y\n' },
    ]);
    expect(result.failed, result.output).toBeNull();
    expect(result.code, result.output).toBe(0);
    const evidence = (parseYaml(await read(evidenceFile)) as { evidence: Array<Record<string, unknown>> }).evidence;
    expect(evidence.find((item) => item.id === first.id)).toMatchObject({ status: 'validated', relation: 'supports', claims: [claim] });
    expect(evidence.find((item) => item.id === `${first.id}-${other}`)).toMatchObject({ status: 'validated', relation: 'qualifies', claims: [other], by: 'J. Author' });
  });

  it('lets the terminal go when the decisions are refused, and prints them as the command that makes them (an outside author\'s finding: the walk hung and the answers were lost)', async () => {
    const { leads } = await queue();
    const [first, second] = leads;
    // The first lead's note, a line of its own in the file.
    const text = await read(evidenceFile);
    const start = text.indexOf(`  - id: ${first!.id}\n`);
    const note = /\n    note: ([^\n]+)\n/.exec(text.slice(start))![1]!;
    expect(text.indexOf(note)).toBeGreaterThan(start);
    const before = await snapshotBook();
    const result = await walk([
      { expect: `\\[1/37\\][\\s\\S]*${PROMPT}`, send: 'a\n' },
      { expect: 'leave it unresolved\\)\\? $', send: 'qualifies\n' },
      { expect: 'Where in the source \\(section, page, line; Enter: none\\)\\? $', send: '\n' },
      { expect: 'What it shows, in your words, added to its note \\(Enter: nothing\\)\\? $', send: '\n' },
      // The first lead changes on disk while the walk waits at the second: the decision on it is refused at the end.
      { expect: `\\[2/37\\][\\s\\S]*${PROMPT}`, send: 'r\n', replace: [evidenceFile, note, `${note} Checked again.`] },
      { expect: 'Why is it rejected\\? $', send: "It's about another claim.\n" },
      { expect: `\\[3/37\\][\\s\\S]*${PROMPT}`, send: 'q\n' },
    ]);
    expect(result.failed, result.output).toBeNull();
    expect(result.code).toBe(1);
    expect(result.output).toContain('Refused: nothing was written.');
    expect(result.output).toContain(
      `Your 2 decisions, as one command (run it once the above is fixed, or decide some on their own):\r\n  research-pack accept ${first!.handle} --relation qualifies + reject ${second!.handle} --why 'It'\\''s about another claim.' --by 'J. Author' --date ${AS_OF}`,
    );
    const after = await snapshotBook();
    expect(after['27-chapter.evidence.yaml']).toBe(before['27-chapter.evidence.yaml']!.replace(note, `${note} Checked again.`));
  });

  it('asks the id of a claim it accepts, and keeps the proposal\'s on Enter (an outside author\'s finding)', async () => {
    const { leads, proposals } = await queue();
    const [first, second] = proposals;
    const skipLeads = leads.map((_, index) => ({ expect: `\\[${index + 1}/37\\][\\s\\S]*${PROMPT}`, send: 's\n' }));
    const asClaim = '\\[a\\]ccept as a claim, \\[r\\]eject, \\[s\\]kip, \\[q\\]uit\\? $';
    const result = await walk([
      ...skipLeads,
      { expect: `\\[${leads.length + 1}/37\\][\\s\\S]*${asClaim}`, send: 'a\n' },
      { expect: `Claim id \\(Enter: keep "${first!.id}"\\)\\? $`, send: 'Torn Line\n' },
      { expect: `Claim id \\(Enter: keep "${first!.id}"\\)\\? $`, send: 'torn-line\n' },
      { expect: `\\[${leads.length + 2}/37\\][\\s\\S]*${asClaim}`, send: 'a\n' },
      { expect: `Claim id \\(Enter: keep "${second!.id}"\\)\\? $`, send: '\n' },
      { expect: `\\[${leads.length + 3}/37\\][\\s\\S]*${asClaim}`, send: 'q\n' },
      { expect: 'Write these 2 decisions to the sidecars\\? \\[y/n\\] $', send: 'y\n' },
    ]);
    expect(result.failed, result.output).toBeNull();
    expect(result.code, result.output).toBe(0);
    const ids = (parseYaml(await read(claimsFile)) as { claims: Array<{ id: string }> }).claims.map((claim) => claim.id);
    expect(ids).toContain('torn-line');
    expect(ids).toContain(second!.id);
    expect(ids).not.toContain(first!.id);
  });

  it('writes nothing when the last answer is no, or when the walk is interrupted', async () => {
    const before = await snapshotBook();
    const declined = await walk([
      { expect: `\\[1/37\\][\\s\\S]*${PROMPT}`, send: 'a\n' },
      { expect: 'leave it unresolved\\)\\? $', send: '\n' },
      { expect: 'Where in the source \\(section, page, line; Enter: none\\)\\? $', send: '\n' },
      { expect: 'What it shows, in your words, added to its note \\(Enter: nothing\\)\\? $', send: '\n' },
      { expect: `\\[2/37\\][\\s\\S]*${PROMPT}`, send: 'q\n' },
      { expect: 'Write this decision to the sidecars\\? \\[y/n\\] $', send: 'n\n' },
    ]);
    expect(declined.failed, declined.output).toBeNull();
    expect(declined.code).toBe(0);
    expect(declined.output).toMatch(/Nothing was written\.\r?\n$/);
    expect(await snapshotBook()).toEqual(before);
    const interrupted = await walk([
      { expect: `\\[1/37\\][\\s\\S]*${PROMPT}`, send: 'a\n' },
      { expect: 'leave it unresolved\\)\\? $', send: '\n' },
      { expect: 'Where in the source \\(section, page, line; Enter: none\\)\\? $', send: '\n' },
      { expect: 'What it shows, in your words, added to its note \\(Enter: nothing\\)\\? $', send: '\n' },
      { expect: `\\[2/37\\][\\s\\S]*${PROMPT}`, send: '\u0003' },
    ]);
    expect(interrupted.failed).toBeNull();
    expect(interrupted.code).not.toBe(0);
    expect(await snapshotBook()).toEqual(before);
  });
});
