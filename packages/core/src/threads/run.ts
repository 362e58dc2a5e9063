/**
 * Checking or building many chapters on several threads. Every thread takes
 * the next unchecked chapter from one shared counter until none is left (a
 * thread that starts late or gets slow chapters simply takes fewer), and the
 * results are put back in `buildModel`'s order, so the outcome is the same
 * whatever the number of threads.
 */
import { availableParallelism } from 'node:os';
import { deserialize, serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { ParseChapter } from '../model/chapter.js';
import { startChapterWorker, takeStartedWorkers } from './pool.js';
import { assembleModel, checkChapter, collectProblems, type BuildModelResult } from '../model/check.js';
import type { ChapterCheck } from '../model/check.js';
import type { FrontmatterMode } from '../load/frontmatter.js';
import { listBooks } from '../load/books.js';
import { withRealFolders } from '../load/read-file.js';
import { folderCheckStore, pruneCheckStore, storedCheck, type CheckStoreOptions, type StoredCheck } from '../model/check-store.js';
import { chapterDeriver, deriveLater, type DeriveChapter, type DeriveLater, type DeriveModule, type DerivedFrom } from './derive.js';
import type { BookFolder, BookListings, ChapterEntry } from '../load/books.js';
import type { Problem } from '../problems/problem.js';
import type { TextHashHint } from '../model/text-hash-hints.js';

/** Below this many chapters, starting threads costs more than it saves. */
export const PARALLEL_FROM_CHAPTERS = 200;

/** A chapter parser another thread can load: the URL of an ES module and the name of its export. */
export interface ParserModule {
  /** `import.meta.resolve('@research-pack/markdown/parse')`, for instance. */
  url: string;
  /** The export, called as `ParseChapter`; e.g. `parseChapter`. */
  name: string;
}

/** Options of `checkChaptersOnThreads`. */
export interface ThreadedOptions {
  /** The project root. */
  rootDir: string;
  /** Folder of the books, relative to `rootDir`. Default `content/books`. */
  contentDir?: string | undefined;
  /** How chapter frontmatter is read; see `FrontmatterMode`. */
  frontmatter?: FrontmatterMode | undefined;
  /** The build's date, `YYYY-MM-DD` (already resolved). */
  asOf: string;
  /** The parser on this thread. */
  parse: ParseChapter;
  /** The same parser, for worker threads to load. */
  parser: ParserModule;
  /** Threads in all, this one included. Default: `threadCount` for the project, with `RESEARCH_PACK_THREADS`. */
  threads?: number | undefined;
  /** Whether this thread checks chapters too (default true); turned off so that it stays free for other work while the workers check every chapter. */
  mainThreadTakes?: boolean | undefined;
  /**
   * Keep checks across runs in this folder (see `folderCheckStore`). A
   * check that keeps the model and one that keeps only problems are stored
   * under different keys: give each its own folder all the same, since each
   * prunes what it did not use.
   */
  store?: CheckStoreOptions | undefined;
  /** Derive more from each chapter on the thread that built it (see `DeriveModule`); only when building the model. */
  derive?: DeriveModule | undefined;
}

/** A chapter's check as a thread made or found it: its index in the job, the check, its store key (when stored), and what was derived from it. */
export type TakenCheck = [index: number, check: ChapterCheck, digest: string | undefined, derived?: unknown];

/** What a thread took: its chapters' checks (posted back), the chapters it derived from (for the later passes), and how to store the checks it made. */
export interface TakenChapters {
  checks: TakenCheck[];
  from: DerivedFrom[];
  /** Writes the checks this thread made into the job's store (a worker does it once it has posted them). */
  store: () => void;
}

/**
 * A chapter's check as a worker posts it: the check as bytes
 * (`v8.serialize`), the very bytes the check store reads or writes, so that
 * a check is serialized once (for the store and the message), and one read
 * from the store not at all.
 */
export type PostedCheck = [index: number, check: Uint8Array, digest: string | undefined, derived?: unknown];

/**
 * A message from a worker: its checks, a few chapters at a time as it makes
 * them (`last` on the final batch), then each later pass's results.
 */
export type WorkerMessage = { checks: PostedCheck[]; last: boolean } | { pass: number; results: Array<[index: number, made: unknown]> };

/**
 * How many chapters' checks a worker posts at once. Posted as they are made,
 * each batch is copied while the worker goes on and read by the main thread
 * between its own tasks, so the last one arrives as the last chapter is
 * checked: not, after it, one copy of every chapter (24 MB for the bench's
 * 300, half a second to write and read).
 */
export const CHECKS_PER_MESSAGE = 8;

/** What every thread needs: plain data and a shared counter, posted to workers. */
export interface ChapterJob {
  root: string;
  asOf: string;
  keep: boolean;
  parser: ParserModule;
  /** Book folders, with the text of their `book.yaml` (workers load it themselves). */
  books: Array<{ slug: string; dir: string; file: string; source: string | undefined }>;
  /** Every chapter, book by book: the index of its book and its entry. */
  chapters: Array<{ book: number; entry: ChapterEntry }>;
  /** One Int32: the index of the next chapter to take. */
  next: SharedArrayBuffer;
  /** Where checks are kept across builds, if they are. */
  store?: CheckStoreOptions | undefined;
  /** What to derive from each chapter, if anything. */
  derive?: DeriveModule | undefined;
}

/**
 * How many threads to use for a project.
 * @param chapters how many chapters it has.
 * @param configured `RESEARCH_PACK_THREADS`, when set: then used whatever the project's size.
 * @returns the machine's parallelism (at most 4) from 200 chapters on, else 1.
 */
export function threadCount(chapters: number, configured?: string): number {
  const wanted = Number(configured);
  if (configured !== undefined && configured !== '' && Number.isInteger(wanted) && wanted > 0) return wanted;
  return chapters >= PARALLEL_FROM_CHAPTERS ? Math.min(availableParallelism(), 4) : 1;
}

/**
 * Check chapters taken from the queue until it is empty.
 * @param job the job.
 * @param books the job's book folders, loaded on this thread.
 * @param parse the chapter parser.
 * @param derive what to derive from each chapter, if anything.
 * @param each called with each chapter's check as soon as it is made, as bytes (a worker posts them: see `PostedCheck`).
 * @returns the checks this thread made (with their chapter indexes), and the chapters it derived from.
 */
export function takeChapters(job: ChapterJob, books: readonly BookFolder[], parse: ParseChapter, derive?: DeriveChapter, each?: (posted: PostedCheck) => void): TakenChapters {
  return withRealFolders(() => take(job, books, parse, derive, each));
}

function take(job: ChapterJob, books: readonly BookFolder[], parse: ParseChapter, derive?: DeriveChapter, each?: (posted: PostedCheck) => void): TakenChapters {
  const next = new Int32Array(job.next);
  const done: TakenCheck[] = [];
  const from: DerivedFrom[] = [];
  // The checks made are written once they are posted: whoever waits for them does not wait for the disk.
  const store = job.store ? { store: folderCheckStore(job.store, true), salt: job.store.salt } : undefined;
  const deriver = derive && job.derive ? chapterDeriver(job.root, derive, job.asOf, job.derive.context) : undefined;
  for (let index = Atomics.add(next, 0, 1); index < job.chapters.length; index = Atomics.add(next, 0, 1)) {
    const { book, entry } = job.chapters[index]!;
    const folder = books[book]!;
    const check = () => checkChapter(folder, entry, { rootDir: job.root, parse, asOf: job.asOf, keep: job.keep });
    const result: StoredCheck = store ? storedCheck(store, job.root, { dir: folder.dir, source: job.books[book]!.source }, entry, job.asOf, check, undefined, each !== undefined) : { check: check(), digest: undefined };
    const taken: TakenCheck = [index, result.check, result.digest];
    if (deriver) {
      const { input, made } = deriver(folder, taken[1], taken[2]);
      taken[3] = made;
      if (input) from.push([index, input, taken[1].page]);
    }
    done.push(taken);
    if (each) {
      const posted: PostedCheck = [index, result.bytes ?? serialize(result.check), result.digest];
      if (deriver) posted[3] = taken[3];
      each(posted);
    }
  }
  return { checks: done, from, store: () => store?.store.flush() };
}

/**
 * Load the function a job derives with.
 * @param module the job's `derive`.
 * @returns the function.
 */
export async function loadDerive(module: DeriveModule): Promise<DeriveChapter> {
  return (await functionExports(module, [module.name]))[0] as DeriveChapter;
}

/**
 * Load the functions of a job's later passes.
 * @param module the job's `derive`.
 * @returns the functions, in order (none when it names none).
 */
export async function loadLater(module: DeriveModule): Promise<DeriveLater[]> {
  return module.later?.length ? ((await functionExports(module, module.later)) as DeriveLater[]) : [];
}

/** The named function exports of a job's derive module. */
async function functionExports(module: DeriveModule, names: readonly string[]): Promise<unknown[]> {
  const loaded = (await import(module.url)) as Record<string, unknown>;
  return names.map((name) => {
    if (typeof loaded[name] !== 'function') throw new TypeError(`Research Pack: ${module.url} has no function export "${name}"`);
    return loaded[name];
  });
}

/** What `checkAll` found: the listing, every chapter's check, the store keys used, what was derived, and the later passes' results by chapter index. */
interface CheckedAll {
  listing: BookListings;
  checks: ChapterCheck[];
  digests: Set<string>;
  derived: unknown[];
  later: Array<Promise<unknown[]>>;
}

/** List the books and check every chapter on `threads` threads. */
async function checkAll(options: ThreadedOptions, keep: boolean): Promise<CheckedAll> {
  const listing = listBooks(options.rootDir, { contentDir: options.contentDir, frontmatter: options.frontmatter });
  const chapters = listing.books.flatMap((book, index) => book.chapters.map((entry) => ({ book: index, entry })));
  const job: ChapterJob = {
    root: options.rootDir,
    asOf: options.asOf,
    keep,
    parser: options.parser,
    books: listing.books.map(({ slug, dir, file, source }) => ({ slug, dir, file, source })),
    chapters,
    next: new SharedArrayBuffer(4),
    // What a check keeps is part of what it depends on (a check that keeps the model has `buildModel`'s key).
    ...(options.store ? { store: keep ? options.store : { ...options.store, salt: `${options.store.salt ?? ''}\0problems only` } } : {}),
    ...(keep && options.derive ? { derive: options.derive } : {}),
  };
  const passes = job.derive?.later?.length ?? 0;
  const mainThreadTakes = options.mainThreadTakes ?? true;
  const threads = options.threads ?? threadCount(chapters.length, process.env.RESEARCH_PACK_THREADS);
  const workerCount = Math.max(Math.min(threads, chapters.length) - (mainThreadTakes ? 1 : 0), 0);
  const ready = takeStartedWorkers(workerCount);
  const workers = Array.from({ length: workerCount }, (_, index) => runWorker(job, passes, ready[index]));
  const checks = new Array<ChapterCheck>(chapters.length);
  const digests = new Set<string>();
  const derived = new Array<unknown>(chapters.length);
  const here: DerivedFrom[] = [];
  const place = (done: Pick<TakenChapters, 'checks'>) => {
    for (const [index, check, digest, made] of done.checks) {
      checks[index] = check;
      if (digest) digests.add(digest);
      derived[index] = made;
    }
  };
  const takeHere = async () => {
    const done = takeChapters(job, listing.books, options.parse, job.derive ? await loadDerive(job.derive) : undefined);
    place(done);
    done.store();
    here.push(...done.from);
  };
  // This thread takes chapters too, with the book folders it already loaded.
  const stopWorkers = () => {
    // The later passes would wait for this thread's chapters: none will come, and nothing they make is wanted.
    for (const worker of workers) worker.stop();
  };
  if (mainThreadTakes || workers.length === 0) {
    try {
      await takeHere();
    } catch (error) {
      stopWorkers();
      throw error;
    }
  }
  try {
    for (const checked of await Promise.all(workers.map((worker) => worker.checks))) place({ checks: checked });
  } catch (error) {
    stopWorkers();
    throw error;
  }
  return { listing, checks, digests, derived, later: passes === 0 ? [] : await laterPasses(job, workers, here, chapters.length) };
}

/**
 * The later passes: the workers derive from their own chapters and from
 * those this thread took (handed to them in turns), or, without workers,
 * this thread does it now.
 */
async function laterPasses(job: ChapterJob, workers: readonly RunningWorker[], here: readonly DerivedFrom[], count: number): Promise<Array<Promise<unknown[]>>> {
  const passes = job.derive!.later!.length;
  const byPass = Array.from({ length: passes }, () => new Array<unknown>(count));
  const put = (pass: number, results: ReadonlyArray<[number, unknown]>) => {
    for (const [index, made] of results) byPass[pass]![index] = made;
  };
  if (workers.length === 0) {
    deriveLater(await loadLater(job.derive!), here, put);
    return byPass.map((results) => Promise.resolve(results));
  }
  workers.forEach((worker, turn) => worker.hand(here.filter((_, at) => at % workers.length === turn)));
  return byPass.map((results, pass) =>
    Promise.all(workers.map((worker) => worker.later[pass]!)).then((each) => {
      for (const done of each) put(pass, done);
      return results;
    }),
  );
}

/**
 * Every problem of a project, as `buildModel(...).problems`, on several threads.
 * @param options the project, the parser (here and for workers) and the thread count.
 * @returns the problems, in `buildModel`'s order; the verdicts that record no `textHash` (`hints`), in listing order; and the listing.
 */
export async function checkProblemsOnThreads(options: ThreadedOptions): Promise<{ problems: Problem[]; hints: TextHashHint[]; listing: BookListings }> {
  const { listing, checks, digests } = await checkAll(options, false);
  // Checks of chapters that are gone, or were edited, are not kept.
  if (options.store) pruneCheckStore(options.store.dir, digests);
  return { problems: collectProblems(options.rootDir, listing, checks), hints: checks.flatMap((check) => check.hints), listing };
}

/**
 * `buildModel` on several threads (without a cache): the same model and problems.
 * @param options the project, the parser (here and for workers) and the thread count.
 * @returns the model (unless blocked by errors), every problem, what `derive` made of each chapter (by chapter id), and one promise per later pass of what it made of each (see `DeriveModule.later`).
 */
export async function buildModelOnThreads(options: ThreadedOptions): Promise<BuildModelResult & { derived: Map<string, unknown>; later: Array<Promise<Map<string, unknown>>> }> {
  const { listing, checks, digests, derived, later } = await checkAll(options, true);
  // Checks of chapters that are gone, or were edited, are not kept.
  if (options.store) pruneCheckStore(options.store.dir, digests);
  const byChapter = (made: readonly unknown[]) => {
    const by = new Map<string, unknown>();
    checks.forEach((check, index) => {
      if (check.chapter && made[index] !== undefined) by.set(check.chapter.id, made[index]);
    });
    return by;
  };
  const passes = later.map((pass) => pass.then(byChapter));
  // A pass may fail before the caller awaits it (the caller awaits the passes one by one): that must not crash the process.
  for (const pass of passes) pass.catch(() => undefined);
  return { ...assembleModel(options.rootDir, listing, checks, options.asOf), derived: byChapter(derived), later: passes };
}

/** A worker running a job: its checks, each later pass's results, how it is handed the chapters of this thread for those passes, and how it is stopped. */
interface RunningWorker {
  checks: Promise<TakenCheck[]>;
  later: Array<Promise<Array<[index: number, made: unknown]>>>;
  hand: (chapters: DerivedFrom[]) => void;
  stop: () => void;
}

/** Run the job on a worker (a started one, or a new one). */
function runWorker(job: ChapterJob, passes: number, started?: Worker): RunningWorker {
  const worker = started ?? startChapterWorker();
  const expected = 1 + passes;
  const settle = Array.from({ length: expected }, () => deferred());
  let received = 0;
  const checks: TakenCheck[] = [];
  worker.on('message', (message: WorkerMessage) => {
    if ('checks' in message) {
      for (const [index, bytes, digest, ...made] of message.checks) checks.push([index, deserialize(bytes) as ChapterCheck, digest, ...made]);
      if (!message.last) return;
      settle[0]!.resolve(checks);
    } else settle[1 + message.pass]!.resolve(message.results);
    received += 1;
  });
  const fail = (error: unknown) => {
    for (const { reject } of settle) reject(error);
  };
  worker.once('error', fail);
  worker.once('exit', (code) => {
    if (received < expected) fail(new Error(`Research Pack: a worker thread exited with code ${code} before it finished`));
  });
  // Results nobody waits for (a build that stopped at its model's problems, a job that failed) must not crash the process.
  for (const { promise } of settle) promise.catch(() => undefined);
  worker.postMessage(job);
  let handed = false;
  return {
    checks: settle[0]!.promise as Promise<TakenCheck[]>,
    later: settle.slice(1).map(({ promise }) => promise as Promise<Array<[index: number, made: unknown]>>),
    hand: (chapters) => {
      if (handed || passes === 0) return;
      handed = true;
      worker.postMessage(chapters);
    },
    stop: () => {
      handed = true;
      void worker.terminate();
    },
  };
}

/** A promise and the functions that settle it. */
function deferred(): { promise: Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void } {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<unknown>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
