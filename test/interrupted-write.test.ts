/**
 * A writer killed among its moves: the real binary's `ingest --write` of
 * chapter 28's report, killed with SIGKILL by `strace -e inject` at each
 * system call that puts one of its files in place (the journal's rename,
 * the report copy's link, each sidecar's rename). Whatever it had moved,
 * `check` tells a half-written book from a whole one (`book/unfinished-write`
 * with the journal's place) or finds the book as it was; running the same
 * command again, or `research-pack recover`, leaves the book byte for byte
 * as an uninterrupted run does, with the research pass's counts of that run
 * (an outside reviewer's rerun recorded 0 sources and 0 leads), and no
 * journal, lock or temporary file.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noStrace } from './helpers/capabilities.js';
import { bin, cliEnv, runBinary } from './helpers/cli-process.js';
import { BOOK, hostileProject, removeHostileProjects, snapshotFiles } from './helpers/hostile-project.js';

const INGEST = ['ingest', 'incoming/r28.md', '--chapter', 'pi/28-chapter', '--write', '--as-of', '2026-11-30'];
const MOVES = 'rename,renameat,renameat2,link,linkat';

/** A system call of the traced run: its name, its thread, and its ordinal among that thread's calls of that name. */
interface Move {
  syscall: string;
  ordinal: number;
  target: string;
}

let template: string;
let finished: Record<string, string>;
let moves: Move[];

function strace(args: readonly string[], cwd: string): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('strace', args, { cwd, env: cliEnv(), timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : null) : 0;
      resolve({ code, signal: (error as { signal?: string } | null)?.signal ?? null, stdout, stderr });
    });
  });
}

function copyOf(root: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-killed-'));
  fs.cpSync(root, copy, { recursive: true });
  return copy;
}

/** The book's files, without the report copy's folder listing order and without dot files other than the reports folder's. */
function bookFiles(root: string): Record<string, string> {
  return snapshotFiles(path.join(root, BOOK));
}

describe.skipIf(noStrace)(`a killed ingest --write${noStrace ? ` (skipped: ${noStrace})` : ''}`, () => {
  beforeAll(async () => {
    template = hostileProject();
    // What an uninterrupted run leaves, and the calls that put its files in place, in order.
    const whole = copyOf(template);
    const log = path.join(whole, 'strace.log');
    const traced = await strace(['-f', '-o', log, '-e', `trace=${MOVES}`, process.execPath, bin, ...INGEST], whole);
    expect(traced.code, traced.stderr).toBe(0);
    finished = bookFiles(whole);
    const counts = new Map<string, number>();
    moves = [];
    const book = path.join(whole, BOOK);
    for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
      // A call another thread interrupts is logged in two lines: its name and arguments on the first (`<unfinished ...>`).
      const call = /^(\d+)\s+(rename|renameat2?|link(?:at)?)\((.*?)(?:\)\s+=|\s*<unfinished)/.exec(line);
      if (!call) continue;
      const [, tid, syscall, args] = call;
      const key = `${tid} ${syscall}`;
      const ordinal = (counts.get(key) ?? 0) + 1;
      counts.set(key, ordinal);
      const target = [...args!.matchAll(/"([^"]*)"/g)].map((match) => match[1]!).at(-1)!;
      if (target.startsWith(`${book}/`) && !target.endsWith('.research-pack.lock')) moves.push({ syscall: syscall!, ordinal, target: path.relative(book, target) });
    }
    fs.rmSync(whole, { recursive: true, force: true });
  }, 120_000);
  afterAll(() => removeHostileProjects());

  it('puts its files in place with one call each, after its journal', () => {
    expect(moves.map((move) => move.target)).toEqual([
      '.research-pack.journal',
      '.reports/2026-11-30-28-chapter.md',
      '28-chapter.claims.yaml',
      '28-chapter.evidence.yaml',
      '28-chapter.research.yaml',
    ]);
  });

  it.each([0, 1, 2, 3, 4])('killed at the move of its file %i: check says so, and the rerun and recover finish it as one run does', async (index) => {
    const move = moves[index]!;
    const root = copyOf(template);
    try {
      const before = bookFiles(root);
      const killed = await strace(['-f', '-o', '/dev/null', '-e', `trace=${move.syscall}`, '-e', `inject=${move.syscall}:signal=SIGKILL:when=${move.ordinal}`, process.execPath, bin, ...INGEST], root);
      expect(killed.code === 137 || killed.signal === 'SIGKILL', `${move.target}: ${killed.stderr}`).toBe(true);
      const book = path.join(root, BOOK);
      // The moves before this one were made, this one and those after were not.
      for (const [at, other] of moves.entries()) {
        if (other.target === '.research-pack.journal') continue;
        const now = bookFiles(root)[other.target];
        expect(now, `${other.target} after a kill at ${move.target}`).toBe(at < index ? finished[other.target] : before[other.target]);
      }
      const journal = fs.existsSync(path.join(book, '.research-pack.journal'));
      expect(journal).toBe(index > 0);

      const check = await runBinary(['check'], { cwd: root });
      if (journal) {
        expect(check.code).toBe(1);
        expect(check.stderr + check.stdout).toMatch(
          new RegExp(`content/books/pi/\\.research-pack\\.journal:1:1  research-pack "ingest --write" \\(pid \\d+, [0-9T:.Z-]+\\) stopped while it moved 4 new file\\(s\\) into place .*\\[book/unfinished-write\\]`),
        );
        expect(check.stderr + check.stdout).toContain('run `research-pack recover`');
      } else {
        // Killed before its journal was in place: nothing of it is in the book.
        expect(check.code, check.stderr).toBe(0);
      }

      // Recover on one copy, the same command again on another: both end as one uninterrupted run.
      const other = copyOf(root);
      try {
        const recovered = await runBinary(['recover'], { cwd: other });
        expect(recovered.code, recovered.stderr).toBe(0);
        if (journal) {
          expect(recovered.stdout).toContain('research-pack: finished a write into content/books/pi that "ingest --write"');
          expect(recovered.stdout).toContain('The book is now as that command would have left it.');
          expect(bookFiles(other)).toEqual(finished);
          expect((await runBinary(['check'], { cwd: other })).code).toBe(0);
        } else {
          // Nothing of the write is in the book; its stale lock and temporary files are cleared.
          expect(recovered.stdout).toContain('research-pack: took over a stale lock of content/books/pi');
          expect(recovered.stdout).toMatch(/research-pack: removed \d+ temporary file\(s\) in content\/books\/pi left by a research-pack that is gone\./);
          expect(bookFiles(other)).toEqual(before);
        }
      } finally {
        fs.rmSync(other, { recursive: true, force: true });
      }

      const again = await runBinary(INGEST, { cwd: root });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('took over a stale lock of content/books/pi');
      if (journal) {
        expect(again.stderr).toContain('research-pack: finished a write into content/books/pi');
        expect(again.stdout).toContain('incoming/r28.md is already ingested');
      }
      expect(bookFiles(root)).toEqual(finished);
      expect(fs.readdirSync(book).filter((name) => name.startsWith('.') && name !== '.reports')).toEqual([]);
      expect((await runBinary(['check'], { cwd: root })).code).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
