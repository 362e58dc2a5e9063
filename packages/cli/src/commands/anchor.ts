/**
 * `research-pack anchor <claim> --quote "…" [--prefix "…"] [--suffix "…"]`:
 * a claim's quote anchor set to the words it now has in the prose, without
 * editing YAML by hand. Its chapter may be set aside for that claim's error
 * (`anchor/orphan` after the sentence was rewritten): the command reads the
 * claims sidecars as they are, not the model, and checks the sidecar it
 * would write with everything `research-pack check` runs before it writes.
 */
import path from 'node:path';
import { editYaml, SIDECAR_KEY_ORDER } from '@research-pack/core/ingest';
import { formatProblems, quote, type Problem } from '@research-pack/core/problems';
import { ClaimSchema, QuoteAnchorSchema } from '@research-pack/core/schema';
import { stringOption } from '../args.js';
import { unifiedDiff } from '../diff.js';
import { findClaim, problemKey } from '../find-claim.js';
import { readOptional } from '../files.js';
import { CliError, EXIT } from '../io.js';
import { loadProject, projectOptions } from '../project.js';
import { plainLines } from '../review/run-decisions.js';
import { checkWouldBe, writeChecked } from '../review/would-be.js';
import type { Command } from './types.js';

const CLAIM_KEYS = Object.keys(ClaimSchema.shape);

/** Set one claim's quote anchor. */
export const anchor: Command = async (positionals, values, io) => {
  if (positionals.length !== 1) throw new CliError(positionals.length === 0 ? '`anchor` needs the claim to anchor: its id, e.g. anchor tree-in-place --quote "…"' : '`anchor` sets one claim\'s anchor: give one claim per call');
  const id = positionals[0]!;
  const words = anchorWords(values);
  const options = await projectOptions(values, io);
  const scope = stringOption(values, 'chapter')?.replace(/\/+$/, '');
  const { chapter, index } = findClaim(options, id, scope);
  const spec = `${chapter.book}/${chapter.slug}`;
  const sidecar = chapter.claims!;
  const claim = sidecar.data!.claims[index]!;
  const name = `claim "${id}" of ${spec}`;
  const current = loadProject(options).problems;
  const own = `claims[${index}].anchor`;
  const ownProblem = (problem: Problem) => problem.file === sidecar.file && (problem.path === own || problem.path.startsWith(`${own}.`));
  // A directive claim whose directive the prose no longer has (its words taken out of it) may be anchored by quote, as check's hint says.
  if (claim.anchor === 'directive' && !current.some((problem) => problem.rule === 'anchor/missing-directive' && ownProblem(problem))) {
    throw new CliError(`${name} is anchored by its :claim[…]{#${id}} directive in the prose: move the directive's brackets to the words it claims, in ${chapter.file}`, EXIT.problems);
  }
  const before = await readOptional(path.join(options.root, sidecar.file), sidecar.file);
  if (before === undefined) throw new CliError(`${sidecar.file} is gone; run the command again`, EXIT.problems);
  const next = { quote: words.quote, ...(words.prefix === undefined ? {} : { prefix: words.prefix }), ...(words.suffix === undefined ? {} : { suffix: words.suffix }) };
  if (claim.anchor !== 'directive' && claim.anchor.quote === next.quote && claim.anchor.prefix === next.prefix && claim.anchor.suffix === next.suffix) {
    io.stdout(`${name} is anchored on ${quote(next.quote, 80)} already; nothing to change.\n`);
    return EXIT.ok;
  }
  const edit = editYaml(before, SIDECAR_KEY_ORDER.claims, sidecar.file);
  edit.set(['claims', index, 'anchor'], next, CLAIM_KEYS);
  const file = { kind: 'claims' as const, file: sidecar.file, before, after: edit.toString() };
  // The sidecar as it would be written, checked with the rest of its book: the quote must be found in the prose, once.
  // This claim's anchor must find its words exactly, once: a quote found only approximately (anchor/fuzzy, a warning for
  // `check`) is not them. Of the rest, only what the edit brings: another claim of the chapter whose sentence was deleted
  // (an error there before, which sets the chapter aside) does not stop this one from being anchored (an outside author's finding).
  const known = new Set(current.map(problemKey));
  const wouldBe = await checkWouldBe(options, [file]);
  const mine = wouldBe.filter((problem) => ownProblem(problem) && (problem.severity === 'error' || problem.rule.startsWith('anchor/')));
  const brought = wouldBe.filter((problem) => problem.severity === 'error' && !ownProblem(problem) && !known.has(problemKey(problem)));
  if (mine.length > 0 || brought.length > 0) {
    const why = [
      ...(mine.length > 0 ? [`with this anchor the words of claim "${id}" are not found exactly, once`] : []),
      ...(brought.length > 0 ? [`the claims sidecar it would write has ${brought.length === 1 ? 'an error' : 'errors'} it does not have now`] : []),
    ].join(', and ');
    io.stderr(`${formatProblems([...mine, ...brought])}\n${why[0]!.toUpperCase()}${why.slice(1)} (the places above are in the files as they would be written); nothing was written.\n`);
    return EXIT.problems;
  }
  const verdict = claim.verdict.status === 'unverified' ? '' : ` Its ${claim.verdict.status} verdict was given on the words it was anchored on: if these differ, the claim shows as stale until you re-confirm the verdict on them (\`research-pack reviewed ${id}\`) or give a new one.`;
  const was = claim.anchor === 'directive' ? `was anchored by its :claim[…]{#${id}} directive, which the prose no longer has` : `was ${quote(claim.anchor.quote, 120)}`;
  const summary = `${name} is anchored on ${quote(next.quote, 120)} (${was}).${verdict}\n`;
  if (values['dry-run'] === true) {
    io.stdout(`${summary}\n${plainLines(unifiedDiff(file.file, file.before, file.after))}\nDry run: nothing was written. Run again without --dry-run to apply.\n`);
    return EXIT.ok;
  }
  await writeChecked(options, [file], { lock: 'anchor', journal: 'anchor', checked: 'the anchor was checked' }, io);
  io.stdout(`${summary}Wrote ${sidecar.file}.\n`);
  return EXIT.ok;
};

/** `--quote`, `--prefix`, `--suffix`: the words as they read in the prose. */
function anchorWords(values: Parameters<Command>[1]): { quote: string; prefix?: string; suffix?: string } {
  const given = stringOption(values, 'quote');
  if (given === undefined) throw new CliError('say which words the claim is: --quote "…", copied from the chapter as they read (the words only, without the backticks, asterisks or link brackets of their Markdown)');
  const words: { quote: string; prefix?: string; suffix?: string } = { quote: given };
  for (const key of ['prefix', 'suffix'] as const) {
    const value = stringOption(values, key);
    if (value !== undefined) words[key] = value;
  }
  const parsed = QuoteAnchorSchema.safeParse(words);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(`--${String(issue.path[0] ?? 'quote')}: ${issue.message}`);
  }
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(`${words.quote}${words.prefix ?? ''}${words.suffix ?? ''}`)) {
    throw new CliError('--quote, --prefix and --suffix are words of the prose, on one line: without line breaks or control characters');
  }
  return { ...words, quote: parsed.data.quote };
}
