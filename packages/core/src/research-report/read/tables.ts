/**
 * The tables of a section, with each column's role resolved from its header
 * (`columns.ts`), missing, duplicate and unknown columns reported, and each
 * row's cells read as text. A ragged row is reported and skipped alone.
 */
import type { Table, TableRow } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import { createProblem, quote, type Problem } from '../../problems/problem.js';
import { REPORT_SECTIONS } from '../format.js';
import { foldHeader, type ColumnSpec } from './columns.js';
import { at, cellText, labelOf, oneSpace, placeOf, textOf, type CellText } from './node-text.js';
import type { HeldBackRow, ParseResearchReportMarkdown } from './report-data.js';
import { sectionLegend, type Legend } from './legends.js';
import type { SectionNodes } from './sections.js';

/** One table of a report, its columns resolved. */
export interface ReportTable<Role extends string> {
  /** The column of each role the header names. */
  columns: Map<Role, number>;
  /** The header cells' text. */
  headers: string[];
  /**
   * Each body row, and its cells: undefined when the row is ragged. The cells
   * of a row that has one per column are read when `cells` is called (each
   * call reads them again), so that a 10,000-row table's 70,000 cells are
   * not all kept until the last row is read.
   */
  rows: Array<{ row: TableRow; cells: () => CellText[] | undefined }>;
}

/**
 * A row's cell by the role of its column.
 * @param columns the table's columns.
 * @param cells the row's cells.
 * @returns a function from a role to its cell, undefined when the table has no such column.
 */
export function cellOf<Role extends string>(columns: Map<Role, number>, cells: CellText[]): (role: Role) => CellText | undefined {
  return (role) => {
    const column = columns.get(role);
    return column === undefined ? undefined : cells[column];
  };
}

/** What `tablesOf` needs to know about the table it reads. */
export interface TableKind<Role extends string> {
  /** The table's name in messages. */
  name: string;
  /** The field path of its rows. */
  path: string;
  /** The table a held-back row is listed under. */
  table: HeldBackRow['table'];
  /** The columns a hint suggests. */
  example: string;
  /** Its columns. */
  specs: ReadonlyArray<ColumnSpec<Role>>;
}

/**
 * Every table of a section, with its columns resolved.
 * @param section the section.
 * @param file the report's path.
 * @param kind the table's name, row path and columns.
 * @param problems where problems go.
 * @param heldBack where rows that cannot be read go.
 * @returns the tables whose columns could be read.
 */
export function tablesOf<Role extends string>(section: SectionNodes, file: string, kind: TableKind<Role>, problems: Problem[], heldBack: HeldBackRow[]): Array<ReportTable<Role>> {
  const tables: Table[] = [];
  // A table's cells hold no tables: the walk does not go into them.
  for (const node of section.nodes) {
    visit(node, 'table', (table) => {
      tables.push(table);
      return SKIP;
    });
  }
  if (tables.length === 0) {
    problems.push(noTable(section, file, kind));
    return [];
  }
  const counter = { rows: 0 };
  // "R = reading status" above a table whose column is headed "R".
  const legend = sectionLegend(section.nodes);
  const result: Array<ReportTable<Role>> = [];
  for (const table of tables) {
    const [head, ...body] = table.children;
    if (!head) continue;
    const headers = head.children.map((cell) => oneSpace(textOf(cell)));
    const columns = resolveColumns(head, headers, file, kind, problems, legend, body);
    if (body.length === 0) problems.push(createProblem('report/empty-table', at(file, placeOf(table), kind.path), `the ${kind.name} table has no rows`));
    const rows = readRows(body, headers.length, { file, source: section.source, parse: section.parse }, kind, counter, problems, heldBack);
    if (columns) result.push({ columns, headers, rows: withDittos(rows, columns, kind, file, problems) });
  }
  return result;
}

/**
 * A cell that says it is the one above it: "ditto", "as above", "same as above", "idem", "〃", "同上". Not "same" nor
 * "as before", which may mean the cell beside it ("same" as the verified date), what the ledger records, or an earlier
 * pass (a review's findings); nor "As S2", which names another row.
 */
const DITTO = /^(?:ditto|do\.|same as above|as above|idem|ídem|dito|〃|″|同上|同前)\.?$/i;

/**
 * The rows with each cell that says "ditto" read as the cell above it, in
 * the columns a row's claim or source is not named in (an outside report
 * gave a ledger URL "as above", and lost it; two others wrote "As above." and
 * "同上" for a source's limitations); said as a warning at the cell. The rows are
 * read in order, as the row readers read them: the row above, when it was
 * the last read, is taken as it was read, dittos and all.
 */
function withDittos<Role extends string>(rows: ReportTable<Role>['rows'], columns: Map<Role, number>, kind: TableKind<Role>, file: string, problems: Problem[]): ReportTable<Role>['rows'] {
  const copied = new Set([...columns].filter(([role]) => role !== 'label' && !kind.specs.find((spec) => spec.role === role)?.required).map(([, index]) => index));
  if (copied.size === 0) return rows;
  let last: { index: number; cells: CellText[] | undefined } | undefined;
  const said = new Set<TableRow>();
  return rows.map(({ row, cells }, index) => ({
    row,
    cells: () => {
      const read = cells();
      if (read && index > 0 && read.some((cell, column) => copied.has(column) && DITTO.test(cell.text.trim()))) {
        const above = last?.index === index - 1 ? last.cells : rows[index - 1]!.cells();
        for (const column of copied) {
          const cell = read[column];
          const source = above?.[column];
          if (!cell || !source || !DITTO.test(cell.text.trim()) || DITTO.test(source.text.trim())) continue;
          read[column] = { ...source, place: cell.place };
          if (said.has(row)) continue;
          problems.push(
            createProblem(
              'report/ditto',
              at(file, cell.place, kind.path),
              `the ${kind.name} cell ${quote(cell.text.trim())} is read as the one above it: ${quote(source.text)}`,
              'write the value again in each row, if that is not what the cell means',
            ),
          );
        }
        said.add(row);
      }
      last = { index, cells: read };
      return read;
    },
  }));
}

/** The text of a column's cells. */
function cellsOf(body: readonly TableRow[], index: number): string[] {
  return body.map((row) => oneSpace(textOf(row.children[index] ?? { type: 'text', value: '' })).trim());
}

/** Whether every cell of a column is empty, a number or a row label (`3`, `S1`, `C12b`, `4.`, `S-1`, `Q1.1`, `[2]`, `S1 (pi-docs)`). */
function labelsOnly(body: readonly TableRow[], index: number): boolean {
  return cellsOf(body, index).every((cell) => /^(?:[#[]?[A-Za-z]{0,4}[-.]?\d{1,4}(?:\.\d+)?[a-z]?\]?\.?(?:\s*\([^)]*\))?)?$/.test(cell));
}

/** Whether a column holds words, as a claim or a source does, not only tokens ("§2", "docs"): a cell of two words or more, or of 8 characters. */
function wordy(body: readonly TableRow[], index: number): boolean {
  return cellsOf(body, index).some((cell) => /\S\s+\S/.test(cell) || cell.length >= 8);
}

/** The problem of a section without a table, with a hint for lines that look like one. */
function noTable<Role extends string>(section: SectionNodes, file: string, kind: TableKind<Role>): Problem {
  const pipes = section.nodes.some((node) => node.type === 'paragraph' && /^\s*\|.*\|\s*$/m.test(textOf(node)));
  return createProblem(
    'report/missing-table',
    at(file, section.found, kind.path),
    `section ${section.found.number} "${REPORT_SECTIONS[section.found.number - 1]!.title}" has no table`,
    pipes
      ? 'the lines with | are not a table: a table needs a delimiter row such as | --- | --- | under its header row, and a blank line before it'
      : `write the ${kind.name} as a Markdown table with the columns ${kind.example}`,
  );
}

/** The role of each header; undefined when a required column is missing or two mean the same. */
function resolveColumns<Role extends string>(
  head: TableRow,
  headers: string[],
  file: string,
  kind: TableKind<Role>,
  problems: Problem[],
  legend: Legend,
  body: readonly TableRow[],
): Map<Role, number> | undefined {
  const { name, path, specs } = kind;
  const columns = new Map<Role, number>();
  let ok = true;
  const named = (header: string) => specs.find((candidate) => candidate.matches(foldHeader(header)));
  /** Columns no header names, in order, with their warnings. */
  const unnamed: Array<{ index: number; problem: Problem }> = [];
  headers.forEach((header, index) => {
    // "Id (ledger id)", "Claim (snapshot line)": the header without its note, when the whole does not say; "R", what the section's legend says it stands for.
    const defined = legend.get(header.trim());
    const spec = named(header) ?? named(header.replace(/\([^)]*\)/g, ' ')) ?? (defined === undefined ? undefined : named(defined));
    const place = at(file, placeOf(head.children[index]), path);
    if (!spec) {
      const problem = createProblem('report/unknown-column', place, `the ${name} column ${quote(header)} is not read; what it says stays in the report file only`);
      problems.push(problem);
      unnamed.push({ index, problem });
      return;
    }
    const before = columns.get(spec.role);
    if (before !== undefined) {
      ok = false;
      problems.push(createProblem('report/duplicate-column', place, `the ${name} columns ${quote(headers[before]!)} and ${quote(header)} both read as "${spec.label}"`, 'keep one column per kind of information'));
      return;
    }
    columns.set(spec.role, index);
  });
  const listed = headers.map((header) => quote(header)).join(', ');
  const missing = (label: string, accepted: string) => {
    ok = false;
    problems.push(createProblem('report/missing-column', at(file, placeOf(head), path), `the ${name} table has no "${label}" column (its columns: ${listed})`, `add the column; accepted headers: ${accepted}`));
  };
  for (const spec of specs) {
    if (!spec.required || columns.has(spec.role)) continue;
    // "Source and metadata": a header that names the required column and another is both.
    const both = [...columns.values()].find((index) => spec.matches(foldHeader(headers[index]!)));
    if (both !== undefined) {
      columns.set(spec.role, both);
      continue;
    }
    // Headed in words the reader does not know (an outside researcher's finding: a report in German was refused whole
    // for its ledger's "Quelle"): the brief lists the claim and the source first, so the column there, after the rows'
    // labels, is read as it when no header names it and it holds words, not tokens ("§2", "docs"), and said; only in a
    // table that is one of its kind by two other columns: a tally ("| Status | Count |") is no claim audit (a review's findings).
    const kindOf = [...columns.keys()].filter((role) => role !== 'label').length >= 2;
    const place = headers.findIndex((_, index) => columns.get('label' as Role) !== index && !labelsOnly(body, index));
    const first = kindOf ? unnamed.find(({ index }) => index === place && wordy(body, index)) : undefined;
    if (first) unnamed.splice(unnamed.indexOf(first), 1);
    if (first === undefined) {
      missing(spec.label, spec.accepted);
      continue;
    }
    columns.set(spec.role, first.index);
    problems.splice(
      problems.indexOf(first.problem),
      1,
      createProblem(
        'report/column-by-place',
        at(file, placeOf(head.children[first.index]), path),
        `the ${name} table has no column headed "${spec.label}": its column ${quote(headers[first.index]!)}, where the brief puts it, is read as it`,
        `head it ${spec.label} (accepted headers: ${spec.accepted}) if that is what it holds`,
      ),
    );
  }
  return ok ? columns : undefined;
}

/** The body rows' cells; a ragged row is reported and kept without cells, so the others keep their numbers. */
function readRows<Role extends string>(
  body: TableRow[],
  width: number,
  report: { file: string; source: string; parse: ParseResearchReportMarkdown },
  kind: TableKind<Role>,
  counter: { rows: number },
  problems: Problem[],
  heldBack: HeldBackRow[],
): ReportTable<Role>['rows'] {
  const rows: ReportTable<Role>['rows'] = [];
  for (const row of body) {
    const { file } = report;
    const repaired = row.children.length > width ? splitOutsideCode(report, row, width) : undefined;
    if (row.children.length === width) rows.push({ row, cells: () => row.children.map(cellText) });
    else if (repaired) {
      problems.push(
        createProblem(
          'report/ragged-row',
          at(file, placeOf(row), `${kind.path}[${counter.rows}]`),
          `this ${kind.name} row has ${row.children.length} cells, the header has ${width}: a | inside a code span ends a cell in Markdown; the row is read with that | as text`,
          'write a | inside a cell as \\|, also inside `code`',
        ),
      );
      rows.push({ row, cells: () => repaired });
    } else {
      const reason = `this ${kind.name} row has ${row.children.length} cells, the header has ${width}`;
      const fix = 'give every row one cell per column; write a | inside a cell as \\|';
      problems.push(createProblem('report/ragged-row', at(file, placeOf(row), `${kind.path}[${counter.rows}]`), reason, fix));
      const first = row.children[0] ? cellText(row.children[0]).text : '';
      heldBack.push({ table: kind.table, index: counter.rows, ...placeOf(row), label: labelOf(first) ?? `row ${counter.rows + 1}`, reason, fix });
      rows.push({ row, cells: () => undefined });
    }
    counter.rows++;
  }
  return rows;
}

/**
 * A row's cells split again from its source line, with a `|` inside a code
 * span taken as text: what a researcher who wrote `` `a|b` `` meant. The
 * row is rebuilt with those pipes escaped and parsed again by the report's
 * parser, so its cells read as every other cell does.
 * @returns the cells, or undefined when that does not give one per column either.
 */
function splitOutsideCode(report: { source: string; parse: ParseResearchReportMarkdown }, row: TableRow, width: number): CellText[] | undefined {
  const start = row.position?.start.offset;
  const end = row.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const line = report.source.slice(start, end);
  const cells: Array<{ markdown: string; at: number }> = [];
  let current = '';
  let cellStart = 0;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (char === '\\' && line[index + 1] === '|') {
      current += '\\|';
      index++;
    } else if (char === '`') {
      const run = /^`+/.exec(line.slice(index))![0];
      const close = line.indexOf(run, index + run.length);
      const piece = close === -1 ? run : line.slice(index, close + run.length);
      current += piece.replace(/(?<!\\)\|/g, '\\|');
      index += piece.length - 1;
    } else if (char === '|') {
      cells.push({ markdown: current, at: cellStart });
      current = '';
      cellStart = index + 1;
    } else current += char;
  }
  cells.push({ markdown: current, at: cellStart });
  // The leading and trailing pipes leave empty pieces at either end.
  if (cells[0]?.markdown.trim() === '') cells.shift();
  if (cells.at(-1)?.markdown.trim() === '') cells.pop();
  if (cells.length !== width) return undefined;
  const table = `|${' x |'.repeat(width)}\n|${' - |'.repeat(width)}\n| ${cells.map((cell) => cell.markdown.trim()).join(' | ')} |\n`;
  const reread = report.parse(table).children[0];
  const rowCells = reread?.type === 'table' ? reread.children[1]?.children : undefined;
  if (!rowCells || rowCells.length !== width) return undefined;
  const line0 = row.position!.start.line;
  const column0 = row.position!.start.column;
  return cells.map(({ markdown, at: offset }, index) => ({
    ...cellText(rowCells[index]!),
    place: { line: line0, column: column0 + offset + (markdown.length - markdown.trimStart().length) },
  }));
}
