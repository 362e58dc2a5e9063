/**
 * The research report's format: the seven top-level sections a research
 * pass returns, in order. The brief's section 9 asks for them, `report.md`
 * is written in them, and `parseResearchReport` reads them back.
 */

/** One top-level section of the report a research pass returns. */
export interface ReportSection {
  /** 1 to 7. */
  number: number;
  /** The heading text after the number. */
  title: string;
  /** What the section must contain. */
  description: string;
}

/** The seven sections of a research report, shared by the brief's section 9 and `report.md`. */
export const REPORT_SECTIONS: readonly ReportSection[] = Object.freeze([
  {
    number: 1,
    title: 'Context and provenance',
    description:
      'who did the work (your name, or the agent and model that did it), which chapter and which revision you read (its snapshot or fingerprint), the scope of the work, the date you did it, and any limit on tools or execution that shaped the result.',
  },
  {
    number: 2,
    title: 'Claim audit',
    description:
      'a table with one row per claim: the claim and where it appears, the evidence now behind it, your concern, a priority, and the response you propose.',
  },
  {
    number: 3,
    title: 'Source ledger',
    description:
      'a table with one row per source: identity, verified metadata (authors, date of publication and venue each in a column of its own: Authors, Published, Venue), URL, reading status (full text, abstract only, partial, not accessible), the claims it bears on, its limitations, and the dates you verified and accessed it.',
  },
  {
    number: 4,
    title: 'Findings',
    description: 'the supporting, qualifying, contradictory and unresolved evidence, each cited against the individual claims it concerns.',
  },
  {
    number: 5,
    title: 'Upgrade proposal',
    description:
      'the smallest concrete changes to the chapter you recommend, why, what they cost, and any changes they need in associated resources.',
  },
  {
    number: 6,
    title: 'Experiment opportunities',
    description:
      'what should be tested, how, what would count as success or failure, and the marker UNRUN on every experiment you did not run.',
  },
  {
    number: 7,
    title: 'Review checklist',
    description: 'each decision the author has to make, with your reason to accept, revise, defer or reject each proposal.',
  },
]);
