/**
 * Unified diffs of the sidecars an ingest changes, as `git diff` prints them.
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';

/**
 * A unified diff of one file.
 * @param file path relative to the project root.
 * @param before the current text, or undefined for a new file.
 * @param after the new text.
 * @returns the diff, ending with a newline.
 */
export function unifiedDiff(file: string, before: string | undefined, after: string): string {
  const patch = createTwoFilesPatch(before === undefined ? '/dev/null' : `a/${file}`, `b/${file}`, before ?? '', after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
  return patch.endsWith('\n') ? patch : `${patch}\n`;
}
