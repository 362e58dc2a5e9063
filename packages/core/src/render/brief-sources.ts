/**
 * The sources lock's facts on a source's lines in the research brief: when
 * its link, DOI and arXiv id were last checked and what they said ("never
 * checked" when the book has no lock), a change since it was read, a newer
 * version, and the archived copy to start from when the link is dead. The
 * phrases are the pack page's (`source-facts.ts`); like every line of the
 * brief they are plain text, one line each, inert as Markdown (`inertText`).
 */
import { inertText, oneLine } from '../markup/markdown.js';
import { sourceCheckOf } from '../model/queries.js';
import type { ChapterModel } from '../model/types.js';
import type { Source } from '../schema/sidecars.js';
import { safeHref } from '../site/safe-url.js';
import { notLinked } from './brief-wording.js';
import { sourceCheckData } from './source-check-data.js';
import { factLine, sourceFacts, type FactPart } from './source-facts.js';

/**
 * The lines the lock adds under a source of the brief's ledger.
 * @param chapter the chapter (its `sourceChecks`).
 * @param source the ledger entry.
 * @returns lines indented like the source's other lines; none when the model was built without the locks.
 */
export function briefSourceLines(chapter: ChapterModel, source: Source): string[] {
  const check = sourceCheckOf(chapter, source.id);
  if (check === undefined) return [];
  const data = sourceCheckData(check);
  const lines = sourceFacts(source, data).map((fact) => `  ${factLine(fact).map(partText).join('')}`);
  if (data.link?.health === 'dead' && (data.link.archive !== null || source.archiveUrl !== undefined)) {
    lines.push('  The link is dead: start from the archived copy.');
  }
  return lines;
}

function partText(part: FactPart): string {
  if (typeof part === 'string') return part;
  if ('recorded' in part) return inertText(oneLine(part.recorded));
  const href = safeHref(part.url);
  return href ?? `${inertText(oneLine(part.text ?? part.url))} (${notLinked(part.url)})`;
}
