/**
 * The chapter files `chaptersLoader()` leaves out of Astro's glob(): the
 * ones the file policy refuses, and only those.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refusedChapterFiles } from '../src/refused-chapters.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const temporary = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-refused-'));
  made.push(dir);
  return dir;
};

describe('refusedChapterFiles', () => {
  it('lists links out of the project, loops, FIFOs and linked folders that leave it; not regular chapters', () => {
    const root = temporary();
    const outside = temporary();
    fs.writeFileSync(path.join(outside, 'secret.mdx'), '---\ntitle: x\nnumber: 1\n---\n');
    const book = path.join(root, 'content/books/pi');
    fs.mkdirSync(book, { recursive: true });
    fs.writeFileSync(path.join(book, '01-ok.mdx'), '---\ntitle: ok\nnumber: 1\n---\n');
    fs.symlinkSync('01-ok.mdx', path.join(book, '02-inside.mdx'));
    fs.symlinkSync(path.join(outside, 'secret.mdx'), path.join(book, '03-out.mdx'));
    fs.symlinkSync('04-loop.md', path.join(book, '04-loop.md'));
    execFileSync('mkfifo', [path.join(book, '05-fifo.mdx')]);
    fs.symlinkSync(outside, path.join(root, 'content/books/elsewhere'));
    expect(refusedChapterFiles(root, 'content/books').sort()).toEqual(['elsewhere/**', 'pi/03-out.mdx', 'pi/04-loop.md', 'pi/05-fifo.mdx']);
  });

  it('is empty for the demo book and for a missing folder', () => {
    expect(refusedChapterFiles(path.resolve(import.meta.dirname, '../../..'), 'content/books')).toEqual([]);
    expect(refusedChapterFiles(temporary(), 'content/books')).toEqual([]);
  });
});
