/**
 * What the sources lock says about one source, as short phrases every format
 * shares (the pack page, the status report, its `report.md`, the brief): the
 * link's health, "changed since you read it", the archived copy when the
 * original is dead or changed, the DOI's and arXiv's answers and a newer
 * version. Each phrase is a list of parts, so each format escapes recorded
 * text and links URLs its own way; the words come from `model/words.ts`.
 * They are read from the data `pack.json` and `report.json` carry
 * (`source-check-data.ts`), so the status report, which renders its data,
 * says what the pack page says.
 */
import type { Element, ElementContent } from 'hast';
import type { PhrasingContent } from 'mdast';
import { h } from 'hastscript';
import { externalLink, type HastChild } from '../markup/hast.js';
import { recorded, safeLink, safeUrl } from '../markup/mdast.js';
import { ARXIV_RESULT_WORD, DOI_RESULT_WORD, LINK_HEALTH_WORD, SOURCE_CHECK_WORD, capitalize } from '../model/words.js';
import type { SourceCheckData } from '../schema/source-check.js';
import { httpUrl } from '../site/safe-url.js';

type LinkData = NonNullable<SourceCheckData['link']>;
type DoiData = NonNullable<SourceCheckData['doi']>;
type ArxivData = NonNullable<SourceCheckData['arxiv']>;

/** What the facts need of the ledger entry: when it was read, and the archived copy it records. */
export interface FactSource {
  accessed: string;
  archiveUrl?: string | null | undefined;
}

/** A part of a phrase: the renderer's words, text from the lock (escaped as recorded text), or a URL (or DOI, arXiv id) to link, with its text. */
export type FactPart = string | { recorded: string } | { url: string; text?: string };

/** What a fact is about. */
export type FactKind = 'link' | 'changed' | 'archive' | 'doi' | 'arxiv';

/** One thing the lock says about a source. */
export interface SourceFact {
  kind: FactKind;
  /** The health or result it states (`dead`, `unchecked`, `newer`, `found`, …), for markup hooks. */
  state: string;
  /** The phrase without its subject: `dead since 2026-11-30 (HTTP 404); last checked 2026-12-01`. */
  parts: FactPart[];
}

/** The subject a fact's phrase is about, when it is shown on a line of its own (`Link: never checked`). */
export const FACT_SUBJECT: Readonly<Record<FactKind, string | undefined>> = Object.freeze({
  link: 'Link',
  changed: undefined,
  archive: undefined,
  doi: 'DOI',
  arxiv: 'arXiv',
});

/**
 * Everything the lock says about a source, in a fixed order: its link, a
 * change since it was read, the archived copy (when the link is dead or
 * changed), its DOI, its arXiv id.
 * @param source the ledger entry (its `accessed` and `archiveUrl`).
 * @param check what the lock says about it, as data.
 * @returns the facts; none for a source with nothing to check.
 */
export function sourceFacts(source: FactSource, check: SourceCheckData): SourceFact[] {
  const facts: SourceFact[] = [];
  const { link } = check;
  if (link) {
    facts.push({ kind: 'link', state: link.health, parts: linkPhrase(link) });
    if (link.changed !== null) facts.push({ kind: 'changed', state: 'changed', parts: [`${SOURCE_CHECK_WORD.changed} on ${source.accessed}: its content differed between the checks of ${day(link.changed.after)} and ${day(link.changed.by)}`] });
    const archive = archiveFact(source, link);
    if (archive) facts.push(archive);
  }
  if (check.doi) facts.push({ kind: 'doi', state: check.doi.result, parts: doiPhrase(check.doi) });
  if (check.arxiv) facts.push({ kind: 'arxiv', state: check.arxiv.newer ? 'newer' : check.arxiv.result, parts: arxivPhrase(check.arxiv) });
  return facts;
}

/**
 * A fact on a line of its own: its subject, then its phrase (`Link: dead since …`), or the phrase capitalized.
 * @param fact the fact.
 * @returns the parts.
 */
export function factLine(fact: SourceFact): FactPart[] {
  const subject = FACT_SUBJECT[fact.kind];
  if (subject !== undefined) return [`${subject}: `, ...fact.parts];
  const [first, ...rest] = fact.parts;
  return typeof first === 'string' ? [capitalize(first), ...rest] : fact.parts;
}

/**
 * Parts as hast: recorded text as text, URLs linked when they pass the safe-URL rule.
 * @param parts the parts.
 * @returns the children.
 */
export function factHast(parts: readonly FactPart[]): HastChild[] {
  return parts.map((part) => (typeof part === 'string' ? part : 'recorded' in part ? part.recorded : externalLink(part.url, part.text)));
}

/**
 * A fact as a `<span class="rp-source-check">` naming its kind and state.
 * @param fact the fact.
 * @param parts its parts as shown (`factLine(fact)`, or `fact.parts`).
 * @returns the span.
 */
export function factElement(fact: SourceFact, parts: readonly FactPart[]): Element {
  return h('span', { className: ['rp-source-check'], dataCheck: fact.kind, dataState: fact.state }, factHast(parts) as ElementContent[] | string[]);
}

/**
 * Parts as mdast: recorded text on one line, URLs linked when safe.
 * @param parts the parts.
 * @returns phrasing content and the renderer's words.
 */
export function factMdast(parts: readonly FactPart[]): Array<PhrasingContent | string> {
  return parts.map((part) => (typeof part === 'string' ? part : 'recorded' in part ? recorded(part.recorded) : part.text === undefined ? safeUrl(part.url) : safeLink(part.text, part.url)));
}

function linkPhrase(link: LinkData): FactPart[] {
  const checked = link.checked === null ? [] : [`; last checked ${day(link.checked)}`];
  switch (link.health) {
    case 'unchecked':
      return [LINK_HEALTH_WORD.unchecked];
    case 'ok':
      return [LINK_HEALTH_WORD.ok, ...checked];
    case 'redirected':
      return [`${LINK_HEALTH_WORD.redirected} to `, link.finalUrl === null ? 'another URL' : { url: link.finalUrl }, ...checked];
    case 'dead': {
      const via: FactPart[] = link.finalUrl === null ? [] : [' after redirects to ', { url: link.finalUrl }];
      return [`${LINK_HEALTH_WORD.dead} since ${day(link.since)} (HTTP ${link.status ?? '?'}`, ...via, ')', ...checked];
    }
    case 'unreachable':
      return [`${LINK_HEALTH_WORD.unreachable} when last checked on ${day(link.checked)}`, ...errorParts(link.error)];
  }
}

/** The archived copy when the link is dead or changed: the one the lock found, or why there is none. */
function archiveFact(source: FactSource, link: LinkData): SourceFact | undefined {
  if (link.health !== 'dead' && link.changed === null) return undefined;
  const ledgerCopy = source.archiveUrl == null ? undefined : (httpUrl(source.archiveUrl) ?? source.archiveUrl);
  if (link.archive) {
    // The ledger's own copy is shown with the ledger; say nothing twice.
    if (ledgerCopy === link.archive.url) return undefined;
    return { kind: 'archive', state: 'found', parts: [`${SOURCE_CHECK_WORD.archive} from ${day(link.archive.datetime)}: `, { url: link.archive.url }] };
  }
  if (ledgerCopy !== undefined || link.archiveResult === null) return undefined;
  const none = link.archiveResult === 'none' ? `no ${SOURCE_CHECK_WORD.archive} was found near ${source.accessed}` : `the web archive could not be asked for a copy near ${source.accessed}`;
  return { kind: 'archive', state: link.archiveResult, parts: [none] };
}

function doiPhrase(doi: DoiData): FactPart[] {
  const checked = doi.checked === null ? [] : [`; last checked ${day(doi.checked)}`];
  switch (doi.result) {
    case 'unchecked':
      return [DOI_RESULT_WORD.unchecked];
    case 'found':
      return [DOI_RESULT_WORD.found, ...checked];
    case 'no-metadata':
      return [`${DOI_RESULT_WORD['no-metadata']} (the resolver answered, but with no CSL-JSON)`, ...checked];
    case 'not-found':
      return [`${DOI_RESULT_WORD['not-found']} by the DOI resolver since ${day(doi.since)}`, ...checked];
    case 'unreachable':
      return [`${DOI_RESULT_WORD.unreachable} when last checked on ${day(doi.checked)}`, ...errorParts(doi.error)];
  }
}

function arxivPhrase(arxiv: ArxivData): FactPart[] {
  const checked = arxiv.checked === null ? [] : [`; last checked ${day(arxiv.checked)}`];
  switch (arxiv.result) {
    case 'unchecked':
      return [ARXIV_RESULT_WORD.unchecked];
    case 'found': {
      if (arxiv.newer) {
        const submitted = arxiv.latestDate === null ? '' : ` of ${day(arxiv.latestDate)}`;
        return [`${SOURCE_CHECK_WORD.newer} v${arxiv.latest}${submitted}, where the ledger names v${arxiv.version}`, ...checked];
      }
      return [arxiv.latest === null ? ARXIV_RESULT_WORD.found : `${ARXIV_RESULT_WORD.found}, latest version v${arxiv.latest}`, ...checked];
    }
    case 'not-found':
      return [`${ARXIV_RESULT_WORD['not-found']} on arXiv since ${day(arxiv.since)}`, ...checked];
    case 'unreachable':
      return [`${ARXIV_RESULT_WORD.unreachable} when last checked on ${day(arxiv.checked)}`, ...errorParts(arxiv.error)];
  }
}

function errorParts(error: { detail: string } | null): FactPart[] {
  return error === null ? [] : [': ', { recorded: error.detail }];
}

/** The day of a moment of the lock. */
function day(moment: string | null): string {
  return moment === null ? 'an unknown date' : moment.slice(0, 10);
}

/**
 * A ledger entry's URL cell, line by line: its URL, the archived copy it
 * records, then what the lock says of the link (health, change, archived copy).
 * @param entry the URL and archived copy the ledger records (safe ones only), and the facts.
 * @returns one list of parts per line; none when there is no URL and no fact about one.
 */
export function urlLines(entry: { url: string | null; archiveUrl: string | null }, facts: readonly SourceFact[]): FactPart[][] {
  const lines: FactPart[][] = [];
  if (entry.url !== null) lines.push([{ url: entry.url }]);
  if (entry.archiveUrl !== null) lines.push(['Archived copy: ', { url: entry.archiveUrl }]);
  for (const fact of facts) if (fact.kind === 'link' || fact.kind === 'changed' || fact.kind === 'archive') lines.push(factLine(fact));
  return lines;
}

/**
 * A ledger entry's DOI and arXiv id, each with what the lock says of it (`DOI 10.1/x (found, last checked …)`).
 * @param check the source's check.
 * @param facts its facts.
 * @returns one list of parts per identifier.
 */
export function identifierLines(check: SourceCheckData, facts: readonly SourceFact[]): FactPart[][] {
  const lines: FactPart[][] = [];
  const note = (kind: FactKind): FactPart[] => {
    const fact = facts.find((candidate) => candidate.kind === kind);
    return fact === undefined ? [] : [' (', ...fact.parts, ')'];
  };
  if (check.doi) lines.push(['DOI ', { url: `doi:${check.doi.doi}`, text: check.doi.doi }, ...note('doi')]);
  if (check.arxiv) lines.push(['arXiv ', { url: `arxiv:${check.arxiv.id}`, text: check.arxiv.id }, ...note('arxiv')]);
  return lines;
}
