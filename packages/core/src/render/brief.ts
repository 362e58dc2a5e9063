/**
 * The research brief (`brief.md`): everything a researcher needs to audit one
 * chapter, in nine numbered sections — identity, chapter text, references,
 * evidence (validated items and leads kept apart), objective and questions,
 * associated material, research history, how to investigate, required
 * output. Absence is stated as a fact about the site, never left blank.
 *
 * The brief is plain text for a researcher (or the agent they paste it
 * into), written so that it is also inert GFM Markdown (`brief.md`, shown by
 * GitHub, an editor preview or an agent's renderer). Sidecar strings are put
 * on one line each, and every text the brief does not write itself (sidecar
 * strings, the book's templates, the chapter excerpt) goes through
 * `inertText`: the characters that would open an HTML tag, a link, an
 * autolink (`www.`, `x@y`, `https://`) or a heading are backslash-escaped,
 * nothing else. So no recorded text can become live or forge a section line
 * (`== N. Title ==`) or a Markdown heading; the only links are the site's
 * URLs and recorded http(s) URLs the brief writes on `URL:` lines.
 */
import { claimNamingParagraph, contractLines, fingerprintSentence } from './brief-contract.js';
import { fillTemplate, notLinked, resolveBriefTemplates, resolveObjective } from './brief-wording.js';
import { colabUrl } from '../site/colab.js';
import { inertText, oneLine } from '../markup/markdown.js';
import type { BookModel, ChapterModel, ResolvedClaim } from '../model/types.js';
import { claimsOfSource, findSource, locateChapter, passReadsCurrent, snapshotPlace, splitEvidence, type ModelSource } from '../model/queries.js';
import type { EvidenceItem, Notebook, ProposedClaim, ResearchPass, Source } from '../schema/sidecars.js';
import { safeHref } from '../site/safe-url.js';
import { chapterUrls, type ChapterUrls, type SiteUrls } from '../site/urls.js';
import { STATUS_WORD, READING, STALE_REASON, plural } from '../model/words.js';
import { REPORT_SECTIONS } from '../research-report/format.js';
import { briefSourceLines } from './brief-sources.js';
import { codePointCount } from '../text/normalize.js';

/** The nine section titles of a brief, in order. */
export const BRIEF_SECTIONS: readonly string[] = Object.freeze([
  'Identity',
  'Chapter text',
  'Existing references and bibliography',
  'Existing evidence',
  'Research objective and questions',
  'Associated material',
  'Research history',
  'How to investigate',
  'Required output',
]);

/** The heading that introduces the leads in section 4. */
export const LEADS_HEADING = 'Unverified candidates and seeds (leads only — verify before relying on any of them):';

/** The heading that introduces, in section 5, the claims earlier passes proposed. */
export const PROPOSED_HEADING = 'Proposed by an earlier pass, not yet accepted';

/** The statement that closes section 6. */
export const AVAILABILITY_STATEMENT =
  'Availability is not evidence. An available notebook is a place where an experiment could be run, not a record that one was run or that it succeeded; only recorded runs count, and only for what they recorded.';

/** A chapter excerpt cut for the brief. */
export interface Excerpt {
  /** The quoted text. */
  text: string;
  /** Whether `text` is the whole snapshot. */
  complete: boolean;
  /** Characters (Unicode code points) quoted. */
  shown: number;
  /** Characters (Unicode code points) in the whole snapshot. */
  total: number;
}

/**
 * Cut the start of a snapshot at a word boundary.
 * @param snapshot the chapter's normalized plain-text snapshot.
 * @param length the most characters (code points) to quote.
 * @returns the excerpt; the whole snapshot when it fits.
 */
export function cutExcerpt(snapshot: string, length: number): Excerpt {
  const total = codePointCount(snapshot);
  if (total <= length) return { text: snapshot, complete: true, shown: total, total };
  // The first `length + 1` code points lie in the first `2 * (length + 1)` code units, whole.
  const chars = Array.from(snapshot.slice(0, 2 * (length + 1)));
  let end = length;
  if (!/\s/u.test(chars[length]!)) {
    let space = length - 1;
    while (space > 0 && !/\s/u.test(chars[space]!)) space -= 1;
    // A single word longer than the whole excerpt: cut inside it rather than quote nothing.
    if (space > 0) end = space;
  }
  const text = chars.slice(0, end).join('').trimEnd();
  return { text, complete: false, shown: codePointCount(text), total };
}

/**
 * Render a chapter's research brief.
 * @param source the research model, or the chapter's book.
 * @param chapter the chapter, or its `<book>/<chapter>` (`<chapter>` when `source` is a book).
 * @param urls where the site's pages live.
 * @returns the brief as text ending in one newline; same inputs, same bytes.
 */
export function renderBrief(source: ModelSource, chapter: ChapterModel | string, urls: SiteUrls): string {
  const located = locateChapter(source, chapter);
  const { book } = located;
  const current = located.chapter;
  const links = chapterUrls(urls, book.slug, current.slug);
  const templates = resolveBriefTemplates(book.config.brief);
  const excerpt = cutExcerpt(current.snapshot, templates.excerptLength);

  const blocks = [
    inert(fillTemplate(templates.intro, book, current).trim()),
    section(1, identity(book, current, links, excerpt)),
    section(2, ['', inert(excerpt.text), '', excerptEnd(excerpt, links)]),
    section(3, references(current)),
    section(4, evidence(current)),
    section(5, objective(book, current)),
    section(6, material(book, current)),
    section(7, history(current)),
    section(8, ['', templates.investigate.map((step, index) => `${index + 1}. ${inert(fillTemplate(step, book, current).trim())}`).join('\n\n')]),
    section(9, [
      '',
      inert(fillTemplate(templates.outputIntro, book, current).trim()),
      '',
      ...REPORT_SECTIONS.map((report) => `## ${report.number}. ${report.title} — ${report.description}`),
      '',
      ...contractLines(),
      '',
      inert(fillTemplate(templates.outputOutro, book, current).trim()),
    ]),
  ];
  return `${blocks.join('\n\n')}\n`;
}

function section(number: number, lines: readonly string[]): string {
  return [`== ${number}. ${BRIEF_SECTIONS[number - 1]} ==`, ...lines].join('\n');
}

function identity(book: BookModel, chapter: ChapterModel, links: ChapterUrls, excerpt: Excerpt): string[] {
  const lines = [
    `Book:            ${recorded(book.config.title)}`,
    `Chapter:         ${recorded(chapter.frontmatter.title)}`,
    `Chapter number:  ${chapter.frontmatter.number}`,
    `Stable id:       ${chapter.id}`,
    `Chapter URL:     ${links.chapter}`,
    `Research pack:   ${links.pack}`,
    `Chapter prose fingerprint (sha256 of chapter-snapshot.txt): ${chapter.fingerprint}`,
    '',
    fingerprintSentence(),
    '',
  ];
  if (excerpt.complete) {
    lines.push(
      `The chapter text in section 2 is the whole chapter (${excerpt.total} characters), identical to the plain-text snapshot of this revision at ${links.snapshot}`,
    );
  } else {
    lines.push(
      `The chapter text in section 2 is an EXCERPT (the first ${excerpt.shown} of ${excerpt.total} characters), not the whole chapter.`,
      `A complete plain-text snapshot of this exact revision, the text the fingerprint above is computed from, can be downloaded at ${links.snapshot}`,
      'If chapter-snapshot.txt came with this brief, it is that text (its sha256 is the fingerprint above): use it. If you have neither the file nor the download, say so and ask for the chapter to be pasted. Do not guess at the missing text.',
    );
  }
  return lines;
}

function excerptEnd(excerpt: Excerpt, links: ChapterUrls): string {
  if (excerpt.complete) return '[The chapter ends here: the text above is the complete chapter.]';
  return `[... end of excerpt: the chapter continues past this point (${excerpt.shown} of ${excerpt.total} characters shown). The complete text of this exact revision is at ${links.snapshot} (the download link in section 1), and in chapter-snapshot.txt if that file came with this brief; if you have neither, ask for the remainder to be pasted. Do not treat this excerpt as the whole chapter. ...]`;
}

function references(chapter: ChapterModel): string[] {
  const lines: string[] = [];
  const refs = chapter.research.references;
  if (refs.length === 0) {
    lines.push(
      "No references are recorded against this chapter. That is a fact about the site's records, not a finding that the chapter is unsourced: take the chapter's own prose as the set of claims and look for primary sources independently.",
    );
  } else {
    lines.push(`References recorded against this chapter (${refs.length}):`);
    for (const ref of refs) {
      lines.push(`- ${recorded(ref.citation, true)}`);
      if (ref.url !== undefined) lines.push(`  URL: ${urlText(ref.url)}`);
      if (ref.source !== undefined) lines.push(`  In the source ledger as: ${ref.source}`);
    }
  }
  lines.push('');
  if (chapter.sources.length === 0) {
    lines.push("No sources are recorded in the chapter's source ledger.");
  } else {
    lines.push(`Sources in the chapter's source ledger (${chapter.sources.length}):`);
    for (const source of chapter.sources) lines.push(...ledgerEntry(chapter, source));
  }
  return lines;
}

function ledgerEntry(chapter: ChapterModel, source: Source): string[] {
  const meta = [
    source.authors.length > 0 ? source.authors.map((author) => recorded(author)).join(', ') : 'authors not recorded',
    source.venue === undefined ? undefined : recorded(source.venue),
    source.publisher === undefined ? undefined : recorded(source.publisher),
    source.published === undefined ? undefined : `published ${source.published}`,
    source.updated === undefined ? undefined : `updated ${source.updated}`,
  ].filter((part) => part !== undefined);
  const ids = [
    source.identifiers.doi === undefined ? undefined : `DOI ${recorded(source.identifiers.doi)}`,
    source.identifiers.arxiv === undefined ? undefined : `arXiv ${recorded(source.identifiers.arxiv)}`,
    source.identifiers.isbn === undefined ? undefined : `ISBN ${recorded(source.identifiers.isbn)}`,
  ].filter((part) => part !== undefined);
  const claims = claimsOfSource(chapter, source.id);
  const lines = [`- ${source.id}: "${recorded(source.title)}" — ${meta.join('; ')}`];
  if (ids.length > 0) lines.push(`  Identifiers: ${ids.join(', ')}`);
  if (source.url !== undefined) lines.push(`  URL: ${urlText(source.url)}`);
  if (source.archiveUrl !== undefined) lines.push(`  Archived copy: ${urlText(source.archiveUrl)}`);
  lines.push(...briefSourceLines(chapter, source));
  lines.push(
    `  Reading status: ${READING[source.reading].word}; accessed ${source.accessed}; ${source.verified === undefined ? 'metadata not verified' : `metadata verified ${source.verified}`}`,
  );
  if (source.limitations !== undefined) lines.push(`  Limitations: ${recorded(source.limitations)}`);
  lines.push(`  Bears on claims: ${claims.length === 0 ? 'none recorded' : claims.join(', ')}`);
  return lines;
}

function evidence(chapter: ChapterModel): string[] {
  const { validated, leads, rejected } = splitEvidence(chapter);
  const lines: string[] = [];
  if (validated.length === 0) {
    const researched = chapter.research.history.length > 0;
    lines.push(
      `No validated evidence has been recorded for this chapter.${researched ? '' : ' This brief exists, but no research pass has been recorded against the chapter yet.'}`,
    );
  } else {
    lines.push(`Validated evidence (${validated.length} ${validated.length === 1 ? 'item' : 'items'}):`);
    for (const item of validated) lines.push(...evidenceItem(chapter, item));
  }
  lines.push('', LEADS_HEADING);
  if (leads.length === 0) lines.push('- none recorded');
  for (const item of leads) lines.push(...evidenceItem(chapter, item));
  if (rejected.length > 0) {
    lines.push('', `Leads the author checked and rejected (${rejected.length}); bring the same source for the same claim again only with something new:`);
    for (const item of rejected) lines.push(...evidenceItem(chapter, item), `  Rejected${item.by === undefined ? '' : ` by ${recorded(item.by)}`}: ${recorded(item.reason ?? 'no reason recorded')}`);
  }
  return lines;
}

function evidenceItem(chapter: ChapterModel, item: EvidenceItem): string[] {
  const source = findSource(chapter, item.source);
  const sourceText = source === undefined ? `${item.source} (not in the ledger)` : `"${recorded(source.title)}" (${source.id})`;
  const lines = [
    `- ${item.id}: ${item.claims.length === 1 ? 'claim' : 'claims'} ${item.claims.join(', ')}; relation: ${item.relation}; class: ${item.class}; source: ${sourceText}; locator: ${item.locator === undefined ? 'not recorded' : recorded(item.locator)}; recorded ${item.recorded}`,
  ];
  if (item.note !== undefined) lines.push(`  Note: ${recorded(item.note)}`);
  if (item.run !== undefined) lines.push(`  From notebook run: ${item.run}`);
  return lines;
}

function objective(book: BookModel, chapter: ChapterModel): string[] {
  const lines = [recorded(resolveObjective(book, chapter).text, true), ''];
  const questions = chapter.research.questions;
  if (questions.length === 0) lines.push('No specific research questions are recorded for this chapter beyond the objective above.');
  else lines.push('Questions:', ...questions.map((question, index) => `${index + 1}. ${recorded(question, true)}`));
  lines.push('');
  if (chapter.claims.length === 0) {
    lines.push("No claims are recorded for this chapter. Identify them from the chapter's prose.", ...proposedEntries(chapter), '', claimNamingParagraph(false));
    return lines;
  }
  const stale = chapter.claims.filter((claim) => claim.stale !== false).length;
  lines.push(
    `Claims recorded for this chapter (${chapter.claims.length}${stale > 0 ? `, ${stale} stale` : ''}). Audit each of them, and add any the prose makes that are missing:`,
  );
  for (const claim of chapter.claims) lines.push(...claimEntry(book, chapter, claim));
  lines.push(...proposedEntries(chapter), '', claimNamingParagraph(true));
  return lines;
}

/** Claims an earlier pass proposed that the author has not accepted: leads for this pass, never claims. */
function proposedEntries(chapter: ChapterModel): string[] {
  const proposals = chapter.research.proposedClaims.filter((proposal) => proposal.accepted === undefined && proposal.rejected === undefined);
  const rejected = chapter.research.proposedClaims.filter((proposal) => proposal.rejected !== undefined);
  // The open proposals under their heading, then the rejected ones under theirs.
  const lines: string[] = [];
  if (proposals.length > 0) {
    lines.push('', `${PROPOSED_HEADING} (${proposals.length}). They are not claims of the chapter yet: say for each whether the prose makes it, and audit it like the others if it does; name it by its id.`);
    for (const proposal of proposals) {
      const where = proposal.line === undefined ? '' : ` snapshot line ${proposal.line}:`;
      lines.push(`- ${proposal.id} [proposed ${proposal.recorded}${proposal.status === undefined ? '' : `, reported ${proposal.status}`}]${where} "${recorded(proposal.quote ?? proposal.statement)}"`);
      if (proposal.quote !== undefined && proposal.statement !== proposal.quote) lines.push(`  As the report put it: ${recorded(proposal.statement)}`);
      lines.push(`  Proposed by: ${recorded(proposal.report)}`);
    }
  }
  lines.push(...rejectedEntries(rejected));
  return lines;
}

/** Proposals the author rejected, with the reason, so a pass does not propose them again. */
function rejectedEntries(rejected: readonly ProposedClaim[]): string[] {
  if (rejected.length === 0) return [];
  const lines = ['', `Proposed by an earlier pass and rejected by the author (${rejected.length}); do not propose them again unless the prose changed:`];
  for (const proposal of rejected) lines.push(`- ${proposal.id}: "${recorded(proposal.quote ?? proposal.statement)}" Rejected ${proposal.rejected!.date}: ${recorded(proposal.rejected!.reason)}`);
  return lines;
}

function claimEntry(book: BookModel, chapter: ChapterModel, resolved: ResolvedClaim): string[] {
  const { claim } = resolved;
  const place = snapshotPlace(chapter, resolved.location.start);
  const under = place.heading === undefined ? 'before the first heading' : `under "${recorded(place.heading.text)}"`;
  const lines = [
    `- ${claim.id} [${STATUS_WORD[resolved.status]}; priority ${claim.priority}] snapshot line ${place.line}, ${under}: "${recorded(resolved.text)}"`,
  ];
  const verdict = claim.verdict;
  if (verdict.status !== 'unverified' || verdict.rationale !== undefined) {
    const date = verdict.date === undefined ? '' : ` on ${verdict.date}`;
    lines.push(`  Verdict: ${verdict.status}${date}${verdict.rationale === undefined ? '' : `: ${recorded(verdict.rationale)}`}`);
  }
  if (resolved.stale !== false) lines.push(`  STALE: ${STALE_REASON[resolved.stale]}; review it again.`);
  if (resolved.stale === 'text-changed') {
    lines.push(
      verdict.text === undefined
        ? '  Wording reviewed: not recorded (the verdict keeps only a hash of it); judge the change from the verdict and the wording now, quoted above.'
        : `  Wording reviewed: "${recorded(verdict.text)}"; the wording now is quoted above.`,
    );
  }
  if (resolved.reviewDue) {
    lines.push(`  REVIEW DUE: its newest validated evidence is older than ${book.config.reviewAfterDays} days.`);
  }
  if (claim.concern !== undefined) lines.push(`  Concern: ${recorded(claim.concern)}`);
  if (claim.response !== 'no-change') lines.push(`  Proposed response: ${claim.response}`);
  lines.push(`  Evidence: ${resolved.evidence.length === 0 ? 'none recorded' : resolved.evidence.join(', ')}`);
  return lines;
}

function material(book: BookModel, chapter: ChapterModel): string[] {
  const notebooks = chapter.research.notebooks;
  const lines: string[] = [];
  if (notebooks.length === 0) lines.push('No notebooks are associated with this chapter.');
  else {
    lines.push('Notebooks associated with this chapter:');
    for (const notebook of notebooks) lines.push(...notebookEntry(book, notebook));
  }
  lines.push('', AVAILABILITY_STATEMENT);
  return lines;
}

function notebookEntry(book: BookModel, notebook: Notebook): string[] {
  const repository = book.config.notebooks;
  const colab = repository === undefined ? undefined : colabUrl(repository, notebook.path);
  const lines = [
    colab === undefined
      ? `- Notebook: ${recorded(notebook.path)} (no Colab link: ${repository === undefined ? 'the book names no notebooks repository' : 'the path does not stay inside the repository'})`
      : `- Colab notebook: ${colab}`,
  ];
  if (notebook.title !== undefined) lines.push(`  What it demonstrates: ${recorded(notebook.title)}`);
  if (repository !== undefined) {
    lines.push(
      notebook.published
        ? `  It is in the published inventory of ${repository.github} (branch ${repository.branch}).`
        : `  It is NOT in the published inventory of ${repository.github} (branch ${repository.branch}); the link may not open.`,
    );
  }
  if (notebook.runs.length === 0) {
    lines.push('  No run is recorded. Whether it runs today, and what it prints, is unverified unless a recorded run says so.');
  } else {
    lines.push('  Recorded runs, oldest first:');
    for (const run of notebook.runs) {
      const by = run.by === undefined ? '' : `, by ${recorded(run.by)}`;
      lines.push(`  - ${run.date}: ${run.outcome} (run id ${run.id}) on ${recorded(run.environment)}${by}${run.notes === undefined ? '' : `: ${recorded(run.notes)}`}`);
    }
    lines.push('  Anything these runs did not record about the notebook is unverified.');
  }
  return lines;
}

function history(chapter: ChapterModel): string[] {
  const passes = chapter.research.history;
  if (passes.length === 0) return ['No research has been recorded for this chapter yet. This is the first research pass.'];
  const lines = [`Research passes recorded for this chapter (${passes.length}), oldest first:`];
  for (const pass of passes) lines.push(...passEntry(pass, chapter.fingerprint));
  lines.push('', `This will be research pass number ${passes.length + 1}.`);
  return lines;
}

function passEntry(pass: ResearchPass, fingerprint: string): string[] {
  const reads = passReadsCurrent(pass, fingerprint);
  const lines = [`- ${pass.date}, by ${recorded(pass.by)}`];
  lines.push(`  Report: ${pass.report === undefined ? 'not recorded' : recorded(pass.report)}`);
  if (reads === null) lines.push('  Revision read: not recorded, so it cannot be compared with the current fingerprint.');
  else if (reads) lines.push(`  Revision read: ${pass.fingerprint}, the current revision (the fingerprints match).`);
  else lines.push(`  Revision read: ${pass.fingerprint}, not the current revision: the chapter has changed since this pass.`);
  if (pass.summary !== undefined) lines.push(`  Summary: ${recorded(pass.summary)}`);
  if (pass.counts !== undefined) {
    const { claims, sources, leads } = pass.counts;
    lines.push(`  Recorded: ${plural(claims, 'claim')}, ${plural(sources, 'source')}, ${plural(leads, 'lead')}.`);
  }
  return lines;
}

/**
 * A recorded string as brief text: on one line, and inert in a Markdown viewer.
 * @param value a sidecar string.
 * @param lineStart whether it opens a line or a list item's content, where a heading could start.
 * @returns the text.
 */
function recorded(value: string, lineStart = false): string {
  return inertText(oneLine(value), { lineStart });
}

/** Text that opens a line (templates, the excerpt): inert, its lines kept. */
function inert(text: string): string {
  return inertText(text, { lineStart: true });
}

/** A recorded URL as text: normalized when it may be linked, marked (and kept from GFM's autolinks) when it may not. */
function urlText(value: string): string {
  return safeHref(value) ?? `${recorded(value)} (${notLinked(value)})`;
}

