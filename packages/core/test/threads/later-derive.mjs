/**
 * A derive module for later-run.mjs: each call says which thread it ran on,
 * and each later pass whether it was given the very input object of the
 * first call (kept on that thread) or a copy.
 */
import { threadId } from 'node:worker_threads';

const seen = new WeakSet();

export function first(input) {
  seen.add(input);
  return { id: input.chapter.id, thread: threadId };
}

export function pages(input) {
  if (input.chapter.id === input.context.failIn) throw new Error('this chapter fails');
  return { id: input.chapter.id, thread: threadId, same: seen.has(input), pass: 'pages' };
}

export function artifacts(input) {
  if (input.chapter.id === input.context.exitIn) process.exit(3);
  return { id: input.chapter.id, thread: threadId, same: seen.has(input), pass: 'artifacts', claims: input.chapter.claims.length };
}
