/**
 * On Sätteri, a chapter the model placed is marked node by node (claim
 * directives on their own nodes, the containers of quote claims rebuilt from
 * their own text), without a `before` hook that would copy the page into
 * JavaScript. On every chapter at hand (the demo book, and a generated book
 * with headings, lists, tables, code, quotes and directives), that gives the
 * page reading the whole tree gives: as Astro's MDX pipeline hands the source
 * (frontmatter blanked) and as its content layer hands a Markdown body
 * (frontmatter cut off, trimmed), with smart punctuation on.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseFrontmatter } from '@astrojs/markdown-remark';
import { buildModel, claimAnnotations, claimMarkerHtml, type ChapterAnnotations, type ResearchModel } from '@research-pack/core';
import { parseChapter, satteriClaims } from '@research-pack/markdown';
import { markdownToHtml, mdxToJs } from 'satteri';
import { afterAll, describe, expect, it } from 'vitest';
import { AS_OF, generateBook } from '../bench/generate.mjs';

const repo = path.join(import.meta.dirname, '..');
const generated = mkdtempSync(path.join(tmpdir(), 'research-pack-page-visitors-'));
afterAll(() => rmSync(generated, { recursive: true, force: true }));

function model(rootDir: string, today: string): ResearchModel {
  const result = buildModel({ rootDir, parse: (source, { format }) => parseChapter(source, { format }), today });
  if (!result.model) throw new Error(`no model for ${rootDir}`);
  return result.model;
}

const features = { directive: true, gfm: true, frontmatter: true, smartPunctuation: true };

const plugins = (annotations: ChapterAnnotations, markerModule?: { from: string; name: string }) => [satteriClaims({ annotations: () => annotations, popovers: 'page', markerModule })];

/** The marker module `@research-pack/astro` gives the plugin. */
const MARKER_MODULE = { from: '@research-pack/astro/marker', name: 'claimMarker' };

/** The page as HTML (these chapters are Markdown, whatever their extension). */
function html(source: string, file: string, annotations: ChapterAnnotations): string {
  return markdownToHtml(source, { mdastPlugins: plugins(annotations), features, fileURL: pathToFileURL(file) }).html;
}

/** The chapter compiled as Astro compiles MDX. */
function mdx(source: string, file: string, annotations: ChapterAnnotations, markerModule?: { from: string; name: string }): string {
  return mdxToJs(source, { mdastPlugins: plugins(annotations, markerModule), features, fileURL: pathToFileURL(file), jsxImportSource: 'astro', elementAttributeNameCase: 'html' }).code;
}

/** Whether the plugin marks this page node by node (no `before` hook reading the whole tree). */
function byNodes(source: string, file: string, annotations: ChapterAnnotations): boolean {
  const plugin = satteriClaims({ annotations: () => annotations })({ fileURL: pathToFileURL(file), source, sourceFormat: 'markdown', data: {} });
  return plugin !== null && !('before' in plugin);
}

function compareOn(rootDir: string, today: string): { chapters: number; claims: number; byNodes: number } {
  const totals = { chapters: 0, claims: 0, byNodes: 0 };
  for (const chapter of model(rootDir, today).books.flatMap((book) => book.chapters)) {
    const file = path.join(rootDir, chapter.file);
    const raw = readFileSync(file, 'utf8');
    const annotations = claimAnnotations(chapter, {});
    // The same annotations without the model's places: the page is read whole.
    const whole: ChapterAnnotations = { ...annotations, claims: annotations.claims.map(({ place: _place, ...claim }) => claim) };
    const blanked = parseFrontmatter(raw, { frontmatter: 'empty-with-spaces' }).content;
    for (const source of [blanked, blanked.trim()]) {
      const page = html(source, file, annotations);
      expect(page, chapter.file).toBe(html(source, file, whole));
      expect(page.split('data-claim-id').length - 1, chapter.file).toBe(annotations.claims.length);
      if (byNodes(source, file, annotations)) totals.byNodes += 1;
    }
    // In MDX every claim is marked too, its marker one string of markup, not elements compiled into the module.
    const compiled = mdx(blanked, file, annotations);
    expect(compiled.split('"data-claim-id"').length - 1, chapter.file).toBe(annotations.claims.length);
    expect(compiled.split('"set:html": "<button').length - 1, chapter.file).toBe(annotations.claims.length);
    expect(compiled, chapter.file).not.toContain('_components.button');
    // With a marker module, each marker is a call that returns that markup when the page renders: the rest is the same module.
    const called = mdx(blanked, file, annotations, MARKER_MODULE);
    const calls = [...called.matchAll(/_researchPackClaimMarker\(("[^"]*"), ("[^"]*")\)/g)];
    expect(calls.map((call) => `${JSON.parse(call[1]!)} ${JSON.parse(call[2]!)}`).sort(), chapter.file).toEqual(annotations.claims.map((claim) => `${chapter.id} ${claim.id}`).sort());
    expect(called, chapter.file).not.toContain('<button');
    expect(called.split('import { claimMarker as _researchPackClaimMarker } from').length - 1, chapter.file).toBe(1);
    const byId = new Map(annotations.claims.map((claim) => [claim.id, claim]));
    const restored = called
      .replace(`import { claimMarker as _researchPackClaimMarker } from "${MARKER_MODULE.from}";\n`, '')
      .replace(/_researchPackClaimMarker\("[^"]*", ("[^"]*")\)/g, (_, id: string) => JSON.stringify(claimMarkerHtml(byId.get(JSON.parse(id))!)));
    expect(restored, chapter.file).toBe(compiled);
    totals.chapters += 1;
    totals.claims += annotations.claims.length;
  }
  return totals;
}

describe('marking a page node by node', () => {
  it('gives the page that reading the whole tree gives, on the demo book', () => {
    const totals = compareOn(repo, '2026-11-29');
    expect(totals.claims).toBeGreaterThan(10);
    expect(totals.byNodes).toBe(totals.chapters * 2);
  });

  it('gives the page that reading the whole tree gives, on 40 generated chapters', () => {
    generateBook({ dir: generated, chapters: 40, perBook: 40 });
    const totals = compareOn(generated, AS_OF);
    expect(totals.chapters).toBe(40);
    expect(totals.claims).toBeGreaterThan(400);
    expect(totals.byNodes).toBe(80);
  });

  it('marks the same, the marker import included, when the annotations come later (as while a build loads the model)', async () => {
    const [chapter] = model(repo, '2026-11-29').books[0]!.chapters.filter((candidate) => candidate.claims.length > 0);
    const file = path.join(repo, chapter!.file);
    const annotations = claimAnnotations(chapter!, {});
    const blanked = parseFrontmatter(readFileSync(file, 'utf8'), { frontmatter: 'empty-with-spaces' }).content;
    const options = { features, fileURL: pathToFileURL(file), jsxImportSource: 'astro', elementAttributeNameCase: 'html' as const };
    const later = mdxToJs(blanked, { ...options, mdastPlugins: [satteriClaims({ annotations: () => Promise.resolve(annotations), popovers: 'page', markerModule: MARKER_MODULE })] });
    expect(later).toBeInstanceOf(Promise);
    const { code } = await later;
    expect(code).toBe(mdx(blanked, file, annotations, MARKER_MODULE));
    expect(code).toContain('import { claimMarker as _researchPackClaimMarker } from "@research-pack/astro/marker";');
  });

  it('reads the whole tree when a claim is in a directive block that is not ours, which the page restores (its marks would be dropped with the block)', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'research-pack-page-block-'));
    try {
      cpSync(path.join(repo, 'content'), path.join(root, 'content'), { recursive: true });
      const file = path.join(root, 'content/books/pi/27-chapter.mdx');
      const text = readFileSync(file, 'utf8');
      const line = text.split('\n').find((candidate) => candidate.startsWith(':claim[Each line of a session file'))!;
      writeFileSync(file, text.replace(line, `:::note\n${line}\n:::`));
      const chapter = model(root, '2026-11-29').books[0]!.chapters.find((candidate) => candidate.file.endsWith('27-chapter.mdx'))!;
      const annotations = claimAnnotations(chapter, {});
      expect(annotations.claims.some((claim) => claim.place)).toBe(false);
      const blanked = parseFrontmatter(readFileSync(file, 'utf8'), { frontmatter: 'empty-with-spaces' }).content;
      expect(byNodes(blanked, file, annotations)).toBe(false);
      const page = html(blanked, file, annotations);
      // Both claims of the block, a directive and a quote, are marked, and every other claim.
      for (const id of ['one-object-per-line', 'jsonl-three-rules']) expect(page).toContain(`data-claim-id="${id}"`);
      expect(page.split('data-claim-id').length - 1).toBe(annotations.claims.length);
      expect(page).toContain(':::note');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads the whole tree when the page is another revision than the model read', () => {
    const [chapter] = model(repo, '2026-11-29').books[0]!.chapters.filter((candidate) => candidate.claims.length > 0);
    const file = path.join(repo, chapter!.file);
    const annotations = claimAnnotations(chapter!, {});
    const source = readFileSync(file, 'utf8');
    expect(byNodes(source, file, annotations)).toBe(true);
    expect(byNodes(`${source}\nA paragraph the model has not read.\n`, file, annotations)).toBe(false);
  });
});
