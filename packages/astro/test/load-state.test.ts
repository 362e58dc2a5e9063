/**
 * What a page renders of a chapter whose worker pass has not come in (or
 * failed): the annotations a worker posts leave the popovers out, so the
 * page makes them whole from the model, the same as the pass would have.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModel, chapterUrls, claimAnnotations, claimMarkerHtml, claimPopoversHtml, statusReportRows } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { deriveArtifacts, deriveChapter, derivePages, type DerivedChapter } from '../src/derive.js';
import { deriveState } from '../src/load-state.js';
import { parseOptions } from '../src/options.js';

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
    expect(derived.get(early!.id)!.popoversHtml).toBeUndefined();
    const state = deriveState({ root: repoRoot, options, urls, pageUrls: urls }, result, derived).state;

    const whole = (chapter: typeof early) => claimPopoversHtml(claimAnnotations(chapter!, { packUrl: chapterUrls(urls, chapter!.book, chapter!.slug).pack }));
    expect(state.popoversHtml(early!)).toBe(whole(early));
    expect(state.popoversHtml(early!)).toContain('rp-block-verdict');

    // The pass comes in for the other chapter before its page renders: the page takes it.
    const pages = derivePages(input(late));
    expect(pages?.popoversHtml).toBe(whole(late));
    derived.get(late!.id)!.popoversHtml = 'from the pass';
    expect(state.popoversHtml(late!)).toBe('from the pass');

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
});
