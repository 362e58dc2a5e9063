/**
 * Concurrent writers: real processes racing `ingest --write` of different
 * reports into the same chapter, 20 trials with two writers and 20 with
 * four, while a dry run reads the book. Each writer either wrote its pass
 * or was refused with who holds the lock and wrote nothing; afterwards
 * every pass that was reported written is in the sidecars, with its report
 * copy, the book passes `check`, and no lock or temporary file is left.
 * In every fifth trial the refused writers then race again until every
 * pass is in: nothing is lost. The writers are long-lived processes that loaded the CLI once
 * (`CliProcess`), so that a trial costs the ingests, not Node's start; one
 * trial runs the real binary.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliProcess, runBinary, type CliRun } from './helpers/cli-process.js';
import { BOOK, hostileProject, removeHostileProjects, report28 } from './helpers/hostile-project.js';

const TRIALS = 20;
const LOCKED = /^research-pack ingest: content\/books\/pi is locked: another research-pack \(pid (\d+), "ingest --write", since [0-9T:.Z-]+\) is writing into it; nothing was written\. Run the command again when it is done \(if no research-pack is running, remove content\/books\/pi\/\.research-pack\.lock\)\n$/;

let template: string;
let writers: CliProcess[];
let reader: CliProcess;
const trials: string[] = [];

beforeAll(async () => {
  template = hostileProject();
  // Chapter 28 alone: each ingest reads, checks and copies the whole book, and the race is about one chapter.
  for (const name of fs.readdirSync(path.join(template, BOOK))) if (/^2[67]-chapter\./.test(name)) fs.rmSync(path.join(template, BOOK, name));
  fs.rmSync(path.join(template, BOOK, '.reports'), { recursive: true, force: true });
  for (let index = 1; index <= 4; index++) fs.writeFileSync(path.join(template, `incoming/r${index}.md`), report28(template, `Researcher ${index}`));
  fs.writeFileSync(path.join(template, 'incoming/reader.md'), report28(template, 'A reader'));
  writers = [1, 2, 3, 4].map(() => new CliProcess());
  reader = new CliProcess();
  await Promise.all([...writers, reader].map((process) => process.ready));
});
afterAll(() => {
  for (const process of [...(writers ?? []), ...(reader ? [reader] : [])]) process.stop();
  for (const dir of trials) fs.rmSync(dir, { recursive: true, force: true });
  removeHostileProjects();
});

/** A fresh copy of the template project for one trial. */
function trialProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-race-'));
  trials.push(root);
  fs.cpSync(template, root, { recursive: true });
  return root;
}

const ingest = (writer: number) => ['ingest', `incoming/r${writer}.md`, '--chapter', 'pi/28-chapter', '--write', '--as-of', '2026-11-30'];

/** Each run wrote its pass, or was refused by the lock and said so. */
function outcome(run: CliRun): 'wrote' | 'refused' {
  expect(run.threw).toBeUndefined();
  if (run.code === 0) {
    expect(run.stdout).toMatch(/\nWrote content\/books\/pi\/\.reports\/2026-11-30-28-chapter(?:-\d)?\.md, content\/books\/pi\/28-chapter\.[a-z]+\.yaml/);
    return 'wrote';
  }
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 1, stderr: expect.stringMatching(LOCKED) });
  return 'refused';
}

/** The passes of chapter 28, by who made them, and its report copies' texts. */
function recorded(root: string): { by: string[]; reports: string[] } {
  const research = fs.readFileSync(path.join(root, BOOK, '28-chapter.research.yaml'), 'utf8');
  const history = (parse(research) as { history: Array<{ by: string; report: string }> }).history;
  const reports = history.map((pass) => fs.readFileSync(path.join(root, BOOK, pass.report), 'utf8'));
  return { by: history.map((pass) => pass.by).sort(), reports };
}

/** Nothing a writer leaves while it works: its lock, its temporary files. */
function leftovers(root: string): string[] {
  return (fs.readdirSync(path.join(root, BOOK), { recursive: true }) as string[]).filter((name) => /(?:^|\/)\.research-pack\.lock|\.tmp$/.test(name));
}

/**
 * One trial: the writers race, a dry run reads. With `retry`, the refused
 * then race again until every pass is in, and the book passes check.
 */
async function trial(count: number, retry: boolean): Promise<{ first: Array<'wrote' | 'refused'> }> {
  const root = trialProject();
  const racing = writers.slice(0, count);
  const [runs, dry] = await Promise.all([Promise.all(racing.map((writer, index) => writer.run(ingest(index + 1), root))), reader.run(['ingest', 'incoming/reader.md', '--chapter', 'pi/28-chapter', '--as-of', '2026-11-30'], root)]);
  const first = runs.map(outcome);
  expect(first).toContain('wrote');
  // The dry run read the book while it was written: no crash (a writer's temporary file vanishing under its copy of the book was one).
  expect(dry.threw).toBeUndefined();
  expect(dry.stderr).not.toMatch(/ENOENT|\n\s+at /);
  const wrote = first.flatMap((result, index) => (result === 'wrote' ? [`Researcher ${index + 1}`] : []));
  // Every pass said written is there, with its report, and no other.
  expect(recorded(root).by).toEqual(wrote.sort());
  expect(leftovers(root)).toEqual([]);

  if (!retry) return { first };

  let pending = first.flatMap((result, index) => (result === 'refused' ? [index] : []));
  for (let round = 0; pending.length > 0; round++) {
    expect(round).toBeLessThan(count);
    const again = await Promise.all(pending.map((index) => racing[index]!.run(ingest(index + 1), root)));
    pending = pending.filter((_, at) => outcome(again[at]!) === 'refused');
  }
  const final = recorded(root);
  expect(final.by).toEqual(racing.map((_, index) => `Researcher ${index + 1}`));
  expect(new Set(final.reports).size).toBe(count);
  for (const [index] of racing.entries()) expect(final.reports).toContain(fs.readFileSync(path.join(root, `incoming/r${index + 1}.md`), 'utf8'));
  const check = await reader.run(['check', '--as-of', '2026-11-30'], root);
  expect([check.code, check.stderr]).toEqual([0, '']);
  expect(leftovers(root)).toEqual([]);
  return { first };
}

describe('concurrent ingest --write into one chapter', () => {
  for (const count of [2, 4]) {
    it(`${TRIALS} trials of ${count} writers: each wrote or was refused with the holder; every pass is there afterwards`, async () => {
      const refused: number[] = [];
      for (let index = 0; index < TRIALS; index++) {
        // Every fifth trial goes on until every writer got its pass in.
        const { first } = await trial(count, index % 5 === 4);
        refused.push(first.filter((result) => result === 'refused').length);
      }
      // The writers really overlapped: in some trial at least one was refused.
      expect(Math.max(...refused)).toBeGreaterThan(0);
    });
  }

  it('as the real binary: four processes started together, one writes, the others are refused or come after', async () => {
    for (let index = 0; index < 1; index++) {
      const root = trialProject();
      const runs = await Promise.all([1, 2, 3, 4].map((writer) => runBinary(ingest(writer), { cwd: root })));
      const results = runs.map((run) => outcome({ ...run, threw: undefined }));
      const wrote = results.flatMap((result, at) => (result === 'wrote' ? [`Researcher ${at + 1}`] : []));
      expect(recorded(root).by).toEqual(wrote.sort());
      expect(leftovers(root)).toEqual([]);
    }
  });
});
