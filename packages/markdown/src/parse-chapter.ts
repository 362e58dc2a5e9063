/**
 * The one fast parse of a chapter used for its snapshot, fingerprint and
 * anchoring: Sätteri with directives on and smart punctuation off, so the
 * text is the author's characters. Also `@research-pack/markdown/parse`, the
 * module worker threads load (`buildModelOnThreads`).
 */
// The snapshot module alone: worker threads load this parser, and the whole core would cost them time.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { attachSource } from '@research-pack/core/snapshot';
import type { Root } from 'mdast';
import { markdownToMdast, mdxToMdast, type Features } from 'satteri';

/** Options for `parseChapter`. */
export interface ParseChapterOptions {
  /** `mdx` for `.mdx` chapters (ESM, JSX and expressions), `md` for plain Markdown. */
  format: 'mdx' | 'md';
}

/** The parser features the model reads chapters with. */
export const CHAPTER_FEATURES: Readonly<Features> = Object.freeze({
  directive: true,
  smartPunctuation: false,
  gfm: true,
  frontmatter: true,
});

/**
 * Parse a chapter into mdast, with positions.
 * @param source the chapter file's text.
 * @param options whether it is MDX or Markdown.
 * @returns the mdast root; it remembers `source` so `extractChapterText(root)` restores directives exactly.
 */
export function parseChapter(source: string, options: ParseChapterOptions): Root {
  const parse = options.format === 'mdx' ? mdxToMdast : markdownToMdast;
  const root = parse(source, { features: { ...CHAPTER_FEATURES }, position: true }) as Root;
  return attachSource(root, source);
}

/** `parserVersion` of this module, once computed (`null`: it could not be). */
let ownVersion: string | null | undefined;

/**
 * What a chapter's check depends on of its parser, for caches that keep
 * checks across runs (the build's, `research-pack check --cache`): a
 * digest of every module of this package's build (this module's folder)
 * and the version of the Sätteri it loads, found from that folder as it
 * loads it (npm may nest it there; pnpm always does).
 * @param moduleUrl the parser module's URL; default this module.
 * @returns `parse@<digest> satteri@<version>`; undefined when the modules or
 * Sätteri's version cannot be read: then no check is to be kept, since a
 * later run could not tell whether its parser is the same.
 */
export function parserVersion(moduleUrl: string = import.meta.url): string | undefined {
  const own = moduleUrl === import.meta.url;
  if (own && ownVersion !== undefined) return ownVersion ?? undefined;
  let version: string | null = null;
  try {
    const file = fileURLToPath(moduleUrl);
    const folder = path.dirname(file);
    const hash = createHash('sha256');
    for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.js')).sort()) hash.update(name).update('\0').update(readFileSync(path.join(folder, name))).update('\0');
    // Sätteri's package.json is not among its exports: it is read beside the entry point the parser resolves.
    const satteri = createRequire(file).resolve('satteri');
    const manifest = JSON.parse(readFileSync(path.join(path.dirname(satteri), '..', 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    if (manifest.name === 'satteri' && typeof manifest.version === 'string' && manifest.version !== '') version = `parse@${hash.digest('hex').slice(0, 16)} satteri@${manifest.version}`;
  } catch {
    version = null;
  }
  if (own) ownVersion = version;
  return version ?? undefined;
}
