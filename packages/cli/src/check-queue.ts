/**
 * The work queue of `research-pack check`: every thread takes the next
 * unchecked chapter from one shared counter until none is left, so a thread
 * that starts late or gets slow chapters simply takes fewer.
 */
import { checkChapter, type BookFolder, type ChapterCheck, type ChapterEntry, type ParseChapter } from '@research-pack/core';

/** What every thread needs to check chapters: plain data and a shared counter, posted to workers. */
export interface CheckJob {
  /** Absolute project root. */
  root: string;
  /** The date checked for, `YYYY-MM-DD`. */
  asOf: string;
  /** Book folders, with the text of their `book.yaml` (workers load it themselves). */
  books: Array<{ slug: string; dir: string; file: string; source: string | undefined }>;
  /** Every chapter, book by book: the index of its book and its entry. */
  chapters: Array<{ book: number; entry: ChapterEntry }>;
  /** One Int32: the index of the next chapter to take. */
  next: SharedArrayBuffer;
}

/**
 * Check chapters taken from the queue until it is empty.
 * @param job the job.
 * @param books the job's book folders, loaded on this thread.
 * @param parse the chapter parser.
 * @returns the checks this thread made, by chapter index.
 */
export function takeChapters(job: CheckJob, books: readonly BookFolder[], parse: ParseChapter): Array<[number, ChapterCheck]> {
  const next = new Int32Array(job.next);
  const done: Array<[number, ChapterCheck]> = [];
  for (let index = Atomics.add(next, 0, 1); index < job.chapters.length; index = Atomics.add(next, 0, 1)) {
    const { book, entry } = job.chapters[index]!;
    done.push([index, checkChapter(books[book]!, entry, { rootDir: job.root, parse, asOf: job.asOf })]);
  }
  return done;
}
