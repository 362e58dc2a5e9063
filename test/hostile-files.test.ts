/**
 * Hostile files: what an author, a contributor's pull request or a returned
 * report can put in a project's file system. Every command runs under every
 * failure (a link out of the project, a loop, a dangling link, a FIFO, a
 * device, a folder, an unreadable file, another encoding, a NUL byte, a
 * file too large), in real processes, one of them an unprivileged user;
 * and the real binary is run where its own behaviour matters (a FIFO must
 * not hang it, `/dev/zero` must not fill it, a closed pipe must not stop a
 * write). No run may throw, print a stack trace, leak a file's content or
 * write anything.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { named, noImmutableFiles, noUnprivilegedUser, NOBODY } from './helpers/capabilities.js';
import { bin, CliProcess, cliEnv, runBinary, type CliRun } from './helpers/cli-process.js';
import { BOOK, hostileProject, removeHostileProjects, snapshotFiles } from './helpers/hostile-project.js';

const SECRET = 'npm_SECRET_TOKEN_4f9a';
const AS_OF = ['--as-of', '2026-11-30'];
let outside: string;
let workers: CliProcess[];
let nobody: CliProcess | undefined;

beforeAll(async () => {
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.yaml'), `token: //registry.npmjs.org/:_authToken=${SECRET}\n`);
  workers = [new CliProcess(), new CliProcess()];
  if (noUnprivilegedUser === undefined) nobody = new CliProcess({ unprivileged: true });
  await Promise.all([...workers, ...(nobody ? [nobody] : [])].map((worker) => worker.ready));
});
afterAll(() => {
  for (const worker of [...(workers ?? []), ...(nobody ? [nobody] : [])]) worker.stop();
  removeHostileProjects();
  fs.rmSync(outside, { recursive: true, force: true });
});

/** No stack trace, no Node crash banner, no uncaught error. */
function expectNoCrash(run: CliRun): void {
  expect(run.threw).toBeUndefined();
  expect(run.stderr).not.toMatch(/\n\s+at \S|Node\.js v\d|Uncaught|RangeError|YAMLParseError/);
}

/** What is put where a file should be. */
interface Failure {
  name: string;
  /** Make it, at an absolute path. */
  make: (file: string) => void;
  /** Whether it replaces the file (a link, a FIFO...) rather than changing it (its mode, its bytes). */
  replaces: boolean;
  /** The rule the loader reports. */
  rule: string;
  /** Run as `nobody` (mode 000 does not stop root). */
  unprivileged?: boolean;
  /** `fingerprint`, which reads the file the user named (no project, so no "outside"): exit code and what stderr says. */
  fingerprint: { code: number; says: string };
}

const failures: Failure[] = [
  {
    name: 'a link out of the project', replaces: true,
    make: (file) => fs.symlinkSync(path.join(outside, 'secret.yaml'), file),
    rule: 'file/outside-project',
    // A file the user names on the command line is read wherever it is: it is theirs.
    fingerprint: { code: 0, says: '' },
  },
  { name: 'a link to itself', replaces: true, make: (file) => fs.symlinkSync(path.basename(file), file), rule: 'file/symlink-loop', fingerprint: { code: 1, says: 'it is a symbolic link that loops' } },
  { name: 'a dangling link', replaces: true, make: (file) => fs.symlinkSync('nowhere.mdx', file), rule: 'file/dangling-link', fingerprint: { code: 1, says: 'which does not exist' } },
  { name: 'a FIFO', replaces: true, make: (file) => execFileSync('mkfifo', [file]), rule: 'file/not-a-file', fingerprint: { code: 2, says: 'is a FIFO (named pipe), not a file' } },
  { name: 'a character device', replaces: true, make: (file) => execFileSync('mknod', [file, 'c', '1', '5']), rule: 'file/not-a-file', fingerprint: { code: 2, says: 'is a character device, not a file' } },
  { name: 'a folder', replaces: true, make: (file) => fs.mkdirSync(file), rule: 'file/not-a-file', fingerprint: { code: 2, says: 'is a folder, not a file' } },
  {
    name: 'an unreadable file (mode 000)', replaces: false,
    make: (file) => fs.chmodSync(file, 0),
    rule: 'file/unreadable',
    unprivileged: true,
    fingerprint: { code: 1, says: 'permission denied (EACCES)' },
  },
  { name: 'Latin-1 bytes', replaces: false, make: (file) => fs.appendFileSync(file, Buffer.from('\nCaf\xe9.\n', 'latin1')), rule: 'file/encoding', fingerprint: { code: 1, says: 'is not valid UTF-8: byte 0xE9' } },
  { name: 'a NUL byte', replaces: false, make: (file) => fs.appendFileSync(file, 'A\u0000B.\n'), rule: 'file/control-character', fingerprint: { code: 1, says: 'the control character U+0000 (NUL)' } },
  {
    name: 'a file of 17 MiB', replaces: false,
    make: (file) => fs.truncateSync(file, 17 * 1024 * 1024),
    rule: 'file/too-large',
    fingerprint: { code: 1, says: 'the file has 17,825,792 bytes; at most 16,777,216 are read' },
  },
];

/** Every command, with what it must do when the book has an error. */
const commands: Array<{ name: string; argv: string[] }> = [
  { name: 'check', argv: ['check'] },
  { name: 'brief', argv: ['brief', 'pi/28-chapter', ...AS_OF] },
  { name: 'status', argv: ['status', ...AS_OF] },
  { name: 'ingest --write', argv: ['ingest', 'incoming/r28.md', '--chapter', 'pi/28-chapter', '--write', ...AS_OF] },
  { name: 'sources refresh --offline', argv: ['sources', 'refresh', '--offline'] },
];

describe('every command under every failure of the chapter file', () => {
  for (const failure of failures) {
    const missing = failure.unprivileged ? noUnprivilegedUser : undefined;
    it.skipIf(missing !== undefined)(named(`${failure.name}: a problem with its rule, exit 1, nothing written, no stack trace`, missing), async () => {
      const root = hostileProject(failure.unprivileged ? { owner: 'nobody' } : {});
      const chapter = path.join(root, BOOK, '28-chapter.mdx');
      if (failure.replaces) fs.rmSync(chapter);
      failure.make(chapter);
      const before = snapshotFiles(path.join(root, BOOK));
      const runner = (index: number) => (failure.unprivileged ? nobody! : workers[index % workers.length]!);
      const runs = await Promise.all(commands.map((command, index) => runner(index).run(command.argv, root)));
      for (const [index, run] of runs.entries()) {
        const command = commands[index]!;
        expectNoCrash(run);
        expect({ command: command.name, code: run.code }).toEqual({ command: command.name, code: 1 });
        expect(run.stderr).toContain(`${BOOK}/28-chapter.mdx`);
        expect(run.stderr).toContain(`[${failure.rule}]`);
        expect(run.stdout + run.stderr).not.toContain(SECRET);
      }
      expect(snapshotFiles(path.join(root, BOOK))).toEqual(before);

      const fingerprint = await runner(0).run(['fingerprint', `${BOOK}/28-chapter.mdx`], root);
      expectNoCrash(fingerprint);
      expect(fingerprint.code).toBe(failure.fingerprint.code);
      expect(fingerprint.stderr).toContain(failure.fingerprint.says);
    });
  }
});

describe('sidecars', () => {
  it('a sidecar linked to a file outside the project is not read: check --format github names the link, not the content', async () => {
    const root = hostileProject();
    fs.rmSync(path.join(root, BOOK, '28-chapter.claims.yaml'));
    fs.symlinkSync(path.join(outside, 'secret.yaml'), path.join(root, BOOK, '28-chapter.claims.yaml'));
    const run = await workers[0]!.run(['check', '--format', 'github'], root);
    expectNoCrash(run);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`::error file=${BOOK}/28-chapter.claims.yaml,title=Research Pack%3A file/outside-project::is a symbolic link to`);
    expect(run.stdout).not.toContain(SECRET);
  });

  it('a sidecar linked to a file of the project outside the books folder is read, but no message quotes it', async () => {
    const root = hostileProject();
    fs.writeFileSync(path.join(root, '.npmrc'), `//registry.npmjs.org/:_authToken=${SECRET}\n`);
    fs.rmSync(path.join(root, BOOK, '28-chapter.claims.yaml'));
    fs.symlinkSync('../../../.npmrc', path.join(root, BOOK, '28-chapter.claims.yaml'));
    const run = await workers[0]!.run(['check', '--format', 'github'], root);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('values are not shown: the file is a symbolic link to a file outside the books folder');
    expect(run.stdout).not.toContain(SECRET);
    expect(run.stdout).not.toContain('_authToken');
  });

  it.skipIf(noUnprivilegedUser !== undefined)(named('an unreadable sidecar is a problem with the reason and what to do', noUnprivilegedUser), async () => {
    const root = hostileProject({ owner: 'nobody' });
    fs.chmodSync(path.join(root, BOOK, '27-chapter.evidence.yaml'), 0);
    const run = await nobody!.run(['check'], root);
    expectNoCrash(run);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${BOOK}/27-chapter.evidence.yaml  cannot read the file: permission denied (EACCES)  (hint: make it readable (chmod u+r the file), or run as a user who may read it)  [file/unreadable]`,
    );
  });
});

describe('the files ingest reads and writes', () => {
  it.skipIf(noUnprivilegedUser !== undefined)(named('an unreadable report, for ingest (exit 1)', noUnprivilegedUser), async () => {
    const root = hostileProject({ owner: 'nobody' });
    fs.chmodSync(path.join(root, 'incoming/r28.md'), 0);
    const run = await nobody!.run(['ingest', 'incoming/r28.md', '--chapter', 'pi/28-chapter', ...AS_OF], root);
    expectNoCrash(run);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('research-pack ingest: cannot read incoming/r28.md: permission denied (EACCES); make it readable (chmod u+r incoming/r28.md), or run as a user who may read it\n');
  });

  it('a report that is /dev/zero or a FIFO: refused by type at once, exit 2 (the real binary)', async () => {
    const root = hostileProject();
    execFileSync('mkfifo', [path.join(root, 'incoming/fifo.md')]);
    const [zero, fifo] = await Promise.all([
      runBinary(['ingest', '/dev/zero', '--chapter', 'pi/28-chapter'], { cwd: root, timeout: 20_000 }),
      runBinary(['ingest', 'incoming/fifo.md', '--chapter', 'pi/28-chapter'], { cwd: root, timeout: 20_000 }),
    ]);
    expect([zero.signal, zero.code, zero.stderr]).toEqual([null, 2, 'research-pack ingest: /dev/zero is a character device, not a file; give a regular file\nRun `research-pack ingest --help` for usage.\n']);
    expect([fifo.signal, fifo.code, fifo.stderr]).toEqual([null, 2, 'research-pack ingest: incoming/fifo.md is a FIFO (named pipe), not a file; give a regular file\nRun `research-pack ingest --help` for usage.\n']);
  });

  it('check on a FIFO sidecar, a link loop and a link to /dev/zero: the real binary ends at once with the problems', async () => {
    const root = hostileProject();
    execFileSync('mkfifo', [path.join(root, BOOK, '28-chapter.research.yaml')]);
    fs.symlinkSync('28-chapter.evidence.yaml', path.join(root, BOOK, '28-chapter.evidence.yaml'));
    fs.symlinkSync('/dev/zero', path.join(root, BOOK, '26-chapter.notes.yaml'));
    fs.rmSync(path.join(root, BOOK, '26-chapter.research.yaml'));
    fs.symlinkSync('/dev/zero', path.join(root, BOOK, '26-chapter.research.yaml'));
    const run = await runBinary(['check'], { cwd: root, timeout: 20_000 });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    // (The demo's claim whose prose changed since its verdict is noted after the count: not a problem.)
    const lines = run.stderr.split('\n').filter((line) => !line.includes('tree-in-place'));
    expect(lines.map((line) => /\[([^\]]+)\]$/.exec(line)?.[1] ?? line)).toEqual([
      // A YAML file that is no sidecar is not read at all, whatever it is.
      'book/unknown-file',
      'file/outside-project',
      'file/symlink-loop',
      'file/not-a-file',
      '3 error(s), 1 warning(s) in content/books',
      '',
    ]);
  });

  it('ingest --write | head -1: the closed pipe does not stop the write, and the exit code is the command\'s', () => {
    const root = hostileProject();
    const shell = `set -o pipefail; ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} ingest incoming/r28.md --chapter pi/28-chapter --write --as-of 2026-11-30 | head -1`;
    const output = execFileSync('bash', ['-c', shell], { cwd: root, env: cliEnv(), encoding: 'utf8' });
    expect(output).toBe('Ingest incoming/r28.md into pi/28-chapter\n');
    expect(fs.readFileSync(path.join(root, BOOK, '28-chapter.research.yaml'), 'utf8')).toContain('by: A. Researcher');
    expect(fs.existsSync(path.join(root, BOOK, '.reports/2026-11-30-28-chapter.md'))).toBe(true);
  });

  it('a flow-style claim that check accepts is filled by ingest on one line', async () => {
    const root = hostileProject();
    const claims = path.join(root, BOOK, '28-chapter.claims.yaml');
    const text = fs.readFileSync(claims, 'utf8');
    const block = '  - id: branch-summary-on-leave\n    anchor: directive\n    verdict:\n      status: unverified\n    priority: medium\n    response: no-change\n';
    expect(text).toContain(block);
    fs.writeFileSync(claims, text.replace(block, '  - { id: branch-summary-on-leave, anchor: directive, verdict: { status: unverified } }\n'));
    const run = await workers[0]!.run(['ingest', 'incoming/r28.md', '--chapter', 'pi/28-chapter', '--write', ...AS_OF], root);
    expectNoCrash(run);
    expect(run.code).toBe(0);
    expect(fs.readFileSync(claims, 'utf8')).toContain(
      // The report's priority is medium, the default the claim has: not written.
      `  - { id: branch-summary-on-leave, anchor: directive, verdict: { status: unverified }, concern: '"Can" hides that the user is asked', response: clarification }\n`,
    );
  });

  it('a read-only sidecar (0444) is not replaced; other modes are kept', async () => {
    const root = hostileProject();
    const claims = path.join(root, BOOK, '28-chapter.claims.yaml');
    fs.chmodSync(claims, 0o444);
    const before = snapshotFiles(path.join(root, BOOK));
    const refused = await workers[0]!.run(['ingest', 'incoming/r28.md', '--chapter', 'pi/28-chapter', '--write', ...AS_OF], root);
    expectNoCrash(refused);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`research-pack ingest: ${root}/${BOOK}/28-chapter.claims.yaml is read-only (mode 0444), and research-pack does not replace a file its author protected`);
    expect(snapshotFiles(path.join(root, BOOK))).toEqual(before);
    fs.chmodSync(claims, 0o600);
    const written = await workers[0]!.run(['ingest', 'incoming/r28.md', '--chapter', 'pi/28-chapter', '--write', ...AS_OF], root);
    expect(written.code).toBe(0);
    expect(fs.statSync(claims).mode & 0o777).toBe(0o600);
  });

  it.skipIf(noImmutableFiles !== undefined)(named('an immutable sidecar or book folder: the system\'s reason, what to do, and nothing left changed', noImmutableFiles), async () => {
    const root = hostileProject();
    const book = path.join(root, BOOK);
    const before = snapshotFiles(book);
    execFileSync('chattr', ['+i', path.join(book, '28-chapter.claims.yaml')]);
    const file = await workers[0]!.run(['ingest', 'incoming/r28.md', '--chapter', 'pi/28-chapter', '--write', ...AS_OF], root);
    execFileSync('chattr', ['-i', path.join(book, '28-chapter.claims.yaml')]);
    expectNoCrash(file);
    expect(file.code).toBe(1);
    expect(file.stderr).toContain(`cannot replace ${root}/${BOOK}/28-chapter.claims.yaml: operation not permitted (EPERM); the file or its folder may be immutable or append-only`);
    // The report copy written before it was removed again.
    expect(snapshotFiles(book)).toEqual(before);

    execFileSync('chattr', ['+i', book]);
    const folder = await workers[0]!.run(['ingest', 'incoming/r28.md', '--chapter', 'pi/28-chapter', '--write', ...AS_OF], root);
    execFileSync('chattr', ['-i', book]);
    expectNoCrash(folder);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toBe(
      'research-pack ingest: cannot lock content/books/pi for writing: cannot create content/books/pi/.research-pack.lock: operation not permitted (EPERM); the file or its folder may be immutable or append-only (lsattr content/books/pi; chattr -i), or owned by another user; change that, then run again; nothing was written\n',
    );
    expect(snapshotFiles(book)).toEqual(before);
  });

  it.skipIf(noUnprivilegedUser !== undefined)(named('a read-only book folder: refused with the reason, no temporary folder left behind', noUnprivilegedUser), async () => {
    const root = hostileProject({ owner: 'nobody' });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-tmpdir-'));
    execFileSync('chown', [`${NOBODY}:${NOBODY}`, tmp]);
    const book = path.join(root, BOOK);
    execFileSync('chmod', ['-R', 'a-w', book]);
    const before = snapshotFiles(book);
    const args = ['ingest', 'incoming/r28.md', '--chapter', 'pi/28-chapter', ...AS_OF];
    const [dry, write] = await Promise.all([
      runBinary(args, { cwd: root, unprivileged: true, env: { TMPDIR: tmp } }),
      runBinary([...args, '--write'], { cwd: root, unprivileged: true, env: { TMPDIR: tmp } }),
    ]);
    expect(dry.code).toBe(0);
    expect(write.code).toBe(1);
    expect(write.stderr).toBe(
      'research-pack ingest: cannot lock content/books/pi for writing: cannot create content/books/pi/.research-pack.lock: permission denied (EACCES); make content/books/pi and its folder writable for this user (ls -ld; chmod u+w), or run as a user who may write there; nothing was written\n',
    );
    expect(snapshotFiles(book)).toEqual(before);
    // Node's compile cache, which the command line turns on outside CI as Astro's does, is not a temporary folder of the write.
    expect(fs.readdirSync(tmp).filter((name) => name !== 'node-compile-cache')).toEqual([]);
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});

describe('dates and names', () => {
  it('status as of 9999-12-31 puts no pass in the future; an epoch past 9999 is refused', async () => {
    const root = hostileProject();
    const [status, check, epoch] = await Promise.all([
      workers[0]!.run(['status', '--as-of', '9999-12-31', '--format', 'json'], root),
      workers[1]!.run(['check', '--as-of', '9999-12-31'], root),
      workers[0]!.run(['check'], root, { SOURCE_DATE_EPOCH: '253402300800' }),
    ]);
    expect(status.code).toBe(0);
    expect(status.stdout).not.toContain('+010000');
    expect([check.code, check.stdout]).toEqual([0, 'No problems in content/books.\n']);
    expect([epoch.code, epoch.stderr]).toEqual([2, 'research-pack check: SOURCE_DATE_EPOCH must be at most 253402300799 (the last second of 9999-12-31), got "253402300800"\nRun `research-pack check --help` for usage.\n']);
  });

  it('a chapter named .MDX or .markdown is reported, not dropped', async () => {
    const root = hostileProject();
    fs.renameSync(path.join(root, BOOK, '28-chapter.mdx'), path.join(root, BOOK, '28-chapter.MDX'));
    const run = await workers[0]!.run(['check'], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^${escapeRegExp(`${BOOK}/28-chapter.MDX  this file is not read as a chapter: chapter files end in .mdx or .md, in lowercase  (hint: rename it to "28-chapter.mdx")  [book/unknown-chapter-file]\n1 error(s), 0 warning(s) in content/books\n`)}[^\n]*claim "tree-in-place": the prose changed since its verdict[^\n]*\n[^\n]+\n$`,
      ),
    );
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
