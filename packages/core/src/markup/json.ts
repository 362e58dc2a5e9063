/**
 * JSON artifacts (`pack.json`, `report.json`) as text. Sidecar strings reach
 * them, so `<` is written as `\u003c` (and U+2028, U+2029 as escapes too):
 * the same data for any JSON reader, but no `</script>` or `<!--` for a page
 * that embeds the file in a `<script>` element, and no tag for a browser that
 * sniffs it as HTML.
 */

/**
 * Serialize a value as a JSON artifact.
 * @param value a JSON-compatible value.
 * @returns JSON with two-space indentation and a final newline.
 */
export function jsonArtifact(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(/[<\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}
