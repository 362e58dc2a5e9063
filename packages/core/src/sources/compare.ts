/**
 * The ledger against the metadata the lock recorded: the title, the
 * authors, the venue and the publication date a DOI's registration agency
 * or arXiv gives. Differences are reported for a person to review, never
 * applied. Text is compared folded (case, accents, punctuation and markup
 * ignored); a date at the precision both sides give; an author by family
 * name, so "Yao, S." and "Shunyu Yao" agree.
 */
import type { DoiMetadata, LockedArxiv, LockedName } from '../schema/sources-lock.js';
import type { Source } from '../schema/sidecars.js';

/** One field where the ledger and the metadata differ. */
export interface MetadataMismatch {
  /** The ledger's field. */
  field: 'title' | 'authors' | 'venue' | 'published';
  /** Whose metadata: the DOI's registration agency, or arXiv. */
  from: 'doi' | 'arxiv';
  /** What the ledger says. */
  ledger: string;
  /** What the metadata says. */
  found: string;
}

/** The fields of a source the comparison reads. */
export type ComparedSource = Pick<Source, 'title' | 'authors' | 'venue' | 'published' | 'identifiers'>;

/**
 * Compare a source with its DOI's metadata.
 * @param source the ledger's entry.
 * @param metadata what the resolver gave.
 * @returns the fields that differ, in the order title, authors, venue, published.
 */
export function compareWithDoi(source: ComparedSource, metadata: DoiMetadata): MetadataMismatch[] {
  const mismatches: MetadataMismatch[] = [];
  if (metadata.title && !sameTitle(source.title, metadata.title)) mismatches.push({ field: 'title', from: 'doi', ledger: source.title, found: metadata.title });
  const authors = authorMismatch(source.authors, metadata.authors.map(nameParts));
  if (authors) mismatches.push({ field: 'authors', from: 'doi', ...authors });
  const venues = [metadata.venue, metadata.venueShort, metadata.event].filter((venue): venue is string => venue !== undefined);
  if (source.venue && venues.length > 0 && !venues.some((venue) => sameVenue(source.venue!, venue))) {
    mismatches.push({ field: 'venue', from: 'doi', ledger: source.venue, found: venues[0]! });
  }
  const dates = [metadata.issued, metadata.publishedOnline, metadata.publishedPrint].filter((date): date is string => date !== undefined);
  if (source.published && dates.length > 0 && !dates.some((date) => sameDate(source.published!, date))) {
    mismatches.push({ field: 'published', from: 'doi', ledger: source.published, found: dates.join(' / ') });
  }
  return mismatches;
}

/**
 * Compare a source with arXiv's metadata. The date is compared only for a
 * source without a DOI: a published paper's date is its DOI's, not its preprint's.
 * @param source the ledger's entry.
 * @param paper what the arXiv API gave.
 * @returns the fields that differ.
 */
export function compareWithArxiv(source: ComparedSource, paper: Pick<LockedArxiv, 'title' | 'authors' | 'published' | 'versionDate'>): MetadataMismatch[] {
  const mismatches: MetadataMismatch[] = [];
  if (paper.title && !sameTitle(source.title, paper.title)) mismatches.push({ field: 'title', from: 'arxiv', ledger: source.title, found: paper.title });
  const authors = authorMismatch(source.authors, paper.authors.map((name) => ({ family: lastWord(name), display: name })));
  if (authors) mismatches.push({ field: 'authors', from: 'arxiv', ...authors });
  const dates = [paper.published, paper.versionDate].filter((date): date is string => date !== undefined).map((date) => date.slice(0, 10));
  if (!source.identifiers.doi && source.published && dates.length > 0 && !dates.some((date) => sameDate(source.published!, date))) {
    mismatches.push({ field: 'published', from: 'arxiv', ledger: source.published, found: dates[0]! });
  }
  return mismatches;
}

/**
 * Text folded for comparison: compatibility-decomposed, accents dropped,
 * lowercase, every run of other than letters and digits one space.
 * @param text the text.
 * @returns the folded text.
 */
export function foldForComparison(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Titles agree folded, or when one is the other's main title (before its subtitle). */
function sameTitle(a: string, b: string): boolean {
  const fa = foldForComparison(a);
  const fb = foldForComparison(b);
  if (fa === fb) return true;
  const main = (title: string) => foldForComparison(title.split(/:\s|\s[-–—]\s/)[0] ?? title);
  return fa === main(b) || fb === main(a);
}

/** Venues agree folded, or when one holds the other (a journal's full and short names). */
function sameVenue(a: string, b: string): boolean {
  const fa = foldForComparison(a);
  const fb = foldForComparison(b);
  if (fa === fb) return true;
  return (fa.length >= 4 && ` ${fb} `.includes(` ${fa} `)) || (fb.length >= 4 && ` ${fa} `.includes(` ${fb} `));
}

/** Partial dates agree at the precision both give: `2023` and `2023-03-10` do. */
export function sameDate(a: string, b: string): boolean {
  const length = Math.min(a.length, b.length);
  return a.slice(0, length) === b.slice(0, length);
}

/** A CSL name as a family name and how to show it. */
function nameParts(name: LockedName): { family: string; display: string } {
  if (name.family) return { family: name.family, display: [name.given, name.family].filter(Boolean).join(' ') };
  const literal = name.literal ?? '';
  return { family: lastWord(literal), display: literal };
}

function lastWord(name: string): string {
  const words = foldForComparison(name).split(' ');
  return words[words.length - 1] ?? '';
}

const ET_AL = /^(et\.? al\.?|others|and others)$/i;

/**
 * Whether the ledger's authors are the metadata's: the same number (or
 * fewer, when the ledger ends with "et al."), each holding the family name
 * of the author at its place.
 */
function authorMismatch(ledger: readonly string[], found: ReadonlyArray<{ family: string; display: string }>): { ledger: string; found: string } | undefined {
  if (ledger.length === 0 || found.length === 0) return undefined;
  const etAl = ledger.some((name) => ET_AL.test(name.trim()));
  const named = ledger.filter((name) => !ET_AL.test(name.trim()));
  const countDiffers = etAl ? named.length > found.length : named.length !== found.length;
  const nameDiffers = named.some((name, index) => {
    const family = foldForComparison(found[index]?.family ?? '');
    return family === '' || !` ${foldForComparison(name)} `.includes(` ${family} `);
  });
  if (!countDiffers && !nameDiffers) return undefined;
  const shown = found.slice(0, 12).map((name) => name.display);
  return { ledger: ledger.join(', '), found: `${shown.join(', ')}${found.length > shown.length ? `, … (${found.length} authors)` : ''}` };
}
