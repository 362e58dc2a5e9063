/**
 * Book discovery: `content/books/<book>/book.yaml`, the chapters beside it
 * and their sidecars, each loaded and validated on its own. Checks across
 * files come after (`validate-book.ts`).
 */
import path from 'node:path';
import { listFolder, readBookFile, withoutExcerpts, type FolderEntry } from './book-files.js';
import { cached } from './cache.js';
import type { ModelCache } from './cache.js';
import { loadFrontmatter } from './frontmatter.js';
import type { FrontmatterMode, LoadedFrontmatter } from './frontmatter.js';
import { loadSidecar } from './sidecar.js';
import type { LoadedSidecar } from './sidecar.js';
import { relativePath } from './paths.js';
import { withRealFolders } from './read-file.js';
import { unfinishedWriteProblems, WRITE_JOURNAL_FILE } from './write-journal.js';
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
  /** The chapter's text, without a byte order mark; empty when the file was refused (see `unreadable`). */
  source: string;
  /** True when the file policy refused the chapter file (its problem is among the chapter's): it is not parsed. */
  unreadable?: true;
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
export type ChapterSidecarKind = (typeof sidecarKinds)[number];

/** A chapter file found in a book folder, before it is read. Plain data: it can be posted to a worker thread. */
export interface ChapterEntry {
  /** Chapter slug: the file name without extension. */
  slug: string;
  /** Absolute path of the chapter file. */
  path: string;
  /** Sidecar file names beside the chapter, by kind. */
  sidecars: Partial<Record<ChapterSidecarKind, string>>;
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
 * site keeps its other pages there), unless they hold chapter sidecars (or,
 * with `strict` frontmatter, chapter files), which makes a missing
 * `book.yaml` an error. Each `.mdx` or `.md` file in a book (except those
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
  return withRealFolders(() => list(rootDir, options));
}

function list(rootDir: string, options: LoadBooksOptions): BookListings {
  const contentDir = options.contentDir ?? defaultContentDir;
  const absolute = path.resolve(rootDir, contentDir);
  const problems: Problem[] = [];
  const listing = listFolder(rootDir, absolute);
  if (listing.status === 'refused') problems.push(listing.problem);
  const folders: Array<{ name: string; entries: FolderEntry[] }> = [];
  for (const entry of listing.status === 'listed' ? listing.entries : []) {
    if (/^[._]/.test(entry.name)) continue;
    const dir = path.join(absolute, entry.name);
    // A link that is refused may be a book: say so rather than lose it.
    if (entry.refusal) {
      problems.push(createProblem(entry.refusal.rule, { file: relativePath(rootDir, dir) }, entry.refusal.message, entry.refusal.hint));
      continue;
    }
    if (entry.kind !== 'folder') continue;
    const inside = listFolder(rootDir, dir);
    if (inside.status === 'refused') problems.push(inside.problem);
    else if (inside.status === 'listed' && isBookFolder(inside.entries, (options.frontmatter ?? 'strict') === 'strict')) folders.push({ name: entry.name, entries: inside.entries });
  }
  folders.sort((a, b) => byCodePoint(a.name, b.name));
  if (folders.length === 0 && listing.status !== 'refused') {
    problems.push(
      createProblem(
        'book/no-books',
        { file: relativePath(rootDir, absolute) || '.' },
        listing.status === 'listed' ? 'the content directory has no book folders' : 'the content directory does not exist',
        `create ${relativePath(rootDir, path.join(absolute, '<book>', 'book.yaml'))}, or set the contentDir option`,
      ),
    );
  }
  const books = folders.map((folder) => listBook(rootDir, path.join(absolute, folder.name), folder.entries, options.cache, options.frontmatter ?? 'strict'));
  problems.push(...sharedChapterIds(rootDir, books));
  return { books, problems };
}

/**
 * A chapter's stable id: its book's slug and its own, joined by a hyphen
 * (`pi-27-chapter`). Briefs, reports and packs name the chapter by it.
 * @param book the book's slug.
 * @param chapter the chapter's slug.
 * @returns the id.
 */
export function chapterId(book: string, chapter: string): string {
  return `${book}-${chapter}`;
}

/**
 * Chapters of different books whose stable ids are the same: book `pi` with
 * chapter `27-chapter` and book `pi-27` with chapter `chapter` are both
 * `pi-27-chapter`. Each chapter after the first with an id is reported, at
 * its file, naming the first.
 */
function sharedChapterIds(rootDir: string, books: readonly BookListing[]): Problem[] {
  const first = new Map<string, { book: string; entry: ChapterEntry }>();
  const problems: Problem[] = [];
  for (const book of books) {
    for (const entry of book.chapters) {
      const id = chapterId(book.slug, entry.slug);
      const earlier = first.get(id);
      if (!earlier) {
        first.set(id, { book: book.slug, entry });
        continue;
      }
      problems.push(
        createProblem(
          'book/duplicate-chapter-id',
          { file: relativePath(rootDir, entry.path) },
          `chapter ${quote(entry.slug)} of book ${quote(book.slug)} has the stable id ${quote(id)}, which chapter ${quote(earlier.entry.slug)} of book ${quote(earlier.book)} (${relativePath(rootDir, earlier.entry.path)}) has too: briefs, reports and packs name a chapter by its id, so each must be its own`,
          'rename this chapter file (and its sidecars) or one of the two books, so that the book\'s slug, a hyphen and the chapter\'s slug differ',
        ),
      );
    }
  }
  return problems;
}

/**
 * Whether a folder of the content directory is a book: it holds a
 * `book.yaml`, or files only a book has (chapter sidecars, a misspelled
 * `book.yml`), so that a missing `book.yaml` is reported instead of the
 * book vanishing. Where the books own the folder (`strict` frontmatter:
 * `content/books` of a plain Astro site, whose `chaptersLoader()` reads
 * every folder's chapters), so does a chapter file; on a docs site (`host`)
 * other folders hold the site's other pages.
 * @param entries the folder's entries.
 * @param booksOnly whether every folder of the content directory is a book's.
 */
function isBookFolder(entries: readonly FolderEntry[], booksOnly: boolean): boolean {
  return entries.some(({ name }) => name === 'book.yaml' || name === 'book.yml' || /\.(?:claims|evidence|research)\.yaml$/.test(name) || (booksOnly && /^[^._].*\.mdx?$/.test(name)));
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

/**
 * The names of a book folder that are read or reported: every entry but
 * dot and underscore names, and but folders, unless a folder has the name of
 * a file the book reads (it is then refused as a folder, not skipped).
 */
function bookNames(entries: readonly FolderEntry[]): string[] {
  const fileName = /^book\.yaml$|\.(?:claims|evidence|research)\.yaml$|\.(?:mdx|md)$/i;
  const names = entries.filter((entry) => !/^[._]/.test(entry.name) && (entry.kind !== 'folder' || fileName.test(entry.name))).map((entry) => entry.name);
  return names.sort(byCodePoint);
}

/** List one book folder: its `book.yaml` and chapter files, with the folder's problems. */
function listBook(rootDir: string, dir: string, entries: readonly FolderEntry[], cache: ModelCache | undefined, frontmatter: FrontmatterMode): BookListing {
  const problems: Problem[] = [];
  const trailing: Problem[] = [];
  const slug = path.basename(dir);
  const bookFile = path.join(dir, 'book.yaml');
  const file = relativePath(rootDir, bookFile);
  const names = bookNames(entries);

  let config: LoadedSidecar<BookConfig> | undefined;
  const read = readBookFile(rootDir, bookFile);
  const bookSource = read.status === 'read' ? read.text : undefined;
  if (read.status === 'refused') {
    problems.push(read.problem);
  } else if (read.status === 'absent') {
    // A folder of chapter files alone may be notes or drafts, not a book.
    const bookLike = isBookFolder(entries, false);
    problems.push(
      createProblem(
        'book/missing-book-yaml',
        { file },
        `the book folder ${quote(slug)} has no book.yaml`,
        bookLike ? 'create it with at least "title:" and "slug:"' : `create it with at least "title:" and "slug:"; or, if the folder is not a book (notes, drafts), rename it to "_${slug}", which the books leave out`,
      ),
    );
  } else {
    const text = read.text;
    config = cached(cache, `book\u0000${bookFile}\u0000${file}`, [text], () => loadSidecar('book', text, file));
    if (!read.excerpts) config = { ...config, problems: withoutExcerpts(config.problems) };
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

  if (entries.some((entry) => entry.name === WRITE_JOURNAL_FILE)) problems.push(...unfinishedWriteProblems(rootDir, dir));

  const chapterFiles = new Map<string, string[]>();
  const sidecarFiles = new Map<string, Partial<Record<ChapterSidecarKind, string>>>();
  const unknownYaml: string[] = [];
  const misnamed = new Map<string, string>();
  for (const name of names) {
    const sidecar = /^(.+)\.(claims|evidence|research)\.yaml$/.exec(name);
    const chapter = /^(.+)\.(mdx|md)$/.exec(name);
    if (sidecar) {
      const [, base, kind] = sidecar as unknown as [string, string, ChapterSidecarKind];
      sidecarFiles.set(base, { ...sidecarFiles.get(base), [kind]: name });
    } else if (chapter) {
      chapterFiles.set(chapter[1]!, [...(chapterFiles.get(chapter[1]!) ?? []), name]);
    } else if (MARKDOWN_FILE.test(name)) {
      misnamed.set(name.replace(MARKDOWN_FILE, ''), name);
    } else if (/\.ya?ml$/i.test(name) && name !== 'book.yaml') {
      unknownYaml.push(name);
    }
  }

  for (const name of unknownYaml) {
    const known = ['book.yaml', ...[...chapterFiles.keys()].flatMap((base) => sidecarKinds.map((kind) => `${base}.${kind}.yaml`))];
    const suggestion = closest(name, known);
    // The only file a chapter's sidecar could be, misnamed (`.research.yml`, `.evidences.yaml`): what it records would vanish
    // from the chapter with a warning alone (an outside author's finding).
    const sidecar = suggestion === undefined ? undefined : /^(.+)\.(claims|evidence|research)\.yaml$/.exec(suggestion);
    if (sidecar && !sidecarFiles.get(sidecar[1]!)?.[sidecar[2] as ChapterSidecarKind]) {
      problems.push(
        createProblem(
          'book/misnamed-sidecar',
          { file: relativePath(rootDir, path.join(dir, name)) },
          `this file is not read: a chapter's ${sidecar[2]} sidecar is named ${quote(suggestion!)}, and without it what this file records is missing from chapter ${quote(sidecar[1]!)}`,
          `rename it to ${quote(suggestion!)}`,
        ),
      );
      continue;
    }
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

  for (const [base, name] of misnamed) problems.push(misnamedChapter(rootDir, dir, base, name, chapterFiles.has(base)));

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
    // A chapter named 28-chapter.MDX is reported as such; its sidecars are not orphans.
    if (chapterFiles.has(base) || misnamed.has(base)) continue;
    for (const [kind, name] of Object.entries(kinds) as Array<[ChapterSidecarKind, string]>) {
      const suggestion = closest(base, chapterFiles.keys());
      // A chapter renamed without its sidecars (an outside author's `git mv`): the one chapter without such a sidecar is
      // likely it. Deleting the sidecar would drop its verdicts and evidence: said, and offered last.
      const bare = [...chapterFiles.keys()].filter((chapter) => sidecarFiles.get(chapter)?.[kind] === undefined);
      const drops = `Deleting the sidecar drops the ${kind === 'claims' ? 'claims and verdicts' : kind === 'evidence' ? 'sources and evidence' : 'research record'} it holds`;
      const rename = (chapter: string) => `rename the sidecar with it (git mv ${name} ${name.replace(base, chapter)})`;
      trailing.push(
        createProblem(
          'book/orphan-sidecar',
          { file: relativePath(rootDir, path.join(dir, name)) },
          `no chapter ${base}.mdx or ${base}.md beside this sidecar`,
          suggestion !== undefined
            ? `did you mean ${quote(name.replace(base, suggestion))}? If its chapter was renamed to ${quote(chapterFiles.get(suggestion)![0]!)}, ${rename(suggestion)}`
            : bare.length === 1
              ? `if its chapter was renamed to ${quote(chapterFiles.get(bare[0]!)![0]!)} (the one chapter without ${kind === 'evidence' ? 'an' : 'a'} ${kind} sidecar), ${rename(bare[0]!)}; else add the chapter ${base}.mdx or ${base}.md back. ${drops}`
              : `if its chapter was renamed, rename the sidecar with it (<chapter>.${kind}.yaml); else add the chapter ${base}.mdx or ${base}.md back. ${drops}`,
        ),
      );
    }
  }

  return { slug, dir, file, config, source: bookSource, chapters, problems, trailing };
}

/** A Markdown file a book does not read: `.MDX`, `.Md`, `.markdown` and the other spellings. */
const MARKDOWN_FILE = /\.(?:mdx|md|markdown|mdown|mkdn|mkd|mdwn|mdtxt|mdtext)$/i;

/** The problem of a chapter-like file whose extension a book does not read, so that it is not dropped without a word. */
function misnamedChapter(rootDir: string, dir: string, base: string, name: string, taken: boolean): Problem {
  const extension = /\.mdx$/i.test(name) ? 'mdx' : 'md';
  return createProblem(
    'book/unknown-chapter-file',
    { file: relativePath(rootDir, path.join(dir, name)) },
    'this file is not read as a chapter: chapter files end in .mdx or .md, in lowercase',
    taken
      ? `${base}.md or ${base}.mdx is the chapter: delete or rename this file`
      : `${base}.${extension}` === name
        ? 'rename it: a chapter file name is lowercase letters, digits and hyphens, ending in .mdx or .md (no control characters or line breaks)'
        : `rename it to ${quote(`${base}.${extension}`)}`,
  );
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
  const quotable = [book.dir, path.dirname(book.dir)];
  const read = readBookFile(rootDir, chapterPath, { quotable, cache });
  const source = read.status === 'read' ? withoutBom(read.text) : '';
  const mode = entry.frontmatter ?? 'strict';
  let frontmatter: LoadedFrontmatter;
  if (read.status === 'refused') {
    problems.push(read.problem);
    frontmatter = { data: undefined, problems: [], locate: () => ({ line: 0, column: 0 }) };
  } else {
    frontmatter = cached(cache, `frontmatter\u0000${mode}\u0000${chapterPath}\u0000${file}`, [source], () => loadFrontmatter(source, file, { mode }));
    if (read.status === 'read' && !read.excerpts) frontmatter = { ...frontmatter, problems: withoutExcerpts(frontmatter.problems) };
  }
  appendProblems(problems, frontmatter.problems);
  const chapter: LoadedChapter = {
    book: book.slug,
    slug: entry.slug,
    id: chapterId(book.slug, entry.slug),
    file,
    path: chapterPath,
    format: chapterPath.endsWith('.mdx') ? 'mdx' : 'md',
    source,
    frontmatter,
  };
  if (read.status === 'refused') chapter.unreadable = true;
  for (const kind of sidecarKinds) {
    const name = entry.sidecars[kind];
    if (!name) continue;
    const sidecarPath = path.join(book.dir, name);
    const sidecarFile = relativePath(rootDir, sidecarPath);
    const text = readBookFile(rootDir, sidecarPath, { quotable, cache });
    if (text.status === 'absent') continue;
    let loaded: LoadedSidecar<unknown>;
    if (text.status === 'refused') {
      // Refused is not absent: the sidecar is there, unread, and nothing may be built as if it were empty.
      loaded = { file: sidecarFile, data: undefined, problems: [text.problem], locate: () => ({ line: 0, column: 0 }) };
    } else {
      loaded = cached(cache, `${kind}\u0000${sidecarPath}\u0000${sidecarFile}`, [text.text], () => loadSidecar(kind, text.text, sidecarFile));
      if (!text.excerpts) loaded = { ...loaded, problems: withoutExcerpts(loaded.problems) };
    }
    appendProblems(problems, loaded.problems);
    // The three assignments differ only in type; TypeScript cannot follow `kind` through them.
    (chapter as unknown as Record<string, unknown>)[kind] = loaded;
  }
  return { chapter, problems };
}

/**
 * A chapter file's text without its byte order mark, read under the file
 * policy (see `readTextFile`).
 * @param absolute the file's absolute path.
 * @param file the path relative to the project root.
 * @param rootDir the project root (default: `absolute` without `file`).
 * @returns the text; undefined when the file does not exist or is refused (`loadChapter` reports why).
 */
export function readChapterSource(absolute: string, file: string, rootDir = path.resolve(absolute).slice(0, -file.length) || '/'): string | undefined {
  const read = readBookFile(rootDir, absolute);
  return read.status === 'read' ? withoutBom(read.text) : undefined;
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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
