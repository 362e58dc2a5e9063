/**
 * The problems of anchoring, one function per rule (`anchor/*` in
 * `problems/rules.ts`): what is wrong and how to fix it, in the author's terms.
 */
import { closest, createProblem, groupDigits, quote, shorten, type Position, type Problem } from '../problems/problem.js';
import { normalizeProse } from './normalize.js';

/** Where a directive is: the chapter file and the directive's position. */
export interface DirectivePlace extends Position {
  file: string;
}

/** Where a claim's field is: the claims sidecar, the position and the field path. */
export interface ClaimFieldPlace extends Position {
  file: string;
  path: string;
}

/**
 * `anchor/directive-without-id`: a `:claim[…]` without an id.
 * @param at the directive.
 * @param empty whether it has no text either (its label wrapped onto a second line).
 * @param spaced the id written after it with a space between (`:claim[…] {#id}`), if any.
 * @returns the problem.
 */
export function directiveWithoutId(at: DirectivePlace, empty: boolean, spaced?: string): Problem {
  if (spaced !== undefined && !empty) {
    return createProblem(
      'anchor/directive-without-id',
      at,
      `this :claim directive has no id: its {#${spaced}} is a space away from its "]", so it is text of the chapter, not the directive's`,
      `write :claim[the sentence]{#${spaced}}, with nothing between "]" and "{"`,
    );
  }
  return empty
    ? createProblem(
        'anchor/directive-without-id',
        at,
        'this :claim directive has no id and no text',
        "write :claim[the sentence]{#claim-id} on one line: Sätteri (Astro's Markdown processor) ends a directive label at a line break, so a label that wraps loses its text and its id",
      )
    : createProblem('anchor/directive-without-id', at, 'this :claim directive has no id', 'give it the id of a claim in the claims sidecar: :claim[the sentence]{#claim-id}');
}

/**
 * `anchor/unknown-directive`: a directive names no claim of the sidecar.
 * @param at the directive.
 * @param id the id it names.
 * @param claimsFile the claims sidecar.
 * @param ids the sidecar's claim ids, for a "did you mean".
 * @returns the problem.
 */
export function unknownDirective(at: DirectivePlace, id: string, claimsFile: string, ids: Iterable<string>): Problem {
  const suggestion = closest(id, ids);
  return createProblem(
    'anchor/unknown-directive',
    { ...at, claim: id },
    `:claim directive names ${quote(id)}, which is not a claim in ${claimsFile}`,
    // Neither side is taken for the right one: the slip may be the sidecar's (an outside author was told to copy it into the prose).
    suggestion !== undefined
      ? `${claimsFile} has ${quote(suggestion)}, spelled nearly the same: fix whichever of the two ids is misspelled, here or in ${claimsFile}`
      : `add a claim with id ${quote(id)} and anchor: directive to ${claimsFile}, or remove the markup`,
  );
}

/**
 * `anchor/duplicate-directive`: the same claim marked twice.
 * @param at the second directive.
 * @param id the claim.
 * @param first the first directive.
 * @returns the problem.
 */
export function duplicateDirective(at: DirectivePlace, id: string, first: Position): Problem {
  return createProblem(
    'anchor/duplicate-directive',
    { ...at, claim: id },
    `claim ${quote(id)} is marked twice in the prose (first at ${at.file}:${first.line}:${first.column})`,
    'a claim is one place in the prose: keep one :claim directive with this id and give the other claim its own id',
  );
}

/**
 * `anchor/directive-for-quote-claim`: the prose marks a claim the sidecar anchors by quote.
 * @param at the directive.
 * @param id the claim.
 * @param claimsFile the claims sidecar.
 * @param anchor where the claim's anchor is in the sidecar.
 * @returns the problem.
 */
export function directiveForQuoteClaim(at: DirectivePlace, id: string, claimsFile: string, anchor: Position): Problem {
  return createProblem(
    'anchor/directive-for-quote-claim',
    { ...at, claim: id },
    `claim ${quote(id)} is marked in the prose, but ${claimsFile}:${anchor.line}:${anchor.column} anchors it by quote`,
    'use one of the two: set its anchor to "directive", or remove the :claim markup',
  );
}

/**
 * `anchor/empty-directive`: a directive that marks no text (or holds only
 * an MDX expression or a component, which the text leaves out).
 * @param at the directive.
 * @param id the claim.
 * @returns the problem.
 */
export function emptyDirective(at: DirectivePlace, id: string, holds?: string): Problem {
  if (holds !== undefined) {
    return createProblem(
      'anchor/empty-directive',
      { ...at, claim: id },
      `:claim directive ${quote(id)} holds only ${quote(holds, 40)}, whose output the text leaves out: it marks no words`,
      `write the claim's words between the brackets, the value written out: :claim[the sentence]{#${id}}; an expression or component may stand beside them`,
    );
  }
  return createProblem('anchor/empty-directive', { ...at, claim: id }, `:claim directive ${quote(id)} marks no text`, `put the claim's words between the brackets, on one line: :claim[the sentence]{#${id}}`);
}

/**
 * A claim directive marked in one chapter's prose that another chapter's
 * claims sidecar holds, with the prose of its own chapter no longer marking
 * it: a sentence moved between chapters (an outside author's finding: the
 * two errors said nothing of each other, and the hint offered to remove the
 * markup, which loses the verdict). Both problems are said again, each
 * naming the other and the command that carries the claim over.
 * @param problems every problem of the project.
 * @returns the problems to replace, by the problem they replace.
 */
export function movedDirectives(problems: readonly Problem[]): Map<Problem, Problem> {
  const marked = new Map<string, Problem[]>();
  const missing = new Map<string, Problem[]>();
  for (const problem of problems) {
    const unknownId = problem.rule === 'anchor/unknown-directive' ? problem.claim : undefined;
    const missingId = problem.rule === 'anchor/missing-directive' ? problem.claim : undefined;
    if (unknownId !== undefined) marked.set(unknownId, [...(marked.get(unknownId) ?? []), problem]);
    if (missingId !== undefined) missing.set(missingId, [...(missing.get(missingId) ?? []), problem]);
  }
  const replaced = new Map<Problem, Problem>();
  for (const [id, [here, ...more]] of marked) {
    const there = missing.get(id);
    // One place marks it, one sidecar misses it: anything else is not one sentence moved.
    if (!here || more.length > 0 || there?.length !== 1) continue;
    const from = there[0]!;
    const spec = here.file.split('/').slice(-2).join('/').replace(/\.mdx?$/i, '');
    const command = `\`research-pack move-claim ${id} --to ${spec}\``;
    replaced.set(here, { ...here, hint: `claim ${quote(id)} is in ${from.file}, another chapter's sidecar, whose prose no longer marks it: if you moved the sentence here, ${command} carries the claim here, with its evidence and the sources it rests on` });
    replaced.set(from, { ...from, hint: `${here.file}:${here.line}:${here.column} marks :claim[…]{#${id}}, and its chapter has no claim of that id: if you moved the sentence there, ${command} carries the claim there, with its evidence and the sources it rests on` });
  }
  return replaced;
}

/**
 * `anchor/missing-directive`: a directive claim the prose does not mark.
 * @param at the claim's `anchor` in the sidecar.
 * @param id the claim.
 * @param chapter the chapter file.
 * @returns the problem.
 */
export function missingDirective(at: ClaimFieldPlace, id: string, chapter: string): Problem {
  return createProblem(
    'anchor/missing-directive',
    { ...at, claim: id },
    `claim "${id}" is anchored by directive, but ${chapter} has no :claim[...]{#${id}}`,
    `mark the sentence in the chapter as :claim[the sentence]{#${id}}, or anchor the claim by quote; if the sentence was deleted, \`research-pack remove-claim ${id}\` takes the claim out, with the evidence that bore on it alone`,
  );
}

/** The quote of a claim in a message: normalized, cut to 80 characters, JSON-quoted. */
function quotedQuote(text: string): string {
  return quote(shorten(normalizeProse(text), 80), Infinity);
}

/**
 * `anchor/ambiguous`: a quote found several times that nothing tells apart.
 * @param at the claim's `anchor.quote` in the sidecar.
 * @param claim the claim's id and quote anchor.
 * @param chapter the chapter file.
 * @param count how many times the quote is found.
 * @param places where the first of them are (`line:column`), in document order; ten are named.
 * @param suggestion a prefix or suffix that would choose the first place, if one does.
 * @returns the problem.
 */
export function ambiguousQuote(
  at: ClaimFieldPlace,
  claim: { id: string; anchor: { quote: string; prefix?: string | undefined; suffix?: string | undefined } },
  chapter: string,
  count: number,
  places: string[],
  suggestion: { kind: 'prefix' | 'suffix'; text: string } | undefined,
): Problem {
  // Only the first places are named (a common word can be found thousands of times).
  const named = places.slice(0, 10).join(', ');
  const more = count > 10 ? `, and ${groupDigits(count - 10)} more` : '';
  const why = claim.anchor.prefix || claim.anchor.suffix ? 'its prefix and suffix do not tell them apart' : 'no prefix or suffix says which one is meant';
  return createProblem(
    'anchor/ambiguous',
    { ...at, claim: claim.id },
    `the quote of claim "${claim.id}" (${quotedQuote(claim.anchor.quote)}) is found ${count} times in ${chapter} (at ${named}${more}), and ${why}`,
    suggestion
      ? `add ${suggestion.kind}: ${JSON.stringify(suggestion.text)} to choose the one at ${places[0]} (\`research-pack anchor ${claim.id} --quote "…" --${suggestion.kind} ${JSON.stringify(suggestion.text)}\`), or quote a longer passage`
      : `add a prefix or suffix (the words just before or after the quote: \`research-pack anchor ${claim.id} --quote "…" --prefix "…"\`), or quote a longer passage`,
  );
}

/**
 * An `anchor/orphan` whose closest text is another claim's: said so, and
 * its hint asks for the sentence that took this claim's place, not for
 * that text.
 * @param problem the orphan problem.
 * @param id the orphaned claim.
 * @param other the claim anchored to that text.
 * @returns the problem, reworded.
 */
export function orphanOfAnother(problem: Problem, id: string, other: string): Problem {
  return {
    ...problem,
    message: `${problem.message}, which is the text of claim "${other}"`,
    hint: `that text is another claim's: the sentence this claim quoted was probably rewritten or deleted; find the sentence that now says what the verdict was given on and anchor the claim on its words as they read (\`research-pack anchor ${id} --quote "…"\`), then review the verdict; if the sentence was deleted, \`research-pack remove-claim ${id}\` takes the claim out, with the evidence that bore on it alone`,
  };
}

/**
 * `anchor/orphan`: a quote that is not in the chapter, not even approximately.
 * @param at the claim's `anchor.quote` in the sidecar.
 * @param claim the claim's id and quote.
 * @param chapter the chapter file.
 * @param closestText the text closest to the quote and where it is, if the chapter has prose.
 * @returns the problem.
 */
export function orphanQuote(
  at: ClaimFieldPlace,
  claim: { id: string; quote: string; reviewed?: boolean },
  chapter: string,
  closestText: { text: string; at: Position | undefined } | undefined,
  why?: 'across-blocks' | 'nothing-close',
): Problem {
  const where = closestText?.at ? ` (${chapter}:${closestText.at.line}:${closestText.at.column})` : '';
  if (why === 'across-blocks' && closestText) {
    return createProblem(
      'anchor/orphan',
      { ...at, claim: claim.id },
      `the quote of claim "${claim.id}" (${quotedQuote(claim.quote)}) runs from one block of ${chapter} into the next${where}: a quote stays within one paragraph, list item, table cell or heading`,
      'quote the words of one block (the sentence that carries the claim), or split it into one claim for each block',
    );
  }
  const found = closestText
    ? `; the closest text${where} is ${quote(shorten(closestText.text, 400), Infinity)}`
    : why === 'nothing-close'
      ? '; nothing in it is close to it'
      : '; the chapter has no prose to compare it with';
  return createProblem(
    'anchor/orphan',
    { ...at, claim: claim.id },
    `the quote of claim "${claim.id}" (${quotedQuote(claim.quote)}) is not in ${chapter}${found}`,
    // A claim not reviewed yet has no verdict to review again: its quote is mistyped, or of other words.
    claim.reviewed === false
      ? why === 'nothing-close'
        ? `the quote may be mistyped or of another chapter: anchor the claim on its words exactly as they read in the chapter (the words only, without the backticks, asterisks or link brackets of their Markdown) with \`research-pack anchor ${claim.id} --quote "…"\`, or copy them into anchor.quote; if the sentence was deleted, \`research-pack remove-claim ${claim.id}\` takes the claim out, with the evidence that bore on it alone`
        : `anchor the claim on its words exactly as they read in the chapter (the words only, without the backticks, asterisks or link brackets of their Markdown) with \`research-pack anchor ${claim.id} --quote "…"\`, or copy them into anchor.quote; if the sentence was deleted, \`research-pack remove-claim ${claim.id}\` takes the claim out, with the evidence that bore on it alone`
      : why === 'nothing-close'
        ? `the sentence may have been deleted, or the quote be of another chapter: find the words the verdict was given on and anchor the claim on them as they now read (\`research-pack anchor ${claim.id} --quote "…"\`), then review the verdict; if the sentence was deleted, \`research-pack remove-claim ${claim.id}\` takes the claim out, with the evidence that bore on it alone`
        : `anchor the claim on the sentence as it now reads in the chapter (the words only, without the backticks, asterisks or link brackets of their Markdown) with \`research-pack anchor ${claim.id} --quote "…"\`, then review the verdict: the prose it was given on has changed; if the sentence was deleted, \`research-pack remove-claim ${claim.id}\` takes the claim out, with the evidence that bore on it alone`,
  );
}

/**
 * `anchor/fuzzy`: a quote found only approximately. The claim is anchored
 * there and shows as stale, so a typo in the quote would otherwise pass
 * unnoticed.
 * @param at the claim's `anchor.quote` in the sidecar.
 * @param claim the claim's id and quote.
 * @param chapter the chapter file.
 * @param found the text the claim is anchored to, and where it starts in the chapter (when known).
 * @returns the problem.
 */
export function fuzzyQuote(at: ClaimFieldPlace, claim: { id: string; quote: string; reviewed?: boolean }, chapter: string, found: { text: string; at: Position | undefined }): Problem {
  const where = found.at ? `${chapter}:${found.at.line}:${found.at.column}` : chapter;
  // A claim not reviewed yet is not stale: it has no verdict that other words could have outdated.
  const unreviewed = claim.reviewed === false;
  // Markdown typed into the quote ("the `parentId` field"), which the text a reader sees does not have.
  const marks = [...new Set(claim.quote.match(/[`*_]/g) ?? [])].filter((mark) => !found.text.includes(mark));
  const markup = marks.length > 0 ? `the quote keeps Markdown the text does not have (${marks.map((mark) => quote(mark)).join(', ')}): ` : '';
  return createProblem(
    'anchor/fuzzy',
    { ...at, claim: claim.id },
    `the quote of claim "${claim.id}" (${quotedQuote(claim.quote)}) is not in ${chapter} as written; the closest text (${where}) is ${quote(shorten(found.text, 400), Infinity)}, where the claim is anchored${unreviewed ? '' : ' and shows as stale'}`,
    markup
      ? `${markup}anchor the claim on that text, the words only: \`research-pack anchor ${claim.id} --quote "…"\` (or copy them into anchor.quote)`
      : unreviewed
        ? `anchor the claim on that text: \`research-pack anchor ${claim.id} --quote "…"\` (or copy it into anchor.quote); if the sentence it was given for was deleted and that text is another, \`research-pack remove-claim ${claim.id}\` takes the claim out`
        : `that text may be only part of the sentence as it now reads (words added, a sentence split): anchor the claim on the words it now has (the words only, without Markdown) with \`research-pack anchor ${claim.id} --quote "…"\`, then review its verdict on them; if the verdict holds for exactly that text, \`research-pack reviewed ${claim.id}\` re-anchors the claim on it and re-confirms the verdict; if the sentence it was given for was deleted and that text is another, \`research-pack remove-claim ${claim.id}\` takes the claim out`,
  );
}

/**
 * `anchor/context-changed`: a quote found once, but not between the prefix
 * or suffix the sidecar gives for it. The place is the only one the words
 * stand in, and may not be the one reviewed: a sentence edited away leaves
 * the claim on another with the same words.
 * @param at the claim's `anchor.prefix` or `anchor.suffix` in the sidecar.
 * @param claim the claim's id.
 * @param side which context differs, what the sidecar gives and what the chapter reads there.
 * @param chapter the chapter file.
 * @param found where the quote is (line 0 when unknown).
 */
export function contextChanged(at: ClaimFieldPlace, claim: string, side: { name: 'prefix' | 'suffix'; expected: string; actual: string }, chapter: string, found: Position | undefined): Problem {
  const where = found ? `${chapter}:${found.line}:${found.column}` : chapter;
  const around = side.name === 'prefix' ? 'before' : 'after';
  return createProblem(
    'anchor/context-changed',
    { ...at, claim },
    `the quote of claim "${claim}" stands once in ${chapter} (${where}), but its ${side.name} ${quote(side.expected, Infinity)} is not ${around} it: the chapter reads ${quote(side.actual, Infinity)} there; if the sentence it was given for changed, the claim now marks other words`,
    `check that the claim marks the words reviewed, then write the text ${around} them into anchor.${side.name}; if that sentence changed, review the verdict too`,
  );
}

/**
 * `anchor/inside-character`: a quote whose edge falls inside a grapheme
 * cluster (what a reader sees as one character).
 * @param at the claim's `anchor.quote` in the sidecar.
 * @param claim the claim's id.
 * @param chapter the chapter file.
 * @param found where the cut character is, and the character.
 */
export function insideCharacter(at: ClaimFieldPlace, claim: string, chapter: string, found: { at: Position | undefined; character: string; edge: 'starts' | 'ends' }): Problem {
  const where = found.at ? ` (${chapter}:${found.at.line}:${found.at.column})` : '';
  return createProblem(
    'anchor/inside-character',
    { ...at, claim },
    `the quote of claim "${claim}" ${found.edge} inside ${quote(found.character, Infinity)}${where}, which a reader sees as one character: the claim's marker would cut it in two`,
    `take the whole of ${quote(found.character, Infinity)} into the quote, or leave all of it out`,
  );
}

/**
 * `anchor/overlap`: a quote that crosses another claim.
 * @param at the claim's `anchor.quote` in the sidecar.
 * @param claim the claim's id and text.
 * @param other the claim it crosses, and where that one is in the chapter (line 0 when unknown).
 * @param chapter the chapter file.
 * @returns the problem.
 */
export function overlappingQuote(at: ClaimFieldPlace, claim: { id: string; text: string }, other: { id: string; text: string; line: number; column: number }, chapter: string): Problem {
  const where = other.line > 0 ? ` (${chapter}:${other.line}:${other.column})` : '';
  return createProblem(
    'anchor/overlap',
    { ...at, claim: claim.id },
    `the quote of claim ${quote(claim.id)} (${quote(claim.text, 80)}) crosses claim ${quote(other.id)} (${quote(other.text, 80)})${where}: one must contain the other, or they must lie apart`,
    'quote fewer or more words so that the two claims do not cross; a claim is one element on the page',
  );
}

/**
 * `anchor/raw-html`: a quote whose words start or end inside a raw HTML
 * element (`<b>`…`</b>` in a `.md` chapter), which the page cannot wrap
 * without cutting the element in two. The build fails on it.
 * @param at the claim's `anchor.quote` in the sidecar.
 * @param id the claim's id.
 * @param chapter the chapter file.
 * @param found where the quote starts in the chapter (when known).
 * @returns the problem.
 */
export function rawHtmlQuote(at: ClaimFieldPlace, id: string, chapter: string, found: Position | undefined): Problem {
  const where = found ? `${chapter}:${found.line}:${found.column}` : chapter;
  return createProblem(
    'anchor/raw-html',
    { ...at, claim: id },
    `claim "${id}" starts or ends inside raw HTML (${where}): the page cannot mark it without cutting an HTML element in two`,
    `quote text that opens and closes its HTML elements, or mark the claim with :claim[...]{#${id}} in the chapter`,
  );
}

/**
 * `anchor/expression`: a claim whose words hold an MDX expression or a
 * component without children, whose output only the rendered page shows.
 * The snapshot, the brief and the claim audit give the claim without it, so
 * a researcher checks other words than a reader reads.
 * @param at the expression or component in the chapter.
 * @param claim the claim's id, how it is anchored, and its text as the snapshot reads it.
 * @param found what is left out: the first one's source, and how many more.
 * @returns the problem.
 */
export function omittedInClaim(at: DirectivePlace, claim: { id: string; directive: boolean; text: string }, found: { kind: 'expression' | 'component'; source: string; more: number }): Problem {
  const what = found.kind === 'expression' ? `the MDX expression ${quote(found.source, 40)}` : `the component ${quote(found.source, 40)}`;
  const more = found.more > 0 ? ` (and ${found.more} more)` : '';
  const output = found.kind === 'expression' && found.more === 0 ? 'whose value' : 'whose output';
  return createProblem(
    'anchor/expression',
    { ...at, claim: claim.id },
    `claim "${claim.id}" holds ${what}${more}, ${output} only the rendered page shows: the snapshot, the brief and the claim audit read ${quote(claim.text, 80)}`,
    claim.directive
      ? `write the value into the claim's words, or move it outside :claim[…]{#${claim.id}}: a researcher checks the words the brief gives`
      : 'write the value into the prose, or quote words that leave it out: a researcher checks the words the brief gives',
  );
}
