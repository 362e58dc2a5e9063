/**
 * A static build copies the chapters' text artifacts into `dist/` while
 * Astro builds the pages (the kept ones at once, the ones the workers make
 * when they have made them all), not after them: an integration listed
 * before Research Pack, whose `astro:build:done` runs before Research
 * Pack's, finds every chapter's `brief.md`, `chapter-snapshot.txt`,
 * `report.md` and `pack.json` already there, in a cold build and in a
 * rebuild after a sidecar edit; the output is the same bytes as a build
 * without it, and an artifact is still written last where a file of
 * `public/` (which Astro copies in after them) has its path.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAstro } from './helpers/project.js';
import { buildDemo, listFiles, SOURCE_DATE_EPOCH, type SiteBuild } from './helpers/site-build.js';

const ARTIFACT = /^research\/books\/[^/]+\/[^/]+\/(brief\.md|chapter-snapshot\.txt|report\.md|pack\.json)$/;
const CLAIMS = 'content/books/pi/27-chapter.claims.yaml';
const RATIONALE = 'The format notes shipped with pi 1.6.0 describe sessions';

/**
 * The demo's config with a probe listed first: in astro:build:done it waits
 * (up to 20 s) for the files named in `probe-files.json` and records which
 * it found before Research Pack's own astro:build:done ran.
 */
function addProbe(dir: string): void {
  const file = path.join(dir, 'astro.config.mjs');
  const config = readFileSync(file, 'utf8');
  const probe = `{
  name: 'probe',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const { existsSync, readFileSync, writeFileSync } = await import('node:fs');
      const { fileURLToPath } = await import('node:url');
      const out = fileURLToPath(dir);
      let wanted = [];
      try { wanted = JSON.parse(readFileSync('probe-files.json', 'utf8')); } catch {}
      const missing = () => wanted.filter((name) => !existsSync(out + name));
      for (let waited = 0; waited < 20000 && missing().length > 0; waited += 100) await new Promise((done) => setTimeout(done, 100));
      writeFileSync('probe.json', JSON.stringify({ wanted, missing: missing() }));
    },
  },
}`;
  if (!config.includes('integrations: [mdx(), researchPack()]')) throw new Error('the demo config no longer lists its integrations as this test expects');
  writeFileSync(file, config.replace('integrations: [mdx(), researchPack()]', `integrations: [${probe}, mdx(), researchPack()]`));
}

function readProbe(dir: string): { wanted: string[]; missing: string[] } {
  return JSON.parse(readFileSync(path.join(dir, 'probe.json'), 'utf8')) as { wanted: string[]; missing: string[] };
}

describe('the kept artifacts, copied while the pages build', () => {
  let plain: SiteBuild;
  let probed: SiteBuild;
  let artifacts: string[];
  beforeAll(async () => {
    plain = await buildDemo('copy-ahead-plain');
    expect(plain.code, plain.output).toBe(0);
    artifacts = listFiles(plain.dist).filter((name) => ARTIFACT.test(name));
    expect(artifacts.length).toBeGreaterThanOrEqual(8);
    probed = await buildDemo('copy-ahead', {
      prepare: (dir) => {
        addProbe(dir);
        writeFileSync(path.join(dir, 'probe-files.json'), JSON.stringify(artifacts));
      },
    });
    expect(probed.code, probed.output).toBe(0);
  });

  it('are in dist/ before Research Pack\'s astro:build:done, in a cold build', () => {
    expect(readProbe(probed.dir)).toEqual({ wanted: artifacts, missing: [] });
  });

  it('are in dist/ before it in a rebuild after a sidecar edit, the same bytes as a build without the copies ahead', async () => {
    const claims = path.join(probed.dir, CLAIMS);
    const text = readFileSync(claims, 'utf8');
    if (!text.includes(RATIONALE)) throw new Error(`${CLAIMS} no longer has the rationale this test edits`);
    writeFileSync(claims, text.replace(RATIONALE, 'The format notes, read again, describe sessions'));
    const again = await runAstro(probed.dir, ['build'], { SOURCE_DATE_EPOCH });
    expect(again.code, again.stderr).toBe(0);
    expect(readProbe(probed.dir)).toEqual({ wanted: artifacts, missing: [] });
    expect(readFileSync(path.join(probed.dist, 'research/books/pi/27-chapter/brief.md'), 'utf8')).toContain('read again, describe sessions');
    // Against a build of the same edit without the probe (and so without waiting for the copies).
    const fresh = await buildDemo('copy-ahead-fresh', { prepare: (dir) => writeFileSync(path.join(dir, CLAIMS), readFileSync(claims)) });
    expect(fresh.code, fresh.output).toBe(0);
    expect(listFiles(probed.dist)).toEqual(listFiles(fresh.dist));
    for (const name of listFiles(fresh.dist)) expect(readFileSync(path.join(probed.dist, name)).equals(readFileSync(path.join(fresh.dist, name))), name).toBe(true);
  });

  it('are written last, as without the copies ahead, where a file of public/ has an artifact\'s path', async () => {
    const brief = 'research/books/pi/27-chapter/brief.md';
    const expected = readFileSync(path.join(probed.dist, brief));
    mkdirSync(path.join(probed.dir, 'public', path.dirname(brief)), { recursive: true });
    writeFileSync(path.join(probed.dir, 'public', brief), 'A file of public/ in the way\n');
    const again = await runAstro(probed.dir, ['build'], { SOURCE_DATE_EPOCH });
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(path.join(probed.dist, brief)).equals(expected)).toBe(true);
  });
});
