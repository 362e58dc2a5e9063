/**
 * Reading a research report: the Markdown a researcher returns for a brief,
 * in the seven sections of `REPORT_SECTIONS`. The report is checked as a
 * document (sections, tables, columns, UNVERIFIED and UNRUN markers) and its
 * rows are read into plain data, each with the line and column it came from.
 * Nothing here knows the chapter's sidecars: `planIngest` matches the rows
 * to claims and sources.
 *
 * Like `buildModel`, this takes the Markdown parser as a function: the core
 * never parses Markdown itself.
 */
import type { Heading, Parent, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import { isDateString } from '../schema/dates.js';
import { closest, quote, type Problem } from '../problems/problem.js';
import { rules, type RuleId } from '../problems/rules.js';
import { EvidenceClassSchema, PrioritySchema, RelationSchema, ResponseSchema, type EvidenceClass, type Priority, type ProposedResponse, type ReadingStatus, type Relation } from '../schema/sidecars.js';
import { REPORT_SECTIONS } from './format.js';

/** Parses a whole report (frontmatter allowed) into mdast with positions; GFM tables on, smart punctuation off. */
export type ParseResearchReportMarkdown = (source: string) => Root;

/** Options for `parseResearchReport`. */
export interface ParseResearchReportOptions {
  /** The report's path as problems should show it. */
  file: string;
  /** The Markdown parser. */
  parse: ParseResearchReportMarkdown;
}

/** A place in the report. */
export interface ReportPlace {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** A value the report states, and where. */
export interface Located<T> extends ReportPlace {
  value: T;
}

/** One of the seven sections, as found. */
export interface FoundSection extends ReportPlace {
  /** 1 to 7. */
  number: number;
  /** The heading's text as written. */
  heading: string;
  /** The section's Markdown after its heading, trimmed, with LF line endings. */
  markdown: string;
}

/** One row of the claim-audit table. */
export interface ClaimAuditRow extends ReportPlace {
  /** Position among all claim-audit rows, from 0. */
  index: number;
  /** The claim cell as plain text. */
  claimText: string;
  /** Where the claim cell is. */
  claimAt: ReportPlace;
  /** An id given in a claim-id column or as `#id` in the claim cell. */
  id?: Located<string>;
  /** Id-shaped code spans in the claim cell (`` `tree-in-place` ``): ids if the chapter has such claims. */
  codeIds: string[];
  /** Text between quotation marks in the claim cell, if any. */
  quote?: string;
  /** The current-evidence cell. */
  evidence: string;
  /** The concern, unless the cell says none. */
  concern?: string;
  /** The priority, when the cell reads as one. */
  priority?: Priority;
  /** The proposed response, when the cell reads as one. */
  response?: ProposedResponse;
  /** The row says UNVERIFIED. */
  unverified: boolean;
}

/** A claim the source-ledger row says the source bears on. */
export interface BearsOn extends ReportPlace {
  /** The claim id as written. */
  id: string;
  /** `supports`, `qualifies`, `contradicts` or `unresolved` when the cell says so. */
  relation?: Relation;
}

/** One row of the source-ledger table. */
export interface SourceLedgerRow extends ReportPlace {
  /** Position among all source-ledger rows, from 0. */
  index: number;
  /** The source cell as plain text: its title. */
  title: string;
  /** A link in the source cell, if any. */
  titleUrl?: string;
  /** The URL column's link. */
  url?: string;
  /** DOI and arXiv id (with version) found in the metadata, source or URL cells. */
  identifiers: { doi?: string; arxiv?: string };
  /** The metadata cell as plain text. */
  metadata: string;
  /** The metadata cell says UNVERIFIED: no verification date is recorded. */
  metadataUnverified: boolean;
  reading: ReadingStatus;
  bearsOn: BearsOn[];
  limitations?: string;
  /** When the metadata was checked, unless marked UNVERIFIED. */
  verified?: string;
  accessed: string;
  /** Optional columns. */
  relation?: Relation;
  evidenceClass?: EvidenceClass;
  locator?: string;
  authors?: string[];
  published?: string;
  venue?: string;
  /** The row says UNVERIFIED. */
  unverified: boolean;
}

/** One experiment of section 6. */
export interface ExperimentItem extends ReportPlace {
  index: number;
  /** The item as plain text, on one line. */
  text: string;
  /** `UNRUN` (not run) or `RAN` (run, with its result). */
  marker: 'UNRUN' | 'RAN';
}

/** What a research report says, as data. */
export interface ResearchReport {
  file: string;
  /** The `#` title, if any. */
  title?: string;
  /** The sections found, in document order. */
  sections: FoundSection[];
  /** The fingerprint (sha256) of the revision section 1 says was read. */
  fingerprint?: Located<string>;
  /** A date section 1 gives for the pass (a line that mentions a date). */
  date?: Located<string>;
  /** Who made the pass, from a `By:` line of section 1. */
  by?: Located<string>;
  /** A `Summary:` line of section 1. */
  summary?: Located<string>;
  claimAudit: ClaimAuditRow[];
  sourceLedger: SourceLedgerRow[];
  /** Section 4 as Markdown. */
  findings?: string;
  /** Section 5 as Markdown. */
  proposal?: string;
  experiments: ExperimentItem[];
}

/**
 * Create a problem about a report.
 * @param rule the rule.
 * @param file the report's path.
 * @param place where, or undefined for the whole report.
 * @param path what part of the report, e.g. `claim-audit[2].priority`.
 * @param message what is wrong.
 * @param hint how to fix it.
 * @returns the problem.
 */
export function reportProblem(rule: RuleId, file: string, place: ReportPlace | undefined, path: string, message: string, hint?: string): Problem {
  const problem: Problem = {
    file,
    line: place?.line ?? 0,
    column: place?.column ?? 0,
    path,
    message,
    rule,
    severity: rules[rule].severity,
  };
  if (hint) problem.hint = hint;
  return problem;
}

// ---------------------------------------------------------------------------
// Columns

/** A column role and the header words that name it. */
interface ColumnSpec<Role extends string> {
  role: Role;
  /** Shown in messages. */
  label: string;
  required: boolean;
  /** Whether a folded header names this role. */
  matches: (header: string) => boolean;
  /** Accepted headers, for hints. */
  accepted: string;
}

type ClaimRole = 'claimId' | 'claim' | 'evidence' | 'concern' | 'priority' | 'response';
type SourceRole =
  | 'source'
  | 'metadata'
  | 'url'
  | 'reading'
  | 'bearsOn'
  | 'limitations'
  | 'dates'
  | 'accessed'
  | 'verified'
  | 'relation'
  | 'evidenceClass'
  | 'locator'
  | 'doi'
  | 'arxiv'
  | 'authors'
  | 'published'
  | 'venue';

const has = (...words: string[]) => (header: string) => words.some((word) => new RegExp(`(^| )${word}`).test(header));

/** The claim-audit columns, in the order they are tried. */
export const CLAIM_AUDIT_COLUMNS: ReadonlyArray<ColumnSpec<ClaimRole>> = [
  { role: 'claimId', label: 'Claim id', required: false, matches: (h) => /^(claim )?id$/.test(h), accepted: 'Claim id, Id' },
  { role: 'evidence', label: 'Current evidence', required: true, matches: has('evidence', 'support'), accepted: 'Current evidence, Evidence' },
  { role: 'claim', label: 'Claim', required: true, matches: has('claim', 'statement', 'assertion'), accepted: 'Claim, Claim (id, where), Statement' },
  { role: 'concern', label: 'Concern', required: true, matches: has('concern', 'issue', 'problem', 'risk'), accepted: 'Concern, Issue, Risk' },
  { role: 'priority', label: 'Priority', required: true, matches: has('priority', 'severity'), accepted: 'Priority, Severity' },
  {
    role: 'response',
    label: 'Proposed response',
    required: true,
    matches: has('response', 'proposal', 'proposed', 'action', 'recommend'),
    accepted: 'Proposed response, Response, Action, Recommendation',
  },
];

/** The source-ledger columns, in the order they are tried. */
export const SOURCE_LEDGER_COLUMNS: ReadonlyArray<ColumnSpec<SourceRole>> = [
  { role: 'dates', label: 'Verified / accessed', required: false, matches: (h) => (has('verif')(h) && has('access')(h)) || /^dates?$/.test(h), accepted: 'Verified / accessed, Dates' },
  { role: 'metadata', label: 'Verified metadata', required: true, matches: has('metadata', 'bibliograph', 'citation'), accepted: 'Verified metadata, Metadata, Bibliographic data' },
  { role: 'bearsOn', label: 'Bears on', required: true, matches: has('bears', 'claim', 'relevant to'), accepted: 'Bears on, Claims, Which claim' },
  { role: 'reading', label: 'Reading', required: true, matches: has('reading', 'read'), accepted: 'Reading, Reading status' },
  { role: 'limitations', label: 'Limitations', required: true, matches: has('limitation', 'limits', 'caveat'), accepted: 'Limitations, Limits, Caveats' },
  { role: 'accessed', label: 'Accessed', required: false, matches: has('access'), accepted: 'Accessed, Access date' },
  { role: 'verified', label: 'Verified', required: false, matches: has('verif'), accepted: 'Verified, Verification date' },
  { role: 'url', label: 'URL', required: true, matches: (h) => /^(url|link|address|web address)s?$/.test(h), accepted: 'URL, Link' },
  { role: 'relation', label: 'Relation', required: false, matches: has('relation'), accepted: 'Relation' },
  { role: 'evidenceClass', label: 'Class', required: false, matches: has('class'), accepted: 'Class, Evidence class' },
  { role: 'locator', label: 'Locator', required: false, matches: has('locator', 'where in'), accepted: 'Locator, Where in source' },
  { role: 'doi', label: 'DOI', required: false, matches: (h) => h === 'doi', accepted: 'DOI' },
  { role: 'arxiv', label: 'arXiv', required: false, matches: (h) => /^arxiv( id)?$/.test(h), accepted: 'arXiv' },
  { role: 'authors', label: 'Authors', required: false, matches: has('author'), accepted: 'Authors' },
  { role: 'published', label: 'Published', required: false, matches: (h) => /^(published|publication date|year)$/.test(h), accepted: 'Published' },
  { role: 'venue', label: 'Venue', required: false, matches: (h) => /^(venue|journal|publisher)$/.test(h), accepted: 'Venue' },
  { role: 'source', label: 'Source', required: true, matches: has('source', 'identity', 'title', 'work', 'document', 'name'), accepted: 'Source, Identity, Title' },
];

/** Fold a header: lowercase words separated by single spaces, markup and punctuation gone. */
function foldHeader(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// ---------------------------------------------------------------------------
// Text of nodes

interface CellText {
  text: string;
  codes: string[];
  links: string[];
  place: ReportPlace;
}

/** Plain text of a node: text and code values, line breaks as spaces. */
function textOf(node: RootContent | Root | PhrasingContent | TableCell): string {
  if ('value' in node && typeof node.value === 'string') {
    return node.type === 'text' || node.type === 'inlineCode' ? node.value : node.type === 'code' ? node.value : '';
  }
  if (node.type === 'break') return ' ';
  if ('children' in node) {
    const parts = (node.children as Array<RootContent | PhrasingContent>).map(textOf);
    const block = ['paragraph', 'heading', 'listItem', 'list', 'blockquote', 'tableRow', 'table'].includes(node.type);
    return parts.join(block && node.type !== 'paragraph' && node.type !== 'heading' ? '\n' : '');
  }
  return '';
}

function placeOf(node: { position?: { start: { line: number; column: number } } | undefined } | undefined): ReportPlace {
  return { line: node?.position?.start.line ?? 0, column: node?.position?.start.column ?? 0 };
}

function cellText(cell: TableCell): CellText {
  const codes: string[] = [];
  const links: string[] = [];
  const visit = (node: PhrasingContent | TableCell) => {
    if (node.type === 'inlineCode') codes.push(node.value);
    if (node.type === 'link') links.push(node.url);
    if ('children' in node) for (const child of node.children as PhrasingContent[]) visit(child);
  };
  visit(cell);
  const first = cell.children[0];
  return { text: oneSpace(textOf(cell)), codes, links, place: placeOf(first ?? cell) };
}

function oneSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A cell that says nothing: empty, a dash, "none", "n/a". */
function isNone(text: string): boolean {
  return /^(|[-–—‐]+|none\.?|n\/?a\.?|nothing\.?|no concern\.?|not applicable\.?)$/i.test(text.replace(/\bUNVERIFIED\b/g, '').trim());
}

const UNVERIFIED = /\bUNVERIFIED\b/;
const UNRUN = /\bUNRUN\b/;
const RAN = /\bRAN\b/;
const ID_SHAPE = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

// ---------------------------------------------------------------------------
// The report

/**
 * Parse and check a research report.
 * @param source the report's text.
 * @param options its path for problems, and the Markdown parser.
 * @returns what the report says, and every problem (errors mean: do not ingest).
 */
export function parseResearchReport(source: string, options: ParseResearchReportOptions): { report: ResearchReport; problems: Problem[] } {
  const { file } = options;
  const problems: Problem[] = [];
  const report: ResearchReport = { file, sections: [], claimAudit: [], sourceLedger: [], experiments: [] };
  let root: Root;
  try {
    root = options.parse(source);
  } catch (error) {
    const place = error as { line?: number; column?: number; place?: { line?: number; column?: number } };
    problems.push(
      reportProblem(
        'report/parse-error',
        file,
        { line: place.line ?? place.place?.line ?? 0, column: place.column ?? place.place?.column ?? 0 },
        '',
        `the report cannot be parsed as Markdown: ${(error as Error).message}`,
      ),
    );
    return { report, problems };
  }

  const title = root.children.find((node): node is Heading => node.type === 'heading' && node.depth === 1);
  if (title) report.title = oneSpace(textOf(title));

  const sections = splitSections(root, source, file, problems);
  report.sections = sections.map((section) => section.found);
  const byNumber = new Map(sections.map((section) => [section.found.number, section] as const));

  const context = byNumber.get(1);
  if (context) readContext(context, source, report, problems);
  const audit = byNumber.get(2);
  if (audit) report.claimAudit = readClaimAudit(audit, file, problems);
  const ledger = byNumber.get(3);
  if (ledger) report.sourceLedger = readSourceLedger(ledger, file, problems);
  const findings = byNumber.get(4);
  if (findings && findings.found.markdown) report.findings = findings.found.markdown;
  const proposal = byNumber.get(5);
  if (proposal && proposal.found.markdown) report.proposal = proposal.found.markdown;
  const experiments = byNumber.get(6);
  if (experiments) report.experiments = readExperiments(experiments, file, problems);
  return { report, problems };
}

interface SectionNodes {
  found: FoundSection;
  heading: Heading;
  nodes: RootContent[];
}

/** Split the report at its `##` headings and check them against the seven sections. */
function splitSections(root: Root, source: string, file: string, problems: Problem[]): SectionNodes[] {
  const chunks: Array<{ heading: Heading; nodes: RootContent[] }> = [];
  for (const node of root.children) {
    if (node.type === 'heading' && node.depth === 2) chunks.push({ heading: node, nodes: [] });
    else chunks.at(-1)?.nodes.push(node);
  }
  const expected = REPORT_SECTIONS.map((section, index) => `${index + 1}. ${section.title}`).join(', ');
  const orderHint = `a report has exactly these ## sections, in this order: ${expected}`;

  const found: SectionNodes[] = [];
  chunks.forEach((chunk, index) => {
    const heading = oneSpace(textOf(chunk.heading));
    const place = placeOf(chunk.heading);
    const match = /^(?:section\s+)?(\d+)\s*[.):]?\s*(.*)$/i.exec(heading);
    const written = match ? Number(match[1]) : undefined;
    const titleText = foldHeader(match ? match[2]! : heading);
    const byTitle = REPORT_SECTIONS.find((section) => startsWithWords(titleText, foldHeader(section.title)));
    let number: number | undefined;
    if (byTitle && (written === undefined || written === byTitle.number)) {
      number = byTitle.number;
    } else if (byTitle) {
      problems.push(
        reportProblem(
          'report/section-number',
          file,
          place,
          '',
          `section ${quote(heading)} is numbered ${written}, but "${byTitle.title}" is section ${byTitle.number}`,
          `number it "## ${byTitle.number}. ${byTitle.title}"`,
        ),
      );
      number = byTitle.number;
    } else if (written !== undefined && written >= 1 && written <= REPORT_SECTIONS.length) {
      const wanted = REPORT_SECTIONS[written - 1]!;
      problems.push(
        reportProblem('report/unknown-section', file, place, '', `section ${written} is titled ${quote(heading)}; section ${written} is "${wanted.title}"`, `write "## ${written}. ${wanted.title}"`),
      );
      number = written;
    } else {
      const guess = closest(titleText, REPORT_SECTIONS.map((section) => foldHeader(section.title)));
      problems.push(
        reportProblem(
          'report/unknown-section',
          file,
          place,
          '',
          `${quote(`## ${heading}`)} is not one of the seven sections`,
          guess ? `did you mean "${REPORT_SECTIONS.find((section) => foldHeader(section.title) === guess)!.title}"?` : `make it a ### subsection of one of them; ${orderHint}`,
        ),
      );
      return;
    }
    const next = chunks[index + 1]?.heading.position?.start.offset ?? source.length;
    const start = chunk.heading.position?.end.offset ?? 0;
    const markdown = source.slice(start, next).replace(/\r\n?/g, '\n').trim();
    found.push({ found: { number, heading, markdown, ...place }, heading: chunk.heading, nodes: chunk.nodes });
  });

  // Order, duplicates and gaps.
  const kept: SectionNodes[] = [];
  let last = 0;
  for (const section of found) {
    const { number } = section.found;
    if (kept.some((other) => other.found.number === number)) {
      const first = kept.find((other) => other.found.number === number)!;
      problems.push(
        reportProblem('report/duplicate-section', file, section.found, '', `section ${number} "${REPORT_SECTIONS[number - 1]!.title}" appears twice (first at line ${first.found.line})`, 'merge the two into one section'),
      );
      continue;
    }
    if (number < last) {
      problems.push(
        reportProblem(
          'report/section-order',
          file,
          section.found,
          '',
          `section ${number} "${REPORT_SECTIONS[number - 1]!.title}" comes after section ${last} "${REPORT_SECTIONS[last - 1]!.title}"`,
          orderHint,
        ),
      );
    }
    last = Math.max(last, number);
    kept.push(section);
  }
  const endPlace = lastPlace(source);
  for (const section of REPORT_SECTIONS) {
    if (kept.some((other) => other.found.number === section.number)) continue;
    const following = kept.filter((other) => other.found.number > section.number).sort((a, b) => a.found.line - b.found.line)[0];
    problems.push(
      reportProblem(
        'report/missing-section',
        file,
        following ? following.found : endPlace,
        '',
        `missing section "## ${section.number}. ${section.title}"${following ? ` before section ${following.found.number}` : ''}`,
        `add it with ${section.description.replace(/\.$/, '')}; ${orderHint}`,
      ),
    );
  }
  return kept;
}

function startsWithWords(text: string, prefix: string): boolean {
  return text === prefix || text.startsWith(`${prefix} `);
}

function lastPlace(source: string): ReportPlace {
  const lines = source.replace(/\n$/, '').split('\n');
  return { line: lines.length, column: 1 };
}

/** Blocks of a section: paragraphs and list items, each with its text. */
function blocksOf(nodes: readonly RootContent[]): Array<{ text: string; place: ReportPlace; node: RootContent }> {
  const blocks: Array<{ text: string; place: ReportPlace; node: RootContent }> = [];
  const visit = (node: RootContent) => {
    if (node.type === 'list') {
      for (const item of node.children) visit(item);
      return;
    }
    if (node.type === 'listItem') {
      for (const child of node.children) visit(child);
      return;
    }
    if (node.type === 'blockquote') {
      for (const child of node.children) visit(child);
      return;
    }
    if (node.type === 'paragraph' || node.type === 'heading') blocks.push({ text: oneSpace(textOf(node)), place: placeOf(node), node });
  };
  for (const node of nodes) visit(node);
  return blocks;
}

/** Section 1: the fingerprint read, the date, who made the pass, a summary. */
function readContext(section: SectionNodes, source: string, report: ResearchReport, problems: Problem[]): void {
  const { file } = report;
  const fingerprints: Array<Located<string> & { labelled: boolean }> = [];
  for (const block of blocksOf(section.nodes)) {
    const labelled = /fingerprint|sha-?256|revision|snapshot/i.test(block.text);
    for (const match of block.text.matchAll(/(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/g)) {
      fingerprints.push({ value: match[0].toLowerCase(), ...locateInSource(source, block.node, match[0]), labelled });
    }
    const label = /^([\p{L} '’-]{1,40}?)\s*:\s*(.+)$/u.exec(block.text);
    if (label) {
      const name = foldHeader(label[1]!);
      const value = label[2]!.trim();
      if (!report.by && /^(by|researcher|researched by|research agent|agent|made by|performed by|pass by|author of the pass)$/.test(name)) {
        report.by = { value, ...block.place };
      }
      if (!report.summary && /^(summary|conclusion|verdict|in short|overall)$/.test(name)) report.summary = { value, ...block.place };
    }
    if (!report.date && /\bdate\b|\btoday\b/i.test(label ? label[1]! : block.text)) {
      const date = /\b(\d{4}-\d{2}-\d{2})\b/.exec(block.text);
      if (date && isDateString(date[1]!)) report.date = { value: date[1]!, ...block.place };
    }
  }
  const distinct = [...new Set(fingerprints.map((fingerprint) => fingerprint.value))];
  if (fingerprints.length === 0) {
    problems.push(
      reportProblem(
        'report/no-fingerprint',
        file,
        section.found,
        'context.fingerprint',
        'section 1 does not give the fingerprint (sha256) of the chapter revision it read; the pass will record none, and no one can tell later which revision it checked',
        'copy the "Chapter prose fingerprint" line of the brief into section 1',
      ),
    );
    return;
  }
  const chosen = fingerprints.find((fingerprint) => fingerprint.labelled) ?? fingerprints[0]!;
  if (distinct.length > 1) {
    problems.push(
      reportProblem(
        'report/several-fingerprints',
        file,
        chosen,
        'context.fingerprint',
        `section 1 gives ${distinct.length} different sha256 digests; the pass records ${chosen.value.slice(0, 12)}…, the first on a line about the fingerprint or revision`,
        'give only the fingerprint of the revision you read',
      ),
    );
  }
  report.fingerprint = { value: chosen.value, line: chosen.line, column: chosen.column };
}

/** Where a piece of text is inside a node, by searching the node's source. */
function locateInSource(source: string, node: RootContent, text: string): ReportPlace {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? source.length;
  const at = source.slice(start, end).indexOf(text);
  if (at === -1) return placeOf(node);
  const before = source.slice(0, start + at);
  const line = before.split('\n').length;
  return { line, column: start + at - before.lastIndexOf('\n') };
}

/** A row's cell by the role of its column; undefined when the table has no such column. */
function cellOf<Role extends string>(columns: Map<Role, number>, cells: CellText[]): (role: Role) => CellText | undefined {
  return (role) => {
    const column = columns.get(role);
    return column === undefined ? undefined : cells[column];
  };
}

/** Every table of a section, with its columns resolved. */
function tablesOf<Role extends string>(
  section: SectionNodes,
  file: string,
  name: string,
  path: string,
  specs: ReadonlyArray<ColumnSpec<Role>>,
  problems: Problem[],
  alternatives: Array<Role[]> = [],
): Array<{ columns: Map<Role, number>; headers: string[]; rows: Array<{ row: TableRow; cells: CellText[] | undefined }> }> {
  const counter = { rows: 0 };
  const tables: Table[] = [];
  const visit = (node: RootContent) => {
    if (node.type === 'table') tables.push(node);
    else if ('children' in node) for (const child of (node as Parent).children as RootContent[]) visit(child);
  };
  for (const node of section.nodes) visit(node);
  if (tables.length === 0) {
    const pipes = section.nodes.some((node) => node.type === 'paragraph' && /^\s*\|.*\|\s*$/m.test(textOf(node)));
    const required = specs.filter((spec) => spec.required).map((spec) => spec.label);
    problems.push(
      reportProblem(
        'report/missing-table',
        file,
        section.found,
        path,
        `section ${section.found.number} "${REPORT_SECTIONS[section.found.number - 1]!.title}" has no table`,
        pipes
          ? 'the lines with | are not a table: a table needs a delimiter row such as | --- | --- | under its header row, and a blank line before it'
          : `write the ${name} as a Markdown table with the columns ${required.join(', ')}`,
      ),
    );
    return [];
  }
  const result: Array<{ columns: Map<Role, number>; headers: string[]; rows: Array<{ row: TableRow; cells: CellText[] | undefined }> }> = [];
  for (const table of tables) {
    const [head, ...body] = table.children;
    if (!head) continue;
    const headers = head.children.map((cell) => oneSpace(textOf(cell)));
    const columns = new Map<Role, number>();
    let ok = true;
    headers.forEach((header, index) => {
      const folded = foldHeader(header);
      const spec = specs.find((candidate) => candidate.matches(folded));
      if (!spec) {
        problems.push(
          reportProblem('report/unknown-column', file, placeOf(head.children[index]), path, `the ${name} column ${quote(header)} is not read; what it says stays in the report file only`),
        );
        return;
      }
      const before = columns.get(spec.role);
      if (before !== undefined) {
        ok = false;
        problems.push(
          reportProblem(
            'report/duplicate-column',
            file,
            placeOf(head.children[index]),
            path,
            `the ${name} columns ${quote(headers[before]!)} and ${quote(header)} both read as "${spec.label}"`,
            'keep one column per kind of information',
          ),
        );
        return;
      }
      columns.set(spec.role, index);
    });
    for (const spec of specs) {
      if (!spec.required || columns.has(spec.role)) continue;
      ok = false;
      problems.push(
        reportProblem(
          'report/missing-column',
          file,
          placeOf(head),
          path,
          `the ${name} table has no "${spec.label}" column (its columns: ${headers.map((header) => quote(header)).join(', ')})`,
          `add the column; accepted headers: ${spec.accepted}`,
        ),
      );
    }
    for (const group of alternatives) {
      if (group.some((role) => columns.has(role))) continue;
      ok = false;
      const labels = group.map((role) => specs.find((spec) => spec.role === role)!.label);
      problems.push(
        reportProblem(
          'report/missing-column',
          file,
          placeOf(head),
          path,
          `the ${name} table has no "${labels[0]}" column (its columns: ${headers.map((header) => quote(header)).join(', ')})`,
          `add the column; accepted headers: ${group.map((role) => specs.find((spec) => spec.role === role)!.accepted).join(', or ')}`,
        ),
      );
    }
    if (body.length === 0) {
      problems.push(reportProblem('report/empty-table', file, placeOf(table), path, `the ${name} table has no rows`));
    }
    const rows: Array<{ row: TableRow; cells: CellText[] | undefined }> = [];
    for (const row of body) {
      if (row.children.length === headers.length) rows.push({ row, cells: row.children.map(cellText) });
      else {
        // Only this row is skipped: the others are still read, so every mistake is reported at once.
        problems.push(
          reportProblem(
            'report/ragged-row',
            file,
            placeOf(row),
            `${path}[${counter.rows}]`,
            `this ${name} row has ${row.children.length} cells, the header has ${headers.length}`,
            'give every row one cell per column; write a | inside a cell as \\|',
          ),
        );
        rows.push({ row, cells: undefined });
      }
      counter.rows++;
    }
    if (ok) result.push({ columns, headers, rows });
  }
  return result;
}

/** Section 2: one row per claim. */
function readClaimAudit(section: SectionNodes, file: string, problems: Problem[]): ClaimAuditRow[] {
  const rows: ClaimAuditRow[] = [];
  let seen = 0;
  for (const table of tablesOf(section, file, 'claim-audit', 'claim-audit', CLAIM_AUDIT_COLUMNS, problems)) {
    for (const { row, cells } of table.rows) {
      const index = seen++;
      if (!cells) continue;
      const path = `claim-audit[${index}]`;
      const cell = cellOf(table.columns, cells);
      const claim = cell('claim')!;
      const evidence = cell('evidence')!;
      const concern = cell('concern')!;
      const priority = cell('priority')!;
      const response = cell('response')!;
      const unverified = cells.some((c) => UNVERIFIED.test(c.text));
      const entry: ClaimAuditRow = {
        index,
        ...placeOf(row),
        claimText: claim.text,
        claimAt: claim.place,
        codeIds: claim.codes.map((code) => code.trim().replace(/^#/, '')).filter((code) => ID_SHAPE.test(code)),
        evidence: evidence.text,
        unverified,
      };
      const idCell = cell('claimId');
      if (idCell && !isNone(idCell.text)) {
        const id = idCell.text.replace(/^#/, '').replace(/`/g, '').trim();
        if (ID_SHAPE.test(id)) entry.id = { value: id, ...idCell.place };
        else problems.push(reportProblem('report/invalid-value', file, idCell.place, `${path}.id`, `${quote(idCell.text)} is not a claim id`, 'claim ids are lowercase letters, digits and hyphens, as in the claims sidecar'));
      } else {
        const hash = /(?:^|[\s(,;])#([a-z0-9][a-z0-9-]*[a-z0-9]|[a-z0-9])(?![\w-])/.exec(claim.text);
        if (hash) entry.id = { value: hash[1]!, ...claim.place };
      }
      const quoted = /[“"]([^”"]{3,})[”"]/.exec(claim.text);
      if (quoted) entry.quote = quoted[1]!.trim();
      if (claim.text === '') problems.push(reportProblem('report/empty-cell', file, claim.place, `${path}.claim`, 'the claim cell is empty', 'name the claim by id (`claim-id` or #claim-id) or quote it'));
      if (!isNone(concern.text)) entry.concern = concern.text;
      const readPriority = readEnum(priority.text, PrioritySchema.options, {});
      if (readPriority) entry.priority = readPriority as Priority;
      else if (!isNone(priority.text)) {
        problems.push(reportProblem('report/unknown-value', file, priority.place, `${path}.priority`, `priority ${quote(priority.text)} is not high, medium or low; it is not recorded`));
      }
      const readResponse = readEnum(response.text, ResponseSchema.options, RESPONSE_SYNONYMS);
      if (readResponse) entry.response = readResponse as ProposedResponse;
      else if (!isNone(response.text)) {
        problems.push(
          reportProblem(
            'report/unknown-value',
            file,
            response.place,
            `${path}.response`,
            `response ${quote(response.text)} does not start with one of ${ResponseSchema.options.join(', ')}; it is not recorded`,
          ),
        );
      }
      if (isNone(evidence.text) && !unverified) {
        problems.push(
          reportProblem(
            'report/missing-unverified',
            file,
            evidence.place,
            `${path}.evidence`,
            `the claim ${quote(claim.text)} has no current evidence, but its row does not say UNVERIFIED`,
            'write UNVERIFIED in the evidence cell when nothing supports or refutes the claim yet',
          ),
        );
      }
      rows.push(entry);
    }
  }
  return rows;
}

const RESPONSE_SYNONYMS: Record<string, string> = {
  none: 'no-change',
  'no-changes': 'no-change',
  'leave': 'no-change',
  'keep': 'no-change',
  clarify: 'clarification',
  correct: 'correction',
  cite: 'citation',
  'add-citation': 'citation',
  'add-a-citation': 'citation',
  'new-experiments': 'new-experiment',
  'add-example': 'new-example',
  'add-an-example': 'new-example',
  'add-section': 'new-section',
  'add-a-section': 'new-section',
};

/** Read a cell as one of some words: `correction (see 5.1)` → `correction`. */
function readEnum(text: string, options: readonly string[], synonyms: Record<string, string>): string | undefined {
  const folded = text
    .replace(/\bUNVERIFIED\b/g, '')
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-');
  const words = [...options, ...Object.keys(synonyms)].sort((a, b) => b.length - a.length);
  for (const word of words) {
    if (folded === word || (folded.startsWith(word) && /^[^a-z0-9]/.test(folded.slice(word.length)))) return synonyms[word] ?? word;
  }
  return undefined;
}

/** Section 3: one row per source. */
function readSourceLedger(section: SectionNodes, file: string, problems: Problem[]): SourceLedgerRow[] {
  const rows: SourceLedgerRow[] = [];
  const tables = tablesOf(section, file, 'source-ledger', 'source-ledger', SOURCE_LEDGER_COLUMNS, problems, [['dates', 'accessed']]);
  let seen = 0;
  for (const table of tables) {
    for (const { row, cells } of table.rows) {
      // Rows that cannot be read keep their number, so paths match the table.
      const index = seen++;
      if (!cells) continue;
      const path = `source-ledger[${index}]`;
      const cell = cellOf(table.columns, cells);
      const source = cell('source')!;
      const metadata = cell('metadata')!;
      const readingCell = cell('reading')!;
      const problemsBefore = problems.length;
      const unverified = cells.some((c) => UNVERIFIED.test(c.text));
      const metadataUnverified = UNVERIFIED.test(metadata.text);
      const fail = (rule: RuleId, at: ReportPlace, field: string, message: string, hint?: string) =>
        problems.push(reportProblem(rule, file, at, `${path}.${field}`, message, hint));

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

      if (problems.slice(problemsBefore).some((problem) => problem.severity === 'error') || !reading || !dates.accessed) continue;

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
      if (problems.slice(problemsBefore).some((problem) => problem.severity === 'error')) continue;
      rows.push(entry);
    }
  }
  return rows;
}

const RELATION_SYNONYMS: Record<string, string> = {
  support: 'supports',
  supported: 'supports',
  supporting: 'supports',
  qualify: 'qualifies',
  qualified: 'qualifies',
  qualifying: 'qualifies',
  contradict: 'contradicts',
  contradicted: 'contradicts',
  contradicting: 'contradicts',
  refutes: 'contradicts',
  unclear: 'unresolved',
};

function readReading(text: string): ReadingStatus | undefined {
  const folded = text.replace(/\bUNVERIFIED\b/g, '').toLowerCase().replace(/[-_*`]/g, ' ').replace(/\s+/g, ' ').trim();
  if (/^full( text)?\b/.test(folded)) return 'full-text';
  if (/^abstract( only)?\b/.test(folded)) return 'abstract-only';
  if (/^(not accessible|not accessed|inaccessible|no access|not available|unavailable|not read|could not (be )?(open|opened|access|accessed|read))\b/.test(folded)) return 'not-accessible';
  return undefined;
}

interface ReadDates {
  verified?: string;
  accessed?: string;
  invalid: Array<{ text: string; place: ReportPlace; field: string }>;
}

/** Verified and accessed dates, from one combined column or two. */
function readDates(combined: CellText | undefined, verified: CellText | undefined, accessed: CellText | undefined, combinedHeader: string | undefined): ReadDates {
  const result: ReadDates = { invalid: [] };
  const one = (text: string, place: ReportPlace, field: string): string | undefined => {
    const value = text.replace(/\bUNVERIFIED\b/g, '').trim();
    if (isNone(value) || /^(not verified|unverified|never)$/i.test(value)) return undefined;
    const date = /^\d{4}-\d{2}-\d{2}$/.exec(value);
    if (date && isDateString(value)) return value;
    result.invalid.push({ text, place, field });
    return undefined;
  };
  if (combined) {
    const header = foldHeader(combinedHeader ?? '');
    const accessedFirst = header.indexOf('access') !== -1 && header.indexOf('verif') !== -1 && header.indexOf('access') < header.indexOf('verif');
    const parts = combined.text.split(/\s*\/\s*/);
    if (parts.length === 1) {
      const value = one(parts[0]!, combined.place, 'accessed');
      if (value) result.accessed = value;
    } else {
      const [first, second] = [parts[0]!, parts.slice(1).join('/')];
      const verifiedText = accessedFirst ? second : first;
      const accessedText = accessedFirst ? first : second;
      const v = one(verifiedText, combined.place, 'verified');
      const a = one(accessedText, combined.place, 'accessed');
      if (v) result.verified = v;
      if (a) result.accessed = a;
    }
  }
  if (verified) {
    const v = one(verified.text, verified.place, 'verified');
    if (v) result.verified = v;
  }
  if (accessed) {
    const a = one(accessed.text, accessed.place, 'accessed');
    if (a) result.accessed = a;
  }
  return result;
}

/** The claims a ledger row bears on: `a, supports b, c (contradicts)`. */
function readBearsOn(cell: CellText, invalid: (text: string) => void): BearsOn[] {
  const result: BearsOn[] = [];
  if (isNone(cell.text)) return result;
  for (const piece of cell.text.split(/\s*[,;]\s*|\s+and\s+/)) {
    let text = piece.trim();
    let relation: Relation | undefined;
    text = text.replace(/\(([^)]*)\)/g, (_, inner: string) => {
      const value = readEnum(inner, RelationSchema.options, RELATION_SYNONYMS);
      if (value) relation = value as Relation;
      return ' ';
    });
    text = text.trim();
    const lead = /^(supports|qualifies|contradicts|unresolved|supported by|qualified by|contradicted by|support|qualify|contradict)\b:?\s*/i.exec(text);
    if (lead) {
      relation = readEnum(lead[1]!.split(' ')[0]!, RelationSchema.options, RELATION_SYNONYMS) as Relation;
      text = text.slice(lead[0].length);
    }
    text = text.replace(/[`*]/g, '').replace(/^#/, '').replace(/\bUNVERIFIED\b/g, '').replace(/[.:]$/, '').trim();
    if (isNone(text) || /^lead$/i.test(text)) continue;
    if (!ID_SHAPE.test(text)) {
      invalid(piece.trim());
      continue;
    }
    const entry: BearsOn = { id: text, ...cell.place };
    if (relation) entry.relation = relation;
    result.push(entry);
  }
  return result;
}

/** Section 6: every experiment says UNRUN or RAN. */
function readExperiments(section: SectionNodes, file: string, problems: Problem[]): ExperimentItem[] {
  const items: Array<{ text: string; place: ReportPlace }> = [];
  for (const node of section.nodes) {
    if (node.type === 'list') for (const item of node.children) items.push({ text: oneSpace(textOf(item)), place: placeOf(item) });
    if (node.type === 'table') for (const row of node.children.slice(1)) items.push({ text: oneSpace(textOf(row)), place: placeOf(row) });
  }
  if (items.length === 0) {
    // Experiments as ### subsections: each subsection is one item.
    let current: { text: string; place: ReportPlace } | undefined;
    for (const node of section.nodes) {
      if (node.type === 'heading' && node.depth >= 3) {
        current = { text: oneSpace(textOf(node)), place: placeOf(node) };
        items.push(current);
      } else if (current) current.text = `${current.text} ${oneSpace(textOf(node))}`;
    }
  }
  const experiments: ExperimentItem[] = [];
  items.forEach((item, index) => {
    const marker = UNRUN.test(item.text) ? 'UNRUN' : RAN.test(item.text) ? 'RAN' : undefined;
    if (!marker) {
      problems.push(
        reportProblem(
          'report/missing-unrun',
          file,
          item.place,
          `experiments[${index}]`,
          `the experiment ${quote(item.text)} says neither UNRUN nor RAN`,
          'write UNRUN on every experiment you did not run; write RAN, with the date, command and outcome, on one you ran',
        ),
      );
      return;
    }
    experiments.push({ index, text: item.text, marker, ...item.place });
  });
  return experiments;
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || value.length > 2_000) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
