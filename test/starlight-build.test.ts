/**
 * A real `astro build` of examples/starlight: the demo book as Starlight
 * docs with one plugin line. Every chapter is marked, with its popovers and
 * JSON-LD; Starlight's asides and directive-like text survive on every page;
 * research pages are Starlight pages; no link leads nowhere; and the CLI,
 * run there with no flags, reads the same settings as the site.
 */
import { cp, rm } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenLinks } from './helpers/links.js';
import { repoRoot, runProcess, type RunResult } from './helpers/project.js';
import { SOURCE_DATE_EPOCH } from './helpers/site-build.js';

const example = path.join(repoRoot, '.tmp', 'starlight');
const dist = path.join(example, 'dist');
const chapters = ['26-chapter', '27-chapter', '28-chapter'];

function page(file: string): string {
  return readFileSync(path.join(dist, file), 'utf8');
}

/** What Starlight's search (Pagefind) indexed of each page, by URL: its text, as its fragment files hold it. */
function searchIndex(): Map<string, string> {
  const folder = path.join(dist, 'pagefind/fragment');
  const indexed = new Map<string, string>();
  for (const file of readdirSync(folder)) {
    // A fragment is gzipped: a signature, then the page's JSON.
    const text = gunzipSync(readFileSync(path.join(folder, file))).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string };
    indexed.set(fragment.url, fragment.content);
  }
  return indexed;
}

function cli(args: string[]): Promise<RunResult> {
  const env = { ...process.env, NO_COLOR: '1', RESEARCH_PACK_SITE: undefined, SOURCE_DATE_EPOCH };
  return runProcess(process.execPath, [path.join(repoRoot, 'packages/cli/bin/research-pack.js'), ...args], path.join(example, 'src'), env as NodeJS.ProcessEnv);
}

describe('astro build of examples/starlight', () => {
  let build: RunResult;
  beforeAll(async () => {
    // A copy at the same depth as examples/starlight, so its build script finds content/books/pi.
    await rm(example, { recursive: true, force: true });
    await cp(path.join(repoRoot, 'examples/starlight'), example, {
      recursive: true,
      filter: (source) => !/[/\\](?:dist|node_modules|\.astro)$/.test(source) && !source.includes(`${path.sep}docs${path.sep}pi`),
    });
    const PATH = [path.join(repoRoot, 'node_modules', '.bin'), path.dirname(process.execPath), process.env.PATH].join(path.delimiter);
    build = await runProcess('npm', ['run', 'build'], example, { ...process.env, PATH, SOURCE_DATE_EPOCH, NO_COLOR: '1' });
  });

  it('succeeds without a warning of ours or a source map warning', () => {
    const output = `${build.stdout}\n${build.stderr}`;
    expect(build.code, output).toBe(0);
    expect(output).not.toMatch(/Sourcemap|research-pack\/astro.*WARN|\[WARN\] \[@research-pack/);
    // What readers see as stale is said by the build (an outside author's finding): the demo's one claim whose prose changed.
    expect(output).toContain('1 claim shows as stale on its page (1 the prose changed since the verdict), in pi/27-chapter: `npx research-pack review` lists it');
  });

  it.each(chapters)('marks every claim of %s on its Starlight page, with its popovers and JSON-LD', (chapter) => {
    const html = page(`pi/${chapter}/index.html`);
    const claims = readFileSync(path.join(repoRoot, 'content/books/pi', `${chapter}.claims.yaml`), 'utf8').match(/^ {2}- id: /gm)?.length ?? 0;
    expect(html.match(/class="rp-marker"/g)?.length).toBe(claims);
    expect(html.match(/class="rp-popover"/g)?.length).toBe(claims);
    expect(html).toContain('class="rp-popovers"');
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).not.toContain(':claim[');
    // Starlight's own page: its sidebar, search and theme switch around the chapter.
    expect(html).toMatch(/<starlight-theme-select/);
    expect(html).toMatch(/<site-search/);
    expect(html).toContain('href="/research/books/pi/' + chapter + '/"');
  });

  it("keeps Starlight's asides and directive-like text on every page", () => {
    const guide = page('guides/reading-claims/index.html');
    expect(guide).toContain('starlight-aside starlight-aside--tip');
    expect(guide).toContain('starlight-aside starlight-aside--caution');
    expect(guide).toContain('the meeting is at 12:45, note:this stays, and so does the 10:30 train.');
    expect(page('index.html')).toContain('starlight-aside starlight-aside--note');
    expect(page('index.html')).toContain('10:30 on a quiet morning');
    expect(page('pi/27-chapter/index.html')).toContain('A session started at 10:30 UTC');
    for (const file of ['index.html', 'guides/reading-claims/index.html', 'pi/27-chapter/index.html']) expect(page(file)).not.toContain(':::');
  });

  it('renders research packs and reports as Starlight pages', () => {
    for (const file of ['research/index.html', 'research/books/pi/index.html', 'research/books/pi/27-chapter/index.html']) {
      const html = page(file);
      expect(html).toContain('class="rp-starlight-research"');
      expect(html).toMatch(/<starlight-theme-select/);
      expect(html).toContain('id="starlight__sidebar"');
    }
    expect(page('research/books/pi/27-chapter/index.html')).toContain('<title>Research pack: 27. The Session File Format | Pi Agents</title>');
    expect(page('404.html')).not.toContain('rp-popovers');
  });

  it("keeps markers, popovers, the pack link and research pages' hidden heading out of Starlight's search index", () => {
    // A Starlight user's finding: a search for "supported" or "Close" found marker and popover words as chapter prose.
    const html = page('pi/27-chapter/index.html');
    expect(html.match(/class="rp-marker"[^>]* data-pagefind-ignore>/g)?.length).toBe(html.match(/class="rp-marker"/g)?.length);
    expect(html).toMatch(/<div class="rp-popovers" data-pagefind-ignore>/);
    expect(html).toMatch(/<aside class="rp-provenance" aria-label="Research" data-pagefind-ignore>/);
    const indexed = searchIndex();
    const chapter = indexed.get('/pi/27-chapter/') ?? '';
    expect(chapter).toContain('the session file');
    for (const words of ['✓ supported', 'Verdict:', 'Close', 'Research pack for this chapter', 'the claim audit, source ledger']) expect(chapter).not.toContain(words);
    // The pack's and the report's own <h1>, hidden under Starlight's title, is neither indexed nor a second visible heading.
    const pack = page('research/books/pi/27-chapter/index.html');
    expect(pack).toContain('<h1 id="rp-pack-title" data-pagefind-ignore>');
    expect(indexed.get('/research/books/pi/27-chapter/')).not.toContain('Chapter 27: The Session File Format');
    expect(page('research/index.html')).toContain('<h1 id="rp-report-title" data-pagefind-ignore>');
    expect(indexed.get('/research/')).not.toMatch(/^Research report\. Research report\./);
  });

  it('links briefs and packs to the chapters where Starlight serves them', () => {
    expect(page('research/books/pi/27-chapter/brief.md')).toContain('https://books.example.org/pi/27-chapter/');
    expect(page('research/books/pi/27-chapter/brief.md')).not.toContain('https://books.example.org/books/');
  });

  it('links only to pages and files it built: no internal 404', () => {
    expect(brokenLinks(dist, 'https://books.example.org')).toEqual([]);
  });

  it("points the copied book's sidecars at the JSON Schemas from where the copy sits", () => {
    const book = path.join(example, 'src/content/docs/pi');
    const sidecars = readdirSync(book).filter((file) => file.endsWith('.yaml'));
    expect(sidecars.length).toBeGreaterThanOrEqual(4);
    for (const file of sidecars) {
      const match = /^# yaml-language-server: \$schema=(\S+)\n/.exec(readFileSync(path.join(book, file), 'utf8'));
      expect(match, file).not.toBeNull();
      const schema = path.resolve(book, match![1]!);
      expect(schema).toBe(path.join(repoRoot, 'node_modules/@research-pack/core/schemas', path.basename(schema)));
      expect(existsSync(schema), `${file}: ${match![1]}`).toBe(true);
    }
  });

  it('runs the CLI there with no flags, with the settings the site uses', async () => {
    // No problem; on stderr, the book's one claim whose prose changed since its verdict, as the build notes it.
    expect(await cli(['check'])).toEqual({
      code: 0,
      stdout: 'No problems in src/content/docs.\n',
      stderr: expect.stringMatching(/^src\/content\/docs\/pi\/27-chapter\.claims\.yaml:\d+:5  note: pi\/27-chapter claim "tree-in-place": the prose changed since its verdict, so its page shows it as stale\n[^\n]+\n$/),
    });
    const brief = await cli(['brief', 'pi/27-chapter']);
    expect(brief.code, brief.stderr).toBe(0);
    expect(brief.stdout).toBe(page('research/books/pi/27-chapter/brief.md'));
    const status = await cli(['status', '--format', 'json']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toBe(page('research/report.json'));
  });
});
