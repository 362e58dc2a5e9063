/**
 * The sources lock as a file: read with positions like a sidecar (a
 * malformed lock is a positioned error), and written deterministically (the
 * same entries give the same bytes: entries sorted, keys in schema order,
 * two-space JSON and a final newline).
 */
import path from 'node:path';
import type { z } from 'zod';
import { readBookFile } from '../load/book-files.js';
import { relativePath } from '../load/paths.js';
import { loadYaml } from '../load/yaml.js';
import { capProblems, createProblem, formatPath, groupDigits, quote, type Locate, type Position, type Problem } from '../problems/problem.js';
import { SOURCES_LOCK_VERSION, SourcesLockSchema, type SourcesLock } from '../schema/sources-lock.js';
import { validateSchema } from '../schema/validate.js';
import { byCodePoint } from './keys.js';

/** The lock's file name, in the book's folder beside `book.yaml`. */
export const SOURCES_LOCK_FILE = 'sources.lock.json';

/** The longest lock read, in UTF-16 code units: about 100,000 entries. */
export const MAX_LOCK_LENGTH = 50_000_000;

/** The largest lock file read, in bytes (64 MiB): room for `MAX_LOCK_LENGTH` characters of JSON. */
export const MAX_LOCK_BYTES = 64 * 1024 * 1024;

/** A loaded sources lock. */
export interface LoadedSourcesLock {
  /** Path relative to the project root, POSIX separators. */
  file: string;
  /** The validated lock; undefined when the file has errors. */
  lock: SourcesLock | undefined;
  /** Everything wrong with the file. */
  problems: Problem[];
  /** Where a field is written. */
  locate: Locate;
}

const REFRESH_HINT = 'the file is written by `research-pack sources refresh`: restore it from version control, or delete it and run the refresh again';

/**
 * A lock with no entries.
 * @returns `{ version: 1, urls: [], dois: [], arxiv: [] }`.
 */
export function emptySourcesLock(): SourcesLock {
  return { version: SOURCES_LOCK_VERSION, urls: [], dois: [], arxiv: [] };
}

/**
 * Parse and validate the text of a sources lock. Strict JSON (no comments,
 * no trailing commas); duplicate keys and duplicate entries are errors.
 * @param source the file's text (a BOM is fine).
 * @param file path used in problems, relative to the project root.
 * @returns the lock or the problems, and a position lookup either way.
 */
export function loadSourcesLock(source: string, file: string): LoadedSourcesLock {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const whole: Locate = () => ({ line: 1, column: 1 });
  if (text.length > MAX_LOCK_LENGTH) {
    const problem = createProblem('lock/too-large', { file }, `the file has ${groupDigits(text.length)} characters; at most ${groupDigits(MAX_LOCK_LENGTH)} are read`, REFRESH_HINT);
    return { file, lock: undefined, problems: [problem], locate: whole };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { file, lock: undefined, problems: [syntaxProblem(text, file, error)], locate: whole };
  }
  // JSON is YAML: the YAML reader finds duplicate keys (JSON.parse keeps the last) and positions.
  const yaml = loadYaml(text, { file, maxLength: MAX_LOCK_LENGTH });
  if (yaml.problems.length > 0) return { file, lock: undefined, problems: capProblems(yaml.problems, file), locate: yaml.locate };
  const validated = validateSchema(SourcesLockSchema, value, { file, locate: yaml.locate, text });
  const problems = validated.data ? duplicateEntries(validated.data, file, yaml.locate) : validated.problems;
  return { file, lock: problems.length === 0 ? validated.data : undefined, problems: capProblems(problems, file), locate: yaml.locate };
}

/**
 * Read a book's sources lock, if it has one.
 * @param rootDir the project root; the file's path in problems is relative to it.
 * @param bookDir the book's folder (absolute, or relative to the working directory).
 * @returns the loaded lock; undefined when the book has none.
 */
export function readSourcesLock(rootDir: string, bookDir: string): LoadedSourcesLock | undefined {
  const absolute = path.join(bookDir, SOURCES_LOCK_FILE);
  const file = relativePath(rootDir, absolute);
  const read = readBookFile(rootDir, absolute, { maxBytes: MAX_LOCK_BYTES });
  if (read.status === 'absent') return undefined;
  if (read.status === 'refused') return { file, lock: undefined, problems: [read.problem], locate: () => ({ line: 0, column: 0 }) };
  return loadSourcesLock(read.text, file);
}

/**
 * The text of a sources lock as `sources refresh` writes it: entries sorted
 * (URLs, DOIs, arXiv ids, archive dates by code point), keys in the
 * schema's order, empty lists left out below the top level, two-space JSON,
 * a final newline.
 * @param lock the lock.
 * @returns the file's text.
 */
export function renderSourcesLock(lock: SourcesLock): string {
  const sorted: SourcesLock = {
    version: lock.version,
    urls: [...lock.urls].sort((a, b) => byCodePoint(a.url, b.url)).map((entry) => ({ ...entry, archives: [...entry.archives].sort((a, b) => byCodePoint(a.near, b.near)) })),
    dois: [...lock.dois].sort((a, b) => byCodePoint(a.doi, b.doi)),
    arxiv: [...lock.arxiv].sort((a, b) => byCodePoint(a.id, b.id)),
  };
  return `${JSON.stringify(ordered(SourcesLockSchema, sorted, 0), null, 2)}\n`;
}

/** A value rebuilt with object keys in the schema's order, `undefined` dropped, empty defaulted lists dropped below the top. */
function ordered(schema: z.core.$ZodType, value: unknown, depth: number): unknown {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; shape?: Record<string, z.core.$ZodType>; element?: z.core.$ZodType };
  if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) return ordered(def.innerType, value, depth);
  if (def.type === 'array' && def.element && Array.isArray(value)) return value.map((item) => ordered(def.element!, item, depth + 1));
  if (def.type === 'object' && def.shape && value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(def.shape)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || (depth > 0 && Array.isArray(item) && item.length === 0)) continue;
      out[key] = ordered(field, item, depth + 1);
    }
    return out;
  }
  return value;
}

/** The problem of text that is not JSON, at the position V8 names. */
function syntaxProblem(text: string, file: string, error: unknown): Problem {
  const message = error instanceof Error ? error.message : String(error);
  if (text.trim() === '') return createProblem('lock/syntax', { file }, 'the file is empty', REFRESH_HINT);
  const at = /\(line (\d+) column (\d+)\)/.exec(message);
  const offset = /at position (\d+)/.exec(message);
  const place: Partial<Position> = at ? { line: Number(at[1]), column: Number(at[2]) } : offset ? positionOf(text, Number(offset[1])) : positionOf(text, text.length);
  const reason = message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/\s*at position \d+/, '').replace(/^Unexpected end of JSON input$/, 'the JSON ends too early');
  return createProblem('lock/syntax', { file, ...place }, `the sources lock is not valid JSON: ${reason}`, REFRESH_HINT);
}

/** The 1-based line and column of an offset. */
function positionOf(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split(/\r\n|\r|\n/).length;
  return { line, column: offset - Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) };
}

/** The same URL, DOI, arXiv id or archive date listed twice. */
function duplicateEntries(lock: SourcesLock, file: string, locate: Locate): Problem[] {
  const problems: Problem[] = [];
  const check = (what: string, keys: readonly string[], at: (index: number) => readonly PropertyKey[]) => {
    const first = new Map<string, number>();
    keys.forEach((key, index) => {
      const earlier = first.get(key);
      if (earlier === undefined) {
        first.set(key, index);
        return;
      }
      const path = at(index);
      problems.push(
        createProblem(
          'lock/duplicate-entry',
          { file, path: formatPath(path), ...locate(path) },
          `${what} ${quote(key)} is listed twice (first at ${formatPath(at(earlier))})`,
          `keep one entry; ${REFRESH_HINT}`,
        ),
      );
    });
  };
  check('the URL', lock.urls.map((entry) => entry.url), (index) => ['urls', index, 'url']);
  check('the DOI', lock.dois.map((entry) => entry.doi), (index) => ['dois', index, 'doi']);
  check('the arXiv id', lock.arxiv.map((entry) => entry.id), (index) => ['arxiv', index, 'id']);
  lock.urls.forEach((entry, url) => check('an archive near', entry.archives.map((archive) => archive.near), (index) => ['urls', url, 'archives', index, 'near']));
  return problems;
}
