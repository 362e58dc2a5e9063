/**
 * `astro dev` on a Starlight site with Markdown chapters (the newcomer's
 * site in `test/fixtures/sites/newcomer-starlight/`, copied): Starlight's
 * content layer renders a saved chapter at once, before Research Pack's
 * watcher has reloaded the model, and keeps that render until the file
 * changes again, across restarts. A page must never be marked from the
 * model of another revision of its chapter, and a render marked from other
 * annotations than the current ones (a sidecar edit since) is not served.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, until, type DevServer } from './helpers/dev-server.js';
import { repoRoot } from './helpers/project.js';

const site = path.join(repoRoot, 'test/fixtures/sites/newcomer-starlight/site');
const dir = path.join(repoRoot, '.tmp', 'newcomer-starlight-dev');
const chapterFile = path.join(dir, 'src/content/docs/http-caching/01-freshness.md');
const claimsFile = path.join(dir, 'src/content/docs/http-caching/01-freshness.claims.yaml');
const otherClaimsFile = path.join(dir, 'src/content/docs/http-caching/02-validation.claims.yaml');
const page = '/http-caching/01-freshness/';
const env = { SOURCE_DATE_EPOCH: '1796083200' };

let server: DevServer;

/** `id=status` of every claim marked on a page. */
function marks(html: string): string[] {
  return [...html.matchAll(/<span class="rp-claim" id="rp-claim-([^"]+)" data-claim-id="[^"]+" data-status="([^"]+)"/g)].map((match) => `${match[1]}=${match[2]}`);
}

const status = (html: string, id: string) => marks(html).find((mark) => mark.startsWith(`${id}=`))?.split('=')[1];

beforeAll(async () => {
  // A copy inside the repository, so that it resolves the workspace's packages; the site itself is kept as written.
  await rm(dir, { recursive: true, force: true });
  await cp(site, dir, { recursive: true, filter: (source) => !/[/\\](?:node_modules|dist|\.astro)$/.test(source) });
  server = await startDevServer(dir, env);
});

afterAll(async () => {
  await server?.stop();
});

describe('astro dev on Starlight with Markdown chapters', () => {
  it('marks every claim of a chapter', async () => {
    const first = await until(server, () => server.get(page), (response) => response.status === 200 && marks(response.text).length === 6, 'the chapter with its six claims');
    expect(status(first.text, 'heuristic-tenth')).toBe('qualified');
  });

  it('marks a chapter saved with new prose from that prose, not from the model of the revision before', async () => {
    const source = await readFile(chapterFile, 'utf8');
    expect(source).toContain('The usual guess is a tenth');
    await writeFile(chapterFile, source.replace('The usual guess is a tenth', 'The usual guess is one tenth'));
    // The quote now matches only approximately: the claim is stale, and still marked.
    const edited = await until(server, () => server.get(page), (response) => status(response.text, 'heuristic-tenth') === 'stale', 'the edited claim marked as stale');
    expect(marks(edited.text)).toHaveLength(6);
    expect(server.output()).not.toMatch(/could not be found on the page/);
  });

  it('serves the same marks after a restart (the content layer keeps its render)', async () => {
    await server.stop();
    server = await startDevServer(dir, env);
    const again = await until(server, () => server.get(page), (response) => response.status === 200, 'the chapter after a restart');
    expect(marks(again.text)).toHaveLength(6);
    expect(status(again.text, 'heuristic-tenth')).toBe('stale');
  });

  it('shows a sidecar edit on a chapter whose file did not change', async () => {
    const claims = await readFile(claimsFile, 'utf8');
    const verdict = '  - id: max-age-wins\n    anchor: directive\n    verdict:\n      status: supported';
    expect(claims).toContain(verdict);
    await writeFile(claimsFile, claims.replace(verdict, verdict.replace('supported', 'unverified')));
    const edited = await until(server, () => server.get(page), (response) => status(response.text, 'max-age-wins') === 'unverified', 'the new verdict on the page');
    expect(marks(edited.text)).toHaveLength(6);
    expect(server.output()).not.toMatch(/could not be found on the page/);
  });

  it('answers 500 with the overlay on every chapter page while a sidecar has an error, and recovers when it is fixed', async () => {
    // A Starlight chapter page used to answer 200 without its popovers, pack link and JSON-LD: markers that open nothing (a Starlight user's finding).
    const good = await readFile(otherClaimsFile, 'utf8');
    const line = good.trimEnd().split('\n').length + 1;
    await writeFile(otherClaimsFile, `${good.trimEnd()}\nmisspelled: true\n`);
    const broken = await until(server, () => server.get('/http-caching/02-validation/'), (response) => response.status === 500, 'the chapter page as an error page');
    expect(broken.text + server.output()).toContain(`src/content/docs/http-caching/02-validation.claims.yaml:${line}:1`);
    expect(broken.text).toContain('ResearchPackError');
    // Every chapter page reads the model, the broken sidecar's or not; a page that is no chapter is served as usual.
    const other = await server.get(page);
    expect(other.status).toBe(500);
    expect(other.text).toContain('ResearchPackError');
    expect((await server.get('/introduction/')).status).toBe(200);
    expect((await server.get('/research/books/http-caching/02-validation/')).status).toBe(500);

    await writeFile(otherClaimsFile, good);
    const fixed = await until(server, () => server.get('/http-caching/02-validation/'), (response) => response.status === 200 && response.text.includes('class="rp-popovers"'), 'the chapter page with its popovers again');
    expect(fixed.text).toContain('application/ld+json');
    expect(fixed.text).toContain('Research pack for this chapter');
  });
});
