/**
 * One sidecar (or `book.yaml`): YAML with positions, then its schema, with
 * every failure explained as a problem.
 */
import type { z } from 'zod';
import { loadYaml } from './yaml.js';
import { aliasProblems } from './yaml-aliases.js';
import { commentsInValues } from './yaml-comments.js';
import type { LoadedYaml } from './yaml.js';
import { capProblems, createProblem, type Locate, type Problem } from '../problems/problem.js';
import { sidecarSchemas } from '../schema/sidecars.js';
import type { SidecarKind } from '../schema/sidecars.js';
import { validateSchema } from '../schema/validate.js';

/** The validated content of each kind of file. */
export type SidecarData<K extends SidecarKind> = z.infer<(typeof sidecarSchemas)[K]>;

/** A loaded sidecar or `book.yaml`. */
export interface LoadedSidecar<T> {
  /** Path relative to the project root, POSIX separators. */
  file: string;
  /** The validated content with defaults applied; undefined when the file has errors. */
  data: T | undefined;
  /** Everything wrong with the file on its own (not yet checked against other files). */
  problems: Problem[];
  /** Where a field is written. */
  locate: Locate;
}

const emptyHints: Record<SidecarKind, string> = {
  book: 'write at least "title:" and "slug:"',
  claims: 'write "claims: []" until the chapter has claims, or delete the file',
  evidence: 'write "sources: []" and "evidence: []" until there is evidence, or delete the file',
  research: 'write an "objective:" for the research, or delete the file',
};

/**
 * Parse and validate the text of a sidecar or `book.yaml`.
 * @param kind which file it is: `book`, `claims`, `evidence` or `research`.
 * @param source the file's text (a BOM and CRLF line endings are fine).
 * @param file path used in problems, relative to the project root.
 * @returns the data or the problems, and a position lookup either way.
 */
export function loadSidecar<K extends SidecarKind>(kind: K, source: string, file: string): LoadedSidecar<SidecarData<K>> {
  let yaml = loadYaml(source, { file });
  // An anchor or alias is refused like a YAML error, before the schema: an edit of one entry would change, or break, the others.
  const shared = yaml.problems.length === 0 && !yaml.empty ? aliasProblems(source, file) : [];
  if (shared.length > 0) return { file, data: undefined, problems: capProblems(shared, file), locate: yaml.locate };
  let validated = validateYaml(kind, yaml, file, source);
  // Problems are reported as `yaml` reads the file, whichever parser read it first.
  if (validated.problems.length > 0 && yaml.fast) {
    yaml = loadYaml(source, { file, fast: false });
    validated = validateYaml(kind, yaml, file, source);
  }
  // Valid YAML whose values a ` #` cut short: warnings, not a reason to read the file again.
  const cut = yaml.problems.length === 0 ? commentsInValues(source, file) : [];
  const problems = cut.length > 0 ? [...validated.problems, ...cut] : validated.problems;
  return { file, data: validated.data, problems: capProblems(problems, file), locate: yaml.locate };
}

function validateYaml<K extends SidecarKind>(kind: K, yaml: LoadedYaml, file: string, text: string): { data: SidecarData<K> | undefined; problems: Problem[] } {
  if (yaml.problems.length > 0) return { data: undefined, problems: yaml.problems };
  if (yaml.empty) return { data: undefined, problems: [createProblem('yaml/empty-file', { file }, 'the file is empty', emptyHints[kind])] };
  const { data, problems } = validateSchema(sidecarSchemas[kind], yaml.value, { file, locate: yaml.locate, text });
  return { data: data as SidecarData<K> | undefined, problems };
}
