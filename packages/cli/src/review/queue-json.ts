/**
 * What awaits review as data (`review --format json`): per chapter, the
 * handles and what each item says, in the order the text lists them.
 */
import type { ReviewLead, ReviewQueue } from '@research-pack/core/model';
import type { ResearchPass } from '@research-pack/core/schema';
import { samePass, type AuditOf } from './queue-text.js';

/**
 * The queues of some chapters as JSON.
 * @param queues one per chapter.
 * @param asOf the date the model is computed for.
 * @param audit what the passes' claim audits say of each claim: a lead's `audit`, one entry per claim its pass's report has a row on.
 * @returns the JSON text, ending with a newline.
 */
export function renderQueueJson(queues: readonly ReviewQueue[], asOf: string, audit?: AuditOf): string {
  const chapters = queues.map((queue) => ({
    chapter: `${queue.chapter.book}/${queue.chapter.slug}`,
    count: queue.count,
    leads: queue.leads.map((lead) => ({
      handle: lead.handle,
      ...lead.item,
      sourceTitle: lead.source?.title ?? null,
      reading: lead.source?.reading ?? null,
      pass: lead.pass ? { date: lead.pass.date, by: lead.pass.by, report: lead.pass.report ?? null } : null,
      audit: lead.pass && audit ? auditRows(queue, lead, lead.pass, audit) : [],
      // What the chapter's latest pass says of its claims, when the lead is not of that pass (it may have run or read what the lead proposed).
      latest: latestAudit(queue, lead, audit),
    })),
    leadsByClaim: queue.leadsByClaim.map((group) => ({ claim: group.claim, leads: group.leads.map((lead) => lead.handle) })),
    proposals: queue.proposals.map((entry) => ({ handle: entry.handle, ...entry.proposal })),
    claims: queue.claims.map((entry) => ({
      handle: entry.handle,
      id: entry.claim.claim.id,
      status: entry.claim.status,
      stale: entry.stale,
      reviewDue: entry.reviewDue,
      verdict: entry.claim.claim.verdict,
      reviewedText: entry.reviewedText ?? null,
      text: entry.claim.text,
      textHash: entry.claim.textHash,
    })),
    upgrade: queue.upgrade ? { date: queue.upgrade.pass.date, by: queue.upgrade.pass.by, report: queue.upgrade.pass.report ?? null, proposal: queue.upgrade.proposal } : null,
  }));
  return `${JSON.stringify({ version: 1, asOf, chapters }, null, 2)}\n`;
}

/** What a pass's claim audit says of each of a lead's claims that it has a row on. */
function auditRows(queue: ReviewQueue, lead: ReviewLead, pass: ResearchPass, audit: AuditOf) {
  return lead.item.claims.flatMap((claim) => {
    const row = audit(queue.chapter, pass, claim);
    return row ? [{ claim, row: row.label, status: row.status ?? null, rationale: row.rationale ?? null }] : [];
  });
}

/** What the queue's latest pass says of a lead's claims, when the lead is of another pass and the report has rows on them; else null. */
function latestAudit(queue: ReviewQueue, lead: ReviewLead, audit: AuditOf | undefined) {
  const { latest } = queue;
  if (!latest || !audit || samePass(latest, lead.pass)) return null;
  const rows = auditRows(queue, lead, latest, audit);
  return rows.length === 0 ? null : { date: latest.date, report: latest.report ?? null, audit: rows };
}
