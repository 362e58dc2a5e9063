/**
 * What the sources lock says, in Chromium. A fixture book whose sources live
 * on a test web on 127.0.0.1 (`test/helpers/source-server.ts`) is refreshed
 * twice by the real `research-pack sources refresh` (its format page changes
 * in between), built with the real `astro build` and served, by the global
 * setup (`sources-site.ts`): its pack pages and its report show the dead
 * link with its archived copy, the page changed since it was read, the newer
 * arXiv version and the flagged claims. The
 * demo book, which has no lock (this machine has no internet), says "never
 * checked" and nothing else.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, openPage } from './browser.js';

let browser: Browser;
/** The test web's origin, which the fixture book's sources (and so its lock and pages) name. */
const web = { origin: inject('sourcesOrigin') };

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** A page of the fixture site. */
async function open(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const response = await page.goto(new URL(path, inject('sourcesURL')).href);
  if (!response?.ok()) throw new Error(`GET ${path}: HTTP ${response?.status()}`);
  return page;
}

describe('a book with a sources lock', () => {
  test('the pack page shows the dead link with its archived copy, the changed page and the flagged claims', async () => {
    const page = await open('/research/books/web/01-links/');
    const spec = page.locator('#rp-source-spec');
    await expect(spec.locator('[data-check="link"]').textContent()).resolves.toBe('Link: dead since 2026-11-30 (HTTP 404); last checked 2026-12-01');
    const archive = spec.locator('[data-check="archive"] a');
    await expect(archive.getAttribute('href')).resolves.toBe(`${web.origin}/archive/20260108120000/${web.origin}/gone-404`);
    await expect(archive.isVisible()).resolves.toBe(true);
    await expect(spec.locator('[data-check="archive"]').textContent()).resolves.toMatch(/^Archived copy from 2026-01-08: /);
    // No copy was archived near the day the withdrawn note was read: said so, not linked.
    await expect(page.locator('#rp-source-withdrawn [data-check="archive"]').textContent()).resolves.toBe('No archived copy was found near 2026-02-01');

    const format = page.locator('#rp-source-format');
    await expect(format.locator('[data-check="changed"]').textContent()).resolves.toBe(
      'Changed since you read it on 2026-01-10: its content differed between the checks of 2026-11-30 and 2026-12-01',
    );
    await expect(format.locator('[data-check="link"]').textContent()).resolves.toBe('Link: ok; last checked 2026-12-01');
    await expect(page.locator('#rp-source-moved [data-check="link"]').textContent()).resolves.toBe(`Link: redirected to ${web.origin}/ok-final; last checked 2026-12-01`);
    await expect(page.locator('#rp-source-printed [data-check]').count()).resolves.toBe(0);

    await expect(page.locator('#rp-audit-rests-on-dead .rp-source-review').textContent()).resolves.toBe('Flagged for review:');
    await expect(page.locator('#rp-audit-rests-on-dead').textContent()).resolves.toContain('Flagged for review: every source of its validated evidence is dead (spec).');
    await expect(page.locator('#rp-audit-rests-on-changed').textContent()).resolves.toContain('Flagged for review: every source of its validated evidence changed since it was read (format).');
    await expect(page.locator('#rp-audit-rests-on-ok .rp-source-review').count()).resolves.toBe(0);
    await page.context().close();
  });

  test('the pack page shows a newer arXiv version and identifiers nobody knows', async () => {
    const page = await open('/research/books/web/02-papers/');
    await expect(page.locator('#rp-source-react-paper [data-check="arxiv"]').textContent()).resolves.toBe('newer version v3 of 2023-03-10, where the ledger names v1; last checked 2026-12-01');
    await expect(page.locator('#rp-source-react-paper [data-check="arxiv"]').getAttribute('data-state')).resolves.toBe('newer');
    await expect(page.locator('#rp-source-lost-paper [data-check="doi"]').textContent()).resolves.toBe('not found by the DOI resolver since 2026-11-30; last checked 2026-12-01');
    await page.context().close();
  });

  test('the chapter page flags the claim that rests on a dead source, in its marker and its popover', async () => {
    const page = await open('/books/web/01-links/');
    const marker = page.locator('#rp-claim-rests-on-dead .rp-marker');
    await expect(marker.getAttribute('aria-label')).resolves.toBe('Claim, supported, flagged for review: 1 source');
    await expect(marker.locator('.rp-marker-flag').isVisible()).resolves.toBe(true);
    await expect(page.locator('#rp-claim-rests-on-dead').getAttribute('data-source-review')).resolves.toBe('dead');
    await expect(page.locator('#rp-claim-rests-on-dead').getAttribute('data-status')).resolves.toBe('supported');
    await marker.click();
    const popover = page.locator('#rp-claim-rests-on-dead-details');
    await expect(popover.isVisible()).resolves.toBe(true);
    await expect(popover.locator('.rp-note-source-review').textContent()).resolves.toBe('Flagged for review. Every source of its validated evidence is dead.');
    await expect(popover.locator('.rp-row').textContent()).resolves.toContain('link dead since 2026-11-30');
    await expect(popover.locator('.rp-row a', { hasText: 'archived copy' }).getAttribute('href')).resolves.toBe(`${web.origin}/archive/20260108120000/${web.origin}/gone-404`);
    await page.keyboard.press('Escape');

    await expect(page.locator('#rp-claim-rests-on-changed').getAttribute('data-source-review')).resolves.toBe('changed');
    await expect(page.locator('#rp-claim-rests-on-ok').getAttribute('data-source-review')).resolves.toBeNull();
    await expect(page.locator('#rp-claim-rests-on-ok .rp-marker').getAttribute('aria-label')).resolves.toBe('Claim, supported: 1 validated source, 1 lead');
    await expect(page.locator('#rp-claim-rests-on-ok .rp-marker-flag').count()).resolves.toBe(0);
    await page.context().close();
  });

  test('the status report lists every source with its health, and the flagged claims with their reasons', async () => {
    const page = await open('/research/books/web/');
    const sources = page.locator('section[aria-labelledby="rp-report-web-sources"] table');
    const row = (id: string) => sources.locator(`tr:has(a:text-is("${id}"))`);
    await expect(sources.locator('tbody tr').count()).resolves.toBe(16);
    await expect(row('spec').textContent()).resolves.toContain('Link: dead since 2026-11-30 (HTTP 404)');
    await expect(row('spec').locator('a', { hasText: '/archive/20260108120000/' }).getAttribute('href')).resolves.toBe(`${web.origin}/archive/20260108120000/${web.origin}/gone-404`);
    await expect(row('format').textContent()).resolves.toContain('Changed since you read it on 2026-01-10');
    await expect(row('react-paper').textContent()).resolves.toContain('newer version v3 of 2023-03-10');
    await expect(row('home').textContent()).resolves.toContain('Link: ok; last checked 2026-12-01');

    const flagged = page.locator('section[aria-labelledby="rp-report-web-flagged"] tbody tr');
    await expect(flagged.evaluateAll((rows) => rows.map((tr) => [tr.querySelector('th')!.textContent, tr.children[3]!.textContent, tr.children[4]!.textContent]))).resolves.toEqual([
      ['rests-on-dead', 'Every source of its validated evidence is dead.', 'spec (dead)'],
      ['rests-on-changed', 'Every source of its validated evidence changed since it was read.', 'format (changed)'],
    ]);
    await expect(page.locator('.rp-report-sources').textContent()).resolves.toMatch(/^16 sources, as the book's sources lock records them: links 7 ok, 1 redirected, 3 unreachable; 4 dead, 1 changed since you read it, 1 with a newer version;/);
    await page.context().close();
  });
});

describe('the demo book, which has no sources lock', () => {
  test('says "never checked" where link health would be shown, and states nothing else about its sources', async () => {
    const page = await openPage(browser, '/research/books/pi/27-chapter/');
    const states = await page.locator('.rp-source-check').evaluateAll((spans) => spans.map((span) => `${(span as HTMLElement).dataset.state} ${span.textContent}`));
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states.map((state) => state.replace(/^unchecked (Link: )?/, '')))).toEqual(new Set(['never checked']));
    await page.context().close();

    const report = await openPage(browser, '/research/books/pi/');
    await expect(report.locator('.rp-report-sources').textContent()).resolves.toMatch(/^Never checked: this book has no sources lock/);
    await expect(report.locator('section[aria-labelledby="rp-report-pi-flagged"]').count()).resolves.toBe(0);
    await report.context().close();
  });
});
