/**
 * Hostile content: sidecar strings carrying `<script>`, event-handler
 * attributes, `javascript:` and `data:` URLs, Markdown and HTML, and
 * `</script>` must render inert in every output of a real build: chapter
 * pages and their JSON-LD, research pack pages, briefs, reports and JSON.
 * Link fields refuse anything but http(s) before anything is rendered.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { anchorClaims, ClaimsFileSchema, extractChapterText, loadSidecar, safeHref, sourceHref } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import type { Element, Root as HastRoot, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { micromark } from 'micromark';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildDemo, listFiles, type SiteBuild } from './helpers/site-build.js';

const SCRIPT = '<script>alert("rp-xss-1")</script>';
const ATTRIBUTE = '" onmouseover="alert(2) x="';
const SINGLE_ATTRIBUTE = "' onfocus='alert(3)' autofocus x='";
const JAVASCRIPT = 'javascript:alert(4)';
const DATA = 'data:text/html,<script>alert(5)</script>';
const BREAKOUT = '</script><script>alert("rp-xss-6")</script><!--';
const MARKDOWN = '**bold** [click](javascript:alert(7)) ![x](data:image/svg+xml,<svg/onload=alert(8)>) <https://ok.example/>';
const HTML = '<b data-hostile="1" onmouseover="alert(9)">bold</b><img src=x onerror=alert(10) data-hostile="2"><a href="javascript:alert(11)" data-hostile="3">x</a>';

/** Every hostile string, so a test can check each one survives as text. */
const hostile = { SCRIPT, ATTRIBUTE, SINGLE_ATTRIBUTE, JAVASCRIPT, DATA, BREAKOUT, MARKDOWN, HTML };

/** Sidecar fields of the demo set to hostile strings: file, YAML path, value. */
const edits: Array<[string, Array<string | number>, unknown]> = [
  ['book.yaml', ['title'], `Pi Agents ${MARKDOWN} ${HTML}`],
  ['book.yaml', ['description'], `${SCRIPT} ${ATTRIBUTE}`],
  ['book.yaml', ['brief', 'intro'], `You are researching chapter {chapter} of {book}. ${BREAKOUT}`],
  ['27-chapter.claims.yaml', ['claims', 0, 'verdict', 'rationale'], `${BREAKOUT} ${SCRIPT}`],
  ['27-chapter.claims.yaml', ['claims', 0, 'concern'], `${ATTRIBUTE} ${JAVASCRIPT} ${HTML}`],
  ['27-chapter.claims.yaml', ['claims', 1, 'verdict', 'rationale'], `${SINGLE_ATTRIBUTE} ${MARKDOWN}`],
  ['27-chapter.evidence.yaml', ['sources', 0, 'title'], `${MARKDOWN} ${HTML}`],
  ['27-chapter.evidence.yaml', ['sources', 0, 'authors'], [SCRIPT, ATTRIBUTE]],
  ['27-chapter.evidence.yaml', ['sources', 0, 'venue'], JAVASCRIPT],
  ['27-chapter.evidence.yaml', ['sources', 0, 'publisher'], DATA],
  ['27-chapter.evidence.yaml', ['sources', 0, 'limitations'], `${BREAKOUT} ${SINGLE_ATTRIBUTE}`],
  ['27-chapter.evidence.yaml', ['evidence', 0, 'locator'], JAVASCRIPT],
  ['27-chapter.evidence.yaml', ['evidence', 0, 'note'], `[see](javascript:alert(12)) ${DATA} ${HTML}`],
  ['27-chapter.research.yaml', ['objective'], `${SCRIPT} ${MARKDOWN}`],
  ['27-chapter.research.yaml', ['questions'], [BREAKOUT, HTML]],
  ['27-chapter.research.yaml', ['references', 0, 'citation'], `${JAVASCRIPT} ${DATA} ${HTML}`],
  ['27-chapter.research.yaml', ['notebooks', 0, 'title'], `${ATTRIBUTE} ${SCRIPT}`],
  ['27-chapter.research.yaml', ['notebooks', 0, 'runs', 0, 'notes'], `${BREAKOUT} ${JAVASCRIPT}`],
  ['27-chapter.research.yaml', ['notebooks', 0, 'runs', 0, 'environment'], `${SINGLE_ATTRIBUTE} ${DATA}`.slice(0, 490)],
  ['27-chapter.research.yaml', ['history', 0, 'summary'], `${MARKDOWN} ${SCRIPT}`],
  ['27-chapter.research.yaml', ['history', 0, 'findings'], `${HTML} ${BREAKOUT}`],
  ['27-chapter.research.yaml', ['history', 0, 'proposal'], DATA],
  ['27-chapter.research.yaml', ['history', 0, 'by'], ATTRIBUTE],
];

/** Write hostile strings into a copy of the demo's sidecars and chapter frontmatter. */
function makeHostile(dir: string): void {
  const book = path.join(dir, 'content', 'books', 'pi');
  const files = new Map<string, ReturnType<typeof parseDocument>>();
  for (const [file, at, value] of edits) {
    let doc = files.get(file);
    if (!doc) files.set(file, (doc = parseDocument(readFileSync(path.join(book, file), 'utf8'))));
    // Each list item must exist: the hostile value replaces or adds a field of a real entry.
    if (at.length > 1 && typeof at[1] === 'number' && !doc.hasIn(at.slice(0, 2))) throw new Error(`the demo has no ${at.slice(0, 2).join('.')} in ${file}`);
    doc.setIn(at, value);
  }
  for (const [file, doc] of files) writeFileSync(path.join(book, file), doc.toString({ lineWidth: 0 }));
  const chapter = path.join(book, '27-chapter.mdx');
  const source = readFileSync(chapter, 'utf8');
  const changed = source
    .replace(/^title: .*$/m, `title: ${JSON.stringify(`The Session File Format ${SCRIPT} ${ATTRIBUTE}`)}`)
    .replace(/^summary: .*$/m, `summary: ${JSON.stringify(`${MARKDOWN} ${HTML} ${BREAKOUT}`)}`);
  if (changed === source) throw new Error('the chapter frontmatter was not changed');
  writeFileSync(chapter, changed);
}

const urlAttributes = new Set(['href', 'src', 'action', 'formAction', 'xLinkHref', 'poster', 'data', 'cite', 'background', 'srcSet', 'ping', 'manifest', 'icon', 'longDesc', 'codeBase', 'archive']);
const forbiddenElements = new Set(['iframe', 'frame', 'object', 'embed', 'applet', 'base', 'form', 'template']);

/** A URL a browser would run or open as a document: javascript:, vbscript:, data: (ignoring case, whitespace and controls, as browsers do). */
function isDangerousUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const squeezed = value.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
  return /^(?:javascript|vbscript|data|livescript):/.test(squeezed) || /^&#/.test(squeezed);
}

/** What is wrong with a parsed HTML document, and the strings inside its JSON-LD. */
function inspectHtml(tree: HastRoot, where: string): { problems: string[]; jsonLd: string[]; text: string } {
  const problems: string[] = [];
  const jsonLd: string[] = [];
  const text: string[] = [];
  const visit = (node: HastRoot | RootContent) => {
    if (node.type === 'text') text.push(node.value);
    if (node.type !== 'element' && node.type !== 'root') return;
    if (node.type === 'element') inspectElement(node, where, problems, jsonLd);
    for (const child of node.children) visit(child);
    if (node.type === 'element' && node.tagName === 'template' && 'content' in node) visit((node as Element & { content: HastRoot }).content);
  };
  visit(tree);
  return { problems, jsonLd, text: text.join('') };
}

function inspectElement(node: Element, where: string, problems: string[], jsonLd: string[]): void {
  const at = `${where}: <${node.tagName}>`;
  if (node.tagName === 'script') {
    const type = String(node.properties['type'] ?? '');
    if (type !== 'application/ld+json') problems.push(`${at} is a script of type ${JSON.stringify(type)}`);
    else {
      const source = node.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
      try {
        collectStrings(JSON.parse(source), jsonLd);
      } catch (error) {
        problems.push(`${at} JSON-LD does not parse: ${String(error)}`);
      }
    }
  }
  if (forbiddenElements.has(node.tagName)) problems.push(`${at} must not be made from content`);
  for (const [name, value] of Object.entries(node.properties)) {
    if (/^on/i.test(name)) problems.push(`${at} has an event handler ${name}=${JSON.stringify(value)}`);
    if (/^data-?hostile$/i.test(name)) problems.push(`${at} was made from hostile HTML in a sidecar`);
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    if (urlAttributes.has(name) && values.some(isDangerousUrl)) problems.push(`${at} ${name}=${JSON.stringify(value)}`);
    if (name === 'httpEquiv' && values.some((entry) => entry.toLowerCase() === 'refresh')) problems.push(`${at} refreshes the page`);
    if (name === 'style' && values.some((entry) => /expression\(|javascript:|url\(\s*['"]?\s*(?:javascript|data):/i.test(entry))) problems.push(`${at} style=${JSON.stringify(value)}`);
  }
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const entry of value) collectStrings(entry, into);
  else if (value && typeof value === 'object') for (const entry of Object.values(value)) collectStrings(entry, into);
}

/** URL-valued fields of a JSON artifact that are not http(s) or site-relative. */
function dangerousJsonUrls(value: unknown, key = '', where = '$'): string[] {
  if (typeof value === 'string') return /(?:^|[a-z])(?:url|href|link|src)s?$/i.test(key) && isDangerousUrl(value) ? [`${where} = ${JSON.stringify(value)}`] : [];
  if (Array.isArray(value)) return value.flatMap((entry, index) => dangerousJsonUrls(entry, key, `${where}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, entry]) => dangerousJsonUrls(entry, name, `${where}.${name}`));
  return [];
}

describe('link fields refuse non-http(s) URLs before anything renders', () => {
  const file = 'content/books/pi/27-chapter.evidence.yaml';
  const hostileUrls = [JAVASCRIPT, 'JavaScript:alert(1)', ' javascript:alert(1)', DATA, 'vbscript:msgbox(1)', 'file:///etc/passwd', '//evil.example/x', 'java\tscript:alert(1)', 'https://user:pw@evil.example/'];

  it.each(hostileUrls)('sources[].url, archiveUrl and references[].url reject %j', (url) => {
    const source = `sources:\n  - id: s\n    title: T\n    url: ${JSON.stringify(url)}\n    archiveUrl: ${JSON.stringify(url)}\n    reading: full-text\n    accessed: 2026-01-01\n`;
    const evidence = loadSidecar('evidence', source, file);
    if (url.startsWith('https://user:pw@')) {
      // Credentials pass the schema, but are never linked.
      expect(sourceHref({ url, identifiers: {} })).toBeUndefined();
      return;
    }
    expect(evidence.data).toBeUndefined();
    expect(evidence.problems.map((problem) => problem.path)).toEqual(['sources[0].url', 'sources[0].archiveUrl']);
    const research = loadSidecar('research', `references:\n  - id: r\n    citation: C\n    url: ${JSON.stringify(url)}\n`, 'content/books/pi/27-chapter.research.yaml');
    expect(research.problems.map((problem) => problem.path)).toEqual(['references[0].url']);
  });

  it.each([...hostileUrls, 'doi:javascript:alert(1)', 'arxiv:javascript:1', '10.1234/x"onmouseover="alert(1)'])('safeHref never links %j to a script or a document', (value) => {
    const href = safeHref(value);
    if (href !== undefined) {
      expect(href).toMatch(/^https?:\/\//);
      expect(href).not.toMatch(/["<>\s]/);
    }
  });
});

describe('hostile sidecar sizes: read in bounded time and memory, with a bounded list of problems', () => {
  // Each was quadratic, exhausted the stack or the heap before it was fixed.
  const cases: Record<string, string> = {
    'thousands of duplicate keys': `claims: []\n${'a: 1\n'.repeat(20_000)}`,
    'thousands of unknown keys': `claims: []\n${Array.from({ length: 20_000 }, (_, index) => `k${index}: 1\n`).join('')}`,
    'thousands of aliases': `a: &a x\n${Array.from({ length: 20_000 }, (_, index) => `k${index}: *a\n`).join('')}`,
    'an unclosed bracket a hundred thousand deep': `claims: ${'['.repeat(100_000)}\n`,
    'a flow list of a hundred thousand commas': `claims: [${','.repeat(100_000)}]\n`,
    'a million duplicate keys past the size limit': `claims: []\n${'a: 1\n'.repeat(1_000_000)}`,
  };
  it.each(Object.entries(cases))('%s', (_, text) => {
    const started = performance.now();
    const result = loadSidecar('claims', text, 'content/books/pi/27-chapter.claims.yaml');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.data).toBeUndefined();
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems.length).toBeLessThanOrEqual(101);
  });
});

describe('hostile claim counts: orphan quotes in a long chapter', () => {
  it('reports fifty 1,000-character orphans in a 150,000-character chapter within seconds', () => {
    const words = ['session', 'file', 'entry', 'tree', 'header', 'line', 'JSON', 'id', 'parent', 'version', 'the', 'a', 'is', 'of'];
    let state = 1;
    const next = () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
    const paragraph = () => `${Array.from({ length: 60 }, () => words[Math.floor(next() * words.length)]).join(' ')}.`;
    const source = `---\ntitle: T\nnumber: 1\n---\n\n${Array.from({ length: 500 }, paragraph).join('\n\n')}\n`;
    const text = extractChapterText(parseChapter(source, { format: 'md' }));
    expect(text.snapshot.length).toBeGreaterThan(100_000);
    const orphan = Array.from({ length: 200 }, () => 'zqxw').join(' ');
    const { claims } = ClaimsFileSchema.parse({ claims: Array.from({ length: 50 }, (_, index) => ({ id: `c${index}`, anchor: { quote: orphan }, verdict: { status: 'unverified' } })) });
    const started = performance.now();
    const { problems } = anchorClaims(text, claims, { chapter: 'c.md', claims: 'c.claims.yaml', locate: () => ({ line: 1, column: 1 }) });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(problems.map((problem) => problem.rule)).toEqual(Array.from({ length: 50 }, () => 'anchor/orphan'));

    // A word found thousands of times names the first ten places, not all of them.
    const { claims: common } = ClaimsFileSchema.parse({ claims: [{ id: 'common', anchor: { quote: 'the' }, verdict: { status: 'unverified' } }] });
    const [ambiguous] = anchorClaims(text, common, { chapter: 'c.md', claims: 'c.claims.yaml', locate: () => ({ line: 1, column: 1 }) }).problems;
    expect(ambiguous!.rule).toBe('anchor/ambiguous');
    expect(ambiguous!.message).toMatch(/is found [\d,]+ times in c\.md \(at (?:\d+:\d+, ){10}and [\d,]+ more\)/);
  });
});

describe('hostile sidecar content in a real build', () => {
  let site: SiteBuild;
  let outputs: string[];
  beforeAll(async () => {
    site = await buildDemo('hostile', { prepare: makeHostile });
    outputs = listFiles(site.dist);
  });

  it('builds', () => {
    expect(site.code, site.output).toBe(0);
    expect(outputs).toContain('books/pi/27-chapter/index.html');
  });

  it('has no executable markup in any HTML page', () => {
    const problems = outputs.filter((file) => file.endsWith('.html')).flatMap((file) => inspectHtml(fromHtml(readFileSync(path.join(site.dist, file), 'utf8')), file).problems);
    expect(problems).toEqual([]);
  });

  it('shows the hostile strings as text on the pages, not as markup', () => {
    for (const file of ['books/pi/27-chapter/index.html', 'research/books/pi/27-chapter/index.html']) {
      const { text } = inspectHtml(fromHtml(readFileSync(path.join(site.dist, file), 'utf8')), file);
      expect(text, file).toContain(SCRIPT);
      expect(text, file).toContain(BREAKOUT);
      expect(text, file).toContain(ATTRIBUTE.trim());
    }
  });

  it('keeps `</script>` inside the JSON-LD block: it parses, and holds the rationale intact', () => {
    const html = readFileSync(path.join(site.dist, 'books/pi/27-chapter/index.html'), 'utf8');
    const { jsonLd, problems } = inspectHtml(fromHtml(html), 'chapter page');
    expect(problems).toEqual([]);
    expect(jsonLd).toContain(`${BREAKOUT} ${SCRIPT}`);
    // The raw page never carries the closing tag inside the block.
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block).not.toMatch(/<\/?script|<!--/i);
  });

  it('has no executable markup in any Markdown artifact, rendered as permissively as Markdown allows', () => {
    const markdown = outputs.filter((file) => file.endsWith('.md'));
    expect(markdown).toEqual(expect.arrayContaining(['research/books/pi/27-chapter/brief.md', 'research/books/pi/27-chapter/report.md', 'research/report.md']));
    const problems = markdown.flatMap((file) => {
      const html = micromark(readFileSync(path.join(site.dist, file), 'utf8'), { allowDangerousHtml: true, allowDangerousProtocol: true });
      return inspectHtml(fromHtml(html, { fragment: true }), file).problems;
    });
    expect(problems).toEqual([]);
  });

  it('keeps the hostile strings intact as data in every JSON artifact, and links nothing dangerous', () => {
    const json = outputs.filter((file) => file.endsWith('.json'));
    expect(json).toEqual(expect.arrayContaining(['research/books/pi/27-chapter/pack.json', 'research/report.json']));
    for (const file of json) {
      const text = readFileSync(path.join(site.dist, file), 'utf8');
      const value = JSON.parse(text) as unknown;
      expect(dangerousJsonUrls(value), file).toEqual([]);
      // Safe to paste into a <script> element or sniff as HTML.
      expect(text, file).not.toMatch(/<\/?script|<!--/i);
    }
    const strings: string[] = [];
    collectStrings(JSON.parse(readFileSync(path.join(site.dist, 'research/books/pi/27-chapter/pack.json'), 'utf8')), strings);
    for (const [name, value] of Object.entries(hostile)) expect(strings.some((entry) => entry.includes(value)), `pack.json keeps ${name}`).toBe(true);
  });
});
