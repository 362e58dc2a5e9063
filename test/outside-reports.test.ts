/**
 * The research loop with real researchers: every report in
 * `test/fixtures/reports/` (written by outside researchers from a built
 * brief and snapshot, kept exactly as written) comes back in. Each is
 * ingested into its own copy of the demo book with the real CLI: the dry run
 * shows the plan, `--write` records the pass, `check` passes, a second
 * `--write` adds nothing, and nothing is validated. The landing rates are
 * computed from the plan the core makes of the same report, and every row
 * that does not land is listed with its position. A round trip ingests our
 * own `report.md` of a chapter, which must land whole.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildModel, parseResearchReport, planIngest, renderResearchReport, type ChapterModel } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseReportMarkdown } from '../packages/cli/src/report-markdown.js';
import { copyDemoBooks, removeProject, repoRoot, runCli } from '../packages/cli/test/helpers.js';

const corpus = path.join(repoRoot, 'test/fixtures/reports');
/** The day each report was written (the README's table): its ingest runs as of that day, as the author's would have. */
const written = new Map(
  [...readFileSync(path.join(corpus, 'README.md'), 'utf8').matchAll(/^\| `(r-[^`]+)` \|.*\| (\d{4}-\d{2}-\d{2}) \|$/gm)].map((match) => [match[1]!, match[2]!]),
);
const reports = readdirSync(corpus, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** How many experiments a report says it ran, where we read it by hand. */
const RAN: Record<string, number> = { 'r-26-c': 1, 'r-28-c': 0, 'r-27-c': 5, 'r-28-d': 2, 'r-27-d': 0, 'r-26-d': 2, 'r-26-e': 1, 'r-28-e': 1, 'r-27-e': 5, 'r-28-f': 11, 'r-26-f': 1, 'r-26-g': 5, 'r-27-g': 5, 'r-28-g': 0, 'r-27-h': 9, 'r-26-h': 2, 'r-28-i': 1, 'r-26-i': 3, 'r-27-j': 8, 'r-28-j': 1, 'r-28-k': 1, 'r-26-j': 2, 'r-27-k': 3, 'r-26-k': 2, 'r-27-l': 2, 'r-28-l': 6, 'r-26-l': 5, 'r-27-m': 13, 'r-28-m': 10, 'r-26-m': 5, 'r-27-n': 9 };

/** What one report's rows became. */
interface Landing {
  report: string;
  claimRows: number;
  claimsLanded: number;
  ledgerRows: number;
  ledgerLanded: number;
  heldBack: number;
  /** Claim-audit rows that landed as a claim of the chapter. */
  existing: number;
  /** Proposed claims, and those anchored by a quote found in the snapshot. */
  proposed: number;
  anchored: number;
}
const landings: Landing[] = [];

afterAll(() => {
  // The measurement the issue asks for, printed once per run.
  const rate = (landed: number, rows: number) => (rows === 0 ? 'n/a' : `${((100 * landed) / rows).toFixed(1)}%`);
  const lines = landings
    .sort((a, b) => (a.report < b.report ? -1 : 1))
    .map(
      (l) =>
        `${l.report}: claim audit ${l.claimsLanded}/${l.claimRows} (${rate(l.claimsLanded, l.claimRows)}; ${l.existing} existing, ${l.proposed} proposed, ${l.anchored} of them quote-anchored), source ledger ${l.ledgerLanded}/${l.ledgerRows} (${rate(l.ledgerLanded, l.ledgerRows)}), held back ${l.heldBack}`,
    );
  if (lines.length > 0) console.log(`Landing rates of the outside reports:\n${lines.join('\n')}`);
});

/** The chapter a report is about: `r-27-b` → `pi/27-chapter`. */
function chapterOf(name: string): string {
  const number = /^r-(\d+)-/.exec(name)?.[1];
  if (!number) throw new Error(`cannot tell the chapter of ${name}`);
  return `pi/${number}-chapter`;
}

/** The model of a project, as the CLI builds it. */
function modelOf(root: string, asOf: string) {
  const { model, problems } = buildModel({ rootDir: root, contentDir: 'content/books', parse: (source, { format }) => parseChapter(source, { format }), today: asOf });
  expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  return model!;
}

/** Plan a report with the core, as the CLI does. */
async function planOf(root: string, spec: string, file: string, source: string, asOf: string) {
  const [bookSlug, chapterSlug] = spec.split('/') as [string, string];
  const chapter = modelOf(root, asOf).books.find((book) => book.slug === bookSlug)!.chapters.find((candidate) => candidate.slug === chapterSlug)!;
  const sidecar = async (kind: 'claims' | 'evidence' | 'research') => {
    const name = `content/books/${bookSlug}/${chapterSlug}.${kind}.yaml`;
    return { file: name, text: await readFile(path.join(root, name), 'utf8').catch(() => undefined) };
  };
  const parsed = parseResearchReport(source, { file, parse: parseReportMarkdown });
  expect(parsed.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  const plan = planIngest({
    report: parsed.report,
    chapter: chapterData(spec, chapter),
    sidecars: { claims: await sidecar('claims'), evidence: await sidecar('evidence'), research: await sidecar('research') },
    reportPath: `reports/${asOf}-${chapterSlug}.md`,
    date: asOf,
    by: parsed.report.by?.value ?? 'unknown',
  });
  return { parsed, plan, chapter };
}

function chapterData(spec: string, chapter: ChapterModel) {
  return {
    spec,
    fingerprint: chapter.fingerprint,
    claims: chapter.claims.map((claim) => ({ id: claim.claim.id, text: claim.text })),
    sources: chapter.sources,
    evidence: chapter.evidence,
    snapshot: chapter.snapshot,
    proposals: chapter.research.proposedClaims,
  };
}

/** The book's files, by path. */
async function filesOf(root: string): Promise<Record<string, string>> {
  const dir = path.join(root, 'content/books/pi');
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).filter((candidate) => candidate.isFile())) {
    const file = path.relative(dir, path.join(entry.parentPath, entry.name));
    files[file] = await readFile(path.join(dir, file), 'utf8');
  }
  return files;
}

describe('outside research reports come back in', () => {
  it('has at least six reports, for every chapter, each with the day it was written', () => {
    expect(reports.length).toBeGreaterThanOrEqual(6);
    expect([...written.keys()].sort()).toEqual(reports);
    expect(new Set(reports.map(chapterOf))).toEqual(new Set(['pi/26-chapter', 'pi/27-chapter', 'pi/28-chapter']));
  });

  for (const name of reports) {
    it.concurrent(`ingests ${name} without --strict, lands at least 90% of its rows, and adds nothing the second time`, async () => {
      const spec = chapterOf(name);
      const asOf = written.get(name)!;
      const source = readFileSync(path.join(corpus, name, 'report.md'), 'utf8');
      const root = await copyDemoBooks();
      try {
        await mkdir(path.join(root, 'incoming'));
        const file = `incoming/${name}.md`;
        await writeFile(path.join(root, file), source);
        const { parsed, plan, chapter } = await planOf(root, spec, file, source, asOf);

        // Every row lands as a claim, a proposal, a source, or is held back: none is lost.
        const readerHeld = (table: string) => parsed.report.heldBack.filter((row) => row.table === table).length;
        const claimRows = parsed.report.claimAudit.length + readerHeld('claim-audit');
        const ledgerRows = parsed.report.sourceLedger.length + readerHeld('source-ledger');
        const claimsLanded = plan.claims.length + plan.proposals.length;
        const ledgerLanded = plan.sources.length;
        const held = (table: string) => plan.heldBack.filter((row) => row.table === table).length;
        expect(claimsLanded + held('claim-audit')).toBe(claimRows);
        expect(ledgerLanded + held('source-ledger')).toBe(ledgerRows);
        const proposed = plan.proposals.map((planned) => planned.proposal);
        landings.push({
          report: name,
          claimRows,
          claimsLanded,
          ledgerRows,
          ledgerLanded,
          heldBack: plan.heldBack.length,
          existing: plan.claims.length,
          proposed: proposed.length,
          anchored: proposed.filter((proposal) => proposal.quote !== undefined).length,
        });
        // A proposal's anchor is the snapshot's own words.
        for (const proposal of proposed) if (proposal.quote !== undefined) expect(chapter.snapshot).toContain(proposal.quote);
        expect(claimRows).toBeGreaterThan(0);
        expect(ledgerRows).toBeGreaterThan(0);
        expect(claimsLanded / claimRows).toBeGreaterThanOrEqual(0.9);
        expect(ledgerLanded / ledgerRows).toBeGreaterThanOrEqual(0.9);

        // A row that names a claim by id is the row used for that claim (not one that only matched its text).
        for (const id of new Set(plan.claims.filter((match) => match.how === 'id').map((match) => match.id))) {
          expect(plan.claims.find((match) => match.id === id && !match.duplicate)?.how, id).toBe('id');
        }
        // A source's title is its title, not the researcher's mark that it is new.
        for (const planned of plan.sources) expect(planned.row.title).not.toMatch(/^new\s*:|\((?:new|added)(?: source)?\)$/i);
        // The pass is dated the day the report says it was written.
        expect(parsed.report.date?.value ?? asOf).toBe(asOf);
        // Experiments the researcher says were run count as run.
        if (RAN[name] !== undefined) expect(parsed.report.experiments.filter((item) => item.marker === 'RAN').length).toBe(RAN[name]);

        // The dry run shows the plan and writes nothing.
        const before = await filesOf(root);
        const expected = plan.heldBack.length > 0 ? 3 : 0;
        // A report that names no one who made the pass is ingested with --by, as the CLI asks.
        const by = parsed.report.by ? [] : ['--by', 'An outside researcher'];
        const dryRun = await runCli(['ingest', file, '--chapter', spec, '--as-of', asOf, ...by], { cwd: root });
        expect(dryRun.stderr).not.toMatch(/error\(s\)/);
        expect(dryRun.code).toBe(expected);
        expect(dryRun.stdout).toContain(`Ingest ${file} into ${spec} (dry run)`);
        expect(await filesOf(root)).toEqual(before);
        // Every row that does not land is listed with its place.
        for (const row of plan.heldBack) expect(dryRun.stdout).toContain(`  ${file}:${row.line}:${row.column}  ${row.table} `);

        // --write records the pass; the book still checks; nothing is validated.
        const write = await runCli(['ingest', file, '--chapter', spec, '--as-of', asOf, '--write', ...by], { cwd: root });
        expect(write.code).toBe(expected);
        expect(write.stdout).toContain('\nWrote ');
        const after = await filesOf(root);
        const slug = spec.split('/')[1]!;
        expect(after[`reports/${asOf}-${slug}.md`]).toBe(source);
        const research = parseYaml(after[`${slug}.research.yaml`]!) as { history: Array<{ report?: string; heldBack?: unknown[] }>; proposedClaims?: unknown[] };
        const pass = research.history.at(-1)!;
        expect(pass.report).toBe(`reports/${asOf}-${slug}.md`);
        expect(pass.heldBack?.length ?? 0).toBe(plan.heldBack.length);
        expect(research.proposedClaims?.length ?? 0).toBe(plan.proposals.filter((planned) => !planned.recorded).length);
        const verdicts = (text: string | undefined) => (text === undefined ? [] : (parseYaml(text) as { claims: Array<{ id: string; verdict: unknown }> }).claims.map((claim) => [claim.id, claim.verdict]));
        expect(verdicts(after[`${slug}.claims.yaml`])).toEqual(verdicts(before[`${slug}.claims.yaml`]));
        const evidence = (text: string | undefined) => (text === undefined ? [] : ((parseYaml(text) as { evidence?: Array<{ id: string; status: string }> }).evidence ?? []));
        const validatedBefore = evidence(before[`${slug}.evidence.yaml`]).filter((item) => item.status === 'validated').map((item) => item.id);
        expect(evidence(after[`${slug}.evidence.yaml`]).filter((item) => item.status === 'validated').map((item) => item.id)).toEqual(validatedBefore);
        expect(await runCli(['check', '--as-of', asOf], { cwd: root })).toMatchObject({ code: 0 });

        // A second --write adds nothing.
        const again = await runCli(['ingest', file, '--chapter', spec, '--as-of', asOf, '--write', ...by], { cwd: root });
        // Exit 3 again when rows of it were held back: they are still not in the sidecars.
        expect(again.code).toBe(plan.heldBack.length > 0 ? 3 : 0);
        expect(again.stdout).toContain('is already ingested');
        if (plan.heldBack.length > 0) expect(again.stdout).toContain('held back, as the pass records');
        expect(await filesOf(root)).toEqual(after);

        // A verdict taken from the pass names the sources the row cites (`[S4]`) by their ids in the ledger.
        const labelled = plan.sources.filter((planned) => planned.row.label !== undefined).map((planned) => [planned.row.label!.value, planned.id] as const);
        const cites = (evidence: string) => labelled.filter(([label]) => evidence.includes(`[${label}]`));
        const cited = plan.claims.find((match) => !match.duplicate && cites(match.row.evidence).length > 0);
        if (name === 'r-26-d') expect(cited).toBeDefined();
        if (cited) {
          const verdict = await runCli(['verdict', cited.id, 'unverified', '--from-pass', 'latest', '--chapter', spec, '--as-of', asOf, '--by', 'The author'], { cwd: root });
          expect(verdict.code, verdict.stderr).toBe(0);
          const claims = (parseYaml(await readFile(path.join(root, `content/books/pi/${slug}.claims.yaml`), 'utf8')) as { claims: Array<{ id: string; verdict?: { rationale?: string } }> }).claims;
          const rationale = claims.find((claim) => claim.id === cited.id)?.verdict?.rationale ?? '';
          for (const [label, id] of cites(cited.row.evidence)) {
            if (label !== id) expect(rationale).not.toContain(`[${label}]`);
            expect(rationale).toContain(`[${id}]`);
          }
        }
      } finally {
        await removeProject(root);
      }
    });
  }

  it('reads the snapshot line every claim-audit row gives in the reports written in French, German, Spanish, Japanese, Chinese and Korean (ligne 7, Z. 25, línea 13, a column headed 場所, 第 13 行, 7행)', async () => {
    for (const name of ['r-27-k', 'r-28-j', 'r-28-l', 'r-27-m', 'r-28-m', 'r-27-n']) {
      const file = path.join(corpus, name, 'report.md');
      const parsed = parseResearchReport(await readFile(file, 'utf8'), { file, parse: parseReportMarkdown });
      const rows = parsed.report.claimAudit;
      expect(rows.length, name).toBeGreaterThan(10);
      expect(rows.filter((row) => row.snapshotLine === undefined).map((row) => `${name}:${row.line}`)).toEqual([]);
    }
  });

  it('reads "none" written in French and Japanese as no concern, and the Japanese report\'s evidence and concern columns and its runs', async () => {
    const read = async (name: string) => {
      const file = path.join(corpus, name, 'report.md');
      return parseResearchReport(await readFile(file, 'utf8'), { file, parse: parseReportMarkdown });
    };
    const french = await read('r-27-k');
    // "Aucune." stood in ten concern cells, and became the open concern of four claims.
    expect(french.report.claimAudit.filter((row) => /^aucune/i.test(row.concern ?? ''))).toEqual([]);
    const japanese = await read('r-27-m');
    expect(japanese.problems.filter((problem) => problem.rule === 'report/unknown-column').map((problem) => problem.message)).toEqual([]);
    const rows = japanese.report.claimAudit;
    expect(rows.filter((row) => row.concern === 'なし')).toEqual([]);
    expect(rows.filter((row) => row.concern !== undefined).length).toBeGreaterThan(15);
    expect(rows.filter((row) => row.evidence.trim() === '')).toEqual([]);
    expect(japanese.report.date?.value).toBe('2026-12-07');
    expect(japanese.report.experiments.map((experiment) => experiment.marker).join(' ')).toBe(`${'RAN '.repeat(13)}${'UNRUN '.repeat(8)}`.trim());
  });

  it('takes back our own report.md of a chapter whole: every row lands as the claim or source it came from', async () => {
    const root = await copyDemoBooks();
    try {
      const model = modelOf(root, '2026-12-01');
      const source = renderResearchReport(model, 'pi/27-chapter', { site: 'https://books.example.org', chapters: '/books', research: '/research' });
      const { parsed, plan, chapter } = await planOf(root, 'pi/27-chapter', 'report.md', source, '2026-12-01');
      expect(parsed.problems).toEqual([]);
      expect(plan.problems).toEqual([]);
      expect(plan.heldBack).toEqual([]);
      expect(plan.proposals).toEqual([]);
      // In the order they stand in the prose, as report.md lists them.
      const inProse = [...chapter.claims].sort((a, b) => a.location.start - b.location.start);
      expect(plan.claims.map((match) => [match.id, match.how])).toEqual(inProse.map((claim) => [claim.claim.id, 'id']));
      expect(plan.sources.map((planned) => [planned.id, planned.action])).toEqual(chapter.sources.map((recorded) => [recorded.id, 'unchanged']));
      expect(plan.leads).toEqual([]);
      // Only the pass is new: the report adds nothing the sidecars do not already say.
      expect(plan.files.map((file) => file.kind)).toEqual(['research']);
    } finally {
      await removeProject(root);
    }
  });
});
