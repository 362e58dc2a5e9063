/**
 * Verdicts that show as stale only because they do not record which
 * wording they reviewed (no `textHash`, no `text`). Not a problem of the
 * file, which is valid, but the reason every such claim's page says
 * "stale": `research-pack check` and `status` point the author at the
 * commands that record it.
 */
import type { LoadedSidecar } from '../load/sidecar.js';
import type { ClaimsFile } from '../schema/sidecars.js';
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
 * The hints of one chapter, from its loaded claims sidecar (with each
 * verdict's position): what `checkChapter` gives `research-pack check`.
 * @param claims the chapter's loaded claims sidecar, when it has one.
 * @param chapter `<book>/<chapter>`.
 * @returns one hint per such verdict, in file order; none when the file has errors (check reports them).
 */
export function textHashHintsOfSidecar(claims: LoadedSidecar<ClaimsFile> | undefined, chapter: string): TextHashHint[] {
  const hints: TextHashHint[] = [];
  claims?.data?.claims.forEach((claim, index) => {
    const verdict = claim.verdict;
    if (verdict.status === 'unverified' || verdict.textHash !== undefined || verdict.text !== undefined) return;
    const at = claims.locate(['claims', index, 'verdict'], { key: true });
    hints.push({ file: claims.file, line: at.line, column: at.column, chapter, claim: claim.id });
  });
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
  // `reviewed` takes several claims: one command per chapter, naming every claim it counts (an outside author copied one that
  // named the first chapter's only); with several chapters, each says which.
  const byChapter = new Map<string, string[]>();
  for (const hint of hints) byChapter.set(hint.chapter, [...(byChapter.get(hint.chapter) ?? []), hint.claim]);
  const commands = [...byChapter].map(([chapter, claims]) => `\`research-pack reviewed ${claims.join(' ')}${byChapter.size > 1 ? ` --chapter ${chapter}` : ''}\``);
  const run = commands.length === 1 ? commands[0] : `${commands.slice(0, -1).join(', ')} and ${commands.at(-1)}`;
  lines.push(
    `${hints.length === 1 ? 'This claim is' : `These ${hints.length} claims are`} not wrong, only not tied to the wording reviewed: run ${run} to record the textHash of the current wording (re-confirming the verdict${hints.length > 1 ? 's' : ''}), or \`research-pack verdict ${example.claim} <status> --rationale "…"\` to give a new one.`,
  );
  return `${lines.join('\n')}\n`;
}
