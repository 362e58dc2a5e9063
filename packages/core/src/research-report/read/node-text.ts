/**
 * The text of the report's nodes, as the row readers need it: plain text on
 * one line, the code spans and links of a cell, and where a node starts.
 * The words a cell may say for "nothing" and the markers (UNVERIFIED,
 * UNRUN) are defined here once.
 */
import type { Nodes, TableCell } from 'mdast';
import type { ProblemPlace } from '../../problems/problem.js';
import type { VerdictStatus } from '../../schema/sidecars.js';
import type { ReportPlace } from './report-data.js';

/** What stands for a quotation mark inside code in `CellText.quotable`. */
export const CODE_QUOTE = '\uE000';

/** A table cell as text, with its code spans, links and place. */
export interface CellText {
  text: string;
  /** `text` with the quotation marks inside code spans masked (`CODE_QUOTE`), character for character; only when there are any. */
  quotable?: string;
  codes: string[];
  /** `text` with its code spans in backticks, as written (`` `model` is the model``); only when there are any. For text the sidecars keep (a concern, a source's limitations), where the backticks say what is code. */
  prose?: string;
  /** The text of bold (strong) spans. */
  strong: string[];
  links: string[];
  place: ReportPlace;
}

/** The tag a table cell breaks a line with: `<br>`, `<br/>`, `<BR />`. */
const LINE_BREAK_TAG = /^<br\s*\/?>$/i;

/** Blocks whose children are separate lines of text. */
const LINE_PER_CHILD = new Set(['listItem', 'list', 'blockquote', 'tableRow', 'table']);

/**
 * Plain text of a node as the researcher wrote it: text, code and raw HTML
 * as written (`Vec<T>`, `<summary>`), a link's or emphasis's words, an
 * image's description, a footnote call as `[^label]`, a hard break (or
 * `<br>`) as a space, one line per child of a list, list item, blockquote or table.
 * Nothing the parse yields is dropped but frontmatter and definitions,
 * which are not text of the report's sections.
 * @param node any mdast node.
 * @param maskCodeQuotes write the quotation marks inside code spans as `CODE_QUOTE`.
 * @param ticks write code spans in backticks, as Markdown does.
 * @returns its text.
 */
export function textOf(node: Nodes, maskCodeQuotes = false, ticks = false): string {
  switch (node.type) {
    case 'inlineCode': {
      if (ticks) {
        // As Markdown writes it: a fence longer than any run of backticks inside, spaced when the code starts or ends with one.
        const fence = '`'.repeat(Math.max(0, ...[...node.value.matchAll(/`+/g)].map((run) => run[0].length)) + 1);
        const pad = node.value.startsWith('`') || node.value.endsWith('`') ? ' ' : '';
        return `${fence}${pad}${node.value}${pad}${fence}`;
      }
      // The quotation marks of code (`"parentId":"a1"`) quote no sentence: one character each, so offsets stay.
      return maskCodeQuotes ? node.value.replace(/["“”]/g, CODE_QUOTE) : node.value;
    }
    case 'text':
    case 'code':
      return node.value;
    case 'html':
      // `<br>` is how a table cell says "new line"; read it as a hard break is.
      return LINE_BREAK_TAG.test(node.value) ? ' ' : node.value;
    case 'break':
      return ' ';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    case 'footnoteReference':
      return `[^${node.label ?? node.identifier}]`;
    case 'yaml':
    case 'definition':
      return '';
    default: {
      if (!('children' in node)) return '';
      const children = node.children as Nodes[];
      // Most cells hold one text node.
      if (children.length === 1) return textOf(children[0]!, maskCodeQuotes, ticks);
      const separator = LINE_PER_CHILD.has(node.type) ? '\n' : '';
      return children.map((child) => textOf(child, maskCodeQuotes, ticks)).join(separator);
    }
  }
}

/**
 * Where a node starts.
 * @param node an mdast node, possibly without a position.
 * @returns its 1-based line and column, or 0 and 0.
 */
export function placeOf(node: { position?: { start: { line: number; column: number } } | undefined } | undefined): ReportPlace {
  return { line: node?.position?.start.line ?? 0, column: node?.position?.start.column ?? 0 };
}

/**
 * A problem's place in the report.
 * @param file the report's path.
 * @param place where, or undefined for the whole report.
 * @param path the part of the report, e.g. `claim-audit[2].priority`.
 * @returns the place `createProblem` takes.
 */
export function at(file: string, place: ReportPlace | undefined, path: string): ProblemPlace {
  return { file, line: place?.line ?? 0, column: place?.column ?? 0, path };
}

/**
 * A table cell's text (on one line), code spans and link targets.
 * @param cell the cell.
 * @returns its text and where its content starts.
 */
export function cellText(cell: TableCell): CellText {
  const found: CellText = { text: oneSpace(textOf(cell)), codes: [], strong: [], links: [], place: placeOf(cell.children[0] ?? cell) };
  // A plain walk, not unist-util-visit: a 10,000-row ledger has 70,000 cells, and this is most of reading them.
  for (const child of cell.children) gather(child, found);
  if (found.codes.some((code) => /["“”]/.test(code))) found.quotable = oneSpace(textOf(cell, true));
  if (found.codes.length > 0) found.prose = oneSpace(textOf(cell, false, true));
  return found;
}

/** The code spans, bold text and link targets of a node and its descendants, in document order. */
function gather(node: Nodes, found: Pick<CellText, 'codes' | 'strong' | 'links'>): void {
  if (node.type === 'inlineCode') found.codes.push(node.value);
  else if (node.type === 'strong') found.strong.push(oneSpace(textOf(node)));
  // An address GFM links by itself (`x@lab.example`) is text the researcher wrote, not a link they gave.
  else if (node.type === 'link' && node.url !== `mailto:${textOf(node)}`) found.links.push(node.url);
  if ('children' in node) for (const child of node.children as Nodes[]) gather(child, found);
}

/**
 * White space collapsed to single spaces, trimmed.
 * @param text any text.
 * @returns the text on one line.
 */
export function oneSpace(text: string): string {
  // Most text has single spaces only: it is not copied.
  return MORE_THAN_A_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
}

/** Two white-space characters in a row, or one that is not a space. */
const MORE_THAN_A_SPACE = /\s\s|[^\S ]/;

/**
 * Whether a cell says nothing: empty, a dash, "none", "n/a".
 * @param text the cell's text.
 * @returns true when nothing is stated (an UNVERIFIED marker aside).
 */
export function isNone(text: string): boolean {
  // The longest of these words is 21 characters: most cells are longer, and say something.
  if (text.length > 40 && !text.includes('UNVERIFIED') && text.trim().length > 40) return false;
  const plain = text.replace(/\bUNVERIFIED\b/g, '').trim();
  return /^(|[-–—‐]+|none( (recorded|given|found|noted|known))?\.?|not recorded\.?|n\/?a\.?|nothing\.?|no concerns?( recorded)?\.?|not applicable\.?)$/i.test(plain) || NONE_ELSEWHERE.test(plain);
}

/**
 * "None" in the other languages whose reports are read: French, German, Spanish, Japanese, Chinese and Korean ("Aucune.", an
 * outside report in French, became the open concern of four claims; "なし", one in Japanese).
 */
const NONE_ELSEWHERE = /^(?:aucun(?:e|s|es)?|rien|néant|neant|keine?|nichts|ningun[oa]|ninguno|nada|sin (?:objeciones|preocupaciones)|なし|無し|特になし|特に無し|特にない|无|無|没有|暂无|없음|없습니다|해당 없음|특이사항 없음)[.。]?$/i;

/** The marker of something the report could not verify. */
export const UNVERIFIED = /\bUNVERIFIED\b/;
/** The marker of an experiment not run. */
export const UNRUN = /\bUNRUN\b/;
/** The marker of an experiment run. */
export const RAN = /\bRAN\b/;
/** The shape of a claim or source id. */
export const ID_SHAPE = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/**
 * Read a cell as one of some words: `correction (see 5.1)` → `correction`.
 * @param text the cell's text.
 * @param options the words.
 * @param synonyms other words and the word each means.
 * @returns the word, or undefined when the cell starts with none of them.
 */
export function readEnum(text: string, options: readonly string[], synonyms: Record<string, string>): string | undefined {
  const folded = text
    .replace(/\bUNVERIFIED\b/g, '')
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-');
  for (const word of longestFirst(options, synonyms)) {
    if (folded === word || (folded.startsWith(word) && /^[^a-z0-9]/.test(folded.slice(word.length)))) return synonyms[word] ?? word;
  }
  return undefined;
}

/** The words of each `readEnum` vocabulary, longest first, kept: a ledger reads a few per row. */
const vocabularies = new WeakMap<readonly string[], WeakMap<Record<string, string>, string[]>>();

function longestFirst(options: readonly string[], synonyms: Record<string, string>): string[] {
  let bySynonyms = vocabularies.get(options);
  if (!bySynonyms) vocabularies.set(options, (bySynonyms = new WeakMap()));
  let words = bySynonyms.get(synonyms);
  if (!words) bySynonyms.set(synonyms, (words = [...options, ...Object.keys(synonyms)].sort((a, b) => b.length - a.length)));
  return words;
}

/**
 * Where a piece of text is inside a node, by searching the node's source.
 * @param source the report's text.
 * @param node the node the text is in.
 * @param text the piece of text.
 * @returns its place, or the node's when it is not found as written.
 */
export function locateInSource(source: string, node: Nodes, text: string): ReportPlace {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? source.length;
  const found = source.slice(start, end).indexOf(text);
  if (found === -1) return placeOf(node);
  const before = source.slice(0, start + found);
  const line = before.split('\n').length;
  return { line, column: start + found - before.lastIndexOf('\n') };
}

/**
 * The id-shaped words of a cell, in the order they stand: code spans, bold
 * text and `#id` as they are; in plain text, only hyphenated words (a plain
 * word such as "header" is too likely to be prose).
 * @param cell the cell.
 * @returns lowercase ids, each once.
 */
export function idTokens(cell: CellText): string[] {
  const found: string[] = [];
  const add = (word: string) => {
    const id = word.trim().replace(/^#/, '').replace(/[.,:;!?)]+$/, '');
    if (ID_SHAPE.test(id) && !id.includes('--') && !found.includes(id)) found.push(id);
  };
  for (const code of cell.codes) add(code);
  for (const bold of cell.strong) add(bold);
  for (const match of cell.text.matchAll(/(?<![\w./-])#?([a-z0-9]+(?:-[a-z0-9]+)+|#[a-z0-9]+)(?![\w/-]|\.\w)/g)) add(match[1]!);
  // In the order they stand in the cell: the first claim id named is the row's claim.
  const at = (id: string) => {
    const index = cell.text.indexOf(id);
    return index === -1 ? Infinity : index;
  };
  return found.sort((a, b) => at(a) - at(b));
}

/**
 * The label a row gives itself in its label cell: the first word, such as `C1`, `12`, `N3`, `S2a`.
 * @param text the label cell's text.
 * @returns the label, or undefined for an empty cell or a dash.
 */
export function labelOf(text: string): string | undefined {
  if (isNone(text)) return undefined;
  const word = /^[#*`\s]*([\p{L}\p{N}][\p{L}\p{N}._-]*)/u.exec(text)?.[1]?.replace(/[.]+$/, '');
  return word === undefined || word.length > 40 ? undefined : word;
}

/** The marks researchers open a status with ("✅ holds.", "⚠️ partly"), each with the status it stands for. */
const STATUS_MARKS: ReadonlyArray<readonly [string, VerdictStatus]> = [
  ['✅✔☑✓', 'supported'],
  ['⚠🟡🟠', 'qualified'],
  ['❌✖✗🔴⛔', 'contradicted'],
  ['❓❔', 'unverified'],
];

/** A status mark at the start of a text, with the variation selector that may follow it. */
export const STATUS_MARK = new RegExp(`^\\s*(?:${STATUS_MARKS.flatMap(([marks]) => [...marks]).join('|')})\\uFE0F?`, 'u');

/**
 * The status a mark at the start of a text stands for.
 * @param text a cell's text.
 * @returns the mark's status, or undefined when the text opens with none.
 */
export function markedStatus(text: string): VerdictStatus | undefined {
  const mark = STATUS_MARK.exec(text)?.[0].trim().replace('\uFE0F', '');
  return mark === undefined ? undefined : STATUS_MARKS.find(([marks]) => [...marks].includes(mark))?.[1];
}
