/**
 * Building the demo twice, from two copies of the same content with the same
 * SOURCE_DATE_EPOCH, gives byte-identical output: no build timestamps, no
 * absolute paths of the copy, no unstable ordering. The second build reads
 * the books on three threads (worker threads take chapters from a shared
 * queue), so the output also does not depend on how the model was built.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemo, listFiles, type SiteBuild } from './helpers/site-build.js';

describe('deterministic builds', () => {
  let first: SiteBuild;
  let second: SiteBuild;
  /** The hours the builds ran in, as ISO prefixes (`2026-11-29T22`). */
  const hours = new Set<string>();
  beforeAll(async () => {
    hours.add(new Date().toISOString().slice(0, 13));
    // One after the other: the builds share two cores with the rest of the suite.
    first = await buildDemo('determinism-a');
    second = await buildDemo('determinism-b', { env: { RESEARCH_PACK_THREADS: '3' } });
    hours.add(new Date().toISOString().slice(0, 13));
  });

  it('builds both copies', () => {
    expect(first.code, first.output).toBe(0);
    expect(second.code, second.output).toBe(0);
    expect(listFiles(first.dist).length).toBeGreaterThan(20);
  });

  it('writes the same files', () => {
    expect(listFiles(second.dist)).toEqual(listFiles(first.dist));
  });

  it('writes every file byte for byte the same', () => {
    const differing = listFiles(first.dist).filter((file) => {
      const a = readFileSync(path.join(first.dist, file));
      let b: Buffer;
      try {
        b = readFileSync(path.join(second.dist, file));
      } catch {
        return true;
      }
      return !a.equals(b);
    });
    expect(differing, `files that differ between two builds: ${differing.join(', ')}`).toEqual([]);
  });

  it('does not leak the path of the copy or the build time into any output', () => {
    for (const file of listFiles(first.dist).filter((name) => /\.(html|md|json|txt|xml|css|js)$/.test(name))) {
      const text = readFileSync(path.join(first.dist, file), 'utf8');
      expect(text.includes(first.dir), `${file} contains the absolute path of the build`).toBe(false);
      expect(text.includes('determinism-a'), `${file} contains the name of the copy`).toBe(false);
      for (const hour of hours) expect(text.includes(hour), `${file} contains the time of the build (${hour})`).toBe(false);
    }
  });
});
