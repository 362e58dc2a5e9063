/**
 * Screenshots at desktop and mobile widths, light and dark, for people to
 * look at (test-results/e2e/, gitignored), and the layout checks a screenshot
 * would show: nothing makes the page scroll sideways, and an open popover
 * fits the viewport.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGES, SCHEMES, VIEWPORTS, launchChromium, openPage, screenshotPath } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const CASES = (Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>).flatMap((viewport) => SCHEMES.map((scheme) => [viewport, scheme] as const));

/**
 * A screenshot, taken again once when Chromium answers "Unable to capture
 * screenshot" (a compositor frame not ready: it failed once in a clean CI
 * run right after `emulateMedia`, and passed on every run after).
 */
async function capture(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  try {
    await page.screenshot(options);
  } catch (error) {
    if (!/Unable to capture screenshot/.test(String(error))) throw error;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot(options);
  }
}

/** How far the page scrolls sideways (0 when nothing overflows the viewport). */
async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe.each(CASES)('%s, %s', (viewport, colorScheme) => {
  const options = { viewport: VIEWPORTS[viewport], colorScheme };

  test('a chapter with an open popover', async () => {
    const page = await openPage(browser, PAGES.chapter, options);
    const scroll = await sidewaysScroll(page);
    const marker = page.locator('.rp-claim[data-status="qualified"] > .rp-marker').first();
    await marker.scrollIntoViewIfNeeded();
    await marker.click();
    const popover = page.locator('.rp-popover:popover-open');
    await expect(popover.count()).resolves.toBe(1);
    await capture(page, { path: screenshotPath(`chapter-popover-${viewport}-${colorScheme}`) });
    expect(scroll).toBe(0);
    const box = (await popover.boundingBox())!;
    const { width, height } = VIEWPORTS[viewport];
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    await page.context().close();
  });

  test.each([
    ['pack', PAGES.pack],
    ['book-report', PAGES.bookReport],
    ['report', PAGES.report],
  ])('%s', async (name, path) => {
    const page = await openPage(browser, path, options);
    await capture(page, { path: screenshotPath(`${name}-${viewport}-${colorScheme}`), fullPage: true });
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });
});

test('a chapter printed (print media), for people to look at', async () => {
  const page = await openPage(browser, PAGES.chapter);
  await page.emulateMedia({ media: 'print' });
  // The page laid out again for print before it is captured.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await capture(page, { path: screenshotPath('chapter-print'), fullPage: true });
  await page.context().close();
});
