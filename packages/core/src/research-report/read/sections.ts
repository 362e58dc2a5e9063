/**
 * The report's sections: its `##` headings checked against the seven
 * sections of `REPORT_SECTIONS` (number, title, order, duplicates, gaps),
 * and the blocks of text inside a section.
 */
import type { Heading, Root, RootContent } from 'mdast';
import { CONTINUE, SKIP, visit } from 'unist-util-visit';
import { closest, createProblem, quote, type Problem } from '../../problems/problem.js';
import { REPORT_SECTIONS } from '../format.js';
import { foldHeader } from './columns.js';
import { at, oneSpace, placeOf, textOf } from './node-text.js';
import type { FoundSection, ParseResearchReportMarkdown, ReportPlace } from './report-data.js';

/** A section as found: what it says, its heading node, and the nodes after the heading. */
export interface SectionNodes {
  found: FoundSection;
  heading: Heading;
  nodes: RootContent[];
  /** The whole report's text, for what the syntax tree does not keep. */
  source: string;
  /** The report's Markdown parser, to read a row again whose cells the first parse split wrongly. */
  parse: ParseResearchReportMarkdown;
}


/**
 * Split the report at its `##` headings and check them against the seven sections.
 * @param root the parsed report.
 * @param source the report's text.
 * @param file its path, for problems.
 * @param problems where problems go.
 * @param parse the report's Markdown parser, kept with each section.
 * @returns the sections kept, in document order.
 */
export function splitSections(root: Root, source: string, file: string, problems: Problem[], parse: ParseResearchReportMarkdown): SectionNodes[] {
  const chunks: Array<{ heading: Heading; nodes: RootContent[] }> = [];
  for (const node of root.children) {
    if (node.type === 'heading' && node.depth === 2) chunks.push({ heading: node, nodes: [] });
    else chunks.at(-1)?.nodes.push(node);
  }
  const expected = REPORT_SECTIONS.map((section, index) => `${index + 1}. ${section.title}`).join(', ');
  const orderHint = `a report has exactly these ## sections, in this order: ${expected}`;

  const found: SectionNodes[] = [];
  chunks.forEach((chunk, index) => {
    const heading = oneSpace(textOf(chunk.heading));
    const place = placeOf(chunk.heading);
    const match = /^(?:section\s+)?(\d+)\s*[.):]?\s*(.*)$/i.exec(heading);
    const written = match ? Number(match[1]) : undefined;
    const titleText = foldHeader(match ? match[2]! : heading);
    const byTitle = REPORT_SECTIONS.find((section) => startsWithWords(titleText, foldHeader(section.title)));
    let number: number | undefined;
    if (byTitle && (written === undefined || written === byTitle.number)) {
      number = byTitle.number;
    } else if (byTitle) {
      problems.push(
        createProblem(
          'report/section-number',
          at(file, place, ''),
          `section ${quote(heading)} is numbered ${written}, but "${byTitle.title}" is section ${byTitle.number}`,
          `number it "## ${byTitle.number}. ${byTitle.title}"`,
        ),
      );
      number = byTitle.number;
    } else if (written !== undefined && written >= 1 && written <= REPORT_SECTIONS.length) {
      const wanted = REPORT_SECTIONS[written - 1]!;
      problems.push(
        createProblem('report/unknown-section', at(file, place, ''), `section ${written} is titled ${quote(heading)}; section ${written} is "${wanted.title}"`, `write "## ${written}. ${wanted.title}"`),
      );
      number = written;
    } else if (found.some((section) => section.found.number === REPORT_SECTIONS.length) && !missingSectionMeant(titleText, found)) {
      // "## References", "## Appendix" after the seven (an outside researcher's list of the sources its [1], [2] cite): kept, not read.
      problems.push(
        createProblem(
          'report/trailing-section',
          at(file, place, ''),
          `${quote(`## ${heading}`)} comes after the seven sections and is not read: what it says stays in the report file only`,
          'a source is recorded from its row of the source ledger (section 3) alone: give each source its row there, with its URL',
        ),
      );
      return;
    } else {
      // Also after section 7, a misspelt title of a section the report lacks (an unread "## Findngs" would leave only "missing section 4").
      const guess = closest(titleText, REPORT_SECTIONS.map((section) => foldHeader(section.title)));
      problems.push(
        createProblem(
          'report/unknown-section',
          at(file, place, ''),
          `${quote(`## ${heading}`)} is not one of the seven sections`,
          guess ? `did you mean "${REPORT_SECTIONS.find((section) => foldHeader(section.title) === guess)!.title}"?` : `make it a ### subsection of one of them; ${orderHint}`,
        ),
      );
      return;
    }
    const next = chunks[index + 1]?.heading.position?.start.offset ?? source.length;
    const start = chunk.heading.position?.end.offset ?? 0;
    const markdown = source.slice(start, next).replace(/\r\n?/g, '\n').trim();
    found.push({ found: { number, heading, markdown, ...place }, heading: chunk.heading, nodes: chunk.nodes, source, parse });
  });

  // Order, duplicates and gaps.
  const kept: SectionNodes[] = [];
  let last = 0;
  for (const section of found) {
    const { number } = section.found;
    if (kept.some((other) => other.found.number === number)) {
      const first = kept.find((other) => other.found.number === number)!;
      problems.push(
        createProblem('report/duplicate-section', at(file, section.found, ''), `section ${number} "${REPORT_SECTIONS[number - 1]!.title}" appears twice (first at line ${first.found.line})`, 'merge the two into one section'),
      );
      continue;
    }
    if (number < last) {
      problems.push(
        createProblem(
          'report/section-order',
          at(file, section.found, ''),
          `section ${number} "${REPORT_SECTIONS[number - 1]!.title}" comes after section ${last} "${REPORT_SECTIONS[last - 1]!.title}"`,
          orderHint,
        ),
      );
    }
    last = Math.max(last, number);
    kept.push(section);
  }
  const endPlace = lastPlace(source);
  for (const section of REPORT_SECTIONS) {
    if (kept.some((other) => other.found.number === section.number)) continue;
    const following = kept.filter((other) => other.found.number > section.number).sort((a, b) => a.found.line - b.found.line)[0];
    problems.push(
      createProblem(
        'report/missing-section',
        at(file, following ? following.found : endPlace, ''),
        `missing section "## ${section.number}. ${section.title}"${following ? ` before section ${following.found.number}` : ''}`,
        `add it with ${section.description.replace(/\.$/, '')}; ${orderHint}`,
      ),
    );
  }
  return kept;
}


function startsWithWords(text: string, prefix: string): boolean {
  return text === prefix || text.startsWith(`${prefix} `);
}


function lastPlace(source: string): ReportPlace {
  const lines = source.replace(/\n$/, '').split('\n');
  return { line: lines.length, column: 1 };
}


/**
 * Blocks of a section: paragraphs and headings, also inside lists and blockquotes, each with its text.
 * @param nodes the section's nodes.
 * @returns each block's text on one line, its place and its node.
 */
export function blocksOf(nodes: readonly RootContent[]): Array<{ text: string; place: ReportPlace; node: RootContent }> {
  const blocks: Array<{ text: string; place: ReportPlace; node: RootContent }> = [];
  for (const node of nodes) {
    visit(node, (child) => {
      if (child.type === 'paragraph' || child.type === 'heading') {
        blocks.push({ text: oneSpace(textOf(child)), place: placeOf(child), node: child });
        return SKIP;
      }
      // Tables and code are not prose lines.
      if (child.type === 'table' || child.type === 'code') return SKIP;
      return CONTINUE;
    });
  }
  return blocks;
}

/** Whether a heading no section's title starts is a misspelling of a section the report has not given (yet): then it is one, not a trailing section. */
function missingSectionMeant(titleText: string, found: readonly SectionNodes[]): boolean {
  const guess = closest(titleText, REPORT_SECTIONS.map((section) => foldHeader(section.title)));
  const meant = guess === undefined ? undefined : REPORT_SECTIONS.find((section) => foldHeader(section.title) === guess);
  return meant !== undefined && !found.some((section) => section.found.number === meant.number);
}
