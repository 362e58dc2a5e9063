/**
 * Section 6, experiment opportunities: each item of a list or table, or each
 * `###` subsection, with its UNRUN or RAN marker.
 */
import { createProblem, quote, type Problem } from '../../problems/problem.js';
import { at, oneSpace, placeOf, RAN, textOf, UNRUN } from './node-text.js';
import type { ExperimentItem, ReportPlace } from './report-data.js';
import type { SectionNodes } from './sections.js';

/**
 * Section 6: every experiment says UNRUN or RAN.
 * @param section section 6.
 * @param file the report's path.
 * @param problems where problems go.
 * @returns the experiments with their markers.
 */
export function readExperiments(section: SectionNodes, file: string, problems: Problem[]): ExperimentItem[] {
  const items: Array<{ text: string; place: ReportPlace }> = [];
  for (const node of section.nodes) {
    if (node.type === 'list') for (const item of node.children) items.push({ text: oneSpace(textOf(item)), place: placeOf(item) });
    if (node.type === 'table') for (const row of node.children.slice(1)) items.push({ text: oneSpace(textOf(row)), place: placeOf(row) });
  }
  if (items.length === 0) {
    // Experiments as ### subsections: each subsection is one item.
    let current: { text: string; place: ReportPlace } | undefined;
    for (const node of section.nodes) {
      if (node.type === 'heading' && node.depth >= 3) {
        current = { text: oneSpace(textOf(node)), place: placeOf(node) };
        items.push(current);
      } else if (current) current.text = `${current.text} ${oneSpace(textOf(node))}`;
    }
  }
  const experiments: ExperimentItem[] = [];
  items.forEach((item, index) => {
    const marker = UNRUN.test(item.text) ? 'UNRUN' : RAN.test(item.text) ? 'RAN' : undefined;
    if (!marker) {
      problems.push(
        createProblem(
          'report/missing-unrun',
          at(file, item.place, `experiments[${index}]`),
          `the experiment ${quote(item.text)} says neither UNRUN nor RAN`,
          'write UNRUN on every experiment you did not run; write RAN, with the date, command and outcome, on one you ran',
        ),
      );
      return;
    }
    experiments.push({ index, text: item.text, marker, ...item.place });
  });
  return experiments;
}

