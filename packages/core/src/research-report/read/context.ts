/**
 * Section 1, context and provenance: the fingerprint of the revision read,
 * the date of the pass, who made it, and a summary.
 */
import type { RootContent } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import { createProblem, quote, shorten, type Problem } from '../../problems/problem.js';
import { isDateString } from '../../schema/dates.js';
import { isoDateOf } from '../../schema/hints.js';
import { foldHeader } from './columns.js';
import { noSuchDay } from './ledger-cells.js';
import { at, locateInSource, oneSpace, placeOf, textOf } from './node-text.js';
import type { Located, ReportPlace, ResearchReport } from './report-data.js';
import { blocksOf, type SectionNodes } from './sections.js';

/**
 * Section 1: the fingerprint read, the date, who made the pass, a summary.
 * @param section section 1.
 * @param source the report's text.
 * @param report the report being read; its fingerprint, date, by and summary are set.
 * @param problems where problems go.
 * @param preamble the blocks before section 1, where "Prepared 2026-12-01 by …" often stands.
 */
export function readContext(section: SectionNodes, source: string, report: ResearchReport, problems: Problem[], preamble: readonly RootContent[] = []): void {
  const { file } = report;
  const fingerprints: Array<Located<string> & { labelled: boolean }> = [];
  const blocks = blocksOf(section.nodes);
  // "| Revision read | … sha256 … |", "| Date of work | 2026-12-07 |": a table of labels and values, read as lines "Label: value".
  const rows = labelledRows(section.nodes);
  for (const block of [...blocks, ...rows]) {
    const labelled = /fingerprint|sha-?256|revision|snapshot/i.test(block.text);
    for (const match of block.text.matchAll(/(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/g)) {
      fingerprints.push({ value: match[0].toLowerCase(), ...locateInSource(source, block.node, match[0]), labelled });
    }
  }
  // "By:", "Date:" and "Summary:" lines, in section 1 first, then in the text before it; then its table's rows.
  for (const block of [...blocks, ...blocksOf(preamble)]) {
    // A line that is not a label goes on the "Summary:" it follows (a wrapped line); a name is one line.
    let summary = false;
    for (const [index, line] of linesOf(block.node).entries()) {
      const field = readLabel(index === 0 ? boldLabel(block.node, line) : line, locateInSource(source, block.node, line), source, block.node, report, problems);
      if (field !== undefined) summary = field === 'summary';
      else if (summary && report.summary) report.summary = { ...report.summary, value: `${report.summary.value} ${line}` };
    }
  }
  for (const row of rows) readLabel(row.text, row.place, source, row.node, report, problems);
  readFromProse([...blocksOf(preamble), ...blocksOf(section.nodes)], report);
  // Last, a line that says which date it is without a label.
  const dated = report.date ? undefined : firstDateLine([...blocks, ...blocksOf(preamble)], source);
  if (dated) report.date = dated;
  if (!report.date && !problems.some((problem) => problem.path === 'context.date')) {
    // Said, not guessed: a date in a sentence may be a release's or a commit's (an outside researcher wrote "I read the
    // snapshot … on 2026-12-06", and the pass was dated the day of the ingest in silence).
    const mentioned = blocks.map((block) => ({ block, date: /\b(\d{4}-\d{2}-\d{2})\b/.exec(block.text)?.[1] })).find(({ date }) => date !== undefined && isDateString(date));
    const where = mentioned ? ` (${mentioned.date}, on line ${locateInSource(source, mentioned.block.node, mentioned.date!).line}, is a date section 1 mentions)` : '';
    problems.push(
      createProblem(
        'report/no-date',
        at(file, section.found, 'context.date'),
        `section 1 does not say on which day the pass was made${where}; the pass and its leads are dated the day of the ingest`,
        `add a line "Date: YYYY-MM-DD" to section 1, or give --date YYYY-MM-DD`,
      ),
    );
  }
  const distinct = [...new Set(fingerprints.map((fingerprint) => fingerprint.value))];
  if (fingerprints.length === 0) {
    problems.push(
      createProblem(
        'report/no-fingerprint',
        at(file, section.found, 'context.fingerprint'),
        'section 1 does not give the fingerprint (sha256) of the chapter revision it read; the pass will record none, and no one can tell later which revision it checked',
        'copy the "Chapter prose fingerprint" line of the brief into section 1',
      ),
    );
    return;
  }
  const chosen = fingerprints.find((fingerprint) => fingerprint.labelled) ?? fingerprints[0]!;
  if (distinct.length > 1) {
    problems.push(
      createProblem(
        'report/several-fingerprints',
        at(file, chosen, 'context.fingerprint'),
        `section 1 gives ${distinct.length} different sha256 digests; the pass records ${chosen.value.slice(0, 12)}…, the first on a line about the fingerprint or revision`,
        'give only the fingerprint of the revision you read',
      ),
    );
  }
  report.fingerprint = { value: chosen.value, line: chosen.line, column: chosen.column };
}


/**
 * The rows of section 1's tables of two or more columns, each as the line
 * "first cell: the others" (a table of labels and values: "| Date of work |
 * 2026-12-07 |"), placed at the row's second cell; the header row too,
 * unless it only names the columns.
 */
function labelledRows(nodes: readonly RootContent[]): Array<{ text: string; place: ReportPlace; node: RootContent }> {
  const rows: Array<{ text: string; place: ReportPlace; node: RootContent }> = [];
  for (const node of nodes) {
    visit(node, 'table', (table) => {
      // The header too, unless it only names the columns ("Item | Value"): a table may open with its first pair.
      const [head] = table.children;
      const generic = head !== undefined && /^(?:|item|field|key|label|name|property|aspect|what|detail|details|topic)$/.test(foldHeader(textOf(head.children[0]!)));
      for (const row of generic ? table.children.slice(1) : table.children) {
        const [label, ...values] = row.children;
        if (!label || values.length === 0) continue;
        rows.push({ text: `${oneSpace(textOf(label))}: ${oneSpace(values.map((cell) => textOf(cell)).join(' '))}`, place: placeOf(values[0]!), node: values[0]! });
      }
      return SKIP;
    });
  }
  return rows;
}

/**
 * One line of section 1 (or of the text before it) that may be a label:
 * "By: …" sets who made the pass, "Summary: …" the summary, and a line
 * about the date (or today) the date of the pass. Each is taken once, the
 * first found.
 */
function readLabel(line: string, place: ReportPlace, source: string, node: RootContent, report: ResearchReport, problems: Problem[]): 'by' | 'summary' | 'other' | undefined {
  // "作業日：2026-12-07": a Chinese or Japanese label ends with a full-width colon.
  const label = /^(\p{L}[\p{L}\p{N} '’()/-]{0,39}?)\s*[:：]\s*(.+)$/u.exec(line);
  let field: 'by' | 'summary' | 'other' | undefined = label ? 'other' : undefined;
  if (label) {
    const name = foldHeader(label[1]!);
    const value = label[2]!.trim();
    if (!report.by && isByLabel(name)) {
      report.by = { value: shorten(byName(value.replace(/^I am\s+/i, '')), 200), ...place };
      field = 'by';
    }
    if (!report.summary && /^(summary|conclusion|verdict|in short|overall)$/.test(name)) {
      report.summary = { value, ...place };
      field = 'summary';
    }
  }
  // "Date: …", "Date of work: …", "Date of pass (ISO 8601): …", "Today: …": a label about the date of the pass (not "Release date", "Brief date").
  if (!report.date && label && isDateLabel(foldHeader(label[1]!))) {
    const date = /\b(\d{4}-\d{2}-\d{2})\b/.exec(line);
    if (date && isDateString(date[1]!)) report.date = { value: date[1]!, ...place };
    else if (date) {
      const { message, hint } = noSuchDay(date[1]!, 'the date of the pass');
      problems.push(createProblem('report/invalid-value', at(report.file, locateInSource(source, node, date[1]!), 'context.date'), message, hint));
    } else if (!problems.some((problem) => problem.path === 'context.date')) {
      // "Date: 7 Dec 2026": a date, not written as YYYY-MM-DD (an outside researcher's; the warning said there was none).
      const value = label[2]!.trim();
      const guess = isoDateOf(value);
      problems.push(
        createProblem(
          'report/invalid-value',
          at(report.file, place, 'context.date'),
          `the date of the pass, ${quote(value)}, is not written as YYYY-MM-DD; the pass and its leads are dated the day of the ingest`,
          guess ? `did you mean ${guess}? write Date: ${guess}, or give --date ${guess}` : 'write it as YYYY-MM-DD (Date: 2026-12-07), or give --date YYYY-MM-DD',
        ),
      );
    }
  }
  return field;
}

/**
 * Whether a folded label gives the date of the pass: "date", "today", "date of work", "research date", "date of the pass
 * iso 8601"; in the other languages whose reports are read, "Datum", "Fecha", "Date du travail", "作業日", "日付", "日期",
 * "작업일".
 */
function isDateLabel(name: string): boolean {
  return (
    /^(?:today|dated?|when|(?:research|review|report|audit|pass|work)\s+date|date\s+of\s+(?:the\s+|this\s+)?(?:pass|work|research|review|report|audit|writing))(?:\s+(?:utc|iso\s*8601|yyyy\s*mm\s*dd))*$/.test(name) ||
    /^(?:datum|arbeitsdatum|fecha|fecha de(?:l)? (?:trabajo|informe)|date (?:du|de la) (?:travail|recherche|revue)|日付|作業日|実施日|調査日|日期|工作日期|研究日期|调查日期|날짜|작업일|작업 날짜|조사일)$/.test(name.normalize('NFC'))
  );
}

/** The first line of the blocks that says which date it is (`dateFromLine`), with its place. */
function firstDateLine(blocks: ReturnType<typeof blocksOf>, source: string): Located<string> | undefined {
  for (const block of blocks) {
    for (const line of linesOf(block.node)) {
      const date = dateFromLine(line);
      if (date) return { value: date, ...locateInSource(source, block.node, line) };
    }
  }
  return undefined;
}

/**
 * The date of the pass from a line that is not a label, when nothing else
 * gave it: the word "date" or "today" and a date close after it ("Today is
 * 2026-12-06", "the date of this pass is 2026-12-06"), not any date on a
 * line that says "date" ("the newest code I can date is v0.58.3
 * (2026-03-15)").
 */
function dateFromLine(line: string): string | undefined {
  const words = line.replace(/\bup[- ]to[- ]date\b/gi, ' ');
  const date = /\b(?:date|today)\b[^.\d]{0,30}?(\d{4}-\d{2}-\d{2})\b/i.exec(words)?.[1] ?? /\b(\d{4}-\d{2}-\d{2})\s+(?:is|was)\s+(?:the\s+)?date\s+of\s+(?:the\s+|this\s+)?(?:pass|work|research|review|report)\b/i.exec(words)?.[1];
  return date !== undefined && isDateString(date) ? date : undefined;
}

/**
 * Whether a label (folded) names who made the pass: "By", "Researcher",
 * "Prepared by", "Done by", "Who did it", "Who did the work", "Author of the report".
 */
function isByLabel(name: string): boolean {
  return (
    /^(by|researchers?|research agent|agent|who|fact ?checker|analyst|pass by|author of the (pass|report|research)|report author)$/.test(name) ||
    /^(?:(?:report|research|pass|work|fact check|review)\s+)?(?:done|made|prepared|researched|performed|conducted|carried out|checked|fact checked|compiled|produced|written up|written|run|research)\s+by$/.test(name) ||
    /^who (did|made|wrote|prepared|researched|ran|carried out)\b/.test(name)
  );
}

/**
 * A line opened by bold words that end with a period ("**Who did the
 * work.** An AI research agent …") read as the label it is ("Who did the
 * work: An AI research agent …"); any other line as it is.
 */
function boldLabel(node: RootContent, line: string): string {
  const first = node.type === 'paragraph' ? node.children[0] : undefined;
  if (first?.type !== 'strong') return line;
  const words = oneSpace(textOf(first));
  const label = /^(.{1,40}?)\s*[.:]$/u.exec(words);
  return label && line.startsWith(words) ? `${label[1]}: ${line.slice(words.length).trim()}` : line;
}

/**
 * The lines of a paragraph as written (a soft line break or a hard one ends
 * a line): "By: …" on one line and "Date: …" on the next are two labels.
 */
function linesOf(node: RootContent): string[] {
  const text = 'children' in node ? node.children.map((child) => (child.type === 'break' ? '\n' : textOf(child))).join('') : textOf(node);
  return text
    .split(/\r?\n|\r/)
    .map(oneSpace)
    .filter((line) => line.length > 0);
}

/** Titles and abbreviations written with a period inside a name. */
const TITLES = new Set(['Mgr', 'Sra', 'Srta', 'Drs', 'Prof', 'Rev', 'Capt', 'Mrs', 'Inc', 'Ltd', 'Gen', 'Sgt', 'Hon', 'Col', 'Maj', 'Lic', 'Ing', 'Dipl', 'Dra', 'Dott', 'Mme', 'Mlle', 'Univ', 'Corp', 'Dept', 'Assoc', 'Sen', 'Gov', 'Pres', 'Msgr', 'Bros', 'Ave']);
/** Abbreviations of two letters; any other capitalized word of two letters is a name ("Wei Li."). */
const SHORT_ABBREVIATIONS = new Set(['Bc', 'Ir', 'Md', 'Ch', 'Dr', 'St', 'Mr', 'Ms', 'Mx', 'Jr', 'Sr', 'Fr', 'Wm', 'Th', 'Co', 'Ph', 'Dt']);

/**
 * Where the first sentence of a name's line ends: at a period before a
 * capital that follows a word in lower case ("… research agent. This is …")
 * or a capitalized word ("Dana Smith. Reviewed", "Wei Li. Reviewed"), a
 * number or a parenthesis ("Claude Opus 4.5. No human …", "(Claude). I
 * did …"); not after an initial, an abbreviation or a title ("Dana Q.
 * Smith", "Md. Rahim", "Dr. Smith", "Prof. Smith", "DR. DANA SMITH").
 */
function firstSentenceEnd(value: string): number {
  for (const match of value.matchAll(/(\p{L}+|\)|\d)\.\s+(?=\p{Lu})/gu)) {
    const word = match[1]!;
    const ends =
      word === ')' ||
      /^\d$/.test(word) ||
      /^\p{Ll}{2,}$/u.test(word) ||
      (/^\p{Lu}\p{Ll}{2,}$/u.test(word) && !TITLES.has(word)) ||
      (/^\p{Lu}\p{Ll}$/u.test(word) && !SHORT_ABBREVIATIONS.has(word));
    if (ends) return match.index + word.length + 1;
  }
  return value.length;
}

/**
 * Who made the pass, from the words that name them: their first sentence,
 * without a closing period, nor a date after the name ("Dana Q. Smith on
 * 2026-12-02"), nor what they did ("An AI research agent did this pass,
 * working in the style of …": an outside author's finding).
 */
function byName(value: string): string {
  return value
    .slice(0, firstSentenceEnd(value))
    .replace(/\s+(?:did|made|wrote|ran|carried out|prepared|researched|performed)\s+(?:this|the)\s+(?:pass|work|research|review|report|fact[- ]check)\b.*$/i, '')
    .replace(/,?\s+(?:on|at)\s+\d{4}-\d{2}-\d{2}\b.*$/i, '')
    .replace(/,?\s*\(?\d{4}-\d{2}-\d{2}\)?\.?$/, '')
    // "An AI research agent, working alone": how they worked is not who they are (an outside author's finding).
    .replace(/,\s+(?:working|acting|writing)\b(?:\s+(?:alone|solo|by (?:it|him|her|them)sel(?:f|ves)|independently))?$/i, '')
    .replace(/(?<!(?:^|[^\p{L}])\p{Lu})\.$/u, '')
    .trim();
}

/** "Prepared … by NAME." (the name is cut at its sentence's end by `byName`). */
const PREPARED_BY = /\b(?:prepared|researched|written|compiled|carried out|done|produced)\b[^.]{0,40}?\bby\s+(.+)$/iu;
/** "I am NAME." */
const I_AM = /\bI am ((?:an?\s|\p{Lu}(?:\p{Ll}|\.)).+)$/u;

/** Who made the pass and when, from prose: "Prepared 2026-12-01 by an AI research agent.", "I did this work on 2026-12-01", "Assembled on 2026-12-01" (the site's own report.md). */
function readFromProse(blocks: ReturnType<typeof blocksOf>, report: ResearchReport): void {
  for (const block of blocks) {
    if (!report.by) {
      const by = PREPARED_BY.exec(block.text) ?? I_AM.exec(block.text);
      if (by) report.by = { value: shorten(byName(by[1]!.trim()), 200), ...block.place };
    }
    if (!report.date) {
      // Not "dated": a commit or a release is dated too ("HEAD is commit 83378aa, dated 2026-03-15").
      const date = /\b(?:prepared|written|assembled|done|did (?:it|this|(?:this|the) (?:work|pass|research|review))|carried out|researched)\b[^.]{0,40}?(\d{4}-\d{2}-\d{2})/i.exec(block.text) ?? /\bworking(?: alone)? on (\d{4}-\d{2}-\d{2})/i.exec(block.text);
      if (date && isDateString(date[1]!)) report.date = { value: date[1]!, ...block.place };
    }
  }
}
