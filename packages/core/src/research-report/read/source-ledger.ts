/**
 * Section 3, the source ledger: one row per source, in one table or
 * several, read into plain data (title, label and ids, URL, identifiers,
 * metadata, reading status, the claims it bears on, limitations, dates and
 * the optional columns). Only a row that names no source is held back; a
 * cell that cannot be read is left out with a warning.
 */
import { createProblem, quote, shorten, type Problem } from '../../problems/problem.js';
import type { RuleId } from '../../problems/rules.js';
import { isoDateOf, monthNumber, valueHint } from '../../schema/hints.js';
import { isHttpUrl } from '../../schema/http-url.js';
import { EvidenceClassSchema, RelationSchema, type EvidenceClass, type Relation } from '../../schema/sidecars.js';
import { SOURCE_LEDGER_COLUMNS, SOURCE_LEDGER_EXAMPLE, type SourceRole } from './columns.js';
import { datesIn, impossibleDates, noSuchDay, readBearsOn, readDates, readReading, RELATION_SYNONYMS } from './ledger-cells.js';
import { expandLegend, sectionLegend, type Legend } from './legends.js';
import { at, idTokens, isNone, labelOf, locateInSource, placeOf, readEnum, UNVERIFIED, type CellText } from './node-text.js';
import type { HeldBackRow, ReportPlace, SourceLedgerRow } from './report-data.js';
import { blocksOf, type SectionNodes } from './sections.js';
import { cellOf, tablesOf, type ReportTable } from './tables.js';

/**
 * Section 3: one row per source.
 * @param section section 3.
 * @param file the report's path.
 * @param problems where problems go.
 * @param heldBack where rows that cannot be read go.
 * @returns the rows that could be read.
 */
export function readSourceLedger(section: SectionNodes, file: string, problems: Problem[], heldBack: HeldBackRow[]): SourceLedgerRow[] {
  const rows: SourceLedgerRow[] = [];
  const tables = tablesOf(section, file, { name: 'source-ledger', path: 'source-ledger', table: 'source-ledger', specs: SOURCE_LEDGER_COLUMNS, example: SOURCE_LEDGER_EXAMPLE }, problems, heldBack);
  const defaults = sectionDates(section, file, problems, sectionLegend(section.nodes));
  let seen = 0;
  for (const table of tables) {
    for (const { row, cells: read } of table.rows) {
      const cells = read();
      // Rows that cannot be read keep their number, so paths match the table.
      const index = seen++;
      if (!cells) continue;
      const { line, column } = placeOf(row);
      const entry = readLedgerRow(table, { index, line, column }, cells, defaults, file, problems, heldBack);
      if (entry) rows.push(entry);
    }
  }
  sameUrlAs(rows);
  return rows;
}

/** A URL cell that only points at another row ("as S3", "same as S9"): a reference inside the report, not a place in the source. */
const SAME_AS = /^(?:as|same as|see|cf\.?|=)\s*(?:row\s+)?([A-Za-z]{0,4}-?\d{1,4})\s*\.?$/i;

/**
 * Rows whose URL cell says "as S3": no locator (those words mean nothing
 * outside the report), and a note naming the address row S3 gives. The
 * URL is not taken over: two rows of one address would be merged into one
 * source, where the researcher listed two.
 */
function sameUrlAs(rows: SourceLedgerRow[]): void {
  const byLabel = new Map(rows.flatMap((row) => (row.label ? [[row.label.value.toLowerCase(), row] as const] : [])));
  for (const row of rows) {
    const ref = row.url === undefined && row.locator !== undefined ? SAME_AS.exec(row.locator)?.[1] : undefined;
    const other = ref === undefined ? undefined : byLabel.get(ref.toLowerCase());
    if (!other || other === row) continue;
    delete row.locator;
    row.sameAddressAs = { label: other.label!.value, ...(other.url !== undefined ? { url: other.url } : {}) };
  }
}

/** Words that say a source was opened. */
const ACCESSED = /access|opened|consulted|retrieved/;

/** Dates the section's prose gives for every row ("All sources were accessed on 2026-12-01"); a date that is no day is reported. */
function sectionDates(section: SectionNodes, file: string, problems: Problem[], legend: Legend): { accessed?: string; verified?: string } {
  const result: { accessed?: string; verified?: string } = {};
  for (const block of blocksOf(section.nodes)) {
    for (const date of impossibleDates(block.text)) {
      const { message, hint } = noSuchDay(date, 'the date');
      problems.push(createProblem('report/invalid-value', at(file, locateInSource(section.source, block.node, date), 'source-ledger'), message, hint));
    }
    // The words of the clause before the date say which it is ("All accessed and verified dates are 2026-12-06" gives both);
    // a verification the clause denies ("none was verified", "unverified") is none.
    // "All V/A dates are …", with "V/A = verified / accessed" above: read as written out (the clause as long as written, and what it grew by).
    const expanded = expandLegend(block.text, legend);
    const dates = datesIn(expanded, 60 + expanded.length - block.text.length);
    for (const { date, before } of dates) {
      // The clause: after the last stop that ends one ("; ", ". "), not a version's dots ("v1.6.0") nor an abbreviation's ("e.g. ").
      const stops = [...before.matchAll(/(?<!\b\p{L})[.;!?](?=\s)/gu)];
      const clause = before.slice(stops.length > 0 ? stops.at(-1)!.index + 1 : 0);
      const verified = /\bverif|\bchecked/.test(clause) && !/\bunverif|\b(not|never|none|no)\b[^,]{0,20}\b(verif|checked)/.test(clause);
      const accessed = ACCESSED.test(clause) || (dates.length === 1 && !verified && !/verif|checked/.test(clause) && ACCESSED.test(block.text.toLowerCase()));
      if (!result.verified && verified) result.verified = date;
      if (!result.accessed && accessed) result.accessed = date;
    }
  }
  return result;
}

/**
 * An id-shaped word before a colon that opens a source cell, as the brief
 * lists the ledger ("pi-coding-agent-1-6-0: …"): a letter first, two parts
 * at least, at most 80 characters (a date, "2026-11-20:", is none); or one
 * with its middle left out ("a-b…y-z:").
 */
const OPENING_ID = /^[*`\s]*([a-z][a-z0-9]*(?:-[a-z0-9]+)+)[*`]*\s*:\s+(?=\S)/;
const OPENING_ELIDED = /^[*`\s]*([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:…|\.{3})([a-z0-9]+(?:-[a-z0-9]+)*)[*`]*\s*:\s+(?=\S)/;

/** The ledger id a source cell opens with, and the cell without it; the cell as it is when it opens with none. */
function openingId(text: string): { namedId?: NonNullable<SourceLedgerRow['namedId']>; rest: string } {
  const written = (match: RegExpExecArray) => text.slice(0, match[0].length).replace(/[\s:*`]+$/, '').replace(/^[\s*`]+/, '');
  const plain = OPENING_ID.exec(text);
  if (plain && plain[1]!.length <= 80) return { namedId: { id: plain[1]!, text: written(plain) }, rest: text.slice(plain[0].length) };
  const elided = OPENING_ELIDED.exec(text);
  if (elided && elided[1]!.length + elided[2]!.length >= 6) return { namedId: { elided: { head: elided[1]!, tail: elided[2]! }, text: written(elided) }, rest: text.slice(elided[0].length) };
  return { rest: text };
}

/** "(new)", "(added)", "(new source)" before or after a source's title. */
const NEW_MARK = /^\((?:new|added)(?: source| to the ledger| entry)?\)\s*|\s*\((?:new|added)(?: source| to the ledger| entry)?\)$/i;

type Fail = (rule: RuleId, where: ReportPlace, field: string, message: string, hint?: string) => void;

/** One ledger row; undefined (and held back) when it names no source. */
function readLedgerRow(
  table: ReportTable<SourceRole>,
  where: { index: number } & ReportPlace,
  cells: CellText[],
  defaults: { accessed?: string; verified?: string },
  file: string,
  problems: Problem[],
  heldBack: HeldBackRow[],
): SourceLedgerRow | undefined {
  const path = `source-ledger[${where.index}]`;
  const cell = cellOf(table.columns, cells);
  const fail: Fail = (rule, at_, field, message, hint) => void problems.push(createProblem(rule, at(file, at_, `${path}.${field}`), message, hint));
  const source = cell('source')!;
  const labelCell = cell('label');
  const label = labelCell ? labelOf(labelCell.text) : undefined;
  const ids = [...(labelCell ? idTokens(labelCell) : []), ...idTokens(source)].filter((id, index, all) => all.indexOf(id) === index);
  if (isNone(source.text) && ids.length === 0) {
    const reason = 'the source cell is empty';
    const fix = 'give the title of the document';
    fail('report/empty-cell', source.place, 'source', `${reason}; the row is held back`, fix);
    heldBack.push({ table: 'source-ledger', ...where, label: label ?? `row ${where.index + 1}`, reason, fix });
    return undefined;
  }
  // "NEW: sidecar …", "(new) …", "… (added)": the researcher's mark that the source is new to the ledger, not its title.
  const marked = source.text.replace(/^ledger\s+/i, '').replace(/^new\s*:\s+/i, '').replace(NEW_MARK, '');
  // "pi-coding-agent-1-6-0: @earendil-works/…": the ledger id the researcher gives it, not part of its title (an outside author's finding).
  const { namedId, rest: named } = openingId(marked);
  // A footnote call ("page[^agentgrep]") is the report's citation, not part of the title.
  const title = atWord(isNone(source.text) ? ids[0]! : withoutDateSentences(named.replace(/\[\^[^\]\s]+\]/g, '').trim()), 500);
  const metadata = cell('metadata');
  // Without a metadata column, a verification date the row gives is its own word (an outside report's "Verified / accessed"
  // column, whose verified dates were dropped in silence).
  const metadataUnverified = metadata ? UNVERIFIED.test(metadata.text) : false;
  const readingCell = cell('reading');
  const reading = readingCell ? readReading(readingCell.text) : undefined;
  const ownRun = readsAsOwnRun(label, [source, readingCell, cell('url')]);
  // A reading status that is none of the four is said once, by the ingest, where it knows what follows: a new source is
  // held back, a recorded one keeps the ledger's word (an outside author got two warnings for one row).
  const readingInvalid = readingCell !== undefined && !reading && !isNone(readingCell.text);
  const dateCells = { combined: cell('dates'), verified: cell('verified'), accessed: cell('accessed') };
  // No date column, and the metadata says "Verified 2026-12-06, accessed 2026-12-06." or "Accessed 2026-12-06.": its dates are the row's.
  const metadataDates = !dateCells.combined && !dateCells.verified && !dateCells.accessed && metadata && DATED.test(metadata.text);
  const dates = readDates(metadataDates ? { combined: metadata } : dateCells, metadataDates ? 'verified / accessed' : table.headers[table.columns.get('dates') ?? -1]);
  for (const bad of dates.invalid) fail('report/invalid-value', bad.place, bad.field, `${quote(bad.text)} holds no real date written as YYYY-MM-DD; it is left out`, 'write dates as YYYY-MM-DD, e.g. 2026-11-30');
  for (const bad of dates.impossible ?? []) {
    const { message, hint } = noSuchDay(bad.date, `the ${bad.field} date`);
    fail('report/invalid-value', bad.place, bad.field, message, hint);
  }
  const bearsCell = cell('bearsOn');
  const bearsOn = bearsCell
    ? readBearsOn(bearsCell, (text) =>
        fail('report/unresolved-reference', bearsCell.place, 'bearsOn', `${quote(text)} names no claim or row; the source lands without it`, 'name claims by id (`tree-in-place`) or by their claim-audit row label (C1, C4–C9)'),
      )
    : [];
  const readingPlace = readingCell?.place ?? where;
  const entry: SourceLedgerRow = {
    index: where.index,
    line: where.line,
    column: where.column,
    ids,
    title,
    ...(namedId ? { namedId } : {}),
    identifiers: {},
    metadata: metadata?.text ?? '',
    ...(metadata ? { metadataAt: metadata.place } : {}),
    metadataUnverified,
    readingText: { value: readingCell?.text ?? '', line: readingPlace.line, column: readingPlace.column },
    bearsOn,
    unverified: cells.some((c) => UNVERIFIED.test(c.text)),
  };
  if (label && labelCell) entry.label = { value: label, ...labelCell.place };
  if (reading) entry.reading = reading.reading;
  if (ownRun) entry.ownRun = true;
  if (readingInvalid) entry.readingInvalid = true;
  const accessed = dates.accessed ?? defaults.accessed;
  if (accessed) entry.accessed = accessed;
  // The report's default verification date holds for a row that says nothing of it: not one its metadata dates without it, nor one not opened or marked UNVERIFIED.
  const byDefault = !metadataDates && !dates.notVerified && !entry.unverified && reading?.reading !== 'not-accessible' ? defaults.verified : undefined;
  const verified = dates.verified ?? byDefault;
  if (verified && !metadataUnverified) entry.verified = verified;
  readUrl(entry, source, cell('url'));
  // "https://exa mple.org/x": a space cut the address, and "https://exa" would land as the source's URL (an outside
  // reviewer's finding). A host without a dot is no public address: said, and left out, the cell kept as the locator.
  const hostless = entry.url !== undefined ? dotlessHost(entry.url) : undefined;
  if (hostless) {
    const shownCell = cell('url') ?? source;
    fail('report/invalid-value', shownCell.place, shownCell === source ? 'source' : 'url', `the address ${quote(entry.url!, 120)} has no domain (its host, ${quote(hostless)}, has no dot): a space or a line break may have cut it; the source is recorded without a URL`, 'write the address whole, without spaces (https://example.org/…)');
    delete entry.url;
    delete entry.titleUrl;
    if (cell('url') && !isNone(cell('url')!.text)) entry.locator = shorten(cell('url')!.text, 500);
  }
  // "…/83378aad…/docs/tree.md": an address shortened against another row's is no address; kept as written, as the locator, and said.
  const urlCell = cell('url');
  if (entry.url === undefined && urlCell && /^(?:…|\.\.\.)\S*\//.test(urlCell.text.trim())) {
    fail('report/invalid-value', urlCell.place, 'url', `the URL cell gives a shortened address, ${quote(urlCell.text.trim(), 120)}; the source is recorded without a URL, the words kept as its locator`, 'write the address in full (https://…) so that readers can follow it, or add the URL to the source in the evidence sidecar');
  }
  for (const [field, found] of [['source', source], ['url', cell('url')]] as const) {
    for (const url of found ? notHttpUrls(found, field === 'url') : []) {
      fail('report/invalid-url', found!.place, field, `the ${field === 'url' ? 'URL' : 'source'} cell gives ${quote(url)}, which is not an absolute http:// or https:// URL; nothing is ingested while it is there`, urlHint(url));
    }
  }
  const limitations = cell('limitations');
  const parts = [reading?.detail ? `Read: ${reading.detail.replace(/\.$/, '')}.` : undefined, limitations && !isNone(limitations.text) ? (limitations.prose ?? limitations.text) : undefined].filter(Boolean);
  if (parts.length > 0) entry.limitations = parts.join(' ');
  readOptionalColumns(entry, cell, { metadata: metadata?.text ?? '', source }, fail);
  return entry;
}

/** Words that call a row the researcher's own work: "n/a (own run)", "My experiment against …", "our measurement". */
const OWN_RUN = /\b(?:(?:my|our)(?:\s+own)?\s+(?:runs?|experiments?|measurements?|tests?|scripts?|benchmarks?)|own\s+(?:runs?|experiments?))\b/i;

/** What a row that reads as the researcher's own run is told (an outside author's researcher listed its experiment E1 as a ledger row, and the usual fix would have made it a source). */
export const OWN_RUN_HINT =
  "this row reads as the researcher's own run, not a source: experiments belong in section 6 (Experiment opportunities), where they are read, so nothing of it is lost by holding the row back; a researcher writes it there and leaves it out of the ledger. If it is a source, give its reading status: full text, abstract only, partial (which parts) or not accessible";

/**
 * Whether a ledger row reads as the researcher's own run rather than a
 * source: it links no web address, and its cells call it the researcher's
 * own (`n/a (own run)`, `My experiment …`) or its label is an experiment's
 * (`E1`).
 * @param label the row's label.
 * @param cells its source, reading and URL cells.
 * @returns whether it does.
 */
function readsAsOwnRun(label: string | undefined, cells: ReadonlyArray<CellText | undefined>): boolean {
  const present = cells.filter((cell): cell is CellText => cell !== undefined);
  if (present.some((cell) => cell.links.some(isHttpUrl) || /https?:\/\//i.test(cell.text))) return false;
  return (label !== undefined && /^E\d+$/i.test(label)) || present.some((cell) => OWN_RUN.test(cell.text));
}

/** Other words for an evidence class. */
const EVIDENCE_CLASS_SYNONYMS: Record<string, string> = { proposed: 'proposed-experiment', experiment: 'proposed-experiment' };

/** Schemes a browser runs or opens as a document. */
const SCRIPT_OR_DOCUMENT = /^(javascript|vbscript|data|file|blob):/i;

/**
 * The links of a cell that are not absolute http(s) URLs (`javascript:`,
 * `data:`, a relative path, a user name and password), and in a URL cell
 * also text written as such a URL (`javascript:…`, `ftp://…`); a locator
 * such as `github:owner/repo` or `doi:10.1145/…` is not one.
 * @param cell the source or URL cell.
 * @param urlCell whether it is the URL cell, whose bare text is an address too.
 * @returns those URLs, each once.
 */
function notHttpUrls(cell: CellText, urlCell: boolean): string[] {
  const bare = urlCell && !isNone(cell.text) ? [...cell.text.matchAll(/(?:^|\s)([a-z][a-z0-9+.-]*:\S+)/gi)].map((match) => trimUrl(match[1]!)) : [];
  const candidates = [...cell.links, ...bare.filter((url) => /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || SCRIPT_OR_DOCUMENT.test(url))];
  return [...new Set(candidates.filter((url) => !isHttpUrl(url)))];
}

/** How to fix a URL that is not linked: a user name and password are named as the reason. */
function urlHint(url: string): string {
  return /^https?:\/\/[^/?#]*@/i.test(url) ? 'a link must not carry a user name or password; write the address without them, e.g. https://docs.example/page' : valueHint(['url'], url);
}

/** A URL found in text without the punctuation after it: a closing parenthesis only when it closes none. */
function trimUrl(url: string): string {
  let trimmed = url.replace(/[.,;:]+$/, '');
  while (trimmed.endsWith(')') && trimmed.split(')').length > trimmed.split('(').length) trimmed = trimmed.slice(0, -1);
  return trimmed;
}

/** The source's URL: the URL cell's link or bare URL, else a link in the source cell; other text in the URL cell is a locator. */
function readUrl(entry: SourceLedgerRow, source: CellText, urlCell: CellText | undefined): void {
  const inText = (text: string) => /https?:\/\/[^\s<>"`)\]]+/.exec(text)?.[0]?.replace(/[.,;:]+$/, '');
  const fromCell = urlCell && !isNone(urlCell.text) ? [...urlCell.links, inText(urlCell.text)].find((candidate) => candidate !== undefined && isHttpUrl(candidate)) : undefined;
  const titleUrl = [...source.links, inText(source.text)].find((candidate) => candidate !== undefined && isHttpUrl(candidate));
  if (titleUrl) entry.titleUrl = titleUrl;
  if (fromCell) entry.url = fromCell;
  else if (titleUrl) entry.url = titleUrl;
  const locator = urlCell && !isNone(urlCell.text) ? (fromCell ? besideUrl(urlCell.text, fromCell) : urlCell.text) : '';
  if (!locator || isNone(locator) || /^(?:accessed|retrieved|visited|checked|verified)\b/i.test(locator)) return;
  // "(read from the npm tarball instead)", "https://b; https://c": how the source was reached, or more addresses, not a place in it.
  // Any of its clauses may say it ("as linked; read from tarball").
  const clauses = locator.split(/[;,]\s*/);
  if (fromCell && (clauses.some((clause) => ACCESS_NOTE.test(clause.trim())) || /^(?:https?:\/\/\S+[\s,;]*)+$/.test(locator))) entry.urlNote = shorten(locator, 500);
  else entry.locator = shorten(locator, 500);
}

/** The host of an http(s) URL when it has no dot and is not `localhost`; undefined otherwise. */
function dotlessHost(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  return host.includes('.') || host.includes(':') || host === 'localhost' || host.startsWith('[') ? undefined : host;
}

/**
 * The publication date a Published cell gives: a date written as
 * YYYY-MM-DD, YYYY-MM or YYYY at its start, whatever remark follows it
 * ("2026-11-20 (npm publish time)", an outside researcher's); a day written
 * another way (`7 Dec 2026`); a month's name and a year (`September 2018`).
 * @param text the cell's text.
 * @returns the date, or undefined.
 */
function publicationDate(text: string): string | undefined {
  const trimmed = text.trim();
  const leading = /^(\d{4}(?:-\d{2}(?:-\d{2})?)?)(?=$|[\s(,;.])/.exec(trimmed);
  if (leading) return leading[1];
  const day = isoDateOf(trimmed.replace(/\s*\(.*\)$/, ''));
  if (day) return day;
  const month = /^([a-z]{3,9})\.?,?\s+(\d{4})\b/i.exec(trimmed);
  const number = month ? monthNumber(month[1]!) : undefined;
  return number === undefined ? undefined : `${month![2]}-${String(number).padStart(2, '0')}`;
}

/** Metadata that dates the row: "Verified 2026-12-06", "accessed on 2026-12-06". */
const DATED = /\b(?:verified|accessed|retrieved|checked)\b(?:\s+and\s+\w+)?(?:\s+on)?:?\s+\d{4}-\d{2}-\d{2}/i;

/** A sentence that only dates the row: "Verified and accessed 2026-12-06.", "Verified 2026-12-06, accessed 2026-12-06." */
const DATE_SENTENCE = /(?:^|(?<=[.;)]))\s*(?:(?:verified|accessed|retrieved|checked|consulted|read)(?:\s+and\s+(?:verified|accessed|retrieved|checked|read))?(?:\s+on)?:?\s+\d{4}-\d{2}-\d{2}[,;]?\s*)+\.?$/i;

/** A source cell's text without the sentences at its end that only date the row (the dates are read from their own cells). */
function withoutDateSentences(text: string): string {
  const cut = text.replace(DATE_SENTENCE, '').trim();
  return cut === '' ? text : cut;
}

/** Words beside a URL that say how the source was reached, not where in it to look. */
const ACCESS_NOTE = /^(?:see|also|read|fetched|opened|downloaded|via|through|from|using|mirror(?:ed)?|archived?|cached|copy|stored|not|could|unavailable|offline|as (?:linked|given|cited|listed))\b|\binstead\b|\bnot opened\b/i;

/**
 * What a URL cell says beside the URL written in it ("https://…/write.html,
 * section DESCRIPTION" → "section DESCRIPTION", "section 5.7 of https://…"
 * → "section 5.7"), without the separators, the word leading into it and
 * brackets around the URL; nothing for a link whose words are not the URL
 * (`[manual](https://…)`: its words name the link, not a place in the source).
 */
function besideUrl(text: string, url: string): string {
  const at = text.indexOf(url);
  if (at === -1) return '';
  // "section 5.7 of https://…": the word that leads into the URL is not part of the place.
  const before = text.slice(0, at).replace(/\s+(?:of|in|at|from|on)\s*$/i, '');
  const rest = `${before} ${text.slice(at + url.length)}`
    .replace(/[(<[]\s*[)>\]]/g, ' ')
    .replace(/^[\s,;:.–—-]+|[\s,;:–—-]+$/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([,;])/g, '$1')
    // "…session-manager.ts, https://…, not opened": the URL's own commas go with it.
    .replace(/([,;])(?:\s*[,;])+/g, '$1');
  const bracketed = /^\((.*)\)\.?$/.exec(rest);
  return bracketed && !bracketed[1]!.includes(')') ? bracketed[1]!.trim() : rest;
}

/** Identifiers found in the row, and the optional columns: relation, class, locator, authors, published, venue. */
function readOptionalColumns(entry: SourceLedgerRow, cell: (role: SourceRole) => CellText | undefined, found: { metadata: string; source: CellText }, fail: Fail): void {
  const { metadata, source } = found;
  const identifierText = [cell('identifiers')?.text, cell('doi')?.text, cell('arxiv')?.text, metadata, source.text, entry.url ?? ''].filter(Boolean).join(' ');
  const doi = /\b(10\.\d{4,9}\/[^\s"<>]+)/.exec(identifierText);
  if (doi) entry.identifiers.doi = doi[1]!.replace(/[.,;:)\]]+$/, '');
  const arxiv = /(?:arxiv(?:\.org\/(?:abs|pdf)\/|:\s*)|^|\s)(\d{4}\.\d{4,5}v\d+)\b/i.exec(`${cell('arxiv')?.text ?? ''} ${identifierText}`);
  if (arxiv) entry.identifiers.arxiv = arxiv[1]!;
  const relation = cell('relation');
  if (relation && !isNone(relation.text)) {
    const value = readEnum(relation.text, RelationSchema.options, RELATION_SYNONYMS);
    if (value) entry.relation = value as Relation;
    else fail('report/invalid-value', relation.place, 'relation', `relation ${quote(relation.text)} is not one of ${RelationSchema.options.join(', ')}; it is left out`);
  }
  const evidenceClass = cell('evidenceClass');
  if (evidenceClass && !isNone(evidenceClass.text)) {
    const value = readEnum(evidenceClass.text, EvidenceClassSchema.options, EVIDENCE_CLASS_SYNONYMS);
    if (value) entry.evidenceClass = value as EvidenceClass;
    else fail('report/invalid-value', evidenceClass.place, 'class', `class ${quote(evidenceClass.text)} is not one of ${EvidenceClassSchema.options.join(', ')}; it is left out`);
  }
  const locator = cell('locator');
  if (locator && !isNone(locator.text)) entry.locator = shorten(locator.text, 500);
  const authors = cell('authors');
  if (authors && !isNone(authors.text) && !UNVERIFIED.test(authors.text)) entry.authors = authorsOf(authors.text).map((author) => shorten(author, 500));
  const published = cell('published');
  const noDay = published ? impossibleDates(published.text)[0] : undefined;
  if (published && noDay) {
    const { message, hint } = noSuchDay(noDay, 'the publication date');
    fail('report/invalid-value', published.place, 'published', message, hint);
  } else if (published && !isNone(published.text) && !UNVERIFIED.test(published.text)) {
    const date = publicationDate(published.text);
    if (date) entry.published = date;
    else fail('report/invalid-value', published.place, 'published', `the publication date ${quote(published.text, 80)} holds no date written as YYYY-MM-DD, YYYY-MM or YYYY; it is left out`, 'write the date the document was first published as YYYY-MM-DD (or YYYY-MM, YYYY), e.g. 2018-09 for September 2018');
  }
  const venue = cell('venue');
  if (venue && !isNone(venue.text)) entry.venue = shorten(venue.text, 500);
}

/**
 * Text as long as a ledger field may be (`title`: 500 characters), cut at
 * the last word or list item that fits rather than inside one, with `…`.
 * @param text the text.
 * @param max the most characters kept, the ellipsis included.
 * @returns the text, or its start and "…".
 */
export function atWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const cut = Math.max(head.lastIndexOf(', '), head.lastIndexOf(' '));
  return `${(cut > max / 2 ? head.slice(0, cut) : head).replace(/[\s,;:]+$/, '')}…`;
}

/**
 * The authors of an Authors cell, which the brief asks to separate with
 * `;`: not at a `;` inside brackets, which is a remark on one of them
 * ("Mario Zechner (npm package author field; the page has no byline)", an
 * outside report's cell that became two authors).
 */
export function authorsOf(text: string): string[] {
  const authors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index <= text.length; index++) {
    const char = text[index];
    if (char === '(' || char === '[') depth++;
    else if ((char === ')' || char === ']') && depth > 0) depth--;
    else if (index === text.length || (char === ';' && depth === 0)) {
      const author = text.slice(start, index).trim();
      if (author) authors.push(author);
      start = index + 1;
    }
  }
  return authors;
}
