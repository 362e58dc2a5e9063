/**
 * The arguments of the decision commands (`accept`, `reject`,
 * `accept-claim`, `verdict`, `reviewed`): one or more decisions joined by
 * `+`, each parsed with its own verb's options. The options about the call
 * (`--root`, `--content`, `--as-of`, `--dry-run`) may stand in any of them,
 * but must agree.
 */
import { closest } from '@research-pack/core/problems';
import { EvidenceClassSchema, IdSchema, PrioritySchema, ReadingStatusSchema, ResponseSchema, VerdictStatusSchema, type VerdictStatus } from '@research-pack/core/schema';
import type { Decision, DecisionVerb } from '@research-pack/core/review';
import { dateOption, parseCommandArgs, stringOption, stringsOption, type Values } from '../args.js';
import { CliError } from '../io.js';
import { DECISION_VERBS, isDecisionVerb } from './verbs.js';
import { checkedBy } from './who.js';

/** One decision as typed: who and when may still be to settle (`--by`, `--date` not given). */
export type TypedDecision = DistributiveOmit<Decision, 'by' | 'date'> & { by?: string | undefined; date?: string | undefined };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A call's decisions and the options about the whole call. */
export interface ParsedDecisions {
  decisions: TypedDecision[];
  /** The options of the call (project, date, dry run), merged from every segment. */
  values: Values;
  /** `--help` was asked for, in a segment of this verb. */
  help: DecisionVerb | undefined;
}

const CALL_OPTIONS = ['root', 'content', 'as-of', 'dry-run'] as const;
const STATUSES = VerdictStatusSchema.options;

/**
 * Split and parse a decision command's arguments.
 * @param verb the command (the first segment's verb).
 * @param args the arguments after it.
 * @returns the decisions, in order.
 */
export function parseDecisions(verb: DecisionVerb, args: readonly string[]): ParsedDecisions {
  const segments: Array<{ verb: DecisionVerb; args: string[] }> = [{ verb, args: [] }];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg !== '+') {
      segments.at(-1)!.args.push(arg);
      continue;
    }
    const next = args[index + 1];
    if (next === undefined) throw new CliError('"+" must be followed by another decision, e.g. + reject l7b01 --why "…"');
    if (!isDecisionVerb(next)) throw new CliError(`"+ ${next}": a decision starts with ${DECISION_VERBS.join(', ')}`);
    segments.push({ verb: next, args: [] });
    index++;
  }
  const values: Values = {};
  const decisions: TypedDecision[] = [];
  for (const segment of segments) {
    const parsed = parseCommandArgs(segment.verb, segment.args);
    if (parsed.values.help) return { decisions: [], values, help: segment.verb };
    for (const name of CALL_OPTIONS) {
      const value = parsed.values[name];
      if (value === undefined) continue;
      if (values[name] !== undefined && values[name] !== value) throw new CliError(`--${name} is given twice with different values; give it once for the whole call`);
      values[name] = value;
    }
    decisions.push(...segmentDecisions(segment.verb, parsed.positionals, parsed.values));
  }
  return { decisions, values, help: undefined };
}

function segmentDecisions(verb: DecisionVerb, positionals: string[], values: Values): TypedDecision[] {
  const given = stringOption(values, 'by');
  const by = given === undefined ? undefined : checkedBy(given.trim());
  const scope = stringOption(values, 'chapter')?.replace(/\/+$/, '');
  if (scope !== undefined && scope.trim() === '') throw new CliError('--chapter takes <book>/<chapter>, e.g. pi/27-chapter (or the chapter alone in a book of its own, or its file)');
  const common = { by, date: dateOption(values, 'date'), ...(values.force === true ? { force: true } : {}), ...(scope !== undefined ? { chapter: scope } : {}) };
  const each = (decision: (target: string) => TypedDecision) => {
    // "accept l1 reject l2": a second decision without the "+" that starts it.
    const verbWord = positionals.find((word) => isDecisionVerb(word));
    if (verbWord !== undefined) throw new CliError(`"${verbWord}" is a decision, not ${verb === 'accept-claim' ? 'a proposed claim' : verb === 'accept' ? 'a lead' : verb === 'source' ? 'a source' : 'an item'} to ${verb === 'source' ? 'correct' : verb}: to give several decisions in one call, start each with + (${verb} … + ${verbWord} …)`);
    if (positionals.length === 0 && verb === 'source') throw new CliError('`source` needs the source to correct: its ledger id (the evidence sidecar\'s `sources`, or `research-pack brief` lists them)');
    if (positionals.length === 0 && verb === 'cite') throw new CliError('`cite` needs the source it records: its ledger id (the evidence sidecar\'s `sources`, or `research-pack brief` lists them), e.g. cite rfc-9562 --claim session-id-v4 --relation supports');
    if (positionals.length === 0) throw new CliError(`\`${verb}\` needs the ${verb === 'accept-claim' ? 'proposed claim' : verb === 'accept' ? 'lead' : verb === 'reviewed' ? 'claim' : 'item'} to decide on: a handle from \`research-pack review\`, or an id`);
    return positionals.map(decision);
  };
  switch (verb) {
    case 'accept': {
      const relation = relationOption(values);
      if (Array.isArray(relation) && positionals.length > 1) throw new CliError('--relation <relation>=<claims> names the claims of one lead: give one lead per accept (join them with +)');
      const described = describedOptions(values);
      if (Object.keys(described).length > 0 && positionals.length > 1) throw new CliError(`--${'locator' in described ? 'locator' : 'note'} describes one lead: give one lead per accept (join them with +)`);
      return each((target) => ({ verb, target, ...(relation === undefined ? {} : Array.isArray(relation) ? { relations: relation } : { relation }), ...described, ...common }));
    }
    case 'reviewed':
      return each((target) => ({ verb, target, ...common }));
    case 'reject': {
      const why = stringOption(values, 'why')?.trim();
      if (why === undefined || why === '') throw new CliError('say why: --why "…", e.g. --why "the page describes version 1 only"; the reason stays in the record');
      return each((target) => ({ verb, target, why, ...common }));
    }
    case 'accept-claim': {
      const id = stringOption(values, 'id');
      const directive = stringOption(values, 'directive');
      if (id !== undefined && directive !== undefined) throw new CliError('give --id (keep the quote anchor) or --directive (anchor by a :claim directive), not both');
      if ((id !== undefined || directive !== undefined) && positionals.length > 1) throw new CliError(`--${id !== undefined ? 'id' : 'directive'} names one claim: give one proposal per accept-claim (join them with +)`);
      // A claim id is checked here, with the form it could take, not later as a problem of a file not yet written.
      for (const [option, value] of [['id', id], ['directive', directive]] as const) {
        if (value === undefined || IdSchema.safeParse(value).success) continue;
        const suggestion = value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
        throw new CliError(`--${option} "${value}" is not a claim id: ids use lowercase ASCII letters, digits and single hyphens, at most 80 characters${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`);
      }
      return each((target) => ({ verb, target, ...(id !== undefined ? { id } : {}), ...(directive !== undefined ? { directive } : {}), ...common }));
    }
    case 'verdict':
      return [verdictDecision(positionals, values, common)];
    case 'cite': {
      const claims = stringsOption(values, 'claim').flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
      if (claims.length === 0) throw new CliError('say which claims the source bears on: --claim <id> (again, or comma-separated, for more), e.g. --claim session-id-v4');
      for (const claim of claims) if (!IdSchema.safeParse(claim).success) throw new CliError(`--claim "${claim}" is not a claim id: ids use lowercase ASCII letters, digits and single hyphens`);
      const relation = stringOption(values, 'relation');
      if (relation === undefined) throw new CliError(`say what the source does to ${claims.length === 1 ? 'the claim' : 'the claims'}: --relation supports, qualifies or contradicts`);
      const given = stringOption(values, 'class')?.trim().toLowerCase().replace(/\s+/g, '-');
      const classes = EvidenceClassSchema.options;
      if (given !== undefined && !(classes as readonly string[]).includes(given)) {
        const guess = closest(given, classes);
        throw new CliError(`--class takes ${classes.join(', ')}; got "${given}"${guess ? ` (did you mean "${guess}"?)` : ''}`);
      }
      const described = describedOptions(values);
      if (positionals.length > 1) {
        // `--claim a b`: the second claim is read as a second source (an outside author's slip); say both readings.
        const extra = positionals.slice(1);
        throw new CliError(
          `\`cite\` records one source, "${positionals[0]}", and reads ${extra.map((value) => `"${value}"`).join(', ')} as ${extra.length === 1 ? 'another source' : 'other sources'}: ` +
            `if ${extra.length === 1 ? 'it is a claim' : 'they are claims'}, give them with --claim, comma-separated (--claim ${[...claims, ...extra].join(',')}); for another source, give one cite per source (join them with +)`,
        );
      }
      const id = stringOption(values, 'id');
      if (id !== undefined && !IdSchema.safeParse(id).success) throw new CliError(`--id "${id}" is not an evidence id: ids use lowercase ASCII letters, digits and single hyphens, at most 80 characters`);
      return each((target) => ({ verb, target, claims, relation: relationWord(relation, 'source'), class: (given ?? 'reported') as (typeof classes)[number], ...described, ...(id !== undefined ? { id } : {}), ...common }));
    }
    case 'source': {
      // `source refresh`: a slip for the command that checks the sources' links.
      if (positionals[0] === 'refresh') throw new CliError('`source <id>` corrects a source of the ledger; to check the sources\' links and write the lock, run `research-pack sources refresh`');
      const fields = sourceFields(values);
      if (Object.keys(fields).length === 0) throw new CliError('say what to correct: --reading <full-text, abstract-only, partial or not-accessible>, --title "…", --limitations "…" or --drop-limitations');
      if ((fields.title !== undefined || fields.limitations !== undefined) && positionals.length > 1) throw new CliError(`--${fields.title !== undefined ? 'title' : 'limitations'} describes one source: give one source per call (join them with +)`);
      return each((target) => ({ verb, target, ...fields, ...common }));
    }
  }
}

/** `--reading`, `--title`, `--limitations` or `--drop-limitations` of a source, checked. */
function sourceFields(values: Values): { reading?: (typeof READINGS)[number]; title?: string; limitations?: string | null } {
  const fields: ReturnType<typeof sourceFields> = {};
  const reading = stringOption(values, 'reading');
  if (reading !== undefined) {
    // "full text", "abstract only": the words a report writes, as the ledger spells them.
    const spelled = reading.trim().toLowerCase().replace(/\s+/g, '-');
    if (!(READINGS as readonly string[]).includes(spelled)) {
      const guess = closest(spelled, READINGS);
      throw new CliError(`--reading takes ${READINGS.join(', ')}; got "${reading}"${guess ? ` (did you mean "${guess}"?)` : ''}`);
    }
    fields.reading = spelled as (typeof READINGS)[number];
  }
  for (const name of ['title', 'limitations'] as const) {
    const value = stringOption(values, name)?.trim();
    if (value === undefined) continue;
    if (value === '') throw new CliError(`--${name} must not be empty${name === 'limitations' ? '; to remove the source\'s limitations, give --drop-limitations' : ''}`);
    if (name === 'title' && /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value)) throw new CliError('--title is one line');
    fields[name] = value;
  }
  if (values['drop-limitations'] === true) {
    if (fields.limitations !== undefined) throw new CliError('give --limitations "…" (the limitations now) or --drop-limitations (none), not both');
    fields.limitations = null;
  }
  return fields;
}

const READINGS = ReadingStatusSchema.options;

/**
 * `--locator` and `--note` of an accept: where in the source, and what it
 * shows, in the author's words; each a non-empty text, the locator on one line.
 */
function describedOptions(values: Values): { locator?: string; note?: string } {
  const described: { locator?: string; note?: string } = {};
  for (const name of ['locator', 'note'] as const) {
    const value = stringOption(values, name)?.trim();
    if (value === undefined) continue;
    if (value === '') throw new CliError(`--${name} must not be empty`);
    if (name === 'locator' && /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value)) throw new CliError('--locator is where in the source, on one line: e.g. --locator "section 3.2, p. 14"');
    described[name] = value;
  }
  return described;
}

/** What a lead does to its claims, as the author gives it. */
export type RelationWord = 'supports' | 'qualifies' | 'contradicts';
/** The relations an author gives. */
export const RELATIONS: readonly RelationWord[] = ['supports', 'qualifies', 'contradicts'];

/**
 * A relation word, checked.
 * @param value as typed.
 * @returns the relation; a usage error (with a did-you-mean) for anything else.
 */
function relationWord(value: string, of: 'lead' | 'source' = 'lead'): RelationWord {
  if ((RELATIONS as readonly string[]).includes(value)) return value as RelationWord;
  const guess = closest(value, RELATIONS);
  const what = of === 'lead' ? 'what the lead does to its claims, as you read the source' : 'what the source does to the claims, as you read it';
  throw new CliError(`--relation takes supports, qualifies or contradicts (${what}), got "${value}"${guess ? ` (did you mean "${guess}"?)` : ''}`);
}

/**
 * One group of a lead's claims and their relation, `supports=a,b`.
 * @param value as typed.
 * @returns the relation and the claims; a usage error for a bad relation or no claim.
 */
export function relationGroup(value: string): { relation: RelationWord; claims: string[] } {
  const at = value.indexOf('=');
  const relation = relationWord(value.slice(0, at).trim());
  const claims = value.slice(at + 1).split(',').map((claim) => claim.trim()).filter(Boolean);
  if (claims.length === 0) throw new CliError(`--relation ${value} names no claim: give the claims after "=", e.g. --relation ${relation}=<claim>,<claim>`);
  return { relation, claims };
}

/**
 * `--relation`: one relation for every claim of the lead (`supports`), or
 * one per group of its claims (`supports=a,b --relation qualifies=c`).
 */
function relationOption(values: Values): RelationWord | Array<{ relation: RelationWord; claims: string[] }> | undefined {
  const given = stringsOption(values, 'relation');
  if (given.length === 0) return undefined;
  const plain = given.filter((value) => !value.includes('='));
  if (plain.length > 0) {
    if (given.length > 1) {
      throw new CliError(`--relation is given ${given.length} times (${given.map((value) => `"${value}"`).join(', ')}): give one relation for all of the lead's claims (--relation supports), or one for each group of its claims (--relation supports=<claim>,<claim> --relation qualifies=<claim>)`);
    }
    return relationWord(plain[0]!);
  }
  return given.map(relationGroup);
}

function verdictDecision(positionals: string[], values: Values, common: { by: string | undefined; date: string | undefined; force?: boolean; chapter?: string }): TypedDecision {
  const fromPass = stringOption(values, 'from-pass');
  const rationale = stringOption(values, 'rationale')?.trim();
  if (rationale === '') throw new CliError('--rationale must not be empty');
  const [target, status, ...rest] = positionals;
  const fields = claimFields(values);
  if (target === undefined || rest.length > 0 || (status === undefined && fromPass === undefined && Object.keys(fields).length === 0)) {
    throw new CliError(`expected verdict <claim> <status> (one claim; join more verdicts with +), verdict <claim> --from-pass <pass>, or verdict <claim> with --concern, --drop-concern, --priority or --response alone, got ${positionals.length === 0 ? 'nothing' : positionals.map((p) => `"${p}"`).join(' ')}`);
  }
  // A rationale is a verdict's: without a status or a pass to take one from, it would be recorded nowhere.
  if (rationale !== undefined && status === undefined && fromPass === undefined) {
    throw new CliError('--rationale goes with a verdict: give its status too (verdict <claim> <status> --rationale "…"), or --from-pass');
  }
  if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
    const guess = closest(status, STATUSES);
    throw new CliError(`the status must be ${STATUSES.join(', ')}; got "${status}"${guess ? ` (did you mean "${guess}"?)` : ''}`);
  }
  // A reviewed verdict without a rationale is a missing argument, as --why is for reject.
  if (status !== undefined && status !== 'unverified' && rationale === undefined && fromPass === undefined) {
    throw new CliError(`a ${status} verdict needs a rationale: give --rationale "…", one or two sentences a reader can check against the evidence (or --from-pass to take the one a research pass reported)`);
  }
  return {
    verb: 'verdict',
    target,
    ...(status !== undefined ? { status: status as VerdictStatus } : {}),
    ...(rationale !== undefined ? { rationale } : {}),
    ...(fromPass !== undefined ? { fromPass } : {}),
    ...fields,
    ...common,
  };
}

/** `--concern "…"` or `--drop-concern`, `--priority`, `--response`: the claim's review fields, checked. */
function claimFields(values: Values): { concern?: string | null; priority?: (typeof PRIORITIES)[number]; response?: (typeof RESPONSES)[number] } {
  const fields: ReturnType<typeof claimFields> = {};
  const concern = stringOption(values, 'concern')?.trim();
  if (concern !== undefined && values['drop-concern'] === true) throw new CliError('give --concern "…" (the concern now) or --drop-concern (none), not both');
  if (concern === '') throw new CliError('--concern must not be empty; to remove the claim\'s concern, give --drop-concern');
  if (concern !== undefined) fields.concern = concern;
  if (values['drop-concern'] === true) fields.concern = null;
  for (const [name, options] of [['priority', PRIORITIES], ['response', RESPONSES]] as const) {
    const value = stringOption(values, name);
    if (value === undefined) continue;
    if (!(options as readonly string[]).includes(value)) {
      const guess = closest(value, options);
      throw new CliError(`--${name} takes ${options.join(', ')}; got "${value}"${guess ? ` (did you mean "${guess}"?)` : ''}`);
    }
    (fields as Record<string, string>)[name] = value;
  }
  return fields;
}

const PRIORITIES = PrioritySchema.options;
const RESPONSES = ResponseSchema.options;
