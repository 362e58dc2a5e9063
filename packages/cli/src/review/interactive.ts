/**
 * `review --interactive`: the items awaiting review, one by one, in a
 * terminal. For a lead or a proposed claim: accept, reject (with a reason),
 * skip or quit; for a claim to review again: confirm it on the current
 * wording, give a verdict, skip or quit. Nothing is written during the walk;
 * at the end (or at quit) the decisions made are planned and checked as
 * one edit, shown, and written after a last yes. End of input or Ctrl-C
 * stops and writes nothing.
 */
import { createInterface, type Interface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { IdSchema, VerdictStatusSchema } from '@research-pack/core/schema';
import type { ReviewItem, ReviewQueue } from '@research-pack/core/model';
import type { AcceptDecision, Decision } from '@research-pack/core/review';
import { dateOption, stringOption, type Values } from '../args.js';
import { CliError, EXIT, type Io } from '../io.js';
import type { ProjectOptions } from '../project.js';
import { claimBlock, leadBlock, plain, proposalBlock, summaryOf, type AuditOf } from './queue-text.js';
import { relationGroup, RELATIONS, type RelationWord } from './parse-decisions.js';
import { carryOut, modelForDecisions, planOnDisk } from './run-decisions.js';
import { checkedBy, defaultBy, sayDecidingAs } from './who.js';

/** What the walk works on. */
export interface WalkContext {
  options: ProjectOptions;
  queues: readonly ReviewQueue[];
  values: Values;
  io: Io;
  /** What the passes' claim audits say, shown under their leads. */
  audit?: AuditOf;
}

/** The walk was ended by end of input or Ctrl-C. */
class Stopped extends Error {}

/**
 * Walk through the queues and write the decisions as one edit.
 * @param context the project, the queues, the options and the streams.
 * @returns the exit code.
 */
export async function walk(context: WalkContext): Promise<number> {
  const { options, queues, values, io } = context;
  const given = stringOption(values, 'by');
  const by = given === undefined ? await defaultBy(options.root, io) : checkedBy(given.trim());
  // As the commands date them: the day the checks count as today.
  const date = dateOption(values, 'date') ?? options.asOf;
  if (!io.stdin) throw new CliError('--interactive needs standard input');
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      io.stdout(chunk.toString());
      done();
    },
  });
  const rl = createInterface({ input: io.stdin, output, terminal: false });
  let interrupted = false;
  rl.on('SIGINT', () => {
    interrupted = true;
    rl.close();
  });
  const ask = async (prompt: string): Promise<string> => {
    // One close listener per question, removed once it is answered: a walk of many items adds none that stay (Node warns past ten).
    let onClose = () => {};
    const closed = new Promise<never>((_, reject) => {
      onClose = () => reject(new Stopped());
      rl.once('close', onClose);
    });
    try {
      return (await Promise.race([rl.question(prompt), closed])).trim();
    } finally {
      rl.off('close', onClose);
    }
  };
  const decisions: Decision[] = [];
  try {
    const items = queues.flatMap((queue) => itemsOf(queue).map((item) => ({ queue, item })));
    if (items.length === 0) {
      io.stdout('Nothing awaits review.\n');
      return EXIT.ok;
    }
    // Said once, as the walk starts: every decision it writes is recorded under this name.
    if (given === undefined) sayDecidingAs(io, by);
    io.stdout(`${items.length} item${items.length === 1 ? '' : 's'} to decide on (${queues.filter((queue) => queue.count > 0).map((queue) => `${queue.chapter.book}/${queue.chapter.slug}: ${summaryOf(queue)}`).join('; ')}), as ${plain(by)} on ${date}. Nothing is written until the end.\n`);
    let position = 0;
    for (const { queue, item } of items) {
      position++;
      io.stdout(`\n[${position}/${items.length}] ${queue.chapter.book}/${queue.chapter.slug}, ${item.kind === 'lead' ? 'lead' : item.kind === 'proposal' ? 'proposed claim' : 'claim to review again'}\n${blockOf(item, queue, context.audit).join('\n')}\n`);
      const decision = await decide(item, { by, date, ask, io });
      if (decision === 'quit') break;
      if (decision) decisions.push(decision);
    }
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
    io.stdout(`\n${interrupted ? 'Interrupted' : 'End of input'}: nothing was written.\n`);
    return EXIT.problems;
  } finally {
    if (decisions.length === 0) rl.close();
  }
  if (decisions.length === 0) {
    io.stdout('\nNo decisions: nothing was written.\n');
    return EXIT.ok;
  }
  io.stdout(`\n${decisions.length} decision${decisions.length === 1 ? '' : 's'}:\n`);
  // The books as they are now: a sidecar edited during the walk (an entry removed above an item decided on)
  // must not have the decisions land on other entries. Each item is found again by its handle; one that
  // changed is refused, as the commands refuse it.
  const dryRun = values['dry-run'] === true;
  // Whatever stops the write, the terminal is let go (the input closed), and the answers are not lost: they are printed as the command that makes them.
  let code: number;
  try {
    const { model, setAside } = await modelForDecisions(options, decisions, io, true);
    const plan = planOnDisk(options, model, decisions);
    const confirm = dryRun ? undefined : async () => /^y(es)?$/i.test(await ask(`Write ${decisions.length === 1 ? 'this decision' : `these ${decisions.length} decisions`} to the sidecars? [y/n] `));
    code = await carryOut(options, plan, io, { dryRun, confirm, setAside });
  } catch (error) {
    if (!(error instanceof Stopped)) {
      io.stderr(decisionsAsCommand(decisions));
      throw error;
    }
    io.stdout('\nEnd of input: nothing was written.\n');
    return EXIT.problems;
  } finally {
    rl.close();
  }
  if (code !== EXIT.ok) io.stderr(decisionsAsCommand(decisions));
  return code;
}

/**
 * The walk's decisions as one command, to run again once what refused them
 * is fixed (or to edit first): nothing the author answered is lost.
 * @param decisions the decisions, as the walk made them.
 * @returns the lines to print.
 */
export function decisionsAsCommand(decisions: readonly Decision[]): string {
  const quoted = (value: string) => (/^[\w./:@=,+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);
  const parts = decisions.map((decision) => {
    const words: string[] = [decision.verb, decision.target];
    if (decision.verb === 'accept') {
      if (decision.relation) words.push('--relation', decision.relation);
      for (const group of decision.relations ?? []) words.push('--relation', `${group.relation}=${group.claims.join(',')}`);
      if (decision.locator !== undefined) words.push('--locator', decision.locator);
      if (decision.note !== undefined) words.push('--note', decision.note);
    }
    if (decision.verb === 'reject') words.push('--why', decision.why);
    if (decision.verb === 'accept-claim' && decision.id !== undefined) words.push('--id', decision.id);
    if (decision.verb === 'verdict') {
      if (decision.status) words.push(decision.status);
      if (decision.rationale) words.push('--rationale', decision.rationale);
    }
    return words.map(quoted).join(' ');
  });
  const { by, date } = decisions[0]!;
  return `Your ${decisions.length === 1 ? 'decision' : `${decisions.length} decisions`}, as one command (run it once the above is fixed, or decide some on their own):\n  research-pack ${parts.join(' + ')} --by ${quoted(by)} --date ${date}\n`;
}

/** Each item once: leads in sidecar order, then proposed claims, then claims. */
function itemsOf(queue: ReviewQueue): ReviewItem[] {
  return [...queue.leads, ...queue.proposals, ...queue.claims];
}

function blockOf(item: ReviewItem, queue: ReviewQueue, audit: AuditOf | undefined): string[] {
  if (item.kind === 'lead') return leadBlock(item, item.item.claims[0]!, audit && ((pass, claim) => audit(queue.chapter, pass, claim)), true, queue.latest);
  if (item.kind === 'proposal') return proposalBlock(item);
  return claimBlock(item, queue.reviewAfterDays);
}

/** Ask what to do with one item; undefined to skip it. */
async function decide(item: ReviewItem, context: { by: string; date: string; ask: (prompt: string) => Promise<string>; io: Io }): Promise<Decision | 'quit' | undefined> {
  const { by, date, ask, io } = context;
  const target = item.handle;
  const choices = item.kind === 'claim' ? '[c]onfirm on the current wording, [v]erdict, [s]kip, [q]uit' : `[a]ccept${item.kind === 'proposal' ? ' as a claim' : ''}, [r]eject, [s]kip, [q]uit`;
  for (;;) {
    const answer = (await ask(`${choices}? `)).toLowerCase();
    if (answer === 's' || answer === 'skip') return undefined;
    if (answer === 'q' || answer === 'quit') return 'quit';
    if (item.kind === 'lead' && (answer === 'a' || answer === 'accept')) {
      let related: Pick<AcceptDecision, 'relation' | 'relations'> = {};
      // A lead the report left unresolved backs no verdict until the author says what it does.
      if (item.item.relation === 'unresolved') {
        // A lead on several claims may bear differently on each: one relation for all, or one per group of its claims.
        const claims = item.item.claims;
        const several = claims.length > 1 ? `, for all its claims; or one per group of them, each of ${claims.join(', ')} once, as <relation>=<claim>,<claim> <relation>=<claim>` : '';
        const isWord = (text: string): text is RelationWord => (RELATIONS as readonly string[]).includes(text);
        const relation = await askUntil(ask, `What does it do to its claims: supports, qualifies or contradicts${several} (Enter: leave it unresolved)? `, (text) => text === '' || isWord(text) || (claims.length > 1 && perClaim(text, claims) !== undefined));
        if (relation !== '') related = isWord(relation) ? { relation } : { relations: perClaim(relation, claims)! };
      }
      // Where in the source and what it shows, as accept --locator and --note take them (an outside author's finding: only the command could).
      const kept = item.item.locator === undefined ? 'none' : `keep ${JSON.stringify(item.item.locator)}`;
      const locator = await askUntil(ask, `Where in the source (section, page, line; Enter: ${kept})? `, (text) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text));
      const note = await ask('What it shows, in your words, added to its note (Enter: nothing)? ');
      return { verb: 'accept', target, by, date, ...related, ...(locator !== '' && locator !== item.item.locator ? { locator } : {}), ...(note !== '' ? { note } : {}) };
    }
    if (item.kind === 'proposal' && (answer === 'a' || answer === 'accept')) {
      // Its id is made from its words; the author may give the claim a shorter one (as accept-claim --id does).
      const proposed = item.proposal.id;
      const id = await askUntil(ask, `Claim id (Enter: keep "${proposed}")? `, (text) => text === '' || IdSchema.safeParse(text).success);
      return { verb: 'accept-claim', target, by, date, ...(id !== '' && id !== proposed ? { id } : {}) };
    }
    if (item.kind !== 'claim' && (answer === 'r' || answer === 'reject')) {
      const why = await askUntil(ask, 'Why is it rejected? ', (text) => text !== '');
      return { verb: 'reject', target, by, date, why };
    }
    if (item.kind === 'claim' && (answer === 'c' || answer === 'confirm')) return { verb: 'reviewed', target, by, date };
    if (item.kind === 'claim' && (answer === 'v' || answer === 'verdict')) {
      const statuses = VerdictStatusSchema.options;
      const status = await askUntil(ask, `Status (${statuses.join(', ')})? `, (text) => (statuses as readonly string[]).includes(text));
      // Taking a verdict back to unverified says why; a claim not reviewed yet may stay unverified without a word.
      const rationale = await askUntil(ask, 'Rationale? ', (text) => text !== '' || (status === 'unverified' && item.claim.claim.verdict.status === 'unverified'));
      return { verb: 'verdict', target, by, date, status: status as (typeof statuses)[number], ...(rationale ? { rationale } : {}) };
    }
    io.stdout(`Type ${item.kind === 'claim' ? 'c, v, s or q' : 'a, r, s or q'} and Enter.\n`);
  }
}

/** `supports=a,b qualifies=c`: a relation for each of the lead's claims, each once (as `--relation` reads a group); undefined for anything else. */
function perClaim(text: string, claims: readonly string[]): Array<{ relation: RelationWord; claims: string[] }> | undefined {
  const groups: Array<{ relation: RelationWord; claims: string[] }> = [];
  const seen = new Set<string>();
  for (const part of text.split(/\s+/).filter(Boolean)) {
    if (!part.includes('=')) return undefined;
    let group: { relation: RelationWord; claims: string[] };
    try {
      group = relationGroup(part);
    } catch {
      return undefined;
    }
    for (const claim of group.claims) {
      if (!claims.includes(claim) || seen.has(claim)) return undefined;
      seen.add(claim);
    }
    groups.push(group);
  }
  return seen.size === claims.length ? groups : undefined;
}

async function askUntil(ask: (prompt: string) => Promise<string>, prompt: string, valid: (text: string) => boolean): Promise<string> {
  for (;;) {
    const answer = await ask(prompt);
    if (valid(answer)) return answer;
  }
}
