/**
 * Matching what a report names to what the sidecars hold: claim-audit rows
 * to claims (by id, or by quoted text with the core's quote anchoring, run
 * against the claims' texts), and source-ledger rows to recorded sources
 * (by DOI, arXiv id, URL, then title, each normalized).
 */
import { locateQuote, prepareSearch, type SearchText } from '../text/quote-search.js';
import { fold, normalizeProse } from '../text/normalize.js';
import { closest, createProblem, quote, type Problem } from '../problems/problem.js';
import type { ClaimAuditRow, SourceLedgerRow } from '../research-report/read.js';
import { at } from '../research-report/read/node-text.js';
import type { Relation, Source } from '../schema/sidecars.js';
import type { IndexUnit, TextIndex } from '../text/text-index.js';

/** A claim as matching needs it: its id and its current text. */
export interface ClaimText {
  id: string;
  text: string;
}

/** How a claim-audit row was matched. */
export type ClaimMatchKind = 'id' | 'exact' | 'fuzzy';

/** A claim-audit row and the claim it is about. */
export interface ClaimMatch {
  row: ClaimAuditRow;
  id: string;
  how: ClaimMatchKind;
  /** Edits the approximate match needed. */
  errors?: number;
  /** Another row was about the same claim first: this one adds nothing. */
  duplicate?: boolean;
}

/** A claim-audit row that cannot land, and why. */
export interface HeldClaimRow {
  row: ClaimAuditRow;
  reason: string;
  fix: string;
  /** The claim its id was one slip from, when that is why it is held. */
  meant?: string;
}

/** What each claim-audit row is about. */
export interface ClaimRowMatches {
  /** Rows about a claim of the chapter, in report order: one used per claim (the first, or the first that names it by id), the others marked duplicate. */
  matches: ClaimMatch[];
  /** Rows about no recorded claim: the claims the report proposes. */
  unmatched: ClaimAuditRow[];
  /** Rows that cannot land. */
  held: HeldClaimRow[];
  problems: Problem[];
}

/**
 * How to land a claim-audit row held back for an id one slip from a claim's:
 * name the claim in a copy of the report, or cite its sources for it; with
 * the sources the ledger ties to the row (planned after the claims), each
 * with the command that records it.
 * @param meant the claim the id was one slip from.
 * @param tied the sources the ledger ties to the row, with their relations.
 * @returns the fix, as the held row and its warning give it.
 */
export function typoFix(meant: string, tied: ReadonlyArray<{ source: string; relation: Relation }> = []): string {
  const start = `did you mean "${meant}"? name the claim by its id in a copy of the report, or record what its sources show yourself`;
  if (tied.length === 0) return `${start} (\`research-pack cite <source> --claim ${meant} --relation <r>\`)`;
  return `${start} (the source ledger ties ${tiedSources(tied)} to this row, which lands nowhere: ${citeCommands(tied, meant)})`;
}

/** `a (supports), b (qualifies)`. */
export function tiedSources(tied: ReadonlyArray<{ source: string; relation: Relation }>): string {
  return tied.map((link) => `${link.source} (${link.relation})`).join(', ');
}

/** The `cite` of each source for the claim, in backticks. */
export function citeCommands(tied: ReadonlyArray<{ source: string; relation: Relation }>, claim: string): string {
  return tied.map((link) => `\`research-pack cite ${link.source} --claim ${claim} --relation ${link.relation === 'unresolved' ? '<r>' : link.relation}\``).join(', then ');
}

/**
 * Find the claim each claim-audit row is about: a claim id of the chapter
 * anywhere in its label or claim cell, else a quote (or the cell's text)
 * found in one claim's text. A row about no recorded claim is a claim the
 * report proposes; a quote that fits several claims equally is held back.
 * @param rows the claim audit.
 * @param claims the chapter's claims with their current text.
 * @param options the report's path and the claims sidecar's, for messages.
 * @returns the matches, the unmatched rows and the held-back rows, with problems.
 */
export function matchClaimRows(rows: readonly ClaimAuditRow[], claims: readonly ClaimText[], options: { file: string; claimsFile: string; chapter: string }): ClaimRowMatches {
  const result: ClaimRowMatches = { matches: [], unmatched: [], held: [], problems: [] };
  const ids = new Set(claims.map((claim) => claim.id));
  const search = claimSearch(claims);
  for (const row of rows) {
    const path = `claim-audit[${row.index}]`;
    const named = row.ids.find((id) => ids.has(id.value));
    let match: ClaimMatch | undefined = named ? { row, id: named.value, how: 'id' } : undefined;
    // A row that gives its claim an id up front is about that id: a typo of a claim's id is held back, another id is a proposal.
    if (!match && row.named !== undefined) {
      const guess = closest(row.named, ids);
      if (guess) {
        const reason = `no claim "${row.named}" in ${options.claimsFile}`;
        const fix = typoFix(guess);
        result.problems.push(createProblem('report/unknown-claim', at(options.file, row.claimAt, `${path}.claim`), `${reason}; the row is held back`, fix));
        result.held.push({ row, reason, fix, meant: guess });
      } else result.unmatched.push(row);
      continue;
    }
    let ambiguous: string[] | undefined;
    const texts = row.quotes.length > 0 ? row.quotes : row.claimText ? [row.claimText] : [];
    for (const text of match ? [] : texts) {
      const found = findClaimByText(search, claims, text);
      if (found.kind === 'ambiguous') ambiguous ??= found.ids;
      if (found.kind === 'exact' || found.kind === 'fuzzy') {
        match = { row, id: found.id, how: found.kind, ...(found.kind === 'fuzzy' ? { errors: found.errors } : {}) };
        if (found.kind === 'fuzzy') {
          result.problems.push(
            createProblem(
              'report/fuzzy-claim',
              at(options.file, row.claimAt, `${path}.claim`),
              `matched claim "${found.id}" by approximate text (${found.errors} edit${found.errors === 1 ? '' : 's'}): ${quote(text)}`,
              `check that the row is about "${found.id}", or name it by id`,
            ),
          );
        }
        break;
      }
    }
    if (!match && ambiguous) {
      const reason = `the quote matches the claims ${ambiguous.map((id) => `"${id}"`).join(', ')} equally well`;
      const fix = 'name the claim by id, e.g. `claim-id`, anywhere in the claim cell';
      result.problems.push(createProblem('report/ambiguous-claim', at(options.file, row.claimAt, `${path}.claim`), `${reason}; the row is held back`, fix));
      result.held.push({ row, reason, fix });
      continue;
    }
    if (!match) {
      const typo = row.ids.map((id) => ({ id, guess: closest(id.value, ids) })).find((entry) => entry.guess !== undefined);
      if (typo) {
        result.problems.push(
          createProblem(
            'report/unknown-claim',
            at(options.file, typo.id, `${path}.claim`),
            `no claim "${typo.id.value}" in ${options.claimsFile}; the row is recorded as a proposed claim`,
            `did you mean "${typo.guess}"?`,
          ),
        );
      }
      result.unmatched.push(row);
      continue;
    }
    const earlier = result.matches.find((other) => other.id === match.id && !other.duplicate);
    if (earlier && match.how === 'id' && earlier.how !== 'id') {
      // A row that names the claim by id is about it; one that only matched its text gives way, and fills the cells it left empty.
      const filled = (['concern', 'priority', 'response', 'status'] as const).filter((key) => row[key] === undefined && earlier.row[key] !== undefined);
      if (filled.length > 0) match.row = { ...row, ...Object.fromEntries(filled.map((key) => [key, earlier.row[key]])) };
      result.problems.push(
        createProblem(
          'report/duplicate-claim-row',
          at(options.file, earlier.row, `claim-audit[${earlier.row.index}]`),
          `this row matched claim "${match.id}" by its text, but the row at line ${row.line} names it by id; only that row is used${filled.length > 0 ? `, with this row's ${filled.join(', ')} where it gives none` : ''}`,
          'give each claim one row, and name it by id',
        ),
      );
      earlier.duplicate = true;
    } else if (earlier) {
      result.problems.push(
        createProblem('report/duplicate-claim-row', at(options.file, row, path), `this row is about claim "${match.id}" like the row at line ${earlier.row.line}; only the first is used`, 'give each claim one row'),
      );
      match.duplicate = true;
    }
    result.matches.push(match);
  }
  return result;
}


/** The claims' texts as one searchable text, one prose unit per claim. */
function claimSearch(claims: readonly ClaimText[]) {
  return searchUnits(claims.map((claim) => normalizeProse(claim.text)));
}

/**
 * Texts as one searchable text for the core's quote anchoring, one prose unit each, separated by a blank line.
 * @param parts the texts, in order.
 * @returns the prepared search and each unit's offsets.
 */
export function searchUnits(parts: readonly string[]): { search: SearchText; units: IndexUnit[] } {
  const units: IndexUnit[] = [];
  let offset = 0;
  for (const part of parts) {
    units.push({ node: { type: 'paragraph' }, kind: 'prose', start: offset, end: offset + part.length });
    offset += part.length + 2;
  }
  const text = parts.join('\n\n');
  const index: TextIndex = {
    text,
    leaves: [],
    leafAt: new Int32Array(text.length).fill(-1),
    offsetAt: new Int32Array(text.length),
    units,
    claims: [],
    restored: [],
    omitted: [],
  };
  return { search: prepareSearch(index), units };
}

/** The shortest text (in characters) a claim row may match approximately. */
const MIN_FUZZY_CLAIM_TEXT = 24;

type TextMatch = { kind: 'exact' | 'fuzzy'; id: string; errors: number } | { kind: 'ambiguous'; ids: string[] } | { kind: 'none' };

/**
 * Which claim a quoted text is: found in one claim's text (exactly, or
 * approximately within the anchoring's bounds), or containing one claim's whole text.
 */
function findClaimByText(index: ReturnType<typeof claimSearch>, claims: readonly ClaimText[], text: string): TextMatch {
  const unitOf = (offset: number) => index.units.findIndex((unit) => offset >= unit.start && offset <= unit.end);
  if (normalizeProse(text).length >= 3) {
    const result = locateQuote(index.search, { quote: text });
    const unit = result.kind === 'exact' || result.kind === 'fuzzy' ? unitOf(result.start) : -1;
    // A few words found only approximately are no sign of which claim is meant ("parentId" in "parentSession"),
    // unless they are nearly the whole of a short claim ("Entries from a tree" for "Entries form a tree.").
    const covers = (range: { start: number; end: number }) => {
      const own = index.units[unit];
      return own !== undefined && range.end - range.start >= 0.8 * (own.end - own.start);
    };
    if ((result.kind === 'exact' || (result.kind === 'fuzzy' && (normalizeProse(text).length >= MIN_FUZZY_CLAIM_TEXT || covers(result)))) && unit !== -1) {
      return { kind: result.kind, id: claims[unit]!.id, errors: result.errors };
    }
    if (result.kind === 'ambiguous') {
      const ids = [...new Set(result.ranges.map((range) => claims[unitOf(range.start)]?.id).filter((id): id is string => id !== undefined))];
      if (ids.length === 1) return { kind: 'exact', id: ids[0]!, errors: 0 };
      return { kind: 'ambiguous', ids };
    }
  }
  // A quote of the whole sentence around a shorter claim.
  const folded = fold(normalizeProse(text));
  const containing = claims.filter((claim) => {
    const own = fold(normalizeProse(claim.text));
    return own.length >= 3 && folded.includes(own);
  });
  if (containing.length === 1) return { kind: 'exact', id: containing[0]!.id, errors: 0 };
  if (containing.length > 1) return { kind: 'ambiguous', ids: containing.map((claim) => claim.id) };
  return { kind: 'none' };
}

/** How a ledger row was matched to a recorded source. */
export type SourceMatchKind = 'doi' | 'arxiv' | 'url' | 'title';

/**
 * Normalize a URL for comparison: https, host without `www.`, no fragment, no trailing slash.
 * @param value a URL.
 * @returns the comparable form, or undefined when it is not a URL.
 */
export function normalizeUrl(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    const pathname = decodeURI(url.pathname).replace(/\/+$/, '');
    return `${host}${url.port ? `:${url.port}` : ''}${pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/**
 * Normalize a title for comparison: case, punctuation, quotes and dashes ignored.
 * @param value a title.
 * @returns lowercase words separated by single spaces.
 */
export function normalizeTitle(value: string): string {
  return fold(value.normalize('NFKC'))
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A source's identifying keys, normalized. */
interface SourceKeys {
  doi: string | undefined;
  arxiv: string | undefined;
  url: string | undefined;
  title: string;
}

function keysOf(source: { identifiers?: { doi?: string | undefined; arxiv?: string | undefined }; url?: string | undefined; title: string }): SourceKeys {
  return {
    doi: source.identifiers?.doi?.toLowerCase(),
    arxiv: source.identifiers?.arxiv?.replace(/v\d+$/, ''),
    url: source.url === undefined ? undefined : normalizeUrl(source.url),
    title: normalizeTitle(source.title),
  };
}

const LEVELS = ['doi', 'arxiv', 'url', 'title'] as const satisfies readonly SourceMatchKind[];

/**
 * The recorded sources indexed by id and by each normalized key, so that
 * matching a ledger of n rows against them takes time linear in n: each
 * source's keys are normalized once, when it is added or changed.
 */
export class SourceIndex {
  private readonly keys = new Map<Source, SourceKeys>();
  /** Each source's place in the ledger: matches come in ledger order. */
  private readonly order = new Map<Source, number>();
  private readonly ids = new Map<string, Source>();
  private readonly by: Record<SourceMatchKind, Map<string, Source[]>> = { doi: new Map(), arxiv: new Map(), url: new Map(), title: new Map() };

  /** @param sources the recorded sources, in ledger order. */
  constructor(sources: readonly Source[] = []) {
    for (const source of sources) this.add(source);
  }

  /**
   * Add a source after the others (a new one of this pass).
   * @param source the source.
   */
  add(source: Source): void {
    this.order.set(source, this.order.size);
    if (!this.ids.has(source.id)) this.ids.set(source.id, source);
    this.index(source);
  }

  /**
   * Index a source again after its fields changed (a merge filled its URL or identifiers).
   * @param source a source already added.
   */
  changed(source: Source): void {
    const old = this.keys.get(source);
    if (old) {
      for (const level of LEVELS) {
        const key = old[level];
        if (key === undefined) continue;
        const list = this.by[level].get(key)!;
        list.splice(list.indexOf(source), 1);
      }
    }
    this.index(source);
  }

  /**
   * The first source, in ledger order, that has one of these ids.
   * @param ids the row's ledger ids.
   * @returns the source, if any.
   */
  byId(ids: readonly string[]): Source | undefined {
    let best: Source | undefined;
    for (const id of ids) {
      const found = this.ids.get(id);
      if (found && (best === undefined || this.order.get(found)! < this.order.get(best)!)) best = found;
    }
    return best;
  }

  /**
   * The recorded source a ledger row is about, as `ingest` places it: by a
   * ledger id the row gives, else as `match` finds it.
   * @param row the ledger row.
   * @returns the source and how it was found (`id` for a ledger id), and the others `match` found as well.
   */
  place(row: SourceLedgerRow): { source?: Source; how?: SourceMatchKind | 'id' | 'elided-id'; others: Source[] } {
    const named = row.namedId;
    if (named && 'id' in named) {
      // The id the cell opens with decides: a recorded source's, or the new one's (the other ids in the cell are mentions:
      // "pi-readme-0-58-3: README …, which replaced pi-coding-agent-0-73-1").
      const own = this.ids.get(named.id);
      return own ? { source: own, how: 'id', others: [] } : this.match(row);
    }
    const byId = this.byId(row.ids);
    if (byId) return { source: byId, how: 'id', others: [] };
    if (named && 'elided' in named) {
      // Shortened in the middle: the one source with those ends, unless the row gives another address (another copy of it, say).
      const found = this.byElidedId(named.elided);
      if (found && this.sameAddress(found, row)) return { source: found, how: 'elided-id', others: [] };
    }
    return this.match(row);
  }

  /**
   * Whether a row's address is the source's, or either has none.
   * @param source a recorded source.
   * @param row a ledger row.
   * @returns false when both give an address and they differ.
   */
  sameAddress(source: Source, row: SourceLedgerRow): boolean {
    const own = source.url === undefined ? undefined : normalizeUrl(source.url);
    const given = [row.url, row.titleUrl].filter((url): url is string => url !== undefined).map(normalizeUrl).filter((url): url is string => url !== undefined);
    return own === undefined || given.length === 0 || given.includes(own);
  }

  /**
   * The one source whose id an elided id stands for
   * (`read-pi-sessions…hazat-pi-config`): it starts with the head and ends
   * with the tail, with something between; undefined when none or several do.
   * @param elided the two ends.
   * @returns the source, if exactly one.
   */
  byElidedId(elided: { head: string; tail: string }): Source | undefined {
    const found = this.elidedCandidates(elided);
    return found.length === 1 ? this.ids.get(found[0]!) : undefined;
  }

  /**
   * The ids an elided id may stand for.
   * @param elided the two ends.
   * @returns the recorded ids that start with the head and end with the tail, in ledger order.
   */
  elidedCandidates(elided: { head: string; tail: string }): string[] {
    return [...this.ids.keys()].filter((id) => id.length > elided.head.length + elided.tail.length && id.startsWith(elided.head) && id.endsWith(elided.tail));
  }

  /**
   * The recorded source a ledger row is about (see `matchSourceRow`).
   * @param row the ledger row.
   * @returns the match and how it was found, and the other sources that matched as well.
   */
  match(row: SourceLedgerRow): { source?: Source; how?: SourceMatchKind; others: Source[] } {
    const wanted = keysOf(row);
    const urls = [row.url, row.titleUrl].filter((url): url is string => url !== undefined).map(normalizeUrl);
    for (const how of LEVELS) {
      const found = how === 'url' ? this.union(urls.filter((url): url is string => url !== undefined), 'url') : this.list(how, wanted[how]);
      if (found.length === 0) continue;
      // Several at one level (two ledger entries share a URL): the one with the same title, else the first.
      const best = found.find((source) => this.keys.get(source)!.title === wanted.title) ?? found[0]!;
      return { source: best, how, others: found.filter((source) => source !== best) };
    }
    return { others: [] };
  }

  private index(source: Source): void {
    const keys = keysOf(source);
    this.keys.set(source, keys);
    for (const level of LEVELS) {
      const key = keys[level];
      if (key === undefined) continue;
      const list = this.by[level].get(key);
      if (!list) {
        this.by[level].set(key, [source]);
        continue;
      }
      // In ledger order: a changed source goes back to its place.
      const at = this.order.get(source)!;
      let index = list.length;
      while (index > 0 && this.order.get(list[index - 1]!)! > at) index -= 1;
      list.splice(index, 0, source);
    }
  }

  private list(level: SourceMatchKind, key: string | undefined): Source[] {
    // An empty title names nothing.
    return key === undefined || (level === 'title' && key === '') ? [] : (this.by[level].get(key) ?? []);
  }

  private union(keys: readonly string[], level: SourceMatchKind): Source[] {
    const found = new Set<Source>();
    for (const key of keys) for (const source of this.list(level, key)) found.add(source);
    return [...found].sort((a, b) => this.order.get(a)! - this.order.get(b)!);
  }
}

/**
 * The recorded source a ledger row is about: the same DOI, else the same
 * arXiv id (any version), else the same URL, else the same title.
 * @param row the ledger row.
 * @param sources the recorded sources (and those this pass already added), or their index.
 * @returns the match and how it was found, and the other sources that matched as well.
 */
export function matchSourceRow(row: SourceLedgerRow, sources: readonly Source[] | SourceIndex): { source?: Source; how?: SourceMatchKind; others: Source[] } {
  return (sources instanceof SourceIndex ? sources : new SourceIndex(sources)).match(row);
}
