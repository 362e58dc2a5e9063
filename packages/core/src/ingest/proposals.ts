/**
 * Claims a report proposes: claim-audit rows about no recorded claim. Each
 * becomes a proposed claim of the research sidecar, anchored by the words it
 * quotes as they read in the chapter snapshot (found exactly or
 * approximately, across an ellipsis), with the snapshot line, and with the
 * status, priority, response, concern and evidence the report gives as
 * leads. The claims sidecar is never touched: accepting a proposal is the
 * author's act.
 */
import { shorten } from '../problems/problem.js';
import type { ClaimAuditRow } from '../research-report/read.js';
import { withoutLeadingLine } from '../research-report/read/claim-audit.js';
import type { ProposedClaim } from '../schema/sidecars.js';
import { locateQuote } from '../text/quote-search.js';
import { fold, normalizeProse } from '../text/normalize.js';
import { normalizeTitle, searchUnits } from './match.js';
import { slug, uniqueId } from './ids.js';

/** What proposing needs: the chapter's snapshot, the ids in use and the proposals already recorded. */
export interface ProposalContext {
  snapshot: string;
  /** Claim ids of the chapter and ids of recorded proposals. */
  usedIds: Set<string>;
  /** Proposals already in the research sidecar. */
  recorded: readonly ProposedClaim[];
  reportPath: string;
  date: string;
}

/** A proposal planned from a row: new, or one an earlier pass already recorded. */
export interface PlannedProposal {
  row: ClaimAuditRow;
  proposal: ProposedClaim;
  /** An earlier pass proposed the same words: nothing is added but the sources this report links to it anew. */
  recorded: boolean;
  /** For a recorded proposal still open: the sources this report says bear on it that it did not list, added to its `sources`. */
  sourcesAdded?: string[];
}

/**
 * The proposed claim of each unmatched claim-audit row.
 * @param rows claim-audit rows about no recorded claim.
 * @param context the snapshot, ids in use, recorded proposals, and the pass.
 * @returns one planned proposal per row, in order.
 */
export function planProposals(rows: readonly ClaimAuditRow[], context: ProposalContext): PlannedProposal[] {
  const paragraphs = context.snapshot.replace(/\n$/, '').split('\n\n');
  const { search } = searchUnits(paragraphs);
  const planned: PlannedProposal[] = [];
  for (const row of rows) {
    const found = anchorRow(row, search, context.snapshot);
    // A row about a table row whose quote is one of its cells ("table row for /fork (\"an earlier user message\" → …)"): the
    // claim is the row, not that cell; it is proposed by its line, as a code block's is (an outside author's finding).
    const anchor = found && /\btable\s+row\b|\brow\s+(?:for|of)\b/i.test(row.claimText) && cellOfRow(context.snapshot, found) ? undefined : found;
    const statement = shorten(row.claimText || found?.quote || row.label?.value || 'a claim', 19_000);
    const same = context.recorded.find(
      (proposal) =>
        row.ids.some((id) => id.value === proposal.id) ||
        (anchor && proposal.quote && fold(normalizeProse(proposal.quote)) === fold(normalizeProse(anchor.quote))) ||
        normalizeTitle(proposal.statement) === normalizeTitle(statement),
    );
    if (same) {
      planned.push({ row, proposal: same, recorded: true });
      continue;
    }
    const suggested = row.named !== undefined && !context.usedIds.has(row.named) ? row.named : undefined;
    const id = suggested ?? uniqueId(slug(anchor?.quote ?? withoutLeadingLine(statement), 40) || 'proposed-claim', context.usedIds);
    context.usedIds.add(id);
    const proposal: ProposedClaim = {
      id,
      statement,
      ...(anchor ? { quote: anchor.quote } : {}),
      ...(anchor?.line ?? found?.line ?? row.snapshotLine ? { line: anchor?.line ?? found?.line ?? row.snapshotLine! } : {}),
      ...(row.status ? { status: row.status } : {}),
      ...(row.priority ? { priority: row.priority } : {}),
      ...(row.response ? { response: row.response } : {}),
      ...(row.concern ? { concern: shorten(row.concern, 19_000) } : {}),
      ...(row.evidence.trim() ? { evidence: shorten(row.evidence, 19_000) } : {}),
      sources: [],
      report: context.reportPath,
      ...(row.label ? { label: row.label.value } : {}),
      recorded: context.date,
    };
    planned.push({ row, proposal, recorded: false });
  }
  return planned;
}

/** The snapshot words a row quotes, and their line: the first quote found, whole or across an ellipsis. */
function anchorRow(row: ClaimAuditRow, search: ReturnType<typeof searchUnits>['search'], snapshot: string): { quote: string; line: number } | undefined {
  for (const quoted of row.quotes) {
    const pieces = quoted.split(/\s*(?:…|\.\.\.)\s*/).map((piece) => piece.trim()).filter((piece) => piece.length >= 3);
    const found = pieces.map((piece) => locate(search, piece, snapshot, row.snapshotLine)).filter((range) => range !== undefined);
    if (found.length === 0) continue;
    const first = found[0]!;
    const last = found.at(-1)!;
    // Across an ellipsis only within one paragraph; else the first piece alone.
    const end = last.start >= first.start && !snapshot.slice(first.start, last.end).includes('\n\n') ? last.end : first.end;
    const text = snapshot.slice(first.start, end).trim();
    if (text.length < 3 || text.length > 5_000) continue;
    return { quote: text, line: lineAt(snapshot, first.start) };
  }
  return undefined;
}

/** Where a piece of quoted text is in the snapshot; of several places, the one on the row's line, else the first. */
function locate(search: ReturnType<typeof searchUnits>['search'], piece: string, snapshot: string, line: number | undefined): { start: number; end: number } | undefined {
  const result = locateQuote(search, { quote: piece });
  if (result.kind === 'exact' || result.kind === 'fuzzy') return { start: result.start, end: result.end };
  if (result.kind === 'ambiguous') return result.ranges.find((range) => line !== undefined && lineAt(snapshot, range.start) === line) ?? result.ranges[0];
  return undefined;
}

/** Whether the quote found is a part of a row of one of the snapshot's tables (its cells stand between ` | `): one cell, not the row. */
function cellOfRow(snapshot: string, found: { quote: string; line: number }): boolean {
  const line = snapshot.split('\n')[found.line - 1] ?? '';
  return line.includes(' | ') && !found.quote.includes(' | ') && found.quote.length < line.length;
}

/** The 1-based line of an offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++;
  return line;
}
