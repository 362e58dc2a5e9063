/**
 * Braces in an MDX chapter's prose are JavaScript: `min{cwnd, rwnd}` asks
 * the page for the values of `cwnd` and `rwnd`, and the build fails with
 * "cwnd is not defined" and a stack trace, where `research-pack check`
 * found nothing (an outside author's finding). A name that no import or
 * export of the chapter defines, nor JavaScript or MDX itself, is a
 * warning at the expression, with the two ways out: escaped braces for
 * text, an export for a value. The names are read with patterns, not a
 * JavaScript parser, so the check errs on the side of silence: it is a
 * warning, never an error.
 */
import type { Root } from 'mdast';
import { createProblem, quote, type Problem } from '../problems/problem.js';

/** A node as the walk reads it (MDX's node types are not in mdast's). */
interface MdxNode {
  type: string;
  value?: unknown;
  children?: MdxNode[];
  position?: { start: { line: number; column: number } };
}

/**
 * Whether a chapter's source may hold an MDX expression: a `{` that opens
 * no directive's attributes (`:claim[…]{#id}`) and is not escaped. Most
 * chapters have none, and their tree is not walked.
 * @param source the chapter's source.
 * @returns false when it certainly holds none.
 */
export function mayHoldExpressions(source: string): boolean {
  return /(?<![\]\\])\{/.test(source);
}

/** Names an expression may use without a definition in the chapter. */
const KNOWN = new Set([
  // Words of JavaScript.
  ...'await break case catch class const continue debugger default delete do else export extends false finally for function if import in instanceof let new null of return super switch this throw true try typeof var void while with yield async static get set undefined NaN Infinity arguments'.split(' '),
  // Its global objects and functions.
  ...'globalThis Math Date JSON Number String Boolean Array Object Symbol BigInt Map Set WeakMap WeakSet Promise RegExp Error TypeError RangeError Intl URL URLSearchParams console parseInt parseFloat isNaN isFinite encodeURIComponent decodeURIComponent encodeURI decodeURI structuredClone'.split(' '),
  // What MDX and Astro give a page.
  ...'props frontmatter components _components Astro Fragment'.split(' '),
]);

/**
 * Warnings for the MDX expressions of a chapter that use names it does not define.
 * @param root the chapter's tree (an MDX chapter's; a Markdown chapter has no expressions).
 * @param file the chapter file, as problems name it.
 * @returns one warning per such expression, in the chapter's order.
 */
export function undefinedExpressionNames(root: Root, file: string): Problem[] {
  const defined = new Set<string>();
  const expressions: Array<{ value: string; line: number; column: number }> = [];
  // A plain walk: unist-util-visit's tests cost more than the walk on a chapter's thousands of nodes.
  const stack: MdxNode[] = [root as unknown as MdxNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.children) for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index]!);
    if (typeof node.value !== 'string') continue;
    if (node.type === 'mdxjsEsm') for (const name of declaredNames(node.value)) defined.add(name);
    else if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
      expressions.push({ value: node.value, line: node.position?.start.line ?? 0, column: node.position?.start.column ?? 0 });
    }
  }
  const problems: Problem[] = [];
  for (const expression of expressions) {
    // JSX in braces may name components the page is given when it renders: left alone.
    if (expression.value.includes('<')) continue;
    const missing = freeNames(expression.value).filter((name) => !defined.has(name) && !KNOWN.has(name));
    if (missing.length === 0) continue;
    const shown = `{${expression.value}}`;
    const names = missing.map((name) => quote(name)).join(', ');
    problems.push(
      createProblem(
        'chapter/undefined-expression',
        { file, line: expression.line, column: expression.column },
        `${quote(shown)} is an MDX expression, which the page runs as JavaScript, and nothing in the chapter defines ${names}: the page fails to render ("${missing[0]} is not defined")`,
        `to show the braces as text, write \`\\{${expression.value}\\}\` or put the words in \`code\`; to show a value, define it in the chapter (export const ${missing[0]} = …)`,
      ),
    );
  }
  return problems;
}

/** The names an `import` or `export` statement defines. */
function declaredNames(esm: string): string[] {
  const names: string[] = [];
  const code = withoutStringsAndComments(esm);
  for (const match of code.matchAll(/\bimport\s+([\w$]+)?\s*,?\s*(?:\*\s*as\s+([\w$]+))?\s*(?:\{([^}]*)\})?\s*from\b/g)) {
    if (match[1]) names.push(match[1]);
    if (match[2]) names.push(match[2]);
    if (match[3]) names.push(...listedNames(match[3]));
  }
  for (const match of code.matchAll(/\bexport\s+(?:default\s+)?(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/g)) names.push(match[1]!);
  for (const match of code.matchAll(/\b(?:const|let|var)\s*[{[]([^}\]]*)[}\]]\s*=/g)) names.push(...listedNames(match[1]!));
  for (const match of code.matchAll(/\b(?:const|let|var|function\*?|class)\s+([\w$]+)/g)) names.push(match[1]!);
  return names;
}

/** `a, b as c, d: e` → the names bound: a, c, e. */
function listedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+|\s*:\s*/).at(-1)!.replace(/\s*=.*$/, '').replace(/^\.\.\./, '').trim())
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
}

/** The names an expression reads and does not bind itself (arrow and function parameters are bound). */
function freeNames(expression: string): string[] {
  const code = withoutStringsAndComments(expression);
  const bound = new Set<string>();
  for (const match of code.matchAll(/\(([^()]*)\)\s*=>|\bfunction\b[^(]*\(([^()]*)\)/g)) for (const name of listedNames(match[1] ?? match[2] ?? '')) bound.add(name);
  for (const match of code.matchAll(/([A-Za-z_$][\w$]*)\s*=>/g)) bound.add(match[1]!);
  const free: string[] = [];
  // A name read: not a property (`.x`, `?.x`), not an object's key (`x:` after `{` or `,`).
  for (const match of code.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)(?!\s*:(?!:))/g)) {
    const name = match[1]!;
    if (!bound.has(name) && !free.includes(name)) free.push(name);
  }
  return free;
}

/** The code with its string and template literals and comments blanked. */
function withoutStringsAndComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, ' ');
}
