/**
 * The decision commands: `accept`, `reject`, `accept-claim`, `verdict` and
 * `reviewed`, one or several decisions (joined by `+`) in one call, checked
 * together and written as one edit; `--dry-run` prints the diff.
 */
import type { DecisionVerb } from '@research-pack/core/review';
import { HELP } from '../help.js';
import { EXIT, type Io } from '../io.js';
import { chapterIn, projectOptions, saySetAside } from '../project.js';
import { parseDecisions } from '../review/parse-decisions.js';
import { carryOut, modelForDecisions, planOnDisk, settleDecisions } from '../review/run-decisions.js';

/**
 * Run a decision command.
 * @param verb the command.
 * @param args the arguments after it.
 * @param io the streams and environment.
 * @returns the exit code.
 */
export async function decide(verb: DecisionVerb, args: readonly string[], io: Io): Promise<number> {
  const parsed = parseDecisions(verb, args);
  if (parsed.help) {
    io.stdout(`${HELP[parsed.help]}\n`);
    return EXIT.ok;
  }
  const options = await projectOptions(parsed.values, io);
  const working = await modelForDecisions(options, parsed.decisions, io, true);
  const { model } = working;
  // --chapter named as everywhere else (`pi/27-chapter`, `27-chapter` in a book of its own, its file); an unknown one is a usage error naming the chapters there are.
  const named = parsed.decisions.map((decision) => {
    if (decision.chapter === undefined) return decision;
    const { book, chapter } = chapterIn(working, decision.chapter);
    return { ...decision, chapter: `${book.slug}/${chapter.slug}` };
  });
  saySetAside(io, working.setAside);
  const { decisions, fromGit } = await settleDecisions(named, options, io);
  return carryOut(options, planOnDisk(options, model, decisions), io, { dryRun: parsed.values['dry-run'] === true, setAside: working.setAside, fromGit });
}
