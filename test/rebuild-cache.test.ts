/**
 * A build keeps each chapter's annotations, popovers, pack page and text
 * artifacts in Astro's cache folder, by a digest of everything they are
 * made from. A rebuild after a sidecar edit must show the edit, reuse the
 * rest, and write the same bytes as a build without the cache; a kept file
 * that cannot be read is made again. The status report's table rows are
 * kept too (in one file beside the chapters' folders), and so are its
 * pages' parts of each chapter (in another). The output holds
 * copies of the kept files: a tool that rewrites one in `dist/` in place
 * leaves the cache as it was.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize } from 'node:v8';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAstro } from './helpers/project.js';
import { buildDemo, listFiles, SOURCE_DATE_EPOCH, type SiteBuild } from './helpers/site-build.js';

const CLAIMS = 'content/books/pi/27-chapter.claims.yaml';
const ROWS = 'node_modules/.astro/research-pack/status-report-rows.json';
const PARTS = 'node_modules/.astro/research-pack/status-report-parts.json';
const RATIONALE = 'The format notes shipped with pi 1.6.0 describe sessions';
const EDITED = 'The format notes, read again for this rebuild, describe sessions';

/** The rationale of `one-object-per-line`, edited: it shows in the claim's popover, the pack page and the brief. */
function editRationale(dir: string): void {
  const file = path.join(dir, CLAIMS);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(RATIONALE)) throw new Error(`${CLAIMS} no longer has the rationale this test edits`);
  writeFileSync(file, text.replace(RATIONALE, EDITED));
}

/** The kept files of each chapter: one folder per digest under the copy's cache. */
function keptFolders(dir: string): string[] {
  const artifacts = path.join(dir, 'node_modules/.astro/research-pack/artifacts');
  return readdirSync(artifacts).map((name) => path.join(artifacts, name));
}

const rebuild = (dir: string) => runAstro(dir, ['build'], { SOURCE_DATE_EPOCH });

function sameOutput(a: string, b: string): void {
  expect(listFiles(a)).toEqual(listFiles(b));
  for (const file of listFiles(a)) expect(readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file))), file).toBe(true);
}

describe('rebuilds from the cache', () => {
  let cached: SiteBuild;
  let fresh: SiteBuild;
  let before: string[];
  let keptFiles: string[][];
  beforeAll(async () => {
    cached = await buildDemo('rebuild-cache');
    expect(cached.code, cached.output).toBe(0);
    before = keptFolders(cached.dir);
    keptFiles = before.map((folder) => readdirSync(folder).sort());
    editRationale(cached.dir);
    const again = await rebuild(cached.dir);
    expect(again.code, again.stderr).toBe(0);
    fresh = await buildDemo('rebuild-cache-fresh', { prepare: editRationale });
    expect(fresh.code, fresh.output).toBe(0);
  });

  it('keeps every chapter\'s pages with its artifacts, and makes the edited chapter\'s again', () => {
    // One folder per chapter.
    expect(before).toHaveLength(listFiles(cached.dist).filter((file) => file.endsWith('/pack.json')).length);
    expect(before.length).toBeGreaterThan(1);
    for (const files of keptFiles) expect(files).toEqual(['brief.md', 'chapter-snapshot.txt', 'derived.v8', 'pack.json', 'report.md']);
    // The status report's table rows, and its pages' parts (a chart per chapter), are kept beside them.
    expect(Object.keys((JSON.parse(readFileSync(path.join(cached.dir, ROWS), 'utf8')) as { rows: object }).rows).length).toBeGreaterThan(0);
    const parts = Object.keys((JSON.parse(readFileSync(path.join(cached.dir, PARTS), 'utf8')) as { rows: object }).rows);
    expect(parts.filter((key) => key.startsWith('chart:'))).toHaveLength(before.length);
    const after = keptFolders(cached.dir);
    // One chapter's digest changed; the others' folders are the ones the first build wrote.
    expect(after.filter((folder) => !before.includes(folder))).toHaveLength(1);
    expect(before.filter((folder) => !after.includes(folder))).toHaveLength(1);
    for (const page of ['books/pi/27-chapter/index.html', 'research/books/pi/27-chapter/index.html', 'research/books/pi/27-chapter/brief.md']) {
      expect(readFileSync(path.join(cached.dist, page), 'utf8'), page).toContain('read again for this rebuild');
    }
  });

  it('writes the same bytes as a build without the cache', () => {
    sameOutput(cached.dist, fresh.dist);
  });

  it('makes a kept file that cannot be read again, with the same bytes', async () => {
    const folders = keptFolders(cached.dir);
    // A file cut short, and one whose bytes were changed after it was written (its digest no longer matches).
    for (const folder of folders.slice(0, 1)) writeFileSync(path.join(folder, 'derived.v8'), readFileSync(path.join(folder, 'derived.v8')).subarray(0, 100));
    for (const folder of folders.slice(1)) {
      const bytes = readFileSync(path.join(folder, 'derived.v8'));
      bytes[bytes.length >> 1]! ^= 1;
      writeFileSync(path.join(folder, 'derived.v8'), bytes);
    }
    writeFileSync(path.join(cached.dir, ROWS), '{"version": ');
    writeFileSync(path.join(cached.dir, PARTS), '{"version": ');
    const again = await rebuild(cached.dir);
    expect(again.code, again.stderr).toBe(0);
    sameOutput(cached.dist, fresh.dist);
    for (const folder of keptFolders(cached.dir)) {
      const kept = deserialize(readFileSync(path.join(folder, 'derived.v8'))) as { annotations: Uint8Array; pages: Uint8Array };
      expect(typeof (deserialize(kept.pages) as { popoversHtml: unknown }).popoversHtml, folder).toBe('string');
      expect(Array.isArray((deserialize(kept.annotations) as { claims: unknown }).claims), folder).toBe(true);
    }
  });

  it('copies the kept artifacts: one rewritten in the output in place leaves the cache and the next build as they were', async () => {
    const brief = path.join(cached.dist, 'research/books/pi/27-chapter/brief.md');
    const original = readFileSync(brief);
    const kept = keptFolders(cached.dir).map((folder) => path.join(folder, 'brief.md'));
    // Not the cache's file (a hard link would make every later build, and every earlier dist, share it).
    for (const file of kept) expect(statSync(file).ino, file).not.toBe(statSync(brief).ino);
    const before = kept.map((file) => readFileSync(file));
    // Written in place, as a minifier or a post-processor does.
    writeFileSync(brief, `${original.toString('utf8')}\nappended in place\n`);
    expect(kept.map((file) => readFileSync(file))).toEqual(before);
    const again = await rebuild(cached.dir);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(brief).equals(original)).toBe(true);
    sameOutput(cached.dist, fresh.dist);
  });
});
