/**
 * Book discovery: `content/books/<book>/book.yaml`, the chapters beside it
 * and their sidecars, each loaded and validated on its own. Checks across
 * files come after (`validate-book.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { cached } from './cache.js';
import type { ModelCache } from './cache.js';
import { loadFrontmatter } from './frontmatter.js';
import type { FrontmatterMode, LoadedFrontmatter } from './frontmatter.js';
import { loadSidecar } from './sidecar.js';
import type { LoadedSidecar } from './sidecar.js';
import { relativePath } from './paths.js';
import { appendProblems, closest, createProblem, quote, type Problem } from '../problems/problem.js';
import { IdSchema } from '../schema/sidecars.js';
import type { BookConfig, ClaimsFile, EvidenceFile, ResearchFile } from '../schema/sidecars.js';

/** Default content directory, relative to the project root. */
export const defaultContentDir = 'content/books';

/** The chapter sidecar kinds, in the order they are read. */
const sidecarKinds = ['claims', 'evidence', 'research'] as const;

/** Options of `loadBooks`. */
export interface LoadBooksOptions {
  /** Folder holding one folder per book, relative to the project root. Default `content/books`. */
  contentDir?: string | undefined;
  /** Reuse results for files whose text is unchanged; see `createModelCache`. */
  cache?: ModelCache | undefined;
  /** How chapter frontmatter is read; see `FrontmatterMode`. Default `strict`. */
  frontmatter?: FrontmatterMode | undefined;
}

/** A chapter and its sidecars, each validated on its own. */
export interface LoadedChapter {
  /** Book slug (the book's folder name). */
  book: string;
  /** Chapter slug: the file name without extension. */
  slug: string;
  /** Stable id `<book>-<chapter>`. */
  id: string;
  /** Chapter file relative to the project root. */
  file: string;
  /** Absolute path of the chapter file. */
  path: string;
  format: 'mdx' | 'md';
  /** The chapter's text, without a byte order mark. */
  source: string;
  frontmatter: LoadedFrontmatter;
  /** Present when `<chapter>.claims.yaml` exists. */
  claims?: LoadedSidecar<ClaimsFile>;
  /** Present when `<chapter>.evidence.yaml` exists. */
  evidence?: LoadedSidecar<EvidenceFile>;
  /** Present when `<chapter>.research.yaml` exists. */
  research?: LoadedSidecar<ResearchFile>;
}

/** A book folder and its `book.yaml`, whatever its chapters hold. */
export interface BookFolder {
  /** The folder name, which the book's slug must equal. */
  slug: string;
  /** Absolute path of the book folder. */
  dir: string;
  /** `book.yaml` relative to the project root. */
  file: string;
  /** The loaded `book.yaml`; undefined when the file does not exist. */
  config: LoadedSidecar<BookConfig> | undefined;
}

/** A book folder. */
export interface LoadedBook extends BookFolder {
  /** Chapters ordered by slug. */
  chapters: LoadedChapter[];
}

/** The kinds of chapter sidecar. */
export type SidecarKind = (typeof sidecarKinds)[number];

/** A chapter file found in a book folder, before it is read. Plain data: it can be posted to a worker thread. */
export interface ChapterEntry {
  /** Chapter slug: the file name without extension. */
  slug: string;
  /** Absolute path of the chapter file. */
  path: string;
  /** Sidecar file names beside the chapter, by kind. */
  sidecars: Partial<Record<SidecarKind, string>>;
  /** Problems of the file's name (both `.md` and `.mdx`, not a slug), reported before the chapter's own. */
  problems: Problem[];
  /** How the chapter's frontmatter is read; default `strict`. */
  frontmatter?: FrontmatterMode;
}

/** A book folder as listed, before its chapters are read. */
export interface BookListing extends BookFolder {
  /** The text of `book.yaml`, when it exists. */
  source: string | undefined;
  /** Chapter files in the order they are read (by file name). */
  chapters: ChapterEntry[];
  /** Problems of `book.yaml` and of unknown files, reported before the chapters'. */
  problems: Problem[];
  /** Problems of sidecars without a chapter, reported after the chapters'. */
  trailing: Problem[];
}

/** What `listBooks` found. */
export interface BookListings {
  /** Books ordered by slug. */
  books: BookListing[];
  /** Problems of the content folder itself (no books). */
  problems: Problem[];
}

/** What `loadBooks` found. */
export interface LoadedBooks {
  /** Books ordered by slug. */
  books: LoadedBook[];
  /** Every problem found in single files and in the folder layout. */
  problems: Problem[];
}

/**
 * Find and load every book under the content directory.
 *
 * Each folder of `content/books` (except those starting with `.` or `_`)
 * that holds a `book.yaml` is a book; other folders are not read (a docs
 * site keeps its other pages there), unless they hold chapter sidecars,
 * which makes a missing `book.yaml` an error. Each `.mdx` or `.md` file in a book (except those
 * starting with `.` or `_`) is a chapter, and `<chapter>.claims.yaml`,
 * `<chapter>.evidence.yaml` and `<chapter>.research.yaml` beside it are its
 * sidecars, all optional. Subfolders of a book are not read (reports and
 * notebooks may live there).
 *
 * Only "not found" is treated as absence; any other file system error is
 * thrown with the original as `cause`.
 * @param rootDir the project root; problem paths are relative to it.
 * @param options the content directory and a cache.
 * @returns the books and every problem.
 */
export function loadBooks(rootDir: string, options: LoadBooksOptions = {}): LoadedBooks {
  const listed = listBooks(rootDir, options);
  const problems = [...listed.problems];
  const books = listed.books.map((listing): LoadedBook => {
    appendProblems(problems, listing.problems);
    const chapters: LoadedChapter[] = [];
    for (const entry of listing.chapters) {
      appendProblems(problems, entry.problems);
      const loaded = loadChapter(rootDir, listing, entry, options.cache);
      appendProblems(problems, loaded.problems);
      chapters.push(loaded.chapter);
    }
    appendProblems(problems, listing.trailing);
    chapters.sort((a, b) => byCodePoint(a.slug, b.slug));
    return { slug: listing.slug, dir: listing.dir, file: listing.file, config: listing.config, chapters };
  });
  return { books, problems };
}

/**
 * Find every book folder, read its `book.yaml` and list its chapter files,
 * without reading the chapters: what `loadBooks` does before it loads each
 * chapter with `loadChapter`. Chapters are independent of each other, so a
 * caller may load them in any order, or on several threads.
 * @param rootDir the project root; problem paths are relative to it.
 * @param options the content directory and a cache.
 * @returns the books and the problems of the content folder.
 */
export function listBooks(rootDir: string, options: LoadBooksOptions = {}): BookListings {
  const contentDir = options.contentDir ?? defaultContentDir;
  const absolute = path.resolve(rootDir, contentDir);
  const problems: Problem[] = [];
  const entries = readDir(absolute);
  const folders = (entries ?? [])
    .filter((entry) => !/^[._]/.test(entry.name) && isDirectory(absolute, entry) && isBookFolder(path.join(absolute, entry.name)))
    .map((entry) => entry.name);
  folders.sort(byCodePoint);
  if (folders.length === 0) {
    problems.push(
      createProblem(
        'book/no-books',
        { file: relativePath(rootDir, absolute) || '.' },
        entries ? 'the content directory has no book folders' : 'the content directory does not exist',
        `create ${relativePath(rootDir, path.join(absolute, '<book>', 'book.yaml'))}, or set the contentDir option`,
      ),
    );
  }
  const books = folders.map((folder) => listBook(rootDir, path.join(absolute, folder), options.cache, options.frontmatter ?? 'strict'));
  return { books, problems };
}

/**
 * Whether a folder of the content directory is a book: it holds a
 * `book.yaml`, or files only a book has (chapter sidecars, a misspelled
 * `book.yml`), so that a missing `book.yaml` is reported instead of the
 * book vanishing.
 */
function isBookFolder(dir: string): boolean {
  const names = readDir(dir)?.map((entry) => entry.name) ?? [];
  return names.some((name) => name === 'book.yaml' || name === 'book.yml' || /\.(?:claims|evidence|research)\.yaml$/.test(name));
}

/**
 * Read a book's `book.yaml` from its text, as `listBooks` does: for a caller
 * that has a listing's `source` but not its `config` (another thread).
 * @param listing the book's folder, file and `book.yaml` text.
 * @returns the folder with its loaded configuration.
 */
export function bookFolder(listing: Pick<BookListing, 'slug' | 'dir' | 'file' | 'source'>): BookFolder {
  return {
    slug: listing.slug,
    dir: listing.dir,
    file: listing.file,
    config: listing.source === undefined ? undefined : loadSidecar('book', listing.source, listing.file),
  };
}

/** List one book folder: its `book.yaml` and chapter files, with the folder's problems. */
function listBook(rootDir: string, dir: string, cache: ModelCache | undefined, frontmatter: FrontmatterMode): BookListing {
  const problems: Problem[] = [];
  const trailing: Problem[] = [];
  const slug = path.basename(dir);
  const bookFile = path.join(dir, 'book.yaml');
  const file = relativePath(rootDir, bookFile);
  const names = (readDir(dir) ?? []).filter((entry) => !/^[._]/.test(entry.name) && !isDirectory(dir, entry)).map((entry) => entry.name);
  names.sort(byCodePoint);

  let config: LoadedSidecar<BookConfig> | undefined;
  const bookSource = readText(bookFile, file);
  if (bookSource === undefined) {
    problems.push(createProblem('book/missing-book-yaml', { file }, `the book folder ${quote(slug)} has no book.yaml`, 'create it with at least "title:" and "slug:"'));
  } else {
    config = cached(cache, `book\u0000${bookFile}\u0000${file}`, [bookSource], () => loadSidecar('book', bookSource, file));
    appendProblems(problems, config.problems);
    if (config.data && config.data.slug !== slug) {
      problems.push(
        createProblem(
          'book/slug-mismatch',
          { file, path: 'slug', ...config.locate(['slug']) },
          `slug ${quote(config.data.slug)} differs from the folder name ${quote(slug)}`,
          IdSchema.safeParse(slug).success
            ? `set slug: ${slug}, or rename the folder to ${quote(config.data.slug)}`
            : `rename the folder to ${quote(config.data.slug)}`,
        ),
      );
    }
  }

  const chapterFiles = new Map<string, string[]>();
  const sidecarFiles = new Map<string, Partial<Record<SidecarKind, string>>>();
  const unknownYaml: string[] = [];
  for (const name of names) {
    const sidecar = /^(.+)\.(claims|evidence|research)\.yaml$/.exec(name);
    const chapter = /^(.+)\.(mdx|md)$/.exec(name);
    if (sidecar) {
      const [, base, kind] = sidecar as unknown as [string, string, SidecarKind];
      sidecarFiles.set(base, { ...sidecarFiles.get(base), [kind]: name });
    } else if (chapter) {
      chapterFiles.set(chapter[1]!, [...(chapterFiles.get(chapter[1]!) ?? []), name]);
    } else if (/\.ya?ml$/i.test(name) && name !== 'book.yaml') {
      unknownYaml.push(name);
    }
  }

  for (const name of unknownYaml) {
    const known = ['book.yaml', ...[...chapterFiles.keys()].flatMap((base) => sidecarKinds.map((kind) => `${base}.${kind}.yaml`))];
    const suggestion = closest(name, known);
    problems.push(
      createProblem(
        'book/unknown-file',
        { file: relativePath(rootDir, path.join(dir, name)) },
        'this YAML file is not read: it is neither book.yaml nor a chapter sidecar',
        suggestion
          ? `did you mean ${quote(suggestion)}?`
          : 'sidecars are named <chapter>.claims.yaml, <chapter>.evidence.yaml or <chapter>.research.yaml',
      ),
    );
  }

  const chapters: ChapterEntry[] = [];
  for (const [base, files] of chapterFiles) {
    const chosen = files.includes(`${base}.mdx`) ? `${base}.mdx` : files[0]!;
    const chapterPath = path.join(dir, chosen);
    const chapterFile = relativePath(rootDir, chapterPath);
    const entryProblems: Problem[] = [];
    if (files.length > 1) {
      entryProblems.push(
        createProblem(
          'book/duplicate-chapter',
          { file: relativePath(rootDir, path.join(dir, `${base}.md`)) },
          `both ${base}.md and ${base}.mdx exist; a chapter is one file`,
          'delete or rename one of them',
        ),
      );
    }
    if (!IdSchema.safeParse(base).success) {
      entryProblems.push(
        createProblem(
          'book/invalid-chapter-slug',
          { file: chapterFile },
          `the chapter file name ${quote(base)} is not a valid slug; it becomes the chapter's URL segment`,
          'rename the file (and its sidecars) using lowercase ASCII letters, digits and single hyphens',
        ),
      );
    }
    chapters.push({ slug: base, path: chapterPath, sidecars: sidecarFiles.get(base) ?? {}, problems: entryProblems, frontmatter });
  }

  for (const [base, kinds] of sidecarFiles) {
    if (chapterFiles.has(base)) continue;
    for (const name of Object.values(kinds)) {
      const suggestion = closest(base, chapterFiles.keys());
      trailing.push(
        createProblem(
          'book/orphan-sidecar',
          { file: relativePath(rootDir, path.join(dir, name)) },
          `no chapter ${base}.mdx or ${base}.md beside this sidecar`,
          suggestion ? `did you mean ${quote(name.replace(base, suggestion))}?` : `add the chapter ${base}.mdx, or delete the sidecar`,
        ),
      );
    }
  }

  return { slug, dir, file, config, source: bookSource, chapters, problems, trailing };
}

/**
 * Load a chapter's text, frontmatter and sidecars, each validated on its own.
 * @param rootDir the project root; problem paths are relative to it.
 * @param book the chapter's book folder.
 * @param entry the chapter file, from `listBooks`.
 * @param cache reuse results for unchanged files.
 * @returns the chapter and the problems of its files (not those of `entry.problems`).
 */
export function loadChapter(rootDir: string, book: Pick<BookFolder, 'slug' | 'dir'>, entry: ChapterEntry, cache?: ModelCache): { chapter: LoadedChapter; problems: Problem[] } {
  const problems: Problem[] = [];
  const chapterPath = entry.path;
  const file = relativePath(rootDir, chapterPath);
  const source = readChapterSource(chapterPath, file) ?? '';
  const mode = entry.frontmatter ?? 'strict';
  const frontmatter = cached(cache, `frontmatter\u0000${mode}\u0000${chapterPath}\u0000${file}`, [source], () => loadFrontmatter(source, file, { mode }));
  appendProblems(problems, frontmatter.problems);
  const chapter: LoadedChapter = {
    book: book.slug,
    slug: entry.slug,
    id: `${book.slug}-${entry.slug}`,
    file,
    path: chapterPath,
    format: chapterPath.endsWith('.mdx') ? 'mdx' : 'md',
    source,
    frontmatter,
  };
  for (const kind of sidecarKinds) {
    const name = entry.sidecars[kind];
    if (!name) continue;
    const sidecarPath = path.join(book.dir, name);
    const sidecarFile = relativePath(rootDir, sidecarPath);
    const text = readText(sidecarPath, sidecarFile);
    if (text === undefined) continue;
    const loaded = cached(cache, `${kind}\u0000${sidecarPath}\u0000${sidecarFile}`, [text], () => loadSidecar(kind, text, sidecarFile));
    appendProblems(problems, loaded.problems);
    // The three assignments differ only in type; TypeScript cannot follow `kind` through them.
    (chapter as unknown as Record<string, unknown>)[kind] = loaded;
  }
  return { chapter, problems };
}

/**
 * A chapter file's text without its byte order mark.
 * @param absolute the file's absolute path.
 * @param file the path relative to the project root, for the error message.
 * @returns the text; undefined when the file does not exist.
 */
export function readChapterSource(absolute: string, file: string): string | undefined {
  const raw = readText(absolute, file);
  return raw !== undefined && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
}

/** Read a text file; undefined when it does not exist. */
function readText(absolute: string, file: string): string | undefined {
  try {
    return fs.readFileSync(absolute, 'utf8');
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw new Error(`Research Pack: cannot read ${file}`, { cause: error });
  }
}

/** List a folder; undefined when it does not exist. */
function readDir(absolute: string): fs.Dirent[] | undefined {
  try {
    return fs.readdirSync(absolute, { withFileTypes: true });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw new Error(`Research Pack: cannot list ${absolute}`, { cause: error });
  }
}

/** Whether a folder entry is a directory, following symbolic links. */
function isDirectory(parent: string, entry: fs.Dirent): boolean {
  if (!entry.isSymbolicLink()) return entry.isDirectory();
  try {
    return fs.statSync(path.join(parent, entry.name)).isDirectory();
  } catch (error) {
    if (isNotFound(error)) return false;
    throw new Error(`Research Pack: cannot read ${path.join(parent, entry.name)}`, { cause: error });
  }
}

/**
 * Whether an error means "no such file".
 * @param error a caught error.
 * @returns true for ENOENT (and ENOTDIR, a path through a file).
 */
export function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
