/**
 * Section 6, experiment opportunities: each item of a list or table, each
 * paragraph that opens with an experiment's label in bold (`**E1, UNRUN.**`)
 * with the details after it, or each `###` subsection that holds none of
 * these, run or not run as it says. UNRUN marks one not run; RAN
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
  if (/^(?:[A-Z]{1,2}\d{1,3}[a-z]?|experiment\s*#?\d{1,3})[\s,:.;—–-]+\(?(?:run|ran|reproduced|executed|done)\b(?=\s*[(),.;]|\s*$|\s+(?:on\s+)?\d{4}-\d{2}-\d{2})/i.test(text)) return 'RAN';
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
    // An experiment opened by a head is run or not as its head says; its details (a plan's "median", "printed") only when they say it was not run.
    const marker = item.head !== undefined ? (markerOf(item.head) ?? (markerOf(item.text) === 'UNRUN' ? 'UNRUN' : undefined) ?? item.introduced) : (markerOf(item.text) ?? item.introduced);
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
  /** The bold-labelled paragraph or labelled heading that opens the experiment, when its details follow it. */
  head?: string;
  /** Opened by a paragraph (not a heading). */
  fromParagraph?: boolean;
}

/**
 * The items of the section, subsection by subsection (`###` headings): in
 * each, the list items and table rows, each with the word of the line
 * before it, and each paragraph that opens with one experiment's label in
 * bold (`**E0, run, 2026-12-06.** …`) with its details (lists, tables and
 * paragraphs after it that name no experiment); a subsection with none of
 * these is one item, unless it says there is none.
 */
function itemsOf(nodes: readonly RootContent[]): Item[] {
  const items: Item[] = [];
  let introduced: Marker | undefined;
  let block: RootContent[] = [];
  let heading: RootContent | undefined;
  const flush = () => {
    // A subsection headed by one experiment's label ("### E2: …") is that experiment, with its details.
    const labelled = heading !== undefined && ONE_LABEL.test(oneSpace(textOf(heading)));
    const found = blockItems(block, introduced, labelled ? heading : undefined);
    if (found.length > 0) items.push(...found);
    else if (heading) {
      const body = block.map((node) => oneSpace(textOf(node))).join(' ').trim();
      if (!/^(none|nothing|no experiments?)\b/i.test(body)) items.push({ text: `${oneSpace(textOf(heading))}${body ? ` ${body}` : ''}`, place: placeOf(heading), introduced: undefined });
    }
  };
  for (const node of nodes) {
    if (node.type === 'heading') {
      flush();
      block = [];
      heading = node.depth >= 3 ? node : undefined;
      introduced = introMarkerOf(oneSpace(textOf(node)));
    } else block.push(node);
  }
  flush();
  return items;
}

/** One experiment's label and nothing more at the start of a text: `E0`, `X2`, `Experiment 3` (not `E0–E3`, nor `E1, E2`). */
const ONE_LABEL = /^(?:[A-Z]{1,2}\d{1,3}[a-z]?|[Ee]xperiment\s*#?\d{1,3})(?![\s,]*(?:[–—-]|and\b|or\b|to\b|,\s*[A-Z]{1,2}\d))/;

/** A paragraph that opens an experiment: one label, in bold, first (`**E0, run (reproduced).** Does …`). */
function isHead(node: RootContent): boolean {
  if (node.type !== 'paragraph') return false;
  const first = node.children[0];
  return first?.type === 'strong' && ONE_LABEL.test(oneSpace(textOf(first)));
}

/** Whether a list or table names experiments of its own (its items or first cells open with a label). */
function namesExperiments(node: RootContent): boolean {
  if (node.type === 'list') return node.children.some((item) => EXPERIMENT_LABEL.test(oneSpace(textOf(item)).replace(/^[*_]+/, '')));
  if (node.type === 'table') return node.children.slice(1).some((row) => EXPERIMENT_LABEL.test(oneSpace(textOf(row.children[0] ?? row))));
  return false;
}

/** The items of the content of one subsection (or of the section before its first `###`). */
function blockItems(nodes: readonly RootContent[], introducedByHeading: Marker | undefined, heading?: RootContent): Item[] {
  const items: Item[] = [];
  let introduced = heading ? undefined : introducedByHeading;
  let current: Item | undefined;
  if (heading) {
    const text = oneSpace(textOf(heading));
    current = { text, place: placeOf(heading), introduced: undefined, head: text };
    items.push(current);
  }
  for (const node of nodes) {
    if (isHead(node)) {
      const text = oneSpace(textOf(node));
      current = { text, place: placeOf(node), introduced, head: text, fromParagraph: true };
      items.push(current);
      continue;
    }
    const text = oneSpace(textOf(node));
    // A bold label right over a list of experiments ("**P1 (high value):**") is a group's title, not an experiment.
    if (current && current.fromParagraph && current.text === current.head && namesExperiments(node)) {
      items.pop();
      introduced = introMarkerOf(current.text) ?? introduced;
      current = undefined;
    }
    // The experiment's details: its method, commands, output; not an intro to more experiments, nor a list of them.
    const intro = node.type === 'paragraph' && (introMarkerOf(text) !== undefined || text.endsWith(':'));
    if (current && !intro && !namesExperiments(node)) {
      current.text = `${current.text} ${text}`;
      continue;
    }
    current = undefined;
    if (node.type === 'paragraph') introduced = introMarkerOf(text) ?? introduced;
    if (node.type === 'list') for (const item of node.children) items.push({ text: oneSpace(textOf(item)), place: placeOf(item), introduced });
    if (node.type === 'table') for (const row of node.children.slice(1)) items.push({ text: oneSpace(textOf(row)), place: placeOf(row), introduced });
  }
  return items;
}
