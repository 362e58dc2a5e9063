/**
 * `research-pack`: check books, print briefs, status and fingerprints, and
 * ingest research reports, without Astro. A thin shell over the core.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  buildReport,
  extractChapterText,
  formatProblems,
  renderBrief,
  renderReportJson,
} from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { CliError, EXIT, type Io } from './io.js';
import { findChapter, loadProject, requireModel, siteUrlsFrom } from './project.js';
import { renderStatusTable } from './status-table.js';

const COMMON = `Options:
  --root <dir>      project root (default: the current directory)
  --content <dir>   books folder, relative to the root (default: content/books)
  -h, --help        show help`;

const HELP: Record<string, string> = {
  main: `Usage: research-pack <command> [options]

Commands:
  check [dir]                 validate every book; exit 1 on any problem
  brief <book>/<chapter>      print a chapter's research brief
  status                      the research report as a table
  fingerprint <chapter file>  print a chapter's prose fingerprint
  ingest <report.md> --chapter <book>/<chapter>
                              turn a returned research report into sidecar leads

Run \`research-pack <command> --help\` for a command's options.

Exit codes: 0 success; 1 problems found or the command failed; 2 bad arguments
or an unknown command, book or chapter.`,
  check: `Usage: research-pack check [dir] [--format text|json]

Validate every book under <dir> (default: the current directory) without
building the site. Prints one line per problem, file:line:column, field path,
what is wrong and how to fix it. Exit 1 when any error is found.

  --format json     print {"problems": [...]} for CI annotations
${COMMON}`,
  brief: `Usage: research-pack brief <book>/<chapter> [--site <url>]

Print the research brief of a chapter, byte-identical to the built brief.md.

  --site <url>      the site's URL, as in astro.config.mjs \`site\` (default: $RESEARCH_PACK_SITE)
${COMMON}`,
  status: `Usage: research-pack status [--format text|json]

Print the book-wide research report: per chapter, claims by status, leads,
sources not read in full, notebooks never run or failing, and the last pass.

  --format json     print report.json
  --site <url>      the site's URL (default: $RESEARCH_PACK_SITE)
${COMMON}`,
  fingerprint: `Usage: research-pack fingerprint <chapter file>

Print the sha256 fingerprint of a chapter's normalized prose: the sha256 of
its chapter-snapshot.txt.

  -h, --help        show help`,
};

const OPTIONS = {
  root: { type: 'string' },
  content: { type: 'string' },
  format: { type: 'string' },
  site: { type: 'string' },
  chapter: { type: 'string' },
  write: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

type Commands = Record<string, (positionals: string[], values: Values, io: Io) => Promise<number> | number>;
type Values = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

/**
 * Run the CLI.
 * @param argv the arguments after the program name.
 * @param io streams and environment.
 * @returns the exit code.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(`${HELP.main}\n`);
    return command ? EXIT.ok : EXIT.usage;
  }
  const run = COMMANDS[command];
  if (!run) {
    io.stderr(`research-pack: unknown command "${command}"\n\n${HELP.main}\n`);
    return EXIT.usage;
  }
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...rest], options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new CliError(`${(error as Error).message}\n\n${HELP[command] ?? HELP.main}`);
    }
    const values = parsed.values as Values;
    if (values.help) {
      io.stdout(`${HELP[command] ?? HELP.main}\n`);
      return EXIT.ok;
    }
    if (values.format !== undefined && values.format !== 'text' && values.format !== 'json') {
      throw new CliError(`--format must be "text" or "json", got "${values.format}"`);
    }
    return await run(parsed.positionals, values, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`research-pack ${command}: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}

function project(values: Values, io: Io, dir?: string) {
  return {
    root: path.resolve(io.cwd, dir ?? values.root ?? '.'),
    contentDir: values.content ?? 'content/books',
  };
}

function expectPositionals(positionals: string[], count: number, usage: string): void {
  if (positionals.length !== count) {
    throw new CliError(`expected ${usage}, got ${positionals.length === 0 ? 'nothing' : positionals.map((p) => `"${p}"`).join(' ')}`);
  }
}

const COMMANDS: Commands = {
  check(positionals, values, io) {
    if (positionals.length > 1) throw new CliError(`expected at most one folder, got ${positionals.length}`);
    const options = project(values, io, positionals[0]);
    const { problems } = loadProject(options);
    const errors = problems.filter((problem) => problem.severity === 'error');
    if (values.format === 'json') {
      io.stdout(`${JSON.stringify({ problems }, null, 2)}\n`);
    } else if (problems.length > 0) {
      io.stderr(`${formatProblems(problems)}\n`);
      io.stderr(`${errors.length} error(s), ${problems.length - errors.length} warning(s)\n`);
    } else {
      io.stdout(`No problems in ${options.contentDir}.\n`);
    }
    return errors.length > 0 ? EXIT.problems : EXIT.ok;
  },

  brief(positionals, values, io) {
    expectPositionals(positionals, 1, '<book>/<chapter>');
    const model = requireModel(project(values, io), io, formatProblems);
    const chapter = findChapter(model, positionals[0] as string);
    const book = model.books.find((candidate) => candidate.slug === chapter.book)!;
    io.stdout(renderBrief(book, chapter, siteUrlsFrom(values, io)));
    return EXIT.ok;
  },

  status(positionals, values, io) {
    expectPositionals(positionals, 0, 'no arguments');
    const model = requireModel(project(values, io), io, formatProblems);
    const urls = siteUrlsFrom(values, io);
    const report = buildReport(model, urls);
    io.stdout(values.format === 'json' ? renderReportJson(report) : renderStatusTable(report));
    return EXIT.ok;
  },

  async fingerprint(positionals, values, io) {
    expectPositionals(positionals, 1, '<chapter file>');
    const file = path.resolve(io.cwd, positionals[0] as string);
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CliError(`no such file: ${positionals[0]}`);
      throw new Error(`could not read ${file}`, { cause: error });
    }
    const format = file.endsWith('.md') ? 'md' : 'mdx';
    io.stdout(`${extractChapterText(parseChapter(source, { format })).fingerprint}\n`);
    return EXIT.ok;
  },
};
