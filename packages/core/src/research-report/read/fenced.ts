/**
 * A report returned inside a code block: the whole Markdown between
 * "```markdown" and "```", as a chat window gives it to be copied, with a
 * line of its own before it ("Here is the report:"). Parsed as it is, the
 * report is one code block and has none of its sections. Its text is read
 * as the report, on the lines it stands on, so that every place a problem
 * names is still a place in the file.
 */
import { createProblem, type Problem } from '../../problems/problem.js';
import { at } from './node-text.js';

/** A code fence: up to three spaces, three or more backticks or tildes, and its info string. */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*?)\r?$/;
/** The info string of a block of Markdown: `markdown`, `md` or nothing. */
const MARKDOWN = /^[ \t]*(?:markdown|md)?[ \t]*$/i;
/** A `##` heading, as a section of the report starts. */
const SECTION = /^ {0,3}##[ \t]+\S/;

/**
 * The report's text read out of the code block that holds it: the lines
 * before the block, its fences and the lines after it blanked. Only when a
 * block of Markdown (` ```markdown `, ` ```md ` or a bare fence) opens
 * before any `##` heading outside a code block, holds a `##` heading, and
 * has none after it outside a code block. Inside it, a fence with a
 * language (` ```bash `) opens a code block of the report's own, which the
 * next bare fence closes, not the report's (a Markdown parser would close
 * the report there).
 * @param source the report's text.
 * @param file its path, for the warning.
 * @returns the text to read and the warning, or undefined when the report is not in a code block.
 */
export function unfence(source: string, file: string): { source: string; problem: Problem } | undefined {
  const lines = source.split('\n');
  for (const { index, line, fence } of outsideBlocks(lines, 0)) {
    // A section outside any code block before one: the report is not in one.
    if (SECTION.test(line)) return undefined;
    if (!fence || !MARKDOWN.test(fence.info)) continue;
    const close = blockEnd(lines, index, fence);
    if (lines.slice(index + 1, close).some((inner) => SECTION.test(inner)) && !outsideBlocks(lines, close + 1).some(({ line: after }) => SECTION.test(after))) return unfenced(lines, index, close, file);
    // Otherwise a code block of the text before the report ("the headings the brief asked for: ```…```"), read as a parser reads it.
  }
  return undefined;
}

/** A fence's mark and length, and its info string. */
interface Fence {
  char: string;
  length: number;
  info: string;
}

/** The fence a line opens, if it is one (a backtick fence's info string has no backtick). */
function fenceOf(line: string): Fence | undefined {
  const found = FENCE.exec(line);
  if (!found || (found[1]![0] === '`' && found[2]!.includes('`'))) return undefined;
  return { char: found[1]![0]!, length: found[1]!.length, info: found[2]! };
}

/** Whether a line is a bare fence that closes a block opened with this fence. */
function closes(line: string, block: Fence): boolean {
  const fence = fenceOf(line);
  return fence !== undefined && fence.char === block.char && fence.length >= block.length && fence.info.trim() === '';
}

/** The lines from `from` on that are not inside a code block, as a Markdown parser reads them, each with the fence it opens. */
function outsideBlocks(lines: readonly string[], from: number): Array<{ index: number; line: string; fence: Fence | undefined }> {
  const found: Array<{ index: number; line: string; fence: Fence | undefined }> = [];
  let block: Fence | undefined;
  for (let index = from; index < lines.length; index++) {
    const line = lines[index]!;
    if (block) {
      if (closes(line, block)) block = undefined;
      continue;
    }
    block = fenceOf(line);
    found.push({ index, line, fence: block });
  }
  return found;
}

/** The line of the fence that closes the report's block opened at `open` (the end of the text when none does), its own code blocks read as nested. */
function blockEnd(lines: readonly string[], open: number, outer: Fence): number {
  let inner: Fence | undefined;
  for (let index = open + 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (inner) {
      if (closes(line, inner)) inner = undefined;
      continue;
    }
    if (closes(line, outer)) return index;
    const fence = fenceOf(line);
    if (fence && fence.info.trim() !== '') inner = fence;
  }
  return lines.length;
}

/** The text with only the block's inside kept, and the warning. */
function unfenced(lines: readonly string[], open: number, close: number, file: string): { source: string; problem: Problem } {
  const around = lines.filter((line, index) => (index < open || index > close) && line.trim() !== '').length;
  // Frontmatter at the top of the block is frontmatter no more once blanked lines stand before it: it is left out too (the reader does not read it).
  const top = lines.findIndex((line, index) => index > open && line.trim() !== '');
  const frontmatter = top !== -1 && top < close && /^---\s*$/.test(lines[top]!) ? lines.findIndex((line, index) => index > top && index < close && /^(?:---|\.\.\.)\s*$/.test(line)) : -1;
  const kept = (index: number) => index > open && index < close && !(frontmatter !== -1 && index >= top && index <= frontmatter);
  const read = lines.map((line, index) => (kept(index) ? line : line.endsWith('\r') ? '\r' : ''));
  const end = close < lines.length ? `, and ends at line ${close + 1}` : '';
  return {
    source: read.join('\n'),
    problem: createProblem(
      'report/fenced',
      at(file, { line: open + 1, column: 1 }, ''),
      `the report is inside a code block, which starts here${end}: the Markdown in it is read as the report${around > 0 ? `, and the ${around === 1 ? 'line' : `${around} lines`} around it ${around === 1 ? 'is' : 'are'} not` : ''}`,
      'send the report as Markdown itself, not as a code block of it (a chat window\'s "copy" gives it so)',
    ),
  };
}
