/**
 * `research-pack`: check books, print briefs, status and fingerprints,
 * ingest research reports, decide on what they brought in and refresh the
 * sources lock, without Astro. A thin shell over the core.
 */
import { readFileSync } from 'node:fs';
import type { DecisionVerb } from '@research-pack/core/review';
import { parseCommandArgs } from './args.js';
import type { Command } from './commands/types.js';
import { HELP, type CommandName } from './help.js';
import { CliError, EXIT, type Io } from './io.js';
import { isDecisionVerb } from './review/verbs.js';

// Loaded on demand: help and usage errors do not pay for the parsers.
const COMMANDS: Record<CommandName, () => Promise<Command>> = {
  check: async () => (await import('./commands/check.js')).check,
  brief: async () => (await import('./commands/brief.js')).brief,
  status: async () => (await import('./commands/status.js')).status,
  fingerprint: async () => (await import('./commands/fingerprint.js')).fingerprint,
  ingest: async () => (await import('./commands/ingest.js')).ingest,
  sources: async () => (await import('./commands/sources.js')).sources,
  review: async () => (await import('./commands/review.js')).review,
  // The decision commands read their arguments themselves (decisions joined by +): see `main`.
  accept: decisionCommand('accept'),
  reject: decisionCommand('reject'),
  'accept-claim': decisionCommand('accept-claim'),
  verdict: decisionCommand('verdict'),
  reviewed: decisionCommand('reviewed'),
  source: decisionCommand('source'),
  cite: decisionCommand('cite'),
  anchor: async () => (await import('./commands/anchor.js')).anchor,
  'remove-claim': async () => (await import('./commands/remove-claim.js')).removeClaim,
  'move-claim': async () => (await import('./commands/move-claim.js')).moveClaim,
  recover: async () => (await import('./commands/recover.js')).recover,
};

function decisionCommand(verb: DecisionVerb): () => Promise<Command> {
  return async () => {
    const { decide } = await import('./commands/decide.js');
    return (positionals, _values, io) => decide(verb, positionals, io);
  };
}

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/**
 * Run the CLI.
 * @param argv the arguments after the program name.
 * @param io streams and environment.
 * @returns the exit code.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.stderr(`${HELP.main}\n`);
    return EXIT.usage;
  }
  if (command === '--help' || command === '-h') {
    io.stdout(`${HELP.main}\n`);
    return EXIT.ok;
  }
  if (command === 'help') {
    const topic = rest[0];
    if (topic === undefined) {
      io.stdout(`${HELP.main}\n`);
      return EXIT.ok;
    }
    if (!isCommand(topic)) return await unknownCommand(topic, io);
    io.stdout(`${HELP[topic]}\n`);
    return EXIT.ok;
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`${version()}\n`);
    return EXIT.ok;
  }
  if (!isCommand(command)) return await unknownCommand(command, io);
  try {
    if (isDecisionVerb(command)) return await (await COMMANDS[command]())([...rest], {}, io);
    const { positionals, values } = parseCommandArgs(command, rest);
    if (values.help) {
      io.stdout(`${HELP[command]}\n`);
      return EXIT.ok;
    }
    const run = await COMMANDS[command]();
    return await run(positionals, values, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`research-pack ${command}: ${error.message}\n`);
      if (error.exitCode === EXIT.usage) io.stderr(`Run \`research-pack ${command} --help\` for usage.\n`);
      return error.exitCode;
    }
    // A sidecar edit refused (a value a YAML alias shares, or one that would not read back): said, nothing written.
    if (error instanceof Error && error.name === 'YamlEditError') {
      io.stderr(`research-pack ${command}: ${error.message}\n`);
      return EXIT.problems;
    }
    // Input nested deeper than a guard foresaw exhausts the stack: said in words, with the files the command read, not as a trace.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      io.stderr(`research-pack ${command}: ${deepInputMessage(rest)}\n`);
      return EXIT.problems;
    }
    // An error of the file system is the user's to fix, not a bug: its file, operation, reason and remedy, no stack trace.
    if (hasSystemCode(error)) {
      const { describeSystemFailure } = await import('./files.js');
      io.stderr(`research-pack ${command}: ${describeSystemFailure(error)}\n`);
      return EXIT.problems;
    }
    throw error;
  }
}

/**
 * What to say when reading exhausted the stack: the input nests too deep.
 * The files named on the command line are the likely culprits; without
 * any, the books' chapters and sidecars are.
 */
function deepInputMessage(args: readonly string[]): string {
  const files = args.filter((arg) => /\.(?:mdx?|ya?ml|json)$/i.test(arg));
  const read = files.length > 0 ? files.map((file) => `"${file}"`).join(', ') : 'the chapters and sidecars it reads';
  return `${read} ${files.length === 1 ? 'nests' : 'nest'} too deeply to be read (Maximum call stack size exceeded): look for a line that opens with a long run of ">" or list markers, or brackets, tags or YAML lists left open, and nest a few levels at most`;
}

/** Whether an error (or one in its `cause` chain) carries an errno code such as `EACCES`. */
function hasSystemCode(error: unknown): boolean {
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function unknownCommand(name: string, io: Io): Promise<number> {
  const hint = name.startsWith('-') ? `unknown option "${name}"` : `unknown command "${name}"${await commandMeant(name)}`;
  io.stderr(`research-pack: ${hint}; commands: ${Object.keys(COMMANDS).join(', ')}\nRun \`research-pack --help\` for usage.\n`);
  return EXIT.usage;
}

/** The command a slip meant: `reject-claim` is `reject` (which takes proposed claims too), `delete-claim` is `remove-claim`, `chek` is `check`. */
async function commandMeant(name: string): Promise<string> {
  if (/^(?:remove|delete|drop|retire|rm)(?:-claims?)?$/.test(name)) return ' (did you mean "remove-claim"? it takes claims out of the sidecars)';
  const verb = /^(.+)-(?:claim|lead|proposal)s?$/.exec(name)?.[1];
  if (verb !== undefined && isCommand(verb)) return ` (did you mean "${verb}"? it decides on leads and proposed claims alike)`;
  const { closest } = await import('@research-pack/core/problems');
  const guess = closest(name, Object.keys(COMMANDS));
  return guess === undefined ? '' : ` (did you mean "${guess}"?)`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
