/**
 * Section 6, experiment opportunities: each item of a list or table, each
 * paragraph or heading that opens with an experiment's label (`E1`, `X2`)
 * with the details after it, or each `###` subsection, run or not run as it says. UNRUN marks one not run; RAN
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

/** An experiment's label opening a paragraph or heading: `E0`, `X2`, `R1b`, `Experiment 3`. */
const EXPERIMENT_LABEL = /^(?:[A-Z]{1,2}\d{1,3}[a-z]?|[Ee]xperiment\s*#?\d{1,3})(?=[\s,:.;—–(-]|$)/;

/** What a piece of text says about running: UNRUN, run, or nothing. */
function markerOf(text: string): Marker | undefined {
  if (/\bUNRUN\b|\bnot (yet )?run\b|\bnot been run\b|\bwas not run\b|\bnone (was|were) run\b|\bdid not run\b/i.test(text)) return 'UNRUN';
  if (/\bRAN\b|\bRUN\b/.test(text) || /\bI ran\b|\b(was|were) run\b|\b(checks?|tests?) passed\b|\bmedian\b|\bmeasured\b|\b(it )?printed\b|\bexited with\b|^(reproduced|ran|run)\b:?|\bin notebook run\b/i.test(text)) return 'RAN';
  // "E0, run (reproduced), 2026-12-06.": the word after the label, not an instruction ("E3: Run pi with …").
  if (/^(?:[A-Z]{1,2}\d{1,3}[a-z]?|experiment\s*#?\d{1,3})[\s,:.;—–-]+\(?(?:run|ran|reproduced|executed|done)\b(?!\s+\p{Ll})/iu.test(text)) return 'RAN';
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
    const marker = (item.head !== undefined ? markerOf(item.head) : undefined) ?? markerOf(item.text) ?? item.introduced;
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
  /** The paragraph or heading that opens the experiment with its label, when its details follow it. */
  head?: string;
}

/**
 * The items of the section: list items and table rows, each with the word
 * of the line before it; a paragraph or heading that opens with an
 * experiment's label (`**E0, run, 2026-12-06.** …`) and the lists and
 * paragraphs after it, one item; else `###` subsections.
 */
function itemsOf(nodes: readonly RootContent[]): Item[] {
  const items: Item[] = [];
  let introduced: Marker | undefined;
  let current: Item | undefined;
  for (const node of nodes) {
    const text = node.type === 'paragraph' || node.type === 'heading' ? oneSpace(textOf(node)) : '';
    if ((node.type === 'paragraph' || (node.type === 'heading' && node.depth >= 3)) && EXPERIMENT_LABEL.test(text)) {
      current = { text, place: placeOf(node), introduced, head: text };
      items.push(current);
      continue;
    }
    if (node.type === 'heading') current = undefined;
    else if (current && node.type !== 'table') {
      // The experiment's details: its method, commands, output.
      current.text = `${current.text} ${oneSpace(textOf(node))}`;
      continue;
    }
    current = undefined;
    if (node.type === 'heading') introduced = introMarkerOf(text);
    if (node.type === 'paragraph') introduced = introMarkerOf(text) ?? introduced;
    if (node.type === 'list') for (const item of node.children) items.push({ text: oneSpace(textOf(item)), place: placeOf(item), introduced });
    if (node.type === 'table') for (const row of node.children.slice(1)) items.push({ text: oneSpace(textOf(row)), place: placeOf(row), introduced });
  }
  if (items.length > 0) return items;
  // Experiments as ### subsections: each subsection is one item.
  current = undefined;
  for (const node of nodes) {
    if (node.type === 'heading' && node.depth >= 3) {
      current = { text: oneSpace(textOf(node)), place: placeOf(node), introduced: undefined };
      items.push(current);
    } else if (current) current.text = `${current.text} ${oneSpace(textOf(node))}`;
  }
  return items;
}
