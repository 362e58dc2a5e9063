/**
 * Two real `astro build`s of one project at the same time, sharing Astro's
 * cache folder (`node_modules/.astro/research-pack/`: the chapters' checks,
 * artifacts, pack pages and report rows), with different settings (another
 * `site`, `base` and `outDir`), as a site built for two hosts in one CI job
 * is. Each build prunes the artifact folders the other one uses, so each
 * round both build while the other removes what it kept. Two rounds, the
 * second started a second apart: both builds succeed every time and write
 * the same bytes as each built alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyDemo, runAstro, type RunResult } from './helpers/project.js';
import { listFiles, SOURCE_DATE_EPOCH } from './helpers/site-build.js';

const OTHER = 'astro.config.other.mjs';
/** A build, with when it started and ended. */
async function build(dir: string, other: boolean): Promise<RunResult & { started: number; ended: number }> {
  const started = Date.now();
  const result = await runAstro(dir, ['build', ...(other ? ['--config', OTHER] : [])], { SOURCE_DATE_EPOCH });
  return { ...result, started, ended: Date.now() };
}

/** Every file of a folder, with its bytes. */
function snapshotOf(dir: string): Map<string, Buffer> {
  return new Map(listFiles(dir).map((file) => [file, readFileSync(path.join(dir, file))]));
}

function expectSame(now: Map<string, Buffer>, alone: Map<string, Buffer>): void {
  expect([...now.keys()]).toEqual([...alone.keys()]);
  const differing = [...alone].filter(([file, bytes]) => !now.get(file)!.equals(bytes)).map(([file]) => file);
  expect(differing).toEqual([]);
}

describe('two builds at once, sharing the cache', () => {
  let dir: string;
  let alone: { site: Map<string, Buffer>; other: Map<string, Buffer> };
  const rounds: Array<{ site: Awaited<ReturnType<typeof build>>; other: Awaited<ReturnType<typeof build>> }> = [];
  const afterRound: Array<{ site: Map<string, Buffer>; other: Map<string, Buffer> }> = [];

  beforeAll(async () => {
    dir = await copyDemo('concurrent-builds');
    const config = readFileSync(path.join(dir, 'astro.config.mjs'), 'utf8');
    const other = config.replace("site: 'https://books.example.org',", "site: 'https://other.example.org/shelf',\n  base: '/shelf',\n  outDir: './dist-other',");
    if (other === config) throw new Error('astro.config.mjs no longer sets the site this test changes');
    writeFileSync(path.join(dir, OTHER), other);
    // Each alone first, one after the other.
    for (const other of [false, true]) {
      const result = await build(dir, other);
      expect(result.code, result.stderr).toBe(0);
    }
    alone = { site: snapshotOf(path.join(dir, 'dist')), other: snapshotOf(path.join(dir, 'dist-other')) };
    for (const delay of [0, 1000]) {
      const other = build(dir, true);
      await sleep(delay);
      const [site, otherResult] = await Promise.all([build(dir, false), other]);
      rounds.push({ site, other: otherResult });
      afterRound.push({ site: snapshotOf(path.join(dir, 'dist')), other: snapshotOf(path.join(dir, 'dist-other')) });
    }
  });

  it('builds each site with its own settings', () => {
    expect(alone.site.has('research/index.html')).toBe(true);
    expect(alone.other.get('research/report.json')!.toString()).toContain('https://other.example.org/shelf/');
    expect(alone.site.get('research/report.json')!.toString()).not.toContain('other.example.org');
  });

  it('succeeds in every round, both builds, while the other one runs', () => {
    expect(rounds).toHaveLength(2);
    for (const { site, other } of rounds) {
      expect(site.code, site.stderr).toBe(0);
      expect(other.code, other.stderr).toBe(0);
      // Each started before the other ended: they ran at the same time.
      expect(site.started).toBeLessThan(other.ended);
      expect(other.started).toBeLessThan(site.ended);
    }
  });

  it('writes the same bytes as each build alone', () => {
    expect(afterRound).toHaveLength(2);
    for (const round of afterRound) {
      expectSame(round.site, alone.site);
      expectSame(round.other, alone.other);
    }
  });
});
