/**
 * The status report's table rows kept across builds (`keptRows`): a build
 * writes the report's Markdown with the rows the last build kept, the same
 * bytes as without them, and keeps only the rows it wrote or used. A file
 * written by other code, or one that cannot be read, counts as none. The
 * status report pages' parts are kept the same way (`keptRows(file, 'html')`),
 * by the HTML writer's code.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildModel, type ResearchModel } from '@research-pack/core/model';
import { buildStatusReport, renderStatusReportHtml, statusReportHtmlParts, statusReportRows } from '@research-pack/core/render';
import { parseChapter } from '@research-pack/markdown/parse';
import { keptRows, textArtifacts } from '../src/artifacts.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const urls = { site: 'https://books.example.org', chapters: '/books', research: '/research' };
let model: ResearchModel;
let dir: string | undefined;

beforeAll(() => {
  const built = buildModel({ rootDir: repoRoot, contentDir: 'content/books', parse: (source, { format }) => parseChapter(source, { format }), today: '2026-11-29' });
  if (!built.model) throw new Error('the demo book has problems');
  model = built.model;
});
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Every Markdown report of the build, written with a memo (or without). */
function reports(memo?: Parameters<typeof textArtifacts>[2]['rows']): string[] {
  return textArtifacts(model, urls, { packs: false, report: true, rows: memo })
    .filter((artifact) => artifact.pathname.endsWith('.md'))
    .map((artifact) => artifact.text());
}

describe('keptRows', () => {
  it('writes the same reports with the rows kept by the build before, and keeps only the rows a build used', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'research-pack-rows-'));
    const file = path.join(dir, 'status-report-rows.json');
    const plain = reports();

    const first = keptRows(file);
    expect(reports(first.memo)).toEqual(plain);
    await first.save();
    const kept = JSON.parse(await readFile(file, 'utf8')) as { version: string; rows: Record<string, string> };
    expect(Object.keys(kept.rows).length).toBeGreaterThan(0);

    // A row the next build does not use is not kept again; the others are read, not written again.
    const stray = 'x'.repeat(43);
    await writeFile(file, JSON.stringify({ ...kept, rows: { ...kept.rows, [stray]: '| stray |' } }));
    const second = keptRows(file);
    const written: string[] = [];
    const watched = { get: (key: string) => second.memo.get(key), set: (key: string, line: string) => (written.push(key), second.memo.set(key, line)) };
    expect(reports(watched)).toEqual(plain);
    expect(written).toEqual([]);
    await second.save();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(kept);
  });

  it('uses the rows the workers wrote ahead for each chapter, to the same bytes, and keeps them for the next build', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'research-pack-rows-'));
    const file = path.join(dir, 'status-report-rows.json');
    const plain = reports();
    const rows = keptRows(file);
    // As each worker writes them: from a model of the one chapter.
    const offered = model.books.flatMap((book) => book.chapters.flatMap((chapter) => statusReportRows({ ...model, books: [{ ...book, chapters: [chapter] }] }, urls)));
    expect(offered.length).toBeGreaterThan(0);
    rows.offer(offered);
    const written: string[] = [];
    const asked = new Set<string>();
    const watched = { get: (key: string) => (asked.add(key), rows.memo.get(key)), set: (key: string, line: string) => (written.push(key), rows.memo.set(key, line)) };
    expect(reports(watched)).toEqual(plain);
    // Only the rows no chapter holds alone (the books' and chapters' tables) are written here.
    const offeredKeys = new Set(offered.map(([key]) => key));
    expect(written.every((key) => !offeredKeys.has(key))).toBe(true);
    expect([...asked].filter((key) => offeredKeys.has(key)).length).toBeGreaterThan(written.length);
    await rows.save();
    const kept = JSON.parse(await readFile(file, 'utf8')) as { rows: Record<string, string> };
    expect(Object.keys(kept.rows).sort()).toEqual([...asked].sort());
  });

  it('uses no row written by other code, or from a file that cannot be read', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'research-pack-rows-'));
    const file = path.join(dir, 'status-report-rows.json');
    const first = keptRows(file);
    const plain = reports(first.memo);
    await first.save();
    const kept = JSON.parse(await readFile(file, 'utf8')) as { version: string; rows: Record<string, string> };
    // Every kept row made wrong: only a row that is not used can go unnoticed.
    const wrong = Object.fromEntries(Object.keys(kept.rows).map((key) => [key, '| wrong |']));
    for (const text of [JSON.stringify({ version: 'other code', rows: wrong }), '{"version": ', JSON.stringify({ version: kept.version, rows: 'none' })]) {
      await writeFile(file, text);
      expect(reports(keptRows(file).memo)).toEqual(plain);
    }
    // The same file with the right version is used: which is why the wrong rows show.
    await writeFile(file, JSON.stringify({ version: kept.version, rows: wrong }));
    expect(reports(keptRows(file).memo).join('')).toContain('| wrong |');
  });

  it('keeps the report pages\' parts the same way, by the HTML writer\'s code: the workers\' parts are used, to the same bytes', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'research-pack-parts-'));
    const file = path.join(dir, 'status-report-parts.json');
    const pageUrls = { ...urls, site: '' };
    const pages = (memo?: Parameters<typeof renderStatusReportHtml>[2]['parts']) => {
      const report = buildStatusReport(model, pageUrls);
      return [undefined, ...model.books.map((book) => book.slug)].map((book) => renderStatusReportHtml(report, book === undefined ? {} : { book }, { parts: memo }));
    };
    const plain = pages();
    const parts = keptRows(file, 'html');
    const offered = model.books.flatMap((book) => book.chapters.flatMap((chapter) => statusReportHtmlParts({ ...model, books: [{ ...book, chapters: [chapter] }] }, pageUrls)));
    parts.offer(offered);
    const written: string[] = [];
    const watched = { get: (key: string) => parts.memo.get(key), set: (key: string, html: string) => (written.push(key), parts.memo.set(key, html)) };
    expect(pages(watched)).toEqual(plain);
    expect(written.length).toBeLessThan(offered.length);
    await parts.save();
    const kept = JSON.parse(await readFile(file, 'utf8')) as { version: string; rows: Record<string, string> };
    expect(Object.keys(kept.rows).length).toBeGreaterThanOrEqual(offered.length);
    // The next build's pages are written from the kept parts alone.
    const next = keptRows(file, 'html');
    const again: string[] = [];
    expect(pages({ get: (key) => next.memo.get(key), set: (key, html) => (again.push(key), next.memo.set(key, html)) })).toEqual(plain);
    expect(again).toEqual([]);
    // Rows (the Markdown writer's) are not read as parts, nor parts as rows.
    const rowsFile = path.join(dir, 'status-report-rows.json');
    await writeFile(rowsFile, JSON.stringify({ ...kept }));
    expect(keptRows(rowsFile).memo.get(Object.keys(kept.rows)[0]!)).toBeUndefined();
  });
});
