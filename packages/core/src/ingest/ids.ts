/**
 * Ids the ingest makes: stable slugs from titles and statements, made unique
 * against the ids in use.
 */

/**
 * A stable id from a title: lowercase ASCII words joined by hyphens.
 * @param text a title.
 * @param max the longest id.
 * @returns the id, possibly empty.
 */
export function slug(text: string, max: number): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let result = '';
  for (const word of words) {
    const next = result ? `${result}-${word}` : word;
    if (next.length > max) break;
    result = next;
  }
  return result || (words[0] ?? '').slice(0, max);
}

/**
 * An id not in use: the base, else the base with `-2`, `-3`, ….
 * @param base the wanted id.
 * @param used the ids in use.
 * @returns the id.
 */
export function uniqueId(base: string, used: ReadonlySet<string>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * An object without its undefined fields, so YAML gets no empty keys.
 * @param value the object.
 * @returns a copy without undefined values.
 */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
