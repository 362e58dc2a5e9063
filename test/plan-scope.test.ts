/**
 * The claim plan reads only the blocks of a page that hold a claim (where the
 * model placed it) or may hold a directive. On every chapter at hand (the
 * demo book, and a generated book with headings, lists, tables, code, quotes
 * and directives), the tree it makes must be the one made by reading the
 * whole page, on the parse the page really gets (Sätteri, smart punctuation
 * on), and the plan must really have read fewer blocks.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildModel, claimAnnotations, type ChapterAnnotations, type ResearchModel } from '@research-pack/core';
import { claimBlocks, parseChapter, planClaimEdits, type ClaimEdit } from '@research-pack/markdown';
import type { Root } from 'mdast';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { afterAll, describe, expect, it } from 'vitest';
import { AS_OF, generateBook } from '../bench/generate.mjs';

const repo = path.join(import.meta.dirname, '..');
const generated = mkdtempSync(path.join(tmpdir(), 'research-pack-plan-scope-'));
afterAll(() => rmSync(generated, { recursive: true, force: true }));

function model(rootDir: string, today: string): ResearchModel {
  const result = buildModel({ rootDir, parse: (source, { format }) => parseChapter(source, { format }), today });
  if (!result.model) throw new Error(`no model for ${rootDir}`);
  return result.model;
}

/** The page's parse, as Astro's Sätteri pipeline makes it (smart punctuation on). */
function pageTree(source: string, format: 'md' | 'mdx'): Root {
  const parse = format === 'mdx' ? mdxToMdast : markdownToMdast;
  return parse(source, { features: { directive: true, gfm: true, frontmatter: true, smartPunctuation: true }, position: true }) as Root;
}

function edited(source: string, format: 'md' | 'mdx', annotations: ChapterAnnotations, wholeTree: boolean): string {
  const root = pageTree(source, format);
  const edits: ClaimEdit[] = planClaimEdits(root, annotations, { source, popovers: 'page', wholeTree });
  for (const edit of edits) {
    if (edit.kind === 'children') (edit.node as { children: unknown[] }).children = edit.children;
    else {
      const siblings = (edit.parent as { children: unknown[] }).children;
      siblings.splice(siblings.indexOf(edit.node), 1, ...edit.nodes);
    }
  }
  return JSON.stringify(root);
}

function compareOn(rootDir: string, today: string): { chapters: number; claims: number; pruned: number } {
  const totals = { chapters: 0, claims: 0, pruned: 0 };
  for (const chapter of model(rootDir, today).books.flatMap((book) => book.chapters)) {
    const source = readFileSync(path.join(rootDir, chapter.file), 'utf8');
    const format = chapter.file.endsWith('.mdx') ? 'mdx' : 'md';
    const annotations = claimAnnotations(chapter, {});
    const partial = edited(source, format, annotations, false);
    expect(partial, chapter.file).toBe(edited(source, format, annotations, true));
    expect((partial.match(/"type":"researchClaim"/g) ?? []).length, chapter.file).toBe(annotations.claims.length);
    const blocks = claimBlocks(pageTree(source, format), annotations, source);
    if (blocks && blocks.children!.length < pageTree(source, format).children.length) totals.pruned += 1;
    totals.chapters += 1;
    totals.claims += annotations.claims.length;
  }
  return totals;
}

describe('planning only the blocks that hold claims', () => {
  it('gives the page that reading the whole tree gives, on the demo book', () => {
    const totals = compareOn(repo, '2026-11-29');
    expect(totals.claims).toBeGreaterThan(10);
    // Chapter 28 has no claims; 26 and 27 are read in part.
    expect(totals.pruned).toBeGreaterThanOrEqual(1);
  });

  it('gives the page that reading the whole tree gives, on 40 generated chapters, reading fewer blocks', () => {
    generateBook({ dir: generated, chapters: 40, perBook: 40 });
    const totals = compareOn(generated, AS_OF);
    expect(totals.chapters).toBe(40);
    expect(totals.pruned).toBeGreaterThan(30);
  });
});
