/**
 * axe-core on every kind of reader-facing page, in both colour schemes (so
 * colour contrast is checked against light and dark): no serious or critical
 * violations, on a chapter page with and without an open popover too.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGES, SCHEMES, VIEWPORTS, launchChromium, openPage, seriousViolations } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES_UNDER_TEST = [
  ['a chapter', PAGES.chapter],
  ['the research pack', PAGES.pack],
  ['the book report', PAGES.bookReport],
  ['the site report', PAGES.report],
] as const;

describe.each(SCHEMES)('axe, %s colour scheme', (colorScheme) => {
  test.each(PAGES_UNDER_TEST)('%s (%s): no serious or critical violations', async (_, path) => {
    const page = await openPage(browser, path, { colorScheme });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  test('a chapter with a popover open: no serious or critical violations', async () => {
    const page = await openPage(browser, PAGES.chapter, { colorScheme });
    // The popover with the most content: a qualified claim with its evidence.
    const marker = page.locator('.rp-claim[data-status="qualified"] > .rp-marker').first();
    await marker.click();
    await expect(page.locator('.rp-popover:popover-open').count()).resolves.toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('axe at the mobile width, where tables and code scroll sideways', () => {
  test.each([
    ['a chapter', PAGES.chapter],
    ['the research pack', PAGES.pack],
  ] as const)('%s (%s): no serious or critical violations', async (_, path) => {
    const page = await openPage(browser, path, { viewport: VIEWPORTS.mobile });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
