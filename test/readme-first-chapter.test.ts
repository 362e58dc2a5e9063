/**
 * The astro README's "Your first chapter" is what a new author copies: its
 * files, written where it says (on Starlight, and under content/books on a
 * plain site), pass `research-pack check`, and its commands do what it says
 * (a verdict given with the CLI records the wording, and the claim is then
 * not stale). When this fails, the README changes, or the product.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { repoRoot } from './helpers/project.js';

const run = promisify(execFile);
const readme = await readFile(path.join(repoRoot, 'packages/astro/README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Your first chapter'), readme.indexOf('## One config for the site and the CLI'));
/** Its files: code blocks with a `title="path"`. */
const files = [...section.matchAll(/```\w+ title="([^"]+)"\n([\s\S]*?)\n```/g)].map((match) => ({ file: match[1]!, text: `${match[2]!}\n` }));
/** Its `npx research-pack …` commands, as written. */
const commands = [...section.matchAll(/^npx research-pack (.+?)(?:\s{2,}#.*)?$/gm)].map((match) => match[1]!);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function project(starlight: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'research-pack-first-chapter-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'first-book', private: true, dependencies: starlight ? { '@astrojs/starlight': '*', astro: '*' } : { astro: '*' } }));
  for (const { file, text } of files) {
    const target = path.join(dir, starlight ? file : file.replace('src/content/docs/', 'content/books/'));
    await mkdir(path.dirname(target), { recursive: true });
    // As the README says for a plain site: `number` where Starlight's frontmatter gives `sidebar.order`.
    await writeFile(target, starlight ? text : text.replace(/^sidebar:\n {2}order: (\d+).*$/m, 'number: $1'));
  }
  return dir;
}

async function cli(dir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repoRoot, 'packages/cli/bin/research-pack.js'), ...args, '--as-of', '2026-12-05'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the astro README\'s first chapter', () => {
  it('has a book, a chapter and its two sidecars, and the commands that take them on', () => {
    expect(files.map(({ file }) => file)).toEqual([
      'src/content/docs/wal/book.yaml',
      'src/content/docs/wal/01-how-wal-works.md',
      'src/content/docs/wal/01-how-wal-works.claims.yaml',
      'src/content/docs/wal/01-how-wal-works.evidence.yaml',
    ]);
    expect(commands[0]).toBe('check');
    expect(commands[1]).toMatch(/^verdict readers-writers supported --rationale "/);
  });

  for (const starlight of [true, false]) {
    it(`passes check ${starlight ? 'on Starlight' : 'on a plain Astro site'}, and a verdict given as it says is recorded on the current wording`, async () => {
      const dir = await project(starlight);
      const books = starlight ? 'src/content/docs' : 'content/books';
      expect(await cli(dir, ['check'])).toEqual({ code: 0, stdout: `No problems in ${books}.\n`, stderr: '' });
      const verdict = commands[1]!.match(/"[^"]*"|\S+/g)!.map((word) => word.replace(/^"|"$/g, ''));
      // As written: it names who decides, so it needs no git config.
      const given = await cli(dir, verdict);
      expect(given.code, given.stderr).toBe(0);
      expect(given.stdout).toContain('claim "readers-writers" of wal/01-how-wal-works is supported, by Your Name on 2026-12-05');
      const claims = parseYaml(await readFile(path.join(dir, books, 'wal/01-how-wal-works.claims.yaml'), 'utf8')) as { claims: Array<{ id: string; verdict: Record<string, string> }> };
      expect(claims.claims.find((claim) => claim.id === 'readers-writers')!.verdict).toMatchObject({ status: 'supported', textHash: expect.stringMatching(/^[0-9a-f]{16}$/), text: 'Readers do not block writers, and a writer does not block readers.' });
      // Recorded on its wording: no note of a stale verdict.
      expect(await cli(dir, ['check'])).toEqual({ code: 0, stdout: `No problems in ${books}.\n`, stderr: '' });
      const brief = await cli(dir, ['brief', 'wal/01-how-wal-works']);
      expect(brief.code, brief.stderr).toBe(0);
      expect(brief.stdout).toContain('changes are appended to a separate write-ahead log');
    });
  }
});
