/**
 * Section 3, the source ledger: one row per source, read into plain data
 * (title, URL, identifiers, metadata, reading status, the claims it bears
 * on, limitations, dates and the optional columns).
 */
import type { TableRow } from 'mdast';
import { createProblem, hasErrors, quote, type Problem } from '../../problems/problem.js';
import type { RuleId } from '../../problems/rules.js';
import { isHttpUrl } from '../../schema/http-url.js';
import { EvidenceClassSchema, RelationSchema, type EvidenceClass, type Relation } from '../../schema/sidecars.js';
import { SOURCE_LEDGER_COLUMNS, type SourceRole } from './columns.js';
import { readBearsOn, readDates, readReading, RELATION_SYNONYMS } from './ledger-cells.js';
import { at, isNone, placeOf, readEnum, UNVERIFIED, type CellText } from './node-text.js';
import type { ReportPlace, SourceLedgerRow } from './report-data.js';
import type { SectionNodes } from './sections.js';
import { cellOf, tablesOf, type ReportTable } from './tables.js';

/**
 * Section 3: one row per source.
 * @param section section 3.
 * @param file the report's path.
 * @param problems where problems go.
 * @returns the rows that could be read.
 */
export function readSourceLedger(section: SectionNodes, file: string, problems: Problem[]): SourceLedgerRow[] {
  const rows: SourceLedgerRow[] = [];
  const tables = tablesOf(section, file, { name: 'source-ledger', path: 'source-ledger', specs: SOURCE_LEDGER_COLUMNS, alternatives: [['dates', 'accessed']] }, problems);
  let seen = 0;
  for (const table of tables) {
    for (const { row, cells } of table.rows) {
      // Rows that cannot be read keep their number, so paths match the table.
      const index = seen++;
      if (!cells) continue;
      const entry = readLedgerRow(table, row, cells, index, file, problems);
      if (entry) rows.push(entry);
    }
  }
  return rows;
}

/** One ledger row; undefined when it has an error. */
function readLedgerRow(table: ReportTable<SourceRole>, row: TableRow, cells: CellText[], index: number, file: string, problems: Problem[]): SourceLedgerRow | undefined {
  const path = `source-ledger[${index}]`;
  const cell = cellOf(table.columns, cells);
  const source = cell('source')!;
  const metadata = cell('metadata')!;
  const readingCell = cell('reading')!;
  const problemsBefore = problems.length;
  const unverified = cells.some((c) => UNVERIFIED.test(c.text));
  const metadataUnverified = UNVERIFIED.test(metadata.text);
  const fail: Fail = (rule, where, field, message, hint) => void problems.push(createProblem(rule, at(file, where, `${path}.${field}`), message, hint));

  if (isNone(source.text)) fail('report/empty-cell', source.place, 'source', 'the source cell is empty', 'give the title of the document');
  const title = source.text;

  const reading = readReading(readingCell.text);
  if (!reading) {
    if (isNone(readingCell.text)) fail('report/empty-cell', readingCell.place, 'reading', `the reading status of ${quote(title)} is empty`, 'write full text, abstract only or not accessible');
    else fail('report/invalid-value', readingCell.place, 'reading', `reading status ${quote(readingCell.text)} is not one of full text, abstract only, not accessible`, 'say how much of the source you read: full text, abstract only or not accessible');
  }

  // URL: a link in the URL cell, or a bare http(s) URL.
  const urlCell = cell('url')!;
  let url: string | undefined;
  if (!isNone(urlCell.text)) {
    const candidate = urlCell.links[0] ?? urlCell.text;
    if (isHttpUrl(candidate)) url = candidate;
    else fail('report/invalid-value', urlCell.place, 'url', `${quote(urlCell.text)} is not an absolute http(s) URL`, 'give the URL you read the source at, or write — when there is none');
  }

  // Dates.
  const dates = readDates(cell('dates'), cell('verified'), cell('accessed'), table.headers[table.columns.get('dates') ?? -1]);
  for (const bad of dates.invalid) fail('report/invalid-value', bad.place, bad.field, `${quote(bad.text)} is not a date written as YYYY-MM-DD`, 'write dates as YYYY-MM-DD, e.g. 2026-11-30');
  const accessedAt = (cell('dates') ?? cell('accessed'))?.place ?? placeOf(row);
  if (!dates.accessed && dates.invalid.length === 0) {
    fail('report/empty-cell', accessedAt, 'accessed', `no access date for ${quote(title)}`, 'give the date you last opened the source (or tried to), YYYY-MM-DD');
  }

  // Claims it bears on.
  const bearsCell = cell('bearsOn')!;
  const bearsOn = readBearsOn(bearsCell, (text) =>
    fail('report/invalid-value', bearsCell.place, 'bearsOn', `${quote(text)} is not a claim id`, 'name the claims by id, e.g. `tree-in-place`, separated by commas; "supports", "qualifies", "contradicts" before an id say how'),
  );

  // Markers.
  if (reading === 'not-accessible' && !unverified) {
    fail(
      'report/missing-unverified',
      readingCell.place,
      'reading',
      `${quote(title)} could not be read (not accessible), but its row does not say UNVERIFIED`,
      'write UNVERIFIED in its metadata or limitations cell: nothing it says has been checked',
    );
  }
  if (!dates.verified && !metadataUnverified && reading !== undefined) {
    fail(
      'report/missing-unverified',
      metadata.place,
      'metadata',
      `${quote(title)} gives no verification date, but its metadata is not marked UNVERIFIED`,
      'give the date you checked authors, title, dates and identifiers against the document, or write UNVERIFIED in the metadata cell',
    );
  }

  if (hasErrors(problems.slice(problemsBefore)) || !reading || !dates.accessed) return undefined;

  const entry: SourceLedgerRow = {
    index,
    ...placeOf(row),
    title,
    identifiers: {},
    metadata: metadata.text,
    metadataUnverified,
    reading,
    bearsOn,
    accessed: dates.accessed,
    unverified,
  };
  if (source.links[0] && isHttpUrl(source.links[0])) entry.titleUrl = source.links[0];
  if (url) entry.url = url;
  else if (entry.titleUrl) entry.url = entry.titleUrl;
  if (dates.verified && !metadataUnverified) entry.verified = dates.verified;
  const limitations = cell('limitations')!;
  if (!isNone(limitations.text)) entry.limitations = limitations.text;
  readOptionalColumns(entry, cell, { metadata, source }, fail);
  return hasErrors(problems.slice(problemsBefore)) ? undefined : entry;
}

type Fail = (rule: RuleId, where: ReportPlace, field: string, message: string, hint?: string) => void;

/** Identifiers found in the row, and the optional columns: relation, class, locator, authors, published, venue. */
function readOptionalColumns(entry: SourceLedgerRow, cell: (role: SourceRole) => CellText | undefined, found: { metadata: CellText; source: CellText }, fail: Fail): void {
  const { metadata, source } = found;
  const identifierText = [cell('doi')?.text, cell('arxiv')?.text, metadata.text, source.text, entry.url ?? ''].filter(Boolean).join(' ');
  const doi = /\b(10\.\d{4,9}\/[^\s"<>]+)/.exec(identifierText);
  if (doi) entry.identifiers.doi = doi[1]!.replace(/[.,;:)\]]+$/, '');
  const arxiv = /(?:arxiv(?:\.org\/(?:abs|pdf)\/|:\s*)|^|\s)(\d{4}\.\d{4,5}v\d+)\b/i.exec(`${cell('arxiv')?.text ?? ''} ${identifierText}`);
  if (arxiv) entry.identifiers.arxiv = arxiv[1]!;
  const relation = cell('relation');
  if (relation && !isNone(relation.text)) {
    const value = readEnum(relation.text, RelationSchema.options, RELATION_SYNONYMS);
    if (value) entry.relation = value as Relation;
    else fail('report/invalid-value', relation.place, 'relation', `relation ${quote(relation.text)} is not one of ${RelationSchema.options.join(', ')}`);
  }
  const evidenceClass = cell('evidenceClass');
  if (evidenceClass && !isNone(evidenceClass.text)) {
    const value = readEnum(evidenceClass.text, EvidenceClassSchema.options, { 'proposed': 'proposed-experiment', experiment: 'proposed-experiment' });
    if (value) entry.evidenceClass = value as EvidenceClass;
    else fail('report/invalid-value', evidenceClass.place, 'class', `class ${quote(evidenceClass.text)} is not one of ${EvidenceClassSchema.options.join(', ')}`);
  }
  const locator = cell('locator');
  if (locator && !isNone(locator.text)) entry.locator = locator.text;
  const authors = cell('authors');
  if (authors && !isNone(authors.text) && !UNVERIFIED.test(authors.text)) entry.authors = authors.text.split(/\s*;\s*/).filter(Boolean);
  const published = cell('published');
  if (published && /^\d{4}(-\d{2}(-\d{2})?)?$/.test(published.text)) entry.published = published.text;
  const venue = cell('venue');
  if (venue && !isNone(venue.text)) entry.venue = venue.text;
}
