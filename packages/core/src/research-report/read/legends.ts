/**
 * A section's legend: the abbreviations its prose defines for its table's
 * headers and for itself ("R = reading status. V/A = date I checked the
 * metadata / date I last opened it."). An outside researcher headed the
 * ledger's reading column "R" and defined it above the table; the column was
 * not read, and every new source was held back for want of a reading status.
 */
import type { RootContent } from 'mdast';
import { blocksOf } from './sections.js';

/** A defined abbreviation: what it is short for. */
export type Legend = ReadonlyMap<string, string>;

/** "R = reading status", "V/A means verified / accessed", "Pri: priority": a short word, then what it stands for. */
const DEFINITION = /^\(?\s*([\p{L}\p{N}#][\p{L}\p{N}#/.+-]{0,7}?)\s*(=|:|—|–|\bmeans\b|\bstands for\b|\bis short for\b)\s*(\S.*?)\s*\)?\.?$/u;

/** What may be defined after a colon ("Pri: priority"): an abbreviation, not a label such as "Accessed: 2026-12-07". */
const ABBREVIATION = /^(?:[\p{Lu}\p{N}#][\p{L}\p{N}#.+-]{0,3}|[\p{L}\p{N}]{1,4}(?:\/[\p{L}\p{N}]{1,4})+)$/u;

/**
 * The abbreviations a section's prose (not its tables) defines, one per
 * sentence or list item.
 * @param nodes the section's blocks.
 * @returns each abbreviation as written, with what it stands for.
 */
export function sectionLegend(nodes: readonly RootContent[]): Legend {
  const legend = new Map<string, string>();
  for (const block of blocksOf(nodes)) {
    // Sentences and clauses: "R = reading status. V/A = verified / accessed; Pri = priority".
    for (const part of block.text.split(/(?<=[.;])\s+|;\s*|,\s+(?=[\p{L}\p{N}#/.+-]{1,8}\s*=)/u)) {
      const match = DEFINITION.exec(part.trim());
      if (!match) continue;
      const [, short, separator, meaning] = match as unknown as [string, string, string, string];
      if (separator === ':' && !ABBREVIATION.test(short)) continue;
      // A definition names something shorter than itself, in words: no date or number ("Accessed: 2026-12-07 for all rows").
      if (meaning.length > short.length && /\p{L}{3}/u.test(meaning) && !/\d/.test(meaning) && !legend.has(short)) legend.set(short, meaning);
    }
  }
  return legend;
}

/**
 * Text with the legend's abbreviations written out, each where it stands as a
 * word of its own ("All V/A dates are …" → "All verified / accessed dates are …").
 * @param text the text.
 * @param legend the section's legend.
 * @returns the text, expanded.
 */
export function expandLegend(text: string, legend: Legend): string {
  let expanded = text;
  for (const [short, meaning] of legend) {
    const escaped = short.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    expanded = expanded.replace(new RegExp(`(?<![\\p{L}\\p{N}/])${escaped}(?![\\p{L}\\p{N}/])`, 'gu'), meaning);
  }
  return expanded;
}
