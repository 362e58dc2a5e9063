/**
 * Why a claim did not anchor, when the reason is in the chapter's source
 * but not in its prose: a quote that exists only in the frontmatter, a code
 * block, a JSX attribute or an image's alt text; a `:claim` directive inside
 * an alt text or code; a `::claim` or `:::claim` block directive; a
 * directive with two ids (`{#a #b}`, where the last wins). The anchoring
 * problems say only "not in the chapter"; these say where it is, and why it
 * does not count. The chapter is parsed again only when there is such a
 * problem to explain.
 */
import type { Root } from 'mdast';
import type { LoadedChapter } from '../load/books.js';
import { closest, createProblem, quote, shorten, type Problem } from '../problems/problem.js';
import type { Claim } from '../schema/sidecars.js';
import type { ChapterText, ParseChapter } from '../text/chapter-text.js';
import { escapeRegExp, normalizeProse } from '../text/normalize.js';
import type { IndexNode } from '../text/text-index.js';

/** What a place in the source is, when it is not prose: a noun phrase. */
const HIDDEN: Record<string, string> = {
  yaml: 'the frontmatter',
  toml: 'the frontmatter',
  code: 'a code block',
  image: "an image's alt text",
  imageReference: "an image's alt text",
  mdxFlowExpression: 'an MDX expression ({…})',
  mdxTextExpression: 'an MDX expression ({…})',
  mdxjsEsm: 'an import or export',
  html: 'raw HTML',
  definition: 'a link definition',
};

/**
 * The anchoring problems of a chapter, explained where the source says more.
 * @param problems what `anchorClaims` found.
 * @param chapter the loaded chapter (its source and file).
 * @param text the chapter's text (its directives).
 * @param claims the claims sidecar's claims.
 * @param parse the chapter parser, to read the tree again when a problem needs it.
 * @returns the problems, some reworded, some replaced by a clearer one.
 */
export function explainAnchorProblems(problems: readonly Problem[], chapter: LoadedChapter, text: ChapterText, claims: readonly Claim[], parse: ParseChapter): Problem[] {
  if (!problems.some((problem) => problem.rule.startsWith('anchor/'))) return [...problems];
  const file = chapter.file;
  const added: Problem[] = [];
  /** Directive ids explained by a clearer problem; their "missing" and "unknown" problems go. */
  const explained = new Set<string>();
  const replacedAt = new Set<string>();

  for (const directive of text.index?.claims ?? []) {
    const ids = idsWritten(chapter.source, directive.node);
    if (ids.length < 2) continue;
    for (const id of ids) explained.add(id);
    replacedAt.add(`${directive.line}:${directive.column}`);
    added.push(
      createProblem(
        'anchor/several-ids',
        { file, line: directive.line, column: directive.column },
        `this :claim directive gives ${ids.length} ids (${ids.map((id) => `#${id}`).join(' ')}); a directive marks one claim, and only the last id would count`,
        `keep one id, e.g. :claim[…]{#${ids[0]}}; to mark two claims on the same words, nest them: :claim[:claim[…]{#${ids[1]}}]{#${ids[0]}}`,
      ),
    );
  }
  for (const restored of text.index?.restored ?? []) {
    if (restored.node.name !== 'claim' || restored.kind === 'textDirective') continue;
    const id = idAttribute(restored.node);
    if (id !== undefined) explained.add(id);
    const at = restored.node.position?.start;
    const form = restored.kind === 'leafDirective' ? '::claim' : ':::claim';
    added.push(
      createProblem(
        'anchor/block-directive',
        at ? { file, line: at.line, column: at.column, claim: id } : { file, claim: id },
        `${quote(form)} is a block directive, which marks no sentence: a claim is marked inside its paragraph, with one colon`,
        `write :claim[the sentence]{#${id ?? 'claim-id'}} in the paragraph, list item or heading that says it`,
      ),
    );
  }

  let tree: Root | null | undefined;
  const root = () => {
    if (tree === undefined) {
      try {
        tree = parse(chapter.source, { file, format: chapter.format });
      } catch {
        tree = null;
      }
    }
    return tree ?? undefined;
  };
  // Directives that name no claim: a claim whose directive is missing may be one of them, misspelled on either side.
  const known = new Set(claims.map((claim) => claim.id));
  const unknown = (text.index?.claims ?? []).map((directive) => ({ id: directive.id, line: directive.line })).filter((entry): entry is { id: string; line: number } => entry.id !== undefined && !known.has(entry.id));
  const kept: Problem[] = [];
  for (const problem of problems) {
    const claim = claims[Number(/^claims\[(\d+)\]\.anchor/.exec(problem.path)?.[1] ?? -1)];
    if (problem.rule === 'anchor/missing-directive' && claim && explained.has(claim.id)) continue;
    if (problem.rule === 'anchor/unknown-directive' && problem.file === file && replacedAt.has(`${problem.line}:${problem.column}`)) continue;
    const explainedHere = claim ? explainHidden(problem, claim, chapter, root) : problem;
    const near = explainedHere === problem && problem.rule === 'anchor/missing-directive' && claim ? nearestDirective(claim.id, unknown) : undefined;
    kept.push(
      near
        ? { ...problem, hint: `the prose marks ${quote(near.id)} (${file}:${near.line}), spelled nearly the same, which no claim has: fix whichever of the two ids is misspelled, here or in the prose` }
        : explainedHere,
    );
  }
  return [...kept, ...added];
}

/** The directive id nearest a claim's, among those no claim has. */
function nearestDirective(id: string, unknown: ReadonlyArray<{ id: string; line: number }>): { id: string; line: number } | undefined {
  const guess = closest(id, unknown.map((entry) => entry.id));
  return guess === undefined ? undefined : unknown.find((entry) => entry.id === guess);
}

/** An orphan quote or a missing directive that the source has outside the prose, reworded to say where. */
function explainHidden(problem: Problem, claim: Claim, chapter: LoadedChapter, root: () => Root | undefined): Problem {
  const file = chapter.file;
  const { source } = chapter;
  let offset: number | undefined;
  if (problem.rule === 'anchor/orphan' && claim.anchor !== 'directive') offset = find(source, claim.anchor.quote);
  else if (problem.rule === 'anchor/missing-directive') offset = findDirective(source, claim.id);
  if (offset === undefined) return problem;
  const frontmatter = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  const tree = root();
  // The frontmatter first: a parser may leave it out of the tree.
  const where = frontmatter && offset < frontmatter[0].length ? 'the frontmatter' : tree ? hiddenPlace(tree, offset) : undefined;
  if (!where) return problem;
  const at = positionOf(source, offset);
  const shown = `${file}:${at.line}:${at.column}`;
  if (problem.rule === 'anchor/orphan' && claim.anchor !== 'directive') {
    return {
      ...problem,
      message: `the quote of claim ${quote(claim.id)} (${quote(shorten(normalizeProse(claim.anchor.quote), 80), Infinity)}) is not in the prose of ${file}: it is only in ${where} (${shown}), which is not text a claim can mark`,
      hint: 'quote a sentence of the chapter\'s prose (a paragraph, list item, heading or table cell), or mark that sentence with :claim[…]{#id}',
    };
  }
  return {
    ...problem,
    message: `claim ${quote(claim.id)} is anchored by directive, but its :claim[…]{#${claim.id}} is in ${where} (${shown}), where a directive marks nothing`,
    hint: `move :claim[the sentence]{#${claim.id}} into the prose: a paragraph, list item, heading or table cell`,
  };
}

/** What the deepest node at an offset is, when it is not prose; undefined for prose. */
function hiddenPlace(root: Root, offset: number): string | undefined {
  let found: string | undefined;
  const visit = (node: { type: string; position?: { start: { offset?: number }; end: { offset?: number } }; children?: unknown[]; name?: string | null }): void => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined || offset < start || offset >= end) return;
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') found = `an attribute of the <${node.name ?? ''}> element`;
    else if (node.type === 'inlineCode') found = 'inline code';
    else found = HIDDEN[node.type];
    for (const child of (node.children ?? []) as Array<typeof node>) visit(child);
  };
  visit(root as unknown as Parameters<typeof visit>[0]);
  return found;
}

/** The offset of a quote in the source, its words separated by any whitespace; undefined when absent. */
function find(source: string, text: string): number | undefined {
  const words = normalizeProse(text).split(' ').filter(Boolean);
  if (words.length === 0) return undefined;
  const match = new RegExp(words.map(escapeRegExp).join('\\s+')).exec(source);
  return match?.index;
}

/** The offset of a `:claim` directive naming an id, wherever it is written. */
function findDirective(source: string, id: string): number | undefined {
  const match = new RegExp(`:claim\\[[^\\]\\n]*\\]\\{[^}\\n]*(?:#${escapeRegExp(id)}(?=[\\s}.])|id=["']?${escapeRegExp(id)}\\b)`).exec(source);
  return match?.index;
}

/** The ids a directive's `{…}` writes with `#`, as in the source. */
function idsWritten(source: string, node: IndexNode): string[] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return [];
  const attributes = /\{([^{}]*)\}$/.exec(source.slice(start, end))?.[1] ?? '';
  return [...attributes.matchAll(/#([^\s#.{}]+)/g)].map((match) => match[1]!);
}

function idAttribute(node: IndexNode): string | undefined {
  const id = (node.attributes as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function positionOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}
