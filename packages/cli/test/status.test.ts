/**
 * `research-pack status`, run as the real binary on the demo book.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDemoBooks, editFile, removeProject, runCli } from './helpers.js';

describe('research-pack status', () => {
  it('prints one row per chapter with claims by status, leads, sources, notebooks and the last pass', async () => {
    const result = await runCli(['status', '--as-of', '2026-11-29']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^chapter\s+claims\s+sup\s+qual\s+contra\s+unver\s+stale\s+due\s+leads\s+review\s+partial src\s+notebooks\s+last pass$/);
    expect(lines[1]).toMatch(/^-+(  -+){12}$/);
    expect(lines.slice(2, 5).map((line) => line.split(/\s{2,}/)[0])).toEqual(['pi/26-chapter', 'pi/27-chapter', 'pi/28-chapter']);
    const row = lines.find((line) => line.startsWith('pi/27-chapter'))!.split(/\s{2,}/);
    // 12 claims: 4 supported, 2 qualified, 2 contradicted, 2 unverified, 1 stale, 1 review due.
    expect(row.slice(1, 8)).toEqual(['12', '4', '2', '2', '2', '1', '1']);
    // Awaiting review: its 10 leads, the stale claim and the review-due one.
    expect(row[9]).toBe('12');
    expect(row.at(-1)).toMatch(/^2026-11-29 \((current|older revision)\)$/);
    expect(result.stdout.endsWith('\n')).toBe(true);
  });

  it('shows the other chapters while one has errors of its own, names it below, and exits 1; --format json refuses (an outside author\'s finding)', async () => {
    const root = await copyDemoBooks();
    try {
      await editFile(path.join(root, 'content/books/pi/28-chapter.claims.yaml'), 'Compaction never deletes the entries it summarizes;', 'Zebras dance quietly under purple moons;');
      const result = await runCli(['status', '--as-of', '2026-11-29', '--root', root]);
      expect(result.code).toBe(1);
      const lines = result.stdout.split('\n');
      expect(lines.slice(2, 4).map((line) => line.split(/\s{2,}/)[0])).toEqual(['pi/26-chapter', 'pi/27-chapter']);
      expect(result.stdout).toContain('\nSet aside for their errors, not counted above: pi/28-chapter (1 error)\n');
      expect(result.stderr).toMatch(/^warning: chapter pi\/28-chapter is set aside for its errors; [^\n]*\ncontent\/books\/pi\/28-chapter\.claims\.yaml:\d+:\d+  claims\[2\]\.anchor\.quote  [^\n]*\[anchor\/orphan\]\n$/);
      const json = await runCli(['status', '--format', 'json', '--as-of', '2026-11-29', '--root', root]);
      expect(json.code).toBe(1);
      expect(json.stdout).toBe('');
      expect(json.stderr).toContain('content/books has 1 error(s); fix them first');
    } finally {
      await removeProject(root);
    }
  });

  it('prints the report as JSON with --format json', async () => {
    const result = await runCli(['status', '--format', 'json', '--as-of', '2026-11-29', '--site', 'https://books.example.org']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      asOf: string;
      books: Array<{ slug: string; chapters: Array<{ slug: string; claims: { total: number }; lastPass: { date: string; readsCurrentRevision: boolean | null } | null }> }>;
    };
    expect(report.asOf).toBe('2026-11-29');
    expect(report.books.map((book) => book.slug)).toEqual(['pi']);
    const chapters = report.books[0]!.chapters;
    expect(chapters.map((chapter) => chapter.slug)).toEqual(['26-chapter', '27-chapter', '28-chapter']);
    expect(chapters[1]!.claims.total).toBe(12);
    expect(chapters[1]!.lastPass).toMatchObject({ date: '2026-11-29' });
    expect(result.stdout).toContain('https://books.example.org/research/books/pi/27-chapter/');
  });
});
