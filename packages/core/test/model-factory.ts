/**
 * Hand-built research models for renderer tests: the model builder is written
 * separately, so these tests construct `ResearchModel`s directly, with
 * snapshots, fingerprints and selectors computed the same documented way.
 */
import { createHash } from 'node:crypto';
import type { BookModel, ChapterModel, DisplayStatus, ResearchModel, ResolvedClaim } from '../src/model/types.js';
import type { BookConfig, Claim, EvidenceItem, NotebookRun, Notebook, Reference, ResearchFile, ResearchPass, Source, VerdictStatus } from '../src/schema/sidecars.js';
import type { SiteUrls } from '../src/site/urls.js';

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const ROOT_URLS: SiteUrls = { site: '', chapters: '/books', research: '/research' };
export const SITE_URLS: SiteUrls = { site: 'https://books.example.org', chapters: '/books', research: '/research' };

export interface ClaimSpec {
  id: string;
  /** Text of the claim; must occur in the chapter snapshot. */
  quote: string;
  status?: VerdictStatus;
  date?: string;
  rationale?: string;
  priority?: Claim['priority'];
  concern?: string;
  response?: Claim['response'];
  stale?: ResolvedClaim['stale'];
  reviewDue?: boolean;
  evidence?: string[];
  directive?: boolean;
  /** Who gave the verdict. */
  by?: string;
}

/** Resolve a claim against a snapshot as the anchoring code would for an exact match. */
export function makeClaim(snapshot: string, spec: ClaimSpec): ResolvedClaim {
  const start = snapshot.indexOf(spec.quote);
  if (start === -1) throw new Error(`quote of ${spec.id} is not in the snapshot`);
  const end = start + spec.quote.length;
  const before = snapshot.slice(0, start);
  const line = before.split('\n').length;
  const column = start - before.lastIndexOf('\n');
  const verdictStatus = spec.status ?? 'unverified';
  const claim: Claim = {
    id: spec.id,
    anchor: spec.directive ? 'directive' : { quote: spec.quote },
    verdict: {
      status: verdictStatus,
      ...(spec.date === undefined ? {} : { date: spec.date }),
      ...(spec.rationale === undefined ? {} : { rationale: spec.rationale }),
      ...(spec.by === undefined ? {} : { by: spec.by }),
    },
    priority: spec.priority ?? 'medium',
    ...(spec.concern === undefined ? {} : { concern: spec.concern }),
    response: spec.response ?? 'no-change',
  };
  const stale = spec.stale ?? false;
  const reviewDue = spec.reviewDue ?? false;
  const status: DisplayStatus = stale !== false ? 'stale' : reviewDue ? 'review-due' : verdictStatus;
  return {
    claim,
    text: spec.quote,
    textHash: sha256(spec.quote).slice(0, 16),
    anchoring: spec.directive ? 'directive' : 'exact',
    location: { start, end, line: line + 5, column },
    selectors: {
      quote: { type: 'TextQuoteSelector', exact: spec.quote, prefix: snapshot.slice(Math.max(0, start - 32), start), suffix: snapshot.slice(end, end + 32) },
      position: { type: 'TextPositionSelector', start, end },
    },
    stale,
    reviewDue,
    status,
    evidence: spec.evidence ?? [],
  };
}

export function makeSource(input: Partial<Source> & Pick<Source, 'id' | 'title'>): Source {
  return { authors: [], identifiers: {}, reading: 'full-text', accessed: '2026-11-01', ...input };
}

export function makeEvidence(input: Partial<EvidenceItem> & Pick<EvidenceItem, 'id' | 'source' | 'claims'>): EvidenceItem {
  return { relation: 'supports', class: 'reported', status: 'validated', recorded: '2026-11-02', ...input };
}

export interface ChapterSpec {
  book?: string;
  slug?: string;
  title?: string;
  number?: number;
  summary?: string;
  snapshot?: string;
  headings?: ChapterModel['headings'];
  claims?: ClaimSpec[];
  sources?: Source[];
  evidence?: EvidenceItem[];
  research?: Partial<ResearchFile>;
}

export function makeChapter(spec: ChapterSpec = {}): ChapterModel {
  const book = spec.book ?? 'pi';
  const slug = spec.slug ?? '27-chapter';
  const snapshot = spec.snapshot ?? SESSION_PROSE;
  return {
    book,
    slug,
    id: `${book}-${slug}`,
    file: `content/books/${book}/${slug}.mdx`,
    sidecars: {
      ...(spec.claims === undefined ? {} : { claims: `content/books/${book}/${slug}.claims.yaml` }),
      ...(spec.sources === undefined && spec.evidence === undefined ? {} : { evidence: `content/books/${book}/${slug}.evidence.yaml` }),
      ...(spec.research === undefined ? {} : { research: `content/books/${book}/${slug}.research.yaml` }),
    },
    frontmatter: {
      title: spec.title ?? 'The Session File Format',
      number: spec.number ?? 27,
      ...(spec.summary === undefined ? {} : { summary: spec.summary }),
    },
    snapshot,
    fingerprint: sha256(snapshot),
    headings: spec.headings ?? [],
    claims: (spec.claims ?? []).map((claim) => makeClaim(snapshot, claim)),
    sources: spec.sources ?? [],
    evidence: spec.evidence ?? [],
    research: { questions: [], references: [], notebooks: [], history: [], proposedClaims: [], ...spec.research },
  };
}

export interface BookSpec {
  slug?: string;
  title?: string;
  notebooks?: BookConfig['notebooks'];
  brief?: Partial<BookConfig['brief']>;
  reviewAfterDays?: number;
  chapters: ChapterModel[];
}

export function makeBook(spec: BookSpec): BookModel {
  const slug = spec.slug ?? 'pi';
  const config: BookConfig = {
    title: spec.title ?? 'Pi Agents',
    slug,
    reviewAfterDays: spec.reviewAfterDays ?? 365,
    brief: { excerptLength: 6_000, ...spec.brief },
    ...(spec.notebooks === undefined ? {} : { notebooks: spec.notebooks }),
  };
  return { slug, file: `content/books/${slug}/book.yaml`, config, chapters: spec.chapters };
}

export function makeModel(books: BookModel[], asOf = '2026-11-29'): ResearchModel {
  return { version: 1, asOf, books };
}

/** The project's own demo prose for the tests (not any published book's). */
export const SESSION_PROSE = [
  'A coding agent keeps each conversation in a session file. The file is JSON Lines: one JSON object per line, and every object has a type field.',
  'The first line is a header. It records the format version, the session id, the working directory and when the session started. The header is not part of the entry tree.',
  'Every later line is an entry with an id and a parentId. Entries form a tree through these two fields, so a branch is a new child of an older entry and nothing earlier is rewritten.',
  'There are three format versions. Version 1 files are a flat list; version 2 added the tree; version 3 renamed one message role. Older files are migrated when they are loaded.',
  'A reader that meets an entry type it does not know should skip it rather than fail, because extensions may add their own entries to the same file.',
].join('\n\n');

const REVIEWED = '2026-10-12';

/** A chapter exercising every status, relation, class, reading status, a lead, notebooks with and without runs, and two passes. */
export function richChapter(): ChapterModel {
  const snapshot = SESSION_PROSE;
  const probe = makeChapter({ snapshot });
  const runs: NotebookRun[] = [
    { id: 'run-2026-10-01', date: '2026-10-01', outcome: 'failed', environment: 'Python 3.12, Colab CPU', by: 'author', notes: 'fixture file missing' },
    { id: 'run-2026-10-05', date: '2026-10-05', outcome: 'passed', environment: 'Python 3.12, Colab CPU', by: 'author' },
  ];
  const notebooks: Notebook[] = [
    { path: 'notebooks/pi/27-chapter.ipynb', title: 'Walk the entry tree of a sample session', published: true, runs },
    { path: 'notebooks/pi/27-migrate.ipynb', published: false, runs: [] },
  ];
  const references: Reference[] = [
    { id: 'jsonl-spec', citation: 'JSON Lines format description', url: 'https://jsonlines.org/', source: 'jsonl' },
  ];
  const history: ResearchPass[] = [
    { date: '2026-09-01', by: 'research agent (model x)', report: 'research/27-chapter-2026-09-01.md', fingerprint: 'a'.repeat(64), summary: 'First audit.' },
    {
      date: '2026-10-12',
      by: 'author',
      report: 'research/27-chapter-2026-10-12.md',
      fingerprint: probe.fingerprint,
      summary: 'Re-checked the version list.',
      findings: 'The tree claim holds.\nThe version list is incomplete.',
      proposal: 'Add a sentence on version 3.',
      counts: { claims: 6, sources: 3, leads: 1 },
    },
  ];
  return makeChapter({
    snapshot,
    claims: [
      { id: 'jsonl-lines', quote: 'The file is JSON Lines: one JSON object per line', status: 'supported', date: REVIEWED, rationale: 'The format description says so.', priority: 'high', evidence: ['ev-jsonl'] },
      { id: 'tree', quote: 'Entries form a tree through these two fields', status: 'qualified', date: REVIEWED, rationale: 'Only for version 2 and later.', concern: 'Version 1 files have no tree.', response: 'clarification', evidence: ['ev-tree', 'ev-tree-v1'] },
      { id: 'versions', quote: 'There are three format versions', status: 'contradicted', date: REVIEWED, rationale: 'A fourth version was announced.', priority: 'high', response: 'correction', concern: 'Count is out of date.', evidence: ['ev-versions'] },
      { id: 'skip-unknown', quote: 'should skip it rather than fail', priority: 'low', response: 'new-experiment', evidence: ['ev-lead', 'ev-experiment'] },
      { id: 'header', quote: 'The header is not part of the entry tree', status: 'supported', date: REVIEWED, rationale: 'Stated in the docs.', stale: 'text-changed', evidence: [] },
      { id: 'migrate', quote: 'Older files are migrated when they are loaded', status: 'supported', date: '2024-01-10', rationale: 'Release notes.', reviewDue: true, evidence: ['ev-migrate'] },
    ],
    sources: [
      makeSource({ id: 'jsonl', title: 'JSON Lines', authors: ['Ian Ward'], venue: 'jsonlines.org', url: 'https://jsonlines.org/', reading: 'full-text', accessed: '2026-10-10', verified: '2026-10-10' }),
      makeSource({ id: 'paper', title: 'Append-only logs for agents', authors: ['A. Author', 'B. Author'], venue: 'Proc. Example', published: '2025-03', identifiers: { doi: '10.1145/3368089.3409742', arxiv: '2501.01234v2' }, reading: 'abstract-only', accessed: '2026-10-11', limitations: 'Abstract only; no details on migration.' }),
      makeSource({ id: 'forum', title: 'Thread about session files', reading: 'not-accessible', accessed: '2026-10-11', url: 'https://news.example.com/item?id=1' }),
      makeSource({ id: 'book', title: 'Designing Data-Intensive Applications', authors: ['Martin Kleppmann'], publisher: "O'Reilly", published: '2017', identifiers: { isbn: '978-1-4493-7332-0' }, reading: 'full-text', accessed: '2026-10-09' }),
    ],
    evidence: [
      makeEvidence({ id: 'ev-jsonl', source: 'jsonl', claims: ['jsonl-lines'], relation: 'supports', class: 'background', locator: 'Requirements section' }),
      makeEvidence({ id: 'ev-tree', source: 'book', claims: ['tree'], relation: 'qualifies', class: 'reported', locator: 'ch. 11', note: 'Logs as trees need ids.' }),
      makeEvidence({ id: 'ev-tree-v1', source: 'paper', claims: ['tree'], relation: 'unresolved', class: 'hypothesis' }),
      makeEvidence({ id: 'ev-versions', source: 'paper', claims: ['versions'], relation: 'contradicts', class: 'reproduced', run: 'run-2026-10-05', locator: 'Table 2' }),
      makeEvidence({ id: 'ev-migrate', source: 'jsonl', claims: ['migrate'], relation: 'supports', class: 'reported', recorded: '2024-01-10' }),
      makeEvidence({ id: 'ev-lead', source: 'forum', claims: ['skip-unknown'], relation: 'supports', class: 'reported', status: 'lead', locator: 'top comment' }),
      makeEvidence({ id: 'ev-experiment', source: 'paper', claims: ['skip-unknown'], relation: 'unresolved', class: 'proposed-experiment', status: 'lead', note: 'Feed a file with an unknown entry type and check the reader continues.' }),
    ],
    research: {
      objective: 'Check the session format chapter against the current format documentation.',
      questions: ['Is there a fourth format version?', 'Does every reader skip unknown entry types?'],
      references,
      notebooks,
      history,
    },
  });
}

/** A book with the rich chapter, an empty chapter, and one with claims but no research. */
export function richModel(): ResearchModel {
  const empty = makeChapter({ slug: '28-chapter', number: 28, title: 'Compaction' , snapshot: 'Compaction replaces old entries with a summary. Nothing else is recorded here.' });
  const plain = makeChapter({
    slug: '26-chapter',
    number: 26,
    title: 'Models and Providers',
    snapshot: 'Each assistant message records the provider and the model that answered it.',
    claims: [{ id: 'provider', quote: 'records the provider and the model', status: 'unverified' }],
  });
  return makeModel([
    makeBook({ notebooks: { github: 'example/pi-notebooks', branch: 'main' }, chapters: [plain, richChapter(), empty] }),
  ]);
}
