/**
 * Reading a research report: the Markdown a researcher returns for a brief,
 * in the seven sections of `REPORT_SECTIONS`. The report is checked as a
 * document (sections, tables, columns, UNVERIFIED and UNRUN markers) and its
 * rows are read into plain data, each with the line and column it came from.
 * Nothing here knows the chapter's sidecars: `planIngest` matches the rows
 * to claims and sources.
 *
 * Like `buildModel`, this takes the Markdown parser as a function: the core
 * never parses Markdown itself.
 */
import type { Heading, Root, RootContent } from 'mdast';
import { location } from 'vfile-location';
import { createProblem, type Problem } from '../problems/problem.js';
import { readClaimAudit } from './read/claim-audit.js';
import { readContext } from './read/context.js';
import { readExperiments } from './read/experiments.js';
import { unfence } from './read/fenced.js';
import { at, oneSpace, textOf } from './read/node-text.js';
import type { ParseResearchReportOptions, ResearchReport } from './read/report-data.js';
import { blocksOf, splitSections, type SectionNodes } from './read/sections.js';
import { readSourceLedger } from './read/source-ledger.js';
import { isStackOverflow } from '../load/yaml-problems.js';
import { deepMarkdownProblem, deepNodePlace, deepSourcePlace } from '../text/nesting.js';

export type {
  BearsOn,
  ClaimAuditRow,
  ExperimentItem,
  FoundSection,
  HeldBackRow,
  ReportedReading,
  RowLabel,
  Located,
  ParseResearchReportMarkdown,
  ParseResearchReportOptions,
  ReportPlace,
  ResearchReport,
  SourceLedgerRow,
} from './read/report-data.js';
/** The columns of the claim audit and the source ledger, and the header words that name them. */
export { CLAIM_AUDIT_COLUMNS, SOURCE_LEDGER_COLUMNS } from './read/columns.js';

/** Characters that reorder how the text around them is displayed: embeddings, overrides and isolates. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * A warning for each line of the report that holds a bidirectional control
 * character: text from the report lands in the sidecars as written, where
 * such a character shows a diff, a brief or a page in another order than
 * its bytes (a reviewer reads one thing, the file says another).
 */
function bidiControls(source: string, file: string, problems: Problem[]): void {
  let places: ReturnType<typeof location> | undefined;
  let lastLine = 0;
  for (const match of source.matchAll(BIDI_CONTROL)) {
    const { line, column } = (places ??= location(source)).toPoint(match.index)!;
    if (line === lastLine) continue;
    lastLine = line;
    const code = match[0].codePointAt(0)!.toString(16).toUpperCase();
    problems.push(
      createProblem(
        'report/bidi-control',
        at(file, { line, column }, ''),
        `the line holds the bidirectional control character U+${code}, which displays the text around it in another order than it is written; it lands in the sidecars as written`,
        'remove it unless the text needs it (words of a right-to-left script); `research-pack review` shows such characters spelled out',
      ),
    );
  }
}

/**
 * Parse and check a research report.
 * @param written the report's text, as written.
 * @param options its path for problems, and the Markdown parser.
 * @returns what the report says, and every problem (errors mean: do not ingest).
 */
export function parseResearchReport(written: string, options: ParseResearchReportOptions): { report: ResearchReport; problems: Problem[] } {
  const { file } = options;
  const problems: Problem[] = [];
  const report: ResearchReport = { file, sections: [], claimAudit: [], sourceLedger: [], heldBack: [], labelled: [], experiments: [] };
  // A report inside a code block ("```markdown" … "```") is read from it, on the lines it stands on.
  const fenced = unfence(written, file);
  if (fenced) problems.push(fenced.problem);
  const source = fenced?.source ?? written;
  // Nesting is bounded before the report is parsed, where the text shows it, and before its readers (which recurse) walk the tree.
  const unparsable = deepSourcePlace(source);
  if (unparsable) return { report, problems: [deepMarkdownProblem('report/too-deep', file, unparsable)] };
  let root: Root;
  try {
    root = options.parse(source);
  } catch (error) {
    if (isStackOverflow(error instanceof Error ? error.message : String(error))) return { report, problems: [deepMarkdownProblem('report/too-deep', file)] };
    const place = error as { line?: number; column?: number; place?: { line?: number; column?: number } };
    problems.push(
      createProblem(
        'report/parse-error',
        at(file, { line: place.line ?? place.place?.line ?? 0, column: place.column ?? place.place?.column ?? 0 }, ''),
        `the report cannot be parsed as Markdown: ${(error as Error).message}`,
      ),
    );
    return { report, problems };
  }
  const deep = deepNodePlace(root);
  if (deep) return { report, problems: [deepMarkdownProblem('report/too-deep', file, deep)] };
  try {
    readReport(root, source, options, report, problems);
  } catch (error) {
    if (!(error instanceof RangeError && isStackOverflow(error.message))) throw error;
    return { report: { file, sections: [], claimAudit: [], sourceLedger: [], heldBack: [], labelled: [], experiments: [] }, problems: [deepMarkdownProblem('report/too-deep', file)] };
  }
  return { report, problems };
}

/** Read a parsed report's sections into `report`, its problems into `problems`. */
function readReport(root: Root, source: string, options: ParseResearchReportOptions, report: ResearchReport, problems: Problem[]): void {
  const { file } = options;
  bidiControls(source, file, problems);
  const title = root.children.find((node): node is Heading => node.type === 'heading' && node.depth === 1);
  if (title) report.title = oneSpace(textOf(title));

  const sections = splitSections(root, source, file, problems, options.parse);
  report.sections = sections.map((section) => section.found);
  const byNumber = new Map(sections.map((section) => [section.found.number, section] as const));

  const context = byNumber.get(1);
  if (context) readContext(context, source, report, problems, preambleOf(root));
  const audit = byNumber.get(2);
  if (audit) report.claimAudit = readClaimAudit(audit, file, problems, report.heldBack);
  const ledger = byNumber.get(3);
  if (ledger) report.sourceLedger = readSourceLedger(ledger, file, problems, report.heldBack);
  const findings = byNumber.get(4);
  if (findings && findings.found.markdown) report.findings = findings.found.markdown;
  if (findings) report.labelled = labelledBlocks(findings);
  const proposal = byNumber.get(5);
  if (proposal && proposal.found.markdown) report.proposal = proposal.found.markdown;
  const experiments = byNumber.get(6);
  if (experiments) report.experiments = readExperiments(experiments, file, problems);
}


/** The blocks before the first `##` section, without the `#` title. */
function preambleOf(root: Root): RootContent[] {
  const end = root.children.findIndex((node) => node.type === 'heading' && node.depth === 2);
  return root.children.slice(0, end === -1 ? 0 : end).filter((node) => !(node.type === 'heading' && node.depth === 1));
}

/** Paragraphs and items that open with a label of their own: `**F3: cost is an estimate. Qualifies C4.**`. */
function labelledBlocks(section: SectionNodes): ResearchReport['labelled'] {
  const found: ResearchReport['labelled'] = [];
  for (const block of blocksOf(section.nodes)) {
    const label = /^([A-Z]{1,3}\d{1,4}[a-z]?)\s*[:.—–)-]\s/.exec(block.text);
    if (label) found.push({ value: label[1]!, text: block.text.slice(0, 400), ...block.place });
  }
  return found;
}
