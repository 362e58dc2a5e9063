/**
 * One chapter of the research model: its text parsed, its claims anchored and
 * resolved against its evidence. `buildModel` and `checkChapter` call it once
 * per chapter; nothing here depends on other chapters.
 */
import type { Root } from 'mdast';
import type { ChapterText, ClaimAnchor, ParseChapter } from '../text/chapter-text.js';
import { addDays } from '../schema/dates.js';
import type { BookFolder, LoadedChapter } from '../load/books.js';
import { cached } from '../load/cache.js';
import type { ModelCache } from '../load/cache.js';
import type { ChapterHeading, ChapterModel, ResolvedClaim } from './types.js';
import { appendProblems, createProblem, type Problem } from '../problems/problem.js';
import { ResearchFileSchema } from '../schema/sidecars.js';
import type { Claim, EvidenceItem, ResearchFile } from '../schema/sidecars.js';
import { anchorClaims } from '../text/anchor.js';
import { hashClaimText } from '../text/fingerprint.js';
import { extractChapterText } from '../text/snapshot.js';
import { chapterBody, claimPlaces } from '../text/page-places.js';
import type { ChapterPage } from './page-info.js';
import { pageIds, type PageId } from '../text/page-ids.js';
import { explainAnchorProblems } from './anchor-explain.js';
import { idCollisions } from './id-collisions.js';
import { mayHoldExpressions, undefinedExpressionNames } from './expression-names.js';
import { deepMarkdownProblem, deepNodePlace, deepSourcePlace } from '../text/nesting.js';
import { isStackOverflow } from '../load/yaml-problems.js';

export type { ParseChapter } from '../text/chapter-text.js';

const emptyResearch: ResearchFile = ResearchFileSchema.parse({});

/**
 * Parse, anchor and resolve one chapter. No chapter when something it needs failed.
 * @param book the chapter's book folder.
 * @param chapter the loaded chapter.
 * @param parse the chapter parser.
 * @param asOf the build's date.
 * @param cache reuse work for unchanged files.
 * @param model build the chapter's model (default); false when only its problems are wanted.
 * @returns the chapter's model, and the problems of anchoring its claims.
 */
export function buildChapter(
  book: BookFolder,
  chapter: LoadedChapter,
  parse: ParseChapter,
  asOf: string,
  cache: ModelCache | undefined,
  model = true,
): { chapter: ChapterModel | undefined; problems: Problem[]; page?: ChapterPage; changed?: string[] } {
  const problems: Problem[] = [];
  // The file policy refused the chapter file; its problem is the chapter's, nothing is parsed.
  if (chapter.unreadable) return { chapter: undefined, problems };
  // An empty file's one problem is that it is empty (its frontmatter's): every quote of its claims missing from it says nothing more.
  if (chapter.source.trim() === '') return { chapter: undefined, problems };
  const text = cached(cache, `text\u0000${chapter.path}\u0000${chapter.file}`, [chapter.source], () => readChapterText(chapter, parse));
  if ('problem' in text) return { chapter: undefined, problems: [text.problem] };
  appendProblems(problems, idCollisions(text.ids, chapter.claims?.data?.claims ?? [], chapter.file));
  appendProblems(problems, text.expressions);

  const claimsFile = chapter.claims;
  if (claimsFile && !claimsFile.data) return { chapter: undefined, problems };
  const claims = claimsFile?.data?.claims ?? NO_CLAIMS;
  const claimsPath = claimsFile?.file ?? chapter.file.replace(/\.mdx?$/, '.claims.yaml');
  const anchored = cached(cache, `anchors\u0000${chapter.path}\u0000${chapter.file}`, [text.text, claimsFile], () =>
    anchorClaims(text.text, claims, {
      chapter: chapter.file,
      claims: claimsPath,
      locate: (index: number, field?: string) =>
        claimsFile ? claimsFile.locate(['claims', index, ...(field ? field.split('.') : [])]) : { line: 0, column: 0 },
    }),
  );
  appendProblems(problems, explainAnchorProblems(anchored.problems, chapter, text.text, claims, parse));
  // Every problem is known once the claims are anchored, and which claims' wording changed since their verdict.
  const changed = changedWording(claims, anchored.anchors);
  if (!model) return { chapter: undefined, problems, changed };

  const frontmatter = chapter.frontmatter.data;
  const config = book.config?.data;
  const evidenceFile = chapter.evidence;
  const researchFile = chapter.research;
  if (!frontmatter || !config || (evidenceFile && !evidenceFile.data) || (researchFile && !researchFile.data)) {
    return { chapter: undefined, problems, changed };
  }
  const evidence = evidenceFile?.data?.evidence ?? NO_EVIDENCE;
  const { reviewAfterDays } = config;
  const resolved = cached(cache, `resolved\u0000${chapter.path}\u0000${chapter.file}`, [claims, anchored, evidence, asOf, reviewAfterDays], () =>
    resolveClaims(claims, anchored.anchors, evidence, { asOf, reviewAfterDays }),
  );
  if (resolved.length !== claims.length) return { chapter: undefined, problems, changed };
  // Where the page finds each claim: the containers the model already placed them in.
  const places = cached(cache, `places\u0000${chapter.path}\u0000${chapter.file}`, [text.text, anchored], () => claimPlaces(text.text, anchored.anchors));
  const page: ChapterPage = { body: cached(cache, `body\u0000${chapter.path}`, [chapter.source], () => chapterBody(chapter.source)) };
  if (places) page.places = Object.fromEntries(places);

  const sidecars: ChapterModel['sidecars'] = {};
  if (claimsFile) sidecars.claims = claimsFile.file;
  if (evidenceFile) sidecars.evidence = evidenceFile.file;
  if (researchFile) sidecars.research = researchFile.file;
  return {
    chapter: {
      book: chapter.book,
      slug: chapter.slug,
      id: chapter.id,
      file: chapter.file,
      sidecars,
      frontmatter,
      snapshot: text.text.snapshot,
      fingerprint: text.text.fingerprint,
      headings: cached(cache, `headings\u0000${chapter.path}\u0000${chapter.file}`, [text.text], () => headingsOf(text.text)),
      claims: resolved,
      sources: evidenceFile?.data?.sources ?? [],
      evidence,
      research: researchFile?.data ?? emptyResearch,
    },
    problems,
    page,
    changed,
  };
}

/**
 * The claims whose verdict reviewed other words than the prose's now; not
 * those whose id two claims share (the anchor found is one claim's, the
 * verdict may be the other's: a duplicate id is the problem to report).
 */
function changedWording(claims: readonly Claim[], anchors: ReadonlyMap<string, ClaimAnchor>): string[] {
  const seen = new Map<string, number>();
  for (const claim of claims) seen.set(claim.id, (seen.get(claim.id) ?? 0) + 1);
  return claims.filter((claim) => seen.get(claim.id) === 1 && staleReason(claim, anchors.get(claim.id)) === 'text-changed').map((claim) => claim.id);
}

/**
 * Why a claim's verdict no longer matches its prose, or false.
 * @param claim the claim, with its verdict.
 * @param anchor where the claim was found; undefined: not found (no verdict to compare).
 * @returns the reason.
 */
function staleReason(claim: Claim, anchor: ClaimAnchor | undefined): ResolvedClaim['stale'] {
  if (!anchor) return false;
  const { verdict } = claim;
  // The hash of the reviewed text: recorded, else computed from the reviewed wording.
  const reviewed = verdict.textHash ?? (verdict.text === undefined ? undefined : hashClaimText(verdict.text));
  // An unverified claim has no verdict other words could outdate: found approximately, it is still unverified (and `check` warns).
  if (anchor.anchoring === 'fuzzy' && verdict.status !== 'unverified') return 'fuzzy-anchor';
  if (verdict.status !== 'unverified' && reviewed === undefined) return 'no-text-hash';
  return reviewed !== undefined && reviewed !== anchor.textHash ? 'text-changed' : false;
}

const NO_CLAIMS: Claim[] = [];
const NO_EVIDENCE: EvidenceItem[] = [];

/** The headings of a chapter's text, with their offsets and lines in the snapshot. */
function headingsOf(text: ChapterText): ChapterHeading[] {
  const headings: ChapterHeading[] = [];
  let line = 1;
  let counted = 0;
  for (const unit of text.index?.units ?? []) {
    if (unit.node.type !== 'heading') continue;
    for (let offset = counted; offset < unit.start; offset++) if (text.snapshot.charCodeAt(offset) === 10) line++;
    counted = unit.start;
    const depth = (unit.node as { depth?: unknown }).depth;
    headings.push({ text: text.snapshot.slice(unit.start, unit.end), depth: typeof depth === 'number' ? depth : 1, start: unit.start, line });
  }
  return headings;
}

/**
 * Parse a chapter and extract its text; a parser failure becomes a problem.
 * A chapter nested too deep is refused before it is parsed when the text
 * shows it, else before any recursive walker reads its tree; an exhausted
 * stack all the same is said as a problem of the file, not thrown.
 */
function readChapterText(chapter: LoadedChapter, parse: ParseChapter): { text: ChapterText; ids: PageId[]; expressions: Problem[] } | { problem: Problem } {
  const unparsable = deepSourcePlace(chapter.source);
  if (unparsable) return { problem: deepMarkdownProblem('chapter/too-deep', chapter.file, unparsable) };
  let root: Root;
  try {
    root = parse(chapter.source, { file: chapter.file, format: chapter.format });
  } catch (error) {
    if (isStackOverflow(error instanceof Error ? error.message : String(error))) return { problem: deepMarkdownProblem('chapter/too-deep', chapter.file) };
    return { problem: parseProblem(chapter.file, error, chapter.source) };
  }
  if (typeof (root as unknown as { then?: unknown } | undefined)?.then === 'function') {
    throw new TypeError('Research Pack: `parse` returned a Promise; buildModel needs a parser that returns the mdast tree directly');
  }
  const deep = deepNodePlace(root);
  if (deep) return { problem: deepMarkdownProblem('chapter/too-deep', chapter.file, deep) };
  try {
    const expressions = chapter.format === 'mdx' && mayHoldExpressions(chapter.source) ? undefinedExpressionNames(root, chapter.file) : [];
    return { text: extractChapterText(root, { source: chapter.source }), ids: pageIds(root), expressions };
  } catch (error) {
    if (error instanceof RangeError && isStackOverflow(error.message)) return { problem: deepMarkdownProblem('chapter/too-deep', chapter.file) };
    throw error;
  }
}

/**
 * A parser's exception as a positioned problem. vfile messages and MDX errors
 * carry the position as fields; Sätteri writes it at the start of the message
 * (`12:3: Unexpected …`), where it is read from and removed.
 */
function parseProblem(file: string, error: unknown, source: string): Problem {
  const value = (error ?? {}) as {
    message?: unknown;
    reason?: unknown;
    line?: unknown;
    column?: unknown;
    place?: { line?: unknown; column?: unknown; start?: { line?: unknown; column?: unknown } };
    position?: { start?: { line?: unknown; column?: unknown } };
  };
  const start = value.place?.start ?? value.place ?? value.position?.start;
  let line = Number(value.line ?? start?.line ?? 0) || 0;
  let column = Number(value.column ?? start?.column ?? 0) || 0;
  let text = String(value.reason ?? value.message ?? error).split('\n')[0] ?? '';
  const lead = /^(\d+):(\d+):\s*/.exec(text);
  if (lead) {
    if (line === 0) {
      line = Number(lead[1]);
      column = Number(lead[2]);
    }
    text = text.slice(lead[0].length);
  }
  const lines = source.split(/\r\n|\r|\n/);
  if (line > lines.length) line = 0;
  // A claim whose label wraps fails on the line after the directive starts.
  const claimLine = line > 0 && /:claim\[/.test(`${lines[line - 2] ?? ''}\n${lines[line - 1] ?? ''}`);
  // ":claim[…] {#id}" in MDX: the braces after the space are a JavaScript expression, which "#id" is not.
  const spaced = line > 0 ? /:claim\[[^\]\n]*\][ \t]+\{#([A-Za-z0-9][\w-]*)\}/.exec(lines[line - 1] ?? '')?.[1] : undefined;
  return createProblem(
    'chapter/parse-error',
    line > 0 ? { file, line, column: Math.min(Math.max(column, 1), (lines[line - 1] ?? '').length + 1) } : { file },
    `the chapter could not be parsed: ${text}`,
    spaced !== undefined
      ? `write :claim[the sentence]{#${spaced}}, with nothing between "]" and "{": after a space, MDX reads {#${spaced}} as a JavaScript expression`
      : claimLine
        ? 'write the claim as :claim[the sentence]{#claim-id} on one line: in MDX a "{" opens a JavaScript expression, so a missing "]" or "}" breaks the page'
        : 'fix the Markdown or MDX syntax at this point',
  );
}

/** Options of `resolveClaims`. */
export interface ResolveClaimsOptions {
  /** The build's date, `YYYY-MM-DD`. */
  asOf: string;
  /** `book.yaml`'s `reviewAfterDays`. */
  reviewAfterDays: number;
}

/**
 * Combine claims with their anchors and evidence into what readers see.
 *
 * `stale`: `fuzzy-anchor` when the quote was only found approximately;
 * `no-text-hash` when a reviewed verdict does not record the text it
 * reviewed; `text-changed` when it records a different text. `reviewDue`:
 * the newest validated evidence was recorded more than `reviewAfterDays`
 * days before `asOf`, and the verdict was not given (or re-confirmed) since
 * (claims without validated evidence are never due, nor unverified ones:
 * there is no verdict to review again). `evidence`: validated
 * items first, then leads; rejected leads are left out.
 * `status`: `stale`, else `review-due`, else the verdict.
 * @param claims the claims sidecar's claims, in file order.
 * @param anchors anchors by claim id, from `anchorClaims`.
 * @param evidence the evidence sidecar's items, in file order.
 * @param options the date and review interval.
 * @returns one resolved claim per anchored claim, in file order.
 */
export function resolveClaims(
  claims: readonly Claim[],
  anchors: ReadonlyMap<string, ClaimAnchor>,
  evidence: readonly EvidenceItem[],
  options: ResolveClaimsOptions,
): ResolvedClaim[] {
  const dueBefore = addDays(options.asOf, -options.reviewAfterDays);
  const resolved: ResolvedClaim[] = [];
  for (const claim of claims) {
    const anchor = anchors.get(claim.id);
    if (!anchor) continue;
    const bearing = evidence.filter((item) => item.claims.includes(claim.id));
    const validated = bearing.filter((item) => item.status === 'validated');
    const newest = validated.reduce<string | undefined>((latest, item) => (latest === undefined || item.recorded > latest ? item.recorded : latest), undefined);
    const { verdict } = claim;
    // A verdict given or re-confirmed within the interval (`research-pack reviewed`), and not after `asOf`, is not due, however old its evidence.
    const reconfirmed = verdict.date !== undefined && verdict.date >= dueBefore && verdict.date <= options.asOf;
    // An unverified claim has no verdict to review again: it is counted as unverified, never as due.
    const reviewDue = verdict.status !== 'unverified' && newest !== undefined && newest < dueBefore && !reconfirmed;
    const stale = staleReason(claim, anchor);
    resolved.push({
      claim,
      text: anchor.text,
      textHash: anchor.textHash,
      anchoring: anchor.anchoring,
      location: anchor.location,
      selectors: anchor.selectors,
      stale,
      reviewDue,
      status: stale ? 'stale' : reviewDue ? 'review-due' : verdict.status,
      evidence: [...validated, ...bearing.filter((item) => item.status === 'lead')].map((item) => item.id),
    });
  }
  return resolved;
}
