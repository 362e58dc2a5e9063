/**
 * `astro dev` previews edits to sidecars and chapters on the next request,
 * without restarting, and shows sidecar errors with file:line:column; a
 * book's sources lock, written by a refresh while the server runs, shows too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSourcesLock, renderSourcesLock, type SourcesLock } from '@research-pack/core';
import { cleanEnv, freePort } from './helpers/dev-server.js';
import { copyDemo, repoRoot } from './helpers/project.js';
import { runCli } from '../packages/cli/test/helpers.js';

let dir: string;
let server: ChildProcess;
let base: string;
let output = '';

async function get(pathname: string): Promise<{ status: number; text: string }> {
  const response = await fetch(base + pathname);
  return { status: response.status, text: await response.text() };
}

async function until<T>(probe: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (accept(last)) return last;
    } catch {
      // the server may be reloading
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)?.slice(0, 500)}\nserver output:\n${output.slice(-3000)}`);
}

beforeAll(async () => {
  dir = await copyDemo('dev-server');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'dev', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: dir,
    env: { ...cleanEnv(), ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', SOURCE_DATE_EPOCH: '1795824000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await until(() => get('/research/books/pi/27-chapter/brief.md'), (r) => r.status === 200, 'the dev server');
});

afterAll(() => {
  server?.kill('SIGTERM');
});

describe('astro dev', () => {
  it('shows an edited sidecar in the brief, the pack and the chapter page without a restart', async () => {
    const research = path.join(dir, 'content/books/pi/27-chapter.research.yaml');
    const claims = path.join(dir, 'content/books/pi/27-chapter.claims.yaml');
    const before = await get('/research/books/pi/27-chapter/brief.md');
    expect(before.text).not.toContain('Edited while the dev server ran');

    const yaml = await readFile(research, 'utf8');
    await writeFile(research, yaml.replace(/^objective: >-\n(?:  .*\n)+/m, 'objective: Edited while the dev server ran.\n'));
    await until(() => get('/research/books/pi/27-chapter/brief.md'), (r) => r.text.includes('Edited while the dev server ran.'), 'the edited objective in brief.md');
    await until(() => get('/research/books/pi/27-chapter/'), (r) => r.text.includes('Edited while the dev server ran.'), 'the edited objective in the pack');

    // A rationale lives only in the sidecar; the chapter page shows it in the claim's popover.
    const claimsText = await readFile(claims, 'utf8');
    const match = /^( +)rationale: >-\n(?:\1  .*\n)+/m.exec(claimsText);
    expect(match).not.toBeNull();
    // Render the chapter first, so that a cached transform would show up as a stale page.
    const chapterBefore = await get('/books/pi/27-chapter/');
    expect(chapterBefore.status).toBe(200);
    expect(chapterBefore.text).not.toContain('Rationale edited in the dev server.');
    await writeFile(claims, claimsText.replace(match![0], `${match![1]}rationale: Rationale edited in the dev server.\n`));
    await until(() => get('/books/pi/27-chapter/'), (r) => r.text.includes('Rationale edited in the dev server.'), 'the edited rationale on the chapter page');
    expect(output).not.toMatch(/restarted|Restarting/i);
  });

  it('re-marks a claim in the chapter\'s compiled module when only its sidecar changed', async () => {
    // The marker (status, symbol, accessible name) is compiled into the chapter's
    // module, unlike the popover: only invalidating that module shows a new status.
    const claims = path.join(dir, 'content/books/pi/27-chapter.claims.yaml');
    const status = (html: string) => /<span class="rp-claim" id="rp-claim-one-object-per-line"[^>]*data-status="([a-z-]+)"/.exec(html)?.[1];
    const before = await get('/books/pi/27-chapter/');
    expect(status(before.text)).toBe('supported');
    // A verdict that reviewed other words: the claim becomes stale.
    const text = await readFile(claims, 'utf8');
    expect(text).toContain('textHash: 748130fd4742b28c');
    await writeFile(claims, text.replace('textHash: 748130fd4742b28c', 'textHash: abcdefabcdefabcd'));
    await until(() => get('/books/pi/27-chapter/'), (r) => status(r.text) === 'stale', 'the stale marker on the chapter page');
    await writeFile(claims, text);
    await until(() => get('/books/pi/27-chapter/'), (r) => status(r.text) === 'supported', 'the supported marker again');
  });

  it('shows a decision made with the CLI on the next reload', async () => {
    // The CLI writes each sidecar atomically (a temporary file renamed over it): the watcher must see that too.
    const status = (html: string) => /<span class="rp-claim" id="rp-claim-tree-in-place"[^>]*data-status="([a-z-]+)"/.exec(html)?.[1];
    const review = (html: string) => /<section[^>]*aria-labelledby="rp-section-review"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(status((await get('/books/pi/27-chapter/')).text)).toBe('stale');
    expect(review((await get('/research/books/pi/27-chapter/')).text)).toContain('tree-in-place');
    const date = new Date(1795824000 * 1000).toISOString().slice(0, 10);
    const result = await runCli(['reviewed', 'tree-in-place', '--by', 'Dev Server Test', '--date', date], { cwd: dir, env: { SOURCE_DATE_EPOCH: '1795824000' } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    await until(() => get('/books/pi/27-chapter/'), (r) => status(r.text) === 'supported', 'the re-confirmed claim on the chapter page');
    await until(() => get('/research/books/pi/27-chapter/'), (r) => r.status === 200 && review(r.text) !== '' && !review(r.text).includes('tree-in-place'), 'the pack page without it awaiting review');
    expect(output).not.toMatch(/restarted|Restarting/i);
  });

  it('reports a broken sidecar with file:line:column and recovers when it is fixed', async () => {
    const claims = path.join(dir, 'content/books/pi/27-chapter.claims.yaml');
    const good = await readFile(claims, 'utf8');
    await writeFile(claims, `${good.trimEnd()}\nmisspelled: true\n`);
    const line = good.trimEnd().split('\n').length + 1;
    const broken = await until(() => get('/research/books/pi/27-chapter/'), (r) => r.status >= 500, 'an error page');
    expect(broken.text + output).toContain(`content/books/pi/27-chapter.claims.yaml:${line}:1`);
    // The chapter page too: Astro streams it, and its provenance component throws after the first bytes; it is an error page, not a cut-off 200 (a newcomer's finding).
    const chapter = await get('/books/pi/27-chapter/');
    expect(chapter.status).toBe(500);
    expect(chapter.text).toContain('ResearchPackError');
    // The author's mistake, not a crash: no stack of the package's frames in the terminal (an outside author's finding).
    expect(output).not.toMatch(/at getResearchModel|runtime\.js:\d+|Stack trace:\s*\n\s*\n/);
    await writeFile(claims, good);
    await until(() => get('/research/books/pi/27-chapter/'), (r) => r.status === 200, 'recovery');
    await until(() => get('/books/pi/27-chapter/'), (r) => r.status === 200 && r.text.includes('data-claim-id='), 'the chapter page again');
  });

  it('shows a sources lock written while it runs, and its removal, on the pack page and the chapter page', async () => {
    // A lock as a refresh writes it, in the copy only: the one source of
    // "model-change-selection" is dead. (The demo's real sources stay
    // unchecked: this machine has no internet.)
    const url = 'https://github.com/earendil-works/pi/blob/main/packages/coding-agent/docs/virtual-models.md';
    const lock: SourcesLock = {
      version: 1,
      urls: [{ url, checked: '2026-11-30T10:00:00Z', health: 'dead', since: '2026-11-30T10:00:00Z', status: 404, redirects: [], archives: [] }],
      dois: [],
      arxiv: [],
    };
    const text = renderSourcesLock(lock);
    expect(loadSourcesLock(text, 'sources.lock.json').problems).toEqual([]);
    const file = path.join(dir, 'content/books/pi/sources.lock.json');
    const row = (html: string) => /<tr id="rp-source-pi-virtual-models-doc"[\s\S]*?<\/tr>/.exec(html)?.[0] ?? '';
    const flagged = (html: string) => /<span class="rp-claim" id="rp-claim-model-change-selection"[^>]*data-source-review="dead"/.test(html);
    const pack = await get('/research/books/pi/26-chapter/');
    expect(row(pack.text)).toContain('Link: never checked');
    expect(flagged((await get('/books/pi/26-chapter/')).text)).toBe(false);

    await writeFile(file, text);
    await until(() => get('/research/books/pi/26-chapter/'), (r) => row(r.text).includes('Link: dead since 2026-11-30 (HTTP 404)'), 'the dead link on the pack page');
    await until(() => get('/books/pi/26-chapter/'), (r) => flagged(r.text), 'the flagged claim on the chapter page');

    await rm(file);
    await until(() => get('/research/books/pi/26-chapter/'), (r) => row(r.text).includes('Link: never checked'), 'never checked again');
    await until(() => get('/books/pi/26-chapter/'), (r) => !flagged(r.text) && r.text.includes('id="rp-claim-model-change-selection"'), 'the claim unflagged again');
    expect(output).not.toMatch(/restarted|Restarting/i);
  });
});
