/**
 * Worker of `research-pack check`: takes chapters from the shared queue and
 * posts back their checks. It loads its modules while the main thread lists
 * the books, then waits for the job.
 */
import { parentPort } from 'node:worker_threads';
import { bookFolder } from '@research-pack/core';
import { takeChapters, type CheckJob } from './check-queue.js';
import { chapterParser } from './project.js';

parentPort?.once('message', (job: CheckJob) => {
  parentPort?.postMessage(takeChapters(job, job.books.map(bookFolder), chapterParser));
  parentPort?.close();
});
