/**
 * Section 2, the claim audit: one row per claim, read into plain data (the
 * claim named by id, code span or quote; evidence, concern, priority and
 * proposed response).
 */
import { createProblem, quote, type Problem } from '../../problems/problem.js';
import { PrioritySchema, ResponseSchema, type Priority, type ProposedResponse } from '../../schema/sidecars.js';
import { CLAIM_AUDIT_COLUMNS } from './columns.js';
import { at, ID_SHAPE, isNone, placeOf, readEnum, UNVERIFIED } from './node-text.js';
import type { ClaimAuditRow } from './report-data.js';
import type { SectionNodes } from './sections.js';
import { cellOf, tablesOf } from './tables.js';

/**
 * Section 2: one row per claim.
 * @param section section 2.
 * @param file the report's path.
 * @param problems where problems go.
 * @returns the rows that could be read.
 */
export function readClaimAudit(section: SectionNodes, file: string, problems: Problem[]): ClaimAuditRow[] {
  const rows: ClaimAuditRow[] = [];
  let seen = 0;
  for (const table of tablesOf(section, file, { name: 'claim-audit', path: 'claim-audit', specs: CLAIM_AUDIT_COLUMNS }, problems)) {
    for (const { row, cells } of table.rows) {
      const index = seen++;
      if (!cells) continue;
      const path = `claim-audit[${index}]`;
      const cell = cellOf(table.columns, cells);
      const claim = cell('claim')!;
      const evidence = cell('evidence')!;
      const concern = cell('concern')!;
      const priority = cell('priority')!;
      const response = cell('response')!;
      const unverified = cells.some((c) => UNVERIFIED.test(c.text));
      const entry: ClaimAuditRow = {
        index,
        ...placeOf(row),
        claimText: claim.text,
        claimAt: claim.place,
        codeIds: claim.codes.map((code) => code.trim().replace(/^#/, '')).filter((code) => ID_SHAPE.test(code)),
        evidence: evidence.text,
        unverified,
      };
      const idCell = cell('claimId');
      if (idCell && !isNone(idCell.text)) {
        const id = idCell.text.replace(/^#/, '').replace(/`/g, '').trim();
        if (ID_SHAPE.test(id)) entry.id = { value: id, ...idCell.place };
        else problems.push(createProblem('report/invalid-value', at(file, idCell.place, `${path}.id`), `${quote(idCell.text)} is not a claim id`, 'claim ids are lowercase letters, digits and hyphens, as in the claims sidecar'));
      } else {
        const hash = /(?:^|[\s(,;])#([a-z0-9][a-z0-9-]*[a-z0-9]|[a-z0-9])(?![\w-])/.exec(claim.text);
        if (hash) entry.id = { value: hash[1]!, ...claim.place };
      }
      const quoted = /[“"]([^”"]{3,})[”"]/.exec(claim.text);
      if (quoted) entry.quote = quoted[1]!.trim();
      if (claim.text === '') problems.push(createProblem('report/empty-cell', at(file, claim.place, `${path}.claim`), 'the claim cell is empty', 'name the claim by id (`claim-id` or #claim-id) or quote it'));
      if (!isNone(concern.text)) entry.concern = concern.text;
      const readPriority = readEnum(priority.text, PrioritySchema.options, {});
      if (readPriority) entry.priority = readPriority as Priority;
      else if (!isNone(priority.text)) {
        problems.push(createProblem('report/unknown-value', at(file, priority.place, `${path}.priority`), `priority ${quote(priority.text)} is not high, medium or low; it is not recorded`));
      }
      const readResponse = readEnum(response.text, ResponseSchema.options, RESPONSE_SYNONYMS);
      if (readResponse) entry.response = readResponse as ProposedResponse;
      else if (!isNone(response.text)) {
        problems.push(
          createProblem(
            'report/unknown-value',
            at(file, response.place, `${path}.response`),
            `response ${quote(response.text)} does not start with one of ${ResponseSchema.options.join(', ')}; it is not recorded`,
          ),
        );
      }
      if (isNone(evidence.text) && !unverified) {
        problems.push(
          createProblem(
            'report/missing-unverified',
            at(file, evidence.place, `${path}.evidence`),
            `the claim ${quote(claim.text)} has no current evidence, but its row does not say UNVERIFIED`,
            'write UNVERIFIED in the evidence cell when nothing supports or refutes the claim yet',
          ),
        );
      }
      rows.push(entry);
    }
  }
  return rows;
}


/** Other words for the proposed responses. */
const RESPONSE_SYNONYMS: Record<string, string> = {
  none: 'no-change',
  'no-changes': 'no-change',
  'leave': 'no-change',
  'keep': 'no-change',
  clarify: 'clarification',
  correct: 'correction',
  cite: 'citation',
  'add-citation': 'citation',
  'add-a-citation': 'citation',
  'new-experiments': 'new-experiment',
  'add-example': 'new-example',
  'add-an-example': 'new-example',
  'add-section': 'new-section',
  'add-a-section': 'new-section',
};

