/**
 * The text artifacts of a build, written straight into the output folder
 * in `astro:build:done` instead of being prerendered one request at a time:
 * per chapter `chapter-snapshot.txt`, `brief.md`, `report.md` and
 * `pack.json`; per book and for the site `report.json` and `report.md`.
 * The same renderers and URLs as the routes `astro dev` serves them from,
 * so the same bytes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemErrorCode } from '@research-pack/core/load';
import { coreCodeVersion, type ResearchModel } from '@research-pack/core/model';
import { chapterUrls, statusReportUrls, type SiteUrls } from '@research-pack/core/site';
import {
  buildStatusReport,
  renderBrief,
  renderPackJson,
  renderResearchReport,
  renderStatusReportJson,
  renderStatusReportMarkdown,
  type RowMemo,
} from '@research-pack/core/render';

/** One file of the build: its URL path and its text. */
export interface Artifact {
  /** Root-relative URL path, e.g. `/research/books/pi/27-chapter/brief.md`. */
  pathname: string;
  /** Computes the file's text. */
  text: () => string;
}

/** Which artifacts a build has. */
export interface ArtifactOptions {
  /** Research packs (per chapter). */
  packs: boolean;
  /** Research reports (per book and for the site). */
  report: boolean;
  /** The status report's table rows written by an earlier build (see `keptRows`). */
  rows?: RowMemo | undefined;
}

/**
 * Every text artifact of a model, in a fixed order.
 * @param model the research model.
 * @param urls where pages live, absolute when the site has a `site` URL (what the artifacts link to).
 * @param options which artifacts the build has.
 * @returns the artifacts; their text is computed when asked for.
 */
export function textArtifacts(model: ResearchModel, urls: SiteUrls, options: ArtifactOptions): Artifact[] {
  // Where the files go: the URL paths, without the site's origin and base.
  const paths: SiteUrls = { ...urls, site: '' };
  const artifacts: Artifact[] = [];
  if (options.packs) {
    for (const book of model.books) {
      for (const chapter of book.chapters) {
        const at = chapterUrls(paths, book.slug, chapter.slug);
        artifacts.push(
          { pathname: at.snapshot, text: () => chapter.snapshot },
          { pathname: at.brief, text: () => renderBrief(model, chapter, urls) },
          { pathname: at.report, text: () => renderResearchReport(model, chapter, urls) },
          { pathname: at.packJson, text: () => renderPackJson(model, chapter, urls) },
        );
      }
    }
  }
  if (options.report) {
    let report: ReturnType<typeof buildStatusReport> | undefined;
    const data = () => (report ??= buildStatusReport(model, urls));
    const site = statusReportUrls(paths);
    artifacts.push({ pathname: site.json, text: () => renderStatusReportJson(data()) }, { pathname: site.markdown, text: () => renderStatusReportMarkdown(data(), {}, { rows: options.rows }) });
    for (const book of model.books) {
      const at = statusReportUrls(paths, book.slug);
      artifacts.push(
        { pathname: at.json, text: () => renderStatusReportJson(data(), { book: book.slug }) },
        { pathname: at.markdown, text: () => renderStatusReportMarkdown(data(), { book: book.slug }, { rows: options.rows }) },
      );
    }
  }
  return artifacts;
}

/** The chapters' artifacts the model's workers made or found, with the cache folder of each. */
export type CachedArtifacts = ReadonlyArray<{ key: string; files: ReadonlyArray<{ pathname: string; file: string }> }>;

/** Kept artifacts copied into an output folder while Astro still builds (`copyAhead`): `publishArtifacts` leaves them. */
export interface CopiedAhead {
  /** The folder they were copied into. */
  outDir: string;
  /** Where files of the site's `public/` folder go (Astro copies them into the output folder after the copies). */
  publicDir?: string | undefined;
  /** Each copy's URL path, with its size and time as copied. */
  copies: Map<string, { size: number; mtimeMs: number }>;
}

/**
 * Copy kept artifacts into the output folder ahead of `publishArtifacts`,
 * while Astro builds the pages (the copies wait on the disk, not on this
 * thread). A file that cannot be copied now is left to `publishArtifacts`,
 * which renders it or says why not, and so is one at the path of a file of
 * `public/`, which Astro copies in later: the artifact is written last, as
 * without the copies ahead.
 * @param outDir the build's output folder, emptied by Astro already.
 * @param cached the chapters' artifacts the workers made or found so far.
 * @param ahead what is copied, added to as each copy is made.
 */
export async function copyAhead(outDir: string, cached: CachedArtifacts, ahead: CopiedAhead): Promise<void> {
  const files = cached.flatMap((entry) => entry.files).filter((entry) => !ahead.copies.has(entry.pathname));
  for (const folder of new Set(files.map((entry) => path.dirname(artifactFile(outDir, entry.pathname))))) await mkdir(folder, { recursive: true });
  await inBatches(files, 64, async ({ pathname, file }) => {
    try {
      if (ahead.publicDir && (await exists(artifactFile(ahead.publicDir, pathname)))) return;
      const target = artifactFile(outDir, pathname);
      await copyFile(file, target);
      const copied = await stat(target);
      ahead.copies.set(pathname, { size: copied.size, mtimeMs: copied.mtimeMs });
    } catch {
      // Left to publishArtifacts.
    }
  });
}

function exists(file: string): Promise<boolean> {
  return access(file).then(() => true, () => false);
}

/**
 * Put a build's text artifacts in its output folder: those the model's
 * workers left in the artifact cache are copied from there (unless copied
 * ahead, and still there), the others rendered here. Cache folders no
 * chapter of this build uses are removed.
 * @param outDir the build's output folder.
 * @param artifacts every artifact of the build (`textArtifacts`).
 * @param cached the chapters' artifacts the workers made or found, with the cache folder of each.
 * @param cacheDir the artifact cache.
 * @param ahead what `copyAhead` copied, if anything.
 */
export async function publishArtifacts(outDir: string, artifacts: readonly Artifact[], cached: CachedArtifacts, cacheDir: string, ahead?: CopiedAhead): Promise<void> {
  const kept = new Map<string, string>();
  for (const { files } of cached) for (const { pathname, file } of files) kept.set(pathname, file);
  const copied = ahead && ahead.outDir === outDir ? await stillThere(outDir, ahead.copies) : new Set<string>();
  const copies = new Map([...kept].filter(([pathname]) => !copied.has(pathname)));
  const rendered = artifacts.filter((artifact) => !kept.has(artifact.pathname)).map((artifact) => ({ pathname: artifact.pathname, text: artifact.text() }));
  const targets = [...copies.keys(), ...rendered.map((artifact) => artifact.pathname)];
  for (const folder of new Set(targets.map((pathname) => path.dirname(artifactFile(outDir, pathname))))) await mkdir(folder, { recursive: true });
  const byPathname = new Map(artifacts.map((artifact) => [artifact.pathname, artifact]));
  const jobs: Array<() => Promise<void>> = [
    ...[...copies].map(([pathname, file]) => () => copyKept(file, artifactFile(outDir, pathname), byPathname.get(pathname))),
    ...rendered.map((artifact) => () => writeFile(artifactFile(outDir, artifact.pathname), artifact.text)),
  ];
  // A few at a time: a large book has thousands.
  await inBatches(jobs, 64, (job) => job());
  await pruneArtifacts(cacheDir, new Set(cached.map((entry) => entry.key)));
}

/**
 * The artifacts copied ahead that are in the output folder as copied: the
 * same size and time. One removed or written over since (by a page of the
 * same path, or another integration's build step) is put there again,
 * last, as without the copies ahead.
 */
async function stillThere(outDir: string, copies: CopiedAhead['copies']): Promise<Set<string>> {
  const found = await inBatches([...copies], 64, ([pathname, copied]) =>
    stat(artifactFile(outDir, pathname)).then(
      (now) => (now.size === copied.size && now.mtimeMs === copied.mtimeMs ? pathname : undefined),
      () => undefined,
    ),
  );
  return new Set(found.filter((pathname): pathname is string => pathname !== undefined));
}

/**
 * Copy a kept artifact into the output folder; when its folder is gone
 * (another build with other settings, sharing the cache, pruned it), render
 * it here instead: the same bytes.
 */
async function copyKept(file: string, target: string, artifact: Artifact | undefined): Promise<void> {
  try {
    await copyFile(file, target);
  } catch (error) {
    if (systemErrorCode(error) !== 'ENOENT' || !artifact) throw error;
    await writeFile(target, artifact.text());
  }
}

/** How long a folder being written (`.tmp`) is left alone by another build's pruning: a crashed build's leftovers go after that. */
const WRITING_MS = 60 * 60 * 1000;

/** Remove the cache folders of artifacts no chapter uses any more, but not those another build is writing now. */
async function pruneArtifacts(cacheDir: string, keep: ReadonlySet<string>): Promise<void> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  const now = Date.now();
  const writing = async (name: string) => name.endsWith('.tmp') && now - (await stat(path.join(cacheDir, name)).then((stats) => stats.mtimeMs, () => 0)) < WRITING_MS;
  const gone = [];
  for (const name of names) if (!keep.has(name) && !(await writing(name))) gone.push(name);
  await Promise.all(gone.map((name) => rm(path.join(cacheDir, name), { recursive: true, force: true }).catch(() => undefined)));
}

/**
 * The file an artifact is written to.
 * @param outDir the build's output folder.
 * @param pathname the artifact's URL path.
 * @returns the absolute file path.
 */
export function artifactFile(outDir: string, pathname: string): string {
  return path.join(outDir, ...pathname.split('/').filter(Boolean).map(decodeURIComponent));
}

/**
 * Write artifacts into the output folder.
 * @param outDir the build's output folder.
 * @param artifacts what to write, with the text of each (computed by the caller, on whatever thread).
 */
export async function writeArtifacts(outDir: string, artifacts: ReadonlyArray<{ pathname: string; text: string }>): Promise<void> {
  const folders = new Set(artifacts.map((artifact) => path.dirname(artifactFile(outDir, artifact.pathname))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  // A few at a time: a large book has thousands.
  await inBatches(artifacts, 64, (artifact) => writeFile(artifactFile(outDir, artifact.pathname), artifact.text));
}

/**
 * Do `work` on every item, `size` at a time (a build has hundreds of pages
 * and thousands of artifacts: not all files open at once).
 * @param items the items.
 * @param size how many at a time.
 * @param work what to do with one.
 * @returns the results, in the items' order.
 */
export async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

/** The status report's rows kept by the last build, and how to keep this build's. */
export interface KeptRows {
  /** What the report's Markdown is written with: an earlier build's rows, and this build's. */
  memo: RowMemo;
  /** Keep the rows this build wrote or used (and only those) for the next build. */
  save(): Promise<void>;
  /** Rows written ahead (`statusReportRows`, on the model's workers): used, and kept, where the report holds them. */
  offer(rows: Iterable<readonly [key: string, line: string]>): void;
}

/**
 * The table rows of the status report's Markdown kept across builds, in one
 * file of Astro's cache folder: a build after one sidecar edit writes only
 * the rows that changed (the site's report holds a row for every claim
 * needing attention and every lead). The file names the code that wrote the
 * rows (the core's, and the versions of the Markdown writer's libraries);
 * rows written by other code, or a file that cannot be read, count as none.
 * The status report pages' parts (`statusReportHtmlParts`) are kept the
 * same way, in a file of their own, by the versions of the HTML writer's
 * libraries.
 * @param file the file.
 * @param writer whose code the kept text is written by: `markdown` (rows, the default) or `html` (parts).
 * @returns the memo and how to save it.
 */
export function keptRows(file: string, writer: keyof typeof WRITERS = 'markdown'): KeptRows {
  // Read when first asked for a row: a build makes this before Vite starts, and asks once its pages render.
  let earlier: Record<string, unknown> | undefined;
  const kept = (): Record<string, unknown> => (earlier ??= readKept(file, writerVersion(writer)));
  const used = new Map<string, string>();
  const offered = new Map<string, string>();
  const memo: RowMemo = {
    get(key) {
      const line = used.get(key) ?? offered.get(key) ?? keptLine(kept(), key);
      if (line !== undefined) used.set(key, line);
      return line;
    },
    set(key, line) {
      used.set(key, line);
    },
  };
  return {
    memo,
    offer(rows) {
      for (const [key, line] of rows) offered.set(key, line);
    },
    async save() {
      if (used.size === 0) return;
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temporary, `${JSON.stringify({ version: writerVersion(writer), rows: Object.fromEntries([...used].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) })}\n`);
        await rename(temporary, file);
      } catch {
        // A cache that cannot be written is not kept; the build goes on.
        await rm(temporary, { force: true }).catch(() => undefined);
      }
    },
  };
}

/** The rows of a kept file written by this code (`version`); none for another's, or a file that cannot be read as such. */
function readKept(file: string, version: string): Record<string, unknown> {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; rows?: unknown };
    if (kept && kept.version === version && kept.rows && typeof kept.rows === 'object') return kept.rows as Record<string, unknown>;
  } catch {
    // None kept, or not readable as such: every row is written.
  }
  return {};
}

function keptLine(rows: Record<string, unknown>, key: string): string | undefined {
  const line = Object.hasOwn(rows, key) ? rows[key] : undefined;
  return typeof line === 'string' ? line : undefined;
}

/** The libraries each writer of kept text writes with, as the core resolves them (and those they write with, as they resolve them). */
const WRITERS = {
  markdown: [
    ['mdast-util-to-markdown'],
    ['mdast-util-gfm'],
    ['mdast-util-gfm-table'],
    ['mdast-util-gfm-table', 'markdown-table'],
    ...['longest-streak', 'mdast-util-phrasing', 'micromark-util-classify-character', 'micromark-util-decode-string'].map((name) => ['mdast-util-to-markdown', name] as const),
  ],
  html: [
    ['hast-util-to-html'],
    ['hastscript'],
    ['hastscript', 'hast-util-parse-selector'],
    ...['stringify-entities', 'property-information', 'html-void-elements', 'ccount', 'comma-separated-tokens', 'space-separated-tokens'].map((name) => ['hast-util-to-html', name] as const),
    ...['character-entities-html4', 'character-entities-legacy'].map((name) => ['hast-util-to-html', 'stringify-entities', name] as const),
  ],
} as const;

const writerVersions = new Map<keyof typeof WRITERS, string>();

/** The code that writes kept text: the core's, and the writer's libraries by version. */
function writerVersion(writer: keyof typeof WRITERS): string {
  const made = writerVersions.get(writer);
  if (made) return made;
  const hash = createHash('sha256').update(coreCodeVersion()).update('\0').update(writer);
  const fromCore = createRequire(fileURLToPath(import.meta.resolve('@research-pack/core/render')));
  const entries = WRITERS[writer].map((chain): [string, () => string] => [
    chain.at(-1)!,
    () => chain.reduce<string | undefined>((from, name) => (from === undefined ? fromCore : createRequire(from)).resolve(name), undefined)!,
  ]);
  for (const [name, resolve] of entries) {
    let version = 'unknown';
    try {
      version = packageVersion(resolve(), name);
    } catch {
      // Not found where expected: the rows are still keyed by the core's code.
    }
    hash.update('\0').update(name).update('@').update(version);
  }
  const version = hash.digest('hex');
  writerVersions.set(writer, version);
  return version;
}

/**
 * The version in the package.json of the package a resolved file belongs to.
 * @param file a file of the package.
 * @param name the package's name.
 * @returns its version, or `unknown`.
 */
export function packageVersion(file: string, name: string): string {
  for (let dir = path.dirname(file); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name) return manifest.version ?? 'unknown';
    } catch {
      // No package.json here: one folder up.
    }
  }
  return 'unknown';
}
