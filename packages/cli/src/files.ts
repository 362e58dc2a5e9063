/**
 * Reading and writing files: "not found" is the user's mistake (exit 2),
 * anything else is rethrown with its cause. Writes are atomic: a temporary
 * file in the same folder, then a rename.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from './io.js';

/**
 * Read a UTF-8 file the user named.
 * @param file absolute path.
 * @param shown the path as the user wrote it.
 * @returns its text; throws a usage error when it does not exist.
 */
export async function readText(file: string, shown: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`no such file: ${shown}`);
    if (code === 'EISDIR') throw new CliError(`${shown} is a folder, not a file`);
    throw new Error(`research-pack: cannot read ${file}`, { cause: error });
  }
}

/**
 * Read a file that may not exist.
 * @param file absolute path.
 * @returns its text, or undefined when it does not exist.
 */
export async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`research-pack: cannot read ${file}`, { cause: error });
  }
}

/**
 * Replace a file atomically: readers see the old text or the new, never half.
 * The temporary file starts with a dot, so the book loader skips it if a crash leaves it behind.
 * @param file absolute path.
 * @param text the new content.
 */
export async function writeAtomic(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new Error(`research-pack: cannot write ${file}`, { cause: error });
  }
}
