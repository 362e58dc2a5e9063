/**
 * The sources that need a person, as problems at their ledger's
 * `file:line:column`: dead links and identifiers nobody knows, pages that
 * changed after they were read and newer arXiv versions, metadata that
 * differs from the ledger, and what could not be checked. `research-pack
 * check --sources` lists them together; each is a warning unless the run
 * asks to fail on its category.
 */
import path from 'node:path';
import { readBookFile } from '../load/book-files.js';
import { loadSidecar } from '../load/sidecar.js';
import { createProblem, quote, type Locate, type Problem } from '../problems/problem.js';
import type { RuleId } from '../problems/rules.js';
import type { Source } from '../schema/sidecars.js';
import { isSourceChecked, type ChapterSourceChecks, type SourceCheck } from './view.js';

/** What a finding is about, as `--fail-on` names it. */
export type SourceFindingCategory = 'dead' | 'changed' | 'metadata' | 'unreachable';

/** The categories, in the order they are counted. */
export const SOURCE_FINDING_CATEGORIES: readonly SourceFindingCategory[] = Object.freeze(['dead', 'changed', 'metadata', 'unreachable']);

/** The category of each `source/` rule. */
export const SOURCE_FINDING_CATEGORY = Object.freeze({
  'source/dead-link': 'dead',
  'source/unknown-identifier': 'dead',
  'source/changed': 'changed',
  'source/newer-version': 'changed',
  'source/metadata-mismatch': 'metadata',
  'source/unreachable': 'unreachable',
} as const satisfies Partial<Record<RuleId, SourceFindingCategory>>);

/** A `source/` rule id. */
export type SourceRule = keyof typeof SOURCE_FINDING_CATEGORY;

/** A model as the findings read it (a `ResearchModel` is one). */
export interface FindingsModel {
  books: ReadonlyArray<{
    slug: string;
    chapters: ReadonlyArray<{ slug: string; sidecars: { evidence?: string }; sources: readonly Source[]; sourceChecks?: ChapterSourceChecks }>;
  }>;
}

/** What `sourceFindings` found. */
export interface SourceFindings {
  /** One problem per finding, book by book, chapter by chapter, in ledger order. */
  problems: Problem[];
  /** Findings by category. */
  counts: Record<SourceFindingCategory, number>;
  /** Sources in all; with an answer in the lock; with a URL, DOI or arXiv id the lock has nothing on; with none of the three. */
  sources: { total: number; checked: number; unchecked: number; uncheckable: number };
  /** The locks read, and the books without one. */
  locks: string[];
  booksWithoutLock: string[];
}

/**
 * The findings of a model's sources.
 * @param model the research model (built with the books' locks).
 * @param options `rootDir`, to read the evidence sidecars for positions.
 * @returns the findings as problems, and counts.
 */
export function sourceFindings(model: FindingsModel, options: { rootDir: string }): SourceFindings {
  const found: SourceFindings = { problems: [], counts: { dead: 0, changed: 0, metadata: 0, unreachable: 0 }, sources: { total: 0, checked: 0, unchecked: 0, uncheckable: 0 }, locks: [], booksWithoutLock: [] };
  for (const book of model.books) {
    const lockFile = book.chapters.find((chapter) => chapter.sourceChecks?.lock !== undefined)?.sourceChecks?.lock;
    if (lockFile) found.locks.push(lockFile);
    else found.booksWithoutLock.push(book.slug);
    for (const chapter of book.chapters) {
      const file = chapter.sidecars.evidence;
      let locate: Locate | undefined;
      const at = (index: number, field: readonly PropertyKey[]) => {
        if (!file) return {};
        locate ??= ledgerLocator(options.rootDir, file);
        return { path: `sources[${index}].${field.join('.')}`, ...locate(['sources', index, ...field]) };
      };
      for (const check of chapter.sourceChecks?.sources ?? []) {
        const source = chapter.sources[check.index];
        if (!source || !file) continue;
        found.sources.total++;
        if (!check.checkable) found.sources.uncheckable++;
        else if (isSourceChecked(check)) found.sources.checked++;
        else found.sources.unchecked++;
        for (const [rule, field, message, hint] of findingsOf(source, check)) {
          found.problems.push(createProblem(rule, { file, ...at(check.index, field) }, message, hint));
          found.counts[SOURCE_FINDING_CATEGORY[rule]]++;
        }
      }
    }
  }
  return found;
}

type Finding = [SourceRule, readonly PropertyKey[], string, string];

/** The findings of one source, each with its rule, the ledger field it points at, a message and a hint. */
function findingsOf(source: Source, check: SourceCheck): Finding[] {
  const findings: Finding[] = [];
  const { link, doi, arxiv } = check;
  if (link?.health === 'dead') {
    const via = link.finalUrl ? ` (after redirects to ${quote(link.finalUrl)})` : '';
    findings.push([
      'source/dead-link',
      ['url'],
      `the link ${quote(link.url)} is dead since ${day(link.since)}: HTTP ${link.status ?? '?'}${via}`,
      link.archive
        ? `an archived copy from ${day(link.archive.datetime)} is at ${link.archive.url}; set archiveUrl to it, or find where the document moved`
        : 'no archived copy was found; find where the document moved, or set reading: not-accessible',
    ]);
  }
  if (doi?.result === 'not-found') {
    findings.push(['source/unknown-identifier', ['identifiers', 'doi'], `the DOI resolver does not know the DOI ${quote(doi.doi)} (HTTP ${doi.status ?? 404}, since ${day(doi.since)})`, 'check the DOI against the document; correct it or remove it']);
  }
  if (arxiv?.result === 'not-found') {
    findings.push(['source/unknown-identifier', ['identifiers', 'arxiv'], `arXiv has no paper ${quote(arxiv.id)} (since ${day(arxiv.since)})`, 'check the arXiv id against the document; correct it or remove it']);
  }
  if (link?.changed) {
    findings.push([
      'source/changed',
      ['accessed'],
      `the page at ${quote(link.url)} changed after it was read on ${source.accessed}: its content differs between the checks of ${day(link.changed.after)} and ${day(link.changed.by)}`,
      link.archive
        ? `read it again, check the evidence that cites it and update accessed; the copy archived ${day(link.archive.datetime)} is at ${link.archive.url}`
        : 'read it again, check the evidence that cites it and update accessed',
    ]);
  }
  if (arxiv?.newer) {
    findings.push([
      'source/newer-version',
      ['identifiers', 'arxiv'],
      `arXiv has version ${arxiv.latest} of ${quote(arxiv.id.replace(/v\d+$/, ''))}${arxiv.latestDate ? ` (submitted ${day(arxiv.latestDate)})` : ''}; the ledger names version ${arxiv.version}`,
      'read the new version; if the evidence still holds, update the id and accessed',
    ]);
  }
  for (const mismatch of check.mismatches) {
    const whose = mismatch.from === 'doi' ? "the DOI's metadata" : "arXiv's metadata";
    findings.push([
      'source/metadata-mismatch',
      [mismatch.field],
      `${mismatch.field} differs from ${whose}: the ledger has ${quote(mismatch.ledger, 120)}, ${mismatch.from === 'doi' ? 'the DOI' : 'arXiv'} has ${quote(mismatch.found, 120)}`,
      'check the document and correct the ledger if it is wrong; nothing is changed automatically',
    ]);
  }
  const unreachable: Array<[readonly PropertyKey[], string, string | undefined, string | undefined]> = [];
  if (link?.health === 'unreachable') unreachable.push([['url'], quote(link.url), link.checked, link.error?.detail]);
  if (doi?.result === 'unreachable') unreachable.push([['identifiers', 'doi'], `the DOI ${quote(doi.doi)}`, doi.checked, doi.error?.detail]);
  if (arxiv?.result === 'unreachable') unreachable.push([['identifiers', 'arxiv'], `the arXiv id ${quote(arxiv.id)}`, arxiv.checked, arxiv.error?.detail]);
  for (const [field, what, checked, detail] of unreachable) {
    findings.push(['source/unreachable', field, `${what} could not be checked on ${day(checked)}: ${detail ?? 'no answer'}`, 'run `research-pack sources refresh` again later; a source that stays unreachable may be gone']);
  }
  return findings;
}

/** Where fields of an evidence sidecar are written (read again only for a chapter with findings). */
function ledgerLocator(rootDir: string, file: string): Locate {
  const read = readBookFile(rootDir, path.join(rootDir, file));
  if (read.status !== 'read') return () => ({ line: 0, column: 0 });
  return loadSidecar('evidence', read.text, file).locate;
}

/** The day of a moment. */
function day(moment: string | undefined): string {
  return moment === undefined ? 'an unknown date' : moment.slice(0, 10);
}

/**
 * A finding's category.
 * @param rule a problem's rule.
 * @returns its category, or undefined for a rule that is not a `source/` finding.
 */
export function findingCategory(rule: string): SourceFindingCategory | undefined {
  return Object.hasOwn(SOURCE_FINDING_CATEGORY, rule) ? SOURCE_FINDING_CATEGORY[rule as SourceRule] : undefined;
}
