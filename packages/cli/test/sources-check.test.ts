/**
 * `check --sources` and the edges of `sources refresh`: `--max-age`,
 * `--offline`, a chapter's scope, usage errors, a malformed lock, a TLS
 * error, and an interrupted refresh (the real binary, killed midway).
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import type { Io } from '../src/io.js';
import { copySourcesBook, startSourceServer, type SourceServer } from '../../../test/helpers/source-server.js';
import { bin, removeProject, runCli } from './helpers.js';

let server: SourceServer;
let root: string;
const lockPath = () => path.join(root, 'content/books/web/sources.lock.json');

async function run(args: string[], now = '2026-11-30T10:00:00Z', cwd = root) {
  let stdout = '';
  let stderr = '';
  const io: Io = { cwd, env: {}, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), now: () => new Date(now) };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

beforeAll(async () => {
  server = await startSourceServer();
  root = await copySourcesBook(server.origin);
  expect((await run(['sources', 'refresh', ...server.refreshArgs, '--as-of', '2026-12-01'])).code).toBe(0);
});
afterAll(async () => {
  await removeProject(root);
  await server.close();
});

describe('check --sources', () => {
  it('lists every dead link, change and mismatch at the end, and exits 0 unless asked', async () => {
    const result = await run(['check', '--sources', '--as-of', '2026-12-01']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('No problems in the sidecars of content/books; the sources:\n');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toMatch(/^content\/books\/web\/01-links\.evidence\.yaml:14:10  sources\[2\]\.url  warning: the link "http:\/\/127\.0\.0\.1:\d+\/gone-404" is dead since 2026-11-30: HTTP 404  \(hint: an archived copy from 2026-01-08 is at .+\)  \[source\/dead-link\]$/);
    expect(lines.at(-1)).toBe(
      'Sources: 4 dead, 1 changed, 1 metadata mismatch, 3 unreachable to review; 15 of 16 sources checked, 1 with no URL, DOI or arXiv id (from content/books/web/sources.lock.json).',
    );
  });

  it('exits 1 with --fail-on for a category found, and shows those findings as errors', async () => {
    const dead = await run(['check', '--sources', '--fail-on', 'dead', '--as-of', '2026-12-01']);
    expect(dead.code).toBe(1);
    expect(dead.stderr).toMatch(/sources\[2\]\.url  the link "[^"]+\/gone-404" is dead since/);
    expect(dead.stderr).toMatch(/sources\[4\]\.url  warning: "[^"]+\/busy" could not be checked/);
    expect(dead.stderr.trimEnd().split('\n').at(-1)).toMatch(/; failing on dead\.$/);
    expect((await run(['check', '--sources', '--fail-on', 'metadata,changed', '--as-of', '2026-12-01'])).code).toBe(1);
    const json = await run(['check', '--sources', '--fail-on', 'unreachable', '--format', 'json', '--as-of', '2026-12-01']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { errors: number; sources: { counts: Record<string, number>; failed: boolean; failOn: string[]; problems: Array<{ rule: string; severity: string; line: number }> } };
    expect(report.errors).toBe(0);
    expect(report.sources.counts).toEqual({ dead: 4, changed: 1, metadata: 1, unreachable: 3 });
    expect(report.sources.failOn).toEqual(['unreachable']);
    expect(report.sources.problems.filter((problem) => problem.severity === 'error').map((problem) => problem.rule)).toEqual(['source/unreachable', 'source/unreachable', 'source/unreachable']);
    const github = await run(['check', '--sources', '--format', 'github', '--as-of', '2026-12-01']);
    expect(github.code).toBe(0);
    expect(github.stdout).toMatch(/^::warning file=content\/books\/web\/01-links\.evidence\.yaml,line=14,col=10,title=Research Pack%3A source\/dead-link::sources\[2\]\.url: the link/m);
    // The count line counts the annotations above it, the sources' findings too.
    const failing = await run(['check', '--sources', '--fail-on', 'dead', '--format', 'github', '--as-of', '2026-12-01']);
    const annotations = failing.stdout.split('\n').filter((line) => line.startsWith('::'));
    const count = (level: string) => annotations.filter((line) => line.startsWith(`::${level} `)).length;
    expect(count('error')).toBe(4);
    expect(failing.stdout).toContain(`\n${count('error')} error(s), ${count('warning')} warning(s) in content/books\n`);
  });

  it('refuses --fail-on without --sources, and unknown categories', async () => {
    const alone = await run(['check', '--fail-on', 'dead']);
    expect(alone).toMatchObject({ code: 2, stderr: expect.stringContaining('research-pack check: --fail-on needs --sources') });
    const unknown = await run(['check', '--sources', '--fail-on', 'dead,gone']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--fail-on takes a comma-separated list of dead, changed, metadata, unreachable; got "dead,gone"');
  });

  it('says "never checked" for a book without a lock, and keeps plain check unchanged', async () => {
    const fresh = await copySourcesBook(server.origin);
    try {
      const result = await run(['check', '--sources', '--as-of', '2026-12-01'], undefined, fresh);
      expect(result).toEqual({
        code: 0,
        stdout: 'No problems in content/books.\nSources: nothing to review; 0 of 16 sources checked, 15 never checked, 1 with no URL, DOI or arXiv id (no sources lock; no lock for web (run `research-pack sources refresh`)).\n',
        stderr: '',
      });
      expect(await run(['check', '--as-of', '2026-12-01'], undefined, fresh)).toEqual({ code: 0, stdout: 'No problems in content/books.\n', stderr: '' });
    } finally {
      await removeProject(fresh);
    }
  });
});

describe('sources refresh', () => {
  it('leaves fresh entries alone with --max-age and tries failures again', async () => {
    const before = server.requests.length;
    const result = await run(['sources', 'refresh', ...server.refreshArgs, '--max-age', '1d', '--as-of', '2026-12-01'], '2026-11-30T12:00:00Z');
    expect(result.code).toBe(0);
    const asked = server.requests.slice(before).map((request) => request.path);
    expect(asked.filter((route) => !route.startsWith('/timegate/')).sort()).toEqual(['/busy', '/loop-a', '/loop-b', '/slow', '/slow']);
    expect(result.stdout).toContain('  left alone (fresh, or a copy already found): 10 links, 13 archive lookups, 2 DOIs, 2 arXiv ids\n');
  });

  it('prints what is stale with --offline, and fetches nothing', async () => {
    const before = server.requests.length;
    const lock = await readFile(lockPath(), 'utf8');
    const result = await run(['sources', 'refresh', 'web/02-papers', '--offline', '--max-age', '12h', '--as-of', '2026-12-01'], '2026-12-01T09:00:00Z');
    expect(result.code).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(await readFile(lockPath(), 'utf8')).toBe(lock);
    expect(result.stdout).toBe(
      [
        'web/02-papers (offline: nothing was fetched)',
        `  link     ${server.origin}/paper  checked 2026-11-30T10:00:00Z, older than --max-age`,
        `  archive  ${server.origin}/paper near 2026-01-12  checked 2026-11-30T10:00:00Z, older than --max-age`,
        '  doi      10.1000/missing  checked 2026-11-30T10:00:00Z, older than --max-age',
        '  doi      10.1000/react  checked 2026-11-30T10:00:00Z, older than --max-age',
        '  arxiv    2210.03629  checked 2026-11-30T10:00:00Z, older than --max-age',
        '  arxiv    9912.99999  checked 2026-11-30T10:00:00Z, older than --max-age',
        '  6 to check; 0 fresh or already found',
        '',
      ].join('\n'),
    );
  });

  it('refreshes one chapter and keeps the other entries', async () => {
    const before = JSON.parse(await readFile(lockPath(), 'utf8')) as { urls: Array<{ url: string; checked: string }> };
    const result = await run(['sources', 'refresh', 'web/02-papers', ...server.refreshArgs, '--skip-archives', '--as-of', '2026-12-01'], '2026-12-01T09:30:00Z');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('web/02-papers: checked 1 link (1 ok); 2 DOIs (1 found, 1 not found); 2 arXiv ids (1 found, 1 not found)');
    const after = JSON.parse(await readFile(lockPath(), 'utf8')) as { urls: Array<{ url: string; checked: string }> };
    expect(after.urls.filter((entry) => entry.checked === '2026-12-01T09:30:00Z').map((entry) => entry.url)).toEqual([`${server.origin}/paper`]);
    expect(after.urls.length).toBe(before.urls.length);
  });

  it('exits 2 for bad arguments and an unknown book or chapter', async () => {
    expect((await run(['sources'])).stderr).toContain('research-pack sources: expected a subcommand: refresh');
    expect((await run(['sources', 'update'])).stderr).toContain('unknown subcommand "update"; `sources` has: refresh');
    expect(await run(['sources', 'refresh', 'nobook'])).toMatchObject({ code: 2, stderr: expect.stringContaining('no book "nobook"; books: web') });
    expect(await run(['sources', 'refresh', 'web/03-none'])).toMatchObject({ code: 2, stderr: expect.stringContaining('no chapter "03-none" in book "web"; chapters: web/01-links, web/02-papers') });
    expect(await run(['sources', 'refresh', '--max-age', 'soon'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--max-age must be a number with a unit such as 30m, 12h, 7d or 2w, got "soon"') });
    expect(await run(['sources', 'refresh', '--timegate', 'ftp://archive.example/'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--timegate must be an absolute http(s) URL') });
    expect(await run(['sources', 'refresh', '--retries=-1'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--retries must be a whole number from 0 to 10, got "-1"') });
  });

  it('reports a malformed lock at its line and column, and refreshes nothing', async () => {
    const broken = await copySourcesBook(server.origin);
    try {
      await writeFile(path.join(broken, 'content/books/web/sources.lock.json'), '{\n  "version": 1,\n  "urls": [\n    {"url": "http://x.example/"}\n  ]\n}\n');
      const before = server.requests.length;
      const result = await run(['sources', 'refresh', ...server.refreshArgs], undefined, broken);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('content/books/web/sources.lock.json:4:5  urls[0].checked  missing required key "checked"');
      expect(server.requests.length).toBe(before);
      expect((await run(['check'], undefined, broken)).stderr).toContain('content/books/web/sources.lock.json:4:5  urls[0].checked');
    } finally {
      await removeProject(broken);
    }
  });

  it('records a TLS error as the link\'s status', async () => {
    const tls = await copySourcesBook(server.origin);
    try {
      const evidence = path.join(tls, 'content/books/web/01-links.evidence.yaml');
      await writeFile(evidence, (await readFile(evidence, 'utf8')).replace(`url: "${server.origin}/ok"`, `url: "${server.origin.replace('http:', 'https:')}/ok"`));
      expect((await run(['sources', 'refresh', 'web/01-links', ...server.refreshArgs, '--skip-archives', '--as-of', '2026-12-01'], undefined, tls)).code).toBe(0);
      const lock = JSON.parse(await readFile(path.join(tls, 'content/books/web/sources.lock.json'), 'utf8')) as { urls: Array<{ url: string; health: string; error?: { kind: string; detail: string } }> };
      expect(lock.urls.find((entry) => entry.url.startsWith('https:'))).toMatchObject({ health: 'unreachable', error: { kind: 'tls', detail: expect.stringMatching(/^TLS error with 127\.0\.0\.1:\d+ \(ERR_SSL_WRONG_VERSION_NUMBER\)$/) } });
    } finally {
      await removeProject(tls);
    }
  });

  it('leaves the previous lock intact when interrupted', async () => {
    const lock = await readFile(lockPath(), 'utf8');
    const before = server.count('/slow');
    const child = spawn(process.execPath, [bin, 'sources', 'refresh', '--root', root, ...server.refreshArgs, '--timeout', '30', '--as-of', '2026-12-01'], { stdio: 'ignore', env: { ...process.env, CI: '1' } });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Interrupt once it waits on the server that never answers.
    for (let tries = 0; server.count('/slow') === before && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.count('/slow')).toBeGreaterThan(before);
    child.kill('SIGINT');
    expect(await exited).not.toBe(0);
    expect(await readFile(lockPath(), 'utf8')).toBe(lock);
    expect((await readdir(path.dirname(lockPath()))).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('runs as the real binary', async () => {
    const result = await runCli(['sources', 'refresh', '--root', root, '--offline', '--max-age', '3650d', '--as-of', '2026-12-01']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^web \(offline: nothing was fetched\)\n/);
  });
});
