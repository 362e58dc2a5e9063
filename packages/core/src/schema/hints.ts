/**
 * Hints: how to fix a value the schema rejected, in the author's terms. Each
 * looks at the field's name, the value written and what the schema expects,
 * and suggests the usual fix (quote it, pad the date, retype a look-alike
 * character, write the id in lowercase with hyphens).
 */
import { isDateString } from './dates.js';
import { isOptional, numberRange, objectKeys, type Schema } from './shape.js';
import { groupDigits, quote } from '../problems/problem.js';

/** A hint for a wrong type, where a common slip explains it. */
export function typeHint(expected: string, value: unknown, fieldSchema: Schema | undefined, written?: string): string | undefined {
  if (value === null) {
    return isOptional(fieldSchema) ? 'write a value after the colon, or remove the key' : 'write a value after the colon';
  }
  // Quoted as written: `0070` is the number 70 once read, and the id "0070".
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return `quote it: "${written ?? String(value)}"`;
  if ((expected === 'number' || expected === 'int') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return `write it without quotes: ${value.trim()}`;
  }
  if (expected === 'boolean' && typeof value === 'string') return 'write true or false, without quotes';
  if (expected === 'array' && (typeof value === 'string' || typeof value === 'number')) return 'write each entry on its own line starting with "- "';
  if (expected === 'object' && typeof value === 'string') return 'write the fields as indented key: value lines below the key';
  return undefined;
}

/** What a whole file must look like, for a file that is a list or a scalar. */
export function rootHint(root: Schema): string {
  const keys = objectKeys(root);
  return `the file is a mapping: start each line at the left margin with one of its keys (${keys.join(', ')}) and a colon`;
}

/** How to bring a string, list or number within its bounds. */
export function sizeHint(code: 'too_small' | 'too_big', origin: string, limit: number | bigint, value: unknown, fieldSchema: Schema | undefined, field: string): string {
  const optional = isOptional(fieldSchema);
  if (origin === 'string') {
    if (code === 'too_big') return `shorten it to at most ${formatNumber(limit)} characters; put longer text in a linked document`;
    if (typeof value === 'string' && value.trim() === '') return optional ? 'write the text, or remove the key' : 'write the text';
    if (field === 'quote') return 'quote the whole sentence as it reads in the prose';
    return `write at least ${formatNumber(limit)} characters`;
  }
  if (origin === 'array') {
    if (code === 'too_big') return `list at most ${formatNumber(limit)} entries`;
    return optional ? `list at least ${formatNumber(limit)} entr${Number(limit) === 1 ? 'y' : 'ies'}, or remove the key` : `list at least ${formatNumber(limit)} entr${Number(limit) === 1 ? 'y' : 'ies'}`;
  }
  const range = fieldSchema ? numberRange(fieldSchema) : undefined;
  if (range) return `write a whole number from ${formatNumber(range.min)} to ${formatNumber(range.max)}`;
  return `write a number ${code === 'too_small' ? 'of at least' : 'of at most'} ${formatNumber(limit)}`;
}

/** How to write a value of a field with a format (ids, dates, identifiers), by the field's name. */
export function formatHint(path: readonly PropertyKey[], value: unknown): string {
  const field = String([...path].reverse().find((segment) => typeof segment === 'string') ?? '');
  const text = typeof value === 'string' ? value : '';
  if (/^\d{4}-\d{2}-\d{2}[T ]/.test(text)) return `write the date only: ${text.slice(0, 10)}`;
  switch (field) {
    case 'doi':
      return 'write the DOI itself, starting with "10." (no https://doi.org/ in front), e.g. 10.1145/3368089.3409742';
    case 'arxiv':
      return /^\d{4}\.\d{4,5}$/.test(text) ? `add the version you read, e.g. ${text}v1` : 'write the arXiv id with its version, e.g. 2210.03629v3';
    case 'isbn':
      return 'write the 10 or 13 digits of the ISBN, hyphens allowed';
    case 'github':
      return 'write the repository as owner/name, e.g. example/notebooks';
    case 'branch':
      return 'write a branch name such as main';
    case 'textHash':
      return 'run `research-pack reviewed <claim>` to record the textHash of its current wording, or remove the key';
    case 'fingerprint':
      return "copy the chapter's fingerprint (64 hex characters) from its research pack";
    case 'id':
    case 'slug':
    case 'source':
    case 'run':
    case 'claims':
      return idHint(text);
    default:
      break;
  }
  if (typeof path.at(-1) === 'number' && field === 'claims') return idHint(text);
  if (/date|accessed|verified|recorded|published|updated/i.test(field)) return 'write the date as YYYY-MM-DD, e.g. 2026-01-31';
  return 'rewrite the value in the form the message gives';
}

/** Suggest the id an author probably meant: lowercase, hyphens for anything else. */
function idHint(value: string): string {
  // "pack-index - delta-in-pack": a list item indented under the one above, which YAML reads as more of its value.
  const folded = / - ([a-z0-9][a-z0-9-]*)/.exec(value);
  if (folded) return `YAML read the next line ("- ${folded[1]}") as more of this value: its "-" is indented deeper than this item's; line it up with the "-" above it`;
  if ([...value].length > 80) return 'shorten it to at most 80 characters';
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (slug && slug !== value) return `did you mean ${quote(slug)}?`;
  return 'use lowercase ASCII letters, digits and single hyphens, e.g. "session-tree"';
}

/** How to fix a value a schema refined away (impossible dates, URLs, ...). */
export function valueHint(path: readonly PropertyKey[], value: unknown): string {
  const field = String([...path].reverse().find((segment) => typeof segment === 'string') ?? '');
  const text = typeof value === 'string' ? value : '';
  if (field === 'url' || field === 'archiveUrl') {
    return /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^https?:/i.test(text)
      ? 'only http:// and https:// URLs are linked; remove this one, or write the https:// address of the document'
      : 'write the full address, starting with https:// (or http://)';
  }
  const date = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(text);
  if (date) {
    const month = date[2] === undefined ? 1 : Number(date[2]);
    if (month < 1 || month > 12) return 'months run from 01 to 12';
    const year = Number(date[1]);
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const name = new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
    return `${name} ${year} has ${days} days; check the day and the month`;
  }
  if (field === 'id' || field === 'slug' || field === 'source' || field === 'run' || field === 'claims') return idHint(text);
  return 'rewrite the value as the message says';
}

/** Point out characters that look like ASCII but are not, the usual cause of a valid-looking id being rejected. */
export function nonAsciiHint(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const char = [...value].find((entry) => entry.codePointAt(0)! > 0x7e || entry.codePointAt(0)! < 0x20);
  if (!char) return undefined;
  const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return char.codePointAt(0)! < 0x20 ? `it contains ${quote(char)} (${code}), a control character; remove it` : `it contains ${quote(char)} (${code}), which is not plain ASCII; retype it`;
}

/**
 * The ISO form of a date written another way: without leading zeros
 * (`2024-1-5`); day first (`20/11/2026`, `20.11.2026`, `20-11-2026`) when the
 * day cannot be a month (over 12), as `05/11/2026` could be either and gets
 * none; or with the month's name (`7 Dec 2026`, `December 7, 2026`).
 * @param value what was written.
 * @returns `YYYY-MM-DD` of a real day, or undefined.
 */
export function isoDateOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const named = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i.exec(text) ?? /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(text);
  let parts: [string, string, string] | undefined;
  if (iso) parts = [iso[1]!, iso[2]!, iso[3]!];
  else if (dayFirst && Number(dayFirst[1]) > 12) parts = [dayFirst[3]!, dayFirst[2]!, dayFirst[1]!];
  else if (named) {
    const [day, month] = /^\d/.test(named[1]!) ? [named[1]!, named[2]!] : [named[2]!, named[1]!];
    const number = monthNumber(month);
    if (number !== undefined) parts = [named[3]!, String(number), day];
  }
  if (!parts) return undefined;
  const padded = `${parts[0]}-${parts[1].padStart(2, '0')}-${parts[2].padStart(2, '0')}`;
  return isDateString(padded) ? padded : undefined;
}

/** Suggest the ISO form of a date written another way (`isoDateOf`). */
export function dateHint(value: unknown): string | undefined {
  const date = isoDateOf(value);
  return date === undefined ? undefined : `did you mean ${quote(date)}?`;
}

/**
 * The number of a month named in words, whole or shortened (`Dec`, `sept`).
 * @param name the month's name.
 * @returns 1 to 12, or undefined.
 */
export function monthNumber(name: string): number | undefined {
  const index = name.length < 3 ? -1 : MONTHS.findIndex((month) => month.startsWith(name.toLowerCase()));
  return index === -1 ? undefined : index + 1;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A number as problems write it: whole numbers with thousands separators. */
export function formatNumber(value: number | bigint): string {
  return typeof value === 'bigint' || Number.isInteger(value) ? groupDigits(value) : String(value);
}
