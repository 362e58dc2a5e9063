/**
 * YAML with positions. Answers "where is `claims[2].verdict.status`?" so
 * that every problem can name a line and column.
 *
 * Two parsers, one meaning (YAML 1.2, core schema). `js-yaml` reads every
 * file first (`yaml-fast.ts`): it is about eight times faster than `yaml`,
 * and a book of 300 chapters carries megabytes of sidecars. `yaml`, whose
 * syntax tree has positions (`yaml-document.ts`), reads a file only when
 * something about it must be reported: a syntax error (it then also words
 * the message, `yaml-problems.ts`), a schema problem (read again so that
 * problems never depend on the parser), or a problem that needs a line and
 * column. A valid file is parsed once.
 */
import type { Locate, Position, Problem } from '../problems/problem.js';
import { createProblem, groupDigits } from '../problems/problem.js';
import { createLocator, lineLocator, parseWithPositions } from './yaml-document.js';
import { readFast, tooDeep } from './yaml-fast.js';
import { conversionProblem, deepProblem, documentProblems, isStackOverflow } from './yaml-problems.js';

/** A parsed YAML file. */
export interface LoadedYaml {
  /** The plain value; `undefined` when the file has errors, `null` when it is empty. */
  value: unknown;
  /** True when the file holds no document: empty, blank or only comments. */
  empty: boolean;
  /** YAML problems: syntax, duplicate keys, unsupported tags, size. */
  problems: Problem[];
  locate: Locate;
  /** True when the fast parser read the file; `yaml` will only read it if `locate` is called. */
  fast: boolean;
}

/** Options of `loadYaml`. */
export interface LoadYamlOptions {
  /** File path used in problems (relative to the project root). */
  file: string;
  /** Lines before the YAML in its file, e.g. 1 for frontmatter after `---`. */
  lineOffset?: number;
  /**
   * Longest accepted text, in UTF-16 code units. Default 1,000,000: fifty
   * times a large sidecar, and small enough that a file of nothing but
   * mistakes is still read in a second or two.
   */
  maxLength?: number;
  /**
   * Try the fast parser first (default true). Pass false to read with `yaml`
   * only, as `loadSidecar` does before reporting schema problems, so that
   * what is reported never depends on which parser read the file.
   */
  fast?: boolean;
}

/** The most characters a sidecar may have; a longer one is not read (`yaml/too-large`). */
export const MAX_YAML_LENGTH = 1_000_000;

/**
 * Parse YAML text with positions. Never throws: every failure is a problem.
 *
 * A byte order mark is accepted and dropped (positions are counted without
 * it, as editors do); CRLF and CR-only line endings are accepted. The YAML 1.2 core
 * schema is used, so `2024-05-01` stays a string and only `true`/`false` are
 * booleans.
 * @param source the file's text.
 * @param options file name for problems and a line offset for embedded YAML.
 * @returns the value, problems and a locator.
 */
export function loadYaml(source: string, options: LoadYamlOptions): LoadedYaml {
  const { file, lineOffset = 0, maxLength = MAX_YAML_LENGTH, fast: tryFast = true } = options;
  const withoutBom = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  // A lone CR is a line break to js-yaml but not to `yaml` (a comment would run to the end
  // of the file): as a line feed, one code unit for one, both parsers read the same lines.
  const text = withoutBom.includes('\r') ? withoutBom.replace(/\r(?!\n)/g, '\n') : withoutBom;
  // Lines are counted here rather than by yaml's LineCounter, which misses
  // line breaks while it recovers from an unclosed flow collection.
  // Counted on first use: a file without problems is never located.
  let lines: ((offset: number) => Position) | undefined;
  const at = (offset: number): Position => (lines ??= lineLocator(text, lineOffset))(offset);
  const unplaced = (problem: Problem): LoadedYaml => ({ value: undefined, empty: false, problems: [problem], locate: () => ({ line: 1 + lineOffset, column: 1 }), fast: false });

  if (text.length > maxLength) {
    return unplaced(
      createProblem(
        'yaml/too-large',
        { file },
        `the file has ${groupDigits(text.length)} characters; at most ${groupDigits(maxLength)} are read`,
        'move long text into a linked document, or split the chapter into two, each with its own sidecars',
      ),
    );
  }

  const fast = tryFast ? readFast(text) : undefined;
  if (fast) {
    let locator: Locate | undefined;
    const locate: Locate = (path, locateOptions) => {
      locator ??= createLocator(parseWithPositions(text), at, lineOffset);
      return locator(path, locateOptions);
    };
    return { value: fast.value, empty: false, problems: [], locate, fast: true };
  }

  const deep = tooDeep(text, lineOffset, file);
  if (deep) return unplaced(deep);

  const doc = parseWithPositions(text);
  const locate = createLocator(doc, at, lineOffset);

  // The depth guard reads the file with js-yaml, which stops at the first syntax
  // error; should `yaml` still run out of stack further on, say so without a position.
  if ([...doc.errors, ...doc.warnings].some((error) => isStackOverflow(error.message))) {
    return { value: undefined, empty: false, problems: [deepProblem(file)], locate, fast: false };
  }

  const problems = documentProblems(doc, text, { file, at });
  if (problems.length > 0) return { value: undefined, empty: false, problems, locate, fast: false };
  if (doc.contents === null) return { value: null, empty: true, problems, locate, fast: false };
  try {
    return { value: doc.toJS({ maxAliasCount: 100 }), empty: false, problems, locate, fast: false };
  } catch (error) {
    return { value: undefined, empty: false, problems: [conversionProblem(doc, error, { file, at })], locate, fast: false };
  }
}
