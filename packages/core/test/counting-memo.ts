/**
 * A memo (a `RowMemo`, for the status report's Markdown rows or its pages'
 * parts) holding what was offered, that counts the keys it was asked for and had.
 * @param offered keys and their text.
 * @returns the memo and its counts.
 */
export function countingMemo(offered: Iterable<readonly [string, string]>) {
  const entries = new Map(offered);
  const counts = { hits: 0, misses: 0 };
  return {
    counts,
    memo: {
      get: (key: string) => {
        const text = entries.get(key);
        counts[text === undefined ? 'misses' : 'hits'] += 1;
        return text;
      },
      set: (key: string, text: string) => void entries.set(key, text),
    },
  };
}
