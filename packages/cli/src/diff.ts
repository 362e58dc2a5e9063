/**
 * Unified diffs of the sidecars an ingest or a review changes, as `git diff`
 * prints them.
 *
 * jsdiff's Myers diff takes time in the square of the lines changed when
 * they are in more than one place: an ingest of 1,000 ledger rows adds 8,000
 * lines to `sources` and 11,000 to `evidence`, and one diff of the file took
 * a second. A sidecar's edits stay inside its top-level keys, so each key's
 * block is diffed on its own (blocks matched by key), and the changes are
 * put together into hunks as jsdiff's `structuredPatch` makes them.
 */
import { diffArrays, diffLines, type ChangeObject } from 'diff';

/** Lines of context around each change. */
const CONTEXT = 3;

/**
 * A unified diff of one file.
 * @param file path relative to the project root.
 * @param before the current text, or undefined for a new file.
 * @param after the new text.
 * @returns the diff, ending with a newline.
 */
export function unifiedDiff(file: string, before: string | undefined, after: string): string {
  const header = `--- ${before === undefined ? '/dev/null' : `a/${file}`}\n+++ b/${file}\n`;
  return header + hunks(lineChanges(before ?? '', after)).join('');
}

/** One line of the diff: kept, removed or added, and whether it ends without a line feed. */
interface Line {
  kind: ' ' | '-' | '+';
  text: string;
  noNewline: boolean;
}

/** The lines of both texts, each kept, removed or added, block by block. */
function lineChanges(before: string, after: string): Line[] {
  const oldBlocks = blocks(before);
  const newBlocks = blocks(after);
  const lines: Line[] = [];
  let oldIndex = 0;
  let newIndex = 0;
  for (const part of diffArrays(oldBlocks.map((block) => block.key), newBlocks.map((block) => block.key))) {
    for (let count = 0; count < part.count; count++) {
      const oldText = part.added ? '' : oldBlocks[oldIndex++]!.text;
      const newText = part.removed ? '' : newBlocks[newIndex++]!.text;
      for (const change of oldText === newText ? [{ value: oldText, count: 1, added: false, removed: false }] : diffLines(oldText, newText)) push(lines, change);
    }
  }
  return lines;
}

/** A top-level key's line, `sources:` at column 0: the key, then its colon. */
const KEY = String.raw`[^\s#-][^:\n]*`;
const COLON = String.raw`:(?:[ \t]|\r?$)`;
const TOP_LEVEL_KEY = new RegExp(`^(${KEY})${COLON}`);
const BEFORE_TOP_LEVEL_KEY = new RegExp(`(?=^${KEY}${COLON})`, 'm');

/** A text cut before each top-level key; the lines before the first key are the block with key "". */
function blocks(text: string): Array<{ key: string; text: string }> {
  if (text === '') return [];
  return text.split(BEFORE_TOP_LEVEL_KEY).map((piece) => ({ key: TOP_LEVEL_KEY.exec(piece)?.[1] ?? '', text: piece }));
}

/** The lines of one change of jsdiff, in order. */
function push(lines: Line[], change: ChangeObject<string>): void {
  if (change.value === '') return;
  const kind = change.added ? '+' : change.removed ? '-' : ' ';
  const pieces = change.value.split('\n');
  const last = pieces.pop()!;
  for (const text of pieces) lines.push({ kind, text, noNewline: false });
  if (last !== '') lines.push({ kind, text: last, noNewline: true });
}

/** The hunks of a diff: each change with up to three lines of context, changes closer than that in one hunk. */
function hunks(lines: Line[]): string[] {
  const result: string[] = [];
  let index = 0;
  let oldLine = 1;
  let newLine = 1;
  // Line numbers at each index.
  const numbers = lines.map((line) => {
    const at = { old: oldLine, new: newLine };
    if (line.kind !== '+') oldLine++;
    if (line.kind !== '-') newLine++;
    return at;
  });
  while (index < lines.length) {
    let first = index;
    while (first < lines.length && lines[first]!.kind === ' ') first++;
    if (first === lines.length) break;
    // The hunk goes on while the unchanged lines between two changes are at most twice the context.
    let end = first;
    for (let at = first; at < lines.length && at - end <= 2 * CONTEXT; at++) if (lines[at]!.kind !== ' ') end = at;
    const start = Math.max(index, first - CONTEXT);
    const stop = Math.min(lines.length, end + CONTEXT + 1);
    const body = lines.slice(start, stop);
    const oldCount = body.filter((line) => line.kind !== '+').length;
    const newCount = body.filter((line) => line.kind !== '-').length;
    // A hunk with no lines on one side starts at the line before (`-0,0` for a new file).
    const oldStart = numbers[start]!.old - (oldCount === 0 ? 1 : 0);
    const newStart = numbers[start]!.new - (newCount === 0 ? 1 : 0);
    const text = body.map((line) => `${line.kind}${line.text}\n${line.noNewline ? '\\ No newline at end of file\n' : ''}`).join('');
    result.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@\n${text}`);
    index = stop;
  }
  return result;
}
