/**
 * Checks of text values that the schemas alone do not make: control
 * characters (a NUL written as `"\0"` in a double-quoted YAML string is
 * still a NUL in the value) and text with nothing visible in it (a title of
 * zero-width spaces renders as a blank heading).
 */
import { createProblem, formatPath, type Locate, type Problem } from '../problems/problem.js';

/** The control characters text may not hold: C0 but tab, line feed and carriage return; DEL; C1. */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A control character, or a surrogate without its other half (which only an escape can write into a value). */
const CONTROL_OR_LONE_SURROGATE = new RegExp(`${CONTROL_CHARACTER.source}|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]`);

/** Characters that show nothing on their own: spaces, controls, format characters, marks, fillers. */
const INVISIBLE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{M}\u115f\u1160\u3164\uffa0\u2800\u180e]*$/u;

/**
 * Whether a text shows anything: not only spaces, zero-width and format
 * characters, combining marks or Hangul and Braille fillers.
 * @param value the text.
 * @returns true when at least one character is visible.
 */
export function hasVisibleText(value: string): boolean {
  return !INVISIBLE.test(value);
}

/**
 * A control character as messages name it: `U+0000 (NUL)`.
 * @param code its code point.
 * @returns the name.
 */
export function controlName(code: number): string {
  const names: Record<number, string> = { 0: 'NUL', 7: 'BEL', 8: 'backspace', 0x0b: 'vertical tab', 0x0c: 'form feed', 0x1b: 'ESC', 0x7f: 'DEL', 0x85: 'NEL' };
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return names[code] ? `${hex} (${names[code]})` : hex;
}

/**
 * Every string of a parsed value (keys too) that holds a control
 * character, as a problem at the value's place.
 * @param value the parsed value.
 * @param options the file and the position lookup.
 * @returns one problem per string, at most 100.
 */
export function controlCharacterProblems(value: unknown, options: { file: string; locate: Locate }): Problem[] {
  const problems: Problem[] = [];
  // One path, grown and shrunk as the walk goes: a sidecar has tens of thousands of strings, and few hold a control.
  const path: PropertyKey[] = [];
  const report = (text: string, key: boolean) => {
    const match = CONTROL_OR_LONE_SURROGATE.exec(text);
    if (!match || problems.length >= 100) return;
    const at = [...path];
    const code = match[0].charCodeAt(0);
    // Half of a character, written as an escape ("\ud800"): UTF-8 has no such character, and every page would show U+FFFD in
    // its place (an outside reviewer's finding).
    const lone = code >= 0xd800 && code <= 0xdfff;
    problems.push(
      createProblem(
        'schema/control-character',
        { file: options.file, path: formatPath(at), ...options.locate(at, { key }) },
        lone
          ? `${key ? 'the key' : 'the text'} holds half of a character, the lone surrogate U+${code.toString(16).toUpperCase()}, at character ${match.index + 1}`
          : `${key ? 'the key' : 'the text'} holds the control character ${controlName(code)} at character ${match.index + 1}`,
        lone
          ? 'write the character itself, or its whole escape ("\\U0001F600", or both halves "\\ud83d\\ude00"); an escape such as "\\ud800" alone is half of one'
          : 'remove it (an escape such as "\\0" or "\\x1b" in double quotes writes one); text holds no control characters but tab and line breaks',
      ),
    );
  };
  const visit = (node: unknown) => {
    if (typeof node === 'string') report(node, false);
    else if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        path.push(index);
        visit(node[index]);
        path.pop();
      }
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        path.push(key);
        report(key, true);
        visit((node as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  visit(value);
  return problems;
}
