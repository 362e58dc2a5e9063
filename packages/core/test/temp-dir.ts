/**
 * Temporary folders for tests, removed after the test file that made them
 * (a run of the suite left over a thousand behind in the system's temp).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A new empty folder in the system's temp, removed after the test file.
 * @param prefix the start of its name.
 * @returns its path.
 */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
