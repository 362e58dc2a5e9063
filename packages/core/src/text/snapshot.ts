/**
 * The snapshot: a chapter's prose as plain, normalized text, and its fingerprint.
 */
import type { Root } from 'mdast';
import type { ChapterText, DirectiveClaim } from './chapter-text.js';
import { fingerprintSnapshot } from './fingerprint.js';
import { buildTextIndex, type TextIndex, type TextIndexOptions } from './text-index.js';

/** Options for `extractChapterText`. */
export type ExtractChapterTextOptions = TextIndexOptions;

/** Where `attachSource` keeps a tree's source: a non-enumerable symbol, invisible to serializers. */
const SOURCE = Symbol.for('research-pack.chapter-source');

/**
 * Remember the source a tree was parsed from, so `extractChapterText(root)`
 * can restore directives exactly as written without being handed the source.
 * @param root an mdast root.
 * @param source the text it was parsed from.
 * @returns the same root.
 */
export function attachSource<T extends object>(root: T, source: string): T {
  Object.defineProperty(root, SOURCE, { value: source, enumerable: false, configurable: true });
  return root;
}

/**
 * The source remembered by `attachSource`.
 * @param root an mdast root.
 * @returns the source, or undefined.
 */
export function sourceOf(root: object): string | undefined {
  const value = (root as Record<symbol, unknown>)[SOURCE];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Extract the snapshot, fingerprint and claim directives from a chapter's mdast.
 * @param root mdast of the chapter, parsed with directives on and smart punctuation off, with positions.
 * @param options `source`: the chapter's source, so directives that are not claims read exactly as written (default: the one `attachSource` remembered; else they are serialized from the node).
 * @returns the chapter text.
 */
export function extractChapterText(root: Root, options: ExtractChapterTextOptions = {}): ChapterText {
  const index = buildTextIndex(root, { ...options, source: options.source ?? sourceOf(root) });
  const snapshot = snapshotOf(index);
  const directives: DirectiveClaim[] = index.claims.map((claim) => ({
    id: claim.id ?? '',
    start: claim.start,
    end: claim.end,
    line: claim.line,
    column: claim.column,
  }));
  const text = { snapshot, directives, index } as Omit<ChapterText, 'fingerprint'> as ChapterText;
  // Hashed on first read: checking a book needs the text, not its fingerprint.
  let fingerprint: string | undefined;
  Object.defineProperty(text, 'fingerprint', { enumerable: true, get: () => (fingerprint ??= fingerprintSnapshot(snapshot)) });
  return text;
}

/**
 * The snapshot of an index: its text and exactly one final line feed.
 * @param index a text index.
 * @returns the snapshot.
 */
export function snapshotOf(index: TextIndex): string {
  return `${index.text}\n`;
}
