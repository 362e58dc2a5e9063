/**
 * What `research-pack ingest` prints about a plan: a summary of what the
 * report adds (the pass, claims, proposals, sources, leads, held-back rows,
 * experiments), and the list of rows held back with their places.
 */
import { shortDigests, type IngestPlan } from '@research-pack/core/ingest';

/** What the summary shows besides the plan. */
export interface SummaryContext {
  display: string;
  spec: string;
  current: string;
  reportTarget: string;
  copyReport: boolean;
  experiments: ReadonlyArray<{ marker: 'UNRUN' | 'RAN' }>;
  write: boolean;
  /** No recorded pass is later than this one: `review` shows its claim audit under the leads of earlier passes. */
  latest?: boolean;
}

/**
 * What the ingest adds, in a few lines.
 * @param plan the plan.
 * @param context the report, chapter and pass as shown.
 * @returns the lines, ending in a newline.
 */
export function summary(plan: IngestPlan, context: SummaryContext): string {
  const { pass } = plan;
  const lines = [`Ingest ${context.display} into ${context.spec}${context.write ? '' : ' (dry run)'}`];
  const revision =
    pass.fingerprint === undefined
      ? 'not stated'
      : pass.fingerprint === context.current
        ? `${pass.fingerprint.slice(0, 12)}… (the current revision)`
        : olderRevision(pass.fingerprint, context.current);
  lines.push(`  pass:        ${pass.date}, by ${pass.by}; report ${context.reportTarget}${context.copyReport ? ' (copied)' : ' (already there)'}`);
  lines.push(`  revision:    ${revision}`);

  const byHow = (how: string) => plan.claims.filter((match) => match.how === how).length;
  const how = [`${byHow('id')} by id`, `${byHow('exact')} by quoted text`, `${byHow('fuzzy')} by approximate text`].filter((part) => !part.startsWith('0 '));
  lines.push(`  claims:      ${plan.claims.length} audited${how.length > 0 ? ` (${how.join(', ')})` : ''}`);
  if (plan.filledClaims.length > 0) {
    lines.push(`               filled where the author had written nothing: ${plan.filledClaims.map((claim) => `${claim.id} (${claim.fields.join(', ')})`).join('; ')}`);
  }
  const added = plan.sources.filter((source) => source.action === 'new');
  const merged = plan.sources.filter((source) => source.action === 'merged');
  const unchanged = plan.sources.filter((source) => source.action === 'unchanged');
  lines.push(`  sources:     ${added.length} new${added.length > 0 ? ` (${added.map((source) => source.id).join(', ')})` : ''}, ${merged.length} merged, ${unchanged.length} already recorded`);
  for (const source of merged) lines.push(`               ${source.id}: matched by ${source.how === 'elided-id' ? 'its id with the middle left out' : source.how}; added ${source.filled.join(', ')}`);
  lines.push(`  leads:       ${plan.leads.length} added as status: lead${plan.leads.length > 0 ? ` (${plan.leads.map((lead) => lead.id).join(', ')})` : ''}; nothing validated`);
  const fresh = plan.proposals.filter((planned) => !planned.recorded);
  const refused = plan.proposals.filter((planned) => planned.recorded && planned.proposal.rejected !== undefined);
  const again = plan.proposals.length - fresh.length - refused.length;
  if (plan.proposals.length > 0) {
    lines.push(
      `  proposed:    ${fresh.length} claim${fresh.length === 1 ? '' : 's'} proposed${fresh.length > 0 ? ` (${fresh.map((planned) => planned.proposal.id).join(', ')})` : ''}${again > 0 ? `, ${again} already proposed by an earlier pass` : ''}${refused.length > 0 ? `, ${refused.length} rejected by the author and not proposed again (${refused.map((planned) => planned.proposal.id).join(', ')})` : ''}; not claims until the author accepts them`,
    );
    for (const planned of plan.proposals) {
      if (planned.sourcesAdded) lines.push(`               ${planned.proposal.id} (proposed earlier): sources added ${planned.sourcesAdded.join(', ')}`);
    }
  }
  if (plan.rejectedAgain.length > 0) {
    lines.push(`  rejected:    ${plan.rejectedAgain.length} source-claim link${plan.rejectedAgain.length === 1 ? '' : 's'} the author rejected, brought again and not added:`);
    for (const entry of plan.rejectedAgain) lines.push(`               ${entry.source} on ${entry.claim} (report line ${entry.line}): rejected as ${entry.lead}${entry.reason ? `, "${entry.reason}"` : ''}`);
  }
  if (plan.linkedAgain.length > 0) {
    // Not added, and not silent: what the pass says of a link the evidence has is read beside the item that records it.
    const count = plan.linkedAgain.length;
    const shown = context.latest ? " (`review` shows this pass's claim audit under the open ones)" : '';
    lines.push(`  again:       ${count} source-claim link${count === 1 ? '' : 's'} already in the evidence as the report gives ${count === 1 ? 'it' : 'them'}; no lead added${shown}:`);
    // One line per source: its rows' lines, then each claim and the items that link it.
    const bySource = new Map<string, typeof plan.linkedAgain>();
    for (const entry of plan.linkedAgain) bySource.set(entry.source, [...(bySource.get(entry.source) ?? []), entry]);
    for (const [source, entries] of bySource) {
      const rows = [...new Set(entries.flatMap((entry) => entry.lines))].sort((a, b) => a - b);
      const claims = entries.map((entry) => {
        const items = entry.items.map((item) => `${item.id} (${item.relation}, ${item.class}, ${item.thisPass ? 'added by this report' : item.status})`).join(', ');
        return `${entry.claim}${entry.relation === 'unresolved' ? '' : ` ${entry.relation}`} as ${items}`;
      });
      lines.push(`               ${source} (report line${rows.length === 1 ? '' : 's'} ${rows.join(', ')}): ${claims.join('; ')}`);
    }
  }
  if (plan.heldBack.length > 0) lines.push(`  held back:   ${plan.heldBack.length} row${plan.heldBack.length === 1 ? '' : 's'} (listed below; recorded in the pass)`);
  const unrun = context.experiments.filter((item) => item.marker === 'UNRUN').length;
  lines.push(`  experiments: ${unrun} UNRUN, ${context.experiments.length - unrun} RAN (kept in the report)`);
  return `${lines.join('\n')}\n`;
}

/**
 * The rows that cannot land, each with its place, why and how to fix it.
 * @param plan the plan.
 * @param display the report's path as shown.
 * @returns the list, or nothing when every row landed.
 */
export function heldBackList(plan: IngestPlan, display: string): string {
  if (plan.heldBack.length === 0) return '';
  const lines = ['', `Held back (${plan.heldBack.length}): these rows stay in the report and are listed in the pass; nothing else of theirs is written.`];
  for (const row of plan.heldBack) {
    lines.push(`  ${display}:${row.line}:${row.column}  ${row.table} ${JSON.stringify(row.label)}: ${row.reason}${row.fix ? `  (fix: ${row.fix})` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A pass's older revision beside the current one, each shown as far as it takes to tell them apart. */
function olderRevision(read: string, current: string): string {
  const [shownRead, shownCurrent] = shortDigests(read, current);
  return `${shownRead} (an older revision; the current one is ${shownCurrent})`;
}
