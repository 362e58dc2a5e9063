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
import { formatProblems, quote, type Problem } from '@research-pack/core/problems';
import { EvidenceItemSchema } from '@research-pack/core/schema';
import { stringOption } from '../args.js';
import { unifiedDiff } from '../diff.js';
import { findClaims } from '../find-claim.js';
import { readOptional } from '../files.js';
import { CliError, EXIT } from '../io.js';
import { lockBook } from '../lock.js';
import { loadProject, projectOptions } from '../project.js';
import { plainLines } from '../review/run-decisions.js';
import { checkWouldBe, writeFiles } from '../review/would-be.js';
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
        lines.push(
          left.length === 0
            ? `  evidence "${item.id}" (${item.status}, ${item.relation}, source "${item.source}") goes with it: it bore on no other claim`
            : `  evidence "${item.id}" (${item.status}, ${item.relation}, source "${item.source}") stays, on ${left.join(', ')}`,
        );
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
  const known = new Set(loadProject(options).problems.map(withoutPlace));
  const brought = (await checkWouldBe(options, files)).filter((problem) => problem.severity === 'error' && !known.has(withoutPlace(problem)));
  if (brought.length > 0) {
    const marked = brought.filter((problem) => problem.rule === 'anchor/unknown-directive');
    const why = marked.length > 0
      ? `The prose still marks ${marked.length === 1 ? 'the claim' : 'claims'} with a :claim[…]{#id} directive (above): take the words out of the directive, keeping them (or delete the sentence), in ${chapter.file}, then run again`
      : `Without ${ids.length === 1 ? 'this claim' : 'these claims'} the books would have ${brought.length === 1 ? 'an error' : 'errors'} they do not have now (the places above are in the files as they would be written)`;
    io.stderr(`${formatProblems(brought)}\n${why}; nothing was written.\n`);
    return EXIT.problems;
  }

  const head = found.map(({ index }) => {
    const claim = claims[index]!;
    const where = claim.anchor === 'directive' ? 'marked by a directive' : `anchored on ${quote(claim.anchor.quote, 80)}`;
    return `Removing claim "${claim.id}" of ${spec} (${claim.verdict.status}; ${where})`;
  });
  const summary = `${head.join('\n')}${lines.length > 0 ? `:\n${lines.join('\n')}` : '.'}\nThe sources stay in the ledger.\n`;
  if (values['dry-run'] === true) {
    const diffs = files.map((file) => plainLines(unifiedDiff(file.file, file.before, file.after))).join('\n');
    io.stdout(`${summary}\n${diffs}\nDry run: nothing was written. Run again without --dry-run to apply.\n`);
    return EXIT.ok;
  }
  const content = options.contentDir.split(path.sep).join('/');
  using lock = lockBook(path.join(options.root, options.contentDir, chapter.book), { command: 'remove-claim', shown: path.posix.join(content, chapter.book), io });
  for (const file of files) {
    if ((await readOptional(path.join(options.root, file.file), file.file)) !== file.before) {
      throw new CliError(`${file.file} changed on disk while the removal was checked; nothing was written. Run the command again.`, EXIT.problems);
    }
  }
  await writeFiles(options, files, 'remove-claim');
  lock.release();
  io.stdout(`${summary}Wrote ${files.map((file) => file.file).join(' and ')}.\n`);
  return EXIT.ok;
};

/** A problem without its place (line, column and path), which removing an entry before it moves. */
function withoutPlace(problem: Problem): string {
  return `${problem.rule}\u0000${problem.file}\u0000${problem.message}`;
}
