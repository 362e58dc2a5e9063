/**
 * What the brief tells a researcher the ingest reads: how to name a claim
 * (section 5) and the words and forms of a report that `research-pack
 * ingest` understands (section 9). The word lists come from the schemas and
 * `model/words.ts`, the same lists the report reader accepts, so the brief
 * cannot invite a word the ingest refuses.
 */
import { READING } from '../model/words.js';
import { EvidenceClassSchema, PrioritySchema, ReadingStatusSchema, RelationSchema, ResponseSchema } from '../schema/sidecars.js';

/** The snapshot file a researcher is given beside the brief. */
export const SNAPSHOT_FILE = 'chapter-snapshot.txt';

/**
 * How a fingerprint is computed and checked, in one sentence for section 1.
 * @returns the sentence.
 */
export function fingerprintSentence(): string {
  return `The fingerprint is the sha256 of ${SNAPSHOT_FILE} exactly as served (its UTF-8 bytes; \`sha256sum ${SNAPSHOT_FILE}\` prints it): the chapter's text without markup, normalized to Unicode NFC with LF line endings, every run of white space in prose made one space, a blank line between blocks and one line feed at the end. Line numbers in this brief are lines of that file.`;
}

/**
 * How to name claims in the claim audit, for section 5.
 * @param listed whether the brief lists recorded claims.
 * @returns the paragraph.
 */
export function claimNamingParagraph(listed: boolean): string {
  const known = listed ? 'Name a listed claim by its id (the word before the brackets); the id may stand anywhere in the claim cell. ' : '';
  return `${known}For a claim that is not listed, quote its sentence in double quotes exactly as it reads in ${SNAPSHOT_FILE}, and give its snapshot line: the ingest records it as a proposed claim, which the author accepts or rejects.`;
}

/** `a, b or c`. */
function either(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/**
 * The report contract, for section 9: what `research-pack ingest` reads.
 * @returns the lines: a lead-in and one bullet per kind of value.
 */
export function contractLines(): string[] {
  const reading = ReadingStatusSchema.options.map((status) => (status === 'partial' ? 'partial (say which sections, excerpts or characters you read)' : READING[status].word));
  return [
    'What `research-pack ingest` reads from the report (everything else stays in the report for the author; a row it cannot read is held back and listed with its line, never dropped):',
    '- Who: a line in section 1 that opens with "By:" and names who did the work, a person or the agent and model; the research pass is recorded under that name (a report without one is ingested only when the author names who).',
    '- Summary: a line in section 1 that opens with "Summary:" and gives what the pass found in a sentence or two; the chapter\'s research history shows it.',
    `- Claims: a listed claim by its id, anywhere in the claim cell; a claim that is not listed by its sentence in double quotes, exactly as in ${SNAPSHOT_FILE} (a | in it is written \\| inside a table cell, and still matches); a code block, an example or a row of a table in the chapter, which has no sentence of its own, by its snapshot line and a few words of your own, not quoted. You may label rows (C1, S1) in a first "#" or "Id" column and refer to them elsewhere, also as ranges (C4–C9).`,
    `- Priority: ${either(PrioritySchema.options)}, for how much the claim matters to the chapter (not how large the change is).`,
    `- Proposed response: ${either(ResponseSchema.options)}.`,
    `- How a source bears on a claim: ${either(RelationSchema.options)}, before or after the claim's id.`,
    `- Evidence class: ${either(EvidenceClassSchema.options)}.`,
    `- Reading status: ${either(reading)}.`,
    '- Source metadata: authors (separated by ;), the date of publication (YYYY-MM-DD, YYYY-MM or YYYY) and the venue or publisher in columns of their own headed Authors, Published and Venue; a DOI or an arXiv id with its version anywhere in the row.',
    '- Dates: YYYY-MM-DD, for the day you checked a source\'s metadata against it (verified) and the day you last opened it (accessed).',
    '- UNVERIFIED on anything you could not verify. UNRUN on each experiment you did not run; an experiment you ran gives the date, the command and what it printed.',
  ];
}
