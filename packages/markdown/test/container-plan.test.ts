/**
 * A page marks a container the model placed claims in without reading the
 * container's text again: at the leaves the model named (`placeByLeaves`),
 * with the same edits as the container's own text index gives
 * (`placeByText`), and back on the index when the page's leaves are not the
 * model's. The demo book and a generated bench book, parsed as an Astro
 * page parses them (smart punctuation on).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChapterAnnotations } from '@research-pack/core/render';
import { claimAnnotations } from '@research-pack/core/render';
import { buildModel } from '@research-pack/core/model';
import type { IndexNode } from '@research-pack/core/internal';
import { mdxToMdast } from 'satteri';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBook } from '../../../bench/generate.mjs';
import { emitEdits } from '../src/emit-edits.js';
import { placeByLeaves, placeByText, planContainer, wrap, type ContainerPlanOptions } from '../src/container-plan.js';
import { modelPlaces, type PlacedContainer } from '../src/model-places.js';
import { parseChapter } from '../src/parse-chapter.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const options: ContainerPlanOptions = { source: undefined, directive: 'claim', restore: true, popovers: 'inline', markers: 'tree' };

interface Container {
  chapter: string;
  node: IndexNode;
  container: PlacedContainer;
  annotations: ChapterAnnotations;
  source: string;
}

/** Every container the model placed claims in, in every chapter of a project, found in the chapter's page parse. */
function containers(rootDir: string): Container[] {
  const built = buildModel({ rootDir, contentDir: 'content/books', parse: (source, { format }) => parseChapter(source, { format }), today: '2026-11-29' });
  if (!built.model) throw new Error(`${rootDir} has problems`);
  const found: Container[] = [];
  for (const chapter of built.model.books.flatMap((book) => book.chapters)) {
    const source = readFileSync(path.join(rootDir, chapter.file), 'utf8');
    const annotations = claimAnnotations(chapter, { popovers: false });
    const places = modelPlaces(annotations, source);
    if (!places) throw new Error(`${chapter.file}: the model did not place its claims`);
    // As Astro's MDX pipeline parses a page: smart punctuation on.
    const page = mdxToMdast(source, { features: { directive: true, gfm: true, frontmatter: true, smartPunctuation: true }, position: true }) as unknown as IndexNode;
    const walk = (node: IndexNode) => {
      const container = places.containers.get(node.position?.start.offset ?? -1);
      if (container && container.type === node.type) found.push({ chapter: chapter.file, node, container, annotations, source });
      for (const child of node.children ?? []) walk(child);
    };
    walk(page);
  }
  return found;
}

function edits(entry: Container, placement: NonNullable<ReturnType<typeof placeByLeaves>>) {
  const root = wrap(entry.node);
  return emitEdits(placement, { root, treeRoot: root, file: entry.annotations.file, restore: true, popovers: 'inline', markers: 'tree' });
}

let bench: string;
let demo: Container[];
let generated: Container[];

beforeAll(() => {
  bench = mkdtempSync(path.join(os.tmpdir(), 'research-pack-leaves-'));
  generateBook({ dir: bench, chapters: 6, perBook: 6 });
  demo = containers(repoRoot);
  generated = containers(bench);
});
afterAll(() => rmSync(bench, { recursive: true, force: true }));

describe('placeByLeaves', () => {
  it('places every container of the generated book, and all but the one with a directive that is not a claim in the demo', () => {
    expect(generated.length).toBeGreaterThan(20);
    expect(generated.filter((entry) => !placeByLeaves(entry.node, entry.container))).toEqual([]);
    expect(demo.length).toBeGreaterThanOrEqual(10);
    const left = demo.filter((entry) => !placeByLeaves(entry.node, entry.container));
    expect(left.map((entry) => entry.container.claims.map((claim) => claim.id))).toEqual([['third-party-readers']]);
    // Quotes and claim directives in one container are placed together.
    expect(demo.some((entry) => placeByLeaves(entry.node, entry.container) && new Set(entry.container.claims.map((claim) => claim.anchor.type)).size === 2)).toBe(true);
  });

  it('makes the edits the container’s own text index makes', () => {
    for (const entry of [...demo, ...generated]) {
      const byLeaves = placeByLeaves(entry.node, entry.container);
      if (!byLeaves) continue;
      const byText = placeByText(entry.node, entry.container, entry.annotations, { ...options, source: entry.source });
      expect(edits(entry, byLeaves), `${entry.chapter}: ${entry.container.claims.map((claim) => claim.id).join(', ')}`).toEqual(edits(entry, byText));
    }
  });

  it('leaves a container to its text index when the words are not at the leaves the model named', () => {
    const entry = generated.find((candidate) => candidate.container.claims.some((claim) => claim.place?.leaves))!;
    const shifted: PlacedContainer = {
      ...entry.container,
      claims: entry.container.claims.map((claim) => (claim.place?.leaves ? { ...claim, place: { ...claim.place, leaves: { ...claim.place.leaves, startOffset: claim.place.leaves.startOffset + 1 } } } : claim)),
    };
    expect(placeByLeaves(entry.node, shifted)).toBeUndefined();
    const counted: PlacedContainer = {
      ...entry.container,
      claims: entry.container.claims.map((claim) => (claim.place?.leaves ? { ...claim, place: { ...claim.place, leaves: { ...claim.place.leaves, count: claim.place.leaves.count + 1 } } } : claim)),
    };
    expect(placeByLeaves(entry.node, counted)).toBeUndefined();
    // Either way the page marks the same claims, from the container's text.
    const expected = planContainer(entry.node, entry.container, entry.annotations, { ...options, source: entry.source });
    expect(planContainer(entry.node, shifted, entry.annotations, { ...options, source: entry.source })).toEqual(expected);
    expect(planContainer(entry.node, counted, entry.annotations, { ...options, source: entry.source })).toEqual(expected);
  });

  it('leaves a container to its text index when smart punctuation shortened a leaf before the words', () => {
    const source = 'She said -- twice... that "Q" holds.\n';
    const quote = { type: 'quote' as const, exact: 'that "Q" holds.' };
    // Where the model (smart punctuation off) found the words: after `She said -- twice... `.
    const from = 'She said -- twice... '.length;
    const claim = {
      id: 'q',
      status: 'unverified',
      anchor: quote,
      line: 1,
      column: 1,
      wrapper: { className: ['rp-claim'], id: 'rp-claim-q', dataStatus: 'unverified' },
      marker: { type: 'element', tagName: 'button', properties: {}, children: [] },
      place: { container: { type: 'paragraph', start: 0, end: source.length - 1 }, from, to: from + quote.exact.length, simple: false, leaves: { count: 1, start: 0, startOffset: from, startLength: source.length - 1, end: 0, endOffset: from + quote.exact.length, endLength: source.length - 1 } },
    } as unknown as ChapterAnnotations['claims'][number];
    const container: PlacedContainer = { type: 'paragraph', start: 0, end: source.length - 1, claims: [claim] };
    const plain = mdxToMdast(source, { features: { smartPunctuation: false }, position: true }) as unknown as IndexNode;
    const smart = mdxToMdast(source, { features: { smartPunctuation: true }, position: true }) as unknown as IndexNode;
    expect(placeByLeaves(plain.children![0]!, container)).toBeDefined();
    // The words are there on the page too, three characters earlier: the leaf's length says it moved.
    expect(smart.children![0]!.children![0]!.value!.slice(from - 3, from - 3 + quote.exact.length)).toBe('that “Q” holds.');
    expect(placeByLeaves(smart.children![0]!, container)).toBeUndefined();
  });
});
