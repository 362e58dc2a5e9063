/**
 * Where a popover opens, on the plain demo and on Starlight, at desktop and
 * mobile widths: next to its marker, below it and never over the claim it
 * explains where the viewport has room below the marker; for a marker on the
 * viewport's last lines, above it, whole in the viewport (not below its
 * edge, where a reader takes the marker for broken) and clear of the
 * marker's own line. Screenshots go to test-results/e2e/placement-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGES, STARLIGHT_PAGES, VIEWPORTS, launchChromium, openPage, openStarlightPage, screenshotPath } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Open the marker of claim `index` with the marker at `at` (0 top, 1 bottom) of the viewport; return the geometry. */
async function openAt(page: Page, index: number, at: number): Promise<{ claim: Box[]; marker: Box; popover: Box; viewport: number }> {
  const marker = page.locator('.rp-claim > .rp-marker').nth(index);
  await marker.evaluate((element, where) => {
    const box = element.getBoundingClientRect();
    window.scrollBy(0, box.top - where * (window.innerHeight - box.height));
  }, at);
  await marker.focus({ preventScroll: true } as never);
  await page.keyboard.press('Enter');
  await expect(page.locator('.rp-popover:popover-open').count()).resolves.toBe(1);
  return page.evaluate((i) => {
    const rect = ({ left, top, right, bottom }: DOMRect) => ({ left, top, right, bottom });
    const button = document.querySelectorAll('.rp-claim > .rp-marker')[i]!;
    const claim = button.closest('.rp-claim')!;
    // The claim's own text: its line boxes, without the marker.
    const range = document.createRange();
    range.setStartBefore(claim.firstChild!);
    range.setEndBefore(button);
    return {
      claim: [...range.getClientRects()].filter((box) => box.width > 0).map(rect),
      marker: rect(button.getBoundingClientRect()),
      popover: rect(document.querySelector('.rp-popover:popover-open')!.getBoundingClientRect()),
      viewport: window.innerHeight,
    };
  }, index);
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

const SITES = [
  ['demo', (b: Browser, viewport: keyof typeof VIEWPORTS) => openPage(b, PAGES.chapters[1]!, { viewport: VIEWPORTS[viewport] })],
  ['starlight', (b: Browser, viewport: keyof typeof VIEWPORTS) => openStarlightPage(b, STARLIGHT_PAGES.chapters[1], { viewport: VIEWPORTS[viewport] })],
] as const;

describe.each(SITES)('%s', (site, open) => {
  test.each(['desktop', 'mobile'] as const)('%s: a popover opens below its marker and never covers its claim', async (viewport) => {
    const page = await open(browser, viewport);
    const count = await page.locator('.rp-claim > .rp-marker').count();
    for (const [index, at] of [[1, 0.3], [count - 1, 0.55]] as const) {
      const { claim, marker, popover } = await openAt(page, index, at);
      expect(popover.top, `claim ${index}`).toBeGreaterThanOrEqual(marker.bottom - 1);
      expect(Math.abs(popover.top - marker.bottom), `claim ${index}: next to its marker`).toBeLessThan(24);
      for (const line of claim) expect(overlaps(popover, line), `claim ${index} covered`).toBe(false);
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });

  test.each(['desktop', 'mobile'] as const)('%s: a popover for a marker on the last lines of the viewport opens above it, in view', async (viewport) => {
    const page = await open(browser, viewport);
    for (const index of [2, 4]) {
      const { claim, marker, popover, viewport: height } = await openAt(page, index, 0.97);
      if (index === 4) await page.screenshot({ path: screenshotPath(`placement-${site}-${viewport}-near-bottom`) });
      expect(marker.bottom, `claim ${index}: its marker is on the viewport's last lines`).toBeGreaterThan(height - 60);
      expect(popover.top, `claim ${index}: in view`).toBeGreaterThanOrEqual(0);
      expect(popover.bottom, `claim ${index}: in view`).toBeLessThanOrEqual(height);
      expect(popover.bottom, `claim ${index}: above its marker`).toBeLessThanOrEqual(marker.top + 1);
      expect(marker.top - popover.bottom, `claim ${index}: next to its marker`).toBeLessThan(24);
      // The marker's own line (the claim's text on it) stays clear.
      const last = claim.filter((line) => line.bottom > marker.top);
      for (const line of last) expect(overlaps(popover, line), `claim ${index}: the marker's line covered`).toBe(false);
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });
});
