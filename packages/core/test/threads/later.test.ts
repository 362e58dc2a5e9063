import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const script = fileURLToPath(new URL('./later-run.mjs', import.meta.url));

type Made = { id: string; thread: number; same?: boolean; pass?: string; claims?: number };
interface Run {
  chapters: string[];
  derived: Record<string, Made>;
  later: Array<Record<string, Made> | { error: string }>;
}

/** Build the demo's model on threads with two later passes (see later-run.mjs). */
function run(threading: { threads: number; mainThreadTakes?: boolean; failIn?: string; exitIn?: string; awaitLate?: boolean }): Run {
  const output = execFileSync(process.execPath, [script, repoRoot, '2026-11-01', JSON.stringify(threading)], { env: { ...process.env, NODE_OPTIONS: '' }, encoding: 'utf8' });
  return JSON.parse(output) as Run;
}

const passes = (result: Run) => result.later as Array<Record<string, Made>>;
/** What a pass made, without where it was made. */
const made = (pass: Record<string, Made>) => Object.fromEntries(Object.entries(pass).map(([id, { thread: _thread, same: _same, ...rest }]) => [id, rest]));

describe('buildModelOnThreads, later passes', () => {
  it('runs every pass over every chapter on this thread when there are no workers, with the first call\'s inputs', () => {
    const result = run({ threads: 1 });
    expect(result.chapters.length).toBeGreaterThan(1);
    for (const pass of passes(result)) {
      expect(Object.keys(pass).sort()).toEqual([...result.chapters].sort());
      for (const chapter of Object.values(pass)) expect(chapter).toMatchObject({ thread: 0, same: true });
    }
  });

  it('runs them on the worker that took each chapter, with the same input object, when the workers take every chapter', () => {
    const result = run({ threads: 3, mainThreadTakes: false });
    for (const pass of passes(result)) {
      expect(Object.keys(pass).sort()).toEqual([...result.chapters].sort());
      for (const [id, chapter] of Object.entries(pass)) {
        expect(chapter.thread).not.toBe(0);
        expect(chapter.thread).toBe(result.derived[id]!.thread);
        expect(chapter.same).toBe(true);
      }
    }
    expect(made(passes(result)[1]!)).toEqual(made(passes(run({ threads: 1 }))[1]!));
  });

  it('hands the chapters this thread took to the workers, in turns, as copies', () => {
    const result = run({ threads: 3 });
    const here = result.chapters.filter((id) => result.derived[id]!.thread === 0);
    // Taking chapters too, this thread takes some before the workers have started.
    expect(here.length).toBeGreaterThan(0);
    for (const pass of passes(result)) {
      expect(Object.keys(pass).sort()).toEqual([...result.chapters].sort());
      for (const id of here) expect(pass[id]).toMatchObject({ same: false });
      for (const chapter of Object.values(pass)) expect(chapter.thread).not.toBe(0);
    }
    if (here.length > 1) expect(new Set(here.map((id) => passes(result)[0]![id]!.thread)).size).toBeGreaterThan(1);
    // Copies keep the chapter's body and its claims' places, as the chapter had them on the thread that took it.
    const alone = passes(run({ threads: 1 }));
    expect(passes(result).map(made)).toEqual(alone.map(made));
    expect(Object.values(alone[1]!).every((chapter) => typeof (chapter as { body?: unknown }).body === 'string')).toBe(true);
    expect(Object.values(alone[1]!).some((chapter) => ((chapter as { places?: unknown[] }).places ?? []).some((place) => place !== null))).toBe(true);
  });

  it('leaves out a chapter whose pass failed (the caller makes it itself), and nothing else', () => {
    for (const threads of [1, 3]) {
      const result = run({ threads, mainThreadTakes: false, failIn: 'pi-27-chapter' });
      const [pages, artifacts] = passes(result);
      expect(Object.keys(pages!).sort()).toEqual(result.chapters.filter((id) => id !== 'pi-27-chapter').sort());
      expect(Object.keys(artifacts!).sort()).toEqual([...result.chapters].sort());
    }
  });

  it('stops the workers when this thread fails to take its chapters, instead of leaving them waiting', () => {
    // The script says the failure and ends by itself; a worker left waiting would keep it running until the timeout kills it.
    const output = execFileSync(process.execPath, [script, repoRoot, '2026-11-01', JSON.stringify({ threads: 3 })], {
      env: { ...process.env, NODE_OPTIONS: '', LATER_FAIL_ON_MAIN: '1' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(JSON.parse(output)).toEqual({ failed: 'this module cannot be loaded here' });
  });

  it('rejects the passes a worker did not finish, with the reason', () => {
    const result = run({ threads: 2, mainThreadTakes: false, exitIn: 'pi-27-chapter' });
    expect(Object.keys(result.later[0]!).sort()).toEqual([...result.chapters].sort());
    expect(result.later[1]).toEqual({ error: 'Research Pack: a worker thread exited with code 3 before it finished' });
  });

  it('lets a pass fail before anyone awaits it, without crashing the process', () => {
    const result = run({ threads: 2, mainThreadTakes: false, exitIn: 'pi-27-chapter', awaitLate: true });
    expect(result.later[1]).toEqual({ error: 'Research Pack: a worker thread exited with code 3 before it finished' });
  });
});
