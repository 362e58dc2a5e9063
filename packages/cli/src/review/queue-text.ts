/**
 * What awaits review, for a terminal: one block per item, each headed by
 * its handle, with what the decision needs (for a lead its source,
 * relation, class, locator, what it says and the pass it came from; for a
 * proposal its quote and what the report said; for a claim the wording
 * reviewed beside the current one), and the command that decides it.
 * Sidecar text is shown with control characters spelled out, so a sidecar
 * cannot drive the terminal.
 */
import { READING, STALE_REASON, STATUS_WORD, type ChapterModel, type ReviewClaim, type ReviewLead, type ReviewProposal, type ReviewQueue } from '@research-pack/core/model';
import type { ReportedVerdict } from '@research-pack/core/review';
import type { ResearchPass } from '@research-pack/core/schema';

/**
 * What a pass's claim audit says of a claim (`passAudit`, its report read
 * once), for the leads of that pass: the evidence a lead's relation is
 * read from. Undefined when the report is not there or has no row for it.
 */
export type AuditOf = (chapter: ChapterModel, pass: ResearchPass, claim: string) => ReportedVerdict | undefined;

const LABEL_WIDTH = 10;

/**
 * One chapter's queue as text.
 * @param queue from `reviewQueue`.
 * @param audit what the passes' claim audits say of each claim, shown under their leads.
 * @returns the text, ending with a newline.
 */
export function renderQueueText(queue: ReviewQueue, audit?: AuditOf): string {
  const { chapter } = queue;
  const spec = `${chapter.book}/${chapter.slug}`;
  if (queue.count === 0 && !queue.upgrade) return `${spec}: nothing awaits review.\n`;
  const lines = [queue.count === 0 ? `${spec}: nothing awaits review` : `${spec}: ${summaryOf(queue)} await${queue.count === 1 ? 's' : ''} review`];
  if (queue.leads.length > 0) {
    lines.push('', `Leads, by the claim they bear on (decide with: accept <handle>, or reject <handle> --why "…")`);
    const shown = new Map<string, string>();
    for (const group of queue.leadsByClaim) {
      const known = chapter.claims.some((claim) => claim.claim.id === group.claim);
      lines.push('', `  ${group.claim}${known ? '' : ' (no such claim in the chapter)'}`);
      for (const lead of group.leads) {
        // A lead on several claims is shown in full once, and named under the others.
        const first = shown.get(lead.item.id);
        if (first) lines.push(`    ${lead.handle}  ${lead.item.id} (shown above, under ${first})`);
        else lines.push(...leadBlock(lead, group.claim, audit && ((pass, claim) => audit(chapter, pass, claim)), false, queue.latest));
        if (!first) shown.set(lead.item.id, group.claim);
      }
    }
  }
  if (queue.proposals.length > 0) {
    lines.push('', 'Proposed claims (decide with: accept-claim <handle> [--id <id>], or reject <handle> --why "…")');
    for (const proposal of queue.proposals) lines.push('', ...proposalBlock(proposal));
  }
  if (queue.claims.length > 0) {
    lines.push('', 'Claims to review again (decide with: reviewed <handle>, or verdict <handle> <status> --rationale "…")');
    for (const claim of queue.claims) lines.push('', ...claimBlock(claim, queue.reviewAfterDays));
  }
  if (queue.upgrade) {
    const { pass } = queue.upgrade;
    lines.push('', `Upgrade proposal of the research pass of ${pass.date}${pass.report ? ` (${plain(pass.report)})` : ''}: changes to the prose, for the author to make`);
    for (const line of queue.upgrade.proposal.split('\n')) lines.push(line.trim() === '' ? '' : `    ${plain(line)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * "3 leads, 2 proposed claims, 1 claim".
 * @param queue the queue.
 * @returns the counts in words.
 */
export function summaryOf(queue: ReviewQueue): string {
  const parts = [count(queue.leads.length, 'lead'), count(queue.proposals.length, 'proposed claim'), count(queue.claims.length, 'claim to review again', 'claims to review again')];
  const nonzero = parts.filter((part) => !part.startsWith('0 '));
  return nonzero.length === 0 ? 'nothing' : nonzero.join(', ');
}

/**
 * A lead's block.
 * @param lead the lead.
 * @param group the claim it is listed under.
 * @param audit what a pass's claim audit says of a claim, when the rows are shown.
 * @param walk shown in `review --interactive`, which asks for the relation itself: no command-line hint.
 * @param latest the chapter's latest pass, when it has a report (`ReviewQueue.latest`): what its claim audit says is shown too when the lead is not of it.
 * @returns its lines.
 */
export function leadBlock(lead: ReviewLead, group: string, audit?: (pass: ResearchPass, claim: string) => ReportedVerdict | undefined, walk = false, latest?: ResearchPass): string[] {
  const { item, source } = lead;
  const lines = [`    ${lead.handle}  ${item.id}`];
  const reading = source ? `, ${READING[source.reading].word}` : '';
  lines.push(field('source', source ? `${item.source}: ${plain(source.title)}${reading}` : `${item.source} (not in the ledger)`));
  const others = item.claims.filter((claim) => claim !== group);
  // Unresolved, it backs no verdict: the author says what it does as they accept it, one relation for all its claims or one
  // per group of them. The form is a template, not a suggestion: each claim's relation is the author's reading of the source.
  const each = item.claims.length > 1 ? `, for all its claims; or one per group of them, each claim once: --relation <relation>=<claim>,<claim> --relation <relation>=<claim>` : '';
  const unresolved = item.relation === 'unresolved' ? (walk ? ' (accepting it, you say what it does)' : ` (accept it with --relation supports, qualifies or contradicts${each})`) : '';
  lines.push(field('relation', `${item.relation}${unresolved}; class ${item.class}${others.length > 0 ? `; also bears on ${others.join(', ')}` : ''}`));
  if (item.locator) lines.push(field('locator', plain(item.locator)));
  if (item.note) lines.push(field('says', plain(item.note)));
  // What the pass's claim audit says of each of its claims: what the relation is read from, without the report open beside.
  const rows = audit && lead.pass ? item.claims.flatMap((claim) => auditLine(claim, audit(lead.pass!, claim))) : [];
  for (const [index, row] of rows.entries()) lines.push(index === 0 ? field('audit', row) : `${' '.repeat(7 + LABEL_WIDTH)}${row}`);
  // A later pass may have run or read what this lead proposed (an outside author's finding: a reproduced timing sat only in the
  // report, under an UNRUN experiment lead): what it says of the lead's claims is shown beside it.
  if (audit && latest && !samePass(latest, lead.pass)) {
    const later = item.claims.flatMap((claim) => auditLine(claim, audit(latest, claim)));
    // Named as `from:` names a pass: two passes of one day are told apart by their reports.
    for (const [index, row] of later.entries()) lines.push(index === 0 ? field('latest', `the research pass of ${latest.date} (${plain(latest.report ?? '')}), ${row}`) : `${' '.repeat(7 + LABEL_WIDTH)}${row}`);
  }
  lines.push(field('from', lead.pass ? `the research pass of ${lead.pass.date} (${plain(lead.pass.by)}${lead.pass.report ? `; ${plain(lead.pass.report)}` : ''})` : `recorded ${item.recorded}, no research pass named`));
  return lines;
}

/**
 * A proposed claim's block.
 * @param entry the proposal.
 * @returns its lines.
 */
export function proposalBlock({ handle, proposal }: ReviewProposal): string[] {
  const where = [proposal.line ? `snapshot line ${proposal.line}` : undefined, proposal.label ? `row ${plain(proposal.label)}` : undefined, `research pass of ${proposal.recorded}`].filter(Boolean).join(', ');
  const lines = [`    ${handle}  ${proposal.id}  (${where})`];
  lines.push(field('quote', proposal.quote ? `"${plain(proposal.quote)}"` : `none found in the snapshot (anchor it with a :claim directive and --directive <id>); the report says: ${plain(proposal.statement)}`));
  const reported = [proposal.status ? `status ${proposal.status}` : undefined, proposal.priority ? `priority ${proposal.priority}` : undefined, proposal.response ? `response ${proposal.response}` : undefined].filter(Boolean);
  if (reported.length > 0) lines.push(field('report', `${reported.join(', ')} (the report's words, leads for the author)`));
  if (proposal.concern) lines.push(field('concern', plain(proposal.concern)));
  if (proposal.evidence) lines.push(field('evidence', plain(proposal.evidence)));
  if (proposal.sources.length > 0) lines.push(field('sources', `${proposal.sources.join(', ')} (become leads on the claim when it is accepted)`));
  return lines;
}

/**
 * A claim's block: why it is listed, the wording reviewed and the wording now.
 * @param entry the claim.
 * @param reviewAfterDays the book's review interval.
 * @returns its lines.
 */
export function claimBlock(entry: ReviewClaim, reviewAfterDays: number): string[] {
  const { claim } = entry;
  const { verdict } = claim.claim;
  const why = [
    entry.stale ? `stale: ${STALE_REASON[entry.stale]}` : undefined,
    entry.reviewDue ? `review due: its newest validated evidence is older than ${reviewAfterDays} days` : undefined,
  ].filter(Boolean);
  const lines = [`    ${entry.handle}  ${claim.claim.id}  (${STATUS_WORD[verdict.status]}${verdict.date ? ` on ${verdict.date}` : ''}${verdict.by ? ` by ${plain(verdict.by)}` : ''}; ${why.join('; ')})`];
  if (entry.stale === 'text-changed' || entry.stale === 'no-text-hash') {
    lines.push(field('reviewed', entry.reviewedText ? `"${plain(entry.reviewedText)}"` : verdict.textHash ? `not recorded (the verdict records only its textHash, ${verdict.textHash})` : 'not recorded (the verdict records neither textHash nor text)'));
    lines.push(field('now', `"${plain(claim.text)}" (textHash ${claim.textHash})`));
  } else if (entry.stale === 'fuzzy-anchor' && entry.reviewedText !== undefined && entry.reviewedText !== claim.text) {
    // Found only approximately, and the wording the verdict was given on differs: both shown, so that a re-confirmation is made knowing what changed.
    lines.push(field('reviewed', `"${plain(entry.reviewedText)}"`));
    lines.push(field('found', `"${plain(claim.text)}" (textHash ${claim.textHash})`));
  } else {
    lines.push(field(entry.stale === 'fuzzy-anchor' ? 'found' : 'wording', `"${plain(claim.text)}"`));
  }
  if (verdict.rationale) lines.push(field('rationale', plain(verdict.rationale)));
  return lines;
}

/**
 * Whether two passes are one (passes are recorded by date and report).
 * @param a a pass.
 * @param b another, if any.
 * @returns true when they have the same date and report.
 */
export function samePass(a: ResearchPass, b: ResearchPass | undefined): boolean {
  return b !== undefined && a.date === b.date && a.report === b.report;
}

/** `C2 on header-metadata-only: supported; "The post shows …"`, or nothing when the report has no row on the claim. */
function auditLine(claim: string, row: ReportedVerdict | undefined): string[] {
  if (!row) return [];
  return [`row ${plain(row.label)} on ${claim}: ${row.status ?? 'no status given'}${row.rationale ? `; "${plain(row.rationale)}"` : ''}`];
}

function field(label: string, value: string): string {
  return `${' '.repeat(6)}${`${label}:`.padEnd(LABEL_WIDTH)} ${value}`;
}

function count(value: number, singular: string, pluralWord = `${singular}s`): string {
  return `${value} ${value === 1 ? singular : pluralWord}`;
}

/**
 * Text from a sidecar, safe for a terminal: control, bidirectional and line-separator characters spelled out.
 * @param text the text.
 * @returns it on one line.
 */
export function plain(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (char) => (char === '\n' ? ' ' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
