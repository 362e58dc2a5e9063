/**
 * Verdicts that show as stale only because they do not record which
 * wording they reviewed (no `textHash`, no `text`). Not a problem of the
 * file, which is valid, but the reason every such claim's page says
 * "stale": `research-pack check` and `status` point the author at the
 * commands that record it.
 */
import { readBookFile } from '../load/book-files.js';
import path from 'node:path';
import type { BookListings } from '../load/books.js';
import { loadYaml } from '../load/yaml.js';
import { relativePath } from '../load/paths.js';
import type { ResearchModel } from './types.js';

/** A reviewed verdict without the wording it reviewed. */
export interface TextHashHint {
  /** The claims sidecar, relative to the project root. */
  file: string;
  /** Where the verdict is (1-based). */
  line: number;
  column: number;
  /** `<book>/<chapter>`. */
  chapter: string;
  /** The claim. */
  claim: string;
}

/**
 * The hints of a model: claims stale for want of a textHash.
 * @param model the research model.
 * @returns one hint per claim, in model order (positions 0: the model has none).
 */
export function textHashHintsOfModel(model: ResearchModel): TextHashHint[] {
  return model.books.flatMap((book) =>
    book.chapters.flatMap((chapter) =>
      chapter.claims
        .filter((claim) => claim.stale === 'no-text-hash')
        .map((claim) => ({ file: chapter.sidecars.claims ?? '', line: 0, column: 0, chapter: `${book.slug}/${chapter.slug}`, claim: claim.claim.id })),
    ),
  );
}

/**
 * The hints of a project, from its claims sidecars alone (no chapter is
 * parsed): what `research-pack check` prints after the problems.
 * @param rootDir the project root.
 * @param listing what `listBooks` found.
 * @returns one hint per verdict, with its position, in listing order; files that do not read are skipped (check reports them).
 */
export function textHashHintsOfFiles(rootDir: string, listing: BookListings): TextHashHint[] {
  const hints: TextHashHint[] = [];
  for (const book of listing.books) {
    for (const entry of book.chapters) {
      const name = entry.sidecars.claims;
      if (name === undefined) continue;
      const absolute = path.join(path.dirname(entry.path), name);
      // Under the file policy, like every file the check reads; a refused file is one of check's problems already.
      const read = readBookFile(rootDir, absolute);
      if (read.status !== 'read') continue;
      const source = read.text;
      // Cheap: only a file with a reviewed verdict can have one.
      if (!/status:\s*["']?(supported|qualified|contradicted)\b/.test(source)) continue;
      const file = relativePath(rootDir, absolute);
      const loaded = loadYaml(source, { file });
      const claims = (loaded.value as { claims?: unknown } | undefined)?.claims;
      if (!Array.isArray(claims)) continue;
      claims.forEach((claim: unknown, index) => {
        const record = (claim ?? {}) as { id?: unknown; verdict?: { status?: unknown; textHash?: unknown; text?: unknown } };
        const verdict = record.verdict;
        if (!verdict || typeof verdict !== 'object' || verdict.status === 'unverified' || typeof verdict.status !== 'string') return;
        if (verdict.textHash !== undefined || verdict.text !== undefined || typeof record.id !== 'string') return;
        const at = loaded.locate(['claims', index, 'verdict'], { key: true });
        hints.push({ file, line: at.line, column: at.column, chapter: `${book.slug}/${entry.slug}`, claim: record.id });
      });
    }
  }
  return hints;
}

/**
 * What to do about them, in words.
 * @param hints the hints.
 * @returns one line per hint and the advice, or '' for none.
 */
export function formatTextHashHints(hints: readonly TextHashHint[]): string {
  if (hints.length === 0) return '';
  const lines = hints.map((hint) => `${hint.line > 0 ? `${hint.file}:${hint.line}:${hint.column}  ` : `${hint.file}  `}note: ${hint.chapter} claim "${hint.claim}": its verdict records no textHash, so its page shows it as stale`);
  const example = hints[0]!;
  lines.push(
    `${hints.length === 1 ? 'This claim is' : `These ${hints.length} claims are`} not wrong, only not tied to the wording reviewed: run \`research-pack reviewed ${example.claim}\` to record the textHash of the current wording (re-confirming the verdict), or \`research-pack verdict ${example.claim} <status> --rationale "…"\` to give a new one.`,
  );
  return `${lines.join('\n')}\n`;
}
