/**
 * Each command's options, parsed strictly: an option another command takes
 * is an error here, not silently ignored.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest } from '@research-pack/core/problems';
import { isDateString, resolveAsOf } from '@research-pack/core/schema';
import type { CommandName } from './help.js';
import { CliError, type Io } from './io.js';
import { isDecisionVerb } from './review/verbs.js';

const project = { root: { type: 'string' }, content: { type: 'string' }, 'as-of': { type: 'string' } } as const;
const help = { help: { type: 'boolean', short: 'h' } } as const;
const decision = { chapter: { type: 'string' }, by: { type: 'string' }, date: { type: 'string' }, force: { type: 'boolean' }, 'dry-run': { type: 'boolean' } } as const;

/** The options of every command. */
export const COMMAND_OPTIONS = {
  check: { ...project, format: { type: 'string' }, sources: { type: 'boolean' }, 'fail-on': { type: 'string' }, strict: { type: 'boolean' }, cache: { type: 'boolean' }, ...help },
  brief: { ...project, site: { type: 'string' }, ...help },
  status: { ...project, site: { type: 'string' }, format: { type: 'string' }, ...help },
  fingerprint: { ...help },
  anchor: { ...project, chapter: { type: 'string' }, quote: { type: 'string' }, prefix: { type: 'string' }, suffix: { type: 'string' }, 'dry-run': { type: 'boolean' }, ...help },
  'remove-claim': { ...project, chapter: { type: 'string' }, force: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, ...help },
  'move-claim': { ...project, chapter: { type: 'string' }, to: { type: 'string' }, 'dry-run': { type: 'boolean' }, ...help },
  recover: { root: project.root, content: project.content, discard: { type: 'boolean' }, ...help },
  ingest: {
    ...project,
    chapter: { type: 'string' },
    write: { type: 'boolean' },
    strict: { type: 'boolean' },
    by: { type: 'string' },
    date: { type: 'string' },
    ...help,
  },
  review: { ...project, format: { type: 'string' }, interactive: { type: 'boolean' }, by: { type: 'string' }, date: { type: 'string' }, 'dry-run': { type: 'boolean' }, ...help },
  accept: { ...project, ...decision, relation: { type: 'string', multiple: true }, locator: { type: 'string' }, note: { type: 'string' }, ...help },
  reject: { ...project, ...decision, why: { type: 'string' }, ...help },
  'accept-claim': { ...project, ...decision, id: { type: 'string' }, directive: { type: 'string' }, ...help },
  verdict: { ...project, ...decision, rationale: { type: 'string' }, 'from-pass': { type: 'string' }, concern: { type: 'string' }, 'drop-concern': { type: 'boolean' }, priority: { type: 'string' }, response: { type: 'string' }, ...help },
  reviewed: { ...project, ...decision, ...help },
  // A source records what it is, not who corrected it: no --by, --date or --force.
  source: { ...project, chapter: { type: 'string' }, 'dry-run': { type: 'boolean' }, reading: { type: 'string' }, title: { type: 'string' }, limitations: { type: 'string' }, 'drop-limitations': { type: 'boolean' }, ...help },
  // A citation is new evidence: nothing earlier to override, so no --force.
  cite: { ...project, chapter: { type: 'string' }, by: { type: 'string' }, date: { type: 'string' }, 'dry-run': { type: 'boolean' }, claim: { type: 'string', multiple: true }, relation: { type: 'string' }, class: { type: 'string' }, locator: { type: 'string' }, note: { type: 'string' }, id: { type: 'string' }, ...help },
  sources: {
    ...project,
    'max-age': { type: 'string' },
    offline: { type: 'boolean' },
    'skip-archives': { type: 'boolean' },
    'doi-resolver': { type: 'string' },
    'arxiv-api': { type: 'string' },
    timegate: { type: 'string' },
    'user-agent': { type: 'string' },
    timeout: { type: 'string' },
    retries: { type: 'string' },
    backoff: { type: 'string' },
    'max-retry-after': { type: 'string' },
    'per-host': { type: 'string' },
    concurrency: { type: 'string' },
    interval: { type: 'string' },
    'max-bytes': { type: 'string' },
    ...help,
  },
} as const satisfies Record<CommandName, ParseArgsConfig['options']>;

/** Parsed options of a command: strings, booleans and (for an option given more than once) lists of strings, by name. */
export type Values = Partial<Record<string, string | boolean | string[]>>;

/**
 * Parse a command's arguments.
 * @param command the command.
 * @param args the arguments after it.
 * @returns its positionals and options; throws a usage error for an unknown option or a missing value.
 */
export function parseCommandArgs(command: CommandName, args: readonly string[]): { positionals: string[]; values: Values } {
  try {
    const parsed = parseArgs({ args: [...args], options: COMMAND_OPTIONS[command], allowPositionals: true, strict: true });
    return { positionals: parsed.positionals, values: parsed.values as Values };
  } catch (error) {
    throw new CliError(friendlyParseError((error as Error).message, command, args));
  }
}

function friendlyParseError(message: string, command: CommandName, args: readonly string[]): string {
  // `--timeout -1`: a value that starts with a dash reads as an option.
  const ambiguous = /^Option '(?:-\w, )?(--[^']+)' argument is ambiguous/.exec(message);
  if (ambiguous) {
    const name = ambiguous[1]!;
    // The use of the option whose value starts with a dash (an earlier use may have had a good one).
    const at = args.findIndex((arg, index) => (arg === name || arg === `-${name.slice(2, 3)}`) && (args[index + 1]?.startsWith('-') ?? true));
    const value = at === -1 ? undefined : args[at + 1];
    return value === undefined ? `option ${name} needs a value` : `option ${name} is followed by "${value}", which reads as an option; if it is the value, write ${name}=${value}`;
  }
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) {
    const names = Object.keys(COMMAND_OPTIONS[command]).map((name) => `--${name}`);
    const option = unknown[1]!;
    // "accept l1 reject l2 --why …": a second decision without the "+" that starts it.
    const verb = args.find((arg) => isDecisionVerb(arg) && arg !== command);
    const owner = verb && Object.hasOwn(COMMAND_OPTIONS[verb as CommandName], option.replace(/^--/, '')) ? verb : undefined;
    if (owner) return `unknown option ${option} of \`${command}\`: it is \`${owner}\`'s; to give several decisions in one call, start each with + (${command} … + ${owner} … ${option} …)`;
    const guess = option.startsWith('--') ? closest(option, names) : undefined;
    return `unknown option ${option}${guess ? ` (did you mean ${guess}?)` : ''}; \`${command}\` takes ${names.join(', ')} (see \`research-pack ${command} --help\`)`;
  }
  const missing = /^Option '([^']+)' argument missing/.exec(message);
  if (missing) return `option ${missing[1]!.replace(/^-\w, /, '')} needs a value`;
  return message.split('\n')[0]!;
}

/**
 * A string option.
 * @param values parsed options.
 * @param name option name.
 * @returns its value, or undefined.
 */
export function stringOption(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * An option a command takes more than once, each value as given.
 * @param values parsed options.
 * @param name the option's name.
 * @returns its values, in order; none when it is not given.
 */
export function stringsOption(values: Values, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

/**
 * `--format`, checked.
 * @param values parsed options.
 * @param more formats this command takes besides `text` and `json`.
 * @returns the format.
 */
export function formatOption<F extends string = never>(values: Values, more: readonly F[] = []): 'text' | 'json' | F {
  const format = stringOption(values, 'format') ?? 'text';
  const known: readonly string[] = ['text', 'json', ...more];
  if (!known.includes(format)) {
    throw new CliError(`--format must be ${known.map((name, index) => `${index === known.length - 1 ? 'or ' : ''}"${name}"`).join(known.length > 2 ? ', ' : ' ')}, got "${format}"`);
  }
  return format as 'text' | 'json' | F;
}

/**
 * A date option, checked.
 * @param values parsed options.
 * @param name option name.
 * @returns the date, or undefined when not given.
 */
export function dateOption(values: Values, name: string): string | undefined {
  const value = stringOption(values, name);
  if (value !== undefined && !isDateString(value)) throw new CliError(`--${name} must be a real date written as YYYY-MM-DD, got "${value}"`);
  return value;
}

/**
 * The date the model is computed for, the way the site build resolves it:
 * `--as-of`, else `SOURCE_DATE_EPOCH`, else today (UTC).
 * @param values parsed options.
 * @param io the environment.
 * @returns `YYYY-MM-DD`.
 */
export function asOfOption(values: Values, io: Io): string {
  const today = dateOption(values, 'as-of');
  try {
    return resolveAsOf({ today, env: io.env });
  } catch (error) {
    throw new CliError((error as Error).message.replace(/^Research Pack: /, ''));
  }
}

/**
 * Check the number of positional arguments.
 * @param positionals what was given.
 * @param count how many the command takes.
 * @param usage what they are, for the message.
 */
export function expectPositionals(positionals: readonly string[], count: number, usage: string): void {
  if (positionals.length !== count) {
    const got = positionals.length === 0 ? 'nothing' : positionals.map((p) => `"${p}"`).join(' ');
    throw new CliError(`expected ${usage}, got ${got}`);
  }
}
