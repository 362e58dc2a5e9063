/**
 * Section 6, experiment opportunities, read subsection by subsection
 * (`###`, `####`): each item of a list or table; each paragraph that opens
 * with one experiment's label (`**E1 — Timing (UNRUN).**`, `E2: …`) with
 * its details after it; or each subsection that holds none of these. UNRUN
 * marks one not run; RAN or RUN, or words that report a run ("I ran", "24
 * checks passed", "median 8.7 ms"), mark one run; an item without either
 * takes the word of the line that introduces it ("Experiments I ran (RUN,
 * 2026-12-01).", "Proposals, not run:"). An item that says nothing either
 * way is counted as not run, with a warning.
 */
import type { RootContent } from 'mdast';
import { createProblem, quote, type Problem } from '../../problems/problem.js';
import { at, markedStatus, oneSpace, placeOf, textOf } from './node-text.js';
import { foldAccents } from './columns.js';
import type { ExperimentItem, ReportPlace } from './report-data.js';
import type { SectionNodes } from './sections.js';

type Marker = ExperimentItem['marker'];

/** An experiment's label (`E0`, `X2`, `R1b`, `Experiment 3`, `Experiment E1`); its letters are group 1 or 2. */
const LABEL = String.raw`(?:([A-Z]{1,2})\d{1,3}[a-z]?|([Ee]xperiment)\s*#?(?:[A-Z]{1,2})?\d{1,3})`;
/** An experiment's label opening a text. */
const EXPERIMENT_LABEL = new RegExp(String.raw`^${LABEL}(?=[\s,:.;—–(-]|$)`);
/** The letters an experiment's label usually has: without bold, only these open one. */
const USUAL_LETTERS = /^(E|X|Experiment)$/;

/** A section that says it holds no experiment: "None proposed: the chapter needs none.", "No experiments this time.", "N/A". */
const NONE = /^(none|no experiments?|n\/a|not applicable)\b/i;
/** A subsection that says so: "### Proposed" over "None yet.". */
const NONE_HERE = /^(none|nothing|no experiments?)( (proposed|yet|planned|here|this time))?\.?$/i;

/** Words that say an experiment was not run. */
const NOT_RUN = /\bUNRUN\b|\bnot (yet )?run\b|\bnot been run\b|\bwas not run\b|\bnone (was|were) run\b|\bdid not run\b/i;
/** Words that say an experiment was run, in so many words. */
const SAID_RUN = /\bI ran\b|\bI (?:did|have|had) run\b(?! (?:out|short|into|across|up)\b)|\b(was|were) run\b|^(reproduced|ran|run)\b:?|\bin notebook run\b|\bstatus:?\s*(run|ran|done|reproduced)\b/i;
/** Words that report a result, as a run does (and a plan's success criterion may). */
const RESULT = /\b(checks?|tests?) passed\b|\bmedian\b|\bmeasured\b|\b(it )?printed\b|\bexited with\b/i;
/** "E0, run (reproduced), 2026-12-06.": the word after the label, not an instruction ("E3: Run pi with …", "E4: Run 100 sessions"). */
const LABEL_RUN = new RegExp(String.raw`^${LABEL}[\s,:.;—–-]+\(?(?:run|ran|reproduced|executed|done)\b(?=\s*[(),.;]|\s*$|\s+(?:on\s+)?\d{4}-\d{2}-\d{2})`, 'i');

/** The letters of the experiment's label a text opens with (after any bold or emphasis marks), if it opens with one. */
function labelLetters(text: string): string | undefined {
  const label = EXPERIMENT_LABEL.exec(text.replace(/^[*_]+/, ''));
  return label ? (label[1] ?? label[2]) : undefined;
}

/** A run with its date, in an experiment's details: "Ran: 2026-12-06", "Executed 2026-12-06", "reproduced on 2026-12-06". */
const RAN_ON = /\b(?:ran|executed|reproduced|run)\b\s*:?\s*(?:on\s+)?\d{4}-\d{2}-\d{2}/i;
/**
 * A run with its date, right after the label: "E2, executed on 2026-12-06", or the brief's class word in parentheses
 * after a word of the report's own language, "E1 – ausgeführt (reproduced), 2026-12-07" (an outside researcher who
 * wrote in German). Not further on, nor after a word that may name someone else's run ("E2: Issue reproduced
 * 2026-09-05 …", a review's finding), nor "run", which may be an instruction.
 */
const RAN_DATED = new RegExp(String.raw`^${LABEL}[\s,:.;—–-]+(?:[^\s()]+\s+\((?:ran|executed|reproduced)\)|(?:ran|executed|reproduced)\b)[,;:]?\s*(?:on\s+)?\d{4}-\d{2}-\d{2}`, 'i');
/**
 * The brief's class word for a run of the researcher's own, alone in parentheses in the experiment's first sentence:
 * "**E1 — vérifications du format** (reproduced). Commande : …" (an outside researcher who wrote in French).
 */
const RAN_CLASS = new RegExp(String.raw`^${LABEL}[^.()]{0,80}\((?:reproduced|ran|executed)\)`, 'i');

/** What an experiment's details say about running: a run with its date first (a partial run is a run), then as any text, without results. */
function detailsMarkerOf(text: string): Marker | undefined {
  if (RAN_ON.test(text) || /\bI ran\b/.test(text)) return 'RAN';
  return markerOf(text, false);
}

/**
 * What a piece of text says about running: UNRUN, run, or nothing.
 * @param text the text.
 * @param results whether words that report a result count as a run (not in an experiment's details, which may be a plan's).
 */
function markerOf(text: string, results = true): Marker | undefined {
  if (NOT_RUN.test(text)) return 'UNRUN';
  if (/\bRAN\b|\bRUN\b/.test(text) || SAID_RUN.test(text) || LABEL_RUN.test(text) || RAN_DATED.test(text) || RAN_CLASS.test(text) || (results && RESULT.test(text))) return 'RAN';
  return undefined;
}

/** A heading or lead-in in French, German or Spanish (accents folded) that says its experiments were not run, or were. */
const PROPOSED_ELSEWHERE = /\b(proposees?|non executees?|vorgeschlagen[e]?|geplant[e]?|nicht (?:ausgefuhrt|durchgefuhrt)|propuestos?|no ejecutados?)\b/;
const RAN_ELSEWHERE = /\b(executees?|realisees?|menees?|ausgefuhrt[e]?|durchgefuhrt[e]?|ejecutados?|realizados?)\b/;
/**
 * The same in Japanese, Chinese and Korean: "提案する実験(未実施)", "今回実施した実験(…すべて実行済み)" (an outside
 * report in Japanese, r-27-m, whose thirteen runs were counted as not run), "建议的实验", "已执行", "이번 패스에서 실행한 실험".
 */
const PROPOSED_CJK = /提案|未実施|未実行|予定|建议|未执行|未运行|计划|제안|실행하지 않은|미실행|실행 전/;
const RAN_CJK = /実施した|実施済|実行した|実行済|已执行|已运行|已完成|已实施|执行了|运行了|실행한|실행했|수행한|수행했|실행됨|실행 완료/;

/** What a heading or lead-in says about the items after it: "Run in this pass", "Proposed (not run)", "Expériences exécutées", "実施した実験". */
function introMarkerOf(text: string): Marker | undefined {
  const said = markerOf(text);
  if (said) return said;
  const folded = foldAccents(text);
  if (PROPOSED_ELSEWHERE.test(folded) || PROPOSED_CJK.test(text)) return 'UNRUN';
  if (RAN_ELSEWHERE.test(folded) || RAN_CJK.test(text)) return 'RAN';
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
  const body = section.nodes.map((node) => oneSpace(textOf(node))).join(' ').trim();
  if (items.length === 0 && body !== '' && !NONE.test(body)) {
    problems.push(
      createProblem(
        'report/unread-experiments',
        at(file, placeOf(section.nodes[0]!), 'experiments'),
        `section 6 has text, but no experiment in it can be told apart, so none is counted; the text stays in the report`,
        'give each experiment a list item, a table row, a `###` heading, or a paragraph that opens with its label (`E1: …`), and say UNRUN or RAN on each',
      ),
    );
  }
  const experiments: ExperimentItem[] = [];
  items.forEach((item, index) => {
    // An experiment with a head is run or not as its head says; its details say so only in so many words (a plan's "median" is no run).
    const marker = item.said ?? (item.head !== undefined ? (markerOf(item.head) ?? detailsMarkerOf(item.text.slice(item.head.length)) ?? item.introduced) : (markerOf(item.text) ?? item.introduced));
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
  /** What a table row's status cell says (`| E1 | … | Done |`): it wins over the row's other words. */
  said?: Marker;
  /** The paragraph or heading that opens the experiment with its label, when its details follow it. */
  head?: string;
  /** The letters of the head's label (`E` of `E1`): a list after it whose items open with the same letters names experiments of its own. */
  letters?: string;
}

/**
 * The items of the section, subsection by subsection. A heading whose
 * subsection is empty (`### Run in this pass` over `#### E1 …`) introduces
 * the deeper subsections after it.
 */
function itemsOf(nodes: readonly RootContent[]): Item[] {
  const items: Item[] = [];
  // The word of each group heading still open, by depth.
  const groups: Array<{ depth: number; marker: Marker | undefined }> = [];
  let block: RootContent[] = [];
  let heading: (RootContent & { type: 'heading' }) | undefined;
  let introduced: Marker | undefined;
  // The experiment a labelled heading opened: the unlabelled subsections under it ("#### Method") are its details.
  let owner: { item: Item; depth: number } | undefined;
  const flush = () => {
    const labelled = heading !== undefined && EXPERIMENT_LABEL.test(oneSpace(textOf(heading)));
    if (heading && owner && heading.depth > owner.depth && !labelled) {
      owner.item.text = [owner.item.text, oneSpace(textOf(heading)), ...block.map((node) => oneSpace(textOf(node)))].join(' ');
      return;
    }
    if (heading && block.length === 0 && !labelled) {
      groups.push({ depth: heading.depth, marker: introMarkerOf(oneSpace(textOf(heading))) });
      return;
    }
    const found = blockItems(block, introduced, labelled ? heading : undefined);
    if (labelled && heading && found[0]) owner = { item: found[0], depth: heading.depth };
    if (found.length > 0) items.push(...found);
    else if (heading) {
      const body = block.map((node) => oneSpace(textOf(node))).join(' ').trim();
      // "### Proposed" / "None yet.": no experiment.
      const title = oneSpace(textOf(heading));
      // "### Experiments I ran" over one write-up of E1–E9, E10 and E11: each experiment it names is one.
      const named = /\bexperiments\b/i.test(title) ? labelsNamed(body) : [];
      if (named.length >= 2) for (const label of named) items.push({ text: `${label} (${title})`, place: placeOf(heading), introduced });
      else if (!NONE_HERE.test(body)) {
        items.push({ text: `${title}${body ? ` ${body}` : ''}`, place: placeOf(heading), introduced });
      }
    }
  };
  for (const node of nodes) {
    if (node.type !== 'heading') {
      block.push(node);
      continue;
    }
    flush();
    block = [];
    while (groups.length > 0 && groups.at(-1)!.depth >= node.depth) groups.pop();
    if (owner && node.depth <= owner.depth) owner = undefined;
    heading = node.depth >= 3 ? node : undefined;
    introduced = introMarkerOf(oneSpace(textOf(node))) ?? groups.at(-1)?.marker;
  }
  flush();
  return items;
}

/** The label that opens a paragraph: in bold first, or followed by punctuation (`E1 (RUN …).`, `E2: …`, `E3 — …`); not a range or group (`E0–E3`, `E1, E2`), nor a word such as `V8 caches`. */
function headLabel(node: RootContent): { letters: string; bold: boolean } | undefined {
  if (node.type !== 'paragraph') return undefined;
  const first = node.children[0];
  const bold = first?.type === 'strong';
  // "**Ran: E1, …**", "**UNRUN — E2 …**": the word about running may stand before the label in bold.
  const text = oneSpace(textOf(bold ? first : node)).replace(bold ? /^(?:ran|run|done|reproduced|unrun|not (?:yet )?run|proposed)\s*[:—–-]\s*/i : /^$/, '');
  const label = EXPERIMENT_LABEL.exec(text);
  if (!label) return undefined;
  const rest = text.slice(label[0].length);
  if (/^\s*(?:[–—-]|to\b|and\b|or\b|,)\s*(?:[A-Z]{1,2})?\d/.test(rest)) return undefined;
  const letters = label[1] ?? label[2]!;
  // Without bold, only an experiment's usual letters open one ("E2: …", "X1 (UNRUN)."), not a claim's or a result's ("C8, if …", "P50: 8 ms").
  if (!bold && (!/^\s*[(:.,;—–-]/.test(rest) || !USUAL_LETTERS.test(letters))) return undefined;
  return { letters, bold };
}

/** Whether a paragraph is all bold (a title: "**P1 — high value**"). */
function allBold(node: RootContent): boolean {
  return node.type === 'paragraph' && node.children.length === 1 && node.children[0]!.type === 'strong';
}

/** Whether a list or table names experiments of its own: items or first cells that open with a label (with the given letters, when given). */
function namesExperiments(node: RootContent, letters?: string): boolean {
  const opens = (text: string) => {
    const found = labelLetters(text);
    return found !== undefined && (letters === undefined || found === letters);
  };
  if (node.type === 'list') {
    return node.children.some((item) => {
      const text = oneSpace(textOf(item));
      const found = labelLetters(text);
      if (found === undefined) return false;
      // Labels alone do not make a list of experiments ("- P50: 8 ms"): the usual letters do, or a word about running.
      return letters === undefined ? USUAL_LETTERS.test(found) || markerOf(text) !== undefined : found === letters;
    });
  }
  if (node.type === 'table') {
    const rows = node.children.slice(1).some((row) => opens(oneSpace(textOf(row.children[0] ?? row))));
    // A table of experiments says so in its header ("What to test", "Status"); a table of results ("| P50 | 8 ms |") does not.
    const header = node.children[0] ? oneSpace(textOf(node.children[0])) : '';
    return rows || (letters !== undefined && namesExperiments(node) && /\b(status|what to test|experiment|how|success|run)\b/i.test(header));
  }
  return false;
}

/** A lead-in to experiments that ends a head's details: "Proposals, not run:", "Experiments I did not run:", "**Proposed, not run.**". */
function endsDetails(text: string, node: RootContent): boolean {
  if (text.endsWith(':') && /\b(experiments|proposals|proposed experiments|not (yet )?run|unrun)\b/i.test(text)) return true;
  if (allBold(node) && introMarkerOf(text) !== undefined) return true;
  return text.length < 80 && /^(proposed|proposals?|not (yet )?run|unrun|future|planned experiments)\b/i.test(text);
}

/** The items of the content of one subsection (or of the section before its first heading). */
function blockItems(nodes: readonly RootContent[], introducedByHeading: Marker | undefined, heading?: RootContent): Item[] {
  const items: Item[] = [];
  let introduced = introducedByHeading;
  let current: Item | undefined;
  const open = (node: RootContent, letters: string, marker: Marker | undefined) => {
    const text = oneSpace(textOf(node));
    current = { text, place: placeOf(node), introduced: marker, head: text, letters };
    items.push(current);
  };
  if (heading) open(heading, labelLetters(oneSpace(textOf(heading)))!, introducedByHeading);
  let titled = false;
  /** The node before this one. */
  let previous: RootContent | undefined;
  for (const [index, node] of nodes.entries()) {
    const before = previous;
    previous = node;
    const label = headLabel(node);
    // A paragraph with another label inside an experiment's details, without bold, is one of its details ("H1: the cache").
    if (label !== undefined && (label.bold || !current || current.letters === label.letters)) {
      open(node, label.letters, introduced);
      titled = allBold(node) || current!.text.endsWith(':');
      continue;
    }
    const text = oneSpace(textOf(node));
    if (current) {
      // A head right over a list of experiments, alone in bold or ending with a colon, is the group's title ("**P1 (high value):**", "**P1 — high value**").
      if (current.text === current.head && titled && namesExperiments(node)) {
        items.pop();
        introduced = introMarkerOf(current.text) ?? introduced;
        current = undefined;
      } else if (!(node.type === 'paragraph' && endsDetails(text, node)) && !namesExperiments(node, current.letters)) {
        // The experiment's details: its method, commands, output, results ("- P50: 8 ms").
        current.text = `${current.text} ${text}`;
        continue;
      } else current = undefined;
    }
    if (node.type === 'paragraph') introduced = introMarkerOf(text) ?? introduced;
    // "Setup for every run:" over a list: its items are the set-up, not experiments, up to the first that opens with a
    // label ("**R1, session id …**": a blank line after the set-up's items does not end a list; an outside report, r-27-j).
    const lead = node.type === 'list' && before?.type === 'paragraph' ? oneSpace(textOf(before)) : undefined;
    // The commands are the set-up of the labelled runs that follow them at once (the next block, or the one after a note).
    let setup = lead !== undefined && (SETUP_LEAD.test(lead) || (COMMANDS_LEAD.test(lead) && Math.max(labelledCount(nodes[index + 1]), labelledCount(nodes[index + 2])) >= 2));
    // "**Ejecutado el 2026-12-07 (reproduced).**" over one write-up of a run (its commands, set-up, output, limits) that
    // names E2–E7, no item opening with a label: each experiment it names is one, as under a heading (an outside report, r-28-l).
    // (Not a list of experiments of its own: an item that opens with a label or says whether it ran.)
    const writeUp =
      node.type === 'list' && before !== undefined && allBold(before) && introMarkerOf(oneSpace(textOf(before))) === 'RAN' && node.children.every((item) => labelLetters(oneSpace(textOf(item))) === undefined && markerOf(oneSpace(textOf(item))) === undefined)
        ? labelsNamed(text)
        : [];
    if (writeUp.length >= 2) {
      for (const label of writeUp) items.push({ text: `${label} (${oneSpace(textOf(before!))})`, place: placeOf(node), introduced });
      continue;
    }
    if (node.type === 'list') {
      let previousItem: (typeof node.children)[number] | undefined;
      for (const item of node.children) {
        const text = oneSpace(textOf(item));
        // A blank line before an item does not end the list, but it ends the set-up; so does an item that says whether it ran.
        const after = (item.position?.start.line ?? 0) - (previousItem?.position?.end.line ?? Number.POSITIVE_INFINITY);
        previousItem = item;
        if (setup && labelLetters(text) === undefined && markerOf(text) === undefined && !(after > 1)) continue;
        setup = false;
        // "**Setup:** Node v20 …", "Scripts: …", "Output: …": how the experiments were run, said once for all, is none of them (an outside report, r-27-h).
        // (The machine or set-up, even where it says "I ran npm install"; scripts, outputs, tools only where they say nothing of a run.)
        const names = /\b(?:E|X)\d{1,3}\b/.test(text);
        if (!names && (SETUP_ALWAYS.test(text) || ((SETUP_ITEM.test(text) || (introduced === 'RAN' && SETUP_ITEM_RAN.test(text))) && markerOf(text) === undefined))) continue;
        items.push({ text, place: placeOf(item), introduced });
      }
    }
    if (node.type === 'table') {
      const status = statusColumn(node);
      for (const row of node.children.slice(1)) {
        const item: Item = { text: oneSpace(textOf(row)), place: placeOf(row), introduced };
        const said = status === undefined ? undefined : statusMarker(oneSpace(textOf(row.children[status] ?? row)));
        if (said) item.said = said;
        items.push(item);
      }
    }
  }
  return items;
}

/** A list item that says how experiments were run, not one of them: "Tools:", "Scripts:", "Outputs:". */
const SETUP_ITEM = /^(?:tools?|scripts?|outputs?)\s*[:：]/i;

/**
 * The same under a heading or lead-in that says its experiments ran (elsewhere, "Install: time a cold npm install"
 * may be a proposed experiment, a review's finding): "Install:", "Commands:", and as Chinese, Japanese and Korean
 * reports label them, "取包：", "安装：", "运行命令：" (an outside report in Chinese, r-28-m, whose three set-up items
 * were counted as three more runs), "インストール：", "実行コマンド：", "설치:".
 */
const SETUP_ITEM_RAN = /^(?:install(?:ation)?|packages?|commands?|run commands?|取包|安装|安裝|依赖|运行命令|命令|インストール|パッケージ|実行コマンド|コマンド|설치|명령|패키지)\s*[:：]/i;
/** A list item about the machine or the set-up: never an experiment of its own. */
const SETUP_ALWAYS = /^(?:setup|set-up|environment|machine|hardware|software|platform|运行环境|环境|実行環境|環境|실행 환경|환경)\s*[:：]/i;
/**
 * A paragraph that introduces the set-up as a list, and says nothing else: "Setup for every run:", "Environment:",
 * "Set-up shared by all runs:" (not "Environment-dependent experiments (not run):", a review's finding).
 */
const SETUP_LEAD =
  /^(?:(?:setup|set-up|environment|machine|hardware|software|platform)(?:\s+(?:for|shared by|common to|used (?:for|by|in))\s+(?:all|every|each|the)(?:\s+(?:the|my|these))?\s+(?:runs?|experiments?|checks?))?\s*[:：]|(?:environment|运行环境|环境|実行環境|環境|실행 환경|환경)\s*[:：]?)$/i;

/**
 * A paragraph that introduces the commands the experiments were run with ("**Commands**", "명령:"): the list after it
 * is the set-up only where labelled experiments follow it at once (an outside report in Korean, r-27-n, listed its
 * commands and then a table of E1–E9); elsewhere such a list may be the experiments (r-27-c).
 */
const COMMANDS_LEAD = /^(?:commands?|명령(?:어)?|命令|运行命令|コマンド|実行コマンド)\s*[:：]?$/i;

/** How many experiments a table or list gives with a label (its rows or items that open with one). */
function labelledCount(node: RootContent | undefined): number {
  if (node?.type === 'table') return node.children.slice(1).filter((row) => labelLetters(oneSpace(textOf(row))) !== undefined).length;
  if (node?.type === 'list') return node.children.filter((item) => labelLetters(oneSpace(textOf(item))) !== undefined).length;
  return 0;
}

/** The column of a table of experiments that says whether each was run: headed "Status", "Standing", "Run?", "Done?", "State". */
function statusColumn(table: RootContent & { type: 'table' }): number | undefined {
  const index = (table.children[0]?.children ?? []).findIndex((cell) => /^(status|state|standing|run|ran|done|run status)\s*\??$/i.test(oneSpace(textOf(cell)).trim()));
  return index === -1 ? undefined : index;
}

/** What a status cell says: "Done", "Yes", "Run (2026-12-06)", "Failed", "Partial" are runs; "No", "Proposed", "Planned", "Pending", "To do" are not. */
function statusMarker(marked: string): Marker | undefined {
  // "✅ reproduced (supports C4)": a mark before the word.
  const cell = marked.replace(/^[^\p{L}\p{N}]+/u, '');
  // A mark alone: done.
  if (cell === '' && markedStatus(marked) === 'supported') return 'RAN';
  if (NOT_RUN.test(cell) || /^(no|proposed|planned|pending|to ?do|todo|open|queued|not started)\b/i.test(cell)) return 'UNRUN';
  if (/^(ran|run|done|yes|y|complete|completed|reproduced|executed|performed|passed|failed|partial|partially)\b/i.test(cell)) return 'RAN';
  return markerOf(cell);
}

/** The experiments a text names with the usual letters, in order, once each, ranges spelled out: "E1–E3 and E10" → E1, E2, E3, E10. */
function labelsNamed(text: string): string[] {
  const named = new Set<string>();
  for (const match of text.matchAll(/\b([EX])(\d{1,3})\b(?:\s*(?:[–—-]|to)\s*\1?(\d{1,3})\b)?/g)) {
    const [from, to] = [Number(match[2]), Number(match[3] ?? match[2])];
    for (let n = from; n <= Math.min(to, from + 50); n++) named.add(`${match[1]}${n}`);
  }
  return [...named];
}
