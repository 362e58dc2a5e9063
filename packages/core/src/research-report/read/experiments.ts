/**
 * Section 6, experiment opportunities: each item of a list or table, or each
 * `###` subsection, run or not run as it says. UNRUN marks one not run; RAN
 * or RUN, or words that report a run ("I ran", "24 checks passed", "median
 * 8.7 ms"), mark one run; an item without either takes the word of the line
 * that introduces it ("Experiments I ran (RUN, 2026-12-01).", "Proposals, not
 * run:"). An item that says nothing either way is counted as not run, with a
 * warning.
 */
import type { RootContent } from 'mdast';
import { createProblem, quote, type Problem } from '../../problems/problem.js';
import { at, oneSpace, placeOf, textOf } from './node-text.js';
import type { ExperimentItem, ReportPlace } from './report-data.js';
import type { SectionNodes } from './sections.js';

type Marker = ExperimentItem['marker'];

/** What a piece of text says about running: UNRUN, run, or nothing. */
function markerOf(text: string): Marker | undefined {
  if (/\bUNRUN\b|\bnot (yet )?run\b|\bnot been run\b|\bwas not run\b|\bnone (was|were) run\b|\bdid not run\b/i.test(text)) return 'UNRUN';
  if (/\bRAN\b|\bRUN\b/.test(text) || /\bI ran\b|\b(was|were) run\b|\b(checks?|tests?) passed\b|\bmedian\b|\bmeasured\b|\b(it )?printed\b|\bexited with\b|^(reproduced|ran|run)\b:?|\bin notebook run\b/i.test(text)) return 'RAN';
  return undefined;
}

/** What a heading or lead-in says about the items after it: "Run in this pass", "Proposed (not run)". */
function introMarkerOf(text: string): Marker | undefined {
  const said = markerOf(text);
  if (said) return said;
  if (/^(experiments? )?(i )?(run|ran|executed|performed|carried out|done)\b/i.test(text)) return 'RAN';
  if (/^(proposed|proposals?|suggested|future|to run|not yet run|open)\b/i.test(text)) return 'UNRUN';
  return undefined;
}

/**
 * Section 6: each experiment, run or not run.
 * @param section section 6.
 * @param file the report's path.
 * @param problems where problems go.
 * @returns the experiments with their markers.
 */
export function readExperiments(section: SectionNodes, file: string, problems: Problem[]): ExperimentItem[] {
  const items = itemsOf(section.nodes);
  const experiments: ExperimentItem[] = [];
  items.forEach((item, index) => {
    const marker = markerOf(item.text) ?? item.introduced;
    if (!marker) {
      problems.push(
        createProblem(
          'report/missing-unrun',
          at(file, item.place, `experiments[${index}]`),
          `the experiment ${quote(item.text)} does not say whether it was run; it is counted as not run`,
          'write UNRUN on every experiment you did not run; give the date, command and outcome of one you ran',
        ),
      );
    }
    experiments.push({ index, text: item.text, marker: marker ?? 'UNRUN', ...item.place });
  });
  return experiments;
}

interface Item {
  text: string;
  place: ReportPlace;
  /** What the paragraph or heading before the list says. */
  introduced: Marker | undefined;
}

/** The items of the section: list items and table rows, each with the word of the line before it; else `###` subsections. */
function itemsOf(nodes: readonly RootContent[]): Item[] {
  const items: Item[] = [];
  let introduced: Marker | undefined;
  for (const node of nodes) {
    if (node.type === 'heading') introduced = introMarkerOf(oneSpace(textOf(node)));
    if (node.type === 'paragraph') introduced = introMarkerOf(oneSpace(textOf(node))) ?? introduced;
    if (node.type === 'list') for (const item of node.children) items.push({ text: oneSpace(textOf(item)), place: placeOf(item), introduced });
    if (node.type === 'table') for (const row of node.children.slice(1)) items.push({ text: oneSpace(textOf(row)), place: placeOf(row), introduced });
  }
  if (items.length > 0) return items;
  // Experiments as ### subsections: each subsection is one item.
  let current: Item | undefined;
  for (const node of nodes) {
    if (node.type === 'heading' && node.depth >= 3) {
      current = { text: oneSpace(textOf(node)), place: placeOf(node), introduced: undefined };
      items.push(current);
    } else if (current) current.text = `${current.text} ${oneSpace(textOf(node))}`;
  }
  return items;
}
