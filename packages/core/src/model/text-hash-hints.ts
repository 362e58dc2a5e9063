/**
 * Verdicts that show as stale because they do not record which wording
 * they reviewed (no `textHash`, no `text`), or record another wording than
 * the prose's now. Not a problem of the file, which is valid, but the
 * reason every such claim's page says "stale": `research-pack check` (and,
 * for the first, `status`) point the author at the commands that settle it.
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
  /**
   * Set when the verdict records the wording it reviewed and the prose now
   * says something else (`research-pack review` shows both); absent when it
   * records none.
   */
  reason?: 'text-changed';
  /** Set for a verdict of `contradicted` whose wording changed: the sentence was most likely corrected, and needs a new verdict, not a re-confirmation. */
  contradicted?: true;
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
 * @param changed the claims whose wording changed since their verdict (`buildChapter`'s `changed`).
 * @returns one hint per such verdict, in file order; none when the file has errors (check reports them).
 */
export function textHashHintsOfSidecar(claims: LoadedSidecar<ClaimsFile> | undefined, chapter: string, changed: readonly string[] = []): TextHashHint[] {
  const hints: TextHashHint[] = [];
  claims?.data?.claims.forEach((claim, index) => {
    const verdict = claim.verdict;
    const wordingChanged = changed.includes(claim.id);
    if (!wordingChanged && (verdict.status === 'unverified' || verdict.textHash !== undefined || verdict.text !== undefined)) return;
    const at = claims.locate(['claims', index, 'verdict'], { key: true });
    hints.push({
      file: claims.file,
      line: at.line,
      column: at.column,
      chapter,
      claim: claim.id,
      ...(wordingChanged ? { reason: 'text-changed' as const } : {}),
      ...(wordingChanged && verdict.status === 'contradicted' ? { contradicted: true as const } : {}),
    });
  });
  return hints;
}

/**
 * What to do about them, in words.
 * @param hints the hints.
 * @returns one line per hint and the advice, or '' for none.
 */
export function formatTextHashHints(hints: readonly TextHashHint[]): string {
  const unrecorded = hints.filter((hint) => hint.reason === undefined);
  const changed = hints.filter((hint) => hint.reason === 'text-changed');
  const lines: string[] = [];
  if (unrecorded.length > 0) {
    lines.push(...unrecorded.map((hint) => `${placeOf(hint)}note: ${hint.chapter} claim "${hint.claim}": its verdict records no textHash, so its page shows it as stale`));
    lines.push(
      `${unrecorded.length === 1 ? 'This claim is' : `These ${unrecorded.length} claims are`} not wrong, only not tied to the wording reviewed: run ${reviewedCommands(unrecorded)} to record the textHash of the current wording (re-confirming the verdict${unrecorded.length > 1 ? 's' : ''}), or \`research-pack verdict ${unrecorded[0]!.claim} <status> --rationale "…"\` to give a new one.`,
    );
  }
  if (changed.length > 0) {
    lines.push(...changed.map((hint) => `${placeOf(hint)}note: ${hint.chapter} claim "${hint.claim}": the prose changed since its verdict, so its page shows it as stale`));
    const one = changed.length === 1;
    lines.push(
      `\`research-pack review\` shows the wording reviewed beside the wording now: if the verdict still holds, run ${reviewedCommands(changed)} to re-confirm ${one ? 'it' : 'them'} on the current wording; if not, \`research-pack verdict ${changed[0]!.claim} <status> --rationale "…"\` gives a new one.`,
    );
    // A contradicted claim whose prose changed was most likely corrected: re-confirming would keep "contradicted" on the corrected words (an outside author's finding).
    const corrected = changed.filter((hint) => hint.contradicted);
    if (corrected.length > 0) {
      lines.push(
        `${corrected.map((hint) => `"${hint.claim}"`).join(', ')} ${corrected.length === 1 ? 'was' : 'were'} contradicted: if you corrected the sentence, give it a new verdict on the corrected words (\`research-pack verdict ${corrected[0]!.claim} supported --rationale "…"\`, with the evidence that supports them); \`reviewed\` would keep it contradicted.`,
      );
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function placeOf(hint: TextHashHint): string {
  return hint.line > 0 ? `${hint.file}:${hint.line}:${hint.column}  ` : `${hint.file}  `;
}

/** `reviewed` takes several claims: one command per chapter, naming every claim it counts; with several chapters, each says which. */
function reviewedCommands(hints: readonly TextHashHint[]): string {
  const byChapter = new Map<string, string[]>();
  for (const hint of hints) byChapter.set(hint.chapter, [...(byChapter.get(hint.chapter) ?? []), hint.claim]);
  const commands = [...byChapter].map(([chapter, claims]) => `\`research-pack reviewed ${claims.join(' ')}${byChapter.size > 1 ? ` --chapter ${chapter}` : ''}\``);
  return commands.length === 1 ? commands[0]! : `${commands.slice(0, -1).join(', ')} and ${commands.at(-1)}`;
}
