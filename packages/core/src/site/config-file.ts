/**
 * Finds and reads `research-pack.config.*`, the file beside
 * `astro.config.*` that the integration and the CLI both read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isNotFound } from '../load/books.js';
import { readTextFile } from '../load/read-file.js';
import { parseProjectConfig, type ProjectConfigInput } from './project-config.js';

/** The names the config file may have, in the order they are looked for. */
export const CONFIG_FILE_NAMES = ['research-pack.config.mjs', 'research-pack.config.js', 'research-pack.config.json'] as const;

/** A project configuration read from its file. */
export interface ProjectConfigFile {
  /** Absolute path of the file. */
  file: string;
  /** The validated settings as written. */
  config: ProjectConfigInput;
}

/**
 * The config file in a folder, if there is one.
 * @param dir the project root.
 * @returns its absolute path, or undefined.
 */
export function findConfigFile(dir: string): string | undefined {
  for (const name of CONFIG_FILE_NAMES) {
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch (error) {
      if (!isNotFound(error)) throw new Error(`Research Pack: cannot read ${file}`, { cause: error });
    }
  }
  return undefined;
}

/**
 * Read and validate the config file of a project: a module whose default
 * export is the settings (`.mjs`, `.js`), or a JSON object.
 * @param dir the project root.
 * @returns the file and its settings, or undefined when the project has none; throws with every problem of the file.
 */
export async function loadConfigFile(dir: string): Promise<ProjectConfigFile | undefined> {
  const file = findConfigFile(dir);
  if (!file) return undefined;
  const name = path.basename(file);
  let value: unknown;
  if (file.endsWith('.json')) {
    const read = readTextFile(file, { root: dir });
    if (read.status !== 'read') throw new Error(`Research Pack: ${name} ${read.status === 'refused' ? read.refusal.message : 'does not exist'}`);
    try {
      value = JSON.parse(read.text);
    } catch (error) {
      throw new Error(`Research Pack: ${name} is not valid JSON: ${jsonError((error as Error).message)}`, { cause: error });
    }
  } else {
    // The file's modification time busts Node's module cache, so the dev
    // server reads the file as it is now after a restart.
    const url = `${pathToFileURL(file).href}?mtime=${fs.statSync(file).mtimeMs}`;
    const module = (await import(/* @vite-ignore */ url)) as { default?: unknown };
    if (!('default' in module)) throw new Error(`Research Pack: ${name} has no default export; write \`export default { ... }\``);
    value = module.default;
  }
  return { file, config: parseProjectConfig(value, name) };
}

/**
 * A JSON parser's message without the excerpt of the file that V8 puts in
 * it (`Unexpected token 'r', "root:x:0:0"... is not valid JSON`): the file
 * is outside the books folder and may hold anything.
 */
function jsonError(message: string): string {
  const what = message.split(/,\s*"|\s+in JSON at position|\s+is not valid JSON/)[0]!;
  const where = /\(line (\d+) column (\d+)\)/.exec(message);
  const clause = what.charAt(0).toLowerCase() + what.slice(1);
  return where ? `${clause} at line ${where[1]}, column ${where[2]}` : clause;
}
