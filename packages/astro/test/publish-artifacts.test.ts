/**
 * `publishArtifacts` with a cache that another build shares: two builds
 * with other settings (another `base`, another `outDir`) keep different
 * folders, and each prunes the folders it did not use. A kept file whose
 * folder the other build pruned is rendered instead (the same bytes), and a
 * folder the other build is writing now (`.tmp`) is left alone; one a
 * crashed build left an hour ago goes.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyAhead, publishArtifacts, type Artifact, type CopiedAhead } from '../src/artifacts.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function setUp(): Promise<{ outDir: string; cacheDir: string }> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rp-publish-'));
  const outDir = path.join(dir, 'dist');
  const cacheDir = path.join(dir, 'artifacts');
  await mkdir(outDir);
  await mkdir(cacheDir);
  return { outDir, cacheDir };
}

const artifact = (pathname: string, text: string): Artifact => ({ pathname, text: () => text });

describe('publishArtifacts', () => {
  it('copies kept files, and renders one whose folder another build pruned', async () => {
    const { outDir, cacheDir } = await setUp();
    await mkdir(path.join(cacheDir, 'kept'));
    await writeFile(path.join(cacheDir, 'kept', 'brief.md'), '# Kept brief\n');
    const artifacts = [artifact('/research/a/brief.md', '# Kept brief\n'), artifact('/research/b/brief.md', '# Rendered brief\n')];
    const cached = [
      { key: 'kept', files: [{ pathname: '/research/a/brief.md', file: path.join(cacheDir, 'kept', 'brief.md') }] },
      { key: 'pruned', files: [{ pathname: '/research/b/brief.md', file: path.join(cacheDir, 'pruned', 'brief.md') }] },
    ];
    await publishArtifacts(outDir, artifacts, cached, cacheDir);
    expect(await readFile(path.join(outDir, 'research/a/brief.md'), 'utf8')).toBe('# Kept brief\n');
    expect(await readFile(path.join(outDir, 'research/b/brief.md'), 'utf8')).toBe('# Rendered brief\n');
  });

  it('still fails for a kept file that is not an artifact of the build', async () => {
    const { outDir, cacheDir } = await setUp();
    const cached = [{ key: 'pruned', files: [{ pathname: '/research/b/brief.md', file: path.join(cacheDir, 'pruned', 'brief.md') }] }];
    await expect(publishArtifacts(outDir, [], cached, cacheDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('prunes unused folders and old leftovers, not a folder another build is writing', async () => {
    const { outDir, cacheDir } = await setUp();
    for (const name of ['used', 'unused', 'other.123.abc.tmp', 'crashed.9.xyz.tmp']) await mkdir(path.join(cacheDir, name));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(cacheDir, 'crashed.9.xyz.tmp'), twoHoursAgo, twoHoursAgo);
    await publishArtifacts(outDir, [], [{ key: 'used', files: [] }], cacheDir);
    expect((await readdir(cacheDir)).sort()).toEqual(['other.123.abc.tmp', 'used']);
  });

  it('leaves what was copied ahead, copies again one removed or written over since, and copies all into another folder', async () => {
    const { outDir, cacheDir } = await setUp();
    await mkdir(path.join(cacheDir, 'kept'));
    const names = ['brief.md', 'report.md', 'pack.json', 'chapter-snapshot.txt'];
    for (const name of names) await writeFile(path.join(cacheDir, 'kept', name), `# Kept ${name}\n`);
    const files = names.map((name) => ({ pathname: `/research/a/${name}`, file: path.join(cacheDir, 'kept', name) }));
    const cached = [{ key: 'kept', files }, { key: 'pruned', files: [{ pathname: '/research/b/brief.md', file: path.join(cacheDir, 'pruned', 'brief.md') }] }];
    const artifacts = [...names.map((name) => artifact(`/research/a/${name}`, `# Kept ${name}\n`)), artifact('/research/b/brief.md', '# Rendered\n')];
    // A file of public/ at an artifact's path is copied into dist/ by Astro after the copies ahead: that artifact is left to publishArtifacts.
    const publicDir = path.join(dir!, 'public');
    await mkdir(path.join(publicDir, 'research/a'), { recursive: true });
    await writeFile(path.join(publicDir, 'research/a/chapter-snapshot.txt'), 'public\n');
    const ahead: CopiedAhead = { outDir, publicDir, copies: new Map() };
    await copyAhead(outDir, cached, ahead);
    // The one whose folder is gone is left to publishArtifacts too.
    expect([...ahead.copies.keys()].sort()).toEqual(['/research/a/brief.md', '/research/a/pack.json', '/research/a/report.md']);
    // As Astro would: public/ copied in; then one copy removed, one written over in place (another size), one kept as copied.
    await writeFile(path.join(outDir, 'research/a/chapter-snapshot.txt'), 'public\n');
    await rm(path.join(outDir, 'research/a/report.md'));
    await writeFile(path.join(outDir, 'research/a/pack.json'), 'written over by another step\n');
    const brief = path.join(outDir, 'research/a/brief.md');
    const before = await stat(brief);
    await publishArtifacts(outDir, artifacts, cached, cacheDir, ahead);
    // Left as copied (not copied again: the same file, the same time).
    expect((await stat(brief)).mtimeMs).toBe(before.mtimeMs);
    for (const name of names) expect(await readFile(path.join(outDir, 'research/a', name), 'utf8'), name).toBe(`# Kept ${name}\n`);
    expect(await readFile(path.join(outDir, 'research/b/brief.md'), 'utf8')).toBe('# Rendered\n');
    // Into another output folder (an adapter's), everything is put there.
    const other = path.join(dir!, 'client');
    await publishArtifacts(other, artifacts, cached, cacheDir, ahead);
    for (const name of names) expect(await readFile(path.join(other, 'research/a', name), 'utf8'), name).toBe(`# Kept ${name}\n`);
  });
});
