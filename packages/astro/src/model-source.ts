/**
 * The integration's current model, as the claim plugins and pages read it.
 * A build starts loading it in `astro:config:setup` and goes on (the
 * content layer syncs, Vite starts) until something needs it: the first
 * chapter transform waits for it. Its problems are checked (`verify`) as soon
 * as it is loaded, before anything reads it. The dev server loads it at once
 * and again after every save.
 *
 * A page is never marked from a model of another revision of its chapter:
 * the plugins hand over the source they parse, and a chapter whose body is
 * not the one the model read is read again first (the dev server's content
 * layer may render a saved chapter before the watcher reloads the model).
 */
import path from 'node:path';
import { createModelCache, forgetReads } from '@research-pack/core/load';
import { chapterBody } from '@research-pack/core/text';
import type { CheckStoreOptions } from '@research-pack/core/model';
import type { SiteUrls } from '@research-pack/core/site';
import type { ChapterAnnotations } from '@research-pack/core/render';
import { annotationsStamp, loadState, loadStateOnThreads, type LoadedState, type LoadInputs } from './load-state.js';
import type { ResearchPackOptions } from './options.js';
import { publishState } from './state.js';

/** What the model is loaded from. */
export interface ModelSourceInputs {
  root: string;
  options: ResearchPackOptions;
  urls: SiteUrls;
  pageUrls: SiteUrls;
  store: CheckStoreOptions | undefined;
  /** Folder of the text artifacts kept across builds. */
  artifactsDir: string;
  /** The status report pages' parts kept across builds (a build's, with the report). */
  reportParts?: LoadInputs['reportParts'];
}

/** The current model and how to load it again. */
export class ModelSource {
  private current: LoadedState | undefined;
  private loading: Promise<LoadedState> | undefined;
  private readonly cache = createModelCache();
  /** Chapter files read again for a source the model did not have, with that source's digest: once each. */
  private readonly rechecked = new Map<string, string>();
  private contentDir = '';
  /** What a background load must pass before it is published, and how its failure is worded (`verify`). */
  private check: ((loaded: LoadedState) => void) | undefined;
  private failed: ((error: unknown) => Error) | undefined;

  constructor(private inputs: ModelSourceInputs | undefined = undefined) {}

  /**
   * Start loading (a build: on worker threads, not awaited here) or load now (the dev server).
   * @param inputs the project.
   * @param background load on worker threads and return at once.
   */
  start(inputs: ModelSourceInputs, background: boolean): void {
    // A process may build more than once with one integration (Astro's `build()` called again):
    // nothing of the last build's model answers for this one.
    this.current = undefined;
    this.loading = undefined;
    this.check = undefined;
    this.failed = undefined;
    this.marks.clear();
    this.rechecked.clear();
    this.inputs = inputs;
    this.building = background;
    this.contentDir = path.resolve(inputs.root, inputs.options.contentDir) + path.sep;
    if (background) {
      // The workers check every chapter; this thread never takes one (see `loadStateOnThreads`).
      // What the check throws, or the load's failure as `failed` words it, is what everything waiting for the model gets.
      this.loading = loadStateOnThreads(inputs).then(
        (loaded) => {
          this.check?.(loaded);
          return this.publish(loaded);
        },
        (error: unknown) => {
          throw this.failed ? this.failed(error) : error;
        },
      );
      // Reported by `ready()`; a load nobody waits for must not crash the process.
      this.loading.catch(() => undefined);
    } else {
      this.reload();
    }
  }

  /**
   * Check the model before anything reads it: at once when it is loaded
   * already (what `check` throws is thrown here), else when the background
   * load is done (what it throws, or what the load threw, as `failed` words
   * it, is then what the chapter transforms waiting for the model and
   * `ready()` get, and the model is not published).
   * @param check reports the model's problems; throws to stop the build.
   * @param failed the error for a load that failed.
   */
  verify(check: (loaded: LoadedState) => void, failed: (error: unknown) => Error): void {
    if (this.current) check(this.current);
    else {
      this.check = check;
      this.failed = failed;
    }
  }

  /** @returns the loaded state, once loading is done (rejects when it failed). */
  async ready(): Promise<LoadedState> {
    if (this.current) return this.current;
    if (!this.loading) throw new Error('Research Pack: the model was never loaded');
    return this.loading;
  }

  /**
   * What a chapter's transform waits for before it starts (`modelWaitPlugin`).
   * @param file the file's absolute path.
   * @returns the background load, while the model loads and the file is in the content folder; else undefined.
   */
  loadedFor(file: string): Promise<LoadedState> | undefined {
    if (this.current || !this.loading || !path.resolve(file).startsWith(this.contentDir)) return undefined;
    return this.loading;
  }

  /** @returns the loaded state, if it is loaded. */
  loaded(): LoadedState | undefined {
    return this.current;
  }

  /**
   * Load the model again, on this thread, with the caches (the dev server, after a save).
   * @param changed files known to have changed: read again whatever their stamps say.
   * @returns the new state, published.
   */
  reload(changed: Iterable<string> = []): LoadedState {
    forgetReads(this.cache, changed);
    return this.publish(loadState(this.inputs!, this.cache));
  }

  /**
   * The annotations the claim plugins mark a file with.
   * @param file the file's absolute path.
   * @param source the source the page is parsed from.
   * @returns the chapter's annotations, undefined when the file is not a chapter (or the book has errors), or a promise while the model loads.
   */
  annotationsFor(file: string, source: string | undefined): ChapterAnnotations | undefined | Promise<ChapterAnnotations | undefined> {
    if (this.current) return this.marked(file, this.lookup(file, source));
    const waiting = this.loadedFor(file);
    return waiting?.then(() => this.marked(file, this.lookup(file, source)));
  }

  /**
   * What a file was last marked from (`annotationsStamp`), or `unmarked`
   * for a chapter-like file the plugins left alone (the book has errors).
   * @param file the file's absolute path.
   * @returns the stamp, or undefined for files that are not chapters.
   */
  marksOf(file: string): string | undefined {
    const marks = this.marks.get(path.resolve(file));
    return marks === undefined ? undefined : stampOf(marks);
  }

  /**
   * The files the claim plugins marked (or left unmarked) whose marks the
   * current model would change: the dev server drops only their modules
   * after a save, so an edit that changes a popover alone leaves the
   * chapter's compiled module as it is.
   * @returns absolute paths.
   */
  staleMarks(): string[] {
    const stale: string[] = [];
    for (const [file, marks] of this.marks) {
      const now = this.current?.annotationsFor(file);
      const is = now ? annotationsStamp(now) : this.looksLikeChapter(file) ? 'unmarked' : undefined;
      if (stampOf(marks) !== is) stale.push(file);
    }
    return stale;
  }

  /**
   * What each file was last marked with. The dev server keeps the
   * annotations, to compare after each save (their stamp is computed when
   * asked for: only Markdown renders keep one). A build marks each file once
   * and asks for nothing but a Markdown file's stamp, right after: it keeps
   * that stamp alone. Kept whole, every chapter's annotations would stay on
   * the heap for the whole build, where the workers' bytes keep them off it
   * (see `packed.ts`).
   */
  private readonly marks = new Map<string, Marks>();
  /** Whether this is a build's model (`start` in the background). */
  private building = false;

  private marked(file: string, annotations: ChapterAnnotations | undefined): ChapterAnnotations | undefined {
    const absolute = path.resolve(file);
    if (annotations) {
      if (!this.building) this.marks.set(absolute, annotations);
      else if (!/\.mdx$/i.test(absolute)) this.marks.set(absolute, { stamp: annotationsStamp(annotations) });
    } else if (this.looksLikeChapter(absolute)) this.marks.set(absolute, 'unmarked');
    return annotations;
  }

  /** A Markdown file in a folder of the content folder: a chapter, unless its book says otherwise. */
  private looksLikeChapter(file: string): boolean {
    if (!file.startsWith(this.contentDir) || !/\.mdx?$/i.test(file)) return false;
    return file.slice(this.contentDir.length).split(path.sep).length === 2;
  }

  private lookup(file: string, source: string | undefined): ChapterAnnotations | undefined {
    const annotations = this.current!.annotationsFor(file);
    const body = annotations?.body;
    if (!annotations || !body || source === undefined || this.loading) return annotations;
    const digest = chapterBody(source).digest;
    if (digest === body.digest || this.rechecked.get(file) === digest) return annotations;
    // Another revision of the chapter than the model read: read the book again first.
    this.rechecked.set(file, digest);
    return this.reload([path.resolve(file)]).annotationsFor(file);
  }

  private publish(loaded: LoadedState): LoadedState {
    this.current = loaded;
    publishState(loaded.state);
    return loaded;
  }
}

/** What a file was marked with: its annotations, their stamp, or nothing (`unmarked`: the book has errors). */
type Marks = ChapterAnnotations | { stamp: string } | 'unmarked';

function stampOf(marks: Marks): string {
  return marks === 'unmarked' ? marks : 'stamp' in marks ? marks.stamp : annotationsStamp(marks);
}
