/**
 * How deep a chapter or a research report may nest. The walkers that read
 * a Markdown tree (the text index, the report's readers, unist visitors)
 * recurse, and so does the parser on some input: a line of 50,000 `>`
 * crashed `check` with "Maximum call stack size exceeded" and made an
 * ingest take gigabytes (an outside reviewer's finding), 15,000 nested
 * `:claim[` crash Sätteri itself, and parsing a line of n `>` takes time
 * growing as n². So nesting is bounded as YAML's is (`yaml/too-deep`):
 * a pre-scan of the text refuses what is too deep even to parse, and an
 * iterative walk of the tree refuses the rest, before any recursive walker
 * runs.
 */
import { createProblem, type Position, type Problem } from '../problems/problem.js';

/**
 * How deep the nodes of a chapter or report may nest, counting from the
 * root's children (a paragraph at the top is at depth 1). A real chapter
 * nests well under 30 (a blockquote holding a list, three lists deep,
 * a paragraph, emphasis, strong, a link, a claim: about 14); 64 leaves room
 * for any of them, as YAML's limit does, and is far from the thousands of
 * levels at which the recursive walkers run out of stack.
 */
export const MAX_MARKDOWN_DEPTH = 64;

/**
 * Nesting the pre-scan sees on one line (or one paragraph, for brackets)
 * above which the text is not even parsed: up to here the parse is cheap
 * (a few milliseconds) and the tree's depth is then checked exactly; far
 * beyond it the parser takes seconds to minutes, or crashes. It leaves a
 * wide margin for what the scan counts that is no nesting (a code line of
 * many `>`).
 */
export const UNPARSED_DEPTH = MAX_MARKDOWN_DEPTH * 16;

/** Spaces and tabs. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

/**
 * Where a trailing thematic break (`- - -`, `* * *`) starts on a line: its
 * markers are no list items. The line's end when it has none.
 */
function thematicStart(source: string, start: number, end: number): number {
  let index = end - 1;
  while (index >= start && isBlank(source.charCodeAt(index))) index--;
  const mark = source.charCodeAt(index);
  if (mark !== 45 && mark !== 42 && mark !== 95) return end;
  let count = 0;
  let first = end;
  while (index >= start) {
    const code = source.charCodeAt(index);
    if (code === mark) {
      count++;
      first = index;
    } else if (!isBlank(code)) break;
    index--;
  }
  return count >= 3 ? first : end;
}

/** A list marker at `index` (`-`, `+`, `*`, `1.`, `1)` and a blank or the line's end): its length, else 0. */
function listMarker(source: string, index: number, end: number): number {
  const code = source.charCodeAt(index);
  let length = 0;
  if (code === 45 || code === 43 || code === 42) length = 1;
  else {
    while (length < 9 && index + length < end && source.charCodeAt(index + length) >= 48 && source.charCodeAt(index + length) <= 57) length++;
    if (length === 0) return 0;
    const delimiter = source.charCodeAt(index + length);
    if (delimiter !== 46 && delimiter !== 41) return 0;
    length++;
  }
  return index + length === end || isBlank(source.charCodeAt(index + length)) ? length : 0;
}

/** What the pre-scan found: the first place nesting passes the limit, and whether anything passes `UNPARSED_DEPTH`. */
interface Scan {
  first: Position | undefined;
  unparsable: boolean;
}

/**
 * Count the containers a line opens with (`>`, list markers): a blockquote
 * is one level, a list item two (the list and its item).
 */
function scanLine(source: string, start: number, end: number, line: number, scan: Scan): void {
  const thematic = thematicStart(source, start, end);
  let depth = 0;
  let index = start;
  while (index < end) {
    while (index < end && isBlank(source.charCodeAt(index))) index++;
    if (index >= thematic) return;
    const quote = source.charCodeAt(index) === 62;
    const length = quote ? 1 : listMarker(source, index, end);
    if (length === 0) return;
    depth += quote ? 1 : 2;
    if (depth > MAX_MARKDOWN_DEPTH) scan.first ??= { line, column: index - start + 1 };
    if (depth > UNPARSED_DEPTH) {
      scan.unparsable = true;
      return;
    }
    index += length;
  }
}

/**
 * The first place where a Markdown text nests deeper than
 * `MAX_MARKDOWN_DEPTH`, when somewhere it nests so deep (past
 * `UNPARSED_DEPTH`) that it must not be parsed at all: a line opening with
 * a run of `>` or list markers, or a paragraph of unclosed `[`. One pass
 * over the text; a text that passes is parsed, and its tree measured with
 * `deepNodePlace`.
 * @param source the chapter's or report's text.
 * @returns the line and column of the first level past the limit, or undefined when the text may be parsed.
 */
export function deepSourcePlace(source: string): Position | undefined {
  // Line ends as one character: CRLF and a lone CR end a line as a line feed does.
  const text = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  const scan: Scan = { first: undefined, unparsable: false };
  let line = 1;
  let lineStart = 0;
  startLine(text, lineStart, line, scan);
  // Brackets a paragraph left open (`:claim[` inside `:claim[`), and, for MDX's expressions and tags, parentheses, braces
  // and tags (`{((((…` 4,000 deep made the MDX parser crash with a segmentation fault; 50,000 nested `<div>` took a minute:
  // an outside reviewer's findings); a blank line closes them all. Only a depth past `UNPARSED_DEPTH` refuses the text, so
  // what is no nesting (a `<` in code, a `)` closing nothing) cannot refuse a real chapter.
  // Code in a fenced block is no nesting (`List<T>`, calls): its lines are skipped.
  let open = 0;
  let fence = fenceAt(text, 0);
  const events = /[[\](){}\n]|<\/?[A-Za-z]|\/>/g;
  for (let match = events.exec(text); match && !scan.unparsable; match = events.exec(text)) {
    const index = match.index;
    const char = text.charCodeAt(index);
    if (char === 10) {
      line++;
      lineStart = index + 1;
      if (startLine(text, lineStart, line, scan)) open = 0;
      const marker = fenceAt(text, lineStart);
      if (marker !== undefined && (fence === undefined || marker.startsWith(fence))) fence = fence === undefined ? marker : undefined;
    } else if (fence !== undefined) continue;
    else if (char === 93 || char === 41 || char === 125 || char === 47 || (char === 60 && text.charCodeAt(index + 1) === 47)) open = Math.max(0, open - 1);
    else if (++open > MAX_MARKDOWN_DEPTH) {
      scan.first ??= { line, column: index - lineStart + 1 };
      if (open > UNPARSED_DEPTH) scan.unparsable = true;
    }
  }
  return scan.unparsable ? scan.first : undefined;
}

/** The fence a line opens or closes with (three or more backticks or tildes, after blanks and `>`), if any. */
function fenceAt(text: string, start: number): string | undefined {
  let index = start;
  while (index < text.length && (isBlank(text.charCodeAt(index)) || text.charCodeAt(index) === 62)) index++;
  const mark = text.charCodeAt(index);
  if (mark !== 96 && mark !== 126) return undefined;
  let end = index;
  while (text.charCodeAt(end) === mark) end++;
  return end - index >= 3 ? text.slice(index, end) : undefined;
}

/** Scan the start of a line for containers (`scanLine`); true when the line is blank. */
function startLine(text: string, start: number, line: number, scan: Scan): boolean {
  let content = start;
  while (content < text.length && isBlank(text.charCodeAt(content))) content++;
  const code = text.charCodeAt(content);
  if (content === text.length || code === 10) return true;
  // Only a line that opens with `>`, `-`, `+`, `*` or a digit can open a container.
  if (code === 62 || code === 45 || code === 43 || code === 42 || (code >= 48 && code <= 57)) {
    const end = text.indexOf('\n', content);
    scanLine(text, start, end === -1 ? text.length : end, line, scan);
  }
  return false;
}

/** The part of an mdast node the depth walk reads. */
interface TreeNode {
  children?: readonly TreeNode[];
  position?: { start?: { line?: number; column?: number } } | undefined;
}

/**
 * The first node, in document order, deeper than `MAX_MARKDOWN_DEPTH`
 * (the root's children are at depth 1), found without recursion, so that it
 * can run before the walkers that recurse.
 * @param root the parsed tree.
 * @returns the node's line and column (0 and 0 when it has no position), or undefined when the tree is shallow enough.
 */
export function deepNodePlace(root: TreeNode): Position | undefined {
  const stack: Array<{ node: TreeNode; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_MARKDOWN_DEPTH) {
      const start = node.position?.start;
      return { line: start?.line ?? 0, column: start?.column ?? 0 };
    }
    const children = node.children;
    if (!Array.isArray(children)) continue;
    // Last child first on the stack: the first is taken next, in document order.
    for (let index = children.length - 1; index >= 0; index--) stack.push({ node: children[index] as TreeNode, depth: depth + 1 });
  }
  return undefined;
}

/** What is refused: a chapter or a research report. */
export type DeepMarkdownRule = 'chapter/too-deep' | 'report/too-deep';

/**
 * The problem for a chapter or report that nests more than
 * `MAX_MARKDOWN_DEPTH` levels deep.
 * @param rule `chapter/too-deep` or `report/too-deep`.
 * @param file the file, as problems name it.
 * @param place the first place past the limit; undefined when only a walker's exhausted stack told (then the file is named alone).
 * @returns the problem.
 */
export function deepMarkdownProblem(rule: DeepMarkdownRule, file: string, place?: Position): Problem {
  const what = rule === 'chapter/too-deep' ? 'chapter' : 'report';
  const message =
    place && place.line > 0
      ? `blocks and elements are nested more than ${MAX_MARKDOWN_DEPTH} levels deep here, so the ${what} is not read`
      : `the ${what} nests too deeply to be read: the reader ran out of stack`;
  return createProblem(
    rule,
    place && place.line > 0 ? { file, line: place.line, column: place.column } : { file },
    message,
    `a ${what} nests a few levels at most (blockquotes, lists, emphasis, links, directives and tags inside one another): look for a line that opens with a long run of ">" or list markers, or "[", "(", "{" and tags left open; a line meant as code goes in a fenced code block`,
  );
}
