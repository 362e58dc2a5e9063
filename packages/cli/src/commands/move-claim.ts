/**
 * `research-pack move-claim <claim>... --to <book>/<chapter>`: claims whose
 * sentences moved to another chapter carried to that chapter's sidecars,
 * with their verdicts, their evidence and the sources it rests on, without
 * editing YAML by hand (an outside author's finding: a paragraph moved
 * between chapters took four hand edits, the claim entry, its evidence item
 * and its source copied into the other chapter's ledger). Evidence that
 * bore on the moved claims alone moves; evidence that bears on others of
 * the chapter too stays on those and is copied, for the moved ones, into
 * the other chapter (the same source read for both). A source the moved
 * evidence rests on is copied into the other chapter's ledger unless it has
 * it already (the same entry: one of that id that differs is refused), and
 * stays in this one. Like `anchor`, it reads the sidecars as they are, not
 * the model (both chapters may be set aside while the prose is moved), and
 * checks what it would write with everything `research-pack check` runs
 * before it writes: the claims' words must be found in the other chapter.
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { editYaml, SIDECAR_KEY_ORDER, type PlannedFile, type YamlEdit } from '@research-pack/core/ingest';
import type { LoadedChapter } from '@research-pack/core/load';
import { formatProblems } from '@research-pack/core/problems';
import { EvidenceItemSchema } from '@research-pack/core/schema';
import { stringOption } from '../args.js';
import { unifiedDiff } from '../diff.js';
import { chapterNamed, findClaims, withoutPlace } from '../find-claim.js';
import { readOptional, schemaLineOf } from '../files.js';
import { CliError, EXIT } from '../io.js';
import { loadProject, projectOptions } from '../project.js';
import { plainLines } from '../review/run-decisions.js';
import { checkWouldBe, writeChecked } from '../review/would-be.js';
import type { Command } from './types.js';

const EVIDENCE_KEYS = Object.keys(EvidenceItemSchema.shape);

/** A sidecar of a chapter, read and opened for editing. */
interface Opened {
  file: string;
  before: string | undefined;
  edit: YamlEdit;
}

/** Move claims of one chapter to another, with their evidence and its sources. */
export const moveClaim: Command = async (positionals, values, io) => {
  if (positionals.length === 0) throw new CliError('`move-claim` needs the claims to move: their ids, e.g. move-claim merge-parents --to git/02-refs');
  const to = stringOption(values, 'to');
  if (to === undefined) throw new CliError('say which chapter the claims go to: --to <book>/<chapter>, the chapter whose prose has their sentences now');
  const ids = [...new Set(positionals)];
  const options = await projectOptions(values, io);
  const found = findClaims(options, ids, stringOption(values, 'chapter')?.replace(/\/+$/, ''));
  const from = found[0]!.chapter;
  const fromSpec = `${from.book}/${from.slug}`;
  const elsewhere = found.find((entry) => entry.chapter !== from);
  if (elsewhere) throw new CliError(`"${ids[0]}" is a claim of ${fromSpec} and "${ids[found.indexOf(elsewhere)]}" of ${elsewhere.chapter.book}/${elsewhere.chapter.slug}: move the claims of one chapter per call`);
  const target = chapterNamed(options, to, '--to');
  const toSpec = `${target.book}/${target.slug}`;
  if (target.file === from.file) throw new CliError(`the claims are in ${toSpec} already: --to names the chapter they go to`);
  for (const sidecar of [from.evidence, target.claims, target.evidence]) {
    if (sidecar && sidecar.data === undefined) throw new CliError(`${sidecar.file} cannot be read (\`research-pack check\` says why): fix it first, then run again`, EXIT.problems);
  }
  const taken = new Set((target.claims?.data?.claims ?? []).map((claim) => claim.id));
  const clash = ids.filter((id) => taken.has(id));
  if (clash.length > 0) {
    throw new CliError(`${toSpec} has a claim ${clash.map((id) => `"${id}"`).join(', ')} already: give it another id there, or move the sentence's claim under another id (a claim's id is unique within its chapter)`, EXIT.problems);
  }
  const moved = new Set(ids);

  const fromClaims = await open(options, from, 'claims');
  const fromEvidence = from.evidence ? await open(options, from, 'evidence') : undefined;
  const toClaims = await open(options, target, 'claims', from);
  const toEvidence = await open(options, target, 'evidence', from);
  const lines: string[] = [];

  // The claims, as written (no defaults added), in the order given; removed from this chapter, the later ones first.
  const entries = found.map(({ index }) => fromClaims.edit.value(['claims', index]));
  for (const { index } of [...found].sort((a, b) => b.index - a.index)) fromClaims.edit.removeItem('claims', index);
  toClaims.edit.append('claims', entries, { comment: `Moved from ${fromSpec}` });

  // The evidence: an item on moved claims alone moves; one on others too stays on those, and a copy goes for the moved ones.
  // Where the other ledger has the same item (the claims moved from there before), the claims join it there.
  const items = from.evidence?.data?.evidence ?? [];
  const theirItems = target.evidence?.data?.evidence ?? [];
  const usedIds = new Set(theirItems.map((item) => item.id));
  const carried: unknown[] = [];
  const joined = new Map<number, string[]>();
  const needed = new Set<string>();
  const gone: number[] = [];
  for (const [index, item] of items.entries()) {
    const mine = item.claims.filter((claim) => moved.has(claim));
    if (mine.length === 0) continue;
    const left = item.claims.filter((claim) => !moved.has(claim));
    const raw = fromEvidence!.edit.value(['evidence', index]) as Record<string, unknown>;
    const what = `  evidence "${item.id}" (${item.status}, ${item.relation}, source "${item.source}")`;
    const same = theirItems.findIndex((_, at) => isDeepStrictEqual(withoutIdAndClaims(toEvidence.edit.value(['evidence', at])), withoutIdAndClaims(raw)));
    let where: string;
    if (same >= 0) {
      const claims = [...new Set([...(joined.get(same) ?? theirItems[same]!.claims), ...mine])];
      joined.set(same, claims);
      where = `the same evidence "${theirItems[same]!.id}" there (now on ${claims.join(', ')})`;
    } else {
      let id = item.id;
      for (let n = 2; usedIds.has(id); n++) id = `${item.id}-${n}`;
      usedIds.add(id);
      carried.push({ ...raw, id, claims: mine });
      where = id === item.id ? '' : `as "${id}" (${toSpec} has an evidence item "${item.id}")`;
    }
    needed.add(item.source);
    if (left.length === 0) {
      gone.push(index);
      lines.push(`${what} ${same >= 0 ? `moves, joining ${where}` : `moves${where ? ` ${where}` : ''}`}`);
    } else {
      fromEvidence!.edit.set(['evidence', index, 'claims'], left, EVIDENCE_KEYS);
      lines.push(`${what} stays on ${left.join(', ')}, and ${same >= 0 ? `${mine.join(', ')} ${mine.length === 1 ? 'joins' : 'join'} ${where}` : `is copied${where ? ` ${where}` : ''} for ${mine.join(', ')}`}`);
    }
  }
  for (const [at, claims] of joined) toEvidence.edit.set(['evidence', at, 'claims'], claims, EVIDENCE_KEYS);
  for (const index of [...gone].reverse()) fromEvidence!.edit.removeItem('evidence', index);

  // The sources the carried evidence rests on: copied, unless the other ledger has the same entry; and taken out of this
  // ledger when nothing here rests on them any more (no evidence item, reference or proposal not decided on).
  const kept = new Set([
    ...items.filter((item, index) => !gone.includes(index)).map((item) => item.source),
    ...(from.research?.data?.references ?? []).flatMap((reference) => (reference.source === undefined ? [] : [reference.source])),
    ...(from.research?.data?.proposedClaims ?? []).filter((proposal) => !proposal.accepted && !proposal.rejected).flatMap((proposal) => proposal.sources),
  ]);
  const theirs = new Map((target.evidence?.data?.sources ?? []).map((source, index) => [source.id, index]));
  const sources: unknown[] = [];
  const unused: number[] = [];
  for (const [index, source] of (from.evidence?.data?.sources ?? []).entries()) {
    if (!needed.has(source.id)) continue;
    const raw = fromEvidence!.edit.value(['sources', index]) as Record<string, unknown>;
    const at = theirs.get(source.id);
    if (at !== undefined) {
      const other = toEvidence.edit.value(['sources', at]) as Record<string, unknown>;
      const differ = [...new Set([...Object.keys(raw), ...Object.keys(other)])].filter((key) => !isDeepStrictEqual(raw[key], other[key]));
      if (differ.length > 0) {
        throw new CliError(
          `${toSpec}'s ledger has a source "${source.id}" that differs from ${fromSpec}'s in ${differ.join(', ')}: make the two entries the same (\`research-pack source ${source.id} --chapter <book>/<chapter>\` corrects the reading, title or limitations of either), then run again`,
          EXIT.problems,
        );
      }
    } else {
      sources.push(raw);
    }
    const stays = kept.has(source.id);
    if (!stays) unused.push(index);
    lines.push(
      at !== undefined
        ? `  source "${source.id}" is in ${toSpec}'s ledger already${stays ? '' : `, and goes from ${fromSpec}'s: nothing there rests on it any more`}`
        : `  source "${source.id}" ${stays ? `is copied into ${toSpec}'s ledger, and stays in ${fromSpec}'s, where other entries rest on it` : `moves to ${toSpec}'s ledger: nothing in ${fromSpec} rests on it any more`}`,
    );
  }
  for (const index of unused.reverse()) fromEvidence!.edit.removeItem('sources', index);
  if (sources.length > 0) toEvidence.edit.append('sources', sources, { comment: `From ${fromSpec}'s ledger, with claims moved from there` });
  if (carried.length > 0) toEvidence.edit.append('evidence', carried, { comment: `From ${fromSpec}, with claims moved from there` });

  const files: PlannedFile[] = [];
  for (const [kind, sidecar] of [['claims', fromClaims], ['evidence', fromEvidence], ['claims', toClaims], ['evidence', toEvidence]] as const) {
    if (sidecar?.edit.changed) files.push({ kind, file: sidecar.file, before: sidecar.before, after: sidecar.edit.toString() });
  }

  // What it would write, checked with both books: refused when it brings an error the books do not have now (the claims'
  // words not in the other chapter, a run of this chapter the evidence names). Entries move, so problems are compared without their place.
  const known = new Set(loadProject(options).problems.map(withoutPlace));
  const wouldBe = await checkWouldBe(options, files);
  const brought = wouldBe.filter((problem) => problem.severity === 'error' && !known.has(withoutPlace(problem)));
  // A claim whose words the other chapter does not have (run before its sentence was moved): said as it is now, not with
  // the would-be problem's hint, which offers to carry it back (an outside author's finding).
  const notThere = (problem: (typeof brought)[number]) =>
    problem.file === toClaims.file && (problem.rule === 'anchor/orphan' || problem.rule === 'anchor/missing-directive') ? ids.find((id) => problem.claim === id) : undefined;
  if (brought.length > 0) {
    const missing = [...new Set(brought.flatMap((problem) => notThere(problem) ?? []))];
    const rest = brought.filter((problem) => notThere(problem) === undefined);
    io.stderr(
      (missing.length > 0 ? `${missing.map((id) => `the words of claim "${id}" are not in ${target.file}`).join('\n')}\nMove ${missing.length === 1 ? 'its sentence' : 'their sentences'} there first (with ${missing.length === 1 ? 'its :claim directive, if it has one' : 'their :claim directives, if they have them'}), then run again.\n` : '') +
        (rest.length > 0 ? `${formatProblems(rest)}\nIn ${toSpec} ${ids.length === 1 ? 'the claim' : 'the claims'} would bring ${rest.length === 1 ? 'an error' : 'errors'} the books do not have now (the places above are in the files as they would be written).\n` : '') +
        'Nothing was written.\n',
    );
    return EXIT.problems;
  }
  const left = wouldBe.filter((problem) => problem.severity === 'error').length;
  // A claim found only approximately there (its sentence reworded as it moved) shows as stale: said, not refused.
  const warned = wouldBe.filter((problem) => problem.severity === 'warning' && problem.rule.startsWith('anchor/') && !known.has(withoutPlace(problem)));
  const summary = `${ids.map((id) => `Moving claim "${id}" from ${fromSpec} to ${toSpec}`).join('\n')}${lines.length > 0 ? `\n${lines.join('\n')}` : ''}\n`;
  const still =
    (warned.length === 0 ? '' : `${formatProblems(warned)}\nnote: ${warned.length === 1 ? 'this warning comes' : 'these warnings come'} with the move (the places above are in the files as they would be written).\n`) +
    (left === 0 ? '' : `note: the books still have ${left === 1 ? 'an error' : `${left} errors`} this leaves as ${left === 1 ? 'it was' : 'they were'}: \`research-pack check\` lists ${left === 1 ? 'it' : 'them'}.\n`);
  if (values['dry-run'] === true) {
    const diffs = files.map((file) => plainLines(unifiedDiff(file.file, file.before ?? '', file.after))).join('\n');
    io.stdout(`${summary}\n${diffs}\nDry run: nothing was written. Run again without --dry-run to apply.\n`);
    if (still) io.stderr(still);
    return EXIT.ok;
  }
  await writeChecked(options, files, { lock: 'move-claim', journal: 'move-claim', checked: 'the move was checked' }, io);
  io.stdout(`${summary}Wrote ${files.map((file) => file.file).join(', ')}.\n`);
  if (still) io.stderr(still);
  return EXIT.ok;
};

/**
 * A chapter's sidecar of a kind, read and opened for editing; a new one
 * starts with the schema line of `like`'s sidecar of that kind, so editors
 * validate it the same way.
 */
async function open(options: { root: string }, chapter: LoadedChapter, kind: 'claims' | 'evidence', like?: LoadedChapter): Promise<Opened> {
  const file = chapter[kind]?.file ?? chapter.file.replace(/\.mdx?$/i, `.${kind}.yaml`);
  const before = await readOptional(path.join(options.root, file), file);
  if (chapter[kind] !== undefined && before === undefined) throw new CliError(`${file} is gone; run the command again`, EXIT.problems);
  const start = before === undefined && like?.[kind] ? schemaLineOf(await readOptional(path.join(options.root, like[kind]!.file), like[kind]!.file)) : undefined;
  return { file, before, edit: editYaml(before ?? start, SIDECAR_KEY_ORDER[kind], file) };
}

/** An evidence item without its id and claims: two items that say the same of the same source, whatever claims they are on. */
function withoutIdAndClaims(item: unknown): Record<string, unknown> {
  const { id: _id, claims: _claims, ...rest } = (item ?? {}) as Record<string, unknown>;
  return rest;
}
