/**
 * What a page renders of a chapter whose worker pass has not come in (or
 * failed): the annotations a worker posts leave the popovers out, so the
 * page makes them whole from the model, the same as the pass would have.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModel, chapterUrls, claimAnnotations, claimMarkerHtml, claimPopoversHtml, claimReviewJsonLd, statusReportRows } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { deriveArtifacts, deriveChapter, derivePages, type DerivedChapter } from '../src/derive.js';
import { deriveState } from '../src/load-state.js';
import { pack, Recent, unpack } from '../src/packed.js';
import { parseOptions, resolveOptions, validateOptions } from '../src/options.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const urls = { site: '', chapters: '/books/[book]/[chapter]', research: '/research/[book]/[chapter]' };

describe('deriveState with what the workers posted', () => {
  it('renders a chapter\'s popovers whole before its pass is in, and the pass\'s own when it is', () => {
    const options = parseOptions({ asOf: '2026-11-29' });
    const result = buildModel({ rootDir: repoRoot, parse: (source, { format }) => parseChapter(source, { format }), today: '2026-11-29' });
    const book = result.model!.books[0]!;
    const [early, late] = book.chapters.filter((chapter) => chapter.claims.length > 0);
    const context = { urls, pageUrls: urls, packs: true, artifactsDir: path.join(repoRoot, '.tmp', 'load-state-test-unused') };
    const input = (chapter: typeof early) => ({ chapter: chapter!, book: { slug: book.slug, file: book.file, config: book.config }, asOf: '2026-11-29', digest: undefined, context });
    // As the first stage posts them: annotations without popovers, nothing else yet.
    const posted = (chapter: typeof early): DerivedChapter => {
      const made = deriveChapter({ ...input(chapter), context: { ...context, artifactsDir: path.join(repoRoot, '.tmp', `load-state-test-${chapter!.id}-${process.pid}`) } });
      return structuredClone(made);
    };
    const derived = new Map([early!, late!].map((chapter) => [chapter.id, posted(chapter)]));
    expect(derived.get(early!.id)!.pages).toBeUndefined();
    // Posted as bytes, kept as bytes: outside the heap until a page asks.
    expect(derived.get(early!.id)!.annotations).toBeInstanceOf(Uint8Array);
    const state = deriveState({ root: repoRoot, options, urls, pageUrls: urls }, result, derived).state;

    const whole = (chapter: typeof early) => claimPopoversHtml(claimAnnotations(chapter!, { packUrl: chapterUrls(urls, chapter!.book, chapter!.slug).pack }));
    expect(state.popoversHtml(early!)).toBe(whole(early));
    expect(state.popoversHtml(early!)).toContain('rp-block-verdict');

    // The other chapter's transform reads its annotations before its pass is in.
    expect(state.annotations(late!).claims.length).toBe(late!.claims.length);
    // The pass comes in before its page renders: the page takes it.
    const pages = unpack(structuredClone(derivePages(input(late))!.pages!));
    expect(pages.popoversHtml).toBe(whole(late));
    // The JSON-LD the same way: the pass makes what the page would, and the page takes the pass's.
    expect(pages.jsonLd).toBe(claimReviewJsonLd(late!, urls));
    derived.get(late!.id)!.pages = pack({ popoversHtml: 'from the pass', jsonLd: 'JSON-LD from the pass' });
    expect(state.popoversHtml(late!)).toBe('from the pass');
    expect(state.jsonLd(late!)).toBe('JSON-LD from the pass');
    expect(state.jsonLd(early!)).toBe(claimReviewJsonLd(early!, urls));
    expect(state.jsonLd(early!)).toContain('"ClaimReview"');

    // Markers are whole either way.
    const claim = early!.claims[0]!.claim.id;
    expect(state.markerHtml(early!.id, claim)).toBe(claimMarkerHtml(claimAnnotations(early!, {}).claims.find((annotation) => annotation.id === claim)!));
    expect(state.markerHtml(early!.id, 'no-such-claim')).toBeUndefined();
    expect(state.markerHtml('no-such-chapter', claim)).toBeUndefined();
  });

  it('writes a chapter\'s status report rows in the last pass when the report is built, and none without it', async () => {
    const result = buildModel({ rootDir: repoRoot, parse: (source, { format }) => parseChapter(source, { format }), today: '2026-11-29' });
    const book = result.model!.books[0]!;
    const chapter = book.chapters.find((candidate) => candidate.claims.some((claim) => claim.status !== 'supported'))!;
    const made = (report: boolean) => {
      const context = { urls, pageUrls: urls, packs: false, report, artifactsDir: path.join(repoRoot, '.tmp', `load-state-rows-${report}-${process.pid}`) };
      rmSync(context.artifactsDir, { recursive: true, force: true });
      return deriveArtifacts({ chapter, book: { slug: book.slug, file: book.file, config: book.config }, asOf: '2026-11-29', digest: undefined, context });
    };
    const rows = made(true)?.reportRows;
    expect(rows).toEqual(statusReportRows({ ...result.model!, books: [{ ...book, chapters: [chapter] }] }, urls));
    expect(rows!.length).toBeGreaterThan(chapter.claims.filter((claim) => claim.status !== 'supported').length);
    expect(made(false)?.reportRows).toBeUndefined();
  });

  it('stamps a chapter\'s pages by all they are made from, and keys the pack pages in the built-in layout only', () => {
    const result = buildModel({ rootDir: repoRoot, parse: (source, { format }) => parseChapter(source, { format }), today: '2026-11-29' });
    const book = result.model!.books[0]!;
    const [one, two] = book.chapters;
    const stateOf = (model: typeof result, options = parseOptions({ asOf: '2026-11-29' }), derived = new Map<string, DerivedChapter>()) =>
      deriveState({ root: repoRoot, options, urls, pageUrls: urls }, model, derived).state;
    const plain = stateOf(result);
    expect(plain.pageStamp(one!)).toMatch(/^[0-9a-f]{32}$/);
    expect(plain.pageStamp(one!)).toBe(stateOf(result).pageStamp(one!));
    expect(plain.pageStamp(one!)).not.toBe(plain.pageStamp(two!));
    // Without the workers' key: an edit of the chapter's model, or of its book, is another stamp.
    const edited = structuredClone(result);
    edited.model!.books[0]!.chapters[0]!.claims[0]!.claim.id = 'renamed-claim';
    expect(stateOf(edited).pageStamp(edited.model!.books[0]!.chapters[0]!)).not.toBe(plain.pageStamp(one!));
    const retitled = structuredClone(result);
    retitled.model!.books[0]!.config = { ...book.config, title: `${book.config.title} (revised)` };
    expect(stateOf(retitled).pageStamp(retitled.model!.books[0]!.chapters[0]!)).not.toBe(plain.pageStamp(one!));
    // With it: the stamp follows the key.
    const keyed = (key: string) => stateOf(result, undefined, new Map([[one!.id, { annotations: pack(claimAnnotations(one!, {})), artifactsKey: key }]])).pageStamp(one!);
    expect(keyed('a')).toBe(keyed('a'));
    expect(keyed('a')).not.toBe(keyed('b'));
    expect(plain.packPagesKeyed).toBe(true);
    expect(stateOf(result, parseOptions({ asOf: '2026-11-29', layout: './src/layouts/Research.astro' })).packPagesKeyed).toBe(false);
    expect(stateOf(result, resolveOptions(validateOptions({ asOf: '2026-11-29' }), 'starlight')).packPagesKeyed).toBe(false);
  });
});

describe('what the workers made, kept as bytes', () => {
  it('reads a chapter back whole, and keeps only the last few chapters read', () => {
    const result = buildModel({ rootDir: repoRoot, parse: (source, { format }) => parseChapter(source, { format }), today: '2026-11-29' });
    const chapters = result.model!.books.flatMap((book) => book.chapters);
    const annotations = new Map(chapters.map((chapter) => [chapter.id, claimAnnotations(chapter, {})]));
    expect(unpack(structuredClone(pack(annotations.get(chapters[0]!.id))))).toEqual(annotations.get(chapters[0]!.id));

    // Every chapter the workers made, as bytes: the state reads each as it is asked for.
    const derived = new Map(chapters.map((chapter) => [chapter.id, { annotations: pack(annotations.get(chapter.id)!) }]));
    const state = deriveState({ root: repoRoot, options: parseOptions({ asOf: '2026-11-29' }), urls, pageUrls: urls }, result, derived).state;
    for (const chapter of chapters) expect(state.annotations(chapter)).toEqual(annotations.get(chapter.id));
    // The same chapter asked for again at once is read once.
    const [first, second] = chapters;
    expect(state.annotations(first!)).toBe(state.annotations(first!));
    expect(state.annotations(second!)).toBe(state.annotations(second!));
    expect(state.annotations(first!)).toBe(state.annotations(first!));
    // Keeping one chapter read, a chapter asked for after another is read again: equal, not the same object.
    const one = deriveState({ root: repoRoot, options: parseOptions({ asOf: '2026-11-29' }), urls, pageUrls: urls }, result, derived, 1).state;
    const before = one.annotations(first!);
    expect(one.annotations(first!)).toBe(before);
    one.annotations(second!);
    const again = one.annotations(first!);
    expect(again).not.toBe(before);
    expect(again).toEqual(before);

    const recent = new Recent<string, object>(2);
    const made: string[] = [];
    const get = (key: string) => recent.get(key, () => (made.push(key), { key }));
    const a = get('a');
    get('b');
    expect(get('a')).toBe(a);
    get('c');
    // 'b' was the oldest when 'c' came: it is made again, 'a' is not.
    get('b');
    expect(get('c')).toBeDefined();
    expect(made).toEqual(['a', 'b', 'c', 'b']);
    get('a');
    expect(made).toEqual(['a', 'b', 'c', 'b', 'a']);
  });
});

describe('a build\'s state from its workers', () => {
  it('keeps each chapter\'s pages as bytes once its pass is in, and renders from them', async () => {
    // The built module: its workers load the built derive module beside it (they cannot load TypeScript).
    const { loadStateOnThreads } = (await import(path.join(repoRoot, 'packages/astro/dist/load-state.js'))) as typeof import('../src/load-state.js');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'research-pack-passes-'));
    try {
      await cp(path.join(repoRoot, 'content/books'), path.join(dir, 'content/books'), { recursive: true });
      const loaded = await loadStateOnThreads({ root: dir, options: parseOptions({ asOf: '2026-11-29' }), urls, pageUrls: urls, artifactsDir: path.join(dir, 'artifacts') });
      await loaded.finished;
      const chapters = loaded.state.model!.books.flatMap((book) => book.chapters);
      expect(chapters.length).toBeGreaterThan(1);
      for (const chapter of chapters) {
        const made = loaded.derived.get(chapter.id)!;
        expect(made.annotations).toBeInstanceOf(Uint8Array);
        expect(made.pages).toBeInstanceOf(Uint8Array);
        const pages = unpack(made.pages!);
        expect(loaded.state.popoversHtml(chapter)).toBe(pages.popoversHtml);
        expect(loaded.state.jsonLd(chapter)).toBe(pages.jsonLd);
        expect(loaded.state.packHtml(chapter)).toBe(pages.packHtml);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
