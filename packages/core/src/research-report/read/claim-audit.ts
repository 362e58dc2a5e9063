/**
 * Section 2, the claim audit: one row per claim, in one table or several,
 * read into plain data. A row names its claim by an id anywhere in its label
 * or claim cell, by a quote, or by a statement the author has not recorded
 * yet; which of these it is, `planIngest` decides against the chapter. A row
 * whose claim cell says nothing is held back.
 */
import { createProblem, quote, type Problem } from '../../problems/problem.js';
import { PrioritySchema, ResponseSchema, type Priority, type ProposedResponse, type VerdictStatus } from '../../schema/sidecars.js';
import { CLAIM_AUDIT_COLUMNS, CLAIM_AUDIT_EXAMPLE, type ClaimRole } from './columns.js';
import { at, idTokens, isNone, labelOf, markedStatus, placeOf, readEnum, UNVERIFIED, type CellText } from './node-text.js';
import type { ClaimAuditRow, HeldBackRow, ReportPlace } from './report-data.js';
import type { SectionNodes } from './sections.js';
import { cellOf, tablesOf } from './tables.js';

/**
 * Section 2: one row per claim.
 * @param section section 2.
 * @param file the report's path.
 * @param problems where problems go.
 * @param heldBack where rows that cannot be read go.
 * @returns the rows that could be read.
 */
export function readClaimAudit(section: SectionNodes, file: string, problems: Problem[], heldBack: HeldBackRow[]): ClaimAuditRow[] {
  const rows: ClaimAuditRow[] = [];
  let seen = 0;
  for (const table of tablesOf(section, file, { name: 'claim-audit', path: 'claim-audit', table: 'claim-audit', specs: CLAIM_AUDIT_COLUMNS, example: CLAIM_AUDIT_EXAMPLE }, problems, heldBack)) {
    for (const { row, cells: read } of table.rows) {
      const cells = read();
      const index = seen++;
      if (!cells) continue;
      const entry = readClaimRow(cellOf(table.columns, cells), cells, { index, ...placeOf(row) }, file, problems, heldBack);
      if (entry) rows.push(entry);
    }
  }
  return rows;
}

/** One claim-audit row; undefined (and held back) when it names no claim at all. */
function readClaimRow(
  cell: (role: ClaimRole) => CellText | undefined,
  cells: CellText[],
  where: { index: number } & ReportPlace,
  file: string,
  problems: Problem[],
  heldBack: HeldBackRow[],
): ClaimAuditRow | undefined {
  const path = `claim-audit[${where.index}]`;
  const claim = cell('claim')!;
  const labelCell = cell('label');
  const label = labelCell ? labelOf(labelCell.text) : undefined;
  // A plain word names a claim only where a label would stand: opening the cell, before a colon or a parenthesis ("header: …").
  const opening = /^[*`#\s]*([a-z0-9]+)[*`]*(?=\s*[:(,]|$)/.exec(claim.text)?.[1];
  const ids = [...(labelCell ? idTokens(labelCell) : []), ...idTokens(claim), ...(opening ? [opening] : [])].filter((id, index, all) => all.indexOf(id) === index);
  if (isNone(claim.text) && ids.length === 0) {
    const reason = 'the claim cell is empty';
    const fix = 'name the claim by its id, or quote its sentence as it reads in chapter-snapshot.txt';
    problems.push(createProblem('report/empty-cell', at(file, claim.place, `${path}.claim`), `${reason}; the row is held back`, fix));
    heldBack.push({ table: 'claim-audit', ...where, label: label ?? `row ${where.index + 1}`, reason, fix });
    return undefined;
  }
  const evidence = cell('evidence');
  const entry: ClaimAuditRow = {
    ...where,
    claimText: claim.text,
    claimAt: claim.place,
    ids: ids.map((value) => ({ value, ...(labelCell && idTokens(labelCell).includes(value) ? labelCell.place : claim.place) })),
    quotes: quotesOf(claim.text, claim.quotable),
    evidence: evidence?.text ?? '',
    unverified: cells.some((c) => UNVERIFIED.test(c.text)),
  };
  if (label && labelCell) entry.label = { value: label, ...labelCell.place };
  const named = namedId(labelCell, claim);
  if (named) entry.named = named;
  const location = cell('location');
  const line = snapshotLineOf(claim.text) ?? (location ? snapshotLineOf(location.text.replace(/^(\d+)$/, 'line $1')) : undefined);
  if (line !== undefined) entry.snapshotLine = line;
  const statusCell = cell('status');
  const status = (statusCell ? statusOf(statusCell.text) : undefined) ?? (evidence ? statusOf(evidence.text) : undefined);
  if (status) entry.status = status;
  const concern = cell('concern');
  // Its code spans kept as code (an outside author's finding: "`model` is the model…" lost its backticks).
  const concernText = concern && !isNone(concern.text) ? withoutAllClear(concern.prose ?? concern.text) : undefined;
  if (concernText) entry.concern = concernText;
  readPriorityAndResponse(entry, cell('priority'), cell('response'), path, file, problems);
  if (evidence && isNone(evidence.text) && !entry.unverified) {
    problems.push(
      createProblem(
        'report/missing-unverified',
        at(file, evidence.place, `${path}.evidence`),
        `the claim ${quote(claim.text)} has no current evidence, but its row does not say UNVERIFIED; it is recorded as unverified`,
        'write UNVERIFIED in the evidence cell when nothing supports or refutes the claim yet',
      ),
    );
  }
  return entry;
}

/** The priority and the proposed response, when the cells read as ones; a cell that does not is a warning. */
function readPriorityAndResponse(entry: ClaimAuditRow, priority: CellText | undefined, response: CellText | undefined, path: string, file: string, problems: Problem[]): void {
  if (priority && !isNone(priority.text)) {
    const value = readEnum(priority.text, PrioritySchema.options, PRIORITY_SYNONYMS);
    if (value) entry.priority = value as Priority;
    else problems.push(createProblem('report/unknown-value', at(file, priority.place, `${path}.priority`), `priority ${quote(priority.text)} is not high, medium or low; it is not recorded`));
  }
  if (response && !isNone(response.text)) {
    const value = readEnum(response.text.replace(/^(optional(ly)?|maybe|minor)\s+/i, ''), ResponseSchema.options, RESPONSE_SYNONYMS);
    if (value) entry.response = value as ProposedResponse;
    else {
      problems.push(
        createProblem(
          'report/unknown-value',
          at(file, response.place, `${path}.response`),
          `response ${quote(response.text)} does not start with one of ${ResponseSchema.options.join(', ')}; it is not recorded`,
        ),
      );
    }
  }
}

/**
 * The hyphenated id in the label cell's code or bold, or the one the claim
 * cell opens with: marked as one (`#id`, code, bold), or the whole cell
 * but for the snapshot line it gives (`bbr-unfair (line 7)`: an outside
 * report's claim cell, whose typo of an id became a proposed claim).
 */
function namedId(labelCell: CellText | undefined, claim: CellText): string | undefined {
  const inLabel = labelCell ? [...labelCell.codes, ...labelCell.strong].map((word) => word.trim()).find((word) => /^[a-z0-9]+(-[a-z0-9]+)+$/.test(word)) : undefined;
  if (inLabel) return inLabel;
  const opening = /^[*`\s]*(#?)([a-z0-9]+(?:-[a-z0-9]+)+)[*`]*(?=[\s:,(（：，]|$)/.exec(claim.text);
  if (!opening) return undefined;
  const id = opening[2]!;
  if (opening[1] === '#' || [...claim.codes, ...claim.strong].some((word) => word.trim().replace(/^#/, '') === id)) return id;
  return ONLY_A_LINE.test(claim.text.slice(opening[0].length)) ? id : undefined;
}

/**
 * The words a line reference opens with, before its number: `l.13`, `L22`,
 * `line 31`, `lines 9–11`, and as reports written in French, German and
 * Spanish (the languages whose headers the columns read) give them:
 * `ligne 7`, `l. 7`, `Z. 25`, `Zeile 25`, `línea 13`, `lín. 13`.
 */
const LINE_WORD = String.raw`(?:l\.|L(?=\d)|lines?\s+|lignes?\s+|Zl?\.|Zeilen?\s+|l[ií]neas?\s+|l[ií]n\.)`;

/**
 * The same words capitalised, which may also be the claim's own ("Line 1 of every session file is the header", a
 * review's finding): a line reference only where a cell opens with it and punctuation follows its number ("Line 20,
 * the JSON example …", the brief's way of naming a code block), or inside parentheses ("(Line 33)").
 */
const CAPITAL_LINE = String.raw`(?:Lines?|Lignes?|L[ií]neas?)\s+`;
const CAPITAL_LINE_REFERENCE = new RegExp(String.raw`(?:^\s*|\(\s*)(snap(?:shot)?\.?\s*)?${CAPITAL_LINE}(\d{1,6})(?=\s*(?:[–-]\s*\d{1,6}\s*)?[,:;)—–-])`, 'gu');

/** A line as Chinese, Japanese and Korean write it: `第 13 行`, `第13行`, `13行目`, `13행`, `13번째 줄` (the number in group 4, 5 or 6). */
const CJK_LINE = String.raw`(?:第\s*(\d{1,6})\s*行|(\d{1,6})\s*行目|(\d{1,6})\s*(?:번째\s*)?(?:행|줄)(?![\p{L}]))`;

/** Every line reference in a text: whether the brief's (1), whether the snapshot's (2), its (first) line (3, or 4 as Chinese and Japanese write it). */
const LINE_REFERENCE = new RegExp(String.raw`(?:^|[\s(;,[/（，、])(brief\s+)?(snap(?:shot)?\.?\s*)?(?:${LINE_WORD}\s*(\d{1,6})|${CJK_LINE})`, 'gu');

/** A line reference at the start of a text, with what separates it from the words after it ("Line 20, ", "Lines 28–34: ", "(l.13) "). */
const LEADING_LINE = new RegExp(String.raw`^[(（]?\s*(?:snap(?:shot)?\.?\s*)?(?:${LINE_WORD}\s*\d{1,6}(?:\s*[–-]\s*\d{1,6})?|${CAPITAL_LINE}\d{1,6}(?:\s*[–-]\s*\d{1,6})?(?=\s*[,:;)—–-])|${CJK_LINE}(?:的)?)\s*[)）]?[\s.:;,–—、，：-]*`, 'u');

/**
 * A claim cell's words without the snapshot line it opens with: "Line 20, the JSON example of an assistant message"
 * names the example, and a proposed claim's id is made of "the JSON example…", not of "line 20" (an outside report's
 * rows about a code block and a table, by their line as the brief asks).
 */
export function withoutLeadingLine(text: string): string {
  const rest = text.replace(LEADING_LINE, '');
  return rest === '' ? text : rest;
}

/** What may follow an id that is a whole claim cell: nothing, or the snapshot line it gives (`(line 7)`, `, l.13`, `— L22`, `(línea 13)`). */
const ONLY_A_LINE = new RegExp(String.raw`^[\s.:;,–—-]*(?:[(（]?\s*(?:snap(?:shot)?\.?\s*)?(?:(?:${LINE_WORD}|${CAPITAL_LINE})\s*\d{1,6}(?:\s*[–-]\s*\d{1,6})?|${CJK_LINE})\s*[)）]?)?[\s.。]*$`, 'u');

/**
 * Texts between double quotation marks, at least three characters long;
 * not the quotation marks inside code (`"parentId":"a1b2"`, JSON quoted as
 * code), which quote no sentence, though code inside a quote stays in it.
 */
function quotesOf(text: string, quotable: string | undefined): string[] {
  // Found in the text with code's quotation marks masked, taken from the text as written (the two align character for character).
  // Also between the corner brackets Chinese and Japanese quote with: 「Compaction never deletes…」.
  return [...(quotable ?? text).matchAll(/[“"]([^”"]{3,})[”"]|「([^」]{3,})」|『([^』]{3,})』/g)]
    .map((match) => text.slice(match.index + 1, match.index + 1 + (match[1] ?? match[2] ?? match[3])!.length).trim())
    .filter((quoted) => quoted.length >= 3);
}

/**
 * The snapshot line a claim cell gives: `(l.13)`, `(L22)`, `line 31`,
 * `snap. l.7`, `(l.9–11)` (its first line). A line marked as the brief's
 * (`brief l.13`) is not the snapshot's; one marked as the snapshot's wins.
 */
export function snapshotLineOf(text: string): number | undefined {
  const found = [
    ...[...text.matchAll(LINE_REFERENCE)].filter((match) => !match[1]).map((match) => ({ at: match.index, snapshot: match[2] !== undefined, line: Number(match[3] ?? match[4] ?? match[5] ?? match[6]) })),
    ...[...text.matchAll(CAPITAL_LINE_REFERENCE)].map((match) => ({ at: match.index, snapshot: match[1] !== undefined, line: Number(match[2]) })),
  ].sort((a, b) => a.at - b.at);
  // "(l.13 / snap l.7)": the line marked as the snapshot's wins.
  return (found.find((match) => match.snapshot) ?? found[0])?.line;
}

/**
 * The status an evidence cell opens with, as a lead for a proposed claim
 * (and what `verdict --from-pass` takes). A cell that goes on to say the
 * opposite of it for a part of the claim ("supports the precedence: … .
 * contradicts 'root folder': …", "supports the mechanism … unresolved on
 * 'quick'") gives none: an outside author found such a cell read as
 * "supported" and that word carried into the leads' notes and the next brief.
 */
function statusOf(text: string): VerdictStatus | undefined {
  const marked = text.replace(/[*_`]/g, '').trim();
  // "✅ holds.", "⚠️ partly": a mark before the words (an outside report); the words decide, else the mark.
  const mark = markedStatus(marked);
  // References ("[S1] Supported.") go before the mark is looked past.
  const said = wordsStatusOf(marked.replace(/\[[^\]]*\]/g, ' ').replace(/^[^\p{L}\p{N}]+/u, ''));
  return said === null ? undefined : (said ?? mark);
}

/** The status the words of a cell (its references left out) open with; null when they bear two ways on the claim (no status, whatever a mark says). */
function wordsStatusOf(text: string): VerdictStatus | null | undefined {
  const plain = text.trim().toLowerCase();
  const start = plain.slice(0, 80);
  // What a later clause opens with ("…; qualifies the example", ". contradicts 'root folder': …"); not a word inside one
  // ("No source contradicts it", "nothing in the docs qualifies it").
  const clauses = plain.slice(start.search(/\s/) + 1).split(/[.;:]\s+/).map((clause) => clause.replace(/^(?:and|but|while|whereas)\s+/, ''));
  const opens = (pattern: RegExp) => clauses.some((clause) => pattern.test(clause));
  if (/^(contradict|refuted|wrong|false|incorrect)/.test(start)) return opens(/^(supports?|supported|holds)\b/) ? null : 'contradicted';
  if (/^(qualif|mostly|partly|partially|overstated|incomplete|imprecise|supported,? (with|but)|supports?,? (with|but))/.test(start)) return 'qualified';
  if (/^(support|confirmed|holds|correct|true)/.test(start)) {
    // Another relation in a later clause, for a part of the claim: the row gives no one status.
    if (opens(/^(contradict(s|ed|ing)?|refut(es|ed)|unresolved)\b/)) return null;
    return opens(/^(qualif(ies|ied|y)|overstate[sd]?)\b/) ? 'qualified' : 'supported';
  }
  if (/^(unverified|not verified|unclear|unknown|unresolved)/.test(start)) return 'unverified';
  return undefined;
}

/** Other words for the priorities. */
const PRIORITY_SYNONYMS: Record<string, string> = { h: 'high', m: 'medium', l: 'low', med: 'medium', hi: 'high', lo: 'low' };

/** Other words for the proposed responses. */
const RESPONSE_SYNONYMS: Record<string, string> = {
  none: 'no-change',
  'no-changes': 'no-change',
  leave: 'no-change',
  keep: 'no-change',
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

/**
 * A concern cell without the words that say there is none: "Holds.",
 * "No concern.", "Correct." alone are no concern; "Holds. One caveat: …"
 * is the caveat. (An outside researcher opened every row's concern with
 * "Holds.", and readers would have seen "Open concern. Holds.")
 * @param text the cell's text.
 * @returns the concern, or undefined when the cell only clears the claim.
 */
export function withoutAllClear(text: string): string | undefined {
  const rest = text.replace(ALL_CLEAR, '').trim();
  return rest === '' ? undefined : rest === text.trim() ? text : rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** What opens a concern cell that clears the claim: "Holds.", "The sentence holds.", "No concern;", "None material.", "Supported.", "Correct —", "OK,". */
const HOLDS = String.raw`(?:(?:it|this|the\s+(?:claim|sentence|statement|passage|example|text|figure|number|count))\s+)?(?:still\s+)?holds`;
const ALL_CLEAR = new RegExp(
  String.raw`^\s*(?:${HOLDS}(?:\s+(?:as\s+(?:written|stated)|up))?|no\s+concerns?|none(?:\s+material)?|correct|accurate|fine|ok(?:ay)?|confirmed)\s*(?:[.;:!,]|\s[–—-])\s*|^\s*supported\s*[.;!]\s*|^\s*(?:${HOLDS}|no\s+concerns?|none\s+material|correct|accurate|confirmed|supported)\s*$`,
  'i',
);

