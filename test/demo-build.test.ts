/**
 * Real `astro build`s of the demo book: intact, every page and research
 * artifact is there and the fingerprints agree; broken (an unknown key
 * appended to a claims sidecar), the build fails naming file:line:column and
 * leaves no pages behind. And the demo sidecars name their JSON Schema for
 * editors, which is the one generated from zod.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { jsonSchemaText, sidecarKinds } from '@research-pack/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { repoRoot } from './helpers/project.js';
import { brokenLinks } from './helpers/links.js';
import { buildDemo, demoChapters, listFiles, type SiteBuild } from './helpers/site-build.js';

describe('astro build of the demo book', () => {
  let site: SiteBuild;
  let chapters: string[];
  beforeAll(async () => {
    site = await buildDemo('demo-build', {
      // Drafts, as the books are read: a chapter file and a book folder whose names start with "_".
      prepare(dir) {
        const draft = '---\ntitle: Draft\nnumber: 90\n---\n\nNot ready.\n';
        writeFileSync(path.join(dir, 'content/books/pi/_90-draft.mdx'), draft);
        mkdirSync(path.join(dir, 'content/books/_ideas'));
        writeFileSync(path.join(dir, 'content/books/_ideas/01-idea.mdx'), draft);
      },
    });
    chapters = demoChapters(site.dir);
  });

  it('succeeds', () => {
    expect(site.code, site.output).toBe(0);
    expect(chapters.length).toBeGreaterThanOrEqual(3);
  });

  it('leaves out a chapter file and a book folder whose names start with "_", as `research-pack check` does', () => {
    const built = listFiles(site.dist);
    expect(built.filter((file) => /(^|\/)_(90-draft|ideas)\b/.test(file))).toEqual([]);
    expect(chapters).not.toContain('pi/_90-draft');
  });

  it('links only to pages and files it built: no internal 404', () => {
    expect(brokenLinks(site.dist, 'https://books.example.org')).toEqual([]);
  });

  it('builds every chapter page at /books/<book>/<chapter>/', () => {
    for (const chapter of chapters) {
      const file = path.join(site.dist, 'books', chapter, 'index.html');
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    }
  });

  it('builds the five research pack artifacts of every chapter', () => {
    for (const chapter of chapters) {
      for (const artifact of ['index.html', 'chapter-snapshot.txt', 'brief.md', 'report.md', 'pack.json']) {
        const file = path.join(site.dist, 'research', 'books', chapter, artifact);
        expect(existsSync(file), file).toBe(true);
        expect(readFileSync(file, 'utf8').length, file).toBeGreaterThan(0);
      }
    }
  });

  it('builds the research report pages', () => {
    const books = [...new Set(chapters.map((chapter) => chapter.split('/')[0]!))];
    const pages = ['research/index.html', 'research/report.json', 'research/report.md', ...books.map((book) => `research/books/${book}/index.html`)];
    for (const page of pages) expect(existsSync(path.join(site.dist, page)), page).toBe(true);
    expect(JSON.parse(readFileSync(path.join(site.dist, 'research/report.json'), 'utf8'))).toBeTypeOf('object');
  });

  it('renders every claim popover once, after the article, and every marker opens one', () => {
    for (const chapter of chapters) {
      const page = fromHtml(readFileSync(path.join(site.dist, 'books', chapter, 'index.html'), 'utf8'));
      const all = elements(page);
      const claims = (JSON.parse(readFileSync(path.join(site.dist, 'research', 'books', chapter, 'pack.json'), 'utf8')) as { claimAudit: Array<{ id: string }> }).claimAudit;
      expect(claims.length, chapter).toBeGreaterThan(0);
      const popovers = all.filter((element) => element.properties.popover !== undefined);
      expect(popovers.map((popover) => popover.properties.id).sort(), chapter).toEqual(claims.map((claim) => `rp-claim-${claim.id}-details`).sort());
      // All in one container after the article, none in the chapter's text.
      const containers = all.filter((element) => hasClass(element, 'rp-popovers'));
      expect(containers, chapter).toHaveLength(1);
      expect(elements(containers[0]!).filter((element) => element.properties.popover !== undefined), chapter).toHaveLength(popovers.length);
      for (const article of all.filter((element) => element.tagName === 'article')) {
        expect(elements(article).filter((element) => element.properties.popover !== undefined), chapter).toEqual([]);
      }
      const markers = all.filter((element) => hasClass(element, 'rp-marker'));
      expect(markers, chapter).toHaveLength(claims.length);
      for (const marker of markers) {
        const target = marker.properties.popoverTarget;
        const found = all.filter((element) => element.properties.id === target);
        expect(found, `${chapter}: ${String(target)}`).toHaveLength(1);
        expect(found[0]!.properties.popover, `${chapter}: ${String(target)}`).toBe('auto');
      }
    }
  });

  it('fingerprints each chapter as sha256 of its snapshot, in pack.json and brief.md alike', () => {
    for (const chapter of chapters) {
      const dir = path.join(site.dist, 'research', 'books', chapter);
      const digest = createHash('sha256').update(readFileSync(path.join(dir, 'chapter-snapshot.txt'))).digest('hex');
      const pack = JSON.parse(readFileSync(path.join(dir, 'pack.json'), 'utf8')) as { fingerprint: { algorithm: string; value: string } };
      expect(pack.fingerprint, chapter).toEqual({ algorithm: 'sha256', value: digest });
      const brief = readFileSync(path.join(dir, 'brief.md'), 'utf8');
      const stated = /fingerprint[^\n]*?\b([0-9a-f]{64})\b/i.exec(brief);
      expect(stated?.[1], `${chapter}: the brief states the fingerprint`).toBe(digest);
    }
  });
});

describe('astro build of the demo book with a broken sidecar', () => {
  const sidecar = 'content/books/pi/27-chapter.claims.yaml';
  let site: SiteBuild;
  let line: number;
  beforeAll(async () => {
    site = await buildDemo('demo-build-broken', {
      prepare(dir) {
        const file = path.join(dir, sidecar);
        const text = readFileSync(file, 'utf8');
        const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
        // A key whose name says "window": Astro puts its own hint about browser APIs on an error that says it.
        appendFileSync(file, `${text.endsWith('\n') ? '' : '\n'}windowNotes: this key is not part of the format\n`);
        line = lines + 1;
      },
    });
  });

  it('fails', () => {
    expect(site.code, site.output).not.toBe(0);
  });

  it('names the file, line and column of the unknown key, with a hint', () => {
    expect(site.output).toContain(`${sidecar}:${line}:1`);
    expect(site.output).toContain(`${sidecar}:${line}:1  windowNotes  unknown key "windowNotes"; allowed keys: claims`);
    expect(site.output).toContain('[schema/unknown-key]');
  });

  it("reports it as the author's error, not a crash: Astro's Location is the sidecar's line, and no stack trace is printed", () => {
    const output = stripVTControlCharacters(site.output);
    expect(output).toMatch(new RegExp(`Location:\\s+${escapeRegExp(path.join(site.dir, sidecar))}:${line}:1\\n`));
    expect(output).not.toContain('Stack trace');
    expect(output).not.toContain('integration.js');
  });

  it("gives Research Pack's hint, not Astro's about browser APIs, though the problem says \"window\"", () => {
    const output = stripVTControlCharacters(site.output);
    expect(output).toContain('Fix each file:line:column above; `npx research-pack check` lists the same problems without building.');
    expect(output).not.toContain('Browser APIs');
  });

  it('leaves no pages in dist/', () => {
    const pages = listFiles(site.dist).filter((file) => /\.(html|md|json|txt)$/.test(file));
    expect(pages).toEqual([]);
  });
});

describe('astro build of the demo book with a chapter whose frontmatter is wrong', () => {
  const chapter = 'content/books/pi/99-broken.md';
  let site: SiteBuild;
  beforeAll(async () => {
    site = await buildDemo('demo-build-frontmatter', {
      prepare(dir) {
        writeFileSync(path.join(dir, chapter), '---\ntitle: Broken\nnumber: two\n---\n\nSome text.\n');
        writeFileSync(path.join(dir, 'content/books/pi/98-empty.md'), '');
      },
    });
  });

  it("fails with Research Pack's problem, where Astro's content schema refused the entry", () => {
    expect(site.code, site.output).not.toBe(0);
    const output = stripVTControlCharacters(site.output);
    expect(output).toContain(`${chapter}:3:9  number  expected a number, got the string "two"`);
    // Astro stops at the first chapter it refuses; the others are listed with it.
    expect(output).toContain('content/books/pi/98-empty.md:1:1  the chapter file is empty');
    expect(output).toContain('Research Pack found 2 problems in the frontmatter of 2 chapters:');
    expect(output).toMatch(new RegExp(`Location:\\s+${escapeRegExp(site.dir)}/content/books/pi/9[89]-[a-z]+\\.md:[0-9]+:[0-9]+\\n`));
    expect(output).not.toContain('InvalidContentEntryDataError');
    expect(output).not.toContain('Stack trace');
  });
});

describe('astro build of the demo book with a chapter whose frontmatter is not YAML', () => {
  const chapter = 'content/books/pi/99-colon.md';
  let site: SiteBuild;
  beforeAll(async () => {
    site = await buildDemo('demo-build-frontmatter-yaml', {
      // An unquoted colon in a title (an outside author's finding: the build printed the YAML parser's stack).
      prepare: (dir) => writeFileSync(path.join(dir, chapter), '---\ntitle: Slow Start: how TCP begins\nnumber: 99\n---\n\nSome text.\n'),
    });
  });

  it("fails with Research Pack's problem at the line and column, as `research-pack check` words it, and no stack", () => {
    expect(site.code, site.output).not.toBe(0);
    const output = stripVTControlCharacters(site.output);
    expect(output).toContain('Research Pack found a problem in the frontmatter of content/books/pi/99-colon.md:');
    expect(output).toMatch(/content\/books\/pi\/99-colon\.md:2:\d+  [^\n]*\(hint: a value containing ": " must be quoted/);
    expect(output).not.toContain('Stack trace');
    expect(output).not.toContain('composer.js');
  });
});

describe('the demo sidecars point editors at the JSON Schemas', () => {
  const bookDir = path.join(repoRoot, 'content', 'books', 'pi');
  const files = listFiles(bookDir).filter((file) => !file.includes('/') && file.endsWith('.yaml'));
  const kindOf = (file: string) => (file === 'book.yaml' ? 'book' : /\.(claims|evidence|research)\.yaml$/.exec(file)?.[1]);
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  it('has a sidecar of every kind', () => {
    expect(new Set(files.map(kindOf))).toEqual(new Set(['book', 'claims', 'evidence', 'research']));
  });

  it.each(files)('%s starts with a yaml-language-server $schema comment naming its schema, which exists', (file) => {
    const text = readFileSync(path.join(bookDir, file), 'utf8');
    const first = text.split('\n')[0]!;
    const match = /^# yaml-language-server: \$schema=(\S+)$/.exec(first);
    expect(match, `${file}: first line ${JSON.stringify(first)}`).not.toBeNull();
    const schemaPath = path.resolve(bookDir, match![1]!);
    expect(existsSync(schemaPath), schemaPath).toBe(true);
    expect(path.basename(schemaPath)).toBe(`${kindOf(file)}.schema.json`);
    // The schema the editor loads is the one the package ships, and it accepts the file.
    expect(readFileSync(schemaPath, 'utf8')).toBe(readFileSync(path.join(repoRoot, 'packages/core/schemas', `${kindOf(file)}.schema.json`), 'utf8'));
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')) as object);
    const value = parseYaml(text, { schema: 'core' }) as unknown;
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  });

  it('ships a schema file for every sidecar kind, generated from zod', () => {
    for (const kind of sidecarKinds) {
      const file = path.join(repoRoot, 'packages/core/schemas', `${kind}.schema.json`);
      expect(readFileSync(file, 'utf8'), `${kind}.schema.json is out of date: run npm run schemas -w @research-pack/core`).toBe(jsonSchemaText(kind));
    }
  });
});

/** Every element of a tree, in document order. */
function elements(node: Root | RootContent): Element[] {
  const own = node.type === 'element' ? [node] : [];
  const children = node.type === 'element' && node.tagName === 'template' && node.content ? [node.content] : 'children' in node ? node.children : [];
  return [...own, ...children.flatMap((child) => elements(child as RootContent))];
}

function hasClass(element: Element, name: string): boolean {
  const value = element.properties.className;
  return Array.isArray(value) && value.includes(name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
