/**
 * The rule registry: every rule a problem can carry, with its default
 * severity and the one-line description the READMEs list.
 */

/** What a rule checks and how bad breaking it is. */
export interface RuleInfo {
  /** Errors fail the build; warnings are logged. */
  severity: 'error' | 'warning';
  /** One line for the README and `--explain`-style tooling. */
  description: string;
}

/**
 * Every rule, by id: the file policy (`file/`), loading and validation (`yaml/`, `schema/`, `book/`,
 * `chapter/`, `cross/`), the sources lock (`lock/`), anchoring (`anchor/`),
 * reading a research report (`report/`) and what the sources lock says
 * about the ledger's sources (`source/`, only from `check --sources`). Each
 * problem carries one of these ids and its severity.
 */
export const rules = {
  // The file policy: what may be read at all (`load/read-file.ts`).
  'file/outside-project': { severity: 'error', description: 'A symbolic link leads out of the project root; it is not followed.' },
  'file/symlink-loop': { severity: 'error', description: 'A symbolic link loops.' },
  'file/dangling-link': { severity: 'error', description: 'A symbolic link leads to nothing.' },
  'file/not-a-file': { severity: 'error', description: 'A book file is a folder, a FIFO, a device or a socket; it is not read.' },
  'file/too-large': { severity: 'error', description: 'A file is larger than 16 MiB (the sources lock: 64 MiB); it is not read.' },
  'file/unreadable': { severity: 'error', description: 'The system refused to read a file or list a folder (permission denied, I/O error, ...).' },
  'file/encoding': { severity: 'error', description: 'A file is not valid UTF-8 (the first invalid byte is named).' },
  'file/control-character': { severity: 'error', description: 'A file holds a control character other than tab and line breaks (NUL, ESC, ...).' },
  'schema/control-character': { severity: 'error', description: 'A text value holds a control character other than tab and line breaks, or half of a character (written as an escape such as "\\0" or "\\ud800").' },
  'yaml/syntax': { severity: 'error', description: 'The file is not valid YAML.' },
  'yaml/duplicate-key': { severity: 'error', description: 'A key appears twice in the same mapping.' },
  'yaml/empty-file': { severity: 'error', description: 'A sidecar or book.yaml is empty (or only comments).' },
  'yaml/comment-in-value': { severity: 'warning', description: 'An unquoted value is cut short where ` #` starts a YAML comment on its line (`#section-3.2`, or any comment after the quote, prefix or suffix of an anchor, or a rationale).' },
  'yaml/unsupported-tag': { severity: 'error', description: 'A YAML tag (`!!binary`, `!foo`) that sidecars do not use.' },
  'yaml/too-large': { severity: 'error', description: 'A sidecar is longer than 1,000,000 characters.' },
  'yaml/too-many-problems': { severity: 'error', description: 'A file has more than 100 problems; the rest are counted, not listed.' },
  'yaml/too-deep': { severity: 'error', description: 'Lists and mappings nest more than 64 levels deep (an unclosed bracket, runaway indentation).' },
  'yaml/alias': { severity: 'error', description: 'A sidecar or book.yaml marks a value with a YAML anchor (`&name`) or repeats one with an alias (`*name`): each entry is edited on its own, so every value is written out.' },
  'schema/unknown-key': { severity: 'error', description: 'A key the schema does not define (often a typo).' },
  'schema/missing-key': { severity: 'error', description: 'A required key is missing.' },
  'schema/invalid-type': { severity: 'error', description: 'A value has the wrong type (a string where a list is expected, ...).' },
  'schema/invalid-enum': { severity: 'error', description: 'A value is not one of the allowed words.' },
  'schema/invalid-format': { severity: 'error', description: 'A string does not have the required format (id, date, DOI, URL, ...).' },
  'schema/too-small': { severity: 'error', description: 'A string, list or number is below its minimum.' },
  'schema/too-big': { severity: 'error', description: 'A string, list or number is above its maximum.' },
  'schema/invalid-value': { severity: 'error', description: 'A value is otherwise invalid (an impossible date, a non-http URL, ...).' },
  'book/no-books': { severity: 'warning', description: 'The content directory holds no book.' },
  'book/missing-book-yaml': { severity: 'error', description: 'A book folder has no book.yaml.' },
  'book/slug-mismatch': { severity: 'error', description: "book.yaml's slug differs from the book's folder name." },
  'book/invalid-chapter-slug': { severity: 'error', description: 'A chapter file name is not a valid id (it becomes a URL segment).' },
  'book/duplicate-chapter': { severity: 'error', description: 'Both `<chapter>.md` and `<chapter>.mdx` exist.' },
  'book/duplicate-chapter-id': { severity: 'error', description: 'Chapters of two books get the same stable id (`pi` + `27-chapter` and `pi-27` + `chapter`).' },
  'book/orphan-sidecar': { severity: 'error', description: 'A sidecar has no chapter beside it.' },
  'book/unknown-chapter-file': { severity: 'error', description: 'A Markdown file a book does not read as a chapter (`.MDX`, `.markdown`, ...).' },
  'book/misnamed-sidecar': { severity: 'error', description: 'A YAML file beside a chapter is named almost as one of its sidecars that does not exist (`.research.yml`, `.evidences.yaml`): it is not read.' },
  'book/unfinished-write': {
    severity: 'error',
    description: 'A command that writes several files of a book at once (`ingest --write`, a decision) stopped among its moves: its write journal `.research-pack.journal` is left (`research-pack recover` finishes it).',
  },
  'book/unknown-file': { severity: 'warning', description: 'A YAML file in a book folder that is neither book.yaml nor a sidecar.' },
  'chapter/missing-frontmatter': { severity: 'error', description: 'A chapter has no `---` frontmatter block.' },
  'chapter/unclosed-frontmatter': { severity: 'error', description: 'A chapter\'s frontmatter block has no closing `---`.' },
  'chapter/id-collision': { severity: 'error', description: "A heading or element of a chapter gets the id of a claim's markup (`rp-claim-<id>`, `rp-claim-<id>-details`)." },
  'chapter/undefined-expression': { severity: 'warning', description: 'An MDX expression in braces uses a name that no import or export of the chapter defines (`min{cwnd, rwnd}`): the page fails to render.' },
  'chapter/parse-error': { severity: 'error', description: 'The Markdown/MDX parser rejected the chapter.' },
  'chapter/too-deep': { severity: 'error', description: 'Blocks or elements of a chapter nest more than 64 levels deep (a line of many `>`, list markers or nested tags); it is not read further.' },
  'cross/duplicate-id': { severity: 'error', description: 'Two claims, sources, evidence items, runs or references share an id.' },
  'cross/duplicate-chapter-number': { severity: 'warning', description: 'Two chapters of a book have the same number.' },
  'cross/missing-claim': { severity: 'error', description: 'Evidence names a claim that does not exist.' },
  'cross/missing-source': { severity: 'error', description: 'Evidence or a reference names a source that is not in the ledger.' },
  'cross/validated-unread-source': { severity: 'warning', description: 'A validated evidence item (other than reproduced, which rests on a run) rests on a source recorded as `reading: not-accessible`.' },
  'cross/missing-run': { severity: 'error', description: 'Evidence names a notebook run that is not recorded.' },
  'cross/run-required': { severity: 'error', description: 'Validated reproduced evidence does not name a run.' },
  'cross/run-not-passed': { severity: 'error', description: 'Validated reproduced evidence names a run that did not pass.' },
  'cross/verdict-incomplete': { severity: 'error', description: 'A supported, qualified or contradicted verdict has no date or rationale.' },
  'cross/rejection-incomplete': { severity: 'error', description: 'A rejected lead does not say why it was rejected.' },
  'cross/proposal-decided-twice': { severity: 'error', description: 'A proposed claim is recorded as both accepted and rejected.' },
  'cross/proposal-missing-source': { severity: 'warning', description: 'A proposed claim not decided on yet names a source that is not in the ledger: accepting it would make no lead of that source.' },
  'cross/verdict-unsupported': { severity: 'error', description: 'A verdict has no validated evidence with the matching relation.' },
  'cross/future-date': { severity: 'error', description: 'A date that records something done lies in the future: later than the day after `asOf` (a day of grace, for time zones ahead of UTC).' },
  'cross/notebook-path': { severity: 'error', description: 'A notebook path is absolute, leaves the repository or is not normalized.' },
  'cross/notebooks-without-repository': { severity: 'error', description: 'A chapter lists notebooks but book.yaml has no `notebooks` repository.' },
  'cross/report-path': { severity: 'error', description: 'A research pass report path is absolute, leaves the book folder, is not normalized or names no Markdown file.' },
  'cross/missing-report': { severity: 'error', description: 'A research pass report file does not exist.' },
  'cross/duplicate-chapter-url': { severity: 'error', description: 'Two chapters get the same page URL from the `chapters` pattern or function.' },
  'cross/duplicate-research-url': { severity: 'error', description: 'Two research packs, or two book reports, get the same URL from `research` patterns without `[book]`.' },

  // The sources lock (sources.lock.json), read like a sidecar.
  'lock/syntax': { severity: 'error', description: 'The sources lock is not valid JSON (or is empty).' },
  'lock/too-large': { severity: 'error', description: 'The sources lock is longer than 50,000,000 characters.' },
  'lock/duplicate-entry': { severity: 'error', description: 'The sources lock lists the same URL, DOI, arXiv id or archive date twice.' },

  // Anchoring: finding each claim in the prose.
  'anchor/orphan': { severity: 'error', description: 'A quote anchor is not in the chapter, not even approximately.' },
  'anchor/context-changed': { severity: 'warning', description: "A quote stands once in the chapter, but not between the prefix or suffix its anchor gives: if the sentence it was given for changed, the claim now marks other words." },
  'anchor/fuzzy': { severity: 'warning', description: 'A quote anchor is found only approximately (a typo in the quote, or prose that changed): the claim shows as stale.' },
  'anchor/ambiguous': { severity: 'error', description: 'A quote anchor fits several places equally well.' },
  'anchor/unknown-directive': { severity: 'error', description: 'A `:claim[…]{#id}` directive names no claim of the claims sidecar.' },
  'anchor/duplicate-directive': { severity: 'error', description: 'The same claim is marked twice in the prose.' },
  'anchor/directive-for-quote-claim': { severity: 'error', description: 'The prose marks a claim that the sidecar anchors by quote.' },
  'anchor/directive-without-id': { severity: 'error', description: 'A `:claim[…]` directive has no id (or its label wrapped onto a second line).' },
  'anchor/empty-directive': { severity: 'error', description: 'A `:claim[]{#id}` directive marks no text.' },
  'anchor/overlap': { severity: 'error', description: 'A quote crosses another claim (they neither nest nor lie apart).' },
  'anchor/several-ids': { severity: 'error', description: 'A `:claim` directive gives more than one id (`{#a #b}`).' },
  'anchor/block-directive': { severity: 'error', description: 'A `::claim` or `:::claim` block directive, which marks no sentence.' },
  'anchor/missing-directive': { severity: 'error', description: 'A claim is anchored by directive, but the prose has no such directive.' },
  'anchor/page-orphan': { severity: 'error', description: 'A claim the model placed cannot be found in the rendered page (another plugin changed its text).' },
  'anchor/inside-character': { severity: 'error', description: 'A quote claim starts or ends inside a character a reader sees as one (an emoji sequence, a flag, a letter with a combining mark): its marker would break it.' },
  'anchor/raw-html': { severity: 'error', description: 'A quote claim starts or ends inside raw HTML, which the page cannot wrap.' },
  'anchor/expression': { severity: 'warning', description: "A claim's words hold an MDX expression (`{count}`) or a component without children (`<Version />`), whose output only the rendered page shows: the snapshot, the brief and the claim audit leave it out." },

  // Reading a research report.
  'report/bidi-control': { severity: 'warning', description: 'A line of the report holds a bidirectional control character (U+202A–U+202E, U+2066–U+2069), which lands in the sidecars as written.' },
  'report/parse-error': { severity: 'error', description: 'The Markdown parser rejected the report.' },
  'report/too-deep': { severity: 'error', description: 'Blocks or elements of a research report nest more than 64 levels deep (a line of many `>` or list markers); it is not read further.' },
  'report/missing-section': { severity: 'error', description: 'One of the seven sections is missing.' },
  'report/unknown-section': { severity: 'error', description: 'A top-level (##) section that is not one of the seven.' },
  'report/fenced': { severity: 'warning', description: 'The report is inside a fenced code block of Markdown; the Markdown in it is read as the report, the text around it is not.' },
  'report/trailing-section': { severity: 'warning', description: 'A top-level (##) section after the seven (References, Appendix) that is no misspelling of a section the report lacks; it is not read and stays in the report.' },
  'report/section-number': { severity: 'error', description: "A section's number does not match its title." },
  'report/section-order': { severity: 'error', description: 'A section comes after one that should follow it.' },
  'report/duplicate-section': { severity: 'error', description: 'A section appears twice.' },
  'report/missing-table': { severity: 'error', description: 'The claim audit or the source ledger has no table.' },
  'report/missing-column': { severity: 'error', description: 'A table lacks a required column.' },
  'report/duplicate-column': { severity: 'error', description: 'Two columns of a table mean the same thing.' },
  'report/unknown-column': { severity: 'warning', description: 'A column is not read; its content stays in the report only.' },
  'report/column-by-place': { severity: 'warning', description: "No header names a table's required column (claim, source); the column where the brief puts it is read as it." },
  'report/ragged-row': { severity: 'warning', description: 'A table row has more or fewer cells than its header; the row is held back.' },
  'report/empty-cell': { severity: 'warning', description: 'A cell a row needs is empty; the row is held back, or the value is left out.' },
  'report/invalid-url': { severity: 'error', description: 'A link or URL of a source-ledger row is not an absolute http(s) URL (javascript:, data:, a relative path, a user name); nothing is ingested until it is fixed or removed.' },
  'report/invalid-value': { severity: 'warning', description: 'A cell cannot be read (reading status, date, relation, class); the row is held back, or the value is left out.' },
  'report/unknown-value': { severity: 'warning', description: 'A priority or response that is not one of the known words; not recorded.' },
  'report/empty-table': { severity: 'warning', description: 'A table has no rows.' },
  'report/missing-unverified': { severity: 'warning', description: 'Something the report could not verify is not marked UNVERIFIED; it is recorded as unverified all the same.' },
  'report/missing-unrun': { severity: 'warning', description: 'An experiment neither says UNRUN nor reads as run (a date, command or result); it is counted as not run.' },
  'report/unread-experiments': { severity: 'warning', description: 'Section 6 has text, but no experiment in it can be told apart (a list item, a table row, a heading, a paragraph opening with its label); none is counted, and the text stays in the report.' },
  'report/no-date': { severity: 'warning', description: 'Section 1 does not say on which day the pass was made; the pass is dated the day of the ingest (or `--date`).' },
  'report/no-fingerprint': { severity: 'warning', description: 'Section 1 gives no fingerprint of the revision read.' },
  'report/several-fingerprints': { severity: 'warning', description: 'Section 1 gives several fingerprints; the first labelled one is used.' },
  'report/other-chapter': { severity: 'error', description: "The report is about another chapter than the one named with --chapter: it read that chapter's current revision, or gives its stable id; nothing is ingested." },
  'report/old-revision': { severity: 'warning', description: 'The report read another revision of the chapter than the current one.' },
  'report/unknown-claim': { severity: 'warning', description: 'A row names an id, or quotes text, that is neither a claim of the chapter nor in its snapshot; the row is held back.' },
  'report/ambiguous-claim': { severity: 'warning', description: 'A quote matches several claims equally well; the row is held back.' },
  'report/quote-not-found': { severity: 'warning', description: 'A claim-audit row about no recorded claim quotes words the chapter snapshot does not hold; the claim is proposed without a quote.' },
  'report/fuzzy-claim': { severity: 'warning', description: 'A claim was matched by approximate quoted text.' },
  'report/duplicate-claim-row': { severity: 'warning', description: 'Two claim-audit rows are about the same claim; the first is used.' },
  'report/claims-not-audited': { severity: 'warning', description: 'Claims of the chapter the audit does not cover.' },
  'report/ambiguous-source': { severity: 'warning', description: 'A ledger row matches several recorded sources; it is merged into the first.' },
  'report/unknown-source-id': { severity: 'warning', description: 'A source-ledger row opens with a ledger id written with its middle left out (`read-pi…pi-config:`) that stands for no recorded source: no id has those ends, several do, or the one that does is at another address; the row is not merged into a recorded source.' },
  'report/reading-differs': { severity: 'warning', description: "The report's reading status differs from the ledger's; the ledger is kept." },
  'report/metadata-not-recorded': { severity: 'warning', description: 'A new source\'s metadata cell reads as bibliographic (a year, an initial and a name, et al.): authors and dates are read from columns of their own (Authors, Published, Venue), and the source is recorded without them.' },
  'report/unresolved-reference': { severity: 'warning', description: 'A "bears on" reference names no claim, no claim-audit row and no proposed claim; the source lands without it.' },
  'report/assumed-date': { severity: 'warning', description: 'A ledger row gives no access date; the date of the pass is recorded.' },
  'report/too-large': { severity: 'error', description: 'An ingest would make a sidecar longer than 1,000,000 characters; nothing is written.' },
  'report/truncated': { severity: 'warning', description: 'Findings or proposal longer than a sidecar field allows; truncated in the pass, whole in the report file.' },

  // What the sources lock says about the ledger's sources (`research-pack check --sources`).
  'source/dead-link': { severity: 'warning', description: "A source's URL answered 404 or 410 at the last refresh." },
  'source/unknown-identifier': { severity: 'warning', description: "The DOI resolver or arXiv does not know a source's DOI or arXiv id." },
  'source/changed': { severity: 'warning', description: "A source's page changed (its body hash moved) after the date it was read." },
  'source/newer-version': { severity: 'warning', description: 'arXiv has a newer version of a paper than the one the ledger names.' },
  'source/metadata-mismatch': { severity: 'warning', description: "The ledger's title, authors, venue or date differ from the DOI's or arXiv's metadata." },
  'source/unreachable': { severity: 'warning', description: "A source's URL, DOI or arXiv id could not be checked at the last refresh (timeout, error status, rate limit)." },
} as const satisfies Record<string, RuleInfo>;

/** The id of a rule. */
export type RuleId = keyof typeof rules;
