/**
 * Reading and writing under the file policy: what the user named must be a
 * regular UTF-8 file; writes are atomic, keep the mode, refuse a read-only
 * file, never overwrite a report copy; the check's copy of a book skips a
 * writer's temporary files and can always be removed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertWritableInside, copyBook, makeCopyFolder, readOptional, readText, removeLeftCopies, writeAtomic } from '../src/files.js';
import { CliError } from '../src/io.js';
import { named, noImmutableFiles } from '../../../test/helpers/capabilities.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-files-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
const at = (name: string) => path.join(dir, name);

async function failure(promise: Promise<unknown>): Promise<{ message: string; exitCode: number }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('readText and readOptional', () => {
  it('refuse what is not a regular file as a usage error, without reading it', async () => {
    execFileSync('mkfifo', [at('report.md')]);
    expect(await failure(readText(at('report.md'), 'report.md'))).toEqual({ message: 'report.md is a FIFO (named pipe), not a file; give a regular file', exitCode: 2 });
    expect(await failure(readText('/dev/zero', '/dev/zero'))).toEqual({ message: '/dev/zero is a character device, not a file; give a regular file', exitCode: 2 });
    expect(await failure(readText(dir, 'incoming'))).toEqual({ message: 'incoming is a folder, not a file', exitCode: 2 });
    expect(await failure(readText(at('missing.md'), 'missing.md'))).toEqual({ message: 'no such file: missing.md', exitCode: 2 });
  });

  it('refuse bytes that are not UTF-8 with their place, exit 1', async () => {
    fs.writeFileSync(at('report.md'), Buffer.from('# R\ncaf\xe9\n', 'latin1'));
    expect(await failure(readText(at('report.md'), 'report.md'))).toEqual({
      message: 'report.md:2:4: the file is not valid UTF-8: byte 0xE9 at byte offset 7 (line 2, column 4) is not part of a UTF-8 character; save the file as UTF-8 (it looks like Latin-1 or Windows-1252); nothing is guessed or replaced',
      exitCode: 1,
    });
    expect((await failure(readOptional(at('report.md'), 'x.yaml'))).exitCode).toBe(1);
    expect(await readOptional(at('none.yaml'))).toBeUndefined();
  });
});

describe('writeAtomic', () => {
  it('replaces a file keeping its mode, and leaves no temporary file', async () => {
    fs.writeFileSync(at('a.yaml'), 'old\n', { mode: 0o600 });
    fs.chmodSync(at('a.yaml'), 0o640);
    await writeAtomic(at('a.yaml'), 'new\n');
    expect(fs.readFileSync(at('a.yaml'), 'utf8')).toBe('new\n');
    expect(fs.statSync(at('a.yaml')).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(dir)).toEqual(['a.yaml']);
  });

  it('refuses a file its author made read-only, and changes nothing', async () => {
    fs.writeFileSync(at('a.yaml'), 'old\n');
    fs.chmodSync(at('a.yaml'), 0o444);
    expect(await failure(writeAtomic(at('a.yaml'), 'new\n', { shown: 'a.yaml' }))).toEqual({
      message: 'a.yaml is read-only (mode 0444), and research-pack does not replace a file its author protected; make it writable (chmod u+w a.yaml) and run again; nothing was written',
      exitCode: 1,
    });
    expect(fs.readFileSync(at('a.yaml'), 'utf8')).toBe('old\n');
    expect(fs.statSync(at('a.yaml')).mode & 0o777).toBe(0o444);
  });

  it('creates a report copy only where no file has its name', async () => {
    await writeAtomic(at('reports/r.md'), 'one\n', { create: true });
    expect(fs.readFileSync(at('reports/r.md'), 'utf8')).toBe('one\n');
    expect((await failure(writeAtomic(at('reports/r.md'), 'two\n', { create: true, shown: 'reports/r.md' }))).message).toBe(
      'cannot create reports/r.md: a file of that name appeared meanwhile; run the command again; nothing was written',
    );
    expect(fs.readFileSync(at('reports/r.md'), 'utf8')).toBe('one\n');
    expect(fs.readdirSync(at('reports'))).toEqual(['r.md']);
  });

  it.skipIf(noImmutableFiles !== undefined)(named('says what the system refused: an immutable file', noImmutableFiles), async () => {
    fs.writeFileSync(at('a.yaml'), 'old\n');
    execFileSync('chattr', ['+i', at('a.yaml')]);
    try {
      const { message, exitCode } = await failure(writeAtomic(at('a.yaml'), 'new\n', { shown: 'a.yaml' }));
      expect(exitCode).toBe(1);
      expect(message).toBe(
        'cannot replace a.yaml: operation not permitted (EPERM); the file or its folder may be immutable or append-only (lsattr a.yaml; chattr -i), or owned by another user; change that, then run again; nothing was written',
      );
      expect(fs.readdirSync(dir)).toEqual(['a.yaml']);
    } finally {
      execFileSync('chattr', ['-i', at('a.yaml')]);
    }
  });
});

describe('copyBook', () => {
  it("copies a book's files and folders, not a writer's temporary files or lock, and what links point at", async () => {
    fs.mkdirSync(at('book/.reports'), { recursive: true });
    fs.writeFileSync(at('book/a.claims.yaml'), 'claims: []\n');
    fs.writeFileSync(at('book/.reports/r.md'), '# r\n');
    fs.writeFileSync(at('book/.a.claims.yaml.123.abcd.tmp'), 'half');
    fs.writeFileSync(at('book/.research-pack.lock'), '{}');
    fs.symlinkSync('a.claims.yaml', at('book/b.claims.yaml'));
    fs.chmodSync(at('book/a.claims.yaml'), 0o444);
    await copyBook(at('book'), at('copy'), at('book'));
    expect(fs.readdirSync(at('copy'), { recursive: true }).sort()).toEqual(['.reports', '.reports/r.md', 'a.claims.yaml', 'b.claims.yaml']);
    expect(fs.lstatSync(at('copy/b.claims.yaml')).isSymbolicLink()).toBe(false);
    // Fresh modes: the check writes the would-be files into the copy.
    expect(fs.statSync(at('copy/a.claims.yaml')).mode & 0o200).toBe(0o200);
  });

  it('follows no link out of the project, as the loader does not (an outside reviewer found /etc/passwd copied)', async () => {
    fs.mkdirSync(at('project/book/inner'), { recursive: true });
    fs.mkdirSync(at('outside'));
    fs.writeFileSync(at('outside/secret.txt'), 'secret');
    fs.writeFileSync(at('project/book/a.claims.yaml'), 'claims: []\n');
    fs.writeFileSync(at('project/notes.txt'), 'inside');
    fs.symlinkSync(at('outside/secret.txt'), at('project/book/secret-link.txt'));
    fs.symlinkSync(at('outside'), at('project/book/outside-folder'));
    fs.symlinkSync('../notes.txt', at('project/book/notes-link.txt'));
    fs.symlinkSync('missing.txt', at('project/book/dangling.txt'));
    await copyBook(at('project/book'), at('copy'), at('project'));
    expect(fs.readdirSync(at('copy'), { recursive: true }).sort()).toEqual(['a.claims.yaml', 'inner', 'notes-link.txt']);
    expect(fs.readFileSync(at('copy/notes-link.txt'), 'utf8')).toBe('inside');
  });
});

describe('assertWritableInside', () => {
  it('refuses a file whose folder is a link out of the book folder, in or out of the project, and takes one inside it (outside reviewers wrote a report copy through a `reports` link, once into the site\'s pages)', () => {
    fs.mkdirSync(at('project/book'), { recursive: true });
    fs.mkdirSync(at('project/src/pages'), { recursive: true });
    fs.mkdirSync(at('outside'));
    const refusal = (file: string) => {
      try {
        assertWritableInside(file, at('project/book'), 'book/reports/2026-12-01-ch.md', 'the book folder');
      } catch (error) {
        expect(error).toBeInstanceOf(CliError);
        expect((error as CliError).exitCode).toBe(1);
        return (error as CliError).message;
      }
      return undefined;
    };
    fs.symlinkSync(at('outside'), at('project/book/reports'));
    expect(refusal(at('project/book/reports/2026-12-01-ch.md'))).toBe(
      `cannot write book/reports/2026-12-01-ch.md: its folder is reached through a symbolic link that leads out of the book folder, to "${fs.realpathSync(at('outside'))}"; nothing was written; replace the link with a folder inside the book folder`,
    );
    // Inside the project, but out of the book: the site's pages.
    fs.symlinkSync('../src/pages', at('project/book/copies'));
    expect(refusal(at('project/book/copies/2026-12-01-ch.md'))).toMatch(/^cannot write book\/reports\/2026-12-01-ch\.md: its folder is reached through a symbolic link that leads out of the book folder, to ".*\/project\/src\/pages"/);
    // A folder one level up on the way.
    expect(refusal(at('project/book/copies/new/r.md'))).toMatch(/^cannot write .*: a folder on its way is reached through a symbolic link/);
    // A folder not there yet, under the book; and a link that stays inside it.
    expect(refusal(at('project/book/.reports/new/r.md'))).toBeUndefined();
    fs.mkdirSync(at('project/book/shared'));
    fs.symlinkSync('shared', at('project/book/kept'));
    expect(refusal(at('project/book/kept/r.md'))).toBeUndefined();
  });
});

describe('the copies of books a command checks its would-be files in', () => {
  it('are named with their process, and the ones of processes gone are removed, no others', async () => {
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    const mine = makeCopyFolder('ingest');
    expect(path.basename(mine)).toMatch(new RegExp(`^research-pack-ingest-${process.pid}-[A-Za-z0-9]{6}$`));
    const left = path.join(os.tmpdir(), `research-pack-review-${dead}-AbC123`);
    fs.mkdirSync(path.join(left, 'content/books/pi'), { recursive: true });
    fs.writeFileSync(path.join(left, 'content/books/pi/book.yaml'), 'title: x\n');
    fs.chmodSync(path.join(left, 'content/books/pi'), 0o500);
    const other = path.join(os.tmpdir(), `research-pack-notes-${dead}-AbC123`);
    fs.mkdirSync(other);
    try {
      await removeLeftCopies((pid) => pid !== dead);
      expect(fs.existsSync(left)).toBe(false);
      expect(fs.existsSync(mine)).toBe(true);
      expect(fs.existsSync(other)).toBe(true);
    } finally {
      for (const dir of [mine, left, other]) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
