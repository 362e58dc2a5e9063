import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { loadBooks } from '../../src/load/books.js';
import { withChanges, writeProject } from '../fixture-book.js';
import type { Files } from '../fixture-book.js';
import { tempDir } from '../temp-dir.js';

function load(changes: Files, contentDir?: string) {
  const root = writeProject(withChanges(changes));
  return { root, ...loadBooks(root, contentDir === undefined ? {} : { contentDir }) };
}

describe('loadBooks', () => {
  it('finds books, chapters (.mdx and .md) and the sidecars beside them', () => {
    const { books, problems } = load({});
    expect(problems).toEqual([]);
    expect(books).toHaveLength(1);
    const [book] = books;
    expect(book!.slug).toBe('demo');
    expect(book!.file).toBe('content/books/demo/book.yaml');
    expect(book!.config?.data?.title).toBe('Demo Book');
    expect(book!.chapters.map((chapter) => [chapter.id, chapter.file, chapter.format, chapter.claims?.file, chapter.evidence?.file, chapter.research?.file])).toEqual([
      [
        'demo-01-sessions',
        'content/books/demo/01-sessions.mdx',
        'mdx',
        'content/books/demo/01-sessions.claims.yaml',
        'content/books/demo/01-sessions.evidence.yaml',
        'content/books/demo/01-sessions.research.yaml',
      ],
      ['demo-02-replay', 'content/books/demo/02-replay.md', 'md', undefined, undefined, undefined],
    ]);
    expect(book!.chapters[0]!.frontmatter.data).toEqual({ title: 'Sessions', number: 1 });
    expect(book!.chapters[0]!.claims!.data!.claims.map((claim) => claim.id)).toEqual(['jsonl', 'tree', 'header']);
  });

  it('ignores files and folders starting with "." or "_", other files and subfolders', () => {
    const { books, problems } = load({
      '_draft.mdx': 'not a chapter',
      '.hidden.md': 'not a chapter',
      'notes.txt': 'not read',
      'images/figure.md': 'not read',
      '/content/books/_shared/x.mdx': 'not a book',
      '/content/books/.git/config': 'not a book',
    });
    expect(problems).toEqual([]);
    expect(books.map((book) => book.chapters.map((chapter) => chapter.slug))).toEqual([['01-sessions', '02-replay']]);
  });

  it('book/no-books: warns when the content directory is missing or empty', () => {
    const root = writeProject({});
    expect(formatProblems(loadBooks(root).problems)).toBe(
      'content/books  warning: the content directory does not exist  (hint: create content/books/<book>/book.yaml, or set the contentDir option)  [book/no-books]',
    );
    fs.mkdirSync(path.join(root, 'books'));
    expect(formatProblems(loadBooks(root, { contentDir: 'books' }).problems)).toBe(
      'books  warning: the content directory has no book folders  (hint: create books/<book>/book.yaml, or set the contentDir option)  [book/no-books]',
    );
  });

  it('book/missing-book-yaml and book/slug-mismatch', () => {
    expect(formatProblems(load({ 'book.yaml': undefined }).problems)).toBe(
      'content/books/demo/book.yaml  the book folder "demo" has no book.yaml  (hint: create it with at least "title:" and "slug:")  [book/missing-book-yaml]',
    );
    expect(formatProblems(load({ 'book.yaml': 'title: Demo\nslug: demo-book\nnotebooks: { github: a/b }\n' }).problems)).toBe(
      'content/books/demo/book.yaml:2:7  slug  slug "demo-book" differs from the folder name "demo"  (hint: set slug: demo, or rename the folder to "demo-book")  [book/slug-mismatch]',
    );
  });

  it('book/missing-book-yaml for a folder of chapters alone where the books own the folder; on a docs site, another folder of pages', () => {
    const changes = { '/content/books/udp/01-datagrams.mdx': '---\ntitle: Datagrams\nnumber: 1\n---\n\nText.\n' };
    expect(formatProblems(load(changes).problems)).toBe(
      'content/books/udp/book.yaml  the book folder "udp" has no book.yaml  (hint: create it with at least "title:" and "slug:"; or, if the folder is not a book (notes, drafts), rename it to "_udp", which the books leave out)  [book/missing-book-yaml]',
    );
    const root = writeProject(withChanges(changes));
    const hosted = loadBooks(root, { frontmatter: 'host' });
    expect(hosted.books.map((book) => book.slug)).toEqual(['demo']);
    expect(hosted.problems.filter((problem) => problem.file.includes('udp'))).toEqual([]);
  });

  it('book/orphan-sidecar: a sidecar without a chapter, with the likely chapter', () => {
    expect(formatProblems(load({ '01-session.claims.yaml': 'claims: []\n', '03-later.evidence.yaml': 'sources: []\n' }).problems)).toBe(
      [
        'content/books/demo/01-session.claims.yaml  no chapter 01-session.mdx or 01-session.md beside this sidecar  (hint: did you mean "01-sessions.claims.yaml"? If its chapter was renamed to "01-sessions.mdx", rename the sidecar with it (git mv 01-session.claims.yaml 01-sessions.claims.yaml))  [book/orphan-sidecar]',
        // A chapter renamed away from its sidecars (an outside author's `git mv`): not "delete the sidecar", which drops what it holds.
        'content/books/demo/03-later.evidence.yaml  no chapter 03-later.mdx or 03-later.md beside this sidecar  (hint: if its chapter was renamed to "02-replay.md" (the one chapter without an evidence sidecar), rename the sidecar with it (git mv 03-later.evidence.yaml 02-replay.evidence.yaml); else add the chapter 03-later.mdx or 03-later.md back. Deleting the sidecar drops the sources and evidence it holds)  [book/orphan-sidecar]',
      ].join('\n'),
    );
  });

  it('book/duplicate-chapter, book/invalid-chapter-slug and book/unknown-file', () => {
    expect(formatProblems(load({ '02-replay.mdx': '---\ntitle: Replay\nnumber: 2\n---\n' }).problems)).toBe(
      'content/books/demo/02-replay.md  both 02-replay.md and 02-replay.mdx exist; a chapter is one file  (hint: delete or rename one of them)  [book/duplicate-chapter]',
    );
    expect(formatProblems(load({ 'Chapter 3.md': '---\ntitle: Three\nnumber: 3\n---\n' }).problems)).toBe(
      'content/books/demo/Chapter 3.md  the chapter file name "Chapter 3" is not a valid slug; it becomes the chapter\'s URL segment  (hint: rename the file (and its sidecars) using lowercase ASCII letters, digits and single hyphens)  [book/invalid-chapter-slug]',
    );
    expect(formatProblems(load({ '01-sessions.claim.yaml': 'claims: []\n', 'settings.yml': 'a: 1\n' }).problems)).toBe(
      [
        'content/books/demo/01-sessions.claim.yaml  warning: this YAML file is not read: it is neither book.yaml nor a chapter sidecar  (hint: did you mean "01-sessions.claims.yaml"?)  [book/unknown-file]',
        'content/books/demo/settings.yml  warning: this YAML file is not read: it is neither book.yaml nor a chapter sidecar  (hint: sidecars are named <chapter>.claims.yaml, <chapter>.evidence.yaml or <chapter>.research.yaml)  [book/unknown-file]',
      ].join('\n'),
    );
  });

  it('book/misnamed-sidecar: the only file a missing sidecar could be is an error, not a warning (its records would vanish)', () => {
    expect(formatProblems(load({ '02-replay.research.yml': 'objective: Check the replay.\n', '02-replay.evidences.yaml': 'sources: []\n' }).problems)).toBe(
      [
        'content/books/demo/02-replay.evidences.yaml  this file is not read: a chapter\'s evidence sidecar is named "02-replay.evidence.yaml", and without it what this file records is missing from chapter "02-replay"  (hint: rename it to "02-replay.evidence.yaml")  [book/misnamed-sidecar]',
        'content/books/demo/02-replay.research.yml  this file is not read: a chapter\'s research sidecar is named "02-replay.research.yaml", and without it what this file records is missing from chapter "02-replay"  (hint: rename it to "02-replay.research.yaml")  [book/misnamed-sidecar]',
      ].join('\n'),
    );
    // Beside the sidecar it resembles, it is a stray file: a warning, as above.
    expect(load({ '01-sessions.research.yml': 'objective: x\n' }).problems.map((problem) => [problem.rule, problem.severity])).toEqual([['book/unknown-file', 'warning']]);
  });

  it('book/unfinished-write: a write journal whose writer is gone or that is older than a write takes, or that research-pack did not write; none while its writer runs', () => {
    const dead = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));
    const hash = 'a'.repeat(64);
    const journal = (pid: number, started: string) =>
      JSON.stringify({
        version: 1,
        pid,
        host: os.hostname(),
        command: 'ingest --write',
        started,
        files: [
          { file: '01-sessions.claims.yaml', temporary: `.01-sessions.claims.yaml.${pid}.0123abcd.tmp`, create: false, before: hash, after: hash },
          { file: '01-sessions.research.yaml', temporary: `.01-sessions.research.yaml.${pid}.0123abcd.tmp`, create: false, before: hash, after: hash },
        ],
      });
    const stopped = load({ '.research-pack.journal': journal(dead, new Date().toISOString()) });
    expect(formatProblems(stopped.problems)).toMatch(
      /^content\/books\/demo\/\.research-pack\.journal:1:1  research-pack "ingest --write" \(pid \d+, [0-9T:.Z-]+\) stopped while it moved 2 new file\(s\) into place \(content\/books\/demo\/01-sessions\.claims\.yaml, content\/books\/demo\/01-sessions\.research\.yaml\): the book holds some of them as they were before it and some as it made them  \(hint: run `research-pack recover`, which puts the rest in place .* `research-pack recover --discard` keeps the book as it is now instead\. Any command that writes into this book finishes it first too\)  \[book\/unfinished-write\]$/,
    );
    expect(stopped.problems[0]!.severity).toBe('error');
    // Its writer at work (this process, a moment ago): the files are changing, not half written.
    expect(load({ '.research-pack.journal': journal(process.pid, new Date().toISOString()) }).problems).toEqual([]);
    // A pid that runs, but a journal older than a write takes (a container's pid 1, a reused pid, a journal committed and checked out).
    const old = load({ '.research-pack.journal': journal(process.pid, '2026-12-07T10:00:00.000Z') }).problems;
    expect(old.map((problem) => problem.rule)).toEqual(['book/unfinished-write']);
    expect(old[0]!.message).toContain(`; pid ${process.pid} still names a running process, which, if it is that research-pack, is stalled`);
    expect(stopped.problems[0]!.message).not.toContain('still names a running process');
    const forged = load({ '.research-pack.journal': JSON.stringify({ version: 1, pid: dead, host: os.hostname(), command: 'x', started: 'y', files: [{ file: '../../../../etc/passwd', temporary: '.x.1.0123abcd.tmp', create: false, before: hash, after: hash }] }) });
    expect(forged.problems.map((problem) => [problem.rule, problem.message])).toEqual([
      ['book/unfinished-write', 'is not a write journal research-pack wrote (files[0] names a file outside the book folder: "../../../../etc/passwd")'],
    ]);
  });

  it('book/duplicate-chapter-id: chapters of two books whose stable ids are the same', () => {
    const { books, problems } = load({
      '/content/books/demo-02/book.yaml': 'title: Demo Two\nslug: demo-02\n',
      '/content/books/demo-02/replay.md': '---\ntitle: Replay again\nnumber: 1\n---\n\nText.\n',
    });
    expect(books.flatMap((book) => book.chapters.map((chapter) => chapter.id))).toEqual(['demo-01-sessions', 'demo-02-replay', 'demo-02-replay']);
    expect(formatProblems(problems)).toBe(
      'content/books/demo-02/replay.md  chapter "replay" of book "demo-02" has the stable id "demo-02-replay", which chapter "02-replay" of book "demo" (content/books/demo/02-replay.md) has too: briefs, reports and packs name a chapter by its id, so each must be its own  (hint: rename this chapter file (and its sidecars) or one of the two books, so that the book\'s slug, a hyphen and the chapter\'s slug differ)  [book/duplicate-chapter-id]',
    );
    // Ids that only share a start are not the same.
    expect(load({ '/content/books/demo-02/book.yaml': 'title: Demo Two\nslug: demo-02\n', '/content/books/demo-02/replays.md': '---\ntitle: Replays\nnumber: 1\n---\n\nText.\n' }).problems).toEqual([]);
  });

  it('reports a chapter without frontmatter and an empty sidecar', () => {
    expect(formatProblems(load({ '02-replay.md': 'Just prose.\n', '01-sessions.research.yaml': '# to do\n' }).problems)).toBe(
      [
        'content/books/demo/01-sessions.research.yaml  the file is empty  (hint: write an "objective:" for the research, or delete the file)  [yaml/empty-file]',
        'content/books/demo/02-replay.md:1:1  the chapter has no frontmatter  (hint: start the file with "---", then "title: ..." and "number: ..." lines, then "---")  [chapter/missing-frontmatter]',
      ].join('\n'),
    );
  });

  it('reads sidecars with a byte order mark and CRLF line endings', () => {
    const { books, problems } = load({
      'book.yaml': '\uFEFFtitle: Demo Book\r\nslug: demo\r\nnotebooks:\r\n  github: example/demo-notebooks\r\n',
      '02-replay.md': '\uFEFF---\r\ntitle: Replay\r\nnumber: 2\r\n---\r\n\r\nText.\r\n',
    });
    expect(problems).toEqual([]);
    expect(books[0]!.chapters[1]!.frontmatter.data).toEqual({ title: 'Replay', number: 2 });
    expect(books[0]!.chapters[1]!.source.startsWith('---')).toBe(true);
  });

  it('reports file system refusals other than "not found" as problems of the file, without throwing', () => {
    const root = writeProject(withChanges({ 'book.yaml': undefined }));
    fs.mkdirSync(path.join(root, 'content/books/demo/book.yaml'));
    expect(formatProblems(loadBooks(root).problems)).toBe(
      'content/books/demo/book.yaml  is a folder, not a file; it is not read  (hint: rename or remove the folder: only files are read under this name)  [file/not-a-file]',
    );
  });

  it('uses POSIX paths relative to the root, whatever the content directory', () => {
    const { books } = load({ '/docs/manual/book.yaml': 'title: Manual\nslug: manual\n', '/docs/manual/intro.md': '---\ntitle: Intro\nnumber: 0\n---\n' }, './docs/');
    expect(books.map((book) => [book.file, book.chapters.map((chapter) => chapter.file)])).toEqual([['docs/manual/book.yaml', ['docs/manual/intro.md']]]);
  });

  it('reads only folders that hold a book.yaml (or chapter sidecars): a docs site keeps other pages beside its books', () => {
    const root = writeProject(withChanges({ '/content/books/guides/intro.md': '# Intro\n', '/content/books/guides/more/deep.mdx': '# Deep\n', '/content/books/index.mdx': '---\ntitle: Home\n---\n' }));
    const { books, problems } = loadBooks(root, { frontmatter: 'host' });
    expect(problems).toEqual([]);
    expect(books.map((book) => book.slug)).toEqual(['demo']);
    // A folder with sidecars but no book.yaml is a book that lost its book.yaml.
    expect(formatProblems(load({ '/content/books/drafts/01-a.claims.yaml': 'claims: []\n', '/content/books/drafts/01-a.mdx': '---\ntitle: A\nnumber: 1\n---\n' }).problems)).toContain('content/books/drafts/book.yaml  the book folder "drafts" has no book.yaml');
  });

  it('reads chapters with the host schema when asked', () => {
    const root = writeProject(withChanges({ '02-replay.md': '---\ntitle: Replay\nsidebar:\n  order: 2\ndescription: Replaying a session.\n---\n\nText.\n' }));
    const { books, problems } = loadBooks(root, { frontmatter: 'host' });
    expect(problems).toEqual([]);
    expect(books[0]!.chapters[1]!.frontmatter.data).toEqual({ title: 'Replay', number: 2, summary: 'Replaying a session.' });
    expect(formatProblems(loadBooks(root).problems)).toContain('unknown key "sidebar"');
  });
});


describe('loadBooks under the file policy', () => {
  const book = 'content/books/demo';
  /** The example project with one book file replaced by what `make` puts there. */
  function hostile(file: string, make: (absolute: string, root: string) => void) {
    const root = writeProject(withChanges({ [file]: undefined }));
    make(path.join(root, book, file), root);
    return loadBooks(root);
  }
  const outsideFile = (text: string) => {
    const dir = tempDir('research-pack-outside-');
    fs.writeFileSync(path.join(dir, 'target'), text);
    return path.join(dir, 'target');
  };

  it('refuses a sidecar that links out of the project, and does not read or quote it', () => {
    const target = outsideFile('root:x:0:0:root:/root:/bin/bash\n');
    const { books, problems } = hostile('01-sessions.claims.yaml', (absolute) => fs.symlinkSync(target, absolute));
    expect(formatProblems(problems)).toBe(
      `${book}/01-sessions.claims.yaml  is a symbolic link to ${JSON.stringify(target)}, outside the project; it is not read  (hint: only files inside the project are read: replace the link with the file itself, or move what it points at into the project)  [file/outside-project]`,
    );
    // Refused is not absent: the chapter has a claims sidecar, which did not load.
    expect(books[0]!.chapters[0]!.claims).toMatchObject({ data: undefined });
  });

  it('refuses a chapter that links out of the project, and does not parse it', () => {
    const target = outsideFile('---\ntitle: Secret\nnumber: 1\n---\n');
    const { books, problems } = hostile('02-replay.md', (absolute) => fs.symlinkSync(target, absolute));
    expect(problems.map((problem) => [problem.file, problem.rule])).toEqual([[`${book}/02-replay.md`, 'file/outside-project']]);
    expect(books[0]!.chapters[1]).toMatchObject({ source: '', unreadable: true });
  });

  it('refuses a book folder that links out of the project', () => {
    const root = writeProject(withChanges({}));
    fs.symlinkSync(path.dirname(outsideFile('title: x\n')), path.join(root, 'content/books/elsewhere'));
    expect(formatProblems(loadBooks(root).problems)).toContain('content/books/elsewhere  is a symbolic link to');
  });

  it('refuses loops, dangling links, FIFOs and folders where book files should be, without hanging', () => {
    const loop = hostile('01-sessions.evidence.yaml', (absolute) => fs.symlinkSync(path.basename(absolute), absolute));
    expect(loop.problems.map((problem) => problem.rule)).toEqual(['file/symlink-loop']);
    const dangling = hostile('01-sessions.research.yaml', (absolute) => fs.symlinkSync('nowhere.yaml', absolute));
    expect(formatProblems(dangling.problems)).toContain('is a symbolic link to "nowhere.yaml", which does not exist');
    const fifo = hostile('book.yaml', (absolute) => execFileSync('mkfifo', [absolute]));
    expect(formatProblems(fifo.problems)).toBe(`${book}/book.yaml  is a FIFO (named pipe), not a file; it is not read  (hint: only regular files are read: replace it with a regular file, or delete it)  [file/not-a-file]`);
    // A folder named like a sidecar was skipped without a word.
    const folder = hostile('01-sessions.claims.yaml', (absolute) => fs.mkdirSync(absolute));
    expect(formatProblems(folder.problems)).toBe(`${book}/01-sessions.claims.yaml  is a folder, not a file; it is not read  (hint: rename or remove the folder: only files are read under this name)  [file/not-a-file]`);
  });

  it('refuses a sidecar in another encoding, or with a NUL byte, at the place of the first bad byte', () => {
    const latin1 = hostile('01-sessions.research.yaml', (absolute) => fs.writeFileSync(absolute, Buffer.from('objective: caf\xe9\n', 'latin1')));
    expect(formatProblems(latin1.problems)).toBe(
      `${book}/01-sessions.research.yaml:1:15  the file is not valid UTF-8: byte 0xE9 at byte offset 14 (line 1, column 15) is not part of a UTF-8 character  (hint: save the file as UTF-8 (it looks like Latin-1 or Windows-1252); nothing is guessed or replaced)  [file/encoding]`,
    );
    const nul = hostile('02-replay.md', (absolute) => fs.writeFileSync(absolute, '---\ntitle: Replay\nnumber: 2\n---\n\nText\u0000.\n'));
    expect(formatProblems(nul.problems)).toBe(
      `${book}/02-replay.md:6:5  the file holds the control character U+0000 (NUL) at line 6, column 5  (hint: remove it: text files hold no control characters but tab and line breaks (NUL bytes often mean a binary or UTF-16 file))  [file/control-character]`,
    );
  });

  it('quotes nothing of a file that a link brings in from outside the books folder', () => {
    const secret = 'questions: //registry.npmjs.org/:_authToken=npm_SECRET\n';
    const root = writeProject(withChanges({ '01-sessions.research.yaml': undefined, '/.npmrc': secret }));
    fs.symlinkSync('../../../.npmrc', path.join(root, book, '01-sessions.research.yaml'));
    const text = formatProblems(loadBooks(root).problems);
    expect(text).toBe(
      `${book}/01-sessions.research.yaml:1:12  expected a list, got the string "…"  (hint: write each entry on its own line starting with "…"; values are not shown: the file is a symbolic link to a file outside the books folder)  [schema/invalid-type]`,
    );
    expect(text).not.toContain('npm_SECRET');
    // The same file in the book folder is the author's own, and is quoted.
    expect(formatProblems(load({ '01-sessions.research.yaml': secret }).problems)).toContain('got the string "//registry.npmjs.org/:_authToken=npm_SECRET"');
  });

  it('reports a chapter whose extension a book does not read, instead of dropping it', () => {
    const upper = load({ '02-replay.md': undefined, '02-replay.MDX': '---\ntitle: Replay\nnumber: 2\n---\n' });
    expect(formatProblems(upper.problems)).toBe(
      `${book}/02-replay.MDX  this file is not read as a chapter: chapter files end in .mdx or .md, in lowercase  (hint: rename it to "02-replay.mdx")  [book/unknown-chapter-file]`,
    );
    const markdown = load({ '03-forks.markdown': '---\ntitle: Forks\nnumber: 3\n---\n', '03-forks.claims.yaml': 'claims: []\n' });
    // Its sidecar is not called an orphan: the chapter is there, misnamed.
    expect(formatProblems(markdown.problems)).toBe(
      `${book}/03-forks.markdown  this file is not read as a chapter: chapter files end in .mdx or .md, in lowercase  (hint: rename it to "03-forks.md")  [book/unknown-chapter-file]`,
    );
  });

  it("names a chapter file whose name holds a line break quoted, and does not tell it to take the name it has (an outside reviewer's finding)", () => {
    const forged = load({ '04-x\n27-chapter.claims.yaml:1:1  note: all reviewed\n.mdx': '---\ntitle: X\nnumber: 4\n---\n' });
    const text = formatProblems(forged.problems);
    expect(text).toBe(
      `"${book}/04-x\\n27-chapter.claims.yaml:1:1  note: all reviewed\\n.mdx"  this file is not read as a chapter: chapter files end in .mdx or .md, in lowercase  (hint: rename it: a chapter file name is lowercase letters, digits and hyphens, ending in .mdx or .md (no control characters or line breaks))  [book/unknown-chapter-file]`,
    );
    expect(text.split('\n')).toHaveLength(1);
  });
});
