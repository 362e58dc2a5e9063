/**
 * Text YAML drops without a word: after an unquoted value, ` #` starts a
 * comment, so `rationale: RFC 5681 #section-3.2, equation (4)` is read as
 * "RFC 5681" (an outside author's finding: the popover showed only that).
 * A comment the author meant (`status: supported  # re-read in May`) is
 * left alone; a value cut where a comment would be unusual is a warning: a
 * `#` followed by a word (`#section-3.2`, `#42`), or any comment after an
 * anchor's quote, prefix or suffix, or a verdict's rationale.
 */
import { isPair, isScalar, isSeq, parseDocument, visit } from 'yaml';
import { createProblem, formatPath, quote, type Problem } from '../problems/problem.js';

/** Fields whose words a comment after them on their line more likely cuts than annotates: an anchor's text, a verdict's reason. */
const PROSE_FIELDS = new Set(['quote', 'prefix', 'suffix', 'rationale']);

/**
 * Whether a line holds ` #` (or a tab and `#`) after something other than
 * a comment: only a file with such a line is read again. One pass over the
 * text, whatever its lines' length.
 */
function hasCandidate(text: string): boolean {
  for (let hash = text.indexOf('#', 1); hash !== -1; hash = text.indexOf('#', hash + 1)) {
    const before = text.charCodeAt(hash - 1);
    if (before !== 32 && before !== 9) continue;
    const start = text.lastIndexOf('\n', hash - 1) + 1;
    // The line's first character that is not a blank or a list dash: a comment line starts with `#`.
    const first = /[^\s-]/.exec(text.slice(start, hash + 1));
    if (first && first.index + start < hash) return true;
    const end = text.indexOf('\n', hash);
    if (end === -1) return false;
    hash = end;
  }
  return false;
}

/**
 * The values of a YAML file that a ` #` on their line cut short.
 * @param source the file's text (a byte order mark is dropped, as `loadYaml` drops it).
 * @param file the file, as problems name it.
 * @param lineOffset lines before the YAML in its file.
 * @returns one warning per such value (none for most files, which are not read again).
 */
export function commentsInValues(source: string, file: string, lineOffset = 0): Problem[] {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (!hasCandidate(text)) return [];
  const doc = parseDocument(text, { keepSourceTokens: false });
  if (doc.errors.length > 0) return [];
  const problems: Problem[] = [];
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  visit(doc, {
    Scalar(key, node, ancestors) {
      if (key === 'key' || node.type !== 'PLAIN' || typeof node.comment !== 'string' || !node.range) return;
      const hash = text.indexOf('#', node.range[1]);
      // A comment on a line of its own is the author's.
      if (hash === -1 || text.slice(node.range[1], hash).includes('\n')) return;
      const segments: Array<string | number> = [];
      for (let index = 0; index < ancestors.length; index += 1) {
        const ancestor = ancestors[index];
        if (isPair(ancestor) && isScalar(ancestor.key)) segments.push(String(ancestor.key.value));
        else if (isSeq(ancestor)) segments.push(ancestor.items.indexOf((ancestors[index + 1] ?? node) as never));
      }
      const field = segments.findLast((segment): segment is string => typeof segment === 'string');
      const comment = node.comment;
      if (!/^\S/.test(comment) && !(field !== undefined && PROSE_FIELDS.has(field))) return;
      let line = 0;
      while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= hash) line += 1;
      const shown = String(node.value);
      const cut = `#${comment}`.trimEnd();
      problems.push(
        createProblem(
          'yaml/comment-in-value',
          { file, path: formatPath(segments), line: line + 1 + lineOffset, column: hash - lineStarts[line]! + 1 },
          `YAML reads ${quote(cut, 40)} as a comment, so this value ends at ${quote(shown, 40)}`,
          `if the words after " #" belong to the value, put the whole value in quotes: ${field ?? 'value'}: ${quote(`${shown} ${cut}`, 60)}; if they are a comment, write it on a line of its own`,
        ),
      );
    },
  });
  return problems;
}
