import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { loadBooks } from '../../src/load/books.js';
import { withChanges, writeProject } from '../fixture-book.js';
import type { Files } from '../fixture-book.js';

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

  it('book/orphan-sidecar: a sidecar without a chapter, with the likely chapter', () => {
    expect(formatProblems(load({ '01-session.claims.yaml': 'claims: []\n', '03-later.evidence.yaml': 'sources: []\n' }).problems)).toBe(
      [
        'content/books/demo/01-session.claims.yaml  no chapter 01-session.mdx or 01-session.md beside this sidecar  (hint: did you mean "01-sessions.claims.yaml"?)  [book/orphan-sidecar]',
        'content/books/demo/03-later.evidence.yaml  no chapter 03-later.mdx or 03-later.md beside this sidecar  (hint: add the chapter 03-later.mdx, or delete the sidecar)  [book/orphan-sidecar]',
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
    const { books, problems } = load({ '/content/books/guides/intro.md': '# Intro\n', '/content/books/guides/more/deep.mdx': '# Deep\n', '/content/books/index.mdx': '---\ntitle: Home\n---\n' });
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

