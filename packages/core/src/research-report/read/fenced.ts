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
 * before the block, its fences and the lines after it blanked. Only when
 * every `##` heading of the file stands between a fence that opens Markdown
 * and the last fence of its kind that closes one (a code block inside the
 * report, ```` ```bash ````, closes the outer one early for a Markdown
 * parser; here it stays the report's own).
 * @param source the report's text.
 * @param file its path, for the warning.
 * @returns the text to read and the warning, or undefined when the report is not in a code block.
 */
export function unfence(source: string, file: string): { source: string; problem: Problem } | undefined {
  const lines = source.split('\n');
  const first = lines.findIndex((line) => SECTION.test(line));
  if (first === -1) return undefined;
  // The code block the first section stands in, if any: fences read from the top, as a Markdown parser reads them.
  let open = -1;
  let fence = '';
  for (let index = 0; index < first; index++) {
    const found = FENCE.exec(lines[index]!);
    if (!found) continue;
    if (open === -1) {
      if (found[1]![0] === '`' && found[2]!.includes('`')) continue;
      [open, fence] = [index, found[1]!];
    } else if (found[1]![0] === fence[0] && found[1]!.length >= fence.length && found[2]!.trim() === '') {
      open = -1;
    }
  }
  if (open === -1 || !MARKDOWN.test(FENCE.exec(lines[open]!)![2]!)) return undefined;
  const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*\\r?$`);
  let close = lines.length;
  for (let index = lines.length - 1; index > open; index--) {
    if (closing.test(lines[index]!)) {
      close = index;
      break;
    }
  }
  // Every section inside the block: a code block of Markdown in a report (an example) is the report's own.
  const last = lines.findLastIndex((line) => SECTION.test(line));
  if (last > close) return undefined;
  const around = lines.filter((line, index) => (index < open || index > close) && line.trim() !== '').length;
  const read = lines.map((line, index) => (index > open && index < close ? line : line.endsWith('\r') ? '\r' : ''));
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
