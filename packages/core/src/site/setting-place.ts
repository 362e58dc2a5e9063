/**
 * Where a setting is written in a project's config files, so that a problem
 * of the site layout (two research packs with one URL) can point at the
 * pattern to change rather than at a chapter that did nothing wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import { location } from 'vfile-location';
import { isNotFound } from '../load/books.js';
import { CONFIG_FILE_NAMES } from './config-file.js';

/** The names Astro's config file may have. */
export const ASTRO_CONFIG_NAMES = ['astro.config.mjs', 'astro.config.js', 'astro.config.ts', 'astro.config.mts', 'astro.config.cjs', 'astro.config.cts'] as const;

/** A place in a config file: its path relative to the project root, and a 1-based line and column. */
export interface SettingPlace {
  file: string;
  line: number;
  column: number;
}

/**
 * Where a setting's value is written as a string literal: in
 * `research-pack.config.*` first (what the CLI reads too), then in
 * `astro.config.*` (options passed to the integration).
 * @param rootDir the project root.
 * @param value the value as configured, e.g. `/research/[chapter]/`.
 * @returns the place of its opening quote, or undefined when no config file spells it out.
 */
export function findSettingValue(rootDir: string, value: string): SettingPlace | undefined {
  for (const name of [...CONFIG_FILE_NAMES, ...ASTRO_CONFIG_NAMES]) {
    const text = readOptional(path.join(rootDir, name));
    if (text === undefined) continue;
    const offsets = ["'", '"', '`'].map((mark) => text.indexOf(`${mark}${value}${mark}`)).filter((offset) => offset >= 0);
    if (offsets.length === 0) continue;
    const point = location(text).toPoint(Math.min(...offsets));
    if (point) return { file: name, line: point.line, column: point.column };
  }
  return undefined;
}

/** A file's text; undefined when it does not exist. */
function readOptional(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw new Error(`Research Pack: cannot read ${file}`, { cause: error });
  }
}
