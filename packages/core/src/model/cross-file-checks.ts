/**
 * The cross-file checks of a chapter, one function per check, run in this
 * order by `validateChapter`: ids that must be unique, what evidence names
 * (claims, sources, runs), verdicts that need evidence, references that name
 * a source, notebooks, and research passes with their report files. Each
 * reads `ChapterRecords` and appends its problems there, and skips what
 * reads a file that failed to load.
 */
import path from 'node:path';
import { inspectPath } from '../load/read-file.js';
import type { LoadedSidecar } from '../load/sidecar.js';
import { unsafePathReason } from '../load/paths.js';
import { closest, formatPath, quote, type YamlPath } from '../problems/problem.js';
import type { EvidenceItem, Relation, VerdictStatus } from '../schema/sidecars.js';
import { checkDate, report, sidecarName, type ChapterRecords } from './chapter-records.js';

/** The relation evidence must have to back each verdict. */
export const verdictRelations: Record<Exclude<VerdictStatus, 'unverified'>, Relation> = {
  supported: 'supports',
  qualified: 'qualifies',
  contradicted: 'contradicts',
};

/**
 * `cross/duplicate-id`: claims, sources, evidence items, references and
 * notebook runs each have ids unique within the chapter.
 * @param records the chapter's records.
 */
export function uniqueIds(records: ChapterRecords): void {
  const { claimsFile, evidenceFile, researchFile, claims, sources, evidence, research } = records;
  unique(records, claimsFile, 'claim', claims.map((claim, index) => ({ id: claim.id, at: ['claims', index] })));
  unique(records, evidenceFile, 'source', sources.map((source, index) => ({ id: source.id, at: ['sources', index] })));
  unique(records, evidenceFile, 'evidence', evidence.map((item, index) => ({ id: item.id, at: ['evidence', index] })));
  unique(records, researchFile, 'reference', (research?.references ?? []).map((reference, index) => ({ id: reference.id, at: ['references', index] })));
  unique(records, researchFile, 'run', records.runs);
}

function unique(records: ChapterRecords, sidecar: LoadedSidecar<unknown> | undefined, what: string, items: ReadonlyArray<{ id: string; at: YamlPath }>): void {
  if (!sidecar) return;
  const first = new Map<string, YamlPath>();
  for (const item of items) {
    const earlier = first.get(item.id);
    if (earlier) {
      const { line } = sidecar.locate([...earlier, 'id']);
      report(records, 'cross/duplicate-id', sidecar, [...item.at, 'id'], `duplicate ${what} id ${quote(item.id)}; first used at ${formatPath(earlier)} (line ${line})`, 'ids must be unique within the chapter; rename one');
    } else {
      first.set(item.id, item.at);
    }
  }
}

/**
 * What each evidence item names must exist (`cross/missing-claim`,
 * `cross/missing-source`, `cross/missing-run`), validated reproduced
 * evidence needs a passed run (`cross/run-required`, `cross/run-not-passed`),
 * and no recorded, accessed or verified date lies ahead (`cross/future-date`).
 * @param records the chapter's records.
 */
export function evidenceReferences(records: ChapterRecords): void {
  const { evidenceFile, evidence, sources } = records;
  if (!evidenceFile?.data) return;
  evidence.forEach((item, index) => {
    evidenceClaims(records, evidenceFile, item, index);
    evidenceSource(records, evidenceFile, item, index);
    evidenceRun(records, evidenceFile, item, index);
    reproducedRun(records, evidenceFile, item, index);
    checkDate(records, evidenceFile, ['evidence', index, 'recorded'], item.recorded, 'recorded date');
    if (item.status === 'rejected' && item.reason === undefined) {
      report(records, 'cross/rejection-incomplete', evidenceFile, ['evidence', index, 'reason'], 'a rejected lead needs the reason it was rejected', 'add reason: why the source does not bear on the claim as the lead says (`research-pack reject <lead> --why "…"` records it)');
    }
  });
  sources.forEach((source, index) => {
    checkDate(records, evidenceFile, ['sources', index, 'accessed'], source.accessed, 'accessed date');
    checkDate(records, evidenceFile, ['sources', index, 'verified'], source.verified, 'verified date');
  });
}

function evidenceClaims(records: ChapterRecords, evidenceFile: LoadedSidecar<unknown>, item: EvidenceItem, index: number): void {
  if (records.claimsBroken) return;
  const claims = sidecarName(records, 'claims');
  item.claims.forEach((id, claimIndex) => {
    if (records.claimIds.has(id)) return;
    const suggestion = closest(id, records.claimIds);
    report(
      records,
      'cross/missing-claim',
      evidenceFile,
      ['evidence', index, 'claims', claimIndex],
      records.claimsFile ? `no claim ${quote(id)} in ${claims}` : `no claim ${quote(id)}: the chapter has no ${claims}`,
      // Neither side is taken for the right one: the slip may be the claims sidecar's (an outside author was told to copy it here).
      suggestion ? `${claims} has ${quote(suggestion)}, spelled nearly the same: fix whichever of the two ids is misspelled, here or in ${claims}` : `add the claim to ${claims}, or fix the id`,
    );
  });
}

function evidenceSource(records: ChapterRecords, evidenceFile: LoadedSidecar<unknown>, item: EvidenceItem, index: number): void {
  if (records.sourceIds.has(item.source)) {
    // Validated from a source recorded as never read: readers would see a claim backed by it (an outside author's finding: silent).
    // (Reproduced evidence rests on a run, which needs no reading.)
    const source = item.status === 'validated' && item.class !== 'reproduced' ? records.sources.find((entry) => entry.id === item.source) : undefined;
    if (source?.reading === 'not-accessible') {
      report(
        records,
        'cross/validated-unread-source',
        evidenceFile,
        ['evidence', index, 'status'],
        `evidence ${quote(item.id)} is validated, but its source ${quote(item.source)} is recorded as not read (reading: not-accessible), and readers see the claim backed by it`,
        `record what was read: \`research-pack source ${item.source} --reading full-text --chapter ${records.book.slug}/${records.chapter.slug}\` (or abstract-only, partial); or, if nobody read it, set status: lead`,
      );
    }
    return;
  }
  const suggestion = closest(item.source, records.sourceIds);
  report(
    records,
    'cross/missing-source',
    evidenceFile,
    ['evidence', index, 'source'],
    `no source ${quote(item.source)} in sources`,
    // A source deleted from the ledger looks like a typo of another: the way back is named too.
    suggestion ? `did you mean ${quote(suggestion)}? if not, add a source with id ${quote(item.source)} to "sources" in this file` : 'add the source to "sources" in this file, or fix the id',
  );
}

function evidenceRun(records: ChapterRecords, evidenceFile: LoadedSidecar<unknown>, item: EvidenceItem, index: number): void {
  if (item.run === undefined || records.researchBroken || records.runsById.has(item.run)) return;
  const research = sidecarName(records, 'research');
  const suggestion = closest(item.run, records.runsById.keys());
  report(
    records,
    'cross/missing-run',
    evidenceFile,
    ['evidence', index, 'run'],
    records.researchFile ? `no notebook run ${quote(item.run)} in ${research}` : `no notebook run ${quote(item.run)}: the chapter has no ${research}`,
    suggestion ? `did you mean ${quote(suggestion)}?` : `record the run under notebooks[].runs in ${research}`,
  );
}

function reproducedRun(records: ChapterRecords, evidenceFile: LoadedSidecar<unknown>, item: EvidenceItem, index: number): void {
  if (item.class !== 'reproduced' || item.status !== 'validated' || records.researchBroken) return;
  if (item.run === undefined) {
    report(
      records,
      'cross/run-required',
      evidenceFile,
      ['evidence', index, 'run'],
      'validated reproduced evidence needs "run": the id of a passed notebook run',
      `record the run in ${sidecarName(records, 'research')} and set run: <its id>, or set status: lead until it is reproduced`,
    );
    return;
  }
  const run = records.runsById.get(item.run);
  if (run && run.outcome !== 'passed') {
    report(
      records,
      'cross/run-not-passed',
      evidenceFile,
      ['evidence', index, 'run'],
      `run ${quote(item.run)} has outcome ${quote(run.outcome)}; validated reproduced evidence needs a passed run`,
      'name a passed run, or set status: lead until the notebook passes',
    );
  }
}

/**
 * A verdict's date does not lie ahead (`cross/future-date`); a reviewed
 * verdict has a date and a rationale (`cross/verdict-incomplete`) and
 * validated evidence of the matching relation (`cross/verdict-unsupported`).
 * @param records the chapter's records.
 */
export function verdictsBacked(records: ChapterRecords): void {
  const { claimsFile, claims, evidence } = records;
  if (!claimsFile?.data) return;
  claims.forEach((claim, index) => {
    const { verdict } = claim;
    checkDate(records, claimsFile, ['claims', index, 'verdict', 'date'], verdict.date, 'verdict date');
    if (verdict.status === 'unverified') return;
    for (const field of ['date', 'rationale'] as const) {
      if (verdict[field] === undefined) {
        report(
          records,
          'cross/verdict-incomplete',
          claimsFile,
          ['claims', index, 'verdict', field],
          `a ${verdict.status} verdict needs a ${field}`,
          field === 'date' ? 'add date: YYYY-MM-DD, the day the verdict was given' : 'add rationale: one or two sentences a reader can check against the evidence',
        );
      }
    }
    if (records.evidenceBroken) return;
    const relation = verdictRelations[verdict.status];
    const bearing = evidence.filter((item) => item.claims.includes(claim.id) && item.relation === relation);
    if (bearing.some((item) => item.status === 'validated')) return;
    const misnamed = misnamedEvidence(records, claim.id, relation);
    // Evidence that would back the verdict but misspells the claim's id: `cross/missing-claim` reports
    // that id, with this claim as its "did you mean"; fixing it fixes both, so it is reported once.
    if (misnamed.some(({ item }) => item.status === 'validated')) return;
    const lead = bearing.find((item) => item.status === 'lead');
    const rejected = bearing.filter((item) => item.status === 'rejected');
    const misnamedLead = lead ? undefined : misnamed[0];
    // Leads on the claim whose relation is still to be decided: one of them may be the evidence, once its relation says so.
    const unresolved = evidence.find((item) => item.claims.includes(claim.id) && item.relation === 'unresolved' && item.status !== 'rejected');
    // Validated evidence of another relation: the claim's wording was corrected, and what contradicted it now supports it
    // (an outside author guessed `accept … --force`).
    const otherwise = evidence.find((item) => item.claims.includes(claim.id) && item.status === 'validated' && item.relation !== relation && item.relation !== 'unresolved');
    report(
      records,
      'cross/verdict-unsupported',
      claimsFile,
      ['claims', index, 'verdict', 'status'],
      `a ${verdict.status} verdict needs validated evidence with relation ${quote(relation)} for claim ${quote(claim.id)}`,
      lead
        ? `evidence ${quote(lead.id)} is still a lead; check the source, then \`research-pack accept ${lead.id}\` (or set status: validated), or set the verdict to unverified`
        : misnamedLead
          ? `evidence ${quote(misnamedLead.item.id)} (${sidecarName(records, 'evidence')}:${misnamedLead.line}:${misnamedLead.column}) names ${quote(misnamedLead.id)}, not this claim, and is still a lead; fix the id, check the source and set status: validated, or set the verdict to unverified`
          : rejected.length > 0
            ? `the evidence with that relation (${rejected.map((item) => quote(item.id)).join(', ')}) is rejected; give the claim the verdict the rest of its evidence supports (\`research-pack verdict ${claim.id} unverified --rationale "…"\`, in the same call as the rejection), or keep that evidence`
            : unresolved
              ? `evidence ${quote(unresolved.id)} bears on it with relation "unresolved"; if it ${relation} the claim, \`research-pack accept ${unresolved.id} --relation ${relation}\` (or set relation: ${relation} and status: validated), or set the verdict to unverified`
              : otherwise
                ? `evidence ${quote(otherwise.id)} is validated as ${quote(otherwise.relation)}; if the claim's wording changed so that the source now ${relation} it, \`research-pack accept ${otherwise.id} --relation ${relation} --force\`; else record a source that does, \`research-pack cite <source> --claim ${claim.id} --relation ${relation}\`, or set the verdict to unverified`
                : `record the source that ${relation} it, \`research-pack cite <source> --claim ${claim.id} --relation ${relation}\` (a source of ${sidecarName(records, 'evidence')}), or set the verdict to unverified`,
    );
  });
}

/**
 * Evidence of a relation that names, instead of a claim, an id that is no
 * claim and whose closest claim id is this one (the "did you mean" of its
 * `cross/missing-claim`).
 */
function misnamedEvidence(records: ChapterRecords, claimId: string, relation: Relation): Array<{ item: EvidenceItem; id: string; line: number; column: number }> {
  const { evidenceFile } = records;
  if (!evidenceFile || records.claimsBroken) return [];
  return records.evidence.flatMap((item, index) =>
    item.relation !== relation
      ? []
      : item.claims.flatMap((id, at) =>
          !records.claimIds.has(id) && closest(id, records.claimIds) === claimId ? [{ item, id, ...evidenceFile.locate(['evidence', index, 'claims', at]) }] : [],
        ),
  );
}

/**
 * `cross/missing-source`: a reference that names a source names one in the ledger.
 * @param records the chapter's records.
 */
export function referencesInLedger(records: ChapterRecords): void {
  const { research, researchFile } = records;
  if (!research || !researchFile) return;
  const evidence = sidecarName(records, 'evidence');
  research.references.forEach((reference, index) => {
    if (reference.source === undefined || records.evidenceBroken || records.sourceIds.has(reference.source)) return;
    const suggestion = closest(reference.source, records.sourceIds);
    report(
      records,
      'cross/missing-source',
      researchFile,
      ['references', index, 'source'],
      records.evidenceFile ? `no source ${quote(reference.source)} in ${evidence}` : `no source ${quote(reference.source)}: the chapter has no ${evidence}`,
      suggestion ? `did you mean ${quote(suggestion)}?` : `add the source to ${evidence}, or remove "source"`,
    );
  });
}

/**
 * Notebooks live in the book's repository (`cross/notebooks-without-repository`),
 * under relative, normalized paths (`cross/notebook-path`), and no run date lies ahead.
 * @param records the chapter's records.
 */
export function notebooksInRepository(records: ChapterRecords): void {
  const { book, research, researchFile } = records;
  if (!research || !researchFile) return;
  const repository = book.config?.data ? book.config.data.notebooks : undefined;
  if (research.notebooks.length > 0 && book.config?.data && !repository) {
    report(
      records,
      'cross/notebooks-without-repository',
      researchFile,
      ['notebooks'],
      `the chapter lists notebooks, but ${path.posix.basename(book.file)} has no "notebooks" repository`,
      `add to ${book.file}: notebooks: { github: owner/name }`,
      true,
    );
  }
  research.notebooks.forEach((notebook, index) => {
    const reason = unsafePathReason(notebook.path);
    if (reason) {
      report(records, 'cross/notebook-path', researchFile, ['notebooks', index, 'path'], `notebook path ${quote(notebook.path)} ${reason}`, 'write it relative to the root of the notebooks repository, with "/" between folders, e.g. notebooks/27-chapter.ipynb');
    }
    notebook.runs.forEach((run, runIndex) => checkDate(records, researchFile, ['notebooks', index, 'runs', runIndex, 'date'], run.date, 'run date'));
  });
}

/**
 * A research pass's date does not lie ahead, and its report is a file inside
 * the book folder (`cross/report-path`, `cross/missing-report`).
 * @param records the chapter's records.
 */
export function passReports(records: ChapterRecords): void {
  const { book, research, researchFile } = records;
  if (!research || !researchFile) return;
  research.history.forEach((pass, index) => {
    checkDate(records, researchFile, ['history', index, 'date'], pass.date, 'pass date');
    if (pass.report === undefined) return;
    const reason = unsafePathReason(pass.report);
    if (reason) {
      report(records, 'cross/report-path', researchFile, ['history', index, 'report'], `report path ${quote(pass.report)} ${reason}`, 'write it relative to the book folder, with "/" between folders, e.g. reports/27-chapter-pass-1.md');
      return;
    }
    const absolute = path.join(book.dir, ...pass.report.split('/'));
    // The project root: the chapter's path without its project-relative name.
    const found = inspectPath(absolute, { root: records.chapter.path.slice(0, -records.chapter.file.length) || '/' });
    const at = ['history', index, 'report'];
    if (found.status === 'absent') {
      const expected = path.posix.join(path.posix.dirname(book.file), pass.report);
      report(
        records,
        'cross/missing-report',
        researchFile,
        at,
        `report file ${quote(pass.report)} does not exist (looked for ${expected})`,
        'report paths are relative to the book folder; fix the path, add the file, or remove "report"',
      );
    } else if (found.status === 'refused') {
      report(records, 'cross/missing-report', researchFile, at, `report file ${quote(pass.report)} ${found.refusal.message}`, found.refusal.hint);
    } else if (found.kind !== 'file') {
      report(
        records,
        'cross/missing-report',
        researchFile,
        at,
        `report file ${quote(pass.report)} is a ${found.kind}, not a file`,
        found.kind === 'folder' ? 'name the report file inside the folder, e.g. reports/2026-11-30-27-chapter.md, or remove "report"' : 'the report must be a regular file; replace it, or remove "report"',
      );
    } else if (!/\.(?:md|markdown)$/i.test(pass.report)) {
      // A report is Markdown, as the ingest copies it: `report: book.yaml` would send readers of the pack to the book's own file
      // (an outside reviewer's finding).
      report(records, 'cross/report-path', researchFile, at, `report path ${quote(pass.report)} is not a Markdown file (.md)`, 'name the copy of the research report the pass read, e.g. reports/2026-11-30-27-chapter.md, or remove "report"');
    }
  });
}

/**
 * A proposed claim is accepted or rejected, not both (`cross/proposal-decided-twice`),
 * and neither decision is dated ahead (`cross/future-date`).
 * @param records the chapter's records.
 */
export function proposalDecisions(records: ChapterRecords): void {
  const { research, researchFile } = records;
  if (!research || !researchFile) return;
  research.proposedClaims.forEach((proposal, index) => {
    checkDate(records, researchFile, ['proposedClaims', index, 'accepted', 'date'], proposal.accepted?.date, 'acceptance date');
    checkDate(records, researchFile, ['proposedClaims', index, 'rejected', 'date'], proposal.rejected?.date, 'rejection date');
    if (proposal.accepted && proposal.rejected) {
      report(
        records,
        'cross/proposal-decided-twice',
        researchFile,
        ['proposedClaims', index, 'rejected'],
        `proposed claim ${quote(proposal.id)} is recorded as both accepted (as claim ${quote(proposal.accepted.claim)}) and rejected`,
        'keep the decision that stands and remove the other',
      );
    }
    // An open proposal's sources become leads when it is accepted: one no longer in the ledger would be dropped then, unsaid.
    if (proposal.accepted || proposal.rejected || records.evidenceBroken) return;
    proposal.sources.forEach((source, at) => {
      if (records.sourceIds.has(source)) return;
      const guess = closest(source, records.sourceIds);
      report(
        records,
        'cross/proposal-missing-source',
        researchFile,
        ['proposedClaims', index, 'sources', at],
        `proposed claim ${quote(proposal.id)} names source ${quote(source)}, which is not in ${sidecarName(records, 'evidence')}: accepting it would make no lead of it`,
        `${guess ? `did you mean ${quote(guess)}? ` : ''}put the source back in the ledger, or remove it from the proposal's sources`,
      );
    });
  });
}
