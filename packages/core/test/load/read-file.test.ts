/**
 * The file policy on real files: links out of the project, loops, dangling
 * links, FIFOs, devices, folders, sizes, encodings and control characters.
 * Every refusal is returned, never thrown, and nothing hangs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstInvalidUtf8, inspectPath, MAX_FILE_BYTES, readFileBytes, readTextFile } from '../../src/load/read-file.js';
import { tempDir } from '../temp-dir.js';

let root: string;
let outside: string;

beforeEach(() => {
  root = tempDir('research-pack-policy-');
  outside = tempDir('research-pack-outside-');
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

const inRoot = (name: string) => path.join(root, name);
const refusal = (read: ReturnType<typeof readTextFile>) => (read.status === 'refused' ? read.refusal : undefined);

describe('readTextFile', () => {
  it('reads a regular UTF-8 file, its byte order mark kept', () => {
    fs.writeFileSync(inRoot('a.yaml'), '\uFEFFtitle: Café\n');
    expect(readTextFile(inRoot('a.yaml'), { root })).toEqual({ status: 'read', text: '\uFEFFtitle: Café\n', real: fs.realpathSync(inRoot('a.yaml')) });
  });

  it('says absent only for a file that is not there', () => {
    expect(readTextFile(inRoot('missing.yaml'), { root })).toEqual({ status: 'absent' });
  });

  it('follows a link inside the project, and says where it led', () => {
    fs.writeFileSync(inRoot('real.yaml'), 'x: 1\n');
    fs.symlinkSync('real.yaml', inRoot('link.yaml'));
    expect(readTextFile(inRoot('link.yaml'), { root })).toMatchObject({ status: 'read', text: 'x: 1\n', link: 'real.yaml' });
  });

  it('refuses a link out of the project without reading the target', () => {
    fs.writeFileSync(path.join(outside, 'secret'), 'token=npm_abcdef\n');
    fs.symlinkSync(path.join(outside, 'secret'), inRoot('a.claims.yaml'));
    const read = readTextFile(inRoot('a.claims.yaml'), { root });
    expect(refusal(read)?.rule).toBe('file/outside-project');
    expect(refusal(read)?.message).toBe(`is a symbolic link to ${JSON.stringify(path.join(outside, 'secret'))}, outside the project; it is not read`);
    expect(JSON.stringify(read)).not.toContain('npm_abcdef');
  });

  it('refuses a file reached through a linked folder that leaves the project', () => {
    fs.writeFileSync(path.join(outside, 'b.yaml'), 'x: 1\n');
    fs.symlinkSync(outside, inRoot('book'));
    expect(refusal(readTextFile(path.join(root, 'book', 'b.yaml'), { root }))?.message).toBe('is reached through a symbolic link that leads outside the project; it is not read');
  });

  it('reads a file the user named anywhere when no root is given', () => {
    fs.writeFileSync(path.join(outside, 'report.md'), '# Report\n');
    expect(readTextFile(path.join(outside, 'report.md'))).toMatchObject({ status: 'read', text: '# Report\n' });
  });

  it('refuses a link to itself and a cycle of links as loops', () => {
    fs.symlinkSync('self.yaml', inRoot('self.yaml'));
    fs.symlinkSync('b.yaml', inRoot('a.yaml'));
    fs.symlinkSync('a.yaml', inRoot('b.yaml'));
    expect(refusal(readTextFile(inRoot('self.yaml'), { root }))).toMatchObject({ rule: 'file/symlink-loop' });
    expect(refusal(readTextFile(inRoot('a.yaml'), { root }))).toMatchObject({ rule: 'file/symlink-loop' });
  });

  it('refuses a dangling link, naming where it points', () => {
    fs.symlinkSync('gone.yaml', inRoot('a.yaml'));
    expect(refusal(readTextFile(inRoot('a.yaml'), { root }))).toMatchObject({ rule: 'file/dangling-link', message: 'is a symbolic link to "gone.yaml", which does not exist' });
  });

  it('refuses a FIFO by its type, without opening it (no hang)', () => {
    execFileSync('mkfifo', [inRoot('pipe.yaml')]);
    const started = Date.now();
    expect(refusal(readTextFile(inRoot('pipe.yaml'), { root }))).toMatchObject({ rule: 'file/not-a-file', message: 'is a FIFO (named pipe), not a file; it is not read' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses a character device (/dev/zero) by its type, without reading it', () => {
    expect(refusal(readTextFile('/dev/zero'))).toMatchObject({ rule: 'file/not-a-file', message: 'is a character device, not a file; it is not read' });
  });

  it('refuses a folder', () => {
    fs.mkdirSync(inRoot('a.claims.yaml'));
    expect(refusal(readTextFile(inRoot('a.claims.yaml'), { root }))).toMatchObject({ rule: 'file/not-a-file', message: 'is a folder, not a file; it is not read' });
  });

  it('refuses a file over the size cap from its size, without reading it', () => {
    const file = inRoot('big.yaml');
    fs.writeFileSync(file, '');
    fs.truncateSync(file, MAX_FILE_BYTES + 1);
    expect(refusal(readTextFile(file, { root }))).toMatchObject({ rule: 'file/too-large', message: `the file has ${(MAX_FILE_BYTES + 1).toLocaleString('en')} bytes; at most ${MAX_FILE_BYTES.toLocaleString('en')} are read` });
    fs.writeFileSync(file, 'x'.repeat(11));
    expect(refusal(readTextFile(file, { root, maxBytes: 10 }))?.rule).toBe('file/too-large');
  });

  it('reads every byte of files around the read sizes, at the cap and one past it', () => {
    for (const size of [0, 1, 8191, 8192, 65535, 65536, 65537, 200_000]) {
      const file = inRoot(`f${size}.txt`);
      const text = Array.from({ length: size }, (_, index) => String.fromCharCode(97 + (index % 26))).join('');
      fs.writeFileSync(file, text);
      const read = readTextFile(file, { root });
      expect(read.status === 'read' && read.text === text, `${size} bytes`).toBe(true);
      expect(readTextFile(file, { root, maxBytes: size }).status).toBe('read');
      if (size > 0) expect(refusal(readTextFile(file, { root, maxBytes: size - 1 }))?.rule).toBe('file/too-large');
    }
  });

  it('reads a file that keeps its size with one read: the byte asked past its size tells its end', () => {
    const file = inRoot('one-read.md');
    fs.writeFileSync(file, 'x'.repeat(20_000));
    const spy = vi.spyOn(fs, 'readSync');
    try {
      const read = readFileBytes(file, { root });
      expect(read.status === 'read' && read.bytes.length).toBe(20_000);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('reads every byte of a file that shrank after it was opened (fstat gave more than there is)', () => {
    let spy = fstatSaying((size) => size + 50);
    try {
      const text = 'y'.repeat(30_000);
      fs.writeFileSync(inRoot('shrank.md'), text);
      const read = readFileBytes(inRoot('shrank.md'), { root });
      expect(read.status === 'read' && read.bytes.toString('utf8') === text).toBe(true);
      // At the cap as lstat and fstat tell it, one byte past it on disk (it grew): refused, never cut.
      fs.writeFileSync(inRoot('past-cap.md'), 'z'.repeat(101));
      spy.mockRestore();
      spy = fstatSaying(() => 100);
      const realLstat = fs.lstatSync;
      const lstat = vi.spyOn(fs, 'lstatSync').mockImplementation(((file: fs.PathLike) => Object.assign(Object.create(fs.Stats.prototype) as fs.Stats, realLstat(file), { size: 100 })) as typeof fs.lstatSync);
      try {
        expect(refusal(readFileBytes(inRoot('past-cap.md'), { root, maxBytes: 100 }))?.rule).toBe('file/too-large');
        expect(lstat).toHaveBeenCalled();
      } finally {
        lstat.mockRestore();
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('reads on past the size the file had when it was opened, and keeps what it read there', () => {
    // As if each file grew by 100 bytes between fstat and read: the rest is read past the size, into the shared buffer.
    const spy = fstatSaying((size) => Math.max(size - 100, 0));
    try {
      // Large ones (their start read at the size they had), and small ones read wholly past it.
      const texts = ['a', 'b', 'c', 'd', 'e'].map((letter, index) => letter.repeat(index < 3 ? 70_000 + index : 40 + index) + `end of ${letter}`);
      texts.forEach((text, index) => fs.writeFileSync(inRoot(`grew${index}.txt`), text));
      const reads = texts.map((_, index) => readFileBytes(inRoot(`grew${index}.txt`), { root }));
      // Read one after the other and compared after the last: each kept its own bytes, not the shared buffer's last ones.
      reads.forEach((read, index) => expect(read.status === 'read' && read.bytes.toString('utf8') === texts[index], `file ${index}`).toBe(true));
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses bytes that are not UTF-8, naming the first one with its offset, line and column', () => {
    fs.writeFileSync(inRoot('latin1.yaml'), Buffer.from('title: ok\nnote: caf\xe9\n', 'latin1'));
    expect(refusal(readTextFile(inRoot('latin1.yaml'), { root }))).toEqual({
      rule: 'file/encoding',
      message: 'the file is not valid UTF-8: byte 0xE9 at byte offset 19 (line 2, column 10) is not part of a UTF-8 character',
      hint: 'save the file as UTF-8 (it looks like Latin-1 or Windows-1252); nothing is guessed or replaced',
      line: 2,
      column: 10,
    });
    fs.writeFileSync(inRoot('utf16.yaml'), Buffer.from('\uFEFFtitle: x\n', 'utf16le'));
    expect(refusal(readTextFile(inRoot('utf16.yaml'), { root }))?.hint).toBe('save the file as UTF-8 (it looks like UTF-16); nothing is guessed or replaced');
  });

  it('refuses NUL and other control characters, with their place; tab and line breaks are text', () => {
    fs.writeFileSync(inRoot('nul.md'), 'a\tb\r\nc\0d\n');
    expect(refusal(readTextFile(inRoot('nul.md'), { root }))).toMatchObject({ rule: 'file/control-character', message: 'the file holds the control character U+0000 (NUL) at line 2, column 2', line: 2, column: 2 });
    fs.writeFileSync(inRoot('esc.md'), 'x \u001b[31m red\n');
    expect(refusal(readTextFile(inRoot('esc.md'), { root }))?.message).toBe('the file holds the control character U+001B (ESC) at line 1, column 3');
    expect(readTextFile(inRoot('esc.md'), { root, allowControls: true }).status).toBe('read');
  });

  it('reports a refusal of the system with its reason and what to do', () => {
    // Refused to root too (mode 000 is tested as an unprivileged user in test/hostile-files.test.ts).
    expect(refusal(readTextFile(inRoot(`${'x'.repeat(300)}.yaml`), { root }))).toMatchObject({
      rule: 'file/unreadable',
      message: 'cannot read the file: the name is too long (ENAMETOOLONG)',
      hint: 'use a shorter path',
      code: 'ENAMETOOLONG',
    });
  });
});

describe('inspectPath', () => {
  it('gives the type and size of what is there, without opening it', () => {
    fs.writeFileSync(inRoot('a'), 'abc');
    expect(inspectPath(inRoot('a'), { root })).toMatchObject({ status: 'found', kind: 'file', size: 3 });
    expect(inspectPath(root, { root })).toMatchObject({ status: 'found', kind: 'folder' });
  });
});

describe('firstInvalidUtf8', () => {
  it('finds stray continuation bytes, truncated, overlong and surrogate sequences and code points past U+10FFFF', () => {
    const at = (...bytes: number[]) => firstInvalidUtf8(Uint8Array.from(bytes));
    expect(at(0x61, 0xc3, 0xa9)).toBe(3);
    expect(at(0x61, 0x80)).toBe(1);
    expect(at(0x61, 0xe2, 0x82)).toBe(1);
    expect(at(0xc0, 0xaf)).toBe(0);
    expect(at(0xe0, 0x80, 0xaf)).toBe(0);
    expect(at(0xed, 0xa0, 0x80)).toBe(0);
    expect(at(0xf4, 0x90, 0x80, 0x80)).toBe(0);
    expect(at(0xf0, 0x9f, 0x98, 0x80, 0xff)).toBe(4);
  });
});

/** Make `fs.fstatSync` report another size than the file has, as if it changed between fstat and read (restore the spy after). */
function fstatSaying(size: (real: number) => number) {
  const real = fs.fstatSync;
  return vi.spyOn(fs, 'fstatSync').mockImplementation(((fd: number) => {
    const stats = real(fd);
    return Object.assign(Object.create(Object.getPrototypeOf(stats) as object) as fs.Stats, stats, { size: size(stats.size) });
  }) as typeof fs.fstatSync);
}
