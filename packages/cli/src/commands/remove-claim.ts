/**
 * `research-pack remove-claim <claim>... [--chapter <book>/<chapter>]`:
 * claims the prose no longer makes taken out of their chapter's sidecars,
 * without editing YAML by hand (an outside author's finding: a deleted
 * sentence left a claim whose quote is found nowhere, which sets the chapter
 * aside, and the only way out was to edit the claims and evidence sidecars).
 * The claim goes, and its evidence with it: an item that bore on it alone is
 * removed, an item that bears on other claims too keeps them. The sources
 * stay in the ledger, and a proposal accepted as the claim stays recorded as
 * accepted. Like `anchor`, it reads the sidecars as they are, not the model,
 * and checks what it would write with everything `research-pack check`
 * runs before it writes.
 */
import path from 'node:path';
import { editYaml, SIDECAR_KEY_ORDER, type PlannedFile } from '@research-pack/core/ingest';
import { formatProblems, quote } from '@research-pack/core/problems';
import { EvidenceItemSchema } from '@research-pack/core/schema';
import { stringOption } from '../args.js';
import { unifiedDiff } from '../diff.js';
import { findClaims, withoutPlace } from '../find-claim.js';
import { readOptional } from '../files.js';
import { CliError, EXIT } from '../io.js';
import { loadProject, projectOptions } from '../project.js';
import { plainLines } from '../review/run-decisions.js';
import { checkWouldBe, writeChecked } from '../review/would-be.js';
import type { Command } from './types.js';

const EVIDENCE_KEYS = Object.keys(EvidenceItemSchema.shape);

/** Remove claims of one chapter, with the evidence that bore on them alone. */
export const removeClaim: Command = async (positionals, values, io) => {
  if (positionals.length === 0) throw new CliError('`remove-claim` needs the claims to remove: their ids, e.g. remove-claim tree-in-place');
  const ids = [...new Set(positionals)];
  const options = await projectOptions(values, io);
  const scope = stringOption(values, 'chapter')?.replace(/\/+$/, '');
  const found = findClaims(options, ids, scope);
  const chapter = found[0]!.chapter;
  const spec = `${chapter.book}/${chapter.slug}`;
  const elsewhere = found.find((entry) => entry.chapter !== chapter);
  if (elsewhere) throw new CliError(`"${ids[0]}" is a claim of ${spec} and "${ids[found.indexOf(elsewhere)]}" of ${elsewhere.chapter.book}/${elsewhere.chapter.slug}: remove the claims of one chapter per call`);
  const claimsFile = chapter.claims!;
  const claims = claimsFile.data!.claims;
  const removed = new Set(ids);
  // The claims sidecar: each claim's entry, the later ones first (an entry's index counts the ones before it).
  const claimsBefore = await readOptional(path.join(options.root, claimsFile.file), claimsFile.file);
  if (claimsBefore === undefined) throw new CliError(`${claimsFile.file} is gone; run the command again`, EXIT.problems);
  const claimsEdit = editYaml(claimsBefore, SIDECAR_KEY_ORDER.claims, claimsFile.file);
  for (const { index } of [...found].sort((a, b) => b.index - a.index)) claimsEdit.removeItem('claims', index);
  const files: PlannedFile[] = [{ kind: 'claims', file: claimsFile.file, before: claimsBefore, after: claimsEdit.toString() }];

  // The evidence sidecar: an item that bore on these claims alone goes; one that bears on others too keeps those.
  const lines: string[] = [];
  const evidenceFile = chapter.evidence;
  if (evidenceFile) {
    if (evidenceFile.data === undefined) {
      throw new CliError(`${evidenceFile.file} cannot be read (\`research-pack check\` says why), so the evidence on ${ids.length === 1 ? 'this claim' : 'these claims'} cannot be taken out with ${ids.length === 1 ? 'it' : 'them'}: fix it first, then run again`, EXIT.problems);
    }
    const items = evidenceFile.data.evidence;
    const touched = items.flatMap((item, index) => (item.claims.some((claim) => removed.has(claim)) ? [{ item, index, left: item.claims.filter((claim) => !removed.has(claim)) }] : []));
    if (touched.length > 0) {
      const evidenceBefore = await readOptional(path.join(options.root, evidenceFile.file), evidenceFile.file);
      if (evidenceBefore === undefined) throw new CliError(`${evidenceFile.file} is gone; run the command again`, EXIT.problems);
      const evidenceEdit = editYaml(evidenceBefore, SIDECAR_KEY_ORDER.evidence, evidenceFile.file);
      // The items that stay first, by the indices they have now; then the ones that go, the later ones first.
      for (const { index, left } of touched) if (left.length > 0) evidenceEdit.set(['evidence', index, 'claims'], left, EVIDENCE_KEYS);
      for (const { index, left } of [...touched].reverse()) if (left.length === 0) evidenceEdit.removeItem('evidence', index);
      files.push({ kind: 'evidence', file: evidenceFile.file, before: evidenceBefore, after: evidenceEdit.toString() });
      for (const { item, left } of touched) {
        const gone = item.claims.filter((claim) => removed.has(claim));
        const what = `  evidence "${item.id}" (${item.status}, ${item.relation}, source "${item.source}")`;
        lines.push(left.length === 0 ? `${what} goes: it bore on ${listed(gone)} ${gone.length === 1 ? 'alone' : 'only'}` : `${what} stays, on ${left.join(', ')} (${gone.join(', ')} taken off it)`);
      }
    }
  }
  for (const proposal of chapter.research?.data?.proposedClaims ?? []) {
    if (proposal.accepted && removed.has(proposal.accepted.claim)) {
      lines.push(`  proposed claim "${proposal.id}" stays recorded as accepted as claim "${proposal.accepted.claim}" (by ${proposal.accepted.by} on ${proposal.accepted.date}), where it came from`);
    }
  }

  // What it would write, checked with its book: refused when it brings an error the books do not have now. The
  // removed claims' own problems go with them; the others' entries move up, so problems are compared without their place.
  const current = loadProject(options).problems;
  const known = new Set(current.map(withoutPlace));
  /** A claim's own anchor problem now: `anchor/orphan` (its words are found nowhere), `anchor/missing-directive` (its directive is gone), or none. */
  const anchorProblem = (index: number) =>
    current.find((problem) => problem.file === claimsFile.file && problem.path.startsWith(`claims[${index}].anchor`) && (problem.rule === 'anchor/orphan' || problem.rule === 'anchor/missing-directive'))?.rule;
  const wouldBe = await checkWouldBe(options, files);
  const brought = wouldBe.filter((problem) => problem.severity === 'error' && !known.has(withoutPlace(problem)));
  // A claim the prose still marks: said as it is now (the prose marks it), not as the would-be books' unknown directive.
  const marked = brought.filter((problem) => problem.rule === 'anchor/unknown-directive' && problem.claim !== undefined && ids.includes(problem.claim));
  if (marked.length > 0) {
    const places = marked.map((problem) => `${problem.file}:${problem.line}:${problem.column}  the prose still marks claim "${problem.claim}" with :claim[…]{#${problem.claim}}`);
    io.stderr(`${places.join('\n')}\nTake the words out of the directive, keeping them (or delete the sentence), then run again; nothing was written.\n`);
    return EXIT.problems;
  }
  if (brought.length > 0) {
    io.stderr(
      `${formatProblems(brought)}\nWithout ${ids.length === 1 ? 'this claim' : 'these claims'} the books would have ${brought.length === 1 ? 'an error' : 'errors'} they do not have now (the places above are in the files as they would be written); nothing was written.\n`,
    );
    return EXIT.problems;
  }
  const left = wouldBe.filter((problem) => problem.severity === 'error').length;
  // A contradicted claim's page warns readers that the evidence contradicts its words: while they may still read so, the
  // warning is not taken away without --force (an outside author's finding). A sentence that is gone takes nothing away.
  const warned = found.flatMap(({ index }) => {
    const claim = claims[index]!;
    const problem = anchorProblem(index);
    return claim.verdict.status === 'contradicted' && problem !== 'anchor/orphan' ? [{ claim, stands: problem === undefined }] : [];
  });
  const forceNeeded =
    warned.length === 0 || values.force === true
      ? ''
      : warned
          .map(({ claim, stands }) =>
            stands
              ? `claim "${claim.id}" has a contradicted verdict and its words still read in ${chapter.file}: its page warns readers that the evidence contradicts them, and the warning goes with the claim. Correct the sentence and give a new verdict (\`research-pack verdict ${claim.id} <status> --rationale "…"\`), or, to stop tracking it all the same, run again with --force`
              : `claim "${claim.id}" has a contradicted verdict, and its directive is gone from the prose: if its sentence is gone, or corrected, run again with --force; if its words still read as they did, its page's warning that the evidence contradicts them goes with the claim`,
          )
          .join('\n');

  const head = found.map(({ index }) => {
    const claim = claims[index]!;
    const where =
      claim.anchor === 'directive'
        ? anchorProblem(index) === 'anchor/missing-directive'
          ? 'anchored by a directive the prose no longer has'
          : 'marked by a directive'
        : `anchored on ${quote(claim.anchor.quote, 80)}${anchorProblem(index) === 'anchor/orphan' ? ', words the prose no longer has' : ''}`;
    return `Removing claim "${claim.id}" of ${spec} (${claim.verdict.status}; ${where})`;
  });
  const summary = `${head.join('\n')}${lines.length > 0 ? `\n${lines.join('\n')}` : ''}\nThe sources stay in the ledger.\n`;
  const still = left === 0 ? '' : `note: ${spec} still has ${left === 1 ? 'an error' : `${left} errors`} this leaves as ${left === 1 ? 'it was' : 'they were'}: \`research-pack check\` lists ${left === 1 ? 'it' : 'them'}.\n`;
  if (values['dry-run'] === true) {
    const diffs = files.map((file) => plainLines(unifiedDiff(file.file, file.before, file.after))).join('\n');
    io.stdout(`${summary}\n${diffs}\nDry run: nothing was written. Run again without --dry-run${forceNeeded ? ' and with --force' : ''} to apply.\n`);
    if (forceNeeded) io.stderr(`${forceNeeded}\n`);
    if (still) io.stderr(still);
    return EXIT.ok;
  }
  if (forceNeeded) throw new CliError(`${forceNeeded}; nothing was written`, EXIT.problems);
  await writeChecked(options, files, { lock: 'remove-claim', journal: 'remove-claim', checked: 'the removal was checked' }, io);
  io.stdout(`${summary}Wrote ${files.map((file) => file.file).join(' and ')}.\n`);
  if (still) io.stderr(still);
  return EXIT.ok;
};

/** Ids as a list: `a`, `a and b`, `a, b and c`. */
function listed(ids: readonly string[]): string {
  return ids.length <= 1 ? (ids[0] ?? '') : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}
