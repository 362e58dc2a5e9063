/**
 * Claim annotation fixtures (`test/fixtures/<case>/`): the chapter's model
 * built as the model builder does, and its rendering through Sätteri and
 * through unified. Shared by `test/annotate-fixtures.test.ts` and the
 * markdown package's `popovers: 'page'` test.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  anchorClaims,
  chapterBody,
  claimAnnotations,
  ClaimsFileSchema,
  EvidenceFileSchema,
  extractChapterText,
  hashClaimText,
  ResearchFileSchema,
  type ChapterAnnotations,
  type ChapterModel,
  type DisplayStatus,
  type Problem,
  type ResolvedClaim,
} from '@research-pack/core';
// Where the model builder records each claim's place: inside the core, not its public API.
import { attachPage } from '../../packages/core/src/model/page-info.js';
import { claimPlaces } from '../../packages/core/src/text/page-places.js';
import { parseChapter, remarkClaims, satteriClaims, type ClaimsPluginOptions } from '@research-pack/markdown';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remarkSmartypants from 'remark-smartypants';
import { markdownToHtml } from 'satteri';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { LineCounter, parseDocument, type Node as YamlNode } from 'yaml';

/** The fixtures folder. */
export const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Per-fixture settings (`fixture.json`). */
export interface FixtureSettings {
  /** Sätteri's smart punctuation on the page (unified then uses remark-smartypants). */
  smartPunctuation?: boolean;
  /** The date "review due" is computed against. */
  asOf?: string;
  /** Days after which evidence is due for review. */
  reviewAfterDays?: number;
  /** Annotations to use instead of the ones built from the sidecars (to test render-time failures). */
  annotations?: ChapterAnnotations;
}

/** Names of the fixtures with a chapter and claims. */
export const cases = readdirSync(fixtures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => ['chapter.md', 'chapter.mdx'].some((file) => existsSync(path.join(fixtures, name, file))) && existsSync(path.join(fixtures, name, 'claims.yaml')))
  .sort();

/** Build the chapter's model the way the model builder does, from the fixture's files. */
export function loadChapter(dir: string, name: string, settings: FixtureSettings) {
  const format = existsSync(path.join(dir, 'chapter.mdx')) ? 'mdx' : 'md';
  const file = path.join(dir, `chapter.${format}`);
  const source = readFileSync(file, 'utf8');
  const claimsSource = readFileSync(path.join(dir, 'claims.yaml'), 'utf8');
  const lineCounter = new LineCounter();
  const claimsDocument = parseDocument(claimsSource, { lineCounter });
  const { claims } = ClaimsFileSchema.parse(claimsDocument.toJS());
  const evidencePath = path.join(dir, 'evidence.yaml');
  const { sources, evidence } = EvidenceFileSchema.parse(existsSync(evidencePath) ? parseDocument(readFileSync(evidencePath, 'utf8')).toJS() : {});

  const text = extractChapterText(parseChapter(source, { format }));
  const { anchors, problems } = anchorClaims(text, claims, {
    chapter: `chapter.${format}`,
    claims: 'claims.yaml',
    locate(index, field) {
      const node = claimsDocument.getIn(['claims', index, ...(field ? field.split('.') : [])], true) as YamlNode | undefined;
      const offset = node?.range?.[0] ?? 0;
      const { line, col } = lineCounter.linePos(offset);
      return { line, column: col };
    },
  });

  const asOf = settings.asOf ?? '2026-11-29';
  const reviewAfterDays = settings.reviewAfterDays ?? 365;
  const resolved: ResolvedClaim[] = claims.flatMap((claim) => {
    const anchor = anchors.get(claim.id);
    if (!anchor) return [];
    const items = evidence.filter((item) => item.claims.includes(claim.id));
    const ordered = [...items.filter((item) => item.status === 'validated'), ...items.filter((item) => item.status !== 'validated')];
    const stale: ResolvedClaim['stale'] =
      anchor.anchoring === 'fuzzy' ? 'fuzzy-anchor' : claim.verdict.textHash && claim.verdict.textHash !== hashClaimText(anchor.text) ? 'text-changed' : false;
    const newest = ordered.filter((item) => item.status === 'validated').map((item) => item.recorded).sort().at(-1);
    const reviewDue = newest !== undefined && (Date.parse(asOf) - Date.parse(newest)) / 86_400_000 > reviewAfterDays;
    const status: DisplayStatus = stale ? 'stale' : reviewDue ? 'review-due' : claim.verdict.status;
    return [{ claim, text: anchor.text, textHash: anchor.textHash, anchoring: anchor.anchoring, location: anchor.location, selectors: anchor.selectors, stale, reviewDue, status, evidence: ordered.map((item) => item.id) }];
  });

  const chapter: ChapterModel = {
    book: 'fixture',
    slug: name,
    id: `fixture-${name}`,
    file: `chapter.${format}`,
    sidecars: {},
    frontmatter: { title: name, number: 1 },
    snapshot: text.snapshot,
    fingerprint: text.fingerprint,
    claims: resolved,
    sources,
    evidence,
    research: ResearchFileSchema.parse({}),
  };
  // Where the page finds each claim, as the model builder records it.
  const places = claimPlaces(text, anchors);
  attachPage(chapter, { body: chapterBody(source), ...(places ? { places: Object.fromEntries(places) } : {}) });
  return { chapter, problems, source, file };
}

export type Lookup = (filePath: string) => ChapterAnnotations | undefined;

/** A rendering: the HTML, or the error as an author sees it and its rule id. */
export interface Rendered {
  html: string;
  error?: string;
  ruleId?: string;
}

/** Other options of the claim plugins, the same for both processors. */
export type PluginOptions = Omit<ClaimsPluginOptions, 'annotations' | 'popovers'>;

export function renderSatteri(source: string, file: string, annotations: Lookup, settings: FixtureSettings, popovers: 'inline' | 'page' = 'inline', options: PluginOptions = {}): Rendered {
  try {
    const { html } = markdownToHtml(source, {
      mdastPlugins: [satteriClaims({ ...options, annotations, popovers })],
      features: { directive: true, gfm: true, frontmatter: true, smartPunctuation: settings.smartPunctuation ?? false },
      fileURL: pathToFileURL(file),
    });
    return { html: html.trimEnd() + '\n' };
  } catch (error) {
    return failed(error);
  }
}

export async function renderUnified(source: string, file: string, annotations: Lookup, settings: FixtureSettings, popovers: 'inline' | 'page' = 'inline', options: PluginOptions = {}): Promise<Rendered> {
  let processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
  // Sätteri applies smart punctuation while parsing; remark-smartypants with
  // old-school dashes (`--` en, `---` em) makes the same characters.
  if (settings.smartPunctuation) processor = processor.use(remarkSmartypants, { dashes: 'oldschool' });
  const pipeline = processor
    .use(remarkClaims, { ...options, annotations, popovers })
    // Raw HTML passes through, as in Astro's Markdown pipeline (and Sätteri's).
    .use(remarkRehype, { allowDangerousHtml: true })
    // Sätteri writes `&amp;`; rehype-stringify writes `&#x26;` unless told to prefer names.
    .use(rehypeStringify, { allowDangerousHtml: true, characterReferences: { useNamedReferences: true } });
  try {
    const html = String(await pipeline.process(new VFile({ path: file, value: source })));
    return { html: html.trimEnd() + '\n' };
  } catch (error) {
    return failed(error);
  }
}

function failed(error: unknown): Rendered {
  const ruleId = (error as { ruleId?: unknown }).ruleId;
  return { html: '', error: describeError(error), ...(typeof ruleId === 'string' ? { ruleId } : {}) };
}

/** The error as an author sees it: message and position, without the absolute path of the checkout. */
export function describeError(error: unknown): string {
  const value = error as { message?: string; line?: number; column?: number; reason?: string };
  const message = value.reason ?? value.message ?? String(error);
  return `${value.line ?? 0}:${value.column ?? 0}  ${message}`;
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column}  ${problem.path}  ${problem.message}  [${problem.rule}]${problem.hint ? `\n  hint: ${problem.hint}` : ''}`;
}
