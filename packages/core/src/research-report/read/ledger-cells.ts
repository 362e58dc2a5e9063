/**
 * The cells of a source-ledger row that take reading: the reading status
 * (in the researcher's words: "Excerpts only.", "Characters 0–48,000 of
 * 124,829"), the verified and accessed dates (found inside text), and the
 * claims a source bears on (ids, row labels, ranges, with the relation a
 * cell may give and notes in parentheses).
 */
import { isDateString } from '../../schema/dates.js';
import { valueHint } from '../../schema/hints.js';
import { RelationSchema, type Relation } from '../../schema/sidecars.js';
import { foldHeader } from './columns.js';
import { isNone, readEnum, type CellText } from './node-text.js';
import type { BearsOn, ReportedReading, ReportPlace } from './report-data.js';

/** Other words for the relations. */
export const RELATION_SYNONYMS: Record<string, string> = {
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

const NOT_ACCESSIBLE = /^(not accessible|not accessed|inaccessible|no access|not available|unavailable|not read|not opened|could ?n[o']t (be )?(open|opened|access|accessed|read|load|loaded|fetch|fetched|reach|reached)|failed to (open|load|fetch)|blocked|paywalled|unreachable|not reachable|not in (the )?store|not found)\b/;
const ABSTRACT = /^(abstract|summary only|title only|opening only|first page only|landing page only)\b/;
const SAME = /^(as (listed|recorded|before|above|in the ledger|in the brief)|same( as (before|recorded|listed))?|unchanged)\b/;
/** Words that say only part of a source was read. */
const PART = /\b(excerpts?|partial(ly)?|part|parts|sections?|chapters?|pages?|lines?|chars?|characters?|offsets?|bytes|first \d|searched|skimmed|selected|relevant|only|opening|portions?|%|\d[\d,]*\s*[–—-]\s*(\d|end))/;
const FULL = /^(full|complete|entire|whole|all of it|read in full|read( it)? (fully|completely))\b/;

/**
 * The reading status a cell gives, and for a partial reading what was read.
 * @param text the cell's text.
 * @returns the status (`as-recorded` for "as listed"), or undefined when the cell does not say one.
 */
export function readReading(text: string): { reading: ReportedReading; detail?: string } | undefined {
  const folded = text.replace(/\bUNVERIFIED\b/g, '').toLowerCase().replace(/[_*`]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^[^\p{L}\p{N}]+/u, '');
  if (folded === '') return undefined;
  if (NOT_ACCESSIBLE.test(folded)) return { reading: 'not-accessible' };
  if (SAME.test(folded)) return { reading: 'as-recorded' };
  if (ABSTRACT.test(folded)) return { reading: 'abstract-only' };
  // "Full text (via S2)" and "full text (also diffed in full against …)" are whole: a remark beside the reading, not a part of
  // the source; "Full text of lines 1–1400" or "Read 0–32,000 of 62,891" is a part.
  const rest = folded
    .replace(FULL, '')
    .replace(/^ ?text\b/, '')
    .replace(/\((?:via|also)\b[^)]*\)/g, '')
    .replace(/\([^)]*\bin full\b[^)]*\)/g, '')
    // "Full text (5893 chars)", "(about 40 lines)": the size of what was read whole, not a part of it (an outside report's).
    .replace(/\(\s*(?:about|around|approx(?:\.|imately)?|~|c\.)?\s*\d[\d,.\s]*(?:k|kb|mb)?\s*(?:chars?|characters?|bytes|lines?|words?|pages?|tokens?)?\s*(?:long|in all|in total|total)?\s*\)/g, '');
  if (PART.test(folded.startsWith('full') ? rest : folded)) return { reading: 'partial', detail: text.replace(/\s+/g, ' ').trim() };
  if (FULL.test(folded) || /^read\b/.test(folded)) return { reading: 'full-text' };
  return undefined;
}

/** The dates of a ledger row, the date cells that hold no date, and the dates that are no day of the calendar. */
export interface ReadDates {
  verified?: string;
  accessed?: string;
  invalid: Array<{ text: string; place: ReportPlace; field: string }>;
  /** Present when a cell gives one. */
  impossible?: Array<{ date: string; place: ReportPlace; field: string }>;
  /** The cells say the metadata was not verified ("UNVERIFIED / 2026-12-06", "not verified; accessed …"): no verified date, not even the report's default. */
  notVerified?: boolean;
}

/** A string written as YYYY-MM-DD, not inside a longer run of digits and hyphens. */
const DATE_SHAPE = /(?<![\d-])(\d{4}-\d{2}-\d{2})(?![\d-])/g;

/** A string of a text written as YYYY-MM-DD: whether it is a day of the calendar, and the words before it (since the date before it). */
interface DateMention {
  date: string;
  before: string;
  real: boolean;
}

/** Every string of a text written as YYYY-MM-DD, in order, real days and the others (`2026-02-30`, `2026-13-01`). */
function dateMentions(text: string, reach = 30): DateMention[] {
  const found: DateMention[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(DATE_SHAPE)) {
    found.push({ date: match[1]!, before: text.slice(Math.max(previousEnd, match.index - reach), match.index).toLowerCase(), real: isDateString(match[1]!) });
    previousEnd = match.index + match[0].length;
  }
  return found;
}

/**
 * The strings of a text written as YYYY-MM-DD that are no day of the calendar: `2026-02-30`, `2026-13-01`.
 * @param text any text.
 * @returns those strings, in order.
 */
export function impossibleDates(text: string): string[] {
  return dateMentions(text).flatMap((mention) => (mention.real ? [] : [mention.date]));
}

/**
 * What to say of a date that is no day, as the sidecars say it.
 * @param date a YYYY-MM-DD string `isDateString` rejects.
 * @param what what the date is, e.g. `the accessed date`.
 * @returns the message and the hint.
 */
export function noSuchDay(date: string, what: string): { message: string; hint: string } {
  return { message: `${what} "${date}" is no such day (not a real calendar date); it is left out`, hint: valueHint(['date'], date) };
}

/** The calendar dates written as YYYY-MM-DD in a text, with the words before each (since the date before it). */
export function datesIn(text: string, reach = 30): Array<{ date: string; before: string }> {
  return dateMentions(text, reach).flatMap(({ date, before, real }) => (real ? [{ date, before }] : []));
}

/**
 * Verified and accessed dates: from one combined column or two, each date
 * found inside its cell ("attempted 2026-12-01"), a combined cell read by
 * the words before each date or else in the header's order.
 * @param cells the combined, verified and accessed cells the table has.
 * @param combinedHeader the combined column's header, which says which date comes first.
 * @returns the dates, and the cells that hold text but no date.
 */
export function readDates(cells: { combined?: CellText | undefined; verified?: CellText | undefined; accessed?: CellText | undefined }, combinedHeader: string | undefined): ReadDates {
  const result: ReadDates = { invalid: [] };
  const impossible = (date: string, place: ReportPlace, field: string) => void (result.impossible ??= []).push({ date, place, field });
  const datesOf = (text: string, place: ReportPlace, field: string) => {
    const mentions = dateMentions(text);
    const found = mentions.filter((mention) => mention.real);
    const noDays = mentions.filter((mention) => !mention.real).map((mention) => mention.date);
    for (const date of noDays) impossible(date, place, field);
    const words = text.replace(/\bUNVERIFIED\b/g, '').trim();
    if (found.length === 0 && noDays.length === 0 && !isNone(words) && !/^(not verified|unverified|never|not checked)\.?$/i.test(words)) result.invalid.push({ text, place, field });
    return found;
  };
  const combined = cells.combined;
  if (combined) {
    const accessedFirst = accessedFirstIn(combinedHeader ?? '');
    const mentions = dateMentions(combined.text);
    const found = mentions.filter((mention) => mention.real);
    // The words that label a date are those after the last separator before it, without "UNVERIFIED" ("UNVERIFIED / 2026-12-06": none).
    const label = (mention: DateMention) => mention.before.split(/[/;,|]/).at(-1)!.replace(/\b(?:un ?verified|not verified)\b/g, ' ');
    const verified = found.find((entry) => /verif|checked/.test(label(entry)));
    const accessed = found.find((entry) => /access|opened|attempt|retriev|read|tried/.test(label(entry)));
    const parts = combined.text.split(/\s*\/\s*/);
    if (verified || accessed) {
      for (const { date, before, real } of mentions) if (!real) impossible(date, combined.place, /verif|checked/.test(before) ? 'verified' : 'accessed');
      if (verified) result.verified = verified.date;
      const date = accessed ?? found.find((entry) => entry !== verified);
      if (date) result.accessed = date.date;
    } else if (parts.length >= 2) {
      const [first, second] = [parts[0]!, parts.slice(1).join('/')];
      const v = datesOf(accessedFirst ? second : first, combined.place, 'verified')[0];
      const a = datesOf(accessedFirst ? first : second, combined.place, 'accessed')[0];
      if (v) result.verified = v.date;
      if (a) result.accessed = a.date;
    } else {
      const a = datesOf(combined.text, combined.place, 'accessed').at(-1);
      if (a) result.accessed = a.date;
    }
  }
  if (cells.verified) {
    const found = datesOf(cells.verified.text, cells.verified.place, 'verified');
    if (found[0]) result.verified = found[0].date;
  }
  // "UNVERIFIED / 2026-12-06", "not verified; accessed 2026-12-06": the metadata was not checked.
  const says = [combined?.text, cells.verified?.text].filter((text) => text !== undefined).join(' ');
  if (result.verified === undefined && /\b(?:UNVERIFIED|not verified|unverified|never verified|not checked)\b/i.test(says)) result.notVerified = true;
  if (cells.accessed) {
    const found = datesOf(cells.accessed.text, cells.accessed.place, 'accessed');
    if (found.length > 0) result.accessed = found.at(-1)!.date;
  }
  return result;
}

/** Whether a combined dates column's header names the accessed date first ("Accessed / verified"); the last header's answer is kept, as every row of a table asks. */
let lastHeader: { header: string; accessedFirst: boolean } | undefined;

function accessedFirstIn(combinedHeader: string): boolean {
  if (lastHeader?.header !== combinedHeader) {
    const header = foldHeader(combinedHeader);
    lastHeader = { header: combinedHeader, accessedFirst: header.includes('access') && header.includes('verif') && header.indexOf('access') < header.indexOf('verif') };
  }
  return lastHeader.accessedFirst;
}

/** " and " or " & " where it stands (sticky: matched at `lastIndex` only). */
const AND = /\s+(?:and|&)\s+/y;

/** Split a cell at commas, semicolons and " and " outside parentheses; each piece with whether a semicolon (or the cell's start) opens it. */
function pieces(text: string): Array<{ text: string; opensGroup: boolean }> {
  const parts: Array<{ text: string; opensGroup: boolean }> = [];
  let depth = 0;
  let current = '';
  let opensGroup = true;
  const end = (nextOpensGroup: boolean) => {
    const piece = current.trim();
    current = '';
    if (!piece) {
      opensGroup ||= nextOpensGroup;
      return;
    }
    parts.push({ text: piece, opensGroup });
    opensGroup = nextOpensGroup;
  };
  // Words in double quotes are one piece, commas and all ('notes "retires on November 30, 2026"').
  let quoteEnd = -1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (index < quoteEnd) {
      current += char;
      continue;
    }
    const closing = quoteEnds(text, index);
    if (closing !== undefined) {
      quoteEnd = closing + 1;
      current += char;
      continue;
    }
    if (char === '(' || char === '[') depth++;
    if ((char === ')' || char === ']') && depth > 0) depth--;
    let and: RegExpExecArray | null = null;
    if (depth === 0 && /\s/.test(char)) {
      AND.lastIndex = index;
      and = AND.exec(text);
    }
    if (depth === 0 && (char === ',' || char === ';')) end(char === ';');
    // "C4 / Q3": a slash between spaces parts references as a comma does.
    else if (depth === 0 && char === '/' && /\s/.test(text[index - 1] ?? '') && /\s/.test(text[index + 1] ?? '')) end(false);
    else if (and) {
      end(false);
      index += and[0].length - 1;
    } else current += char;
  }
  end(false);
  return parts;
}

/** The closing mark of each opening double quote: straight, English (“…”) and German („…“). */
const QUOTE_CLOSERS: Readonly<Record<string, string>> = { '"': '"', '\u201c': '\u201d', '\u201e': '\u201c' };

/**
 * Where the quotation that opens at a place ends: a double quote opens one after a space, "(" or the start of the text
 * (not an inch mark: `13"`), and its first closing mark ends it.
 * @param text the cell.
 * @param index the place.
 * @returns the index of its closing mark, or undefined when no quotation opens there.
 */
function quoteEnds(text: string, index: number): number | undefined {
  const closer = QUOTE_CLOSERS[text[index]!];
  if (closer === undefined || (index > 0 && !/[\s([]/.test(text[index - 1]!))) return undefined;
  // The first closing mark ends it, whatever follows ("„Cache“-Verhalten", "fast"-path): a review's finding.
  const end = text.indexOf(closer, index + 1);
  return end === -1 ? undefined : end;
}

/** A claim id or a row label: `tree-in-place`, `C1`, `12`, `N3`, `C1b`. */
const REF = /^#?([a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?|[A-Za-z]{0,4}\d{1,4}[a-z]?)$/;
const RANGE = /^([A-Za-z]{0,4}\d{1,4}[a-z]?)\s*(?:[–—-]|\.\.|to)\s*([A-Za-z]{0,4}\d{1,4}[a-z]?)$/;
const RELATION_WORD = /^(supports|qualifies|contradicts|unresolved|supported by|qualified by|contradicted by|support|qualify|contradict|refutes)\b:?\s*/i;

/**
 * Each parenthesized group of a text (outermost only, nested ones inside
 * it: `C8 ("via newSession({ parentSession })")`) replaced by what `replace`
 * makes of its inside; an unclosed one is left as written.
 */
function replaceGroups(text: string, replace: (inner: string) => string): string {
  let out = '';
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '(') {
      if (depth === 0) start = index;
      depth++;
    } else if (char === ')' && depth > 0) {
      depth--;
      if (depth === 0) out += replace(text.slice(start + 1, index));
    } else if (depth === 0) out += char;
  }
  return depth > 0 ? out + text.slice(start) : out;
}

/**
 * The claims a ledger row bears on: `a, supports b, c (contradicts)`, row
 * labels (`C1, C1b`), ranges (`C4–C9`, `rows 7–20`) and notes in
 * parentheses (`C7 (Q3)`), which are not references.
 * @param cell the bears-on cell.
 * @param unread called with each piece that names no claim or row.
 * @returns the references, with their relation when the cell gives one.
 */
export function readBearsOn(cell: CellText, unread: (text: string) => void): BearsOn[] {
  const result: BearsOn[] = [];
  if (isNone(cell.text)) return result;
  // "supports C6, C7 and C10; qualifies C5": a relation word before a list holds for the list, up to a semicolon or the next relation.
  let listed: Relation | undefined;
  for (const { text: piece, opensGroup } of pieces(sentencesApart(withAsciiPunctuation(cell.text)))) {
    if (opensGroup) listed = undefined;
    let relation: Relation | undefined;
    const groups: string[] = [];
    let text = replaceGroups(piece, (inner) => {
      groups.push(inner);
      const value = readEnum(inner, RelationSchema.options, RELATION_SYNONYMS);
      if (value) relation = value as Relation;
      // "(1)": a reference written tentatively.
      return /^\s*[A-Za-z]{0,4}\d{1,4}[a-z]?\s*$/.test(inner) && piece.trim().startsWith('(') ? inner : ' ';
    });
    text = text.replace(/[`*]/g, '').replace(/\bUNVERIFIED\b/g, '').trim();
    const lead = RELATION_WORD.exec(text);
    if (lead) {
      relation = readEnum(lead[1]!.split(' ')[0]!, RelationSchema.options, RELATION_SYNONYMS) as Relation;
      listed = relation;
      text = text.slice(lead[0].length);
    }
    // The relation after the id: "tree-in-place contradicts", "C4: qualifies".
    const trail = /\s*[:—–-]?\s+(supports|qualifies|contradicts|unresolved|supported|qualified|contradicted)\.?$/i.exec(text);
    if (trail && !lead) {
      relation = readEnum(trail[1]!, RelationSchema.options, RELATION_SYNONYMS) as Relation;
      text = text.slice(0, trail.index);
    }
    relation ??= listed;
    text = text.replace(/^(rows?|claims?|items?|nos?\.?)\s+/i, '').replace(/[.:]$/, '').trim();
    if (isNone(text) || /^(lead|all|none)$/i.test(text)) continue;
    const range = RANGE.exec(text);
    const ref = REF.exec(text);
    // "history of 4": a reference at the end of a few words; "section 1" is the report's, "research question 3" the brief's, not a claim.
    // (Not after a row label the piece opens with: "C1 for pi-ai" is about C1, a review's finding.)
    const inside = !range && !ref && !/^(section|§|see|(research )?questions?|lines?|l\.)\b/i.test(text) && !/^[A-Z]{1,4}\d{1,4}[a-z]?\s+\S/.test(text) ? /(?:^|\s)([A-Z]{1,4}\d{1,4}[a-z]?|\d{1,4}|[a-z0-9]+(?:-[a-z0-9]+)+)$/.exec(text) : null;
    // "C9 for 0.73.1", "C2 history", "tree-in-place as worded": a row label (or an id, before a word such as "for"), then a note in words.
    const noted = !range && !ref && !inside ? /^([A-Z]{1,4}\d{1,4}[a-z]?(?=\s+\S)|[a-z0-9]+(?:-[a-z0-9]+)+(?=\s+(?:for|as|in|on|about|when|if|because|since|via|through|regarding|only|where|except|but|at)\s))/.exec(text) : null;
    if (noted) {
      result.push({ ref: noted[1]!, ...cell.place, ...(relation ? { relation } : {}) });
      continue;
    }
    if (!range && !ref && !inside) {
      // "research question 3 (C4)": words that name nothing, and the reference in parentheses after them.
      const named = groups.flatMap((inner) => inner.split(/\s*(?:,|;|\band\b)\s*/)).map((part) => part.replace(/[`*]/g, '').trim()).filter((part) => /^[A-Z]{1,4}\d{1,4}[a-z]?$/.test(part) || /^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(part) || RANGE.test(part));
      if (named.length === 0) {
        unread(piece.trim());
        continue;
      }
      for (const part of named) {
        const within = RANGE.exec(part);
        result.push({ ...(within ? { ref: within[1]!, to: within[2]! } : { ref: part }), ...cell.place, ...(relation ? { relation } : {}) });
      }
      continue;
    }
    const entry: BearsOn = range ? { ref: range[1]!, to: range[2]!, ...cell.place } : { ref: (ref?.[1] ?? inside![1])!, ...cell.place };
    if (relation) entry.relation = relation;
    result.push(entry);
  }
  return result;
}

/** Chinese and Japanese punctuation as the ASCII the cell readers split at: "supports C20。C6 の…", "C6、C7" (an outside report in Japanese). */
const CJK_PUNCTUATION: Record<string, string> = { '。': '; ', '、': ', ', '，': ', ', '；': '; ', '：': ': ', '（': ' (', '）': ') ' };

/**
 * A cell's text with the full stops, commas, semicolons, colons and
 * parentheses of Chinese and Japanese as their ASCII counterparts (a full
 * stop ends a group of claims, as a semicolon does), and without the Korean
 * particles written onto row labels.
 */
function withAsciiPunctuation(text: string): string {
  const ascii = /[。、，；：（）]/.test(text) ? text.replace(/[。、，；：（）]/g, (char) => CJK_PUNCTUATION[char]!) : text;
  // A Korean particle written onto a row label ("C4를 contradicts", "C5와 C8은"): the label without it.
  return /[A-Z]\d{1,4}[a-z]?[가-힣]/.test(ascii) ? ascii.replace(/\b([A-Z]{1,4}\d{1,4}[a-z]?)(?:으로|를|을|는|은|에|의|와|과|로|가|이|도)(?![가-힣])/g, '$1') : ascii;
}

/**
 * A full stop that ends a group, as a semicolon does: before a relation word ("supports C1, C3. qualifies C5"), or
 * after a row label when a word in another script follows, where the relation comes after its claims ("…N7. qualifies
 * C5, C8. 새 규칙 …로 C4를 contradicts", an outside report in Korean, r-27-n), or before claims the relation follows
 * ("supports C12. C8 qualifies"). Not after a date, a version or a word
 * ("as of 2026-11-30. C2 unchanged"), nor before a sentence that names a claim to leave it out ("supports C2. C3 is not
 * affected"): those stay one piece, as they were (a review's findings).
 */
function sentencesApart(text: string): string {
  if (!text.includes('. ')) return text;
  return text
    .replace(/\.\s+(?=(?:supports|qualifies|contradicts|unresolved)\b)/gi, '; ')
    .replace(/\b([A-Z]{1,4}\d{1,4}[a-z]?)\.\s+(?=[^\x00-\x7F])/g, '$1, ')
    // "supports C12. C8 qualifies": the next sentence names claims and then how the source bears on them (r-27-n).
    .replace(/\.\s+(?=[A-Z]{1,4}\d{1,4}[a-z]?(?:\s*(?:,|and|와|과)\s*[A-Z]{1,4}\d{1,4}[a-z]?)*\s+(?:supports|qualifies|contradicts|unresolved)\b)/g, '; ');
}
