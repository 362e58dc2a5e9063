/**
 * A chapter's frontmatter: the YAML between the opening and closing `---`
 * lines, validated with positions that count from the top of the chapter file.
 */
import { loadYaml } from './yaml.js';
import { commentsInValues } from './yaml-comments.js';
import type { LoadedYaml } from './yaml.js';
import { capProblems, createProblem, type Locate, type Problem } from '../problems/problem.js';
import { ChapterFrontmatterSchema, HostChapterFrontmatterSchema } from '../schema/sidecars.js';
import type { ChapterFrontmatter } from '../schema/sidecars.js';
import { validateSchema } from '../schema/validate.js';

/** A chapter's loaded frontmatter. */
export interface LoadedFrontmatter {
  /** The validated frontmatter; undefined when it has errors or is missing. */
  data: ChapterFrontmatter | undefined;
  problems: Problem[];
  /** Where a frontmatter field is written, in chapter-file coordinates. */
  locate: Locate;
}

/**
 * How a chapter's frontmatter is read: `strict` (the default) refuses any key
 * but `title`, `number` and `summary`; `host` lets the site's own schema own
 * the page (Starlight's `description`, `sidebar`, ...), see
 * `HostChapterFrontmatterSchema`.
 */
export type FrontmatterMode = 'strict' | 'host';

/** Options of `loadFrontmatter`. */
export interface LoadFrontmatterOptions {
  /** Default `strict`. */
  mode?: FrontmatterMode | undefined;
}

const example = 'start the file with "---", then "title: ..." and "number: ..." lines, then "---"';

/**
 * Read and validate the `---` frontmatter block at the top of a chapter.
 * @param source the chapter's text (a BOM and CRLF line endings are fine).
 * @param file path used in problems, relative to the project root.
 * @param options how the keys are read.
 * @returns the frontmatter or the problems.
 */
export function loadFrontmatter(source: string, file: string, options: LoadFrontmatterOptions = {}): LoadedFrontmatter {
  const mode = options.mode ?? 'strict';
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const top = () => ({ line: 1, column: 1 });
  const open = /^---[ \t]*(?:\r\n|\r|\n)/.exec(text);
  if (!open) {
    const toml = /^\+\+\+[ \t]*(?:\r\n|\r|\n)/.test(text);
    const problem = toml
      ? createProblem('chapter/missing-frontmatter', { file, line: 1, column: 1 }, 'the frontmatter is TOML ("+++"); chapters have YAML frontmatter', `write it as YAML: ${example}`)
      : text.trim() === ''
        ? createProblem('chapter/missing-frontmatter', { file, line: 1, column: 1 }, 'the chapter file is empty', `${example}, and the chapter's prose after it; or delete the file and its sidecars`)
        : createProblem('chapter/missing-frontmatter', { file, line: 1, column: 1 }, 'the chapter has no frontmatter', example);
    return { data: undefined, problems: [problem], locate: top };
  }
  const rest = text.slice(open[0].length);
  const close = /^---[ \t]*$/m.exec(rest);
  if (!close) {
    const problem = createProblem(
      'chapter/unclosed-frontmatter',
      { file, line: 1, column: 1 },
      'the frontmatter has no closing "---" line',
      'end the frontmatter with a line containing only "---"',
    );
    return { data: undefined, problems: [problem], locate: top };
  }
  const block = rest.slice(0, close.index);
  const yaml = loadYaml(block, { file, lineOffset: 1 });
  const first = validateBlock(yaml, file, mode, block);
  // Problems are reported as `yaml` reads the block, whichever parser read it first.
  const result = first.problems.length > 0 && yaml.fast ? validateBlock(loadYaml(block, { file, lineOffset: 1, fast: false }), file, mode, block) : first;
  // A summary cut short by " #" (an outside author's finding: the pack showed the half before it).
  const cut = yaml.problems.length === 0 ? commentsInValues(block, file, 1) : [];
  return cut.length > 0 ? { ...result, problems: [...result.problems, ...cut] } : result;
}

function validateBlock(yaml: LoadedYaml, file: string, mode: FrontmatterMode, text: string): LoadedFrontmatter {
  const { locate } = yaml;
  // The block as the chapter file's lines: `locate` counts the opening `---` line.
  const inFile = `\n${text}`;
  if (yaml.problems.length > 0) return { data: undefined, problems: capProblems(yaml.problems, file), locate };
  // An empty block is still an object: its missing keys are the useful message.
  const value = yaml.empty ? {} : yaml.value;
  const { data, problems } = mode === 'host' ? validateSchema(HostChapterFrontmatterSchema, value, { file, locate, text: inFile }) : validateSchema(ChapterFrontmatterSchema, value, { file, locate, text: inFile });
  return { data, problems: capProblems(problems, file), locate };
}
