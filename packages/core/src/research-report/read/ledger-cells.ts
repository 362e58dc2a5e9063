/**
 * The cells of a source-ledger row that take reading: the reading status,
 * the verified and accessed dates, and the claims a source bears on (with
 * the relation a cell may give).
 */
import { isDateString } from '../../schema/dates.js';
import { RelationSchema, type ReadingStatus, type Relation } from '../../schema/sidecars.js';
import { foldHeader } from './columns.js';
import { ID_SHAPE, isNone, readEnum, type CellText } from './node-text.js';
import type { BearsOn, ReportPlace } from './report-data.js';

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


/**
 * The reading status a cell gives.
 * @param text the cell's text.
 * @returns the status, or undefined when the cell does not say one.
 */
export function readReading(text: string): ReadingStatus | undefined {
  const folded = text.replace(/\bUNVERIFIED\b/g, '').toLowerCase().replace(/[-_*`]/g, ' ').replace(/\s+/g, ' ').trim();
  if (/^full( text)?\b/.test(folded)) return 'full-text';
  if (/^abstract( only)?\b/.test(folded)) return 'abstract-only';
  if (/^(not accessible|not accessed|inaccessible|no access|not available|unavailable|not read|could not (be )?(open|opened|access|accessed|read))\b/.test(folded)) return 'not-accessible';
  return undefined;
}


/** The dates of a ledger row, and the cells that are not dates. */
export interface ReadDates {
  verified?: string;
  accessed?: string;
  invalid: Array<{ text: string; place: ReportPlace; field: string }>;
}


/**
 * Verified and accessed dates, from one combined column or two.
 * @param combined the combined column's cell.
 * @param verified the verified column's cell.
 * @param accessed the accessed column's cell.
 * @param combinedHeader the combined column's header, which says which date comes first.
 * @returns the dates, and the cells that could not be read.
 */
export function readDates(combined: CellText | undefined, verified: CellText | undefined, accessed: CellText | undefined, combinedHeader: string | undefined): ReadDates {
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


/**
 * The claims a ledger row bears on: `a, supports b, c (contradicts)`.
 * @param cell the bears-on cell.
 * @param invalid called with each piece that is not a claim id.
 * @returns the claims named, with their relation when the cell gives one.
 */
export function readBearsOn(cell: CellText, invalid: (text: string) => void): BearsOn[] {
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

