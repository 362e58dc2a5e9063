/**
 * The help text of `research-pack` and of each command. The README documents
 * the same commands; keep them in step.
 */

const PROJECT = `  --root <dir>        project root (default: the current directory)
  --content <dir>     books folder, relative to the root (default: content/books)`;

const AS_OF = `  --as-of <date>      the date "review due" and "in the future" are computed
                      for, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH, else today,
                      as the site build does)`;

const SITE = `  --site <url>        the site's URL, as \`site\` in astro.config.mjs, e.g.
                      https://books.example.org (default: $RESEARCH_PACK_SITE;
                      without it, links are root-relative)`;

const HELP_FLAG = '  -h, --help          show this help';

/** Exit codes, as printed by `--help`. */
export const EXIT_CODES = `Exit codes:
  0  success
  1  the books (or the report) have problems, or the command could not do its job
  2  bad arguments, or an unknown command, book, chapter or file`;

/** Help text by command; `main` is the program's. */
export const HELP = {
  main: `Usage: research-pack <command> [options]

Check books, print research briefs, status and fingerprints, and ingest
research reports, without building the site.

Commands:
  check [dir]                 validate every book; exit 1 on any error
  brief <book>/<chapter>      print a chapter's research brief (brief.md)
  status                      the book-wide research report as a table
  fingerprint <chapter file>  print a chapter's prose fingerprint
  ingest <report.md> --chapter <book>/<chapter>
                              turn a returned research report into leads,
                              sources and a research pass (dry run unless --write)

Run \`research-pack <command> --help\` for a command's options.

Options:
  -h, --help          show this help
  --version           print the version

${EXIT_CODES}`,

  check: `Usage: research-pack check [dir] [options]

Validate every book under <dir> (default: --root, else the current directory)
without building the site: every sidecar on its own, every check across files,
and every claim anchored in its chapter. Prints one line per problem:
file:line:column  field.path  what is wrong  (hint: how to fix it)  [rule]

Options:
  --format <f>        text (default); json: {"errors", "warnings", "problems"};
                      github: one GitHub Actions annotation per problem
                      (::error file=…,line=…,col=…::…), shown on the pull request
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 no errors (warnings are printed); 1 errors; 2 bad arguments.`,

  brief: `Usage: research-pack brief <book>/<chapter> [options]

Print the research brief of a chapter: byte for byte the brief.md the site
builds at /research/books/<book>/<chapter>/brief.md, given the same --site and
date.

Options:
${SITE}
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 printed; 1 the books have problems; 2 bad arguments or an
unknown book or chapter.`,

  status: `Usage: research-pack status [options]

Print the book-wide research report, one row per chapter: claims by status
(sup = supported, qual = qualified, contra = contradicted, unver = unverified,
stale, due = review due), leads awaiting verification, sources not read in
full, notebooks never run or failing, and the last research pass (and whether
it read the current revision).

Options:
  --format <f>        text (default) or json (the site's report.json)
${SITE}
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 printed; 1 the books have problems; 2 bad arguments.`,

  fingerprint: `Usage: research-pack fingerprint <chapter file>

Print the fingerprint of a chapter: the sha256 of its normalized prose
snapshot, the chapter-snapshot.txt of its research pack. A research pass
records it to say which revision it read.

Options:
${HELP_FLAG}

Exit codes: 0 printed; 1 the chapter cannot be parsed; 2 bad arguments or no
such file.`,

  ingest: `Usage: research-pack ingest <report.md> --chapter <book>/<chapter> [options]

Read a research report returned for a chapter (the seven sections the brief
asks for), check it, and show as a diff what it would add to the chapter's
sidecars: claim-audit fields the author left empty, claims the report
proposes (recorded as proposals, never as claims), sources (merged with the
ledger, never duplicated), evidence as leads (never validated), and a research
pass with the report copied into the book's reports/ folder. A row that
cannot land is held back: listed with its line and why, and recorded in the
pass. Nothing is written without --write; ingesting the same report twice
adds nothing.

Options:
  --chapter <b>/<c>   the chapter the report is about (required)
  --write             apply the changes (default: dry run, print the diff)
  --strict            refuse the report on any problem, warnings included (CI)
  --by <name>         who made the pass (default: the report's "By:" line)
  --date <date>       the date of the pass, YYYY-MM-DD (default: the date in
                      the report's section 1, else --as-of)
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 shown, written or already ingested, every row landed; 3 shown
or written, some rows held back; 1 refused (the report or the books have
errors, or any problem with --strict; nothing is written); 2 bad arguments,
an unknown chapter or no such report.`,
} as const;

/** A command name. */
export type CommandName = Exclude<keyof typeof HELP, 'main'>;
