/**
 * Reading the CSL-JSON a DOI resolver answers with (`Accept:
 * application/vnd.citationstyles.csl+json`): the title, the authors, the
 * venue and the dates, cleaned of markup and bounded, ready for the lock.
 * Registration agencies differ (Crossref sends strings, some send lists;
 * dates come as `date-parts` of numbers or strings), so every field is read
 * leniently and left out when it cannot be read.
 */
import type { DoiMetadata, LockedName } from '../schema/sources-lock.js';

/**
 * The metadata in a CSL-JSON answer.
 * @param text the answer's body, decoded.
 * @returns the metadata, or why the text is not CSL-JSON.
 */
export function readCslJson(text: string): { metadata: DoiMetadata } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'the answer is not JSON' };
  }
  // A few agencies answer with a one-item list.
  if (Array.isArray(value) && value.length === 1) value = value[0];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'the answer is not a CSL-JSON item' };
  const item = value as Record<string, unknown>;
  const metadata: DoiMetadata = { authors: names(item.author) };
  const title = cleanText(first(item.title), 2_000);
  const subtitle = cleanText(first(item.subtitle), 2_000);
  const full = title && subtitle && !title.includes(subtitle) ? cleanText(`${title}: ${subtitle}`, 2_000) : title;
  if (full) metadata.title = full;
  set(metadata, 'venue', cleanText(first(item['container-title']), 2_000));
  set(metadata, 'venueShort', cleanText(first(item['container-title-short'] ?? item['journalAbbreviation']), 500));
  set(metadata, 'event', cleanText(first(item['event-title'] ?? item.event), 2_000));
  set(metadata, 'publisher', cleanText(first(item.publisher), 500));
  set(metadata, 'issued', cslDate(item.issued));
  set(metadata, 'publishedOnline', cslDate(item['published-online']));
  set(metadata, 'publishedPrint', cslDate(item['published-print']));
  set(metadata, 'type', cleanText(first(item.type), 100));
  if (!metadata.title && metadata.authors.length === 0 && !metadata.issued) return { problem: 'the CSL-JSON item has no title, author or date' };
  return { metadata };
}

/**
 * A CSL date as a partial date.
 * @param value a CSL date object: `{ "date-parts": [[2020, 3, 1]] }`.
 * @returns `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, or undefined when it is not a real date.
 */
export function cslDate(value: unknown): string | undefined {
  const parts = (value as { 'date-parts'?: unknown } | undefined)?.['date-parts'];
  const head = Array.isArray(parts) ? parts[0] : undefined;
  if (!Array.isArray(head)) return undefined;
  const numbers: number[] = [];
  for (const part of head.slice(0, 3)) {
    const number = typeof part === 'number' ? part : typeof part === 'string' && /^\d+$/.test(part.trim()) ? Number(part) : NaN;
    if (!Number.isInteger(number)) break;
    numbers.push(number);
  }
  const [year, month, day] = numbers;
  if (year === undefined || year < 1000 || year > 9999) return undefined;
  if (month === undefined || month < 1 || month > 12) return String(year);
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  if (day === undefined) return ym;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? `${ym}-${String(day).padStart(2, '0')}` : ym;
}

/** The CSL names of a list, bounded; literals for names given whole. */
function names(value: unknown): LockedName[] {
  if (!Array.isArray(value)) return [];
  const out: LockedName[] = [];
  for (const entry of value.slice(0, 5_000)) {
    if (entry === null || typeof entry !== 'object') continue;
    const record = entry as Record<string, unknown>;
    const name: LockedName = {};
    set(name, 'family', cleanText(record.family, 500));
    set(name, 'given', cleanText(record.given, 500));
    set(name, 'literal', cleanText(record.literal ?? record.name, 500));
    if (name.family || name.literal) out.push(name);
  }
  return out;
}

/** The first string of a string or a list of strings. */
function first(value: unknown): unknown {
  return Array.isArray(value) ? value.find((item) => typeof item === 'string') : value;
}

/**
 * Text without markup (Crossref titles carry `<i>`, `<sub>`, MathML), with
 * whitespace runs made one space, trimmed and bounded.
 * @param value a candidate string.
 * @param max the most characters kept.
 * @returns the text, or undefined when there is none.
 */
export function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(/<[^<>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" })[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/** Set a field only when it has a value (the types are exact: no `undefined` fields). */
function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}
