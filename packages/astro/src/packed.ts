/**
 * What the model's workers make of each chapter (its annotations, its
 * popovers, JSON-LD and pack page) reaches Astro's thread as bytes
 * (`v8.serialize`), is kept as bytes, outside the JavaScript heap, and is
 * read back when a chapter's transform or page asks for it: only the last
 * few chapters asked for are kept read.
 *
 * Why bytes: V8 collects its old generation once it has grown to a multiple
 * of what was live after the last full collection, so every megabyte kept
 * on Astro's thread while Vite bundles costs several at the build's peak.
 * 50 MB of objects kept from `astro:config:setup` raised a plain Astro
 * build's peak RSS by 200 to 236 MiB (the bench's 300 chapters; bench/README.md,
 * 2026-12-06), and what the workers made of those chapters was 29 MB of objects.
 */
import { deserialize, serialize } from 'node:v8';

/** A value as bytes: it posts as a copy of its bytes, and is kept outside the heap. */
export type Packed<T> = Uint8Array & { readonly packed?: T };

/**
 * @param value plain data (what `structuredClone` copies).
 * @returns its bytes.
 */
export function pack<T>(value: T): Packed<T> {
  return serialize(value) as Packed<T>;
}

/**
 * @param bytes what `pack` made (or a copy, as a worker's message delivers it).
 * @returns a new copy of the value.
 */
export function unpack<T>(bytes: Packed<T>): T {
  return deserialize(bytes) as T;
}

/** The last few values made by key: made again when asked for after more than `size` others. */
export class Recent<K, V> {
  readonly #values = new Map<K, V>();

  /** @param size how many to keep. */
  constructor(readonly size: number) {}

  /**
   * @param key the key.
   * @param make makes the value when it is not kept.
   * @returns the value, kept as the newest.
   */
  get(key: K, make: () => V): V {
    let value = this.#values.get(key);
    if (value === undefined) value = make();
    else this.#values.delete(key);
    this.#values.set(key, value);
    if (this.#values.size > this.size) this.#values.delete(this.#values.keys().next().value as K);
    return value;
  }
}
