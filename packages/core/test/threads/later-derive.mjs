/**
 * A derive module for later-run.mjs: each call says which thread it ran on,
 * and each later pass whether it was given the very input object of the
 * first call (kept on that thread) or a copy, and what the copy kept.
 */
import { isMainThread, threadId } from 'node:worker_threads';

// Loading this module fails on the main thread alone, when asked to: the workers then wait for chapters that never come.
if (isMainThread && process.env.LATER_FAIL_ON_MAIN) throw new Error('this module cannot be loaded here');

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
  // What a copy must keep: the chapter's body and its claims' places (not enumerable, see attachPage).
  const places = input.chapter.claims.map((claim) => claim.place?.container?.start ?? null);
  return { id: input.chapter.id, thread: threadId, same: seen.has(input), pass: 'artifacts', claims: input.chapter.claims.length, body: input.chapter.body?.digest ?? null, places };
}
