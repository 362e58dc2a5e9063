/**
 * A cache of per-file results, so that rebuilding the model after one file
 * changed (the dev server does it on every save) parses only that file.
 */

/** Results of earlier loads, reused when a file's text is unchanged. Create one with `createModelCache`. */
export interface ModelCache {
  /** Entries by kind and absolute path; each remembers the inputs (file text, earlier results) it was computed from. */
  readonly entries: Map<string, { inputs: readonly unknown[]; value: unknown }>;
  /** Keys used since the last `pruneCache`, so entries of deleted files can be dropped. */
  readonly used: Set<string>;
}

/**
 * Create an empty cache to pass to `buildModel` or `loadBooks` on every rebuild.
 * @returns the cache.
 */
export function createModelCache(): ModelCache {
  return { entries: new Map(), used: new Set() };
}

/**
 * Compute a value, or reuse the one computed from the same inputs.
 * @param cache the cache, or undefined to always compute.
 * @param key what is computed and for which file, e.g. `claims\0/abs/27-chapter.claims.yaml`.
 * @param inputs what the value depends on: file texts (compared by value) and earlier cached results (compared by identity).
 * @param compute computes the value.
 * @returns the value.
 */
export function cached<T>(cache: ModelCache | undefined, key: string, inputs: readonly unknown[], compute: () => T): T {
  if (!cache) return compute();
  cache.used.add(key);
  const entry = cache.entries.get(key);
  if (entry && entry.inputs.length === inputs.length && entry.inputs.every((input, index) => input === inputs[index])) return entry.value as T;
  const value = compute();
  cache.entries.set(key, { inputs, value });
  return value;
}

/**
 * Drop entries not used since the last prune (files that were deleted or renamed).
 * @param cache the cache.
 */
export function pruneCache(cache: ModelCache): void {
  for (const key of cache.entries.keys()) if (!cache.used.has(key)) cache.entries.delete(key);
  cache.used.clear();
}
