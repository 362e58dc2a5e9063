/**
 * The help text of `research-pack` and of each command. The README documents
 * the same commands; keep them in step.
 */

const PROJECT = `  --root <dir>        project root (default: the nearest folder up from here
                      with a research-pack.config.* or astro.config.*)
  --content <dir>     books folder, relative to the root (default: contentDir
                      in research-pack.config.*, else content/books, or
                      src/content/docs on a Starlight site)`;

const AS_OF = `  --as-of <date>      the date "review due" and "in the future" are computed
                      for, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH, else today,
                      as the site build does)`;

const SITE = `  --site <url>        the site's URL, as \`site\` in astro.config.mjs, e.g.
                      https://books.example.org (default: $RESEARCH_PACK_SITE,
                      else site in research-pack.config.*; without it, links
                      are root-relative)`;

const HELP_FLAG = '  -h, --help          show this help';

/** Exit codes, as printed by `--help`. */
export const EXIT_CODES = `Exit codes:
  0  success
  1  the books (or the report) have problems, or the command could not do its job
  2  bad arguments, or an unknown command, book, chapter or file
  3  ingest: done, but rows of the report were held back (each is listed)`;

/** The help of a decision command: what it does, its own options, the options every decision takes. */
function decisionHelp(usage: string, what: string, own: string): string {
  return `Usage: research-pack ${usage} [options] [+ <decision> ...]

${what}

Several decisions can be given in one call, joined by +, e.g.
  research-pack accept l3f2a.c41e + reject l7b01.02aa --why "…" + verdict c9e10 supported --rationale "…"
They are checked together (two that contradict each other are refused) and
written as one edit: the would-be sidecars must pass \`research-pack check\`,
each file is replaced atomically, and comments, order and formatting outside
the edited nodes stay byte for byte. A decision already recorded changes
nothing.

Items are named by the handles \`research-pack review\` prints, or by id.

Options:
${own}  --by <name>         who decides (default: the name another decision of a
                      + chain gives, else git config user.name)
  --date <date>       the date of the decision, YYYY-MM-DD (default: --as-of's, today's UTC date)
  --force             override an earlier, different decision on the item
  --chapter <b>/<c>   look ids up in this chapter only
  --dry-run           print the diff; write nothing
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 written, shown (--dry-run) or already recorded; 1 refused (an
unknown handle or id, a decision that contradicts the record or another one,
an item changed since it was listed, would-be sidecars that fail the checks;
nothing is written); 2 bad arguments.`;
}

/** Help text by command; `main` is the program's. */
export const HELP = {
  main: `Usage: research-pack <command> [options]

Check books, print research briefs, status and fingerprints, ingest
research reports, decide on what they brought in, and refresh the sources
lock, without building the site.

Commands:
  check [dir]                 validate every book; exit 1 on any error
  brief <book>/<chapter>      print a chapter's research brief (brief.md)
  status                      the book-wide research report as a table
  fingerprint <chapter file>  print a chapter's prose fingerprint
  ingest <report.md> [--chapter <book>/<chapter>]
                              turn a returned research report into leads,
                              sources and a research pass (dry run unless --write)
  review [<book>[/<chapter>]]  what awaits the author's decision: leads, proposed
                              claims, stale and review-due claims, with handles
  accept <lead>...            a lead becomes validated evidence
  reject <lead or proposal>... --why "…"
                              a lead (or proposed claim) is kept as rejected
  accept-claim <proposal>     a proposed claim becomes a claim
  verdict <claim> <status> --rationale "…"
                              record a verdict with the current textHash
  reviewed <claim>...         re-confirm a verdict on the claim's current wording
  source <source> --reading <r> | --title "…" | --limitations "…" | --drop-limitations
                              correct a source of the ledger
  cite <source> --claim <id> --relation <r>
                              record a source of the ledger as validated
                              evidence on a claim, as you read it
  anchor <claim> --quote "…"  anchor a claim on the words it now has in the
                              prose (a quote that no longer matches)
  remove-claim <claim>...     take claims the prose no longer makes out of the
                              sidecars, with the evidence that bore on them alone
  move-claim <claim>... --to <book>/<chapter>
                              carry claims whose sentences moved to another
                              chapter there, with their evidence and sources
  recover                     finish a write a killed command left half done
  sources refresh [<book>[/<chapter>]]
                              check every source's link, DOI and arXiv id and
                              find archived copies; write the book's
                              sources.lock.json (the only command that uses
                              the network)

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
  --sources           also list, at the end, what the books' sources.lock.json
                      say: dead links, changed sources, newer arXiv versions,
                      metadata mismatches and what could not be checked, each
                      at its ledger's file:line:column (no network: run
                      \`research-pack sources refresh\` to update the locks)
  --fail-on <list>    with --sources: exit 1 when any of these is found, a
                      comma-separated list of dead, changed, metadata,
                      unreachable (default: never)
  --strict            exit 1 on any warning too (a quote found only
                      approximately, say) and on any claim its page shows as
                      stale (its prose changed since the verdict): for a CI
                      job that keeps the published pages as reviewed
  --cache             keep each chapter's check in
                      node_modules/.cache/research-pack/check/ and check again
                      only the chapters whose files changed since (another
                      date or another version of Research Pack checks them
                      all; the checks across chapters run every time); needs
                      the project's own node_modules folder, not a link,
                      else checks everything
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 no errors (warnings are printed); 1 errors, a --fail-on
category found, or with --strict a warning or a stale claim; 2 bad arguments.`,

  brief: `Usage: research-pack brief <book>/<chapter> [options]

Print the research brief of a chapter: byte for byte the brief.md the site
builds at /research/books/<book>/<chapter>/brief.md, given the same --site and
date. In a project of one book, <chapter> alone will do.

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

  anchor: `Usage: research-pack anchor <claim> --quote "…" [--prefix "…"] [--suffix "…"] [options]

Set a claim's quote anchor to the words it now has in the prose, instead of
editing its claims sidecar: after a sentence was rewritten and its quote is
no longer found (anchor/orphan, which sets the chapter aside), or found only
approximately (anchor/fuzzy), or found more than once (anchor/ambiguous:
give --prefix or --suffix, the words just before or after it). The new
sidecar is checked with everything \`check\` runs before it is written: the
quote must be found in the prose, once. A claim marked by a
:claim[…]{#id} directive is anchored by the directive: move its brackets
in the chapter instead (one whose directive the prose no longer has, its
words taken out of it, is anchored by quote with this command). A verdict given on other words shows as stale
until you re-confirm it (\`research-pack reviewed <claim>\`).

Options:
  --quote "…"         the claim's words as they read in the chapter (the
                      words only, without Markdown's backticks, asterisks or
                      link brackets)
  --prefix "…"        the words just before them, to tell two places apart
  --suffix "…"        the words just after them
  --chapter <b>/<c>   the chapter, when two chapters have a claim of that id
  --dry-run           show the diff; write nothing
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 anchored, or anchored so already; 1 the new anchor does not
pass \`check\` (its problems are printed; nothing is written), or the book
is locked; 2 bad arguments or no such claim.`,

  'remove-claim': `Usage: research-pack remove-claim <claim>... [options]

Take claims out of their chapter's sidecars, instead of editing them: when
their sentence was deleted (its quote is found nowhere: anchor/orphan, which
sets the chapter aside), or the author no longer counts the words as a claim.
Each claim's entry goes from the claims sidecar, and its evidence with it:
an evidence item that bore on it alone is removed, one that bears on other
claims too stays, on those. The sources stay in the ledger, and a proposed
claim accepted as one stays recorded as accepted. A claim the prose still
marks with :claim[…]{#id} is refused: take the words out of the directive
(keep them) first. A claim with a contradicted verdict whose words may
still read in the prose needs --force: its page warns readers, and the
warning goes with it. What would be written is
checked with everything \`check\` runs before anything is written. The
claims of one chapter per call; nothing records the removal but the files'
history (git).

Options:
  --chapter <b>/<c>   the chapter, when two chapters have a claim of that id
  --force             remove a contradicted claim whose words may still read
                      in the prose
  --dry-run           show what goes and the diff; write nothing
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 removed; 1 the books would have an error they do not have now
(printed; nothing is written), the prose still marks the claim, a
contradicted claim without --force, a sidecar cannot be read, or the book
is locked; 2 bad arguments or no such claim.`,

  'move-claim': `Usage: research-pack move-claim <claim>... --to <book>/<chapter> [options]

Carry claims whose sentences you moved to another chapter into that
chapter's sidecars, instead of editing four of them: each claim's entry, as
written, with its verdict; the evidence that bore on the moved claims alone
(an item that bears on other claims of the chapter too stays on those, and
a copy goes for the moved ones, or the claims join the same item there);
and the sources that evidence rests on, into the other chapter's ledger
unless it has the same entry (one of that id that differs is refused): a
source moves when nothing left here rests on it, else it is copied. An
evidence item whose id the other chapter has takes a new one. Move
the sentences first (with their :claim[…]{#id} directives, if they have
them): what would be written is checked with everything \`check\` runs
before anything is written, and the claims' words must be found in the
other chapter. The claims of one chapter per call.

Options:
  --to <b>/<c>        the chapter the claims go to (or its file)
  --chapter <b>/<c>   the chapter they are in, when two chapters have a claim
                      of that id
  --dry-run           show what moves and the diff; write nothing
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 moved; 1 the books would have an error they do not have now
(printed; nothing is written), the other chapter has a claim of that id or
a different source of that id, a sidecar cannot be read, or a book is
locked; 2 bad arguments or no such claim or chapter.`,

  recover: `Usage: research-pack recover [--discard] [options]

After a research-pack was killed while it wrote into a book, finish what it
left half done. A command that writes several files of a book
(\`ingest --write\`, a decision) writes each new file whole beside its file,
then the book's write journal (<book>/.research-pack.journal) naming them
with the sha256 of each file before and after, then moves them into place,
and removes the journal last; \`check\` and a build report a journal its
writer left (book/unfinished-write). \`recover\` takes each such book's
writer lock and moves the files still beside their files into place, so
that the book is as the command would have left it, and says what it did.
A file changed since the write stopped (an edit, a revert) stops it, with
nothing moved: put it back, or give the write up. It also takes over the
stale lock and removes the temporary files a killed research-pack left.
Any command that writes into a book finishes a write the same way first.

Options:
  --discard           give the write up instead: remove the journal and the
                      new files it was still to move; the book's files stay
                      as they are now, and it names those that hold the
                      write's changes (restore them from git to undo it)
${PROJECT}
${HELP_FLAG}

Exit codes: 0 finished, given up, or nothing to do; 1 a book is locked by a
research-pack at work, a file changed since the write stopped, or a journal
or a file it names cannot be used (said with what to do); 2 bad arguments.`,

  ingest: `Usage: research-pack ingest <report.md> [--chapter <book>/<chapter>] [options]

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
  --chapter <b>/<c>   the chapter the report is about (default: the one whose
                      current revision it read, else whose stable id its
                      title or "Chapter:" line gives; a report about another
                      chapter than --chapter is refused)
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

  review: `Usage: research-pack review [<book>[/<chapter>]] [options]

List what awaits the author's decision in a chapter (or a book, or every
book): leads grouped by the claim they bear on (source, relation, class,
locator, what the lead says, the pass it came from), claims research passes
proposed, claims whose verdict is stale or due for review (the wording
reviewed beside the current one), and the latest pass's upgrade proposal.
Each item has a handle to decide on it with: l… a lead, p… a proposed claim,
c… a claim, e.g. \`research-pack accept l3f2a.c41e\`. The part after the dot
says what the item read when listed: a decision on an item that changed
since is refused.

Options:
  --format <f>        text (default) or json
  --interactive       walk through the items one by one in a terminal (accept,
                      reject with a reason, skip, quit); nothing is written
                      until the end, then every decision as one checked edit
  --by <name>         who decides (--interactive; default: git config user.name)
  --date <date>       the date of the decisions (--interactive; default: --as-of's)
  --dry-run           with --interactive: print the diff instead of writing
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 listed (or decided); 1 the books have problems, or the decisions
are refused; 2 bad arguments, an unknown book or chapter, or --interactive
without a terminal.`,

  accept: decisionHelp('accept <lead>...', `A lead becomes validated evidence: status validated, recorded the date of
the decision, by who decided. Check the lead against its source first.`, `  --relation <r>      supports, qualifies or contradicts: what the lead does to
                      its claims, as you read the source (set on it; needed
                      for a lead the report left unresolved to back a verdict)
  --relation <r>=<claim>,<claim>
                      what it does to some of its claims, when that differs
                      from claim to claim: give every claim of the lead one
                      (--relation supports=a,b --relation qualifies=c); the
                      lead keeps the first group, each other group becomes
                      validated evidence of its own from the same source
  --locator "…"       where in the source you found it (section, page, line),
                      in place of the report's
  --note "…"          what exactly the source shows, in your words: added to
                      its note, after where the lead came from
`),

  reject: decisionHelp('reject <lead or proposal>... --why "…"', `A lead is kept in the record as rejected (status rejected, with by, the date
and the reason); a proposed claim is marked rejected. Nothing is deleted, and
a later research pass that brings the same source for the same claim, or
proposes the same claim, does not add it again.`, `  --why "…"           why (required)
`),

  'accept-claim': decisionHelp('accept-claim <proposal>...', `A claim a research pass proposed becomes a claim of the chapter: added to
the claims sidecar, anchored by the quote the pass found in the snapshot,
unverified until it has a verdict; the sources the pass named for it become
leads on it, and the proposal is marked accepted.`, `  --id <id>           the claim's id instead of the proposal's (quote anchor kept)
  --directive <id>    anchor it by the :claim[…]{#id} directive you put in the
                      prose instead of by its quote; the claim takes that id
`),

  verdict: decisionHelp('verdict <claim> <status> --rationale "…"', `Record a verdict on a claim: status (supported, qualified, contradicted or
unverified), the date, by, the rationale, and the textHash and text of the
claim's current wording, so the page shows it as reviewed until the prose
changes. A supported, qualified or contradicted verdict needs validated
evidence with the matching relation (accept the lead in the same call:
accept l… + verdict …).`, `  --rationale "…"     why, in a sentence or two a reader can check
  --from-pass <pass>  take the status and rationale a research pass reported
                      for the claim (latest, the pass's date, or its report
                      path), its [S3] references to the report's ledger
                      written as source ids; --rationale and a status win
  --concern "…"       the claim's concern now, in your words (the one a pass
                      left goes into the next brief until you change it)
  --drop-concern      no concern any more
  --priority <p>      high, medium or low
  --response <r>      no-change, clarification, correction, citation,
                      new-example, new-experiment or new-section
                      (these four also without a status: verdict <claim>
                      --drop-concern changes them and keeps the verdict)
`),

  reviewed: decisionHelp('reviewed <claim>...', `Re-confirm the verdict of a stale or review-due claim on its current
wording: the verdict keeps its status and rationale and records the textHash
and text of the wording now, the date and by. Refused when the claim no
longer anchors in its chapter. This is how a verdict written without a
textHash stops showing as stale.`, ''),

  source: `Usage: research-pack source <source>... [options] [+ <decision> ...]

Correct a source of a chapter's ledger, by its ledger id: how much of it was
read (a research pass that read it otherwise says so at ingest), its title,
its limitations. The other fields, and every other byte of the evidence
sidecar, stay as they are; the would-be sidecar must pass
\`research-pack check\`. A source records what it is, not who corrected it:
no by or date is written. It may be joined to other decisions with +.
(To check the sources' links, see \`research-pack sources\`.)

Options:
  --reading <r>       full-text, abstract-only, partial or not-accessible
  --title "…"         the source's title (one source per call)
  --limitations "…"   what the source cannot show (one source per call)
  --drop-limitations  no limitations any more
  --chapter <b>/<c>   look the id up in this chapter only (a source id may be
                      in several chapters' ledgers)
  --dry-run           print the diff; write nothing
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 written, shown (--dry-run) or already so; 1 refused (an unknown
source, a source id of several chapters without --chapter, a would-be
sidecar that fails the checks; nothing is written); 2 bad arguments.`,

  cite: `Usage: research-pack cite <source> --claim <id> --relation <r> [options] [+ <decision> ...]

Record a source of a chapter's ledger, by its ledger id, as validated
evidence on claims of that chapter: what you read in it, without a lead
first (a source you read for another claim, a claim a researcher's report
named by a misspelled id). One new evidence item, with who and when; every
other byte of the evidence sidecar stays as it is, and the would-be sidecar
must pass \`research-pack check\`. The same source, claims and relation
already validated change nothing. It may be joined to other decisions with +.

Options:
  --claim <id>        a claim it bears on (again, or comma-separated, for more)
  --relation <r>      supports, qualifies or contradicts
  --class <c>         background, reported (default), reproduced (needs a
                      passed run: record it by hand), hypothesis or
                      proposed-experiment
  --locator "…"       where in the source (section, page, line)
  --note "…"          what exactly the source shows, in your words
  --id <id>           the evidence item's id (default: the source's id and the
                      first claim's)
  --chapter <b>/<c>   look the source up in this chapter only (a source id may
                      be in several chapters' ledgers)
  --by <name>         who read it (default: git's user.name)
  --date <date>       YYYY-MM-DD (default: --as-of, else today)
  --dry-run           print the diff; write nothing
${PROJECT}
${AS_OF}
${HELP_FLAG}

Exit codes: 0 written, shown (--dry-run) or already recorded; 1 refused (an
unknown source or claim, a would-be sidecar that fails the checks; nothing
is written); 2 bad arguments.`,

  sources: `Usage: research-pack sources refresh [<book>[/<chapter>]] [options]

Check every source of the ledgers (of every book, one book, or one chapter):
each URL (status, redirects, content type, a sha256 of the body, ETag and
Last-Modified), each DOI (CSL-JSON from the DOI resolver), each arXiv id (the
latest version and its date), and an archived copy of each URL near the day
it was read (Memento TimeGate). Write what was found to the book's
sources.lock.json, atomically; the sidecars are never changed. Differences
between the ledger and the metadata are printed for review. This is the only
command that uses the network; builds read the lock.

Options:
  --max-age <age>     leave entries checked less than this long ago alone, e.g.
                      30m, 12h, 7d, 2w (a bare number is days; default: check
                      everything); failed checks are always tried again
  --offline           print what is stale or never checked; fetch nothing
  --skip-archives     do not look for archived copies
  --doi-resolver <url>  default https://doi.org/ (the DOI is appended)
  --arxiv-api <url>   default https://export.arxiv.org/api/query
  --timegate <url>    default https://web.archive.org/web/ (the URL is appended)
  --user-agent <ua>   default research-pack/<version> (sources refresh)
  --timeout <s>       seconds per request, body included (default 15)
  --retries <n>       retries after timeouts, network errors, 5xx and 429
                      (default 2), with exponential backoff
  --backoff <ms>      the first retry's delay (default 1000), doubled each time
  --max-retry-after <s>  the longest Retry-After waited out (default 60); a
                      longer one is recorded as rate-limited
  --per-host <n>      requests at once to one host (default 2)
  --concurrency <n>   requests at once in all (default 8)
  --interval <ms>     between two requests to one host (default 1000; the
                      arXiv API at least 3000)
  --max-bytes <n>     the largest body hashed (default 10000000)
${PROJECT}
${AS_OF}
${HELP_FLAG}

A progress bar is drawn on a terminal (not in CI); a summary is printed at
the end.

Exit codes: 0 refreshed (whatever the sources' state), or printed (--offline);
1 the books have problems; 2 bad arguments or an unknown book or chapter.`,
} as const;

/** A command name. */
export type CommandName = Exclude<keyof typeof HELP, 'main'>;
